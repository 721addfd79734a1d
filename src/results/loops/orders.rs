//! What cycled piles change: the exact law for the board file's order of the piles, and its
//! mean over random starting orders (each order's law exact, the orders a seeded sample), with
//! a 95 % interval, square by square, against the law with independent draws. The mean over
//! every order could be had exactly only over 16!^2 orders; the sample says how far its mean
//! can be trusted.

use rayon::prelude::*;
use serde::Serialize;
use statrs::distribution::{ContinuousCDF, StudentsT};

use super::long_run::{by_square, chain, landings};
use crate::budget::Budget;
use crate::error::{Error, Result};
use crate::games::loop_game::LoopGame;
use crate::solve::stationary;
use crate::stats::ZScore;

/// One square under cycled piles.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct OrderSquare {
    /// The square's number, GO = 0.
    pub square: usize,
    /// Its name.
    pub name: String,
    /// Its share of rolls with independent draws.
    pub independent: f64,
    /// Its share of rolls with the piles cycled in the board file's order, exactly.
    pub file_order: f64,
    /// Its mean share over the random orders.
    pub mean: f64,
    /// The 95 % interval of that mean (Student's t over the orders).
    pub mean_ci95: [f64; 2],
    /// The smallest and largest share over the orders.
    pub range: [f64; 2],
    /// mean - independent, as a z over the mean's standard error.
    pub z: ZScore,
}

/// The cycled piles' law, for the file's order and over random orders.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct OrderSurvey {
    /// The jail policy.
    pub jail: String,
    /// States of the chain with the piles' positions in it.
    pub states: usize,
    /// Random orders solved.
    pub orders: usize,
    /// Their seed.
    pub seed: u64,
    /// The largest residual max |pi P - pi| of the solves.
    pub residual: f64,
    /// Squares in board order.
    pub squares: Vec<OrderSquare>,
}

/// The law by square of `game` (cycled piles), and the residual.
fn law<G: LoopGame>(game: &G, budget: &Budget) -> Result<(Vec<f64>, usize, f64)> {
    let chain = chain(game, budget)?;
    let landing = landings(game, &chain);
    let st = stationary::stationary(&chain, false, &|_| true).map_err(|e| {
        Error::from(crate::input::error::UserError::Board {
            board: game.name().to_string(),
            message: e.to_string(),
        })
    })?;
    Ok((
        by_square(&landing, &st.law, game.squares()),
        chain.len(),
        st.residual,
    ))
}

/// The survey of `orders` random orders (seeded by `seed`) of `game`'s piles, with
/// `independent` its law by square with independent draws.
pub fn survey<G: LoopGame>(
    game: &G,
    independent: &[f64],
    orders: usize,
    seed: u64,
    budget: &Budget,
) -> Result<OrderSurvey> {
    let started = crate::budget::clock::Instant::now();
    let (file_order, states, residual) = law(game, budget)?;
    let one = started.elapsed().as_secs_f64();
    let threads = rayon::current_num_threads().max(1) as f64;
    budget.time(
        &format!("the law of {orders} random orders of the piles"),
        one * orders as f64 / threads.min(orders as f64).max(1.0),
        "ask for fewer with --orders",
    )?;
    let boards: Vec<G> = (0..orders)
        .map(|i| {
            let mut rng = crate::sim::chunk_rng(seed, i as u64);
            game.shuffled(&mut rng)
        })
        .collect();
    let laws: Vec<(Vec<f64>, usize, f64)> = boards
        .par_iter()
        .map(|b| law(b, &Budget::unlimited()))
        .collect::<Result<_>>()?;
    let k = orders as f64;
    let t = if orders >= 2 {
        StudentsT::new(0.0, 1.0, k - 1.0)
            .map(|d| d.inverse_cdf(0.975))
            .unwrap_or(crate::stats::Z95)
    } else {
        f64::INFINITY
    };
    let squares = (0..game.squares())
        .map(|s| {
            let xs: Vec<f64> = laws.iter().map(|(l, _, _)| l[s]).collect();
            let mean = xs.iter().sum::<f64>() / k;
            let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (k - 1.0).max(1.0);
            let se = (var / k).sqrt();
            OrderSquare {
                square: s,
                name: game.square_name(s).to_string(),
                independent: independent[s],
                file_order: file_order[s],
                mean,
                mean_ci95: [mean - t * se, mean + t * se],
                range: [
                    xs.iter().copied().fold(f64::INFINITY, f64::min),
                    xs.iter().copied().fold(f64::NEG_INFINITY, f64::max),
                ],
                z: ZScore::of(mean - independent[s], se),
            }
        })
        .collect();
    Ok(OrderSurvey {
        jail: game.rules_json()["jail"].as_str().unwrap_or("").to_string(),
        states,
        orders,
        seed,
        residual: laws.iter().map(|l| l.2).fold(residual, f64::max),
        squares,
    })
}

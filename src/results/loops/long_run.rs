//! The long run of one board (one rule set): the chain built, its stationary law by square,
//! per roll and per turn, ranked, with the rent it brings and how fast it is reached.

use serde::Serialize;

use crate::budget::Budget;
use crate::chain::LoopChain;
use crate::error::{Error, Result};
use crate::games::loop_game::LoopGame;
use crate::solve::stationary::passage::{distances, Landing};
use crate::solve::stationary::{self, eigenvalue_moduli, Method, EXACT_STATES};
use crate::solve::vocabulary::Exact;

/// Rolls after which the distance to the long run is given.
pub const DISTANCE_ROLLS: [u32; 7] = [1, 2, 5, 10, 20, 50, 100];

/// One square's share of the long run.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct SquareShare {
    /// The square's number, GO = 0.
    pub square: usize,
    /// Its name.
    pub name: String,
    /// What it is.
    pub kind: String,
    /// The share of rolls counted on it (the stationary law of where a roll leaves the token).
    pub per_roll: f64,
    /// `per_roll` exactly, when computed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub per_roll_exact: Option<Exact>,
    /// Expected landings on it per turn: per_roll x rolls per turn.
    pub per_turn: f64,
}

/// The rent a property (or a colour group) brings per turn of one opponent, at each level of
/// its rent table.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Rent {
    /// The property's or group's name.
    pub name: String,
    /// Expected rent per opponent turn, at each level (unimproved, 1 to 4 houses, a hotel).
    pub per_turn: Vec<f64>,
}

/// The distance to the long run after some rolls.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Distance {
    /// Rolls from the start.
    pub rolls: u32,
    /// Total variation distance between the law of the square after them and the long run's.
    pub distance: f64,
}

/// The long run under one rule set.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct LongRun {
    /// The jail policy (the `jail` rule's value).
    pub jail: String,
    /// How the cards are drawn, in words.
    pub cards: String,
    /// States of the chain (one roll a step).
    pub states: usize,
    /// States of its closed class.
    pub recurrent: usize,
    /// How the law was computed.
    pub method: Method,
    /// max |pi P - pi| from the integer counts.
    pub residual: f64,
    /// Expected rolls per turn in the long run.
    pub rolls_per_turn: f64,
    /// The share of rolls that leave the token held in jail.
    pub held_back: f64,
    /// The squares, most landed on first.
    pub squares: Vec<SquareShare>,
    /// Why the exact fractions are absent, when they are.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact_left_out: Option<String>,
    /// The modulus of the second largest eigenvalue of P: the distance to the long run shrinks
    /// about this much a roll.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub second_eigenvalue: Option<f64>,
    /// The distance to the long run from the start, after some rolls.
    pub distance: Vec<Distance>,
    /// Each property's rent per turn, board order.
    pub property_rent: Vec<Rent>,
    /// Each colour group's rent per turn (its properties' summed).
    pub group_rent: Vec<Rent>,
}

/// What each state is to the landing questions.
pub fn landings<G: LoopGame>(game: &G, chain: &LoopChain<G::State>) -> Vec<Landing> {
    chain
        .states
        .iter()
        .map(|s| Landing {
            square: game.counted(s),
            ends_turn: game.ends_turn(s),
        })
        .collect()
}

/// The chain of `game`, built within `budget`.
pub fn chain<G: LoopGame>(game: &G, budget: &Budget) -> Result<LoopChain<G::State>> {
    let probe = budget.probe(
        "building the chain",
        "use independent card draws (--cards independent)",
    );
    LoopChain::build(game, 100_000, &probe).map_err(|e| match e {
        crate::chain::LoopChainError::OverBudget(o) => Error::from(o),
        other => Error::from(crate::input::error::UserError::Board {
            board: game.name().to_string(),
            message: other.to_string(),
        }),
    })
}

/// The law of each square per roll (the stationary law summed by counted square).
pub fn by_square(landing: &[Landing], law: &[f64], squares: usize) -> Vec<f64> {
    let mut out = vec![0.0; squares];
    for (l, p) in landing.iter().zip(law) {
        out[l.square] += p;
    }
    out
}

/// The long run of `game`; with `exact`, the fractions too (on chains of up to
/// [`EXACT_STATES`] states).
pub fn long_run<G: LoopGame>(game: &G, exact: bool, budget: &Budget) -> Result<LongRun> {
    let chain = chain(game, budget)?;
    let landing = landings(game, &chain);
    let exact_fits = chain.len() <= EXACT_STATES;
    let probe = budget.probe("the exact law as fractions", "leave out --exact");
    let stopped = std::cell::Cell::new(false);
    let watch = |fraction: f64| match probe.check(fraction, 1.0) {
        Ok(()) => true,
        Err(_) => {
            stopped.set(true);
            false
        }
    };
    let st = stationary::stationary(&chain, exact && exact_fits, &watch).map_err(|e| {
        Error::from(crate::input::error::UserError::Board {
            board: game.name().to_string(),
            message: e.to_string(),
        })
    })?;
    probe.finish();
    let n = game.squares();
    let per_roll = by_square(&landing, &st.law, n);
    let exact_squares = st.exact.as_ref().map(|e| {
        let mut out = vec![num_rational::BigRational::from_integer(0.into()); n];
        for (l, p) in landing.iter().zip(e) {
            out[l.square] += p;
        }
        out
    });
    let turn_ends: f64 = landing
        .iter()
        .zip(&st.law)
        .filter(|(l, _)| l.ends_turn)
        .map(|(_, p)| p)
        .sum();
    let rolls_per_turn = 1.0 / turn_ends;
    let held_back = chain
        .states
        .iter()
        .zip(&st.law)
        .filter(|(s, _)| game.held_back(s))
        .map(|(_, p)| p)
        .sum();
    let mut squares: Vec<SquareShare> = (0..n)
        .map(|i| SquareShare {
            square: i,
            name: game.square_name(i).to_string(),
            kind: game.square_kind(i).to_string(),
            per_roll: per_roll[i],
            per_roll_exact: exact_squares.as_ref().map(|e| Exact::from(&e[i])),
            per_turn: per_roll[i] * rolls_per_turn,
        })
        .collect();
    let (property_rent, group_rent) = rents(game, &squares);
    squares.sort_by(|a, b| {
        b.per_roll
            .total_cmp(&a.per_roll)
            .then(a.square.cmp(&b.square))
    });
    let exact_left_out = match (exact, st.exact.is_some()) {
        (false, _) => Some("not asked for: --exact computes the fractions".to_string()),
        (true, true) => None,
        (true, false) if !exact_fits => Some(format!(
            "the chain has {} states, over the {EXACT_STATES} where the fractions are cheap",
            chain.len()
        )),
        (true, false) if stopped.get() => {
            Some("stopped: they would not fit the budget".to_string())
        }
        (true, false) => Some("the elimination met a zero pivot".to_string()),
    };
    let moduli = eigenvalue_moduli(&chain);
    Ok(LongRun {
        jail: game.rules_json()["jail"].as_str().unwrap_or("").to_string(),
        cards: game.cards_words(),
        states: chain.len(),
        recurrent: st.recurrent,
        method: st.method,
        residual: st.residual,
        rolls_per_turn,
        held_back,
        squares,
        exact_left_out,
        second_eigenvalue: moduli.and_then(|m| m.get(1).copied()),
        distance: distances(&chain, &landing, n, &st.law, &DISTANCE_ROLLS)
            .into_iter()
            .map(|(rolls, distance)| Distance { rolls, distance })
            .collect(),
        property_rent,
        group_rent,
    })
}

/// The rent per turn of each property and each group, from the landings per turn.
fn rents<G: LoopGame>(game: &G, squares: &[SquareShare]) -> (Vec<Rent>, Vec<Rent>) {
    let mut properties = Vec::new();
    let mut groups: Vec<Rent> = Vec::new();
    for s in squares {
        let Some(table) = game.rent(s.square) else {
            continue;
        };
        let per_turn: Vec<f64> = table.iter().map(|r| *r as f64 * s.per_turn).collect();
        if let Some(g) = game.group(s.square) {
            match groups.iter_mut().find(|r| r.name == g) {
                Some(r) => r
                    .per_turn
                    .iter_mut()
                    .zip(&per_turn)
                    .for_each(|(a, b)| *a += b),
                None => groups.push(Rent {
                    name: g.to_string(),
                    per_turn: per_turn.clone(),
                }),
            }
        }
        properties.push(Rent {
            name: s.name.clone(),
            per_turn,
        });
    }
    (properties, groups)
}

//! The distributions of a policy game's hypotheses: one player alone exactly (its chain),
//! several players from simulated games smoothed by a kernel ([`smoothed`]), whose shape the
//! simulated model borrows where its games run out.

use crate::budget::clock::Instant;
use std::sync::Arc;

use crate::budget::{Budget, OverBudget};
use crate::games::policy_game::PolicyGame;
use crate::input::number::probability;
use crate::sim::policies::Summary;
use crate::solve::chances::home::NeverHome;

use super::super::model::{LengthModelError, NORMALISATION_TOLERANCE};
use super::super::LengthModel;
use super::{EXACT_TAIL, MAX_STATES, MAX_TURNS};

/// Why the exact model of one player alone was not made.
#[derive(Debug)]
pub enum ExactRefused {
    /// Its chain would not fit the budget or the memory.
    Budget(OverBudget),
    /// Not every game reaches home (none can, or the cap or a dead end takes more than
    /// a rounding's share): there is no distribution of game lengths. Why, in words.
    NotEveryGame(String),
}

/// The exact distribution of one player alone with `policy`: the chain's pmf and its
/// survival, pushed until less than [`crate::check::EXACT_TAIL`] is left and at least to `longest`, the
/// chain built within `budget`.
pub fn exact_model<G: PolicyGame>(
    board: &G,
    policy: &G::Policy,
    cap: u32,
    longest: usize,
    budget: &Budget,
) -> Result<LengthModel, ExactRefused> {
    let chain =
        crate::solve::chances::cost::build_within(&board.alone(policy), cap, MAX_STATES, budget)
            .map_err(ExactRefused::Budget)?;
    let l = crate::solve::chances::lengths_until(&chain, EXACT_TAIL, longest, exact_turns(longest));
    let cut: f64 = l.cut.iter().sum();
    let name = G::policy_name(policy);
    if let Some(never) = NeverHome::of(&chain, cut, l.stuck) {
        return Err(ExactRefused::NotEveryGame(format!(
            "no game can reach home with policy {name}: {}; there is no distribution of game lengths to check against",
            never.words(name)
        )));
    }
    let lost = cut + l.stuck;
    LengthModel::exact(l.home, l.survival).map_err(|e| {
        ExactRefused::NotEveryGame(if lost > NORMALISATION_TOLERANCE {
            format!(
                "{} of the games of policy {name} do not reach home in the chain ({} pass the {} of {cap}, where the chain stops following them; {} get stuck), and a distribution of game lengths to check against ends every game at home; a larger {} follows more of them",
                probability(lost),
                probability(cut),
                chain.words.name,
                probability(l.stuck),
                chain.words.flag
            )
        } else {
            e.to_string()
        })
    })
}

/// How far an exact distribution is pushed at most for a sample whose longest game is
/// `longest` turns: twice that and 100 turns more. Every length of the sample is then exact;
/// past the last turn computed, a chain whose tail is still heavier than [`crate::check::EXACT_TAIL`] there
/// (rules under which games can drag on for thousands of turns) is continued by its
/// geometric tail ([`LengthModel`]), as every exact reference is past its last turn.
pub fn exact_turns(longest: usize) -> usize {
    2 * longest + 100
}

/// The distribution of `games` simulated games, of those that end within `stop` turns
/// ([`model_of`]), smoothed by [`smoothed`].
pub fn simulated_model<G: PolicyGame>(
    board: &G,
    policies: &[&G::Policy],
    games: u64,
    seed: u64,
    stop: u32,
) -> Result<LengthModel, LengthModelError> {
    let s = crate::sim::policies::simulate(&board.table(policies), games, seed, stop);
    model_of(&s, stop)
}

/// The distribution of the simulated games `s` that ended within `stop` turns (see
/// [`simulated_model`]). A game still playing at `stop`, four times the sample's longest game,
/// is one whose length no program writes (it never ends, or its program stopped it and left it
/// out), so the reference is of the games that end, as the sample is: under Wiener's rules
/// about one game of two Novices in 500 never ends (both stuck with no square to move to), and
/// counting those games at `stop` would move the reference's mean by two turns and reject a
/// right program. When no simulated game ended, they all count at `stop`, one turn longer.
pub fn model_of(s: &Summary, stop: u32) -> Result<LengthModel, LengthModelError> {
    let histogram = if s.finished() > 0 {
        s.lengths.clone()
    } else {
        crate::stats::with_cut(&s.lengths, s.unfinished, stop as usize)
    };
    let prior = Arc::new(smoothed(&histogram, &s.lengths)?);
    Ok(LengthModel::simulated(histogram, prior))
}

/// A simulated histogram smoothed into a distribution with every length from 1 on possible: a
/// Laplace kernel, P(T = t) proportional to sum_u c_u exp(-|t - u| / h) with h a quarter of
/// the standard deviation of the games that `finished` (at least 1), whose tails fall
/// geometrically by exp(-1/h) a turn. It is the prior a simulated model borrows its shape from
/// where the simulation is thin ([`LengthModel::simulated`]); no chain gives one for several
/// interacting players. The games stopped at the turn limit (the histogram's last bin, past
/// every finished length) keep their mass but do not set h: a rule set under which one game in
/// 500 never ends would otherwise widen the kernel to hundreds of turns and flatten the prior.
pub fn smoothed(histogram: &[u64], finished: &[u64]) -> Result<LengthModel, LengthModelError> {
    let n: f64 = finished.iter().sum::<u64>() as f64;
    let (m1, m2) = finished
        .iter()
        .enumerate()
        .fold((0.0, 0.0), |(a, b), (t, &c)| {
            (a + t as f64 * c as f64, b + (t * t) as f64 * c as f64)
        });
    let mean = m1 / n.max(1.0);
    let sd = (m2 / n.max(1.0) - mean * mean).max(0.0).sqrt();
    let h = (sd / 4.0).max(1.0);
    let r = (-1.0 / h).exp();
    let longest = histogram.len().saturating_sub(1);
    let last = longest + (40.0 * h).ceil() as usize;
    // sum_u c_u r^|t - u| in two sweeps: from the left, l_t = c_t + r l_(t-1); from the
    // right, q_t = c_t + r q_(t+1); the sum is l_t + q_t - c_t.
    let count = |t: usize| histogram.get(t).copied().unwrap_or(0) as f64;
    let mut pmf = vec![0.0; last + 1];
    let mut from_left = 0.0;
    for (t, p) in pmf.iter_mut().enumerate() {
        from_left = count(t) + r * from_left;
        *p = from_left;
    }
    let mut from_right = 0.0;
    for t in (0..=last).rev() {
        from_right = count(t) + r * from_right;
        pmf[t] += from_right - count(t);
    }
    pmf[0] = 0.0;
    // Beyond `last` the kernel falls by r a turn: the rest of the mass is pmf[last] r / (1 - r).
    let beyond = pmf[last] * r / (1.0 - r);
    let total: f64 = pmf.iter().sum::<f64>() + beyond;
    let mut survival = vec![0.0; last + 1];
    let mut above = beyond;
    for t in (0..=last).rev() {
        survival[t] = above / total;
        above += pmf[t];
    }
    for p in &mut pmf {
        *p /= total;
    }
    LengthModel::exact(pmf, survival)
}

/// Seconds one game of `policies` on `board` takes, measured on a few games (at least 20 ms of
/// them).
pub fn seconds_per_game<G: PolicyGame>(board: &G, policies: &[&G::Policy], seed: u64) -> f64 {
    let started = Instant::now();
    let mut games = 0u64;
    let mut rng = crate::sim::chunk_rng(seed ^ 0x9e37_79b9, 0);
    while games < 20 || started.elapsed().as_secs_f64() < 0.02 && games < 10_000 {
        crate::sim::policies::play_game(
            &board.table(policies),
            &mut rng,
            MAX_TURNS,
            &mut |_, _, _| {},
        );
        games += 1;
    }
    started.elapsed().as_secs_f64() / games as f64
}

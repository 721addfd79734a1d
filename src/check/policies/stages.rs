//! The stages of a policy game's search: which distinct games go on to more games
//! ([`screen`]), their simulation ([`simulate_stage`]) and the exact chains of one player
//! alone ([`solve_exact`]), each within the budget.

use crate::budget::clock::Instant;
use std::collections::HashMap;
use std::sync::Arc;

use rayon::prelude::*;

use crate::budget::OverBudget;

use super::super::model::LengthModelError;
use super::super::set::{self, Sample};
use super::super::{LengthModel, PAIRED_SHARE, SCREEN_NATS};
use super::models::{exact_model, seconds_per_game, simulated_model};
use super::{Best, Distinct, Settings};
use crate::games::policy_game::PolicyGame;

/// The distinct games worth the next stage: not rejected by the paired test the set uses (at
/// the set's level, with each model's noise, Bonferroni over these and the other games'
/// distinct distributions) against the best of these and `others` (the other games' best),
/// nor more than [`SCREEN_NATS`] per game below it, best first, at most `cap`.
pub(super) fn screen<G: PolicyGame>(
    distinct: &[Distinct<G>],
    sample: &Sample,
    alpha: f64,
    others: Option<&Best>,
    cap: usize,
) -> Vec<usize> {
    let scored: Vec<(usize, set::Scored)> = distinct
        .iter()
        .enumerate()
        .filter_map(|(i, d)| d.model.as_ref().map(|(m, _)| (i, set::score(sample, m))))
        .collect();
    let own = scored
        .iter()
        .map(|(_, s)| s)
        .max_by(|a, b| a.log_likelihood.total_cmp(&b.log_likelihood));
    let best = match (own, others) {
        (Some(o), Some(b)) if b.scored.log_likelihood > o.log_likelihood => &b.scored,
        (Some(o), _) => o,
        (None, _) => return Vec::new(),
    };
    let m = scored.len() + others.map_or(0, |b| b.distinct);
    let z = set::critical_z(alpha * PAIRED_SHARE, m);
    let n = sample.games as f64;
    let mut keep: Vec<(usize, f64)> = scored
        .iter()
        .filter(|(_, s)| {
            let (d, se) = set::compare(sample, best, s);
            d <= z * se + SCREEN_NATS * n
        })
        .map(|(i, s)| (*i, s.log_likelihood))
        .collect();
    keep.sort_by(|a, b| b.1.total_cmp(&a.1));
    keep.truncate(cap);
    keep.into_iter().map(|(i, _)| i).collect()
}

/// The pace of the simulations so far, measured as they run (on a busy machine too): wall
/// seconds per simulated turn, all threads together.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Pace {
    seconds_per_turn: Option<f64>,
}

/// A later stage runs only when its estimate, times this, leaves [`RESERVE`] of the budget
/// (estimates made from the stage before are within about 1.5 of the time taken, measured on a
/// machine at load 3 and 8).
pub const MARGIN: f64 = 2.0;

/// Seconds a later stage leaves for the ranking and the answer.
pub const RESERVE: f64 = 2.0;

/// What became of a stage.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Stage {
    /// Simulated (or nothing to do).
    Done,
    /// Left out for the budget, with why and what would allow it.
    LeftOut(String),
}

/// The simulation of one stage: `games` games of each of `which`.
pub(super) struct StageRun {
    pub(super) which: Vec<usize>,
    pub(super) games: u64,
    pub(super) stop: u32,
    /// Whether the search can do without it (a later stage: the hypotheses keep their models
    /// of the stage before); the first stage is refused with the budget's error instead.
    pub(super) optional: bool,
}

/// Simulates a stage within the budget. Its time is estimated from the pace of the stages
/// before (each hypothesis's games as long as its last model's mean), or for the first from a
/// few games timed now; a later stage that would not leave [`RESERVE`] of the budget with its
/// estimate taken [`MARGIN`] times is left out, and said so.
pub(super) fn simulate_stage<G: PolicyGame>(
    distinct: &mut [Distinct<G>],
    run: &StageRun,
    pace: &mut Pace,
    settings: &Settings,
    fix: &str,
    progress: &(dyn Fn(usize) + Sync),
) -> Result<Stage, OverBudget> {
    let (which, games) = (&run.which, run.games);
    if which.is_empty() {
        return Ok(Stage::Done);
    }
    let mean = |d: &Distinct<G>| d.model.as_ref().map_or(0.0, |(m, _)| m.moments().0);
    let turns: f64 = which
        .iter()
        .map(|&i| games as f64 * mean(&distinct[i]))
        .sum();
    let seconds = match pace.seconds_per_turn {
        Some(per) if turns > 0.0 => per * turns,
        _ => {
            // Games last about as long for the same policies and players: one timing each.
            let mut rate: HashMap<Vec<String>, f64> = HashMap::new();
            let mut seconds = 0.0;
            for &i in which {
                let d = &distinct[i];
                let per = *rate.entry(d.policies.clone()).or_insert_with(|| {
                    seconds_per_game(&d.board, &d.seat_policies(), settings.seed)
                });
                seconds += per * games as f64;
            }
            seconds / rayon::current_num_threads().max(1) as f64
        }
    };
    // Counts as large as a u64 allow: the total is written from a float, never overflowed.
    let what = format!(
        "simulating {} {} games of {} distinct hypotheses ({} each)",
        crate::input::number::approx_count(games as f64 * which.len() as f64),
        G::TITLE,
        which.len(),
        crate::input::number::count(games)
    );
    let left = settings.budget.left();
    // A stage no budget could hold is not left out but refused below, naming the request.
    let within_any = settings.budget.allowing(seconds * MARGIN + RESERVE) < 1_000_000_000;
    if run.optional && within_any && seconds * MARGIN + RESERVE > left {
        let needed = settings.budget.allowing(seconds * MARGIN + RESERVE);
        return Ok(Stage::LeftOut(format!(
            "{} games each for the best {}: not simulated, since that would take about {} and {} of the budget was left; run with --budget {needed} to include it",
            crate::input::number::count(games),
            which.len(),
            crate::budget::duration(seconds),
            crate::budget::duration(left)
        )));
    }
    match settings.budget.time(&what, seconds, fix) {
        // Work booked earlier and not yet done can still leave a later stage no room.
        Err(e) if run.optional && !e.beyond_any_budget => {
            return Ok(Stage::LeftOut(format!(
                "{} games each for the best {}: not simulated, since {e}",
                crate::input::number::count(games),
                which.len()
            )))
        }
        other => other?,
    }
    let started = Instant::now();
    let models: Vec<(usize, Result<LengthModel, LengthModelError>)> = which
        .par_iter()
        .map(|&i| {
            let d = &distinct[i];
            let model =
                simulated_model(&d.board, &d.seat_policies(), games, settings.seed, run.stop);
            progress(i);
            (i, model)
        })
        .collect();
    // A simulation always gives a distribution (at least one game); one that did not would
    // keep its earlier stage's model.
    for (i, model) in models {
        if let Ok(model) = model {
            distinct[i].model = Some((Arc::new(model), games));
        }
    }
    let done: f64 = which
        .iter()
        .map(|&i| games as f64 * mean(&distinct[i]))
        .sum();
    if done > 0.0 {
        pace.seconds_per_turn = Some(started.elapsed().as_secs_f64() / done);
    }
    Ok(Stage::Done)
}

/// Solves one player alone exactly for each of `which`, within the budget (the first chain is
/// timed and the rest estimated from it); returns how many were solved, and why the rest were
/// not when the budget left them out (they keep their simulated models).
pub(super) fn solve_exact<G: PolicyGame>(
    distinct: &mut [Distinct<G>],
    which: &[usize],
    cap: u32,
    longest: usize,
    settings: &Settings,
    progress: &(dyn Fn(usize) + Sync),
) -> (usize, Option<String>) {
    let mut seconds_each: Option<f64> = None;
    let mut solved = 0;
    for (done, &i) in which.iter().enumerate() {
        if let Some(each) = seconds_each {
            let rest = each * (which.len() - done) as f64;
            let left = settings.budget.left();
            if rest * MARGIN + RESERVE > left {
                let needed = settings.budget.allowing(rest * MARGIN + RESERVE);
                return (
                    solved,
                    Some(format!(
                        "the exact chains of {} more hypotheses of one player: not solved, since that would take about {} and {} of the budget was left; run with --budget {needed} to include them",
                        which.len() - done,
                        crate::budget::duration(rest),
                        crate::budget::duration(left)
                    )),
                );
            }
        }
        let started = Instant::now();
        let d = &distinct[i];
        let policy = d.seat_policies()[0];
        // A chain past the state limit or the budget, or whose games do not all reach home,
        // keeps its simulated model.
        if let Ok(model) = exact_model(&d.board, policy, cap, longest, &settings.budget) {
            distinct[i].model = Some((Arc::new(model), 0));
            solved += 1;
        }
        progress(i);
        seconds_each.get_or_insert(started.elapsed().as_secs_f64());
    }
    (solved, None)
}

//! What `check`'s search costs, estimated before it starts (see [`crate::budget`]): every
//! board it searches under every rule set, as given to [`super::search`], each a chain and its
//! exact distribution of lengths to the longest game of the sample. A few rule sets of each
//! board are built and solved to measure it; the others are taken to cost about as much (a rule
//! set whose distribution never ends in the budget is stopped by the budget's watch).

use crate::budget::{idle, scoped, Budget, OverBudget};
use crate::chain::Chain;
use crate::games::load::About;
use crate::games::Game;
use crate::games::Source;
use crate::solve::{
    check_finishes, distribution_seconds_by, distribution_steps, Moments, StepTime,
};

use super::{Candidate, RuleSpace, Sample, Settings, EXACT_TAIL};

/// The chance below which the distribution of [`super::exact_model`] stops (the smallest normal
/// `f64`): it goes on to the longest game only while some chance is left.
const UNDERFLOW: f64 = f64::MIN_POSITIVE;

/// The share of rule sets whose chain is new (the others share a distribution already
/// computed): measured 816 of 2,592 on one game's shipped boards, 60 of 192 and 6 of 36 on
/// two others'.
const DISTINCT_SHARE: f64 = 0.33;

/// Rule sets of a small board measured to estimate them all (fewer on a larger board).
const MOST_SAMPLES: usize = 24;

/// Refuses the search of `space` on `sources` for a sample whose longest game is `longest`
/// turns, if it would not fit the budget; the seconds of it reserved for the distributions
/// (the search checks those again once it has counted the distinct chains).
pub fn search<G: Game>(
    sources: &[(String, Source<G>)],
    space: &RuleSpace,
    longest: usize,
    settings: &Settings,
) -> Result<f64, OverBudget> {
    let (mut seconds, mut booked) = (0.0, 0.0);
    let sets = space.rule_sets.len();
    for (_, source) in sources {
        let Some(first) = space.rule_sets.iter().find_map(|v| source.game(v).ok()) else {
            continue;
        };
        // Rule sets spread over the space (as many as its chains allow in a moment), their
        // mean for every rule set.
        let build = Chain::build_cost(&first).0;
        let samples = if build < 0.002 {
            MOST_SAMPLES
        } else if build < 0.05 {
            4
        } else {
            1
        }
        .min(sets);
        let mut step = None;
        let (mut builds, mut distributions, mut sampled) = (0.0, 0.0, 0);
        for i in 0..samples {
            let Some(game) = space
                .rule_sets
                .get(i * sets / samples)
                .and_then(|v| source.game(v).ok())
            else {
                continue;
            };
            let (build, distribution) = one_rule_set(&game, longest, settings, &mut step)?;
            builds += build;
            distributions += distribution;
            sampled += 1;
        }
        if sampled > 0 {
            let each = (builds + DISTINCT_SHARE * distributions) / f64::from(sampled);
            seconds += sets as f64 * each;
            booked += sets as f64 * DISTINCT_SHARE * distributions / f64::from(sampled);
        }
    }
    settings.budget.time(
        &format!(
            "searching {} rule sets on {} boards",
            space.rule_sets.len(),
            sources.len()
        ),
        seconds,
        "narrow the rules with --vary or --fix, or skip the search with --no-rank",
    )?;
    Ok(booked)
}

/// Seconds of one rule set of `game`: its chain, and (if its chain is new) the distribution to
/// the tail of [`EXACT_TAIL`] or the longest game (whichever is further, unless every chance
/// has run out first).
fn one_rule_set<G: Game>(
    game: &G,
    longest: usize,
    settings: &Settings,
    step: &mut Option<StepTime>,
) -> Result<(f64, f64), OverBudget> {
    let (build, _) = Chain::build_cost(game);
    scoped(|| {
        let chain = Chain::build_within(game, &settings.budget)?;
        // One step is timed on the board's first chain that needs it; the others are scaled.
        Ok((
            build,
            distribution_seconds(game, &chain, longest, settings, step),
        ))
    })
}

/// Seconds of the exact distribution of `chain` for [`super::exact_model`] (0 if the game
/// cannot finish: it is left out), with one step's time as for
/// [`crate::solve::distribution_seconds_by`].
pub fn distribution_seconds<G: Game>(
    game: &G,
    chain: &Chain<G::State, G::Card>,
    longest: usize,
    settings: &Settings,
    step: &mut Option<StepTime>,
) -> f64 {
    if check_finishes(game, chain).is_err() {
        return 0.0;
    }
    let Ok(moments) = Moments::within(game, chain, &About::default(), &Budget::unlimited()) else {
        return 0.0;
    };
    let rounds = longest / settings.players.max(1) + 2;
    let tail = distribution_steps(&moments, EXACT_TAIL, usize::MAX);
    let steps = tail.max(distribution_steps(&moments, UNDERFLOW, rounds));
    distribution_seconds_by(chain, steps, step)
}

/// Processor seconds per turn of the sample's histogram of each distinct distribution's fit
/// (its pmf to the longest game, the chi-square and the largest CDF gap over it).
const FIT_PER_TURN: f64 = 1e-8;

/// Refuses ranking `candidates` on `sample` if it would not fit the budget: each distinct
/// distribution is fitted over every turn up to the longest game, and each candidate keeps the
/// log-probability of every distinct length of the sample.
pub fn rank(
    candidates: &[Candidate],
    sample: &Sample,
    settings: &Settings,
) -> Result<(), OverBudget> {
    let mut models: Vec<usize> = candidates.iter().map(|c| c.model_id).collect();
    models.sort_unstable();
    models.dedup();
    let turns = sample.lengths.last().map_or(1, |l| l.0 + 1) as f64;
    let what = format!(
        "ranking {} hypotheses ({} distinct distributions, games up to {turns:.0} turns)",
        candidates.len(),
        models.len()
    );
    let fix = "narrow the rules with --vary or --fix, or skip the search with --no-rank";
    // Per candidate: two values per distinct length and its row; the histogram and one pmf.
    let per_candidate = 16.0 * sample.lengths.len() as f64 + 1000.0;
    settings.budget.memory(
        &what,
        candidates.len() as f64 * per_candidate + 16.0 * turns,
        fix,
    )?;
    settings
        .budget
        .time(&what, idle(models.len() as f64 * turns * FIT_PER_TURN), fix)
}

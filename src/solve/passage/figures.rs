//! The figures of a first passage once its target is a set of moves (the formulas are in
//! [`super`]): the chances, moments and standings from linear solves, the distribution by
//! iteration, the exact fractions where cheap, each estimated before it runs, and the answer
//! they make ([`Core::into_passage`]). Kept apart from the options and answer types, which is
//! what a caller of [`super`] reads.

use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};

use super::{ExactMode, Passage, PassageError, PassageOptions, Standing};
use super::{AUTO_EXACT_SECONDS, EXACT_STATES};
use crate::budget::{Budget, OverBudget};
use crate::chain::{Chain, Counts, Frontier, Probabilities};
use crate::solve::residual::{error_bound, max_abs, norm_bound, residual};
use crate::solve::vocabulary::{Exact, StateRef};
use crate::solve::{
    check_counts_solves, distribution_seconds, failure_error, FloatSolver, Quantile, SolveFailure,
    DROPPED_SHARE, QUANTILES,
};

/// What [`solve`] finds, before it is named.
pub(super) struct Core {
    probability: f64,
    probability_exact: Option<BigRational>,
    exact_note: Option<String>,
    error_bound: f64,
    mean: Option<f64>,
    mean_exact: Option<BigRational>,
    mean_error_bound: Option<f64>,
    sd: Option<f64>,
    split: Vec<f64>,
    distribution: Option<(Vec<f64>, Vec<f64>, f64, bool)>,
    tolerance: f64,
    solver: &'static str,
}

impl Core {
    pub(super) fn into_passage(
        self,
        about: &crate::solve::About,
        label: &str,
        players: usize,
        seat: usize,
        from: StateRef,
        states: usize,
    ) -> Passage {
        let (pmf, survival, left, truncated) = self.distribution.clone().unwrap_or_default();
        let have = self.distribution.is_some() && self.probability > 0.0;
        let quantile = |p: f64| survival.iter().position(|&s| 1.0 - s >= p);
        let last = pmf.len().saturating_sub(1);
        let quantiles = if have {
            QUANTILES
                .iter()
                .map(|&p| match quantile(p) {
                    Some(turns) => Quantile {
                        p,
                        turns,
                        lower_bound: false,
                    },
                    None => Quantile {
                        p,
                        turns: last + 1,
                        lower_bound: true,
                    },
                })
                .collect()
        } else {
            Vec::new()
        };
        let others = self
            .split
            .chunks(3)
            .enumerate()
            .map(|(j, c)| Standing {
                seat: if j < seat { j + 1 } else { j + 2 },
                behind: c[0],
                level: c[1],
                ahead: c[2],
            })
            .collect();
        Passage {
            board: about.board.clone(),
            variant: about.variant.clone(),
            target: label.to_string(),
            players,
            seat: seat + 1,
            from,
            states,
            solver: self.solver.into(),
            probability: self.probability,
            probability_exact: self.probability_exact.as_ref().map(Exact::from),
            exact_note: self.exact_note,
            error_bound: self.error_bound,
            mean: self.mean,
            mean_exact: self.mean_exact.as_ref().map(Exact::from),
            mean_error_bound: self.mean_error_bound,
            sd: self.sd,
            median: if have { quantile(0.5) } else { None },
            quantiles,
            others,
            distribution: self.distribution.is_some(),
            unfinished_mass: left,
            truncated,
            tolerance: self.tolerance,
            pmf,
            survival,
        }
    }
}

/// Q' and h: the chain with the moves `hit` selects taken out, as counts over D, and the
/// count of hitting moves from each state.
fn absorbed<S, C>(chain: &Chain<S, C>, hit: &dyn Fn(usize, usize) -> bool) -> (Counts, Vec<u32>) {
    chain.absorb(hit)
}

/// Refuses testing every move of the chain against the target ([`Chain::absorb`]: a turn
/// replayed per state and card, the spaces it passes looked up among the target's) if it would
/// not fit the budget. Linear in the moves, whatever the target's size.
fn check_search<S, C>(chain: &Chain<S, C>, budget: &Budget) -> Result<(), OverBudget> {
    let cards = chain.cards().len();
    let moves: usize = (0..chain.len())
        .map(|s| if chain.draws(s) { cards } else { 1 })
        .sum();
    budget.time(
        &format!(
            "finding the moves that reach the target ({} moves)",
            crate::input::number::count(moves as u64)
        ),
        crate::budget::idle(moves as f64 / crate::budget::rate::TARGET_MOVES),
        "",
    )
}

/// The most entries of a row of `counts`, plus one: the products a residual entry sums.
fn terms(counts: &Counts) -> usize {
    counts.outer_iterator().map(|r| r.nnz()).max().unwrap_or(0) + 1
}

/// The chances, moments, split and distribution of the first passage through the moves `hit`
/// selects, from state `from`; `splits` are further subsets of the hitting moves whose chances
/// are wanted too (a seat's standing).
pub(super) fn solve<G: crate::games::race::RaceGame>(
    game: &G,
    chain: &Chain<G::State, G::Card>,
    hit: &dyn Fn(usize, usize) -> bool,
    from: usize,
    splits: &[&dyn Fn(usize, usize) -> bool],
    options: &PassageOptions,
) -> Result<Core, PassageError> {
    check_search(chain, &options.budget)?;
    // Priced on the matrix that is solved: the chain with the hitting moves taken out.
    let (counts, hits) = absorbed(chain, hit);
    let d = chain.denominator();
    check_counts_solves(
        &counts,
        d,
        4.0 + splits.len() as f64,
        "the first passage (a few linear solves)",
        &options.budget,
    )?;
    let df = f64::from(d);
    let n = chain.len();
    let fail = |f: SolveFailure| PassageError::Solve(failure_error(game, chain, f));
    let solver = FloatSolver::factor(&counts, d).map_err(fail)?;
    let terms = terms(&counts);
    let ones = vec![1.0; n];
    let e = solver.solve(&ones).map_err(fail)?;
    let norm = norm_bound(&e, &residual(&counts, df, false, &e, &ones), terms);
    drop(e);
    let h: Vec<f64> = hits.iter().map(|&c| f64::from(c) / df).collect();
    let y_raw = solver.solve(&h).map_err(fail)?;
    let y_bound = error_bound(
        &residual(&counts, df, false, &y_raw, &h),
        terms,
        max_abs(&y_raw).max(max_abs(&h)),
        norm,
    );
    let y: Vec<f64> = y_raw.iter().map(|v| v.clamp(0.0, 1.0)).collect();
    let probability = y[from];
    let mut split = Vec::new();
    for pick in splits {
        let rhs: Vec<f64> = (0..n)
            .map(|s| {
                crate::solve::landing::card_weights(chain, s)
                    .filter(|&(card, _)| hit(s, card) && pick(s, card))
                    .map(|(_, w)| w)
                    .sum()
            })
            .collect();
        let part = solver.solve(&rhs).map_err(fail)?;
        split.push(part[from].clamp(0.0, 1.0));
    }
    let reachable = probability > 0.0 && hits.iter().any(|&c| c > 0);
    let (mean, sd, mean_error_bound) = if reachable && y_raw[from] > y_bound {
        let m1 = solver.solve(&y).map_err(fail)?;
        let m1_bound = norm * (max_abs(&residual(&counts, df, false, &m1, &y)) + y_bound);
        let rhs: Vec<f64> = m1.iter().zip(&y).map(|(m, y)| 2.0 * m - y).collect();
        let m2 = solver.solve(&rhs).map_err(fail)?;
        let p = y[from];
        let mean = m1[from] / p;
        let variance = (m2[from] / p - mean * mean).max(0.0);
        // |d(m1/p)| <= (|dm1| + mean |dp|) / (p - |dp|).
        let bound = (m1_bound + mean * y_bound) / (p - y_bound);
        (Some(mean), Some(variance.sqrt()), Some(bound))
    } else {
        (None, None, None)
    };
    let (exact, exact_note) = match options.exact {
        ExactMode::Never => (None, Some("not asked for (--no-exact)".to_string())),
        _ if n > EXACT_STATES => (
            None,
            Some(format!(
                "left out: the chain has {} states, over the {} for which they are computed",
                crate::input::number::count(n as u64),
                crate::input::number::count(EXACT_STATES as u64)
            )),
        ),
        ExactMode::Always => (
            exact_figures(&counts, d, &hits, from, reachable, &options.budget)?,
            None,
        ),
        ExactMode::Auto => {
            let quick = Budget::new(AUTO_EXACT_SECONDS.min(options.budget.seconds()));
            match exact_figures(&counts, d, &hits, from, reachable, &quick) {
                Ok(e) => (e, None),
                Err(PassageError::OverBudget(e)) => (
                    None,
                    Some(format!(
                        "left out as slow ({}); ask for them with --exact",
                        e.to_string()
                            .split(';')
                            .next()
                            .unwrap_or("over a few seconds")
                    )),
                ),
                Err(e) => return Err(e),
            }
        }
    };
    let exact_note = match (&exact, exact_note) {
        (None, None) => Some("the exact solve could not be completed".to_string()),
        (_, note) => note,
    };
    // A chance within its float error is not told from 0: no mean, and no distribution of
    // when (conditioned on an event of unknown chance, its turns would cost a full drain).
    let distribution = if options.distribution && mean.is_some() {
        let steps = mean
            .map_or(0.0, |m| m + 28.0 * sd.unwrap_or(0.0))
            .max(200.0);
        let steps = steps.min(options.max_turns as f64);
        options.budget.time(
            &format!("the distribution of the first passage ({steps:.0} turn-steps)"),
            distribution_seconds(chain, steps),
            "leave out the distribution with --moments-only, or compute fewer turns with --max-turns N",
        )?;
        Some(iterate(&counts, d, &h, &y, from, options))
    } else {
        None
    };
    let (probability_exact, mean_exact) = match exact {
        Some((p, m)) => (Some(p), m),
        None => (None, None),
    };
    Ok(Core {
        probability,
        probability_exact,
        exact_note,
        error_bound: y_bound,
        mean,
        mean_exact,
        mean_error_bound,
        sd,
        split,
        distribution,
        tolerance: options.tolerance,
        solver: solver.name(),
    })
}

/// P(T = n) and P(T > n | reached) by pi_n = pi_(n-1) Q', until the chance still to come,
/// pi_n y, is below the tolerance (relative to the chance of reaching) or the turn limit.
///
/// Each turn reads only the states whose chance times y is above a floor ([`Frontier`]), so
/// that the states that can no longer reach the target cost nothing; what the states left out
/// could still add is at most [`DROPPED_SHARE`] of the tolerance, and it is counted in the
/// chance still to come.
fn iterate(
    counts: &Counts,
    d: u32,
    h: &[f64],
    y: &[f64],
    from: usize,
    options: &PassageOptions,
) -> (Vec<f64>, Vec<f64>, f64, bool) {
    let p = Probabilities::new(d);
    let total = y[from];
    let mut frontier = Frontier::new(
        counts.rows(),
        from,
        options.tolerance * total * DROPPED_SHARE,
    );
    let mut pmf = vec![0.0];
    let mut survival = vec![1.0];
    let mut to_come = total;
    let mut turn = 0;
    while turn < options.max_turns && to_come >= options.tolerance * total {
        turn += 1;
        pmf.push(frontier.step_weighted(counts, &p, h, y));
        to_come = frontier.dot(y) + frontier.dropped();
        survival.push((to_come / total).clamp(0.0, 1.0));
    }
    let truncated = to_come >= options.tolerance * total;
    (pmf, survival, to_come, truncated)
}

/// P(reach) exactly by the fraction-free sweep, and E\[T | reached\] by the rational sweep:
/// (D I - C') y = h and (D I - C') m1 = D y.
fn exact_figures(
    counts: &Counts,
    d: u32,
    hits: &[u32],
    from: usize,
    reachable: bool,
    budget: &Budget,
) -> Result<Option<(BigRational, Option<BigRational>)>, PassageError> {
    crate::solve::exact::check_feedback_system(counts, d, budget)?;
    let probe = budget.probe(
        "the exact fractions of the first passage",
        "leave them out with --no-exact",
    );
    let h: Vec<u64> = hits.iter().map(|&c| u64::from(c)).collect();
    let p = match probe.run(|watch| crate::solve::solve_state_exact(counts, d, &h, from, watch))? {
        Ok(p) => p,
        Err(_) => return Ok(None),
    };
    if !reachable || p.is_zero() {
        return Ok(Some((p, None)));
    }
    let sweep = match probe
        .run(|watch| crate::solve::Sweep::<BigRational>::factor_watched(counts, d, watch))?
    {
        Ok(s) => s,
        Err(_) => return Ok(Some((p, None))),
    };
    let df = BigRational::from_integer(d.into());
    let rhs: Vec<BigRational> = h
        .iter()
        .map(|&c| BigRational::from_integer(c.into()) / &df)
        .collect();
    let y = match sweep.solve(counts, &rhs) {
        Ok(y) => y,
        Err(_) => return Ok(Some((p, None))),
    };
    let m1 = match sweep.solve(counts, &y) {
        Ok(m) => m,
        Err(_) => return Ok(Some((p, None))),
    };
    let mean = &m1[from] / &y[from];
    debug_assert!(mean.to_f64().is_some());
    Ok(Some((p, Some(mean))))
}

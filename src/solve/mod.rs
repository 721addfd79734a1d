//! Solvers on the chain: moments from linear systems, the exact rational expected length, the
//! full distribution, and the summary figures built from them.
//!
//! With N = (I - Q)^-1 the fundamental matrix:
//! - expected turns from each state: E = N 1;
//! - second moment: M2 = N (2E - 1), since E[T^2] = 1 + 2 Q E + Q M2 and Q E = E - 1;
//! - expected cards drawn: N c, with c_s = 1 where a turn draws a card.
//!
//! N is never formed: every product N b is one [`linear::Sweep::solve`].

mod analysis;
pub mod band;
pub mod best;
pub mod chances;
mod cost;
mod dense;
pub mod distribution;
mod exact;
mod failure;
mod float;
pub mod forever;
mod fraction_free;
pub mod fundamental;
pub mod guarantee;
pub mod iterative;
pub(crate) mod landing;
pub mod linear;
pub mod odds;
pub mod passage;
pub mod pgf;
pub mod players;
pub mod residual;
pub mod spaces;
pub mod sparse;
pub mod stationary;
pub mod vocabulary;

use serde::{Deserialize, Serialize};

use crate::budget::{Budget, OverBudget};
use crate::chain::Matrix;
use crate::games::load::About;
use crate::games::race::RaceGame;
pub use analysis::{fraction, Analysis, Draws, Quantile, ShortestGame, Tail};
pub use cost::{
    check_counts_solves, check_solves, check_sweep_solves, distribution_seconds,
    distribution_seconds_by, distribution_steps, step_time, StepTime,
};
pub use dense::{Scalar, SweepError};
pub use distribution::Distribution;
pub use exact::{exact_expected_turns, exact_expected_turns_within};
pub use failure::SolveFailure;
pub use float::{
    solve_f64, sweep_work, uses_sparse_lu, FloatSolver, EXACT_RETRY_STATES, SWEEP_FEEDBACK,
    SWEEP_WORK,
};
pub use fraction_free::solve_state as solve_state_exact;
pub use linear::{backward_targets, dense_solve, Sweep};

/// How far to compute the distribution.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Options {
    /// Stop when P(T > n) falls below this.
    pub tolerance: f64,
    /// Never iterate past this many turns.
    pub max_turns: usize,
    /// Compute the exact rational expected length.
    pub exact: bool,
    /// Time allowed for the distribution and the exact solve.
    pub budget: Budget,
}

impl Options {
    /// The default options without the exact fraction, within `budget`: what a command that
    /// does not show the fraction needs.
    pub fn quick(budget: &Budget) -> Options {
        Options {
            exact: false,
            budget: *budget,
            ..Options::default()
        }
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            tolerance: 1e-12,
            max_turns: 100_000,
            exact: true,
            budget: Budget::default(),
        }
    }
}

/// The thresholds of the "P(longer than n turns)" figures.
pub const LONGER_THAN: [usize; 3] = [50, 100, 200];
/// The share of a distribution's tolerance that the states it leaves out for holding too
/// little may carry in all ([`crate::chain::Frontier`]): it is counted in the mass left out.
pub const DROPPED_SHARE: f64 = 1e-3;
/// The quantiles reported.
pub const QUANTILES: [f64; 3] = [0.9, 0.99, 0.999];
/// A local maximum of the pmf counts as a secondary peak if it is at least this fraction of the
/// mode's height.
pub const PEAK_FRACTION: f64 = 0.01;

/// Why a chain could not be solved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The finish cannot be reached from some reachable states, so E\[T\] is infinite.
    #[error(
        "this game can go on forever: {stuck} of its {states} reachable states cannot reach the finish (for example {example}), so its expected length is infinite. `candyland forever` gives the probability that a game never ends; for finite figures, change the board or its rules so that the finish can be reached from every state"
    )]
    CannotFinish {
        /// How many reachable states cannot reach the finish.
        stuck: usize,
        /// Number of transient states in the chain.
        states: usize,
        /// One of the stuck states, as [`RaceGame::describe`] puts it.
        example: String,
    },
    /// The `f64` solve failed (a lost pivot, or a result beyond the floating-point range) although
    /// every state can finish.
    #[error(
        "this board's expected length cannot be computed in floating point: {reason}. The board is valid, but some chance on it is astronomically small; `candyland forever` still describes its tail"
    )]
    Numerical {
        /// What went wrong, in words.
        reason: String,
    },
    /// The chain is beyond what the floating-point solvers can do here (the sparse LU's
    /// factors too large, Gauss-Seidel not converging within its passes), every state
    /// being able to finish.
    #[error(
        "this board's chain cannot be solved here: {reason}. The board is valid; with fewer states (fewer players, a shorter track) or fewer moves that go back it may be"
    )]
    Unsolved {
        /// What went wrong, in words.
        reason: String,
    },
    /// The solve would take more memory or time than the budget allows.
    #[error(transparent)]
    OverBudget(#[from] OverBudget),
}

/// Expected length, variance and expected cards drawn: the figures that need no distribution,
/// in time linear in the number of transitions. This struct is `analyze --moments-only --json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Moments {
    /// The board's short name.
    pub board: String,
    /// Number of spaces (squares) on the track.
    pub spaces: usize,
    /// Number of transient states of the chain.
    pub states: usize,
    /// E\[T\] from the start: expected turns until the player finishes, lost turns included
    /// (E = N 1). JSON `mean`.
    #[serde(rename = "mean")]
    pub expected_turns: f64,
    /// Var\[T\] = E\[T^2\] - E\[T\]^2, with E\[T^2\] from M2 = N (2E - 1); in turns squared.
    pub variance: f64,
    /// Standard deviation of T, in turns. JSON `sd`.
    #[serde(rename = "sd")]
    pub std_dev: f64,
    /// Expected cards drawn (or spins) until the player finishes: N c, with c_s = 1 where a turn
    /// draws. JSON `draws.mean`.
    #[serde(skip)]
    pub expected_cards: f64,
    /// What draws are called, and E\[draws\] (`expected_cards`).
    pub draws: Draws,
    /// Set when `analyze` left the distribution out because it would not fit the budget (not
    /// when `--moments-only` asked for the moments alone): the figures of a full `analyze
    /// --json` not computed, by key, and why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_computed: Option<NotComputed>,
}

/// The figures a document does not give because they were not computed, and why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NotComputed {
    /// Their keys in a full document.
    pub keys: Vec<String>,
    /// Why, and how to get them.
    pub why: String,
}

impl Moments {
    /// E = N 1, M2 = N (2E - 1), cards = N c, each one sweep of the same factorisation.
    pub fn of<G: RaceGame>(
        game: &G,
        chain: &Matrix<G::State>,
        about: &About,
    ) -> Result<Moments, SolveError> {
        Self::within(game, chain, about, &Budget::default())
    }

    /// [`Moments::of`], refused if the solves would take more memory or time than allowed.
    pub fn within<G: RaceGame>(
        game: &G,
        chain: &Matrix<G::State>,
        about: &About,
        budget: &Budget,
    ) -> Result<Moments, SolveError> {
        check_finishes(game, chain)?;
        check_solves(
            chain,
            3.0,
            "solving for the expected length and variance",
            budget,
        )?;
        let n = chain.len();
        let fail = |f: SolveFailure| failure_error(game, chain, f);
        let solver = FloatSolver::factor(chain.counts(), chain.denominator()).map_err(fail)?;
        let s0 = chain.start();
        // One vector of n at a time besides the factorisation: 8 MB a million states.
        let cards = {
            let draws: Vec<f64> = (0..n)
                .map(|s| f64::from(u8::from(chain.draws(s))))
                .collect();
            solver.solve(&draws).map_err(fail)?[s0]
        };
        let mut expected = solver.solve(&vec![1.0; n]).map_err(fail)?;
        let mean = expected[s0];
        // M2 = N (2E - 1), the right-hand side made in place of E.
        expected.iter_mut().for_each(|e| *e = 2.0 * *e - 1.0);
        let second = match solver.solve(&expected) {
            Ok(y) => y,
            Err(SolveFailure::OutOfRange) => {
                return Err(SolveError::Numerical {
                    reason: format!(
                        "the expected length is {mean:.6e} turns, but its second moment (about the square of that) is beyond the floating-point range (about 1e308)"
                    ),
                })
            }
            Err(f) => return Err(fail(f)),
        };
        let variance = (second[s0] - mean * mean).max(0.0);
        Ok(Moments {
            board: about.board.clone(),
            spaces: about.spaces,
            states: n,
            expected_turns: mean,
            variance,
            std_dev: variance.sqrt(),
            expected_cards: cards,
            not_computed: None,
            draws: Draws {
                word: about.draws.clone(),
                mean: cards,
            },
        })
    }
}

/// The error for a chain the `f64` solver could not solve.
pub fn failure_error<G: RaceGame>(
    game: &G,
    chain: &Matrix<G::State>,
    f: SolveFailure,
) -> SolveError {
    match f {
        SolveFailure::Trapped { state } => SolveError::CannotFinish {
            stuck: 1,
            states: chain.len(),
            example: game.describe(chain.states()[state]),
        },
        SolveFailure::CannotFinish => match check_finishes(game, chain) {
            Err(e) => e,
            Ok(()) => SolveError::Numerical {
                reason: f.to_string(),
            },
        },
        SolveFailure::TooLarge { .. } | SolveFailure::NotConverged { .. } => SolveError::Unsolved {
            reason: f.to_string(),
        },
        other => SolveError::Numerical {
            reason: other.to_string(),
        },
    }
}

/// Checks that the finish can be reached from every reachable state.
pub fn check_finishes<G: RaceGame>(game: &G, chain: &Matrix<G::State>) -> Result<(), SolveError> {
    let can_finish = chain.can_finish();
    // The last such state in board order is usually the trap itself, the best example.
    match can_finish.iter().rposition(|ok| !ok) {
        None => Ok(()),
        Some(bad) => Err(SolveError::CannotFinish {
            stuck: can_finish.iter().filter(|ok| !**ok).count(),
            states: chain.len(),
            example: game.describe(chain.states()[bad]),
        }),
    }
}

//! First passage: when a token first reaches a target, and the chance that it ever does.
//!
//! A target is a set of moves ([`Target`]). Take those moves out of Q and count them as a
//! second way to leave the chain: Q' (what is left) and h (the chance of a hitting move from
//! each state), with N' = (I - Q')^-1. Then, for the first passage T (infinite if the game ends
//! first), by one step of the chain:
//!
//! - y = P(T < inf) from each state: y = h + Q' y, so y = N' h;
//! - m1 = E\[T; T < inf\]: a passage after the first turn takes one turn more, m1 = y + Q' m1, so
//!   m1 = N' y;
//! - m2 = E\[T^2; T < inf\] = y + Q' (2 m1 + m2) with Q' y = y - h... so (I - Q') m2 = 2 m1 - y;
//! - P(T = n) = pi_(n-1) h with pi_n = pi_(n-1) Q', and P(n < T < inf) = pi_n y, the chance
//!   still to come, which is where the iteration stops (below the tolerance).
//!
//! Mean and sd are given for the passage *conditioned on happening*: m1 / y and
//! m2 / y - (m1 / y)^2. Every solve goes through [`crate::solve::FloatSolver`] (the sweep, or sparse LU on a
//! chain with many cycles) and has its residual checked: the bound printed is
//! ||N'||_inf ||r||_inf with ||N'||_inf = max N' 1 from one more solve ([`super::sparse`]).
//! Probabilities are clamped to \[0, 1\] (a change within that bound): never negative.
//!
//! The same code runs on the K-player product chain ([`crate::chain::product`]), where a target
//! is about one seat's token and the other seats' standing at that moment is split out.

mod every;
mod figures;
mod product;
pub mod target;

use serde::{Deserialize, Serialize};

pub use every::{every, HittingChance, HittingChances};
use figures::solve;
pub use target::{Part, Target, TargetError};

use super::{check_finishes, Quantile, SolveError};
use crate::budget::{Budget, OverBudget};
use crate::chain::position::PositionError;
use crate::chain::Chain;
use crate::games::Game;
use crate::solve::vocabulary::{Exact, StateRef};

/// The most seats of a product chain (its size is the one-player chain's to the power K).
pub const MAX_SEATS: usize = 4;
/// The most states for which the exact fractions are computed (rational sweeps, cubic).
pub const EXACT_STATES: usize = 2_000;
/// Unless asked for ([`ExactMode::Always`]), the exact fractions are computed only when their
/// estimated time is at most this many seconds (or the budget, if smaller); otherwise they are
/// left out with a note saying why and how to ask for them.
pub const AUTO_EXACT_SECONDS: f64 = 2.0;

/// When the exact fractions are computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExactMode {
    /// When the chain has at most [`EXACT_STATES`] states and the estimate is at most
    /// [`AUTO_EXACT_SECONDS`].
    Auto,
    /// Whenever the chain has at most [`EXACT_STATES`] states, within the budget (refused with
    /// the estimate otherwise).
    Always,
    /// Never.
    Never,
}

/// Why a first passage could not be computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PassageError {
    /// The `index`-th target names nothing on the board.
    #[error("{source}")]
    Target {
        /// Which `--to` (0-based).
        index: usize,
        /// What is wrong with it.
        source: TargetError,
    },
    /// The starting state names no state.
    #[error("{0}")]
    From(PositionError),
    /// A bad option: what it is and why.
    #[error("{message}")]
    Option {
        /// The option, as the command line spells it (`--players`).
        option: &'static str,
        /// What is wrong and what to give instead.
        message: String,
    },
    /// The chain cannot be solved (it can go on forever, or a chance is too small).
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// Over the budget.
    #[error(transparent)]
    OverBudget(#[from] OverBudget),
}

/// What to compute: the target, where from, how many players, how far.
#[derive(Debug, Clone, PartialEq)]
pub struct PassageOptions {
    to: Vec<String>,
    from: Option<String>,
    players: usize,
    seat: usize,
    tolerance: f64,
    max_turns: usize,
    exact: ExactMode,
    distribution: bool,
    budget: Budget,
}

impl PassageOptions {
    /// The first passage to the target named by `to` (one text per part, in the game's words;
    /// see [`target`]), from the start, one player, with the distribution and exact fractions.
    pub fn new(to: Vec<String>) -> Result<PassageOptions, PassageError> {
        if to.is_empty() {
            return Err(PassageError::Target {
                index: 0,
                source: TargetError::Empty,
            });
        }
        Ok(PassageOptions {
            to,
            from: None,
            players: 1,
            seat: 0,
            tolerance: 1e-12,
            max_turns: 100_000,
            exact: ExactMode::Auto,
            distribution: true,
            budget: Budget::default(),
        })
    }

    /// Starts from the state `text` names (see [`crate::chain::position::find`]) instead of the start.
    pub fn from_state(mut self, text: impl Into<String>) -> PassageOptions {
        self.from = Some(text.into());
        self
    }

    /// K players taking turns (1 to [`MAX_SEATS`]); the target is about seat `seat` (1-based).
    pub fn players(mut self, players: usize, seat: usize) -> Result<PassageOptions, PassageError> {
        if !(1..=MAX_SEATS).contains(&players) {
            return Err(PassageError::Option {
                option: "--players",
                message: format!("{players} is not between 1 and {MAX_SEATS} (the product chain of K players has the one-player chain's size to the power K)"),
            });
        }
        if !(1..=players).contains(&seat) {
            return Err(PassageError::Option {
                option: "--seat",
                message: format!(
                    "{seat} is not a seat: with {players} players the seats are 1 to {players}"
                ),
            });
        }
        self.players = players;
        self.seat = seat - 1;
        Ok(self)
    }

    /// Computes the distribution until the chance still to come is below `tolerance` (in
    /// (0, 1)), for at most `max_turns` turns.
    pub fn distribution(
        mut self,
        tolerance: f64,
        max_turns: usize,
    ) -> Result<PassageOptions, PassageError> {
        if !(tolerance > 0.0 && tolerance < 1.0) {
            return Err(PassageError::Option {
                option: "--tolerance",
                message: format!("{tolerance} is not a probability between 0 and 1; try 1e-12"),
            });
        }
        self.tolerance = tolerance;
        self.max_turns = max_turns;
        Ok(self)
    }

    /// Leaves out the distribution (only the chance, mean and sd, from linear solves).
    pub fn moments_only(mut self) -> PassageOptions {
        self.distribution = false;
        self
    }

    /// Whether to compute exact fractions (chains up to [`EXACT_STATES`] states): `false`
    /// never, `true` where cheap ([`ExactMode::Auto`], the default).
    pub fn exact(mut self, exact: bool) -> PassageOptions {
        self.exact = if exact {
            ExactMode::Auto
        } else {
            ExactMode::Never
        };
        self
    }

    /// When to compute the exact fractions.
    pub fn exact_mode(mut self, mode: ExactMode) -> PassageOptions {
        self.exact = mode;
        self
    }

    /// The time allowed.
    pub fn budget(mut self, budget: Budget) -> PassageOptions {
        self.budget = budget;
        self
    }

    /// The target's texts.
    pub fn to(&self) -> &[String] {
        &self.to
    }
}

/// Where another seat stands when the target is reached (K players), as chances of reaching
/// the target with that seat there (divide by `probability` for the chance given it is
/// reached).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Standing {
    /// The other seat (1-based).
    pub seat: usize,
    /// P(the target is reached with that seat's token behind the moving seat's).
    pub behind: f64,
    /// P(reached with both on the same space).
    pub level: f64,
    /// P(reached with that seat ahead).
    pub ahead: f64,
}

/// The first passage to a target: the chance, and when. `passage --json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Passage {
    /// The board's short name.
    pub board: String,
    /// Command-line changes to the board file ("" for none).
    pub variant: String,
    /// The target as given (its parts joined by " or ").
    pub target: String,
    /// Players taking turns (1: one token alone).
    pub players: usize,
    /// The seat whose token the target is about (1-based).
    pub seat: usize,
    /// Where the token starts (with K players, every token starts there and seat 1 moves first).
    pub from: StateRef,
    /// Transient states of the chain solved (the product chain's with K players).
    pub states: usize,
    /// The linear solver used: "sweep", "sparse LU" or "Gauss-Seidel".
    pub solver: String,
    /// P(the target is reached before the game ends).
    pub probability: f64,
    /// The same, exactly (null on chains over 2,000 states, when left out as too slow, or when
    /// not asked for; `exact_note` says which).
    pub probability_exact: Option<Exact>,
    /// Why the exact fractions are missing (null when they are given).
    pub exact_note: Option<String>,
    /// A bound on |probability - the true chance| from the solve's residual.
    pub error_bound: f64,
    /// E\[T | reached\], in turns (of all players together with K players); null when the
    /// target cannot be reached.
    pub mean: Option<f64>,
    /// The same, exactly (null as for `probability_exact`, or when unreachable).
    pub mean_exact: Option<Exact>,
    /// A bound on the error of `mean`, from the residuals.
    pub mean_error_bound: Option<f64>,
    /// sd of T given reached, in turns.
    pub sd: Option<f64>,
    /// The smallest n with P(T <= n | reached) >= 0.5 (null without a distribution, or when
    /// the turn limit cut the distribution before it: `truncated`).
    pub median: Option<usize>,
    /// Quantiles of T given reached.
    pub quantiles: Vec<Quantile>,
    /// With K players: each other seat's standing when the target is reached.
    pub others: Vec<Standing>,
    /// Whether the distribution was computed.
    pub distribution: bool,
    /// P(T > last turn computed, and reached later): the chance the pmf leaves out.
    pub unfinished_mass: f64,
    /// The distribution was cut by the turn limit before the chance left out fell below the
    /// tolerance.
    pub truncated: bool,
    /// The distribution was computed until the chance left out fell below this.
    pub tolerance: f64,
    /// `pmf[n]` = P(the target is first reached on turn n), n = 0, 1, ...
    pub pmf: Vec<f64>,
    /// `survival[n]` = P(T > n | reached), from the chance still to come (not 1 - cdf).
    pub survival: Vec<f64>,
}

/// The first passage of `options` on `game`, whose one-player chain is `chain`; `about`
/// names the board.
pub fn passage<G: Game>(
    game: &G,
    chain: &Chain<G::State, G::Card>,
    about: &super::About,
    options: &PassageOptions,
) -> Result<Passage, PassageError> {
    check_finishes(game, chain)?;
    if options.players > 1 {
        if options.from.is_some() {
            return Err(PassageError::Option {
                option: "--from",
                message:
                    "with several players every token starts at the start; --from is for one player"
                        .into(),
            });
        }
        return product::passage(game, chain, about, options);
    }
    let from = match &options.from {
        None => chain.start(),
        Some(text) => {
            crate::chain::position::find(game, chain, text).map_err(PassageError::From)?
        }
    };
    let target = Target::resolve(game, chain.states(), &options.to)
        .map_err(|(index, source)| PassageError::Target { index, source })?;
    let states = chain.states();
    let hit = |s: usize, card: usize| {
        let draws = chain.draws(s);
        target.hit(game, states[s], chain.cards()[card].0, draws)
    };
    let core = solve(game, chain, &hit, from, &[], options)?;
    Ok(core.into_passage(
        about,
        &target.label,
        1,
        0,
        StateRef::of(game, from, states[from]),
        chain.len(),
    ))
}

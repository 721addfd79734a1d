//! `analyze` on a Hare and Tortoise board: one computer player alone, exactly (its chain and
//! length distribution, [`crate::solve::hare`]), with the general cyclic solver beside it.

use anyhow::Result;
use serde::{Deserialize, Serialize};

use super::{cards_independent, named_policies, HareOptions};
use crate::games::hare::board::Board;
use crate::games::hare::Policy;
use crate::games::BoardSource;
use crate::input::error::UserError;
use crate::solve::hare::{self as exact, Chain, Lengths};
use crate::solve::Quantile;

/// The most states the exact chain may have.
pub const MAX_STATES: usize = 3_000_000;

/// The largest feedback set the general solver is given (its dense part grows as its cube:
/// about 6 s at 2,700 states on 2 cores).
pub const MAX_FEEDBACK: usize = 3_000;

/// The quantile levels reported, of the games that reach home.
pub const QUANTILES: [f64; 5] = [0.05, 0.5, 0.9, 0.95, 0.99];

/// The general cyclic solver's answer on the same chain.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GeneralSolve {
    /// States the solver eliminated densely (the chain's feedback set).
    pub feedback_states: usize,
    /// Expected turns until home or the cap, from the linear solve.
    pub mean: f64,
    /// The chance of reaching home, from the linear solve.
    pub home: f64,
    /// The chance that the carrots ever exceed the cap, from the linear solve.
    pub cut: f64,
}

/// The shortest game: its length.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Shortest {
    /// Its length, in turns.
    pub turns: usize,
}

/// `analyze` on a Hare and Tortoise board: one computer player alone, exactly.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HareAlone {
    /// The board's short name.
    pub board: String,
    /// Where its layout and rules come from.
    pub source: String,
    /// The rules in force: each `[rules]` key with its value.
    pub rules: serde_json::Value,
    /// The policy the player follows.
    pub policy: String,
    /// Squares between start and home.
    pub squares: usize,
    /// States of the chain: (square, carrots, lettuces, what the next turn starts with, "move
    /// again").
    pub states: usize,
    /// The chain keeps states of at most this many carrots.
    pub carrot_cap: u32,
    /// The board's hare cards are a pile shuffled once and cycled, which the chain cannot
    /// follow: it draws each card independently, with its share of the pile.
    pub cards_independent: bool,
    /// Expected turns until home, over the games that reach home.
    pub mean: f64,
    /// Standard deviation of the turns until home, over the games that reach home.
    pub sd: f64,
    /// The median turns until home; `None` when half the games that reach home had not yet
    /// reached it in the turns computed (the quantile at 0.5 then says the bound).
    pub median: Option<usize>,
    /// The quantiles at each level of [`QUANTILES`], of the games that reach home.
    pub quantiles: Vec<Quantile>,
    /// The shortest game; `None` when no game reached home in the turns computed.
    pub shortest_game: Option<Shortest>,
    /// The chance of reaching home (within the cap).
    pub home: f64,
    /// The chance that the carrots ever exceed the cap: the mass the cap leaves out of every
    /// figure.
    pub cut: f64,
    /// The chance of getting stuck forever (no way home).
    pub stuck: f64,
    /// The chance still playing after the last turn computed.
    pub unfinished_mass: f64,
    /// The distribution was pushed turn by turn until less than this was still playing.
    pub tolerance: f64,
    /// `pmf[n]`: the chance of reaching home on turn n, n = 0, 1, ...
    pub pmf: Vec<f64>,
    /// `survival[n]`: the chance still playing after turn n.
    pub survival: Vec<f64>,
    /// The general cyclic solver on the same chain, when its dense part is small enough.
    pub general_solve: Option<GeneralSolve>,
    /// Why the general solver was not run, when it was not.
    pub general_solve_skipped: Option<String>,
    /// Seconds the chain and its distribution took (text only).
    #[serde(skip)]
    pub seconds: f64,
    /// How the board was named (text only).
    #[serde(skip)]
    pub label: String,
}

impl HareAlone {
    /// One player alone with `policy` on `board`, exactly: the chain of at most `cap`
    /// carrots, its distribution pushed until at most `tolerance` is left (or `max_turns`),
    /// and the general solver where its dense part is small.
    pub fn of(
        board: &Board,
        policy: &Policy,
        cap: u32,
        tolerance: f64,
        max_turns: usize,
    ) -> Result<HareAlone, String> {
        let started = std::time::Instant::now();
        let chain = exact::build(board, policy, cap, MAX_STATES)?;
        let l = exact::lengths(&chain, tolerance, max_turns);
        let (general_solve, general_solve_skipped) = match general_solve(&chain) {
            Ok(s) => (Some(s), None),
            Err(why) => (None, Some(why)),
        };
        Ok(HareAlone::from_parts(
            board,
            policy,
            &chain,
            &l,
            tolerance,
            general_solve,
            general_solve_skipped,
            started.elapsed().as_secs_f64(),
        ))
    }

    #[allow(clippy::too_many_arguments)]
    fn from_parts(
        board: &Board,
        policy: &Policy,
        chain: &Chain,
        l: &Lengths,
        tolerance: f64,
        general_solve: Option<GeneralSolve>,
        general_solve_skipped: Option<String>,
        seconds: f64,
    ) -> HareAlone {
        let home: f64 = l.home.iter().sum();
        let (mean, sd) = l.mean_sd();
        let quantile = |p: f64| l.quantile(p * home);
        let quantiles = QUANTILES
            .iter()
            .map(|&p| match quantile(p) {
                Some(t) => Quantile {
                    p,
                    turns: t,
                    lower_bound: false,
                },
                None => Quantile {
                    p,
                    turns: l.home.len(),
                    lower_bound: true,
                },
            })
            .collect();
        HareAlone {
            board: board.name.clone(),
            source: board.source.clone(),
            rules: serde_json::to_value(&board.rules).unwrap_or_default(),
            policy: policy.name.clone(),
            squares: board.squares.len() - 2,
            states: chain.len(),
            carrot_cap: chain.cap,
            cards_independent: cards_independent(board),
            mean,
            sd,
            median: quantile(0.5),
            quantiles,
            shortest_game: l
                .home
                .iter()
                .position(|&p| p > 0.0)
                .map(|turns| Shortest { turns }),
            home,
            cut: l.cut.iter().sum(),
            stuck: l.stuck,
            unfinished_mass: l.left,
            tolerance,
            pmf: l.home.clone(),
            survival: l.survival.clone(),
            general_solve,
            general_solve_skipped,
            seconds,
            label: String::new(),
        }
    }
}

/// The general cyclic solver on the chain, when its dense part is small enough; else why not.
pub fn general_solve(chain: &Chain) -> Result<GeneralSolve, String> {
    let form = chain.solver_form()?;
    let k = crate::solve::Sweep::<f64>::feedback_size(&form.counts);
    if k > MAX_FEEDBACK {
        return Err(format!(
            "its dense part would have {k} feedback states (more than {MAX_FEEDBACK}; the cost grows as the cube); the distribution above is exact to its tolerance; a smaller --carrot-cap (200 for the novice on the shipped boards) brings it within reach"
        ));
    }
    let s = exact::solve(chain).map_err(|e| e.to_string())?;
    Ok(GeneralSolve {
        feedback_states: s.feedback,
        mean: s.mean,
        home: s.home,
        cut: s.cut.max(0.0),
    })
}

/// One player alone on `source`, exactly: the first policy `options` names (else the board's),
/// its distribution pushed turn by turn until less than `tolerance` is still playing (or
/// `max_turns`).
pub fn analyze(
    source: &BoardSource,
    options: &HareOptions,
    tolerance: f64,
    max_turns: usize,
) -> Result<HareAlone> {
    let board = options.board(source)?;
    // One player alone plays the first policy named; every name is checked all the same.
    let policy = named_policies(&board, options.policy.as_deref())?[0];
    let mut a =
        HareAlone::of(&board, policy, options.cap(), tolerance, max_turns).map_err(|m| {
            UserError::Board {
                board: source.label.clone(),
                message: m,
            }
        })?;
    a.label = source.label.clone();
    Ok(a)
}

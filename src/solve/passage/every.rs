//! Hitting chances to everything at once (`passage --every`): the chance of ever landing on each
//! space, of ever being caught by each trap, of ever taking each jump, and of ever reaching each
//! state of the chain.
//!
//! Each is the absorption chance y = N' h of its own chain (its moves taken out of Q), one
//! factorisation and solve each, with its residual checked. One bound serves them all:
//! Q' <= Q entrywise, so N' = sum Q'^n <= N and ||N'||_inf <= ||N||_inf = max_s E_s, the
//! longest expected game from any state, solved once.

use serde::{Deserialize, Serialize};

use super::target::{every_target, single, Part};
use super::PassageError;
use crate::budget::Budget;
use crate::chain::Chain;
use crate::games::Game;
use crate::solve::residual::{error_bound, max_abs, norm_bound, residual};
use crate::solve::vocabulary::StateRef;
use crate::solve::{check_finishes, check_solves, failure_error, FloatSolver, SolveFailure};

/// The chance of ever hitting one target.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HittingChance {
    /// What kind of target: "trap" (caught there), "jump" (taken), "space" (landed on),
    /// "finish" or "state" (moved into).
    pub kind: String,
    /// The game's word for it: the trap's name, the kind of jump, what a space is called
    /// ("space", "square"), "finish", "state" (as the game words them).
    pub word: String,
    /// The number of its space as the board prints it (a jump's start); null for the finish.
    pub position: Option<usize>,
    /// Its name: the space's name, "TRAP 47", "JUMP 47 to 26" in the game's words, a state's name.
    pub name: String,
    /// For a state: its index in the chain (as `transitions` numbers them).
    pub state: Option<usize>,
    /// P(hit at least once before the game ends), from the starting state.
    pub probability: f64,
}

/// `passage --every --json`: the chance of ever hitting each target of the board.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HittingChances {
    /// The board's short name.
    pub board: String,
    /// Command-line changes to the board file ("" for none).
    pub variant: String,
    /// The state the chances are from.
    pub from: StateRef,
    /// Transient states of the chain.
    pub states: usize,
    /// The linear solver used: "sweep", "sparse LU" or "Gauss-Seidel".
    pub solver: String,
    /// A bound on |probability - the true chance| of every row, from the residuals.
    pub error_bound: f64,
    /// Every trap, jump and space, the finish, then every state (moves into it, staying there
    /// included: from the state itself, the chance of coming back).
    pub targets: Vec<HittingChance>,
}

/// The chance of ever hitting every target of `game` from the state `from` names (the start if
/// `None`), within `budget`.
pub fn every<G: Game>(
    game: &G,
    chain: &Chain<G::State, G::Card>,
    about: &crate::solve::About,
    from: Option<&str>,
    budget: &Budget,
) -> Result<HittingChances, PassageError> {
    check_finishes(game, chain)?;
    let from = match from {
        None => chain.start(),
        Some(text) => {
            crate::chain::position::find(game, chain, text).map_err(PassageError::From)?
        }
    };
    let named = every_target(game);
    let n = chain.len();
    check_solves(
        chain,
        2.0 * (named.len() + n + 1) as f64,
        &format!(
            "the chance of hitting each of {} targets and {n} states (a factorisation and a solve each)",
            named.len()
        ),
        budget,
    )?;
    let fail = |f: SolveFailure| PassageError::Solve(failure_error(game, chain, f));
    let d = chain.denominator();
    let df = f64::from(d);
    let terms = chain
        .counts()
        .outer_iterator()
        .map(|r| r.nnz())
        .max()
        .unwrap_or(0)
        + 1;
    let whole = FloatSolver::factor(chain.counts(), d).map_err(fail)?;
    let ones = vec![1.0; n];
    let e = whole.solve(&ones).map_err(fail)?;
    let norm = norm_bound(&e, &residual(chain.counts(), df, false, &e, &ones), terms);
    let solver = whole.name();
    drop(whole);
    let mut bound: f64 = 0.0;
    let mut chance = |hit: &dyn Fn(usize, usize) -> bool| -> Result<f64, PassageError> {
        let (counts, hits) = chain.absorb(hit);
        if hits.iter().all(|&h| h == 0) {
            return Ok(0.0);
        }
        let h: Vec<f64> = hits.iter().map(|&c| f64::from(c) / df).collect();
        let y = FloatSolver::factor(&counts, d)
            .and_then(|s| s.solve(&h))
            .map_err(fail)?;
        let r = residual(&counts, df, false, &y, &h);
        bound = bound.max(error_bound(&r, terms, max_abs(&y).max(max_abs(&h)), norm));
        Ok(y[from].clamp(0.0, 1.0))
    };
    let states = chain.states();
    let mut targets = Vec::with_capacity(named.len() + n);
    for (kind, word, position, name, part) in named {
        let target = single(part.clone(), name.clone());
        let probability = if part == Part::Finish {
            // Every game finishes: the chains solved here can all reach the finish.
            1.0
        } else {
            chance(&|s: usize, card: usize| {
                target.hit(game, states[s], chain.cards()[card].0, chain.draws(s))
            })?
        };
        targets.push(HittingChance {
            kind: kind.into(),
            word,
            position,
            name,
            state: None,
            probability,
        });
    }
    for (j, &state) in states.iter().enumerate().take(n) {
        let probability = chance(&|s: usize, card: usize| chain.next(s, card) == j as u32)?;
        let r = StateRef::of(game, j, state);
        targets.push(HittingChance {
            kind: "state".into(),
            word: "state".into(),
            position: r.position,
            name: r.name,
            state: Some(j),
            probability,
        });
    }
    Ok(HittingChances {
        board: about.board.clone(),
        variant: about.variant.clone(),
        from: StateRef::of(game, from, states[from]),
        states: n,
        solver: solver.into(),
        error_bound: bound,
        targets,
    })
}

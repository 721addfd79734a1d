//! The fundamental matrix N = (I - Q)^-1 of the chain, row by row: N_ij is the expected number
//! of turns begun in state j by a token that starts in state i (its first turn included when
//! j = i), and the row sums are the expected lengths from each state.
//!
//! N is dense (every state a token can reach from i has N_ij > 0), so it is formed only when
//! asked for, and refused at once when its n solves (or, kept in memory, its n^2 entries) are
//! over the budget. Its rows go to a [`FundamentalSink`] one by one as they are solved, so
//! that a writer holds only the chain and one row, never the whole of N. Row i
//! is one solve of the transposed system v^T (I - Q) = e_i^T: the reversed transpose of Q is
//! again a chain matrix whose backward entries are Q's, so it goes through the same
//! [`FloatSolver`] (the sweep, or sparse LU on a chain with many cycles). Each row's residual
//! is checked: the error of v is r^T N, so at most ||r||_inf times the largest column sum of
//! N, ||N||_1, from one more solve ([`crate::solve::sparse`]).

use serde::{Deserialize, Serialize};

use crate::budget::{Budget, OverBudget};
use crate::chain::position::PositionError;
use crate::chain::{Chain, Counts};
use crate::games::Game;
use crate::solve::residual::{error_bound, max_abs, norm_bound, residual};
use crate::solve::vocabulary::StateRef;
use crate::solve::{
    check_finishes, check_solves, failure_error, FloatSolver, SolveError, SolveFailure,
};

/// Chains up to this many states get N as a dense matrix; past it, each row lists only its
/// non-zero entries.
pub const DENSE_STATES: usize = 2_000;

/// Why N could not be given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FundamentalError {
    /// A `--from` names no state.
    #[error("{0}")]
    From(PositionError),
    /// The chain cannot be solved.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// Over the budget.
    #[error(transparent)]
    OverBudget(#[from] OverBudget),
}

/// Which rows of N to give.
#[derive(Debug, Clone, PartialEq)]
pub struct FundamentalOptions {
    rows: Vec<String>,
    budget: Budget,
    streamed: bool,
    every: usize,
}

impl FundamentalOptions {
    /// Every row of N (all n of them), within `budget`.
    pub fn all(budget: Budget) -> FundamentalOptions {
        FundamentalOptions {
            rows: Vec::new(),
            budget,
            streamed: false,
            every: 1,
        }
    }

    /// Only the rows of the states `rows` names (`start`, a state's name or a space number; see
    /// [`crate::chain::position::find`]); all rows when empty.
    pub fn rows(mut self, rows: Vec<String>) -> FundamentalOptions {
        self.rows = rows;
        self
    }

    /// The rows are written as they are solved, not kept ([`fundamental_into`] with a writer):
    /// the memory estimated is the chain's and one row's, not N's.
    pub fn streamed(mut self) -> FundamentalOptions {
        self.streamed = true;
        self
    }

    /// Only every `every`-th of the rows asked for, and no estimate of its own: a sample whose
    /// writing is timed to estimate the whole's (its caller's estimates count it).
    pub fn sample(mut self, every: usize) -> FundamentalOptions {
        self.every = every.max(1);
        self
    }
}

/// Bytes per state of N written as it is solved: the state's name and reference (about 100),
/// the solve's vectors (right-hand side, solution, residual, the row in chain order: 32) and
/// the row as written (a column and a value: 16).
pub const STREAMED_STATE_BYTES: f64 = 150.0;

/// Bytes per entry of N kept in memory and then written as text (8 for the value, about 28
/// for its text).
pub const KEPT_ENTRY_BYTES: f64 = 36.0;

/// One row of N.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FundamentalRow {
    /// The state the token starts in (index into `names`).
    pub from: usize,
    /// Expected turns from it until the finish: the row's sum, (N 1)_from.
    pub mean: f64,
    /// The columns of `visits` when the matrix is sparse (`dense` false): only the non-zero
    /// entries are listed. Absent when dense.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<Vec<usize>>,
    /// N_(from, j): expected turns begun in state j, for every j in order (dense) or for the
    /// states in `to`.
    pub visits: Vec<f64>,
}

/// The fundamental matrix (`transitions --fundamental --json`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Fundamental {
    /// The board's short name.
    pub board: String,
    /// Number of transient states: N is n x n.
    pub states: usize,
    /// Index of the start state.
    pub start: usize,
    /// Every state, in chain order: row and column j of N are state j.
    pub names: Vec<StateRef>,
    /// Whether each row lists every column (chains up to 2,000 states) or only its non-zero
    /// entries.
    pub dense: bool,
    /// The rows asked for (every state's, in order, unless some were chosen).
    pub rows: Vec<FundamentalRow>,
    /// A bound on the error of every entry given, from the residuals.
    pub error_bound: f64,
    /// The linear solver used: "sweep", "sparse LU" or "Gauss-Seidel".
    pub solver: String,
}

/// The reversed transpose of Q: entry (rev(t), rev(s)) = c(s, t), rev(i) = n - 1 - i.
pub(crate) fn reversed_transpose(counts: &Counts) -> Counts {
    let n = counts.rows();
    let rev = |i: usize| n - 1 - i;
    let mut tri = sprs::TriMatI::<u32, u32>::with_capacity((n, n), counts.nnz());
    for (s, row) in counts.outer_iterator().enumerate() {
        for (t, &c) in row.iter() {
            tri.add_triplet(rev(t), rev(s), c);
        }
    }
    tri.to_csr()
}

/// Everything of N but its rows and their error bound: what a writer needs before the first
/// row.
#[derive(Debug, Clone, PartialEq)]
pub struct FundamentalHead {
    /// The board's short name.
    pub board: String,
    /// Number of transient states: N is n x n.
    pub states: usize,
    /// Index of the start state.
    pub start: usize,
    /// Every state, in chain order.
    pub names: Vec<StateRef>,
    /// Whether each row lists every column or only its non-zero entries.
    pub dense: bool,
    /// The linear solver used.
    pub solver: String,
}

/// Where [`fundamental_into`] puts N as it is solved: the head, then each row in order. A
/// writer writes each as it comes (memory bounded by the chain and one row); a collector keeps
/// them ([`fundamental`]).
pub trait FundamentalSink {
    /// The sink's own failure (a closed pipe), into which N's are converted.
    type Error: From<FundamentalError>;
    /// Once N's memory and solves are accepted by the budget, before any row is solved:
    /// `rows` rows will come (a writer estimates the time of writing them here).
    fn accepted(&mut self, rows: usize) -> Result<(), Self::Error> {
        let _ = rows;
        Ok(())
    }
    /// Before the first row.
    fn head(&mut self, head: FundamentalHead) -> Result<(), Self::Error>;
    /// One row, in the order asked for.
    fn row(&mut self, row: FundamentalRow) -> Result<(), Self::Error>;
}

/// The rows kept in memory.
struct Collect(Fundamental);

impl FundamentalSink for Collect {
    type Error = FundamentalError;
    fn head(&mut self, head: FundamentalHead) -> Result<(), FundamentalError> {
        let f = &mut self.0;
        (f.board, f.states, f.start, f.names) = (head.board, head.states, head.start, head.names);
        (f.dense, f.solver) = (head.dense, head.solver);
        Ok(())
    }
    fn row(&mut self, row: FundamentalRow) -> Result<(), FundamentalError> {
        self.0.rows.push(row);
        Ok(())
    }
}

/// Rows of N for `game`'s chain, as `options` asks, kept in memory.
pub fn fundamental<G: Game>(
    game: &G,
    chain: &Chain<G::State, G::Card>,
    board: &str,
    options: &FundamentalOptions,
) -> Result<Fundamental, FundamentalError> {
    let mut kept = Collect(Fundamental {
        board: String::new(),
        states: 0,
        start: 0,
        names: Vec::new(),
        dense: true,
        rows: Vec::new(),
        error_bound: 0.0,
        solver: String::new(),
    });
    kept.0.error_bound = fundamental_into(game, chain, board, options, &mut kept)?;
    Ok(kept.0)
}

/// Rows of N for `game`'s chain, as `options` asks, each handed to `sink` as it is solved
/// (after the head); the bound on the error of every entry given.
pub fn fundamental_into<G: Game, S: FundamentalSink>(
    game: &G,
    chain: &Chain<G::State, G::Card>,
    board: &str,
    options: &FundamentalOptions,
    sink: &mut S,
) -> Result<f64, S::Error> {
    check_finishes(game, chain).map_err(FundamentalError::from)?;
    let n = chain.len();
    let asked: Vec<usize> = if options.rows.is_empty() {
        (0..n).collect()
    } else {
        options
            .rows
            .iter()
            .map(|t| crate::chain::position::find(game, chain, t).map_err(FundamentalError::From))
            .collect::<Result<_, _>>()?
    };
    let rows: Vec<usize> = asked.into_iter().step_by(options.every).collect();
    let dense = n <= DENSE_STATES;
    if options.every == 1 {
        estimate(chain, rows.len(), options).map_err(FundamentalError::from)?;
        sink.accepted(rows.len())?;
    }
    let fail = |f: SolveFailure| FundamentalError::Solve(failure_error(game, chain, f));
    let m = reversed_transpose(chain.counts());
    let d = chain.denominator();
    let df = f64::from(d);
    let solver = FloatSolver::factor(&m, d).map_err(fail)?;
    let terms = m.outer_iterator().map(|r| r.nnz()).max().unwrap_or(0) + 1;
    let rev = |i: usize| n - 1 - i;
    // ||N||_1: the column sums of N are the solution of (I - Q)^T c = 1.
    let ones = vec![1.0; n];
    let c = solver.solve(&ones).map_err(fail)?;
    let norm = norm_bound(&c, &residual(&m, df, false, &c, &ones), terms);
    let states = chain.states();
    sink.head(FundamentalHead {
        board: board.to_string(),
        states: n,
        start: chain.start(),
        names: (0..n).map(|j| StateRef::of(game, j, states[j])).collect(),
        dense,
        solver: solver.name().into(),
    })?;
    let mut bound: f64 = 0.0;
    let mut e = vec![0.0; n];
    for &i in &rows {
        e.iter_mut().for_each(|x| *x = 0.0);
        e[rev(i)] = 1.0;
        let v = solver.solve(&e).map_err(fail)?;
        let r = residual(&m, df, false, &v, &e);
        bound = bound.max(error_bound(&r, terms, max_abs(&v).max(1.0), norm));
        // In chain order; expected visits are never negative (a clamp within the bound).
        let visits: Vec<f64> = (0..n).map(|j| v[rev(j)].max(0.0)).collect();
        let mean = visits.iter().sum();
        sink.row(if dense {
            FundamentalRow {
                from: i,
                mean,
                to: None,
                visits,
            }
        } else {
            let to: Vec<usize> = (0..n).filter(|&j| visits[j] > 0.0).collect();
            FundamentalRow {
                from: i,
                mean,
                visits: to.iter().map(|&j| visits[j]).collect(),
                to: Some(to),
            }
        })?;
    }
    Ok(bound)
}

/// Refuses `rows` rows of N if their memory (N's entries when kept, the chain's and a row's
/// when written as they come) or their solves are over the budget.
fn estimate<S>(
    chain: &crate::chain::Matrix<S>,
    rows: usize,
    options: &FundamentalOptions,
) -> Result<(), OverBudget> {
    let n = chain.len();
    // Every row is up to n numbers (N is dense: every state a token can reach has one).
    let entries = rows as f64 * n as f64;
    let what = format!(
        "the fundamental matrix ({rows} rows of {n} states, one solve each: up to {entries:.0} entries)"
    );
    let fix = "give only some rows with --from STATE";
    options
        .budget
        .memory(&what, memory(n, rows, options.streamed), fix)?;
    check_solves(chain, rows as f64 + 2.0, &what, &options.budget).map_err(|mut e| {
        e.fix = format!("{fix}; or {}", e.fix);
        e
    })
}

/// Bytes of `rows` rows of N over `n` states: kept, N's entries; written as they are solved,
/// the chain's names and one row's, whatever the number of rows.
pub fn memory(n: usize, rows: usize, streamed: bool) -> f64 {
    if streamed {
        n as f64 * STREAMED_STATE_BYTES
    } else {
        rows as f64 * n as f64 * KEPT_ENTRY_BYTES
    }
}

//! The general linear solve of one player's chain ([`super::chain`]): the expected turns until
//! home or the cap, and the chances of home, of the cap and of getting
//! stuck, each from one solve of (I - Q) y = b. `analyze` prints them beside the distribution
//! pushed turn by turn, as an independent check of it.
//!
//! Why a route of its own: the chain's feedback set is large (21,757 of the 47,857 states of
//! the shipped policy game's novice player at its default cap of 600: moves that give the
//! capped quantity away or send the player back lead to earlier states), so the sweep's dense part is out of reach and the sparse LU fills in to
//! about 8 GB and 2.7 minutes. Its moves still go mostly forward in the solver's order, so
//! Gauss-Seidel converges in a few dozen passes (about 0.1 s there): it is taken for every
//! chain with many cycles, at any size (the other games' chains try it only past 100,000
//! states, [`crate::solve::iterative::ITERATIVE_STATES`]); a chain with few cycles takes
//! [`FloatSolver`]'s sweep as any chain does. Each route's cost is estimated before it runs
//! ([`solve_within`]); a solve that would not fit is skipped with its reason and the flag that
//! would let it run, never refused, since the distribution's figures do not depend on it.

use crate::budget::clock::Instant;

use super::chain::{Chain, SolverForm, Target};
use crate::budget::{rate, Budget};
use crate::input::number::approx_count;
use crate::solve::iterative::{GaussSeidel, MOST_PASSES};
use crate::solve::{check_counts_solves, uses_sparse_lu, FloatSolver, SolveFailure, Sweep};

/// What the general solve gives for one player alone.
#[derive(Debug, Clone, PartialEq)]
pub struct Solved {
    /// Expected turns until home (or until the cap cuts the game, or it gets stuck).
    pub mean: f64,
    /// The chance of reaching home within the cap.
    pub home: f64,
    /// The chance of ever holding more than the cap: the mass the cap leaves out.
    pub cut: f64,
    /// The chance of getting stuck forever (no way home).
    pub stuck: f64,
    /// The chain's feedback states (the targets of its backward moves).
    pub feedback: usize,
    /// The solver that ran: "sweep", "sparse LU" or "Gauss-Seidel".
    pub solver: &'static str,
}

/// Solves the chain with the general cyclic solver ([`FloatSolver`]), whatever it costs.
pub fn solve<S>(chain: &Chain<S>) -> Result<Solved, SolveFailure> {
    let form = chain.solver_form().map_err(|_| SolveFailure::OutOfRange)?;
    let solver = FloatSolver::factor(&form.counts, form.d)?;
    solve_by(chain, &form, solver.name(), &|b| solver.solve(b))
}

/// One solve of (I - Q) y = b by whichever solver was chosen.
type Solve<'a> = &'a dyn Fn(&[f64]) -> Result<Vec<f64>, SolveFailure>;

/// A turn's reward in each state: none in a "move again" state, which takes no time; a lazy
/// row's scaled ([`Chain::solver_form`]).
fn rewards<S>(chain: &Chain<S>, form: &SolverForm) -> Vec<f64> {
    chain
        .mid_turn
        .iter()
        .zip(&form.weight)
        .map(|(again, w)| if *again { 0.0 } else { *w })
        .collect()
}

/// The four solves, each by `solve` on the chain's `form`.
fn solve_by<S>(
    chain: &Chain<S>,
    form: &SolverForm,
    solver: &'static str,
    solve: Solve,
) -> Result<Solved, SolveFailure> {
    let turns = rewards(chain, form);
    let chance = |end: Target| -> Result<f64, SolveFailure> {
        let b: Vec<f64> = chain
            .one_step(end)
            .iter()
            .zip(&form.weight)
            .map(|(a, w)| a * w)
            .collect();
        // A chance computed as a sum of rounded terms may come out a hair outside [0, 1] (or
        // as -0).
        let p = solve(&b)?[chain.start];
        Ok(if p > 0.0 { p.min(1.0) } else { 0.0 })
    };
    Ok(Solved {
        mean: solve(&turns)?[chain.start],
        home: chance(Target::Home)?,
        cut: chance(Target::Cut)?,
        stuck: chance(Target::Stuck)?,
        feedback: Sweep::<f64>::feedback_size(&form.counts),
        solver,
    })
}

/// Share of the time left the first Gauss-Seidel solve may take (the other three come after).
const FIRST_SHARE: f64 = 0.25;

/// [`solve`] within `budget`: Gauss-Seidel on a chain with many cycles, else the general
/// solver, each estimated first. `Err` says why it was not run (and what would let it run).
///
/// Gauss-Seidel's passes are not known before it runs (the novice's chain at cap 600 changes
/// by a whole turn a pass for 55 passes, a value carried back one state a pass, then settles
/// at 65), so no pilot of a few passes predicts them: its first solve is the pilot, allowed
/// the passes a quarter of the time left holds at the tuned rate; the other three are
/// estimated from the time it took.
pub fn solve_within<S>(chain: &Chain<S>, budget: &Budget) -> Result<Solved, String> {
    let form = chain.solver_form()?;
    let counts = &form.counts;
    let what = format!(
        "the general linear solve ({} states, {} of them targets of backward moves, {} transitions)",
        approx_count(counts.rows() as f64),
        approx_count(Sweep::<f64>::feedback_size(counts) as f64),
        approx_count(counts.nnz() as f64),
    );
    let fix = &format!("a smaller {} makes the chain smaller", chain.words.flag);
    let failed = |e: SolveFailure| format!("{what} failed: {e}");
    if !uses_sparse_lu(counts) {
        check_counts_solves(counts, form.d, 4.0, &what, budget)
            .map_err(|e| format!("{e}; {fix}"))?;
        let solver = FloatSolver::factor(counts, form.d).map_err(failed)?;
        return solve_by(chain, &form, solver.name(), &|b| solver.solve(b)).map_err(failed);
    }
    let what = format!("{what} by Gauss-Seidel");
    // The solution, the right-hand side and the rewards besides the chain.
    let n = counts.rows() as f64;
    budget
        .memory(&what, 8.0 * 4.0 * n, fix)
        .map_err(|e| e.to_string())?;
    let pass = crate::budget::idle((counts.nnz() as f64 + n) / rate::GAUSS_SEIDEL);
    let passes = (FIRST_SHARE * budget.left() / pass).min(MOST_PASSES) as usize;
    let gs = GaussSeidel::new(counts, form.d).map_err(failed)?;
    let turns = rewards(chain, &form);
    let started = Instant::now();
    let (mean, took) = match gs.with_limit(passes).solve_counted(&turns) {
        Ok((x, took)) => (x[chain.start], took),
        Err(SolveFailure::NotConverged { passes }) => {
            let needed = budget.allowing(4.0 * MOST_PASSES * pass / FIRST_SHARE);
            return Err(format!(
                "{what}: still changing after {passes} passes, all that a quarter of the time left allows; run with --budget {needed} to allow it {} passes; {fix}",
                MOST_PASSES
            ));
        }
        Err(e) => return Err(failed(e)),
    };
    let rest = 3.0 * started.elapsed().as_secs_f64();
    budget.time(&what, rest, fix).map_err(|e| e.to_string())?;
    let gs = GaussSeidel::new(counts, form.d)
        .map_err(failed)?
        .with_limit(4 * took + 64);
    let mut s = solve_by(chain, &form, "Gauss-Seidel", &|b| gs.solve(b)).map_err(failed)?;
    s.mean = mean;
    Ok(s)
}

//! Why a floating-point solve has no answer: shared by the sweep's route ([`super::float`])
//! and the sparse LU ([`super::sparse`]), so that neither imports the other.

/// Why [`super::solve_f64`] has no answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveFailure {
    /// A state that every card leaves where it is.
    #[error("state {state} has no way out (every card leaves it where it is)")]
    Trapped {
        /// Index of that state in the chain.
        state: usize,
    },
    /// Some states cannot reach the finish.
    #[error("some states cannot reach the finish")]
    CannotFinish,
    /// The `f64` route lost a pivot and the chain is too big to retry exactly.
    #[error("a chance of leaving a loop is below the floating-point range (about 1e-308), and the chain ({} states) is too big to solve again in exact rationals", crate::input::number::count(*.states as u64))]
    LostPivot {
        /// Number of states in the chain.
        states: usize,
    },
    /// A solution is beyond the `f64` range.
    #[error("a result is beyond the floating-point range (about 1e308)")]
    OutOfRange,
    /// The sparse LU of the chain cannot be set up: its factors would overflow the solver's
    /// indices, or its working memory could not be allocated.
    #[error("the sparse LU of its {} states {why}", crate::input::number::count(*.states as u64))]
    TooLarge {
        /// Number of states in the chain.
        states: usize,
        /// Why, in words.
        why: &'static str,
    },
    /// Gauss-Seidel stopped at its limit of passes, still changing.
    #[error("Gauss-Seidel was still changing its values after {passes} passes, over 4 times what its pilot predicted")]
    NotConverged {
        /// Passes run.
        passes: usize,
    },
}

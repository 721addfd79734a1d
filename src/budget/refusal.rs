//! A refusal: work over the time or memory a run may spend, said in words with the fix.

/// Work that would take longer than the budget, or more memory than the machine has.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{what} would {cost}; {fix}")]
pub struct OverBudget {
    /// The work, e.g. "simulating 1000000 games".
    pub what: String,
    /// "take about 3 hours (the budget is 60 s)" or "need about 2 TB of memory (...)".
    pub cost: String,
    /// What the user can do about it.
    pub fix: String,
    /// The `--budget` that would allow it, in whole seconds (`None` when none would, or memory
    /// is what it lacks).
    pub needed: Option<u64>,
    /// Time beyond any `--budget` (a billion seconds or more): the request that set the work
    /// is at fault, not the budget, so a part of a search is refused rather than left out.
    pub beyond_any_budget: bool,
    /// What the work lacks: time or memory.
    pub lacking: Resource,
}

/// What a refused piece of work lacks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resource {
    /// Time: a larger `--budget` may allow it (see [`OverBudget::needed`]).
    Time,
    /// Memory: no budget allows it on this machine.
    Memory,
}

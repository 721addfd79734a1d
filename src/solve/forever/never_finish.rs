//! The exact chance that a game never ends, on a board where some reachable states cannot
//! reach the finish.

use num_rational::BigRational;

use crate::budget::{Budget, OverBudget};
use crate::chain::{Chain, FINISH};
use crate::solve::solve_state_exact;

/// P(the game never finishes) from the start, exactly, for a chain where some states cannot
/// reach the finish: those states are made absorbing, and P(finish) = N' r.
pub fn never_finish<S, C>(chain: &Chain<S, C>, budget: &Budget) -> Result<BigRational, OverBudget> {
    let can = chain.can_finish();
    let (counts, _) = chain.absorb(|s, c| {
        let t = chain.next(s, c);
        !can[s] || (t != FINISH && !can[t as usize])
    });
    // (I - Q') y = r / D, as (D I - C') y = r in integers.
    let h: Vec<u64> = (0..chain.len())
        .map(|s| {
            if can[s] {
                u64::from(chain.finish_counts()[s])
            } else {
                0
            }
        })
        .collect();
    let probe = budget.probe("the exact chance that a game never ends", "");
    let d = chain.denominator();
    match probe.run(|watch| solve_state_exact(&counts, d, &h, chain.start(), watch))? {
        Ok(y) => Ok(BigRational::from_integer(1.into()) - y),
        // Every state left can finish or absorbs, so no exact pivot is zero.
        Err(e) => {
            unreachable!("exact sweep of a chain whose every state can finish or absorbs: {e}")
        }
    }
}

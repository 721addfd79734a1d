//! "Can the game run forever?", in its several senses, answered with evidence: the question
//! asked of a board of any game ([`forever`]) and its answer assembled ([`ForeverReport`]).
//!
//! 1. With random draws, does every game end: the certificate and its tail bounds, the exact
//!    tail; on a broken board the trapped states and the exact chance of never finishing
//!    ([`Unfinishable`] is what `analyze` says then).
//! 2. Is there a longest game, or the shortest loop with the probability of each repetition.
//! 3. The shortest game, one card sequence achieving it, and its probability.
//! 4. A fixed deck order recycled without shuffling, played to its end or to a loop, or a
//!    survey of random ones.
//!
//! The algorithms are [`crate::solve::forever`]'s (and the simulator's, for deck orders).

use serde::{Deserialize, Serialize};

use crate::budget::{Budget, OverBudget};
use crate::chain::Chain;
use crate::solve::forever::never_finish;

mod answer;
mod question;
pub use answer::{
    ForeverReport, LoopReport, Question, ShortestPath, StepReport, Survey, SurveyRow,
};
pub use question::{forever, forever_game, DeckOrder, ForeverOptions};

/// What `analyze` says about a game that can go on forever. This struct is its `--json` then.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Unfinishable {
    /// The board's short name.
    pub board: String,
    /// Number of reachable states, the finish excluded.
    pub states: usize,
    /// States that cannot reach the finish (at most 20), and how many there are.
    pub trapped: Vec<crate::solve::vocabulary::StateRef>,
    /// How many states cannot reach the finish (`trapped` lists at most 20 of them).
    pub trapped_count: usize,
    /// P(a game never ends).
    pub never_finish: crate::solve::vocabulary::Exact,
}

impl Unfinishable {
    /// The report, refused if the exact chance would take longer than `budget`.
    pub fn of<G: crate::games::Game>(
        game: &G,
        chain: &Chain<G::State, G::Card>,
        board: &str,
        budget: &Budget,
    ) -> Result<Unfinishable, OverBudget> {
        let can = chain.can_finish();
        let trapped: Vec<usize> = (0..chain.len()).filter(|&s| !can[s]).collect();
        let p = never_finish(chain, budget)?;
        Ok(Unfinishable {
            board: board.to_string(),
            states: chain.len(),
            trapped: trapped
                .iter()
                .take(20)
                .map(|&s| crate::solve::vocabulary::StateRef::of(game, s, chain.states()[s]))
                .collect(),
            trapped_count: trapped.len(),
            never_finish: crate::solve::vocabulary::Exact::from(&p),
        })
    }
}

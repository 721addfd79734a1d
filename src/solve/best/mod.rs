//! Best play: games with decisions solved exactly. One player alone who chooses among the moves
//! the rules allow ([`crate::games::decision::DecisionTurn`]) is a Markov decision process; its
//! decision graph ([`graph`]) holds every state any choices reach, and value iteration on it
//! ([`value`]) gives the fewest expected turns from every state, bracketed: a lower bound from
//! the iteration, and the exact expected turns of the policy it reads off as the upper bound.
//! Two players racing without meeting on the board (Pig) are solved for the chance of winning
//! ([`duel`]).

pub mod duel;
pub mod graph;
pub mod value;

pub use graph::{build, Graph, TooLarge};
pub use value::{iterate, Values};

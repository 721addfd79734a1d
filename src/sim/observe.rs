//! Watching the simulator's turn loop: transcripts and the fixed-deck-order loop search are
//! [`Observer`]s of [`crate::sim::Simulator::play_observed`], so the rules of a turn are walked
//! in one place only. The simulator's own runs use [`Unobserved`], whose hooks compile away.

use std::ops::ControlFlow;

/// Told of every turn of one game. States are encoded as the simulator holds them
/// ([`crate::sim::Simulator::state_index`] gives the chain's index); cards are physical cards
/// ([`crate::sim::Simulator::kind`] gives their kind).
pub trait Observer {
    /// False only for [`Unobserved`]: the loop then skips the hooks entirely.
    const ACTIVE: bool = true;

    /// Before a turn: whose turn it is, the turns played and the cards drawn so far (every
    /// token starts on [`crate::sim::Simulator::start`] and moves as [`Observer::after_turn`]
    /// reports). Returning `Break` stops the game there (unfinished).
    fn before_turn(&mut self, seat: usize, turns: u32, drawn: u32) -> ControlFlow<()> {
        let _ = (seat, turns, drawn);
        ControlFlow::Continue(())
    }

    /// After a turn: the seat, the state it was in, the card drawn (`None` for a lost turn) and
    /// where it went ([`crate::chain::FINISH`] when it finished).
    fn after_turn(&mut self, seat: usize, from: u32, card: Option<u32>, to: u32) {
        let _ = (seat, from, card, to);
    }
}

/// No observer: the simulator's hot loop.
#[derive(Debug, Clone, Copy, Default)]
pub struct Unobserved;

impl Observer for Unobserved {
    const ACTIVE: bool = false;
}

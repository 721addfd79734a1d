//! A Pig player's state (score and turn total) and what it may choose: what the board's
//! policies and the step function both read.

/// Everything about one player that the future depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Player {
    /// Points banked.
    pub score: u32,
    /// The turn's total so far (0 at the start of a turn).
    pub total: u32,
}

/// What a player does: roll the die, or hold (bank the turn's total).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Choice {
    /// Roll the die.
    Roll,
    /// Bank the turn's total; the turn ends.
    Hold,
}

impl Choice {
    /// The choice as a policy table writes it.
    pub fn words(self) -> &'static str {
        match self {
            Choice::Roll => "roll",
            Choice::Hold => "hold",
        }
    }
}

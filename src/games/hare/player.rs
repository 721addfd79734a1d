//! One player's state (square, carrots, lettuces, what the next turn starts with, "move
//! again"), what a move costs, and a player's race position: what the moves and the turn
//! both read.

use super::board::Board;
use super::policy_table::Situation;

/// What a player's next turn starts with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mark {
    /// The next turn is lost (a hare's "miss a turn").
    Missing,
    /// Arrived on a number square last turn: it pays at the start of the next turn.
    Arrived,
    /// Chewed a lettuce on this lettuce square: the player must leave it.
    Chewed,
    /// Nothing pending.
    Settled,
}

/// Everything about one player that the future depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Player {
    /// The square (0 start).
    pub pos: u8,
    /// Carrots held.
    pub carrots: u32,
    /// Lettuces still to chew.
    pub lettuces: u8,
    /// What the next turn starts with.
    pub mark: Mark,
    /// In the middle of a turn, about to move again (a hare's "move again").
    pub again: bool,
}

impl Player {
    /// A player at the start with the board's carrots and lettuces.
    pub fn start(board: &Board) -> Player {
        Player {
            pos: 0,
            carrots: board.rules.start_carrots as u32,
            lettuces: board.rules.start_lettuces as u8,
            mark: Mark::Settled,
            again: false,
        }
    }
}

impl Player {
    /// The situation of the player deciding, as a policy table names it.
    pub fn situation(&self) -> Situation {
        Situation {
            pos: self.pos,
            carrots: self.carrots,
            lettuces: self.lettuces,
            chewed: self.mark == Mark::Chewed,
            again: self.again,
        }
    }
}

/// The carrots a move of `n` squares costs: 1 + 2 + ... + n.
pub fn cost(n: usize) -> u32 {
    (n * (n + 1) / 2) as u32
}

/// The race position of `seat`: 1 + the players strictly ahead.
pub fn rank(players: &[Player], seat: usize) -> usize {
    let me = players[seat].pos;
    1 + players.iter().filter(|p| p.pos > me).count()
}

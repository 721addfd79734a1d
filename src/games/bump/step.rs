//! The step function of a bump race: a face moves the token forward; the last square, reached
//! (or passed, where overshooting wins), ends the game. What the move does to the other tokens
//! is [`RaceGame::met`]: the chain of the whole table and the simulator both apply it.

use super::{BumpBoard, Landing, Overshoot};
use crate::games::race::{Event, Events, Next, Outcome, RaceGame, Turn};

/// A move went past the last square and the token stayed.
pub const OVERSHOOT: Event = Event::game(0);

/// A token's square: 0 is the start, off the track; 1..N-1 the squares it can stand on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Spot(pub u32);

/// One face of the die: an index into [`BumpBoard::faces`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Roll(pub u32);

/// A bump race on a validated board.
#[derive(Debug, Clone)]
pub struct Bump {
    board: BumpBoard,
}

impl Bump {
    /// The step function for `board`.
    pub fn new(board: BumpBoard) -> Bump {
        Bump { board }
    }

    /// The validated board being played.
    pub fn board(&self) -> &BumpBoard {
        &self.board
    }
}

impl RaceGame for Bump {
    type State = Spot;
    type Card = Roll;

    fn start(&self) -> Spot {
        Spot(0)
    }

    fn deck(&self) -> Vec<(Roll, u32)> {
        (0..self.board.faces.len())
            .map(|i| (Roll(i as u32), self.board.faces[i].1))
            .collect()
    }

    fn has_deck(&self) -> bool {
        false
    }

    fn turn(&self, _s: Spot) -> Turn<Spot> {
        Turn::Draw
    }

    fn step(&self, s: Spot, roll: Roll) -> Outcome<Spot> {
        let n = self.board.squares;
        let to = s.0 + self.board.faces[roll.0 as usize].0;
        let finished = to == n || (to > n && self.board.rules.overshoot == Overshoot::Win);
        if finished {
            return Outcome {
                next: Next::Finished,
                events: Events::NONE,
            };
        }
        if to > n {
            return Outcome {
                next: Next::At(s),
                events: Events::NONE.with(OVERSHOOT),
            };
        }
        Outcome {
            next: Next::At(Spot(to)),
            events: Events::NONE,
        }
    }

    fn describe(&self, s: Spot) -> String {
        if s.0 == 0 {
            "at the start".to_string()
        } else {
            format!("square {}", s.0)
        }
    }

    fn card_name(&self, roll: Roll) -> String {
        format!("move {}", self.board.faces[roll.0 as usize].0)
    }

    fn events(&self) -> Vec<(Event, &'static str)> {
        vec![(Event::TURN_LOST, "turn-lost"), (OVERSHOOT, "overshoot")]
    }

    fn position(&self, s: Spot) -> Option<usize> {
        (s.0 > 0).then(|| s.0 as usize - 1)
    }

    fn finish_space(&self) -> Option<usize> {
        Some(self.board.squares as usize - 1)
    }

    fn tokens_meet(&self) -> bool {
        self.board.rules.landing == Landing::ToStart
    }

    /// A token on the square the mover lands on goes back to the start (no one is landed on
    /// at the start, which is off the track).
    fn met(&self, moved: Spot, other: Spot) -> Spot {
        if moved.0 > 0 && other == moved && self.tokens_meet() {
            Spot(0)
        } else {
            other
        }
    }

    fn dense_index(&self, s: Spot) -> Option<usize> {
        Some(s.0 as usize)
    }

    /// The start and squares 1..N-1.
    fn dense_size(&self) -> usize {
        self.board.squares as usize
    }
}

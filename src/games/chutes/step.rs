//! The Chutes and Ladders step function: the only implementation of its rules.
//!
//! A player's state is a [`Square`]: where the token stands (0 = off the board, before square 1)
//! and how many turns it owes (only under `jump-costs-turn`, where each ladder or chute taken
//! skips one of the player's next turns). A turn's outcome is a whole sequence of rolls (see
//! [`crate::games::chutes`]): with "roll again", the extra rolls are played here, one after the
//! other, inside the same turn.

use super::{ChutesBoard, Overshoot, OVERSHOOT};
use crate::games::jumps::{self, Square, CHUTE, LADDER};
use crate::games::race::{Event, Events, Next, Outcome, RaceGame, Turn};

/// A roll-again face gave another roll in the same turn.
pub const ROLL_AGAIN: Event = Event::game(3);

/// One turn's outcome: an index into [`ChutesBoard::turns`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Spin(pub u32);

/// Chutes and Ladders on a validated board.
#[derive(Debug, Clone)]
pub struct ChutesAndLadders {
    board: ChutesBoard,
}

impl ChutesAndLadders {
    /// The step function for `board`.
    pub fn new(board: ChutesBoard) -> ChutesAndLadders {
        ChutesAndLadders { board }
    }

    /// The validated board being played.
    pub fn board(&self) -> &ChutesBoard {
        &self.board
    }

    /// Plays one turn's rolls from `s`: the step function. `landed` collects the 0-based index
    /// of every square a roll lands on (before any jump) and every square the token rests on
    /// between rolls.
    fn play(&self, s: Square, spin: Spin, landed: &mut Vec<usize>) -> Outcome<Square> {
        let t = &self.board.turns()[spin.0 as usize];
        let n = self.board.squares();
        let rules = &self.board.rules;
        let mut events = Events::NONE;
        if t.forfeit {
            // The last allowed roll showed a roll-again face: the turn is cancelled.
            return Outcome {
                next: Next::At(s),
                events: events.with(Event::TURN_LOST),
            };
        }
        let mut at = s.at as usize;
        let mut owed = 0u8;
        for (k, &face) in t.faces.iter().enumerate() {
            if k > 0 {
                events = events.with(ROLL_AGAIN);
                if at > 0 {
                    landed.push(at - 1);
                }
            }
            let target = at + self.board.faces()[face].0 as usize;
            let square = if target == n || (target > n && rules.overshoot == Overshoot::Win) {
                return Outcome {
                    next: Next::Finished,
                    events,
                };
            } else if target > n {
                events = events.with(OVERSHOOT);
                match rules.overshoot {
                    Overshoot::Stay => continue,
                    // Validation keeps every face <= N, so this is at least 1.
                    _ => 2 * n - target,
                }
            } else {
                target
            };
            landed.push(square - 1);
            let (rest, cost) =
                self.board
                    .jumps()
                    .follow(square, rules.jump_costs_turn, &mut events);
            if rest == n {
                // A ladder to the last square wins at once.
                return Outcome {
                    next: Next::Finished,
                    events,
                };
            }
            owed = owed.saturating_add(cost);
            at = rest;
        }
        Outcome {
            next: Next::At(Square {
                at: at as u32,
                owed,
            }),
            events,
        }
    }
}

impl RaceGame for ChutesAndLadders {
    /// No traps; a turn is lost only to a jump that costs one.
    fn events(&self) -> Vec<(Event, &'static str)> {
        vec![
            (Event::TURN_LOST, "turn-lost"),
            (LADDER, "ladder"),
            (CHUTE, "chute"),
            (OVERSHOOT, "overshoot"),
            (ROLL_AGAIN, "roll-again"),
        ]
    }

    type State = Square;
    type Card = Spin;

    fn start(&self) -> Square {
        Square::START
    }

    fn deck(&self) -> Vec<(Spin, u32)> {
        self.board
            .turns()
            .iter()
            .enumerate()
            .map(|(i, t)| (Spin(i as u32), t.weight))
            .collect()
    }

    fn has_deck(&self) -> bool {
        false
    }

    fn turn(&self, s: Square) -> Turn<Square> {
        s.turn()
    }

    fn step(&self, s: Square, spin: Spin) -> Outcome<Square> {
        self.play(s, spin, &mut Vec::new())
    }

    fn passed_through(&self, s: Square, spin: Spin) -> Vec<usize> {
        let mut landed = Vec::new();
        let outcome = self.play(s, spin, &mut landed);
        jumps::passed_through(landed, outcome)
    }

    fn describe(&self, s: Square) -> String {
        let place = if s.at == 0 {
            "off the board".to_string()
        } else {
            format!("square {}", s.at)
        };
        s.describe(place)
    }

    fn card_name(&self, spin: Spin) -> String {
        self.board.turn_name(&self.board.turns()[spin.0 as usize])
    }

    fn position(&self, s: Square) -> Option<usize> {
        s.position()
    }

    /// The last square: reaching it (or passing it, where overshooting wins) ends the game.
    fn finish_space(&self) -> Option<usize> {
        Some(self.board.squares() - 1)
    }

    /// Off the board and squares 1..N-1, each free or owing turns (rarely more than one).
    fn states_bound(&self) -> usize {
        let b = &self.board;
        jumps::states_bound(
            b.squares(),
            b.rules.jump_costs_turn || b.jumps().any_costs_turn(),
        )
    }
}

//! The step function of a race: the only implementation of its rules.
//!
//! A player's state is a [`Square`]: the square the token stands on (0 = the start, before
//! square 1) and how many turns it owes (a jump that costs a turn skips the player's next
//! turn). One spin is one face: forward n (past the last square as `overshoot` says), back n
//! (never before the start), to square k, or back to the start; wherever the token lands, a
//! ladder or chute that starts there is taken.

use super::{Face, RaceBoard};
use crate::games::jumps::{self, Square, CHUTE, LADDER};
use crate::games::race::{Event, Events, Next, Outcome, RaceGame, Turn};
use crate::games::spinner::{Overshoot, OVERSHOOT};

/// A face moved the token back.
pub const BACK: Event = Event::game(3);
/// A face sent the token back to the start.
pub const TO_START: Event = Event::game(4);
/// A face sent the token to a given square.
pub const TO_SQUARE: Event = Event::game(5);

/// One face of the spinner: an index into [`RaceBoard::faces`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FaceId(pub u32);

/// A race on a validated board.
#[derive(Debug, Clone)]
pub struct RaceTrack {
    board: RaceBoard,
}

impl RaceTrack {
    /// The step function for `board`.
    pub fn new(board: RaceBoard) -> RaceTrack {
        RaceTrack { board }
    }

    /// The validated board being played.
    pub fn board(&self) -> &RaceBoard {
        &self.board
    }

    /// Plays one face from `s`. `landed` gets the 0-based index of the square the face lands
    /// on before any jump.
    fn play(&self, s: Square, face: FaceId, landed: &mut Vec<usize>) -> Outcome<Square> {
        let b = &self.board;
        let (n, rules) = (b.squares(), &b.rules);
        let at = s.at as usize;
        let mut events = Events::NONE;
        let finished = |events| Outcome {
            next: Next::Finished,
            events,
        };
        let target = match b.faces()[face.0 as usize].0 {
            Face::Forward(k) => {
                let t = at + k as usize;
                if t == n || (t > n && rules.overshoot == Overshoot::Win) {
                    return finished(events);
                }
                if t > n {
                    events = events.with(OVERSHOOT);
                    match rules.overshoot {
                        Overshoot::Stay => {
                            return Outcome {
                                next: Next::At(Square { at: s.at, owed: 0 }),
                                events,
                            }
                        }
                        // Validation keeps every forward face <= N, so this is at least 0.
                        _ => 2 * n - t,
                    }
                } else {
                    t
                }
            }
            Face::Back(k) => {
                events = events.with(BACK);
                let k = if rules.back_by > 0 { rules.back_by } else { k };
                at.saturating_sub(k as usize)
            }
            Face::To(k) => {
                events = events.with(TO_SQUARE);
                if k as usize == n {
                    return finished(events);
                }
                k as usize
            }
            Face::Start => {
                events = events.with(TO_START);
                0
            }
        };
        if target == 0 {
            return Outcome {
                next: Next::At(Square { at: 0, owed: 0 }),
                events,
            };
        }
        landed.push(target - 1);
        let (rest, owed) = b.jumps().follow(target, rules.jump_costs_turn, &mut events);
        if rest == n {
            // A ladder to the last square wins at once.
            return finished(events);
        }
        Outcome {
            next: Next::At(Square {
                at: rest as u32,
                owed,
            }),
            events,
        }
    }
}

impl RaceGame for RaceTrack {
    fn events(&self) -> Vec<(Event, &'static str)> {
        vec![
            (Event::TURN_LOST, "turn-lost"),
            (LADDER, "ladder"),
            (CHUTE, "chute"),
            (OVERSHOOT, "overshoot"),
            (BACK, "back"),
            (TO_START, "to-start"),
            (TO_SQUARE, "to-square"),
        ]
    }

    type State = Square;
    type Card = FaceId;

    fn start(&self) -> Square {
        Square::START
    }

    fn deck(&self) -> Vec<(FaceId, u32)> {
        self.board
            .faces()
            .iter()
            .enumerate()
            .map(|(i, f)| (FaceId(i as u32), f.2))
            .collect()
    }

    fn has_deck(&self) -> bool {
        false
    }

    fn turn(&self, s: Square) -> Turn<Square> {
        s.turn()
    }

    fn step(&self, s: Square, face: FaceId) -> Outcome<Square> {
        self.play(s, face, &mut Vec::new())
    }

    fn passed_through(&self, s: Square, face: FaceId) -> Vec<usize> {
        let mut landed = Vec::new();
        let outcome = self.play(s, face, &mut landed);
        jumps::passed_through(landed, outcome)
    }

    fn describe(&self, s: Square) -> String {
        s.describe(self.board.position_name(s.at as usize))
    }

    fn card_name(&self, face: FaceId) -> String {
        self.board.faces()[face.0 as usize].1.clone()
    }

    fn position(&self, s: Square) -> Option<usize> {
        s.position()
    }

    /// The last square: reaching it (or passing it, where overshooting wins) ends the game.
    fn finish_space(&self) -> Option<usize> {
        Some(self.board.squares() - 1)
    }

    /// The start and squares 1..N-1, each free or owing a turn.
    fn states_bound(&self) -> usize {
        let b = &self.board;
        jumps::states_bound(
            b.squares(),
            b.rules.jump_costs_turn || b.jumps().any_costs_turn(),
        )
    }
}

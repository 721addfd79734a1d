//! The step function of a race: the only implementation of its rules, whichever word the board
//! file uses.
//!
//! A player's state is a [`Square`]: the square the token stands on (0 = the start, before
//! square 1) and how many turns it owes (a jump that costs a turn skips the player's next
//! turn). A turn's outcome is one face, or with "roll again" a whole sequence of rolls (see
//! [`crate::games::race_track`]), played here one after the other inside the same turn. Each
//! roll is one face: forward n (past the last square as `overshoot` says), back n (never before
//! the start), to square k, or back to the start; wherever the token lands, a ladder or chute
//! that starts there is taken.

use std::marker::PhantomData;

use super::events::{self, BACK, OVERSHOOT, ROLL_AGAIN, TO_SQUARE, TO_START};
use super::jumps::{self, Square};
use super::{Dialect, Face, Overshoot, RaceBoard};
use crate::games::race::{Event, Events, Next, Outcome, RaceGame, Turn};

/// One turn's outcome: an index into [`RaceBoard::turns`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Spin(pub u32);

/// A race on a validated board, read under the board-file word `D` (`race` by default).
#[derive(Debug, Clone)]
pub struct RaceTrack<D: Dialect = super::dialect::Race> {
    board: RaceBoard,
    dialect: PhantomData<D>,
}

impl<D: Dialect> RaceTrack<D> {
    /// The step function for `board`.
    pub fn new(board: RaceBoard) -> RaceTrack<D> {
        RaceTrack {
            board,
            dialect: PhantomData,
        }
    }

    /// The validated board being played.
    pub fn board(&self) -> &RaceBoard {
        &self.board
    }

    /// Plays one turn's rolls from `s`: the step function. `landed` collects the 0-based index
    /// of every square a roll lands on (before any jump) and every square the token rests on
    /// between rolls.
    fn play(&self, s: Square, spin: Spin, landed: &mut Vec<usize>) -> Outcome<Square> {
        let b = &self.board;
        let t = &b.turns()[spin.0 as usize];
        let (n, rules) = (b.squares(), &b.rules);
        let mut events = Events::NONE;
        let finished = |events| Outcome {
            next: Next::Finished,
            events,
        };
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
            let target = match b.faces()[face].0 {
                Face::Forward(k) => {
                    let to = at + k as usize;
                    if to == n || (to > n && rules.overshoot == Overshoot::Win) {
                        return finished(events);
                    }
                    if to > n {
                        events = events.with(OVERSHOOT);
                        match rules.overshoot {
                            Overshoot::Stay => continue,
                            // Validation keeps every forward face <= N, so this is at least 0.
                            _ => 2 * n - to,
                        }
                    } else {
                        to
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
                // No jump starts before the first square.
                at = 0;
                continue;
            }
            landed.push(target - 1);
            let (rest, cost) = b.jumps().follow(target, rules.jump_costs_turn, &mut events);
            if rest == n {
                // A ladder to the last square wins at once.
                return finished(events);
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

    /// Whether this board can have `event` (one of [`events::OPTIONAL`]).
    fn can_have(&self, event: Event) -> bool {
        let b = &self.board;
        let any_face = |f: fn(&Face) -> bool| b.faces().iter().any(|(face, _, _)| f(face));
        if event == ROLL_AGAIN {
            !b.rules.roll_again.is_empty()
        } else if event == BACK {
            any_face(|f| matches!(f, Face::Back(_)))
        } else if event == TO_START {
            any_face(|f| matches!(f, Face::Start))
        } else {
            any_face(|f| matches!(f, Face::To(_)))
        }
    }
}

impl<D: Dialect> RaceGame for RaceTrack<D> {
    /// The four events of every race, then those the board's word always lists and those its
    /// faces and rules can have. No traps; a turn is lost only to a jump that costs one, or to
    /// a forfeited roll-again turn.
    fn events(&self) -> Vec<(Event, &'static str)> {
        let mut out = events::EVERY_RACE.to_vec();
        out.extend(
            events::OPTIONAL
                .into_iter()
                .filter(|(e, _)| D::EVENTS.contains(e) || self.can_have(*e)),
        );
        out
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
        s.describe(self.board.position_name(s.at as usize))
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

    /// The start and squares 1..N-1, each free or owing turns (rarely more than one).
    fn states_bound(&self) -> usize {
        let b = &self.board;
        jumps::states_bound(
            b.squares(),
            b.rules.jump_costs_turn || b.jumps().any_costs_turn(),
        )
    }
}

//! The Candy Land step function: the only implementation of the Candy Land rules.
//!
//! A player's state is a [`Token`]: where it stands and whether it owes a lost turn. Under
//! `stuck-until-color` licorice nothing extra is needed (being stuck is a matter of standing on
//! licorice), under `lose-next-turn` the [`Hold`] records the turn owed.
//!
//! "Next space of colour c after position p" is precomputed as a table, so a step costs a few
//! array reads: the chain builder calls it once per (state, card), the simulator replays the
//! table the chain builder produces.

use super::{
    Board, Card, Colour, DoubleLicorice, DoubleMove, DoubleShortcut, LandmarkDirection,
    LicoriceRule, Start,
};
use crate::games::race::{Event, Events, Next, Outcome, RaceGame, Turn};

/// A shortcut was followed.
pub const SHORTCUT: Event = Event::game(0);
/// A landmark card moved the token forward.
pub const LANDMARK_FORWARD: Event = Event::game(1);
/// A landmark card moved the token backward.
pub const LANDMARK_BACKWARD: Event = Event::game(2);

/// Where a token stands. Derived order: the start first, then spaces in board order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Place {
    /// Before the first space.
    Start,
    /// On a space (0-based).
    Space(u32),
}

impl Place {
    /// The space index, `None` before the first space.
    pub fn space(self) -> Option<usize> {
        match self {
            Place::Start => None,
            Place::Space(i) => Some(i as usize),
        }
    }
}

/// Whether a token owes a lost turn (`lose-next-turn` licorice). A token that owes a turn sorts
/// before a free one on the same space, because its next turn frees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Hold {
    /// The token landed on licorice under `lose-next-turn`: its next turn is skipped (no card is
    /// drawn), then it is free again.
    LosesNextTurn,
    /// The token's next turn draws a card as usual.
    Free,
}

/// One player's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Token {
    /// Where the token stands.
    pub at: Place,
    /// Whether it owes a lost turn (always [`Hold::Free`] unless licorice is `lose-next-turn`).
    pub hold: Hold,
}

const NONE: u32 = u32::MAX;

/// Candy Land on a validated board.
#[derive(Debug, Clone)]
pub struct CandyLand {
    board: Board,
    /// `next[c * (n + 1) + k]`: the first space at index >= k with colour c, or `NONE`.
    next: Vec<u32>,
}

impl CandyLand {
    /// The step function for `board`, with its next-space-of-colour table precomputed (six rows of
    /// `board.len() + 1` entries).
    pub fn new(board: Board) -> CandyLand {
        let n = board.len();
        let mut next = vec![NONE; Colour::ALL.len() * (n + 1)];
        for c in Colour::ALL {
            let row = &mut next[c.index() * (n + 1)..(c.index() + 1) * (n + 1)];
            for k in (0..n).rev() {
                row[k] = if board.colour(k) == Some(c) {
                    k as u32
                } else {
                    row[k + 1]
                };
            }
        }
        CandyLand { board, next }
    }

    /// The validated board being played.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The next space of colour `c` strictly after `from`.
    fn next_of(&self, c: Colour, from: Place) -> Option<usize> {
        let n = self.board.len();
        let k = from.space().map_or(0, |p| p + 1);
        let i = self.next[c.index() * (n + 1) + k];
        (i != NONE).then_some(i as usize)
    }

    /// Whether licorice catches a token whose step ends on `space`.
    fn catches(&self, space: usize, counts: bool) -> bool {
        counts && self.board.rules.licorice != LicoriceRule::None && self.board.is_licorice(space)
    }

    /// Ends a move on `space`.
    fn settle(&self, space: usize, mut events: Events, caught: bool) -> Outcome<Token> {
        let rules = &self.board.rules;
        if rules.land_on_last_wins && space == self.board.len() - 1 {
            return Outcome {
                next: Next::Finished,
                events,
            };
        }
        let mut hold = Hold::Free;
        if caught {
            events = events.with(Event::TRAP);
            if rules.licorice == LicoriceRule::LoseNextTurn {
                hold = Hold::LosesNextTurn;
            }
        }
        Outcome {
            next: Next::At(Token {
                at: Place::Space(space as u32),
                hold,
            }),
            events,
        }
    }

    /// A move from `state` with `card`, pushing the start of each shortcut it takes onto `taken`.
    fn play(&self, state: Token, card: Card, taken: &mut Vec<usize>) -> Outcome<Token> {
        if self.held(state, card) {
            return Outcome {
                next: Next::At(state),
                events: Events::NONE.with(Event::TURN_LOST),
            };
        }
        match card {
            Card::Single(c) => self.advance(state.at, c, false, taken),
            Card::Double(c) => self.advance(state.at, c, true, taken),
            Card::Landmark(l) => self.jump(state, l as usize),
        }
    }

    /// Whether stuck-until-color licorice keeps the token where it is against `card`.
    fn held(&self, state: Token, card: Card) -> bool {
        let board = &self.board;
        state.at.space().is_some_and(|p| {
            board.rules.licorice == LicoriceRule::StuckUntilColor
                && board.is_licorice(p)
                && !match card {
                    Card::Single(c) | Card::Double(c) => board.colour(p) == Some(c),
                    Card::Landmark(_) => board.rules.landmark_frees,
                }
        })
    }

    /// A colour card: one step, or two for a double under `two-steps`, pushing the start of
    /// each shortcut taken onto `taken`.
    fn advance(
        &self,
        from: Place,
        c: Colour,
        double: bool,
        taken: &mut Vec<usize>,
    ) -> Outcome<Token> {
        let rules = &self.board.rules;
        let steps = if double && rules.doubles == DoubleMove::TwoSteps {
            2
        } else {
            1
        };
        let mut at = from;
        let mut events = Events::NONE;
        for step in 1..=steps {
            let last = step == steps;
            let Some(mut space) = self.next_of(c, at) else {
                // No space of this colour ahead: the card carries the token home.
                return Outcome {
                    next: Next::Finished,
                    events,
                };
            };
            let shortcut_counts = !double
                || match rules.double_shortcut {
                    DoubleShortcut::EachStep => true,
                    DoubleShortcut::FinalStep => last,
                    DoubleShortcut::Never => false,
                };
            if shortcut_counts {
                if let Some(to) = self.board.shortcut(space) {
                    taken.push(space);
                    space = to;
                    events = events.with(SHORTCUT);
                }
            }
            let licorice_counts = !double
                || match rules.double_licorice {
                    DoubleLicorice::StopsMove => true,
                    DoubleLicorice::FinalStep => last,
                    DoubleLicorice::Never => false,
                };
            let caught = self.catches(space, licorice_counts);
            let on_last = rules.land_on_last_wins && space == self.board.len() - 1;
            if last || caught || on_last {
                return self.settle(space, events, caught);
            }
            at = Place::Space(space as u32);
        }
        unreachable!("the last step always settles")
    }

    /// A landmark card.
    fn jump(&self, token: Token, landmark: usize) -> Outcome<Token> {
        let target = self.board.landmarks()[landmark].space;
        let here = token.at.space();
        let forward = here.is_none_or(|h| target > h);
        let backward = here.is_some_and(|h| target < h);
        let allowed =
            forward || (backward && self.board.rules.landmark_direction == LandmarkDirection::Any);
        if !allowed {
            // A landmark card for the space you are on, or one behind you under `forward-only`.
            return Outcome {
                next: Next::At(token),
                events: Events::NONE,
            };
        }
        let event = if forward {
            LANDMARK_FORWARD
        } else {
            LANDMARK_BACKWARD
        };
        self.settle(target, Events::NONE.with(event), self.catches(target, true))
    }
}

impl RaceGame for CandyLand {
    /// Licorice is the trap.
    fn events(&self) -> Vec<(Event, &'static str)> {
        vec![
            (Event::TRAP, "licorice"),
            (Event::TURN_LOST, "turn-lost"),
            (SHORTCUT, "shortcut"),
            (LANDMARK_FORWARD, "landmark-forward"),
            (LANDMARK_BACKWARD, "landmark-backward"),
        ]
    }

    type State = Token;
    type Card = Card;

    fn start(&self) -> Token {
        let at = match self.board.rules.start {
            Start::BeforeFirst => Place::Start,
            Start::FirstSpace => Place::Space(0),
        };
        Token {
            at,
            hold: Hold::Free,
        }
    }

    fn deck(&self) -> Vec<(Card, u32)> {
        self.board.deck().cards().to_vec()
    }

    fn turn(&self, state: Token) -> Turn<Token> {
        match state.hold {
            Hold::LosesNextTurn => Turn::Skip(Outcome {
                next: Next::At(Token {
                    at: state.at,
                    hold: Hold::Free,
                }),
                events: Events::NONE.with(Event::TURN_LOST),
            }),
            Hold::Free => Turn::Draw,
        }
    }

    fn step(&self, state: Token, card: Card) -> Outcome<Token> {
        self.play(state, card, &mut Vec::new())
    }

    /// The starts of the shortcuts the move takes, sorted, each once, but for where it comes
    /// to rest: the token lands on a shortcut's start and is moved on from there, so it has
    /// landed on it. A space a double's first step only passes over (a shortcut there not
    /// taken, under `double-shortcut = final-step` or `never`) is not landed on, nor is any
    /// other space between where a move begins and where it ends.
    fn passed_through(&self, state: Token, card: Card) -> Vec<usize> {
        let mut taken = Vec::new();
        if state.hold != Hold::Free {
            return taken;
        }
        let rest = match self.play(state, card, &mut taken).next {
            Next::At(t) => t.at.space(),
            Next::Finished => None,
        };
        taken.retain(|&p| Some(p) != rest);
        taken.sort_unstable();
        taken.dedup();
        taken
    }

    fn describe(&self, state: Token) -> String {
        let mut s = match state.at.space() {
            None => "start".to_string(),
            Some(p) => {
                let mut s = format!("space {p} ({}", self.board.space_name(p));
                if self.board.is_licorice(p) {
                    s.push_str(", licorice");
                }
                s.push(')');
                s
            }
        };
        if state.hold == Hold::LosesNextTurn {
            s.push_str(", loses next turn");
        }
        s
    }

    fn card_name(&self, card: Card) -> String {
        self.board.card_name(card)
    }

    fn position(&self, state: Token) -> Option<usize> {
        state.at.space()
    }

    /// The last space when landing on it wins (it is then the castle, where every game ends);
    /// otherwise the finish lies past it, reached by a card with no space of its colour ahead.
    fn finish_space(&self) -> Option<usize> {
        self.board
            .rules
            .land_on_last_wins
            .then(|| self.board.len() - 1)
    }

    /// (position + 1) * 2 + free: the start is position -1.
    fn dense_index(&self, state: Token) -> Option<usize> {
        let place = state.at.space().map_or(0, |p| p + 1);
        Some(place * 2 + usize::from(state.hold == Hold::Free))
    }

    fn dense_size(&self) -> usize {
        (self.board.len() + 1) * 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::candyland::BoardFile;

    /// The board of the test below, under `double-shortcut = rule`.
    fn tiny(rule: &str) -> CandyLand {
        let text = format!(
            "name = \"t\"\n[board]\n\
             spaces = [\"red\", \"blue\", \"red\", \"blue\", \"green\", \"purple\"]\n\
             shortcuts = [{{ from = 0, to = 3 }}, {{ from = 2, to = 4 }}]\n\
             [deck.single]\nred = 1\nblue = 1\n[deck.double]\nred = 1\n\
             [rules]\ndouble-shortcut = \"{rule}\"\n"
        );
        let file: BoardFile = toml::from_str(&text).unwrap();
        CandyLand::new(Board::from_file(&file).unwrap())
    }

    #[test]
    fn a_shortcut_start_the_token_stands_on_is_passed_through_and_one_it_moves_past_is_not() {
        // Spaces 0..5: red, blue, red, blue, green, purple; shortcuts 0 -> 3 and 2 -> 4; doubles
        // two steps (the default). By hand, from the start (before space 0):
        // - single red: the next red is 0, a shortcut's start: the token stands on 0 and goes
        //   on to 3, where it rests. Passed through: [0].
        // - single blue: to 1, no shortcut: [].
        // - double red, final-step (the official rule): the first step reaches 0 but only moves
        //   past it (no shortcut taken there); the second reaches 2 and takes its shortcut to
        //   4: [2], not 0.
        // - double red, each-step: the first step takes 0 -> 3; the second looks for a red
        //   after 3, finds none and carries the token home: [0].
        // - double red, never: 0 moved past, then the token rests on 2 without taking the
        //   shortcut: [] (it comes to rest there, so it is no pass: the chain's state counts it).
        // From space 1 (blue), single red: to 2, then 2 -> 4: [2].
        let start = Token {
            at: Place::Start,
            hold: Hold::Free,
        };
        let on_1 = Token {
            at: Place::Space(1),
            hold: Hold::Free,
        };
        let (red, blue, double_red) = (
            Card::Single(Colour::Red),
            Card::Single(Colour::Blue),
            Card::Double(Colour::Red),
        );
        let official = tiny("final-step");
        assert_eq!(official.passed_through(start, red), vec![0]);
        assert_eq!(official.passed_through(start, blue), Vec::<usize>::new());
        assert_eq!(official.passed_through(start, double_red), vec![2]);
        assert_eq!(official.passed_through(on_1, red), vec![2]);
        assert_eq!(tiny("each-step").passed_through(start, double_red), vec![0]);
        let never = tiny("never");
        assert_eq!(never.passed_through(start, double_red), Vec::<usize>::new());
        assert_eq!(
            never.step(start, double_red).next,
            Next::At(Token {
                at: Place::Space(2),
                hold: Hold::Free
            })
        );
        // Where a move rests is never among the spaces it passes through, and the jump starts
        // (how `passage --to "shortcut 2"` is hit) are the same spaces.
        for game in [official, tiny("each-step"), never] {
            for from in [start, on_1] {
                for card in [red, blue, double_red] {
                    let through = game.passed_through(from, card);
                    if let Next::At(t) = game.step(from, card).next {
                        assert!(t.at.space().is_none_or(|p| !through.contains(&p)));
                    }
                    assert_eq!(crate::games::Game::jump_starts(&game, from, card), through);
                }
            }
        }
    }
}

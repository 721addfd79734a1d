//! One roll of the dice, the one implementation of the movement rules: the exact chain
//! enumerates it over every roll and card ([`crate::chain::loops`]) and the simulator samples
//! it ([`crate::sim::loops`]).
//!
//! A roll moves the token by the dice's sum, then applies the square it lands on (Go To Jail,
//! a card and what the card does, which may be a second card with `card-moves-draw`). Doubles
//! roll again; the third in a row goes to jail instead of moving. In jail a player leaves by
//! the board's jail policy. A turn is one to three rolls: the roll that does not give a double
//! (or goes to jail, or is a roll from jail) ends it.

use super::board::{Action, Board, Pile};
use super::file::SquareKind;
use super::rules::{
    Cards, DoublesCount, GoToJailCounted, JailDoubles, JailFreeCard, JailPolicy, ThreeDoubles,
};

/// Everything about the token that the future depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Token {
    /// The square it stands on.
    pub square: u8,
    /// Doubles rolled in a row toward the three that go to jail (tracked only under
    /// `three-doubles = "jail"`).
    pub doubles: u8,
    /// Whether the roll that brought the token here lets it roll again (a double that did
    /// not send it to jail).
    pub again: bool,
    /// 0 outside jail; in jail, 1 plus the turns tried for doubles so far.
    pub jail: u8,
    /// The kept Get Out of Jail Free cards ([`Pile::bit`]).
    pub held: u8,
    /// With cycled piles, the position in each pile's order of its next card.
    pub next: [u8; 2],
    /// Where the roll that brought the token here is counted (the square, but for
    /// `go-to-jail-counted = "at-go-to-jail"`).
    pub counted: u8,
}

impl Token {
    /// The token before the first roll: on GO, holding nothing, each pile at its top.
    pub fn start() -> Token {
        Token {
            square: 0,
            doubles: 0,
            again: false,
            jail: 0,
            held: 0,
            next: [0, 0],
            counted: 0,
        }
    }

    /// Whether the roll that brought the token here ended the turn: it was not a double, or
    /// it sent the token to jail.
    pub fn ends_turn(&self) -> bool {
        !self.again || self.jail > 0
    }
}

/// Where the independent draws of a roll come from: the simulator's random numbers or the
/// chain's enumeration.
pub trait Draw {
    /// The index of the card drawn among the `available` cards of a pile (those not kept by
    /// the player), in the pile's order.
    fn card(&mut self, available: usize) -> usize;
}

/// The dice as rolled: their sum and whether all show the same face (a double; never with
/// one die).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dice {
    /// The sum of the faces.
    pub sum: u8,
    /// Whether it is a double.
    pub double: bool,
}

impl Board {
    /// Every way the dice can fall, as (dice, ways out of faces^count).
    pub fn dice_outcomes(&self) -> Vec<(Dice, u32)> {
        let mut out: Vec<(Dice, u32)> = Vec::new();
        let total = u32::from(self.faces).pow(u32::from(self.dice));
        for code in 0..total {
            let mut c = code;
            let mut faces = Vec::with_capacity(self.dice as usize);
            for _ in 0..self.dice {
                faces.push((c % u32::from(self.faces)) as u8 + 1);
                c /= u32::from(self.faces);
            }
            let dice = Dice {
                sum: faces.iter().sum(),
                double: self.dice > 1 && faces.iter().all(|f| *f == faces[0]),
            };
            match out.iter_mut().find(|(d, _)| *d == dice) {
                Some((_, w)) => *w += 1,
                None => out.push((dice, 1)),
            }
        }
        out
    }

    /// The token after one roll of `dice` from `t`, its independent card draws from `draw`.
    pub fn roll(&self, t: Token, dice: Dice, draw: &mut impl Draw) -> Token {
        let mut t = t;
        if t.jail > 0 {
            let card = [Pile::Chance, Pile::Chest]
                .into_iter()
                .find(|p| t.held & p.bit() != 0);
            if let Some(pile) = card {
                // The card is used, back in the pile, and the player rolls as usual.
                t.held &= !pile.bit();
                t.jail = 0;
            } else if self.rules.jail == JailPolicy::ShortStay {
                t.jail = 0;
            } else if dice.double || t.jail == 3 {
                // Out by doubles or by the fine on the third try.
                t.jail = 0;
                let after = self.advance(t, dice.sum, draw);
                if after.jail > 0 {
                    return after;
                }
                let again = dice.double && self.rules.jail_doubles == JailDoubles::RollAgain;
                let counting = again && self.rules.three_doubles == ThreeDoubles::Jail;
                return Token {
                    doubles: u8::from(counting),
                    again,
                    ..after
                };
            } else {
                t.jail += 1;
                t.counted = t.square;
                t.again = false;
                // A roll that is not a double ends any count of doubles.
                t.doubles = 0;
                return t;
            }
        }
        let doubles = if dice.double && self.rules.three_doubles == ThreeDoubles::Jail {
            t.doubles + 1
        } else {
            0
        };
        if doubles == 3 {
            return self.to_jail(t, self.jail);
        }
        let after = self.advance(t, dice.sum, draw);
        if after.jail > 0 {
            // Sent to jail by the square or a card: the turn ends, and with it the count of
            // doubles, unless every roll counts.
            return match self.rules.doubles_count {
                DoublesCount::InATurn => after,
                DoublesCount::ConsecutiveRolls => Token { doubles, ..after },
            };
        }
        Token {
            doubles,
            again: dice.double,
            ..after
        }
    }

    /// Moves forward `steps` squares and applies the square landed on.
    fn advance(&self, t: Token, steps: u8, draw: &mut impl Draw) -> Token {
        let n = self.squares.len();
        let square = ((t.square as usize + steps as usize) % n) as u8;
        self.land(Token { square, ..t }, 0, draw)
    }

    /// Applies square `t.square`: Go To Jail, or a card and what it does (drawing again on a
    /// card square a card moves to, with `card-moves-draw`, `depth` cards drawn so far).
    fn land(&self, t: Token, depth: u8, draw: &mut impl Draw) -> Token {
        let here = t.square;
        if self.squares[here as usize].kind == SquareKind::GoToJail {
            return self.to_jail(t, here);
        }
        let Some(pile) = self.pile_at(here) else {
            return Token { counted: here, ..t };
        };
        if depth > 0 && !self.rules.card_moves_draw {
            return Token { counted: here, ..t };
        }
        let (action, mut t) = self.draw(t, pile, draw);
        match action {
            Action::Jail => self.to_jail(t, self.jail),
            Action::Keep => {
                if self.rules.jail_free_card == JailFreeCard::Kept {
                    t.held |= pile.bit();
                }
                Token { counted: here, ..t }
            }
            Action::Stay => Token { counted: here, ..t },
            moving => {
                let square = self.destination(here, moving).unwrap_or(here);
                self.land(Token { square, ..t }, depth + 1, draw)
            }
        }
    }

    /// Draws the next card of `pile`: the cycled pile's next card (skipping the kept card),
    /// or an independent draw among the cards not kept.
    fn draw(&self, t: Token, pile: Pile, draw: &mut impl Draw) -> (Action, Token) {
        let cards = self.pile(pile);
        let kept = t.held & pile.bit() != 0;
        let available = |i: usize| !(kept && cards[i].0 == Action::Keep);
        let k = pile as usize;
        let mut t = t;
        let i = match self.rules.cards {
            Cards::Cycled => {
                let mut i = t.next[k] as usize;
                if !available(i) {
                    i = (i + 1) % cards.len();
                }
                t.next[k] = ((i + 1) % cards.len()) as u8;
                i
            }
            Cards::Independent => {
                let count = cards.len() - usize::from(kept);
                if count == 0 {
                    // Validation refuses a pile of only the kept card; nothing to draw.
                    return (Action::Stay, t);
                }
                let j = draw.card(count);
                (0..cards.len())
                    .filter(|i| available(*i))
                    .nth(j)
                    .unwrap_or(0)
            }
        };
        (cards[i].0, t)
    }

    /// The token sent to jail from square `from` (counted there under
    /// `go-to-jail-counted = "at-go-to-jail"`, for the Go To Jail square): the turn ends.
    fn to_jail(&self, t: Token, from: u8) -> Token {
        let counted = match self.rules.go_to_jail_counted {
            GoToJailCounted::AtGoToJail
                if self.squares[from as usize].kind == SquareKind::GoToJail =>
            {
                from
            }
            _ => self.jail,
        };
        Token {
            square: self.jail,
            doubles: 0,
            again: false,
            jail: 1,
            counted,
            ..t
        }
    }
}

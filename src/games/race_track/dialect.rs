//! The two words a race board file's `game` key may say: `race`, and `chutes-and-ladders`, an
//! alias that reads the same file with the same defaults and plays it by the same step
//! function. The word only chooses how a board is described and searched, so that a Chutes and
//! Ladders board keeps the figures, tables and hypotheses it always had:
//! - the rules its JSON always shows and that `check` and `whatif --rules` vary (Chutes and
//!   Ladders: overshoot, a jump costing a turn, roll-again and chained jumps; a race also
//!   `back-by`); any other rule shows once a board sets it;
//! - the events its figures always list (roll-again for Chutes and Ladders; the backward,
//!   to-start and to-square faces for a race), others once the board can have them;
//! - its size and spinner in words (a Chutes and Ladders spinner's faces are moves, "move 3").
//!
//! A word is a type, so that each is a [`Game`](crate::games::Game) of its own with its own
//! shipped boards and `check` searches each apart, as it did when they were two kinds.

use std::fmt::Debug;

use super::events::{BACK, ROLL_AGAIN, TO_SQUARE, TO_START};
use crate::games::race::Event;
use crate::games::ShippedBoard;

/// A board-file word of the race kind.
pub trait Dialect: Clone + Copy + Debug + Default + Send + Sync + 'static {
    /// The word of the board file's `game` key.
    const KIND: &'static str;
    /// The shipped boards written with this word.
    const SHIPPED: &'static [ShippedBoard];
    /// The `[rules]` keys its boards are described by: the JSON of the rules always shows
    /// these, and `check` and `whatif --rules` vary them.
    const RULES: &'static [&'static str];
    /// The game's own events the figures list even on a board that cannot have them.
    const EVENTS: &'static [Event];
    /// Whether the board's size in words counts the spinner's faces.
    const COUNTS_FACES: bool;
    /// Whether a face that moves forward and has no name of its own is shown as "move n"
    /// (rather than "n: forward n").
    const FACES_AS_MOVES: bool;
}

/// `game = "race"`: Hi Ho! Cherry-O and any race.
#[derive(Debug, Clone, Copy, Default)]
pub struct Race;

impl Dialect for Race {
    const KIND: &'static str = "race";
    const SHIPPED: &'static [ShippedBoard] = &[ShippedBoard {
        name: "hi-ho-cherry-o",
        text: include_str!("../../../data/boards/hi-ho-cherry-o.toml"),
    }];
    const RULES: &'static [&'static str] =
        &["overshoot", "jump-costs-turn", "back-by", "chain-jumps"];
    const EVENTS: &'static [Event] = &[BACK, TO_START, TO_SQUARE];
    const COUNTS_FACES: bool = true;
    const FACES_AS_MOVES: bool = false;
}

/// `game = "chutes-and-ladders"`: Chutes and Ladders (Snakes and Ladders).
#[derive(Debug, Clone, Copy, Default)]
pub struct Chutes;

impl Dialect for Chutes {
    const KIND: &'static str = "chutes-and-ladders";
    const SHIPPED: &'static [ShippedBoard] = &[
        ShippedBoard {
            name: "chutes-and-ladders",
            text: include_str!("../../../data/boards/chutes-and-ladders.toml"),
        },
        ShippedBoard {
            name: "chutes-and-ladders-48",
            text: include_str!("../../../data/boards/chutes-and-ladders-48.toml"),
        },
    ];
    const RULES: &'static [&'static str] = &[
        "overshoot",
        "jump-costs-turn",
        "roll-again",
        "max-rolls",
        "on-max-rolls",
        "chain-jumps",
    ];
    const EVENTS: &'static [Event] = &[ROLL_AGAIN];
    const COUNTS_FACES: bool = false;
    const FACES_AS_MOVES: bool = true;
}

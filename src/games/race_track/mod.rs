//! A race on a numbered track, the one kind for Chutes and Ladders (Snakes and Ladders), Hi Ho!
//! Cherry-O and their like: squares 1..N, a spinner or die whose faces are moves (forward n, back
//! n floored at the start, to square k, back to the start), ladders and chutes, each of which may
//! cost a turn on its own, and the rules of Chutes and Ladders (overshoot, roll again, a jump
//! that costs a turn, chained jumps) and of Hi Ho! Cherry-O (`back-by`).
//!
//! A board file says `game = "race"` or `game = "chutes-and-ladders"`: both are read by this
//! kind, with the same schema, defaults and step function; the word only chooses how the board
//! is described and searched ([`dialect`]). Hi Ho! Cherry-O is a race whose square is the number
//! of cherries picked, the bird and the dog being "back 2" faces and the spilled basket "back to
//! the start".
//!
//! As for the other kinds, the file ([`RaceFile`]) only mirrors the TOML and
//! [`RaceBoard::from_file`] checks everything, collecting every problem with its field. The
//! validated board also expands the spinner into the outcomes of one *turn*: with "roll again",
//! a turn is a sequence of rolls (say 6, 6, 2), and each sequence is one weighted outcome. So the
//! chain still sees one draw per turn from a fixed set of outcomes with integer weights, every
//! probability stays an exact fraction, and the state needs nothing new: the extra rolls belong
//! to the same turn.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::games::variant::word;
use crate::games::Identity;
use crate::input::problems::{InvalidBoard, Problems, MAX_SPACES};

pub mod dialect;
pub mod events;
pub mod jumps;
mod kind;
pub mod spinner;
mod step;

pub use dialect::Dialect;
pub use events::{BACK, CHUTE, LADDER, OVERSHOOT, ROLL_AGAIN, TO_SQUARE, TO_START};
pub use jumps::{Jump, JumpTable, Square, SquaresSection};
pub use spinner::{TurnRolls, MAX_OUTCOMES};
pub use step::{RaceTrack, Spin};

/// Chutes and Ladders: a race read under the `chutes-and-ladders` word.
pub type ChutesAndLadders = RaceTrack<dialect::Chutes>;

/// A whole race board file (`game = "race"` or `"chutes-and-ladders"`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RaceFile {
    /// `"race"` or `"chutes-and-ladders"` (checked before this struct is read).
    pub game: String,
    /// Short name, used in reports and by `candyland analyze NAME`.
    pub name: String,
    /// One or two sentences on what the board is.
    #[serde(default)]
    pub description: String,
    /// Where the layout, spinner and rules come from.
    #[serde(default)]
    pub source: String,
    /// The `[board]` table: squares, ladders and chutes.
    pub board: SquaresSection,
    /// The `[spinner]` table: faces and weights.
    pub spinner: RaceSpinner,
    /// The `[rules]` table; every key has a documented default.
    #[serde(default)]
    pub rules: RaceRules,
    /// The `[words]` table: what the game calls its squares and spins.
    #[serde(default)]
    pub words: Words,
}

/// `[spinner]`: the faces and how likely each is.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RaceSpinner {
    /// Each face: a number n (forward n), or a table with an optional `name` and one of
    /// `forward = n`, `back = n`, `to = k`, `start = true`.
    pub faces: Vec<toml::Value>,
    /// Integer weight of each face (default: all 1, a fair spinner).
    pub weights: Option<Vec<u32>>,
}

/// What happens when a move would go past the last square.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Default,
    Deserialize,
    Serialize,
    strum::VariantArray,
    strum::EnumMessage,
)]
#[serde(rename_all = "kebab-case")]
pub enum Overshoot {
    /// The token stays put: the last square must be reached exactly (Milton Bradley's rule).
    #[default]
    Stay,
    /// The token counts the extra squares back from the last square.
    Bounce,
    /// Reaching or passing the last square wins.
    Win,
}

/// What happens when the last allowed roll of a turn also shows a roll-again face.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Default,
    Deserialize,
    Serialize,
    strum::VariantArray,
    strum::EnumMessage,
)]
#[serde(rename_all = "kebab-case")]
pub enum OnMaxRolls {
    /// It moves like any roll, and the turn ends.
    #[default]
    Move,
    /// The whole turn is cancelled: the token goes back to where the turn began.
    Forfeit,
}

/// The rule variants of a race; every key has a documented default, the same whichever word
/// the board file uses.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default, rename_all = "kebab-case")]
pub struct RaceRules {
    /// What a forward move past the last square does. Default `stay`.
    pub overshoot: Overshoot,
    /// Every ladder or chute taken costs a turn: the player's next turn is skipped (a jump
    /// marked `costs-turn` costs one anyway). Default false (one published analysis of Chutes
    /// and Ladders counts it; the printed rules do not).
    pub jump_costs_turn: bool,
    /// 0 (default): each backward face moves back as many squares as it says; N: every backward
    /// face moves back N squares instead (Hi Ho! Cherry-O's rule books differ: the bird and the
    /// dog put back 2 cherries, or 1).
    pub back_by: u32,
    /// How far the forward faces move that give another roll in the same turn (e.g. `[6]`).
    /// Default: none.
    pub roll_again: Vec<u32>,
    /// With `roll-again`: the most rolls in one turn (default 3).
    pub max_rolls: u32,
    /// With `roll-again`: what the last allowed roll does if it shows a roll-again face. Default
    /// `move`.
    pub on_max_rolls: OnMaxRolls,
    /// Whether a jump may end on another jump's start and continue from there. Default false:
    /// such a board is rejected as a probable mistake.
    pub chain_jumps: bool,
}

impl Default for RaceRules {
    fn default() -> Self {
        RaceRules {
            overshoot: Overshoot::Stay,
            jump_costs_turn: false,
            back_by: 0,
            roll_again: Vec::new(),
            max_rolls: 3,
            on_max_rolls: OnMaxRolls::Move,
            chain_jumps: false,
        }
    }
}

impl fmt::Display for RaceRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "overshoot {}", word(&self.overshoot))?;
        if self.jump_costs_turn {
            f.write_str("; a jump costs a turn")?;
        }
        if self.back_by > 0 {
            write!(f, "; backward faces move back {}", self.back_by)?;
        }
        if !self.roll_again.is_empty() {
            let faces: Vec<String> = self.roll_again.iter().map(u32::to_string).collect();
            write!(
                f,
                "; roll again on {} (at most {} rolls, then {})",
                faces.join("/"),
                self.max_rolls,
                word(&self.on_max_rolls)
            )?;
        }
        if self.chain_jumps {
            f.write_str("; jumps chain")?;
        }
        Ok(())
    }
}

/// `[words]`: what the game calls things, in messages, tables and charts.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default, rename_all = "kebab-case")]
pub struct Words {
    /// A position on the track, singular. Default "square".
    pub square: String,
    /// How a token at square n is named, with `{n}` for the number. Default "square {n}".
    pub position: String,
    /// How the start (square 0) is named. Default "off the board".
    pub start: String,
    /// The draws, plural. Default "spins".
    pub draws: String,
}

impl Default for Words {
    fn default() -> Self {
        Words {
            square: "square".into(),
            position: "square {n}".into(),
            start: "off the board".into(),
            draws: "spins".into(),
        }
    }
}

/// What one face of the spinner does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Face {
    /// Forward this many squares.
    Forward(u32),
    /// Back this many squares (or the rule's `back-by`), never before square 0.
    Back(u32),
    /// Straight to this square (N finishes).
    To(u32),
    /// Back to the start, square 0.
    Start,
}

/// A validated race board.
#[derive(Debug, Clone)]
pub struct RaceBoard {
    /// The board's name, description and source.
    pub identity: Identity,
    squares: usize,
    jumps: JumpTable,
    /// (face, name, weight) of each face.
    faces: Vec<(Face, String, u32)>,
    turns: Vec<TurnRolls>,
    /// The rule variants this board is played with.
    pub rules: RaceRules,
    /// What the game calls things.
    pub words: Words,
}

impl RaceBoard {
    /// N, the number of squares (the last square wins).
    pub fn squares(&self) -> usize {
        self.squares
    }

    /// The ladders and chutes.
    pub fn jumps(&self) -> &JumpTable {
        &self.jumps
    }

    /// (face, name, weight) of each face, in file order.
    pub fn faces(&self) -> &[(Face, String, u32)] {
        &self.faces
    }

    /// The weighted outcomes of one turn: one per face, or with roll-again one per sequence of
    /// rolls.
    pub fn turns(&self) -> &[TurnRolls] {
        &self.turns
    }

    /// The name of a turn outcome: the face's name ("4", "bird"), the rolls of a roll-again
    /// turn ("6+6+2"), "6+6+6 (forfeit)".
    pub fn turn_name(&self, t: &TurnRolls) -> String {
        let rolls: Vec<&str> = t.faces.iter().map(|&f| self.faces[f].1.as_str()).collect();
        let name = rolls.join("+");
        if t.forfeit {
            format!("{name} (forfeit)")
        } else {
            name
        }
    }

    /// The name of the state at square `n` (0 is the start).
    pub fn position_name(&self, n: usize) -> String {
        if n == 0 {
            self.words.start.clone()
        } else {
            self.words.position.replace("{n}", &n.to_string())
        }
    }

    /// Validates a parsed file, collecting every problem; `example` is the board name a
    /// message suggests for an empty one.
    pub fn from_file(file: &RaceFile, example: &str) -> Result<RaceBoard, InvalidBoard> {
        let mut p = Problems::default();
        let identity =
            Identity::checked(&file.name, &file.description, &file.source, example, &mut p);
        words(&file.words, &mut p);
        let n = file.board.squares;
        if n == 0 || n > MAX_SPACES {
            p.add(
                "board.squares",
                format!("is {n}; give the number of squares, 1 to {MAX_SPACES}"),
            );
            return Err(p.into_invalid());
        }
        let faces = spinner::faces(&file.spinner, n, &file.rules, &mut p);
        let jumps = jumps::jumps(
            &file.board.ladders,
            &file.board.chutes,
            n,
            file.rules.chain_jumps,
            &mut p,
        );
        let turns = spinner::turns(&faces, &file.rules, &mut p);
        if !p.is_empty() {
            return Err(p.into_invalid());
        }
        Ok(RaceBoard {
            identity,
            squares: n,
            jumps,
            faces,
            turns,
            rules: file.rules.clone(),
            words: file.words.clone(),
        })
    }
}

/// Checks the `[words]`: plain one-line text, and `{n}` once in `position`.
fn words(w: &Words, p: &mut Problems) {
    for (key, text) in [
        ("square", &w.square),
        ("position", &w.position),
        ("start", &w.start),
        ("draws", &w.draws),
    ] {
        p.name(
            &format!("words.{key}"),
            text,
            "give a word, or leave the key out for the default",
        );
    }
    if w.position.matches("{n}").count() != 1 {
        p.add(
            "words.position",
            "must contain {n} exactly once, where the number goes, e.g. \"{n} cherries picked\"",
        );
    }
}

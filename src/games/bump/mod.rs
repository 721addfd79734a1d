//! A race whose tokens meet (`game = "bump"`): tokens start off the track, a die moves the
//! player on turn forward, and a token that lands on a square another token stands on sends
//! that token back to the start (as in Sorry! and Ludo). The first to reach the last square
//! wins.
//!
//! One player alone is an ordinary race. With several, each move can change another player's
//! token, so the players are not independent: the kind says so ([`crate::games::race::RaceGame::tokens_meet`])
//! and says what landing on a token does ([`crate::games::race::RaceGame::met`]), and the
//! shared stages solve several players on the chain of the whole table. Nothing outside this
//! folder and the list of kinds names it: it is the proof that a game enters by the same door
//! as every other.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::games::variant::word;
use crate::games::Identity;
use crate::input::problems::{InvalidBoard, Problems, MAX_SPACES};

mod kind;
mod step;

pub use step::{Bump, Roll, Spot};

/// The word of the board file's `game` key.
pub const KIND: &str = "bump";

/// The most faces a die may have.
pub const MAX_FACES: usize = 1000;

/// A whole board file of this kind.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BumpFile {
    /// `"bump"` (checked before this struct is read).
    pub game: String,
    /// Short name, used in reports and by `candyland analyze NAME`.
    pub name: String,
    /// One or two sentences on what the board is.
    #[serde(default)]
    pub description: String,
    /// Where the layout and rules come from.
    #[serde(default)]
    pub source: String,
    /// `[track]`: how many squares.
    pub track: TrackSection,
    /// `[die]`: the faces and how likely each is.
    pub die: DieSection,
    /// `[rules]`; every key has a documented default.
    #[serde(default)]
    pub rules: BumpRules,
}

/// `[track]`: squares 1..N; reaching square N wins.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrackSection {
    /// N, the number of squares (at least 2).
    pub squares: usize,
}

/// `[die]`: each face moves the token forward that many squares.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DieSection {
    /// How far each face moves (1..N).
    pub faces: Vec<u32>,
    /// Integer weight of each face (default: all 1, a fair die).
    pub weights: Option<Vec<u32>>,
}

/// What a move past the last square does.
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
    /// The token stays put: the last square must be reached exactly.
    #[default]
    Stay,
    /// Reaching or passing the last square wins.
    Win,
}

/// What landing on another player's token does.
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
pub enum Landing {
    /// The token landed on goes back to the start.
    #[default]
    ToStart,
    /// Both tokens share the square.
    Share,
}

/// The rule variants; every key has a documented default.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default, rename_all = "kebab-case")]
pub struct BumpRules {
    /// What a forward move past the last square does. Default `stay`.
    pub overshoot: Overshoot,
    /// What landing on another token does. Default `to-start`.
    pub landing: Landing,
}

impl fmt::Display for BumpRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "overshoot {}; landing on a token: {}",
            word(&self.overshoot),
            word(&self.landing)
        )
    }
}

/// A validated board: its identity, its track, its die and its rules.
#[derive(Debug, Clone, PartialEq)]
pub struct BumpBoard {
    /// Name, description and source.
    pub identity: Identity,
    /// N: reaching square N wins.
    pub squares: u32,
    /// Each face's move with its weight.
    pub faces: Vec<(u32, u32)>,
    /// The rules in force.
    pub rules: BumpRules,
}

impl BumpBoard {
    /// Checks a parsed file: every problem at once, each with its field.
    pub fn from_file(file: &BumpFile) -> Result<BumpBoard, InvalidBoard> {
        let mut p = Problems::default();
        let identity = Identity::checked(
            &file.name,
            &file.description,
            &file.source,
            "bump-10",
            &mut p,
        );
        let n = file.track.squares;
        if !(2..=MAX_SPACES).contains(&n) {
            p.add(
                "track.squares",
                format!("must be 2 to {MAX_SPACES} squares, not {n}"),
            );
        }
        let faces = &file.die.faces;
        if faces.is_empty() || faces.len() > MAX_FACES {
            p.add(
                "die.faces",
                format!("give 1 to {MAX_FACES} faces, each a move forward, e.g. [1, 2, 3]"),
            );
        }
        for (i, &f) in faces.iter().enumerate() {
            if f == 0 || f as usize > n.max(1) {
                p.add(
                    format!("die.faces[{i}]"),
                    format!("moves {f} squares; a face moves 1 to {n} (the squares)"),
                );
            }
        }
        let weights = file
            .die
            .weights
            .clone()
            .unwrap_or_else(|| vec![1; faces.len()]);
        if weights.len() != faces.len() {
            p.add(
                "die.weights",
                format!(
                    "has {} weights for {} faces: give one per face, or leave it out for a fair die",
                    weights.len(),
                    faces.len()
                ),
            );
        }
        for (i, &w) in weights.iter().enumerate() {
            if w == 0 {
                p.add(
                    format!("die.weights[{i}]"),
                    "is 0: every face needs a positive weight (remove a face that never shows)",
                );
            }
        }
        if weights.iter().map(|&w| u64::from(w)).sum::<u64>() > u64::from(u32::MAX) {
            p.add(
                "die.weights",
                "add up to more than 4294967295: use smaller weights",
            );
        }
        if !p.is_empty() {
            return Err(p.into_invalid());
        }
        Ok(BumpBoard {
            identity,
            squares: n as u32,
            faces: faces.iter().copied().zip(weights).collect(),
            rules: file.rules.clone(),
        })
    }
}

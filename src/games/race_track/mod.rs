//! A general race on a numbered track (`game = "race"`): squares 1..N, a spinner or die whose
//! faces are moves (forward n, back n floored at the start, to square k, back to the start),
//! ladders and chutes as in Chutes and Ladders, each of which may cost a turn on its own.
//!
//! Hi Ho! Cherry-O is this kind of game: the square is the number of cherries picked, the bird
//! and the dog are "back 2" faces and the spilled basket is "back to the start". Chutes and
//! Ladders boards can be written in it too (without roll-again, which only the
//! `chutes-and-ladders` kind has).
//!
//! As for the other kinds, the file ([`RaceFile`]) only mirrors the TOML and
//! [`RaceBoard::from_file`] checks everything, collecting every problem with its field.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::jumps::{jumps, JumpTable, SquaresSection};
use super::spinner::{weights, Overshoot};
use crate::games::variant::word;
use crate::input::problems::{InvalidBoard, Problems, MAX_SPACES};

mod kind;
mod step;

pub use super::spinner::OVERSHOOT;
pub use step::{RaceTrack, BACK, TO_SQUARE, TO_START};

/// A whole `game = "race"` board file.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RaceFile {
    /// `"race"` (checked before this struct is read).
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

/// The rule variants of a race; every key has a documented default.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default, rename_all = "kebab-case")]
pub struct RaceRules {
    /// What a forward move past the last square does. Default `stay`.
    pub overshoot: Overshoot,
    /// Every ladder or chute taken costs a turn (a jump marked `costs-turn` costs one anyway).
    /// Default false.
    pub jump_costs_turn: bool,
    /// 0 (default): each backward face moves back as many squares as it says; N: every backward
    /// face moves back N squares instead (Hi Ho! Cherry-O's rule books differ: the bird and the
    /// dog put back 2 cherries, or 1).
    pub back_by: u32,
    /// Whether a jump may end on another jump's start and continue from there. Default false.
    pub chain_jumps: bool,
}

impl Default for RaceRules {
    fn default() -> Self {
        RaceRules {
            overshoot: Overshoot::Stay,
            jump_costs_turn: false,
            back_by: 0,
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
    /// Short name from the board file, used in reports and by `candyland analyze NAME`.
    pub name: String,
    /// One or two sentences on what the board is.
    pub description: String,
    /// Where the layout, spinner and rules come from.
    pub source: String,
    squares: usize,
    jumps: JumpTable,
    /// (face, name, weight) of each face.
    faces: Vec<(Face, String, u32)>,
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

    /// The name of the state at square `n` (0 is the start).
    pub fn position_name(&self, n: usize) -> String {
        if n == 0 {
            self.words.start.clone()
        } else {
            self.words.position.replace("{n}", &n.to_string())
        }
    }

    /// Validates a parsed file, collecting every problem.
    pub fn from_file(file: &RaceFile) -> Result<RaceBoard, InvalidBoard> {
        let mut p = Problems::default();
        p.identity(
            &file.name,
            &file.description,
            &file.source,
            "hi-ho-cherry-o",
        );
        words(&file.words, &mut p);
        let n = file.board.squares;
        if n == 0 || n > MAX_SPACES {
            p.add(
                "board.squares",
                format!("is {n}; give the number of squares, 1 to {MAX_SPACES}"),
            );
            return Err(p.into_invalid());
        }
        let faces = spinner(&file.spinner, n, &file.rules, &mut p);
        let jumps = jumps(
            &file.board.ladders,
            &file.board.chutes,
            n,
            file.rules.chain_jumps,
            &mut p,
        );
        if !p.is_empty() {
            return Err(p.into_invalid());
        }
        Ok(RaceBoard {
            name: file.name.clone(),
            description: file.description.clone(),
            source: file.source.clone(),
            squares: n,
            jumps,
            faces,
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

/// The faces, each with its name and weight.
fn spinner(
    s: &RaceSpinner,
    n: usize,
    rules: &RaceRules,
    p: &mut Problems,
) -> Vec<(Face, String, u32)> {
    if s.faces.is_empty() {
        p.add(
            "spinner.faces",
            "is empty; list each face: a number moves forward, or a table such as { name = \"bird\", back = 2 }",
        );
        return Vec::new();
    }
    let mut faces: Vec<(Face, String)> = Vec::new();
    for (i, v) in s.faces.iter().enumerate() {
        let field = format!("spinner.faces[{i}]");
        if let Some((face, name)) = face(&field, v, n, p) {
            if faces.iter().any(|(_, other)| *other == name) {
                p.add(
                    &field,
                    format!("is named '{}' like an earlier face; give each face its own `name`, or merge them with `weights`", crate::input::text::quote(&name)),
                );
            }
            faces.push((face, name));
        }
    }
    if rules.overshoot == Overshoot::Bounce {
        if let Some(big) = faces.iter().find_map(|(f, _)| match f {
            Face::Forward(k) if *k as usize > n => Some(*k),
            _ => None,
        }) {
            p.add(
                "rules.overshoot",
                format!("\"bounce\" needs every forward face to be at most the number of squares ({n}), but a face moves {big}; use \"stay\" or \"win\""),
            );
        }
    }
    let weights = weights(s.weights.as_deref(), s.faces.len(), p);
    if weights.len() != faces.len() {
        return Vec::new();
    }
    faces
        .into_iter()
        .zip(weights)
        .map(|((f, name), w)| (f, name, w))
        .collect()
}

/// One face: a positive integer (forward), or a table with one move and an optional name.
fn face(field: &str, v: &toml::Value, n: usize, p: &mut Problems) -> Option<(Face, String)> {
    const HOW: &str = "give a number of squares forward, or a table with one of forward = N, back = N, to = SQUARE, start = true (and optionally name = \"...\")";
    let positive = |at: String, v: &toml::Value, p: &mut Problems| match v.as_integer() {
        Some(k) if k >= 1 && k <= MAX_SPACES as i64 => Some(k as u32),
        _ => {
            p.add(
                at,
                format!(
                    "is {}; give a whole number of squares from 1 to {MAX_SPACES}",
                    shown(v)
                ),
            );
            None
        }
    };
    let table = match v {
        toml::Value::Integer(_) => {
            return positive(field.to_string(), v, p).map(|k| (Face::Forward(k), k.to_string()));
        }
        toml::Value::Table(t) => t,
        other => {
            p.add(field, format!("is {}; {HOW}", shown(other)));
            return None;
        }
    };
    let moves: Vec<&String> = table.keys().filter(|k| *k != "name").collect();
    if let Some(bad) = moves
        .iter()
        .find(|k| !["forward", "back", "to", "start"].contains(&k.as_str()))
    {
        p.add(
            format!("{field}.{}", crate::input::text::quote(bad)),
            format!("is not a face key; {HOW}"),
        );
        return None;
    }
    if moves.len() != 1 {
        p.add(field, format!("has {} moves; {HOW}", moves.len()));
        return None;
    }
    let key = moves[0].as_str();
    let value = &table[key];
    let face = match key {
        "forward" => Face::Forward(positive(format!("{field}.forward"), value, p)?),
        "back" => Face::Back(positive(format!("{field}.back"), value, p)?),
        "to" => match value.as_integer() {
            Some(k) if k >= 0 && k as usize <= n => Face::To(k as u32),
            _ => {
                p.add(
                    format!("{field}.to"),
                    format!(
                        "is {}; give a square from 0 (the start) to {n} (the last, which wins)",
                        shown(value)
                    ),
                );
                return None;
            }
        },
        _ => match value.as_bool() {
            Some(true) => Face::Start,
            _ => {
                p.add(
                    format!("{field}.start"),
                    format!("is {}; write start = true for a face that sends the token back to the start", shown(value)),
                );
                return None;
            }
        },
    };
    let name = match table.get("name") {
        None => default_name(face),
        Some(toml::Value::String(s)) => {
            p.name(
                &format!("{field}.name"),
                s,
                "give the face a name, e.g. \"bird\", or leave `name` out for the default",
            );
            s.clone()
        }
        Some(other) => {
            p.add(
                format!("{field}.name"),
                format!(
                    "is {}; give the face's name as text, e.g. name = \"bird\"",
                    shown(other)
                ),
            );
            return None;
        }
    };
    Some((face, name))
}

/// A face's name when the file gives none: "3", "back 2", "to 5", "start".
fn default_name(face: Face) -> String {
    match face {
        Face::Forward(k) => k.to_string(),
        Face::Back(k) => format!("back {k}"),
        Face::To(k) => format!("to {k}"),
        Face::Start => "start".into(),
    }
}

/// A TOML value in a message, shortened and made safe.
fn shown(v: &toml::Value) -> String {
    crate::input::text::quote(&v.to_string())
}

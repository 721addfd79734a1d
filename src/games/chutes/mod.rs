//! Chutes and Ladders (Snakes and Ladders): squares 1..N, a spinner, and jumps (a ladder goes
//! up, a chute goes down).
//!
//! Like Candy Land, the file ([`ChutesFile`]) only mirrors the TOML and [`ChutesBoard::from_file`]
//! checks everything, collecting every problem with its field. The validated board also expands
//! the spinner into the outcomes of one *turn*: with "roll again", a turn is a sequence of rolls
//! (say 6, 6, 2), and each sequence is one weighted outcome. So the chain still sees one draw per
//! turn from a fixed set of outcomes with integer weights, every probability stays an exact
//! fraction, and the state needs nothing new: the extra rolls belong to the same turn.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::games::variant::word;
use crate::input::problems::{InvalidBoard, Problems, MAX_CARDS, MAX_SPACES};

mod kind;
mod step;

use super::jumps::{jumps, JumpTable};
pub use super::jumps::{Jump, CHUTE, LADDER};
pub use super::jumps::{Square, SquaresSection};
use super::spinner::weights;
pub use super::spinner::{Overshoot, OVERSHOOT};
pub use step::{ChutesAndLadders, Spin, ROLL_AGAIN};

/// The most outcomes one turn may have once "roll again" sequences are expanded.
pub const MAX_OUTCOMES: usize = 100_000;

/// A whole `game = "chutes-and-ladders"` board file.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChutesFile {
    /// `"chutes-and-ladders"` (checked before this struct is read).
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
    pub spinner: SpinnerSection,
    /// The `[rules]` table; every key has a documented default.
    #[serde(default)]
    pub rules: ChutesRules,
}

/// `[spinner]`: the faces and how likely each is.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpinnerSection {
    /// How many squares each face moves.
    pub faces: Vec<u32>,
    /// Integer weight of each face (default: all 1, a fair spinner).
    pub weights: Option<Vec<u32>>,
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

/// The rule variants of Chutes and Ladders; every key has a documented default.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default, rename_all = "kebab-case")]
pub struct ChutesRules {
    /// What a roll past the last square does. Default `stay`.
    pub overshoot: Overshoot,
    /// Climbing a ladder or sliding a chute costs a turn: the player's next turn is skipped.
    /// Default false (one published analysis counts it; the printed rules do not).
    pub jump_costs_turn: bool,
    /// Faces that give another roll in the same turn (e.g. `[6]`). Default: none.
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

impl Default for ChutesRules {
    fn default() -> Self {
        ChutesRules {
            overshoot: Overshoot::Stay,
            jump_costs_turn: false,
            roll_again: Vec::new(),
            max_rolls: 3,
            on_max_rolls: OnMaxRolls::Move,
            chain_jumps: false,
        }
    }
}

impl fmt::Display for ChutesRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "overshoot {}", word(&self.overshoot))?;
        if self.jump_costs_turn {
            f.write_str("; a jump costs a turn")?;
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

/// The outcome of one turn: the faces rolled, in order (indices into [`ChutesBoard::faces`]),
/// and its integer weight; the weights of all of a board's [`ChutesBoard::turns`] add up to the
/// common denominator of their probabilities.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnRolls {
    /// Indices into [`ChutesBoard::faces`] of the rolls, in order; every roll but the last
    /// showed a roll-again face.
    pub faces: Vec<usize>,
    /// Integer weight of this outcome: its probability is `weight / W` without roll-again and
    /// `weight / W^m` with it (W the spinner's total weight, m = `max-rolls`).
    pub weight: u32,
    /// The turn is cancelled (the last allowed roll showed a roll-again face under `forfeit`).
    pub forfeit: bool,
}

/// A validated Chutes and Ladders board.
#[derive(Debug, Clone)]
pub struct ChutesBoard {
    /// Short name from the board file, used in reports and by `candyland analyze NAME`.
    pub name: String,
    /// One or two sentences on what the board is.
    pub description: String,
    /// Where the layout, spinner and rules come from.
    pub source: String,
    squares: usize,
    jumps: JumpTable,
    /// (moves, weight) of each face.
    faces: Vec<(u32, u32)>,
    turns: Vec<TurnRolls>,
    /// The rule variants this board is played with.
    pub rules: ChutesRules,
}

impl ChutesBoard {
    /// N, the number of squares (the last square wins).
    pub fn squares(&self) -> usize {
        self.squares
    }

    /// Where landing on `square` sends a token directly, if a jump starts there.
    pub fn jump(&self, square: usize) -> Option<usize> {
        self.jumps.jump(square)
    }

    /// The ladders and chutes.
    pub fn jumps(&self) -> &JumpTable {
        &self.jumps
    }

    /// The ladders as (from, to) square numbers (1-based, `to > from`), in file order.
    pub fn ladders(&self) -> &[(usize, usize)] {
        &self.jumps.ladders
    }

    /// The chutes as (from, to) square numbers (1-based, `to < from`), in file order.
    pub fn chutes(&self) -> &[(usize, usize)] {
        &self.jumps.chutes
    }

    /// (moves, weight) of each spinner face.
    pub fn faces(&self) -> &[(u32, u32)] {
        &self.faces
    }

    /// The weighted outcomes of one turn.
    pub fn turns(&self) -> &[TurnRolls] {
        &self.turns
    }

    /// The name of a turn outcome: "4", "6+6+2", "6+6+6 (forfeit)".
    pub fn turn_name(&self, t: &TurnRolls) -> String {
        let rolls: Vec<String> = t
            .faces
            .iter()
            .map(|&f| self.faces[f].0.to_string())
            .collect();
        let name = rolls.join("+");
        if t.forfeit {
            format!("{name} (forfeit)")
        } else {
            name
        }
    }

    /// Validates a parsed file, collecting every problem.
    pub fn from_file(file: &ChutesFile) -> Result<ChutesBoard, InvalidBoard> {
        let mut p = Problems::default();
        p.identity(
            &file.name,
            &file.description,
            &file.source,
            "chutes-and-ladders",
        );
        let n = file.board.squares;
        if n == 0 || n > MAX_SPACES {
            p.add(
                "board.squares",
                format!("is {n}; give the number of squares, 1 to {MAX_SPACES}"),
            );
            return Err(p.into_invalid());
        }
        let faces = spinner(&file.spinner, &mut p);
        let rules = &file.rules;
        if rules.overshoot == Overshoot::Bounce {
            if let Some(&(big, _)) = faces.iter().find(|(v, _)| *v as usize > n) {
                p.add(
                    "rules.overshoot",
                    format!(
                        "\"bounce\" needs every face to be at most the number of squares ({n}), but a face moves {big}; use \"stay\" or \"win\", or a smaller spinner"
                    ),
                );
            }
        }
        let jumps = jumps(
            &file.board.ladders,
            &file.board.chutes,
            n,
            rules.chain_jumps,
            &mut p,
        );
        let turns = turn_outcomes(&faces, rules, &mut p);
        if !p.is_empty() {
            return Err(p.into_invalid());
        }
        Ok(ChutesBoard {
            name: file.name.clone(),
            description: file.description.clone(),
            source: file.source.clone(),
            squares: n,
            jumps,
            faces,
            turns,
            rules: rules.clone(),
        })
    }
}

/// The faces with their weights.
fn spinner(s: &SpinnerSection, p: &mut Problems) -> Vec<(u32, u32)> {
    if s.faces.is_empty() {
        p.add(
            "spinner.faces",
            "is empty; list how far each face moves, e.g. [1, 2, 3, 4, 5, 6]",
        );
        return Vec::new();
    }
    for (i, &f) in s.faces.iter().enumerate() {
        if f == 0 {
            p.add(
                format!("spinner.faces[{i}]"),
                "is 0; every face must move at least one square",
            );
        }
        if s.faces[..i].contains(&f) {
            p.add(
                format!("spinner.faces[{i}]"),
                format!(
                    "{f} is listed twice; list each face once and give it a weight in `weights`"
                ),
            );
        }
    }
    let weights = weights(s.weights.as_deref(), s.faces.len(), p);
    if weights.is_empty() {
        return Vec::new();
    }
    s.faces.iter().copied().zip(weights).collect()
}

/// Expands the spinner into the weighted outcomes of one turn. Without roll-again each face is
/// one outcome. With it, a sequence of k rolls (all but the last showing a roll-again face, or
/// k = max-rolls) has probability prod(w) / W^k, written over the common denominator W^m as
/// prod(w) * W^(m-k): these weights add up to exactly W^m.
fn turn_outcomes(faces: &[(u32, u32)], rules: &ChutesRules, p: &mut Problems) -> Vec<TurnRolls> {
    if faces.is_empty() {
        return Vec::new();
    }
    if rules.roll_again.is_empty() {
        return faces
            .iter()
            .enumerate()
            .map(|(i, &(_, w))| TurnRolls {
                faces: vec![i],
                weight: w,
                forfeit: false,
            })
            .collect();
    }
    let again: Vec<bool> = faces
        .iter()
        .map(|(v, _)| rules.roll_again.contains(v))
        .collect();
    for (i, f) in rules.roll_again.iter().enumerate() {
        if !faces.iter().any(|(v, _)| v == f) {
            p.add(
                format!("rules.roll-again[{i}]"),
                format!("{f} is not a face of the spinner; list faces from spinner.faces"),
            );
        }
    }
    let m = rules.max_rolls;
    if !(2..=20).contains(&m) {
        p.add(
            "rules.max-rolls",
            format!("is {m}; with roll-again give 2 to 20 rolls per turn (an unlimited turn has no finite set of outcomes)"),
        );
        return Vec::new();
    }
    let w_total: u64 = faces.iter().map(|&(_, w)| u64::from(w)).sum();
    let denominator = (0..m).try_fold(1u64, |d, _| d.checked_mul(w_total));
    if denominator.is_none_or(|d| d > MAX_CARDS) {
        p.add(
            "rules.max-rolls",
            format!("{m} rolls of a spinner of total weight {w_total} give more than {MAX_CARDS} equally likely turns (the simulator holds one entry per turn); lower max-rolls (at most 7 for a six-face spinner)"),
        );
        return Vec::new();
    }
    let mut out = Vec::new();
    // Depth-first over sequences; `prefix` holds roll-again faces only.
    let mut stack: Vec<(Vec<usize>, u64)> = vec![(Vec::new(), 1)];
    while let Some((prefix, weight)) = stack.pop() {
        let k = prefix.len() as u32 + 1;
        for (i, &(_, w)) in faces.iter().enumerate() {
            let mut seq = prefix.clone();
            seq.push(i);
            let wk = weight * u64::from(w);
            if again[i] && k < m {
                stack.push((seq, wk));
                continue;
            }
            let scale = w_total.pow(m - k);
            out.push(TurnRolls {
                faces: seq,
                weight: (wk * scale) as u32,
                forfeit: again[i] && rules.on_max_rolls == OnMaxRolls::Forfeit,
            });
            if out.len() > MAX_OUTCOMES {
                p.add(
                    "rules.max-rolls",
                    format!("one turn would have more than {MAX_OUTCOMES} outcomes; lower max-rolls or list fewer roll-again faces"),
                );
                return Vec::new();
            }
        }
    }
    out.sort_by(|a, b| a.faces.cmp(&b.faces));
    out
}

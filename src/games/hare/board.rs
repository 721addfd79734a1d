//! The board file of `game = "hare-and-tortoise"` and its validation: the track of square kinds,
//! the `[rules]` table (every place where the rules are silent or contradict themselves is a
//! named key with a default), the hare draws and the computer players' policies, all data.
//! [`Board::from_file`] checks everything and names every offending field.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::policy::{Policy, PolicyFile};
use crate::input::problems::{InvalidBoard, Problems};

/// The most squares between start and home: positions are stored in a `u8`.
pub const MAX_SQUARES: usize = 200;
/// The most carrots a board may start with (the exact chain's states count carrots one by one).
pub const MAX_START_CARROTS: i64 = 1_000;

pub use super::rules::{
    rule_keys, rule_space, BehindStart, CardPile, FinishCount, HareDraws, HareRules, Nobody,
};
pub use super::square::{Square, KIND_WORDS};

/// What a hare draw does (Wiener's table and the Ravensburger cards share these).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Effect {
    /// Miss the next turn.
    MissTurn,
    /// Back to the nearest unoccupied carrot square behind (none: stay).
    BackToCarrot,
    /// Forward to the nearest unoccupied carrot square ahead (none: stay).
    ForwardToCarrot,
    /// Drop back one race position: to the first unoccupied square behind the player just
    /// behind (no carrots for a tortoise square reached so).
    DropBack,
    /// Move forward one race position: to the first unoccupied square ahead of the player just
    /// ahead, at no cost.
    ForwardOne,
    /// Stay and take or give carrots, as the player's policy chooses.
    ChewCarrot,
    /// Chew a lettuce here, as on a lettuce square (nothing without a lettuce).
    ChewLettuce,
    /// The carrots paid for the move onto the hare square are given back.
    LastTurnFree,
    /// Move again at once, in the same turn.
    MoveAgain,
}

impl Effect {
    /// The effect in words, for the transactions log.
    pub fn words(self) -> &'static str {
        match self {
            Effect::MissTurn => "miss a turn",
            Effect::BackToCarrot => "move back to the nearest unoccupied carrot square",
            Effect::ForwardToCarrot => "move forward to the nearest unoccupied carrot square",
            Effect::DropBack => "drop back one position",
            Effect::ForwardOne => "move forward one position",
            Effect::ChewCarrot => "chew a carrot",
            Effect::ChewLettuce => "chew a lettuce",
            Effect::LastTurnFree => "last turn free",
            Effect::MoveAgain => "move again",
        }
    }
}

/// `[hare]`: the die table and the card pile.
#[derive(Debug, Clone, PartialEq, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct HareSection {
    /// One row per die face, one effect per race position (first place first); ranks beyond
    /// the last column read the last column.
    #[serde(default)]
    pub die: Vec<Vec<Effect>>,
    /// The cards: each effect with its count.
    #[serde(default)]
    pub cards: Vec<CardCount>,
}

/// One kind of hare card and how many the pile holds.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardCount {
    /// What the card does.
    pub effect: Effect,
    /// How many such cards.
    pub count: i64,
}

/// A whole `game = "hare-and-tortoise"` board file.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HareFile {
    /// `"hare-and-tortoise"`.
    pub game: String,
    /// Short name.
    pub name: String,
    /// One or two sentences on what the board is.
    #[serde(default)]
    pub description: String,
    /// Where the layout and rules come from.
    #[serde(default)]
    pub source: String,
    /// The squares between start and home, one letter each (spaces ignored): H hare, C carrot,
    /// L lettuce, T tortoise, 1-6 a number square for that rank, F the square of ranks 1, 5, 6.
    pub squares: String,
    /// The policy every seat plays unless `--policy` says otherwise.
    pub policy: String,
    /// The rules.
    #[serde(default)]
    pub rules: HareRules,
    /// The hare draws.
    #[serde(default)]
    pub hare: HareSection,
    /// The computer players' policies, by name.
    #[serde(default)]
    pub policies: BTreeMap<String, PolicyFile>,
}

/// A validated board: the track, the rules and the policies.
#[derive(Debug, Clone)]
pub struct Board {
    /// The board's name.
    pub name: String,
    /// One or two sentences on what the board is (may be empty).
    pub description: String,
    /// Where it comes from.
    pub source: String,
    /// `squares[0]` is the start, the last is home.
    pub squares: Vec<Square>,
    /// The rules in force.
    pub rules: HareRules,
    /// The die table: `die[face][rank - 1]`.
    pub die: Vec<Vec<Effect>>,
    /// The pile, one entry per card, in file order.
    pub pile: Vec<Effect>,
    /// The policies by name.
    pub policies: BTreeMap<String, Policy>,
    /// The default policy's name.
    pub default_policy: String,
}

impl Board {
    /// Validates a parsed file, collecting every problem with its field.
    pub fn from_file(file: &HareFile) -> Result<Board, InvalidBoard> {
        let mut p = Problems::default();
        p.identity(
            &file.name,
            &file.description,
            &file.source,
            "hare-and-tortoise",
        );
        let squares = parse_squares(&file.squares, &mut p);
        let r = &file.rules;
        let checks: [(&str, i64, i64, i64); 6] = [
            ("rules.start-carrots", r.start_carrots, 0, MAX_START_CARROTS),
            ("rules.start-lettuces", r.start_lettuces, 0, 9),
            (
                "rules.finish-carrots",
                r.finish_carrots,
                0,
                MAX_START_CARROTS,
            ),
            ("rules.rank-carrots", r.rank_carrots, 0, 100),
            ("rules.chew-carrots", r.chew_carrots, 0, 100),
            ("rules.tortoise-carrots", r.tortoise_carrots, 0, 100),
        ];
        for (field, value, low, high) in checks {
            if value < low {
                p.add(
                    field,
                    format!("{value} is below {low}; use a number from {low} to {high}"),
                );
            } else if value > high {
                p.add(
                    field,
                    format!("{value} is more than {high}; use a number from {low} to {high}"),
                );
            }
        }
        if r.start_lettuces > 0 && !squares.contains(&Square::Lettuce) {
            p.add(
                "rules.start-lettuces",
                format!(
                    "every lettuce must be chewed before finishing, but the track has no lettuce square, so no game could end; add an L square or set start-lettuces = 0 (it is {})",
                    r.start_lettuces
                ),
            );
        }
        let has_hare = squares.contains(&Square::Hare);
        if file.hare.die.is_empty() && has_hare && r.hare_draws == HareDraws::Die {
            p.add(
                "hare.die",
                "the board has hare squares and rules.hare-draws = \"die\" but no die table; give one row of effects per die face",
            );
        }
        for (i, row) in file.hare.die.iter().enumerate() {
            if row.is_empty() {
                p.add(
                    format!("hare.die[{i}]"),
                    "an empty row; give one effect per race position",
                );
            }
        }
        let mut pile = Vec::new();
        for (i, c) in file.hare.cards.iter().enumerate() {
            if !(1..=100).contains(&c.count) {
                p.add(
                    format!("hare.cards[{i}].count"),
                    format!("{} is not a count from 1 to 100", c.count),
                );
            } else {
                pile.extend(std::iter::repeat_n(c.effect, c.count as usize));
            }
        }
        if pile.is_empty() && has_hare && r.hare_draws == HareDraws::Cards {
            p.add(
                "hare.cards",
                "rules.hare-draws = \"cards\" but the pile is empty; list the cards with their counts",
            );
        }
        let mut policies = BTreeMap::new();
        for (name, pf) in &file.policies {
            if let Some(policy) = Policy::from_file(name, pf, &squares, &mut p) {
                policies.insert(name.clone(), policy);
            }
        }
        if file.policies.is_empty() {
            p.add(
                "policies",
                "no policy; give at least one [policies.NAME] table with its steps",
            );
        } else if !file.policies.contains_key(&file.policy) {
            p.add(
                "policy",
                format!(
                    "'{}' is not one of the board's policies ({}); name one of them",
                    crate::input::text::quote(&file.policy),
                    file.policies.keys().cloned().collect::<Vec<_>>().join(", ")
                ),
            );
        }
        if !p.is_empty() {
            return Err(p.into_invalid());
        }
        Ok(Board {
            name: file.name.clone(),
            description: file.description.clone(),
            source: file.source.clone(),
            squares,
            rules: r.clone(),
            die: file.hare.die.clone(),
            pile,
            policies,
            default_policy: file.policy.clone(),
        })
    }

    /// The index of home.
    pub fn home(&self) -> usize {
        self.squares.len() - 1
    }

    /// Whether some square of the track is of this kind (by its word).
    pub fn has_kind(&self, word: &str) -> bool {
        self.squares.iter().any(|s| s.kind_word() == word)
    }

    /// The policy named `name`, or an error listing the board's policies.
    pub fn policy(&self, name: &str) -> Result<&Policy, String> {
        self.policies.get(name).ok_or_else(|| {
            format!(
                "'{}' is not one of this board's policies ({})",
                crate::input::text::quote(name),
                self.policies.keys().cloned().collect::<Vec<_>>().join(", ")
            )
        })
    }
}

/// Reads the squares string: one letter per square, whitespace ignored, start and home added.
fn parse_squares(text: &str, p: &mut Problems) -> Vec<Square> {
    let mut squares = vec![Square::Start];
    for (i, c) in text.chars().filter(|c| !c.is_whitespace()).enumerate() {
        let square = match c.to_ascii_uppercase() {
            'H' => Square::Hare,
            'C' => Square::Carrot,
            'L' => Square::Lettuce,
            'T' => Square::Tortoise,
            'F' => Square::Number(1 << 1 | 1 << 5 | 1 << 6),
            d @ '1'..='6' => Square::Number(1 << (d as u8 - b'0')),
            other => {
                p.add(
                    format!("squares (square {})", i + 1),
                    format!(
                        "'{}' is not a square; use H (hare), C (carrot), L (lettuce), T (tortoise), 1-6 (number square) or F (ranks 1, 5 and 6)",
                        crate::input::text::quote(&other.to_string())
                    ),
                );
                continue;
            }
        };
        squares.push(square);
    }
    if squares.len() == 1 {
        p.add(
            "squares",
            "no squares between start and home: a track needs at least one square to be a race; list them, e.g. \"C H L\"",
        );
    } else if squares.len() > MAX_SQUARES {
        p.add(
            "squares",
            format!(
                "{} squares is more than {MAX_SQUARES}; use a shorter track",
                squares.len() - 1
            ),
        );
    }
    squares.push(Square::Home);
    squares
}

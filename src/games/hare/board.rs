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

/// How hare squares draw.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Default,
    strum::VariantArray,
    strum::EnumMessage,
)]
#[serde(rename_all = "kebab-case")]
pub enum HareDraws {
    /// Wiener: a fair die, read in `[hare] die` by the race position.
    #[default]
    Die,
    /// Ravensburger: a card from `[hare] cards`.
    Cards,
}

/// How the card pile is used (only with `hare-draws = "cards"`).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Default,
    strum::VariantArray,
    strum::EnumMessage,
)]
#[serde(rename_all = "kebab-case")]
pub enum CardPile {
    /// Shuffled once; each card drawn goes under the pile, so the pile cycles.
    #[default]
    Cyclic,
    /// Every draw independent, each card with its share of the pile.
    Independent,
}

/// When the carrots a player may finish with are counted.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Default,
    strum::VariantArray,
    strum::EnumMessage,
)]
#[serde(rename_all = "kebab-case")]
pub enum FinishCount {
    /// After paying for the move home (Wiener: "when it crosses the finish line").
    #[default]
    AfterPaying,
    /// Before paying.
    BeforePaying,
}

/// Where "drop back one position" and "move forward one position" go when no player is
/// behind (ahead).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    Default,
    strum::VariantArray,
    strum::EnumMessage,
)]
#[serde(rename_all = "kebab-case")]
pub enum Nobody {
    /// Nowhere: the player stays (Wiener names only a move relative to another player).
    #[default]
    Stay,
    /// One square back (forward), to the first unoccupied square.
    OneSquare,
}

/// The `[rules]` table; every key has Wiener's reading as its default.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct HareRules {
    /// Carrots each player starts with.
    pub start_carrots: i64,
    /// Lettuces each player starts with; all must be chewed before finishing.
    pub start_lettuces: i64,
    /// The most carrots a player may hold to finish.
    pub finish_carrots: i64,
    /// Whether that limit is checked after or before paying for the move home.
    pub finish_count: FinishCount,
    /// Carrots per rank for chewing a lettuce and for a number square (10 x rank).
    pub rank_carrots: i64,
    /// Carrots taken or given by chewing a carrot.
    pub chew_carrots: i64,
    /// Carrots per square for moving back to a tortoise square.
    pub tortoise_carrots: i64,
    /// A die read in the hare table, or cards.
    pub hare_draws: HareDraws,
    /// How the card pile is used.
    pub card_pile: CardPile,
    /// "Drop back" / "move forward one position" with nobody behind / ahead.
    pub nobody_there: Nobody,
}

impl Default for HareRules {
    fn default() -> HareRules {
        HareRules {
            start_carrots: 65,
            start_lettuces: 3,
            finish_carrots: 20,
            finish_count: FinishCount::AfterPaying,
            rank_carrots: 10,
            chew_carrots: 10,
            tortoise_carrots: 10,
            hare_draws: HareDraws::Die,
            card_pile: CardPile::Cyclic,
            nobody_there: Nobody::Stay,
        }
    }
}

/// The rule keys `check` varies, each with the values it tries: the keys where the shipped
/// boards differ (Wiener's rules against the Ravensburger edition) and those where Wiener is
/// silent. The others (lettuces, the carrots per rank, per chew and per tortoise square) keep
/// the board's values.
pub fn rule_space() -> Vec<(&'static str, Vec<toml::Value>)> {
    use crate::games::variant::values_of;
    vec![
        ("start-carrots", vec![65.into(), 68.into()]),
        ("finish-carrots", vec![10.into(), 20.into()]),
        ("finish-count", values_of::<FinishCount>()),
        ("hare-draws", values_of::<HareDraws>()),
        ("card-pile", values_of::<CardPile>()),
        ("nobody-there", values_of::<Nobody>()),
    ]
}

/// The keys of the `[rules]` table, kebab-case, as the board file and the flags name them.
pub fn rule_keys() -> Vec<String> {
    toml::Table::try_from(HareRules::default())
        .map(|t| t.keys().cloned().collect())
        .unwrap_or_default()
}

impl HareRules {
    /// The rules with the variant's rule overrides written into the table and read back
    /// through the schema (so an override is checked like a board file's value); a key that
    /// is not a rule of this kind is a problem naming its flag.
    pub fn with(&self, variant: &crate::games::Variant) -> Result<HareRules, InvalidBoard> {
        let mut p = Problems::default();
        for e in &variant.without {
            p.add(
                "--without",
                format!(
                    "a {} board has no {}: it has no elements to remove; leave it out",
                    super::KIND,
                    crate::input::text::quote(e)
                ),
            );
        }
        let own = rule_keys();
        for (key, _) in &variant.rules {
            if !own.contains(key) {
                let owners: Vec<&str> = crate::games::owners_of_rule(key)
                    .into_iter()
                    .map(crate::games::title)
                    .collect();
                let owner = if owners.is_empty() {
                    "no game's".to_string()
                } else {
                    owners.join(" and ")
                };
                p.add(
                    format!("--{}", crate::input::text::quote(key)),
                    format!(
                        "is a rule of {owner} boards and this is a {} board; leave it out",
                        super::KIND
                    ),
                );
            }
        }
        if !p.is_empty() {
            return Err(p.into_invalid());
        }
        if variant.rules.is_empty() {
            return Ok(self.clone());
        }
        let mut table = toml::Table::try_from(self).map_err(|e| {
            let mut p = Problems::default();
            p.add("rules", e.to_string());
            p.into_invalid()
        })?;
        for (key, value) in &variant.rules {
            table.insert(key.clone(), value.clone());
        }
        table.try_into().map_err(|e: toml::de::Error| {
            let mut p = Problems::default();
            p.add(
                "--rules",
                crate::input::text::shorten_lines(&format!("{} (in {variant})", e.message())),
            );
            p.into_invalid()
        })
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

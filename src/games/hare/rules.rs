//! The `[rules]` table of a Hare and Tortoise board file: every place where the rules are
//! silent or contradict themselves, as a named key with a default, and the values a checker
//! varies.

use serde::{Deserialize, Serialize};

use crate::input::problems::InvalidBoard;

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

/// Where "drop back one position" goes when the player behind stands on the start, where no
/// square lies behind it.
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
pub enum BehindStart {
    /// Back to the start, beside the player there.
    #[default]
    Start,
    /// Nowhere: the player stays.
    Stay,
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
    /// "Drop back" when the player behind stands on the start.
    pub drop_back_behind_start: BehindStart,
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
            drop_back_behind_start: BehindStart::Start,
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
        ("drop-back-behind-start", values_of::<BehindStart>()),
    ]
}

/// The keys of the `[rules]` table, kebab-case, as the board file and the flags name them.
pub fn rule_keys() -> Vec<String> {
    toml::Table::try_from(HareRules::default())
        .map(|t| t.keys().cloned().collect())
        .unwrap_or_default()
}

impl HareRules {
    /// The rules with the variant's rule overrides applied
    /// ([`crate::games::variant::override_rules`]).
    pub fn with(&self, variant: &crate::games::Variant) -> Result<HareRules, InvalidBoard> {
        crate::games::variant::override_rules(self, super::KIND, &rule_keys(), variant)
    }
}

//! The `[rules]` table of a Monopoly board file: every rule whose reading differs between rule
//! books, exercises and simulator programs is a named key with the rule book's reading as its
//! default, and the values a checker varies.

use serde::{Deserialize, Serialize};

use crate::input::problems::InvalidBoard;

/// How a player leaves jail (Truman Collins' two strategies, "Probabilities in the Game of
/// Monopoly").
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    Default,
    strum::VariantArray,
    strum::EnumMessage,
)]
#[serde(rename_all = "kebab-case")]
pub enum JailPolicy {
    /// Pay the fine (or use a Get Out of Jail Free card) at once and roll as usual.
    #[default]
    ShortStay,
    /// Try for doubles for up to three turns; pay and move on the third failed try. A kept Get
    /// Out of Jail Free card is used at once, as on a short stay (a reading: the strategy
    /// stays in jail only when it has to pay).
    LongStay,
}

/// What three doubles in a row do.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    Default,
    strum::VariantArray,
    strum::EnumMessage,
)]
#[serde(rename_all = "kebab-case")]
pub enum ThreeDoubles {
    /// The rule book: the third double sends the token to jail, without moving by it.
    #[default]
    Jail,
    /// Doubles only roll again (a program that forgot the rule).
    Ignored,
}

/// What doubles thrown to leave jail (on a long stay) do besides moving the token.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    Default,
    strum::VariantArray,
    strum::EnumMessage,
)]
#[serde(rename_all = "kebab-case")]
pub enum JailDoubles {
    /// The rule book: move by them, and the turn ends ("you do not take another turn").
    #[default]
    MoveOnly,
    /// Move by them and roll again, as after any double, the first of the turn (Truman
    /// Collins' program reads the rule so).
    RollAgain,
}

/// Which doubles count toward the three that send a token to jail.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    Default,
    strum::VariantArray,
    strum::EnumMessage,
)]
#[serde(rename_all = "kebab-case")]
pub enum DoublesCount {
    /// The rule book: the doubles of one turn; going to jail ends the turn and its count.
    #[default]
    InATurn,
    /// Any three rolls in a row, as Project Euler 84 words it ("three consecutive doubles"): a
    /// double that sends the token to jail by a square or a card still counts on its next
    /// turn. Only a roll that is not a double, the third double, or leaving jail on a long
    /// stay, ends the count.
    ConsecutiveRolls,
}

/// How the Chance and Community Chest piles are drawn.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    Default,
    strum::VariantArray,
    strum::EnumMessage,
)]
#[serde(rename_all = "kebab-case")]
pub enum Cards {
    /// Every draw independent, each card one in the pile's size (the cards a player keeps
    /// are out of the pile while kept).
    #[default]
    Independent,
    /// The rule book: the pile is dealt from the top in the order the board file lists it, and
    /// each card drawn goes under the pile, so the pile cycles.
    Cycled,
}

/// What becomes of a Get Out of Jail Free card.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    Default,
    strum::VariantArray,
    strum::EnumMessage,
)]
#[serde(rename_all = "kebab-case")]
pub enum JailFreeCard {
    /// The rule book: kept until used, on the next stay in jail; out of the pile meanwhile.
    /// Returned, it takes its old place in a cycled pile (a reading: the rule book puts it
    /// under the pile).
    #[default]
    Kept,
    /// Put back at once, as a card that does nothing (Project Euler 84's reading).
    Returned,
}

/// Where a roll that ends on Go To Jail is counted.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    Default,
    strum::VariantArray,
    strum::EnumMessage,
)]
#[serde(rename_all = "kebab-case")]
pub enum GoToJailCounted {
    /// Where the token comes to rest: in jail.
    #[default]
    AtJail,
    /// On the Go To Jail square (a program that counts the landing before it moves the token).
    AtGoToJail,
}

/// The `[rules]` table; every key has the rule book's reading as its default.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct MonopolyRules {
    /// Dice rolled each roll.
    pub dice: i64,
    /// Faces of each die, numbered from 1.
    pub faces: i64,
    /// How a player leaves jail.
    pub jail: JailPolicy,
    /// What doubles thrown to leave jail do besides moving.
    pub jail_doubles: JailDoubles,
    /// What three doubles in a row do.
    pub three_doubles: ThreeDoubles,
    /// Which doubles count toward those three.
    pub doubles_count: DoublesCount,
    /// Whether a token that a card moves onto a Chance or Community Chest square draws there
    /// ("go back 3 spaces" from the third Chance square lands on Community Chest).
    pub card_moves_draw: bool,
    /// How the piles are drawn.
    pub cards: Cards,
    /// What becomes of a Get Out of Jail Free card.
    pub jail_free_card: JailFreeCard,
    /// Where a roll that ends on Go To Jail is counted.
    pub go_to_jail_counted: GoToJailCounted,
}

impl Default for MonopolyRules {
    fn default() -> MonopolyRules {
        MonopolyRules {
            dice: 2,
            faces: 6,
            jail: JailPolicy::ShortStay,
            jail_doubles: JailDoubles::MoveOnly,
            three_doubles: ThreeDoubles::Jail,
            doubles_count: DoublesCount::InATurn,
            card_moves_draw: true,
            cards: Cards::Independent,
            jail_free_card: JailFreeCard::Kept,
            go_to_jail_counted: GoToJailCounted::AtJail,
        }
    }
}

/// The rule keys `check` varies, each with the values it tries: the three rules simulator
/// programs most often get wrong and the jail policy. The card model is searched apart (a
/// cycled pile's law depends on its order).
pub fn rule_space() -> Vec<(&'static str, Vec<toml::Value>)> {
    use crate::games::variant::values_of;
    vec![
        ("jail", values_of::<JailPolicy>()),
        ("three-doubles", values_of::<ThreeDoubles>()),
        ("doubles-count", values_of::<DoublesCount>()),
        ("card-moves-draw", vec![true.into(), false.into()]),
        ("go-to-jail-counted", values_of::<GoToJailCounted>()),
    ]
}

/// The keys of the `[rules]` table, kebab-case, as the board file and the flags name them.
pub fn rule_keys() -> Vec<String> {
    toml::Table::try_from(MonopolyRules::default())
        .map(|t| t.keys().cloned().collect())
        .unwrap_or_default()
}

impl MonopolyRules {
    /// The rules with the variant's rule overrides applied
    /// ([`crate::games::variant::override_rules`]).
    pub fn with(&self, variant: &crate::games::Variant) -> Result<MonopolyRules, InvalidBoard> {
        crate::games::variant::override_rules(self, super::KIND, &rule_keys(), variant)
    }
}

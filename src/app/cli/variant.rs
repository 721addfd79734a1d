//! The rule flags every board command takes: changes to the board and its rules without
//! editing the file. Each flag is a key of a game's `[rules]` table; its possible values are
//! read from the game's own rule types, so the flags cannot drift from the board files.

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::Args;
use serde::Serialize;
use strum::{EnumMessage, VariantArray};

use crate::games::candyland::{
    DoubleLicorice, DoubleMove, DoubleShortcut, LandmarkDirection, LicoriceRule, Start,
};
use crate::games::hare::board::{BehindStart, CardPile, FinishCount, HareDraws, Nobody};
use crate::games::monopoly::rules::{
    Cards, DoublesCount, GoToJailCounted, JailDoubles, JailFreeCard, JailPolicy, ThreeDoubles,
};
use crate::games::race_track::{OnMaxRolls, Overshoot};
use crate::games::Variant;

/// The values of one rule, as the board file spells them, each with its documentation.
fn values<T>() -> PossibleValuesParser
where
    T: VariantArray + EnumMessage + Serialize + 'static,
{
    PossibleValuesParser::new(T::VARIANTS.iter().map(|v| {
        // The first paragraph of the value's doc comment, on one line.
        let doc = v.get_documentation().unwrap_or_default();
        let first = doc.split("\n\n").next().unwrap_or_default();
        let help = first.split_whitespace().collect::<Vec<_>>().join(" ");
        PossibleValue::new(crate::games::variant::word(v))
            .help(help.trim_end_matches('.').to_string())
    }))
}

/// The elements `--without` removes, of every game.
fn elements() -> PossibleValuesParser {
    PossibleValuesParser::new(
        crate::games::elements()
            .into_iter()
            .map(|(name, help)| PossibleValue::new(name).help(help)),
    )
}

/// "Roll again" faces from the command line: a list, or none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Faces(pub Vec<u32>);

impl std::str::FromStr for Faces {
    type Err = String;

    fn from_str(s: &str) -> Result<Faces, String> {
        if s == "none" {
            return Ok(Faces(Vec::new()));
        }
        s.split(',')
            .map(|f| {
                f.trim()
                    .parse::<u32>()
                    .map_err(|_| format!("'{f}' is not a face; give faces like 6 or 5,6, or none"))
            })
            .collect::<Result<_, _>>()
            .map(Faces)
    }
}

/// Changes to the board and its rules, without editing the file.
#[derive(Debug, Clone, Default, Args)]
pub struct VariantArgs {
    /// Hare and Tortoise: the policy of each seat, comma-separated (one name: every seat),
    /// from the board's `[policies]` tables.
    #[arg(
        long,
        value_name = "NAMES",
        help_heading = "Hare and Tortoise",
        help = "Hare and Tortoise: the policy of each seat, comma-separated (one name: every seat), from the board's [policies] tables"
    )]
    pub policy: Option<String>,
    /// Hare and Tortoise: the exact chain keeps states of at most this many carrots, and
    /// reports the chance of ever holding more [default: 600].
    #[arg(long, value_name = "N", help_heading = "Hare and Tortoise")]
    pub carrot_cap: Option<u32>,
    /// Remove an element of the board (repeatable).
    #[arg(long, value_parser = elements(), value_name = "ELEMENT", help_heading = "Variants")]
    pub without: Vec<String>,
    /// Licorice rule.
    #[arg(long, value_parser = values::<LicoriceRule>(), value_name = "RULE", help_heading = "Candy Land rules")]
    pub licorice: Option<String>,
    /// Whether a landmark card frees a token stuck on licorice (stuck-until-color).
    #[arg(long, value_name = "BOOL", help_heading = "Candy Land rules")]
    pub landmark_frees: Option<bool>,
    /// How far a double card moves.
    #[arg(long, value_parser = values::<DoubleMove>(), value_name = "MOVE", help_heading = "Candy Land rules")]
    pub doubles: Option<String>,
    /// Whether a double follows a shortcut on its first step.
    #[arg(long, value_parser = values::<DoubleShortcut>(), value_name = "WHEN", help_heading = "Candy Land rules")]
    pub double_shortcut: Option<String>,
    /// Whether licorice on a double's first step stops the move.
    #[arg(long, value_parser = values::<DoubleLicorice>(), value_name = "WHEN", help_heading = "Candy Land rules")]
    pub double_licorice: Option<String>,
    /// Where landmark cards may send a token.
    #[arg(long, value_parser = values::<LandmarkDirection>(), value_name = "DIRECTION", help_heading = "Candy Land rules")]
    pub landmark_direction: Option<String>,
    /// Where tokens start.
    #[arg(long, value_parser = values::<Start>(), value_name = "WHERE", help_heading = "Candy Land rules")]
    pub start: Option<String>,
    /// Whether landing on the last space wins at once.
    #[arg(long, value_name = "BOOL", help_heading = "Candy Land rules")]
    pub land_on_last_wins: Option<bool>,
    /// What a roll past the last square does.
    #[arg(long, value_parser = values::<Overshoot>(), value_name = "RULE", help_heading = "Chutes and Ladders and race rules")]
    pub overshoot: Option<String>,
    /// Whether each ladder or chute taken costs a turn.
    #[arg(
        long,
        value_name = "BOOL",
        help_heading = "Chutes and Ladders and race rules"
    )]
    pub jump_costs_turn: Option<bool>,
    /// Faces that give another roll in the same turn (e.g. 6), or none.
    #[arg(long, value_name = "FACES", help_heading = "Chutes and Ladders rules")]
    pub roll_again: Option<Faces>,
    /// The most rolls in one turn with --roll-again.
    #[arg(long, value_name = "N", help_heading = "Chutes and Ladders rules")]
    pub max_rolls: Option<u32>,
    /// What the last allowed roll does if it also shows a roll-again face.
    #[arg(long, value_parser = values::<OnMaxRolls>(), value_name = "RULE", help_heading = "Chutes and Ladders rules")]
    pub on_max_rolls: Option<String>,
    /// Every backward face moves back N squares instead of its own count (0: each its
    /// own). Hi Ho! Cherry-O's bird and dog put back 2 cherries, or 1 in some rule books.
    #[arg(long, value_name = "N", help_heading = "Race rules")]
    pub back_by: Option<u32>,
    /// Whether a jump may end on another jump's start and go on.
    #[arg(
        long,
        value_name = "BOOL",
        help_heading = "Chutes and Ladders and race rules"
    )]
    pub chain_jumps: Option<bool>,
    /// Carrots each player starts with.
    #[arg(long, value_name = "N", help_heading = "Hare and Tortoise rules")]
    pub start_carrots: Option<u32>,
    /// The most carrots a player may hold to finish.
    #[arg(long, value_name = "N", help_heading = "Hare and Tortoise rules")]
    pub finish_carrots: Option<u32>,
    /// When the carrots a player may finish with are counted.
    #[arg(long, value_parser = values::<FinishCount>(), value_name = "WHEN", help_heading = "Hare and Tortoise rules")]
    pub finish_count: Option<String>,
    /// How hare squares draw: a die read in the board's table, or a card.
    #[arg(long, value_parser = values::<HareDraws>(), value_name = "HOW", help_heading = "Hare and Tortoise rules")]
    pub hare_draws: Option<String>,
    /// How the hare card pile is used (with --hare-draws cards).
    #[arg(long, value_parser = values::<CardPile>(), value_name = "HOW", help_heading = "Hare and Tortoise rules")]
    pub card_pile: Option<String>,
    /// Where "drop back" and "move forward one position" go with nobody behind or ahead.
    #[arg(long, value_parser = values::<Nobody>(), value_name = "WHERE", help_heading = "Hare and Tortoise rules")]
    pub nobody_there: Option<String>,
    /// Where "drop back" goes when the player behind stands on the start.
    #[arg(long, value_parser = values::<BehindStart>(), value_name = "WHERE", help_heading = "Hare and Tortoise rules")]
    pub drop_back_behind_start: Option<String>,
    /// Dice rolled each roll.
    #[arg(long, value_name = "N", help_heading = "Monopoly rules")]
    pub dice: Option<u32>,
    /// Faces of each die (Monopoly, Pig).
    #[arg(long, value_name = "N", help_heading = "Monopoly rules")]
    pub faces: Option<u32>,
    /// The score that wins.
    #[arg(long, value_name = "N", help_heading = "Pig rules")]
    pub goal: Option<u32>,
    /// How a player leaves jail: pay at once, or try for doubles for up to three turns.
    #[arg(long, value_parser = values::<JailPolicy>(), value_name = "POLICY", help_heading = "Monopoly rules")]
    pub jail: Option<String>,
    /// What doubles thrown to leave jail on a long stay do besides moving.
    #[arg(long, value_parser = values::<JailDoubles>(), value_name = "RULE", help_heading = "Monopoly rules")]
    pub jail_doubles: Option<String>,
    /// What three doubles in a row do.
    #[arg(long, value_parser = values::<ThreeDoubles>(), value_name = "RULE", help_heading = "Monopoly rules")]
    pub three_doubles: Option<String>,
    /// Which doubles count toward those three.
    #[arg(long, value_parser = values::<DoublesCount>(), value_name = "WHICH", help_heading = "Monopoly rules")]
    pub doubles_count: Option<String>,
    /// Whether a token a card moves onto a card square draws there.
    #[arg(long, value_name = "BOOL", help_heading = "Monopoly rules")]
    pub card_moves_draw: Option<bool>,
    /// How the Chance and Community Chest piles are drawn.
    #[arg(long, value_parser = values::<Cards>(), value_name = "HOW", help_heading = "Monopoly rules")]
    pub cards: Option<String>,
    /// What becomes of a Get Out of Jail Free card.
    #[arg(long, value_parser = values::<JailFreeCard>(), value_name = "HOW", help_heading = "Monopoly rules")]
    pub jail_free_card: Option<String>,
    /// Where a roll that ends on Go To Jail is counted.
    #[arg(long, value_parser = values::<GoToJailCounted>(), value_name = "WHERE", help_heading = "Monopoly rules")]
    pub go_to_jail_counted: Option<String>,
}

impl VariantArgs {
    /// The flags as a [`Variant`]: `--without` elements in the games' order without repeats,
    /// Then each rule set, keyed by its board-file name.
    pub fn to_variant(&self) -> Variant {
        let mut v = Variant::default();
        for (name, _) in crate::games::elements() {
            if self.without.iter().any(|w| w == name) {
                v = v.without(name);
            }
        }
        let text = |key: &str, value: &Option<String>| {
            value
                .clone()
                .map(|s| (key.to_string(), toml::Value::String(s)))
        };
        let flag = |key: &str, value: Option<bool>| {
            value.map(|b| (key.to_string(), toml::Value::Boolean(b)))
        };
        let rules = [
            text("licorice", &self.licorice),
            flag("landmark-frees", self.landmark_frees),
            text("doubles", &self.doubles),
            text("double-shortcut", &self.double_shortcut),
            text("double-licorice", &self.double_licorice),
            text("landmark-direction", &self.landmark_direction),
            text("start", &self.start),
            flag("land-on-last-wins", self.land_on_last_wins),
            text("overshoot", &self.overshoot),
            flag("jump-costs-turn", self.jump_costs_turn),
            self.roll_again
                .clone()
                .map(|faces| ("roll-again".to_string(), toml::Value::from(faces.0))),
            self.max_rolls
                .map(|m| ("max-rolls".to_string(), toml::Value::from(m))),
            text("on-max-rolls", &self.on_max_rolls),
            self.back_by
                .map(|n| ("back-by".to_string(), toml::Value::from(n))),
            flag("chain-jumps", self.chain_jumps),
            self.start_carrots
                .map(|n| ("start-carrots".to_string(), toml::Value::from(n))),
            self.finish_carrots
                .map(|n| ("finish-carrots".to_string(), toml::Value::from(n))),
            text("finish-count", &self.finish_count),
            text("hare-draws", &self.hare_draws),
            text("card-pile", &self.card_pile),
            text("nobody-there", &self.nobody_there),
            text("drop-back-behind-start", &self.drop_back_behind_start),
            self.dice
                .map(|n| ("dice".to_string(), toml::Value::from(n))),
            self.faces
                .map(|n| ("faces".to_string(), toml::Value::from(n))),
            self.goal
                .map(|n| ("goal".to_string(), toml::Value::from(n))),
            text("jail", &self.jail),
            text("jail-doubles", &self.jail_doubles),
            text("three-doubles", &self.three_doubles),
            text("doubles-count", &self.doubles_count),
            flag("card-moves-draw", self.card_moves_draw),
            text("cards", &self.cards),
            text("jail-free-card", &self.jail_free_card),
            text("go-to-jail-counted", &self.go_to_jail_counted),
        ];
        for (key, value) in rules.into_iter().flatten() {
            v = v.with_rule(&key, value);
        }
        v
    }
}

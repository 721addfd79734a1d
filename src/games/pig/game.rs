//! Pig as a [`PolicyGame`]: what the shared stages ask of a game played by computer players,
//! answered from the board.

use super::board::{Board, Policy};
use super::notes::{event, log_line, PigEvent};
use super::turn::{Alone, Choice, Deciding, Note, Player, Table};
use crate::games::decision::DecisionTurn;
use crate::games::policy_game::{GameWords, PolicyGame};
use crate::games::{ShippedBoard, Size, Variant};
use crate::input::error::UserError;

impl PolicyGame for Board {
    const KIND: &'static str = super::KIND;
    const TITLE: &'static str = "Pig";
    const SHIPPED: &'static [ShippedBoard] = super::SHIPPED;
    /// Pig is a game of two.
    const PLAYERS: usize = 2;
    const DECK_HINT: &'static str = "Pig rolls a die (--faces)";
    const APART: bool = true;

    /// Nothing is varied: the goal and the die are the game.
    fn rule_space() -> Vec<(&'static str, Vec<toml::Value>)> {
        Vec::new()
    }

    fn rule_keys() -> Vec<String> {
        super::board::rule_keys()
    }

    type Policy = Policy;
    type Player = Player;
    type Note = Note;
    type Event = PigEvent;
    type Alone<'a> = Alone<'a>;
    type Table<'a> = Table<'a>;
    type Choice = Choice;
    type Deciding<'a> = Deciding<'a>;

    fn parse(label: &str, text: &str, variant: &Variant) -> Result<Board, UserError> {
        super::parse_with(label, text, variant)
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn source(&self) -> &str {
        &self.source
    }

    fn description(&self) -> &str {
        &self.description
    }

    /// The scores below the goal.
    fn size(&self) -> (Size, String) {
        let size = Size {
            spaces: self.goal as usize - 1,
            ..Default::default()
        };
        (
            size,
            format!("to {}, a {}-faced die", self.goal, self.faces),
        )
    }

    fn rules_json(&self) -> serde_json::Value {
        serde_json::to_value(&self.rules).unwrap_or_default()
    }

    fn squares_between(&self) -> usize {
        self.goal as usize - 1
    }

    fn home(&self) -> usize {
        self.goal as usize
    }

    fn square_words(&self, i: usize) -> String {
        format!("score {i}")
    }

    fn draws_words(&self) -> String {
        format!("{}-faced die", self.faces)
    }

    fn draws_independent(&self) -> bool {
        true
    }

    fn words(&self) -> GameWords {
        GameWords {
            title: Self::TITLE,
            held: super::turn::cap_words(),
            draws_at: "every roll",
            die: "a die",
            independent_cards: "",
            landings: "scores banked",
            table: "two",
            square_kinds: &["score"],
        }
    }

    fn policy(&self, name: &str) -> Result<&Policy, String> {
        Board::policy(self, name)
    }

    fn default_policy(&self) -> &str {
        &self.default_policy
    }

    fn policy_names(&self) -> Vec<&str> {
        self.policies.keys().map(String::as_str).collect()
    }

    fn policy_name(policy: &Policy) -> &str {
        &policy.name
    }

    fn alone<'a>(&'a self, policy: &'a Policy) -> Alone<'a> {
        Alone {
            board: self,
            policy,
        }
    }

    fn table<'a>(&'a self, policies: &'a [&'a Policy]) -> Table<'a> {
        Table {
            board: self,
            policies,
        }
    }

    fn deciding(&self) -> Deciding<'_> {
        Deciding { board: self }
    }

    /// A turn's first roll is not a choice: rows are for a turn total above 0.
    fn table_row(&self, state: Player, choice: Choice) -> Option<String> {
        (state.total > 0).then(|| {
            format!(
                "{} {}: {}",
                state.score,
                state.total,
                self.deciding().choice_words(choice)
            )
        })
    }

    fn table_policy(&self, name: &str, description: &str, rows: &[String]) -> String {
        let mut text = format!(
            "[policies.{name}]\ndescription = {}\ntable = [\n",
            toml::Value::from(description)
        );
        for row in rows {
            text.push_str(&format!("  {},\n", toml::Value::from(row.as_str())));
        }
        text.push_str("]\n");
        text
    }

    fn choice_made(&self, notes: &[Note]) -> Option<Choice> {
        notes.iter().find_map(|n| match n {
            Note::Rolled { .. } | Note::Pigged { .. } => Some(Choice::Roll),
            Note::Held { .. } => Some(Choice::Hold),
            _ => None,
        })
    }

    fn fingerprint(&self, policies: &[String]) -> String {
        let seats: Vec<String> = policies
            .iter()
            .map(|n| format!("{:?}", self.policies.get(n)))
            .collect();
        format!("{}|{}|{seats:?}", self.goal, self.faces)
    }

    fn note_line(&self, note: Note, who: &str) -> String {
        log_line(who, note)
    }

    fn note_event(&self, turn: u32, seat: usize, note: Note) -> PigEvent {
        event(turn, seat, note)
    }
}

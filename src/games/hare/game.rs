//! Hare and Tortoise as a [`PolicyGame`]: what the shared stages ask of a game played by
//! computer players with fixed policies, answered from the board.

use super::board::{Board, CardPile, HareDraws, Square, KIND_WORDS};
use super::choice::Choice;
use super::decisions::Deciding;
use super::notes::{event, log_line, Transaction};
use super::player::Player;
use super::policy::Policy;
use super::turn::Note;
use super::{Alone, Table};
use crate::games::policy_game::{GameWords, PolicyGame};
use crate::games::{ShippedBoard, Size, Variant};
use crate::input::error::UserError;

impl PolicyGame for Board {
    const KIND: &'static str = super::KIND;
    const TITLE: &'static str = "Hare and Tortoise";
    const SHIPPED: &'static [ShippedBoard] = super::SHIPPED;
    /// Wiener's game has four.
    const PLAYERS: usize = 4;
    const DECK_HINT: &'static str = "the hare card pile is a rule (--card-pile)";

    fn rule_space() -> Vec<(&'static str, Vec<toml::Value>)> {
        super::board::rule_space()
    }

    fn rule_keys() -> Vec<String> {
        super::board::rule_keys()
    }

    type Policy = Policy;
    type Player = Player;
    type Note = Note;
    type Event = Transaction;
    type Alone<'a> = Alone<'a>;
    type Table<'a> = Table<'a>;
    type Choice = Option<Choice>;
    type Deciding<'a> = Deciding<'a>;
    /// Players block squares and race positions pay.
    const APART: bool = false;

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

    /// The squares between start and home, and the hare cards when its hare squares draw them.
    fn size(&self) -> (Size, String) {
        let squares = self.squares.len() - 2;
        let cards = (self.rules.hare_draws == HareDraws::Cards).then_some(self.pile.len() as u32);
        let text = match cards {
            Some(n) => format!("{squares} squares, {n} hare cards"),
            None => format!("{squares} squares, a hare die"),
        };
        let size = Size {
            spaces: squares,
            cards,
            ..Default::default()
        };
        (size, text)
    }

    fn rules_json(&self) -> serde_json::Value {
        serde_json::to_value(&self.rules).unwrap_or_default()
    }

    fn squares_between(&self) -> usize {
        self.squares.len() - 2
    }

    fn home(&self) -> usize {
        Board::home(self)
    }

    fn square_words(&self, i: usize) -> String {
        self.squares[i].describe()
    }

    fn draws_words(&self) -> String {
        match self.rules.hare_draws {
            HareDraws::Die => "die".to_string(),
            HareDraws::Cards => format!(
                "{} card pile",
                crate::games::variant::word(&self.rules.card_pile)
            ),
        }
    }

    fn draws_independent(&self) -> bool {
        !(self.rules.hare_draws == HareDraws::Cards
            && self.rules.card_pile == CardPile::Cyclic
            && self.squares.contains(&Square::Hare))
    }

    fn words(&self) -> GameWords {
        GameWords {
            title: Self::TITLE,
            held: super::alone::cap_words(),
            draws_at: "hare squares",
            die: "a die read in the hare table",
            independent_cards: "An approximation: the chain draws each hare card independently (each card its share of the pile), as it cannot follow a pile shuffled once and cycled; every figure below but the simulated pile's is of that approximation.",
            landings: "moves and a hare's displacements",
            table: "four",
            square_kinds: KIND_WORDS,
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

    fn table_row(&self, state: Player, choice: Option<Choice>) -> Option<String> {
        let (me, over) = self.deciding().begun(state);
        let choice = choice.filter(|_| !over)?;
        Some(format!("{}: {}", me.situation().words(), choice.words()))
    }

    /// The first move of the notes; how a hare's "chew a carrot" was answered when the notes
    /// show one.
    fn choice_made(&self, notes: &[Note]) -> Option<Option<Choice>> {
        use super::moves::Action;
        let action = notes.iter().find_map(|n| match *n {
            Note::Lettuce { .. } => Some(Action::ChewLettuce),
            Note::Carrots { delta } => Some(Action::Carrots(delta)),
            Note::Moved { to, .. } => Some(Action::Forward(to)),
            Note::Back { to, .. } => Some(Action::Back(to)),
            _ => None,
        });
        let Some(action) = action else {
            // No move: a lost turn has no choice to judge; a skipped one is the skip.
            return notes.contains(&Note::Skipped).then_some(None);
        };
        // How a hare's "chew a carrot" was answered, when one was drawn.
        let chewed = notes.iter().any(|n| {
            matches!(
                n,
                Note::Hare {
                    effect: super::board::Effect::ChewCarrot,
                    ..
                }
            )
        });
        let hare_gives = chewed.then(|| {
            notes
                .iter()
                .any(|n| matches!(n, Note::HareCarrots { delta } if *delta < 0))
        });
        Some(Some(Choice { action, hare_gives }))
    }

    /// The table first; where it has no row or its move is not legal (another player on the
    /// square), chew a lettuce, finish, the cheapest move forward, back to a tortoise square,
    /// else chew a carrot.
    fn table_policy(&self, name: &str, description: &str, rows: &[String]) -> String {
        let mut text = format!(
            "[policies.{name}]\ndescription = {}\nsteps = [\"table\", \"chew-lettuce\", \"finish\", \"cheapest\", \"tortoise\", \"chew-carrot\"]\ntable = [\n",
            toml::Value::from(description)
        );
        for row in rows {
            text.push_str(&format!("  {},\n", toml::Value::from(row.as_str())));
        }
        text.push_str("]\n");
        text
    }

    /// The track, the rules in force (the card pile only when cards are drawn), the die table
    /// or the pile, the seats' policies.
    fn fingerprint(&self, policies: &[String]) -> String {
        let mut rules = self.rules.clone();
        let has_hare = self.squares.contains(&Square::Hare);
        if rules.hare_draws == HareDraws::Die || !has_hare {
            rules.card_pile = CardPile::default();
        }
        if !has_hare {
            rules.hare_draws = HareDraws::default();
        }
        let draws = match (has_hare, rules.hare_draws) {
            (false, _) => String::new(),
            (true, HareDraws::Die) => format!("{:?}", self.die),
            (true, HareDraws::Cards) => format!("{:?}", self.pile),
        };
        let seats: Vec<String> = policies
            .iter()
            .map(|n| format!("{:?}", self.policies.get(n)))
            .collect();
        format!("{:?}|{rules:?}|{draws}|{seats:?}", self.squares)
    }

    fn note_line(&self, note: Note, who: &str) -> String {
        log_line(self, who, note)
    }

    fn note_event(&self, turn: u32, seat: usize, note: Note) -> Transaction {
        event(self, turn, seat, note)
    }
}

//! Variants: board elements removed (`--without`) and rule settings overridden, applied to the
//! parsed file before validation so that a variant is checked like any board.
//!
//! A variant names no game: an element is a word the game declares ([`Game::ELEMENTS`]), a rule
//! is a key of the game's `[rules]` table with a TOML value. Overriding a rule writes that value
//! into the table and reads the table back through the game's own schema, so a variant can set
//! exactly what a board file can, and is checked the same way.

use std::fmt;

use crate::games::Game;
use crate::input::problems::{BoardProblem, InvalidBoard};

/// Changes to a board file: elements removed and rules overridden. The default changes nothing.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Variant {
    /// Elements to remove (`--without`), in the order given.
    pub without: Vec<String>,
    /// Rule overrides: a key of the `[rules]` table (kebab-case, as the flag is named) and its
    /// value, in the order they print.
    pub rules: Vec<(String, toml::Value)>,
}

pub use crate::games::game::Edit;

impl Variant {
    /// Whether the variant changes nothing (no removals, no overrides).
    pub fn is_default(&self) -> bool {
        self.without.is_empty() && self.rules.is_empty()
    }

    /// This variant with `element` removed as well.
    pub fn without(mut self, element: &str) -> Variant {
        self.without.push(element.to_string());
        self
    }

    /// This variant with the rule `key` set to `value` (replacing an earlier setting of it).
    pub fn with_rule(mut self, key: &str, value: impl Into<toml::Value>) -> Variant {
        let value = value.into();
        match self.rules.iter_mut().find(|(k, _)| k == key) {
            Some(slot) => slot.1 = value,
            None => self.rules.push((key.to_string(), value)),
        }
        self
    }

    /// Applies the variant to a parsed board file of game `G`: first the removals (each by the
    /// game's own [`Game::remove_element`]), then the rule overrides.
    /// `owner_of_rule` names the kind whose boards have a rule key this game lacks, for the message.
    pub fn apply<G: Game>(
        &self,
        file: &mut G::File,
        owner_of_rule: fn(&str) -> Option<&'static str>,
    ) -> Result<(), InvalidBoard> {
        self.check_kind::<G>(owner_of_rule)?;
        for element in &self.without {
            G::remove_element(file, element)?;
        }
        if self.rules.is_empty() {
            return Ok(());
        }
        let rules = G::rules_mut(file);
        let mut table = toml::Table::try_from(&*rules).map_err(|e| one("rules", e.to_string()))?;
        for (key, value) in &self.rules {
            table.insert(key.clone(), value.clone());
        }
        *rules = table.try_into().map_err(|e: toml::de::Error| {
            one(
                "--rules",
                crate::input::text::shorten_lines(&format!("{} (in {self})", e.message())),
            )
        })?;
        Ok(())
    }

    /// The elements and rules that game `G` does not have, as problems naming the flag.
    fn check_kind<G: Game>(
        &self,
        owner_of_rule: fn(&str) -> Option<&'static str>,
    ) -> Result<(), InvalidBoard> {
        let mut problems = Vec::new();
        for e in &self.without {
            let own: Vec<&str> = G::ELEMENTS.iter().map(|(name, _)| *name).collect();
            if !own.contains(&e.as_str()) {
                problems.push(BoardProblem {
                    field: "--without".into(),
                    message: format!(
                        "a {} board has no {}; use one of: {}",
                        G::KIND,
                        crate::input::text::quote(e),
                        own.join(", ")
                    ),
                });
            }
        }
        let own = G::rule_keys();
        for (key, _) in &self.rules {
            if own.contains(key) {
                continue;
            }
            let message = match owner_of_rule(key) {
                Some(owner) => format!(
                    "is a rule of {owner} boards and this is a {} board; leave it out",
                    G::KIND
                ),
                None => format!(
                    "is not a rule of {} boards; use one of: {}",
                    G::KIND,
                    own.join(", ")
                ),
            };
            problems.push(BoardProblem {
                field: format!("--{}", crate::input::text::quote(key)),
                message,
            });
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(InvalidBoard { problems })
        }
    }
}

fn one(field: &str, message: String) -> InvalidBoard {
    InvalidBoard {
        problems: vec![BoardProblem {
            field: field.into(),
            message,
        }],
    }
}

/// A rule value as a flag takes it: `true`, `stuck-until-color`, `3`, `5,6` (`none` for an
/// empty list).
pub fn value_word(value: &toml::Value) -> String {
    match value {
        toml::Value::String(s) => s.clone(),
        toml::Value::Array(items) if items.is_empty() => "none".into(),
        toml::Value::Array(items) => items.iter().map(value_word).collect::<Vec<_>>().join(","),
        other => other.to_string(),
    }
}

impl fmt::Display for Variant {
    /// The variant as command-line flags, e.g. `--without shortcuts --doubles one-step`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self
            .without
            .iter()
            .map(|e| format!("--without {e}"))
            .chain(
                self.rules
                    .iter()
                    .map(|(k, v)| format!("--{k} {}", value_word(v))),
            )
            .collect();
        f.write_str(&parts.join(" "))
    }
}

/// The kebab-case name serde gives a unit enum value (the same word the board file uses).
pub(crate) fn word<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// Every value of an enumerated rule, as its board-file word (for [`Game::rule_space`]).
pub fn values_of<T: strum::VariantArray + serde::Serialize>() -> Vec<toml::Value> {
    T::VARIANTS
        .iter()
        .map(|v| toml::Value::String(word(v)))
        .collect()
}

//! Variants: board elements removed (`--without`) and rule settings overridden, applied to the
//! parsed file before validation so that a variant is checked like any board.
//!
//! A variant names no game: an element is a word the game declares ([`Game::ELEMENTS`]), a rule
//! is a key of the game's `[rules]` table with a TOML value. Overriding a rule writes that value
//! into the table and reads the table back through the game's own schema, so a variant can set
//! exactly what a board file can, and is checked the same way.

use std::fmt;

use crate::games::Game;
use crate::input::error::UserError;
use crate::input::problems::{BoardProblem, InvalidBoard, Problems};

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
    /// game's own [`Game::remove_element`]), then the rule overrides. The flags must be `G`'s
    /// ([`Variant::check_game`]).
    pub fn apply<G: Game>(&self, file: &mut G::File) -> Result<(), InvalidBoard> {
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

    /// Every `--without` element and rule flag that game `G` does not have, as an error of the
    /// flags (the board, named by `board`, is fine): which games take each flag, and which
    /// this board takes instead. `owners_of_rule` lists the games whose boards have a rule key.
    pub fn check_game<G: Game>(
        &self,
        board: &str,
        owners_of_rule: fn(&str) -> Vec<&'static str>,
    ) -> Result<(), UserError> {
        let title = crate::games::title(G::KIND);
        let mut lines = Vec::new();
        let own_elements: Vec<&str> = G::ELEMENTS.iter().map(|(name, _)| *name).collect();
        for e in &self.without {
            if !own_elements.contains(&e.as_str()) {
                lines.push(format!(
                    "--without {}: {board} is a {title} board, which has no {}; it has: {}",
                    crate::input::text::quote(e),
                    crate::input::text::quote(e),
                    own_elements.join(", ")
                ));
            }
        }
        let own = G::rule_keys();
        let own_flags: Vec<String> = own.iter().map(|k| format!("--{k}")).collect();
        for (key, _) in &self.rules {
            if own.contains(key) {
                continue;
            }
            let flag = format!("--{}", crate::input::text::quote(key));
            let owners: Vec<&str> = owners_of_rule(key)
                .into_iter()
                .map(crate::games::title)
                .collect();
            let takers = if owners.is_empty() {
                "no game takes it".to_string()
            } else {
                format!("a rule of {} boards", owners.join(" and "))
            };
            lines.push(format!(
                "{flag} is {takers}, and {board} is a {title} board, whose rule flags are {}; leave {flag} out",
                own_flags.join(", ")
            ));
        }
        if lines.is_empty() {
            Ok(())
        } else {
            Err(UserError::FlagsNotForBoard {
                lines: lines.join("\n"),
            })
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

/// `rules` (a kind's `[rules]` table, whose keys are `own`) with the variant's rule overrides
/// written into the table and read back through the schema, so an override is checked like a
/// board file's value. A key that is not a rule of this kind, or an element to remove (policy
/// and loop games have none), is a problem naming its flag.
pub fn override_rules<R>(
    rules: &R,
    kind: &str,
    own: &[String],
    variant: &Variant,
) -> Result<R, InvalidBoard>
where
    R: Clone + serde::Serialize + serde::de::DeserializeOwned,
{
    let mut p = Problems::default();
    for e in &variant.without {
        p.add(
            "--without",
            format!(
                "a {kind} board has no {}: it has no elements to remove; leave it out",
                crate::input::text::quote(e)
            ),
        );
    }
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
                format!("is a rule of {owner} boards and this is a {kind} board; leave it out"),
            );
        }
    }
    if !p.is_empty() {
        return Err(p.into_invalid());
    }
    if variant.rules.is_empty() {
        return Ok(rules.clone());
    }
    let one = |field: &str, message: String| {
        let mut p = Problems::default();
        p.add(field, message);
        p.into_invalid()
    };
    let mut table = toml::Table::try_from(rules).map_err(|e| one("rules", e.to_string()))?;
    for (key, value) in &variant.rules {
        table.insert(key.clone(), value.clone());
    }
    table.try_into().map_err(|e: toml::de::Error| {
        one(
            "--rules",
            crate::input::text::shorten_lines(&format!("{} (in {variant})", e.message())),
        )
    })
}

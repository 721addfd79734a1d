//! The hypotheses `check` searches: every combination of the game's rule values
//! ([`Game::rule_space`]), narrowed by `--vary` and `--fix`, on every board of the game and
//! under every deck model.

use crate::games::{value_word, Game, Variant};

/// How the user narrowed the rule space.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Narrowing {
    /// Only these keys vary (`--vary`); `None`: every key of the game.
    pub vary: Option<Vec<String>>,
    /// Keys held at one value (`--fix KEY=VALUE`), as the user wrote them.
    pub fix: Vec<(String, String)>,
}

/// A key or value the game does not have.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct BadNarrowing {
    /// What is wrong and what to do about it.
    pub message: String,
}

/// The rule sets to try: each a variant setting every searched key, and the keys varied.
#[derive(Debug, Clone, PartialEq)]
pub struct RuleSpace {
    /// The keys whose values vary, in the game's order.
    pub varied: Vec<String>,
    /// The keys held at one value, with that value's word.
    pub fixed: Vec<(String, String)>,
    /// One variant per combination.
    pub rule_sets: Vec<Variant>,
}

/// Every combination of the game's rule values, narrowed.
pub fn rule_space<G: Game>(narrowing: &Narrowing) -> Result<RuleSpace, BadNarrowing> {
    rule_space_of(G::KIND, G::rule_space(), narrowing)
}

/// Every combination of `space`'s values (each key with the values it takes, the rules of
/// game `kind`), narrowed.
pub fn rule_space_of(
    kind: &str,
    space: Vec<(&'static str, Vec<toml::Value>)>,
    narrowing: &Narrowing,
) -> Result<RuleSpace, BadNarrowing> {
    let keys: Vec<&str> = space.iter().map(|(k, _)| *k).collect();
    let unknown = |key: &str| BadNarrowing {
        message: format!(
            "'{}' is not a rule of {} boards; the rules are: {}",
            crate::input::text::quote(key),
            kind,
            keys.join(", ")
        ),
    };
    if let Some(vary) = &narrowing.vary {
        if let Some(k) = vary.iter().find(|k| !keys.contains(&k.as_str())) {
            return Err(unknown(k));
        }
    }
    let mut axes: Vec<(&str, Vec<toml::Value>)> = Vec::new();
    let mut varied = Vec::new();
    let mut fixed = Vec::new();
    for (key, values) in space {
        if let Some((_, word)) = narrowing.fix.iter().find(|(k, _)| k == key) {
            let value = values
                .iter()
                .find(|v| value_word(v) == *word)
                .ok_or_else(|| BadNarrowing {
                    message: format!(
                        "--fix {key}={}: not a value of {key}; use one of: {}",
                        crate::input::text::quote(word),
                        values.iter().map(value_word).collect::<Vec<_>>().join(", ")
                    ),
                })?;
            fixed.push((key.to_string(), word.clone()));
            axes.push((key, vec![value.clone()]));
        } else if narrowing
            .vary
            .as_ref()
            .is_none_or(|v| v.iter().any(|k| k == key))
        {
            varied.push(key.to_string());
            axes.push((key, values));
        }
    }
    if let Some((k, _)) = narrowing
        .fix
        .iter()
        .find(|(k, _)| !keys.contains(&k.as_str()))
    {
        return Err(unknown(k));
    }
    let mut rule_sets = vec![Variant::default()];
    for (key, values) in axes {
        rule_sets = rule_sets
            .into_iter()
            .flat_map(|v| {
                values
                    .iter()
                    .map(move |value| v.clone().with_rule(key, value.clone()))
                    .collect::<Vec<_>>()
            })
            .collect();
    }
    Ok(RuleSpace {
        varied,
        fixed,
        rule_sets,
    })
}

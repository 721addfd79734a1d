//! A hypothesis's settings (game, board, each rule, deck, a policy game's hypothesis's
//! policy and players) as one object of typed values.
//!
//! Why typed: a script that reads `check --json` should test `settings["land-on-last-wins"] ==
//! false` or `settings["roll-again"] == [6]`, as the board file's `[rules]` table writes them,
//! not parse flag strings. Each value keeps the type it has in a board file (a string, a
//! boolean, an integer, a list of integers); text output words it as its flag does
//! (`false`, `6`, `none` for an empty list).

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::games::value_word;

/// One setting's value, as a board file's `[rules]` table holds it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SettingValue(toml::Value);

impl SettingValue {
    /// A word: "candyland", "shuffled", a policy name.
    pub fn text(word: impl Into<String>) -> SettingValue {
        SettingValue(toml::Value::String(word.into()))
    }

    /// A count: a policy game's hypothesis's players.
    pub fn count(n: usize) -> SettingValue {
        SettingValue(toml::Value::Integer(i64::try_from(n).unwrap_or(i64::MAX)))
    }

    /// A rule's value as its board file holds it.
    pub fn of_rule(value: &toml::Value) -> SettingValue {
        SettingValue(value.clone())
    }
}

impl fmt::Display for SettingValue {
    /// The value as its flag takes it ([`value_word`]): `stuck-until-color`, `false`, `6`,
    /// `6,5`, `none` for an empty list.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&value_word(&self.0))
    }
}

impl PartialEq<&str> for SettingValue {
    /// Whether the value is worded `word` (`"false"` equals the boolean false).
    fn eq(&self, word: &&str) -> bool {
        value_word(&self.0) == *word
    }
}

impl Eq for SettingValue {}

impl std::hash::Hash for SettingValue {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        // Equal values have equal words.
        value_word(&self.0).hash(state);
    }
}

impl schemars::JsonSchema for SettingValue {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "SettingValue".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A setting's value, typed as in a board file's [rules] table: a string, a boolean, a number, or a list of numbers.",
            "anyOf": [
                { "type": "string" },
                { "type": "boolean" },
                { "type": "number" },
                { "type": "array", "items": { "type": "number" } }
            ]
        })
    }
}

/// `values` worded as their flags take them, separated by `sep`.
pub fn words(values: &[SettingValue], sep: &str) -> String {
    values
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(sep)
}

/// A hypothesis's settings in order (game, board, each rule, extra settings, deck), written
/// as one JSON object: `{"game": "candyland", "board": "candy-land-1984", "land-on-last-wins":
/// true, ..., "deck": "shuffled"}`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SettingList(pub Vec<(String, SettingValue)>);

impl SettingList {
    /// The value of `key`, if the hypothesis has it.
    pub fn get(&self, key: &str) -> Option<&SettingValue> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// Every setting but `key`.
    pub fn without(&self, key: &str) -> Vec<(String, SettingValue)> {
        self.0.iter().filter(|(k, _)| k != key).cloned().collect()
    }

    /// Each setting and its value worded as its flag takes it.
    pub fn words(&self) -> Vec<(String, String)> {
        self.0
            .iter()
            .map(|(k, v)| (k.clone(), v.to_string()))
            .collect()
    }

    /// Each setting and its value.
    pub fn iter(&self) -> std::slice::Iter<'_, (String, SettingValue)> {
        self.0.iter()
    }
}

impl Serialize for SettingList {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for SettingList {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        // serde_json keeps the object's order (its `preserve_order` feature).
        use serde::de::Error;
        let map = serde_json::Map::<String, serde_json::Value>::deserialize(deserializer)?;
        map.into_iter()
            .map(|(k, v)| {
                let value = serde_json::from_value(v).map_err(D::Error::custom)?;
                Ok((k, SettingValue(value)))
            })
            .collect::<Result<_, _>>()
            .map(SettingList)
    }
}

impl schemars::JsonSchema for SettingList {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "SettingList".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let value = generator.subschema_for::<SettingValue>();
        schemars::json_schema!({
            "description": "A hypothesis's settings in order: game, board, each rule (keyed as its flag, e.g. \"land-on-last-wins\"), a policy game's hypothesis's policy and players, deck.",
            "type": "object",
            "additionalProperties": value
        })
    }
}

/// A member of a confidence set: its label and its settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Member {
    /// The hypothesis as a board name, flags and deck: "candy-land-1984 --doubles one-step
    /// ..., shuffled deck".
    pub candidate: String,
    /// Its settings, each value typed as in a board file.
    pub settings: SettingList,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_keep_their_board_file_types_in_json_and_their_flag_words_in_text() {
        let table: toml::Table = toml::from_str(
            "start = \"first-space\"\nland-on-last-wins = false\nmax-rolls = 2\nroll-again = [6]\nno-faces = []",
        )
        .unwrap();
        let order = [
            "start",
            "land-on-last-wins",
            "max-rolls",
            "roll-again",
            "no-faces",
        ];
        let settings = SettingList(
            order
                .iter()
                .map(|k| (k.to_string(), SettingValue::of_rule(&table[*k])))
                .collect(),
        );
        let json = serde_json::to_string(&settings).unwrap();
        assert_eq!(
            json,
            r#"{"start":"first-space","land-on-last-wins":false,"max-rolls":2,"roll-again":[6],"no-faces":[]}"#
        );
        let words: Vec<String> = settings.iter().map(|(_, v)| v.to_string()).collect();
        assert_eq!(words, ["first-space", "false", "2", "6", "none"]);
        let back: SettingList = serde_json::from_str(&json).unwrap();
        assert_eq!(back, settings);
        assert!(settings.get("land-on-last-wins").unwrap() == &"false");
    }
}

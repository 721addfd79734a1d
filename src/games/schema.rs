//! Every mistake in a board file's shape at once. serde stops at the first key it cannot read
//! (an unknown key, a word that is not one of a rule's values, a number where text belongs),
//! so a file with five mistakes would take five runs. Instead the file is read as a TOML table
//! and deserialized again and again: each failure is recorded with its path
//! (serde_path_to_error) and the offending key removed, until the rest reads. Then the board's
//! own validation runs on what is left, so its problems come in the same report.

use serde::de::DeserializeOwned;
use serde_path_to_error::Segment;

use crate::input::problems::BoardProblem;

/// At most this many shape problems are collected (a file of garbage stops early).
const MAX_PROBLEMS: usize = 50;

/// What reading a table by schema `F` found: the file (when the rest reads), the problems, and
/// whether a removed entry sat inside an array or a map of free keys (the rest is then not
/// validated: removing an element shifts every index after it, and removing a deck's count
/// empties the deck, which would make the board's own messages misleading).
pub(crate) struct Read<F> {
    pub file: Option<F>,
    pub problems: Vec<BoardProblem>,
    pub shifted: bool,
}

/// Reads `table` by schema `F`, collecting every key it cannot read.
pub(crate) fn read<F: DeserializeOwned>(mut table: toml::Table) -> Read<F> {
    let mut problems = Vec::new();
    let mut shifted = false;
    while problems.len() < MAX_PROBLEMS {
        let value = toml::Value::Table(table.clone());
        match serde_path_to_error::deserialize::<_, F>(value) {
            Ok(file) => {
                return Read {
                    file: Some(file),
                    problems,
                    shifted,
                }
            }
            Err(e) => {
                let segments: Vec<&Segment> = e.path().iter().collect();
                // The path ends at the key that failed (an unknown key included). Inside a map
                // of free keys (a deck's counts) the path has "?" where TOML's own message
                // ends "in `deck.single.green`": that names the key.
                let text = e.inner().to_string();
                let (message, inner) = match text.split_once("\nin `") {
                    Some((m, rest)) => (m.to_string(), rest.split('`').next().map(str::to_string)),
                    None => (text.clone(), None),
                };
                let mut field = e.path().to_string();
                let free_key = inner.is_some() && field.contains('?');
                let removed = match (&inner, free_key) {
                    (Some(key), true) => {
                        field = key.clone();
                        let keys: Vec<Segment> = key
                            .split('.')
                            .map(|k| Segment::Map { key: k.to_string() })
                            .collect();
                        remove(&mut table, &keys.iter().collect::<Vec<_>>())
                    }
                    _ => remove(&mut table, &segments),
                };
                if field == "." {
                    field = "(the file)".into();
                }
                problems.push(BoardProblem {
                    field,
                    message: plain(message.trim()),
                });
                shifted |= free_key || segments.iter().any(|s| matches!(s, Segment::Seq { .. }));
                if !removed {
                    break;
                }
            }
        }
    }
    Read {
        file: None,
        problems,
        shifted,
    }
}

/// `field` with the line of the file where its key is written, when it is found: the first
/// line that sets the last key (`key = `, also inside an inline table) after the line that
/// opens the table of its path (`[deck.single]`), if there is one.
pub(crate) fn with_line(text: &str, field: &str) -> String {
    let keys: Vec<&str> = field
        .split('.')
        .map(|k| k.split('[').next().unwrap_or(k).trim_matches('"'))
        .collect();
    let Some((last, tables)) = keys.split_last() else {
        return field.to_string();
    };
    let lines: Vec<&str> = text.lines().collect();
    // Past the deepest table header on the path that the file writes out.
    let from = (1..=tables.len())
        .rev()
        .find_map(|k| {
            let header = format!("[{}]", tables[..k].join("."));
            lines.iter().position(|l| l.trim() == header)
        })
        .unwrap_or(0);
    let sets = |line: &str| {
        line.match_indices(last).any(|(at, _)| {
            let before = line[..at].chars().last();
            let after = line[at + last.len()..].trim_start_matches('"').trim_start();
            before.is_none_or(|c| c.is_whitespace() || matches!(c, '{' | ',' | '"'))
                && after.starts_with('=')
        })
    };
    match (from..lines.len()).find(|&i| sets(lines[i])) {
        Some(i) => format!("{field} (line {})", i + 1),
        None => field.to_string(),
    }
}

/// serde's words for Rust types, in the user's words.
fn plain(message: &str) -> String {
    let mut m = message.to_string();
    for (rust, words) in [
        ("expected usize", "expected a whole number (0 or more)"),
        ("expected u64", "expected a whole number (0 or more)"),
        (
            "expected u32",
            "expected a whole number from 0 to 4294967295",
        ),
        ("expected u8", "expected a whole number from 0 to 255"),
        ("expected i64", "expected a whole number"),
        ("expected f64", "expected a number"),
        (
            "expected a sequence",
            "expected a list in brackets, [ ... ]",
        ),
        ("expected a map", "expected a table"),
    ] {
        m = m.replace(rust, words);
    }
    crate::input::text::shorten_lines(&m)
}

/// Removes the entry at `path`; false when there is nothing to remove (a missing key, say),
/// so that reading again would fail the same way.
fn remove(table: &mut toml::Table, path: &[&Segment]) -> bool {
    let Some((last, parents)) = path.split_last() else {
        return false;
    };
    let mut at = TomlRef::Table(table);
    for s in parents {
        at = match (at, s) {
            (TomlRef::Table(t), Segment::Map { key }) => match t.get_mut(key.as_str()) {
                Some(v) => TomlRef::of(v),
                None => return false,
            },
            (TomlRef::Array(a), Segment::Seq { index }) => match a.get_mut(*index) {
                Some(v) => TomlRef::of(v),
                None => return false,
            },
            _ => return false,
        };
    }
    match (at, last) {
        (TomlRef::Table(t), Segment::Map { key }) => t.remove(key.as_str()).is_some(),
        (TomlRef::Array(a), Segment::Seq { index }) if *index < a.len() => {
            a.remove(*index);
            true
        }
        _ => false,
    }
}

/// A place in the table being cut down.
enum TomlRef<'a> {
    Table(&'a mut toml::Table),
    Array(&'a mut Vec<toml::Value>),
    Other,
}

impl<'a> TomlRef<'a> {
    fn of(v: &'a mut toml::Value) -> TomlRef<'a> {
        match v {
            toml::Value::Table(t) => TomlRef::Table(t),
            toml::Value::Array(a) => TomlRef::Array(a),
            _ => TomlRef::Other,
        }
    }
}

/// The error of board text that `F`'s schema could not read (`first`, serde's error): every
/// key it cannot read at once, with the problems `validate` finds in what is left, or the
/// syntax error when the text is no TOML table or nothing more is found. For the kinds that
/// parse their own files (policy and loop games).
pub(crate) fn problems<F: DeserializeOwned>(
    label: &str,
    text: &str,
    first: &toml::de::Error,
    validate: impl Fn(&F) -> Option<crate::input::problems::InvalidBoard>,
) -> crate::input::error::UserError {
    use crate::input::error::UserError;
    let syntax = || UserError::BoardSyntax {
        file: label.to_string(),
        message: crate::input::text::shorten_lines(&first.to_string()),
    };
    let Ok(table) = toml::from_str::<toml::Table>(text) else {
        return syntax();
    };
    let read = read::<F>(table);
    let mut problems = read.problems;
    if problems.is_empty() {
        return syntax();
    }
    if let (Some(file), false) = (&read.file, read.shifted) {
        if let Some(more) = validate(file) {
            problems.extend(more.problems);
        }
    }
    UserError::InvalidBoard {
        file: label.to_string(),
        problems: crate::input::problems::InvalidBoard { problems },
    }
}

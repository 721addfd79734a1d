//! Reading game lengths produced by someone else's simulator: one integer per line, a CSV
//! column, or a JSON array; and, if given, each game's winner by seat (a second number on each
//! line, or a second CSV column). Every bad value is reported with its line (or array element)
//! and what to do about it.

use crate::input::error::UserError;

/// The longest game length accepted.
pub const MAX_LENGTH: u64 = 10_000_000;

/// Where the lengths are and how to read them.
#[derive(Debug, Clone)]
pub struct LengthsSource<'a> {
    /// How messages name the input ("lengths.txt", "standard input").
    pub label: &'a str,
    /// The whole input: one length per line (`#` comments and blank lines skipped), a JSON array,
    /// or a CSV file when `column` is given.
    pub text: &'a str,
    /// Read this column of a CSV file (with a header row).
    pub column: Option<&'a str>,
}

fn bad(label: &str, line: usize, message: impl Into<String>) -> UserError {
    UserError::BadDataFile {
        file: label.to_string(),
        line,
        message: message.into(),
    }
}

/// Checks one value: a whole number of turns, at least 1, at most [`MAX_LENGTH`].
fn length(label: &str, line: usize, raw: &str) -> Result<u32, UserError> {
    let trimmed = raw.trim();
    // Messages quote at most a short piece of the value (a line may be megabytes long).
    let v = &crate::input::text::quote(trimmed);
    let whole = |v: &str| v.parse::<i128>().ok();
    // Digits too many for an i128 are still a whole number: a huge one.
    let digits = trimmed.strip_prefix(['+', '-']).unwrap_or(trimmed);
    if whole(trimmed).is_none() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
    {
        return Err(bad(
            label,
            line,
            if trimmed.starts_with('-') {
                format!("'{v}' is negative; a game length is a number of turns, at least 1")
            } else {
                format!("'{v}' turns is too large: at most {MAX_LENGTH} turns are accepted; is it really a game length?")
            },
        ));
    }
    match whole(trimmed) {
        Some(n) if n < 0 => Err(bad(label, line, format!("{n} is negative; a game length is a number of turns, at least 1"))),
        Some(0) => Err(bad(label, line, "0 turns: every game lasts at least 1 turn; remove the line or fix the simulator")),
        Some(n) if n > i128::from(MAX_LENGTH) => Err(bad(label, line, format!("{n} turns is more than the {MAX_LENGTH} this tool accepts; is it really a game length?"))),
        Some(n) => Ok(n as u32),
        None if trimmed.parse::<f64>().is_ok() => Err(bad(label, line, format!("'{v}' is not a whole number; game lengths are whole numbers of turns"))),
        None => Err(bad(label, line, format!("'{v}' is not a number; give one whole number of turns per line"))),
    }
}

/// The games read: their lengths and, when the input gives them, their winners.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Games {
    /// Each game's length, in turns (all players' turns counted).
    pub lengths: Vec<u32>,
    /// Each game's winner, seat 1 first, in the same order; `None` when not given.
    pub winners: Option<Vec<u32>>,
    /// Where each game is in the input, in the same order: its line (1 first), or its element
    /// of a JSON array, or its place in a list ([`Games::of`]); `place` says which.
    pub lines: Vec<u32>,
    /// "line", "element" or "game": what `lines` count.
    pub place: &'static str,
}

impl Games {
    /// Games given as a list of lengths (no file): each placed by its number in the list.
    pub fn of(lengths: Vec<u32>, winners: Option<Vec<u32>>) -> Games {
        Games {
            lines: (1..=lengths.len() as u32).collect(),
            lengths,
            winners,
            place: "game",
        }
    }
}

/// The most seats a winner may name.
pub const MAX_SEAT: u64 = 6;

/// Checks a winner's seat: a whole number from 1 to [`MAX_SEAT`].
fn seat(label: &str, line: usize, raw: &str) -> Result<u32, UserError> {
    let v = crate::input::text::quote(raw.trim());
    match raw.trim().parse::<u64>() {
        Ok(s) if (1..=MAX_SEAT).contains(&s) => Ok(s as u32),
        _ => Err(bad(
            label,
            line,
            format!("'{v}' is not a winner's seat; the second number of a line is the seat that won, from 1 to {MAX_SEAT}"),
        )),
    }
}

/// Reads the lengths and, with `winner_column` for a CSV or a second number on every line of
/// plain text (`83 2` or `83,2`: 83 turns, seat 2 won), the winners. A line with a winner
/// where the others have none (or the reverse) is an error naming it.
pub fn read_games(src: &LengthsSource, winner_column: Option<&str>) -> Result<Games, UserError> {
    let label = src.label;
    let text = src.text.strip_prefix('\u{feff}').unwrap_or(src.text);
    if let Some(column) = src.column {
        let (lengths, lines) = read_csv(label, text, column, length)?;
        let winners = winner_column
            .map(|w| read_csv(label, text, w, seat).map(|w| w.0))
            .transpose()?;
        return Ok(Games {
            lengths,
            winners,
            lines,
            place: "line",
        });
    }
    if winner_column.is_some() {
        return Err(bad(
            label,
            0,
            "--winner-column reads a CSV file: give --column for the lengths too (in plain text, the winner is a second number on each line)",
        ));
    }
    if text.trim_start().starts_with('[') {
        let lengths = read_json(label, text)?;
        if lengths.is_empty() {
            return Err(empty(label));
        }
        let mut games = Games::of(lengths, None);
        games.place = "element";
        return Ok(games);
    }
    let mut lengths = Vec::new();
    let mut lines = Vec::new();
    let mut winners: Vec<u32> = Vec::new();
    let mut with_winner: Option<(bool, usize)> = None;
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let mut fields = t
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|f| !f.is_empty());
        let (first, second, more) = (fields.next(), fields.next(), fields.next().is_some());
        let has = second.is_some();
        match with_winner {
            None => with_winner = Some((has, i + 1)),
            Some((first, at)) if first != has => {
                return Err(bad(
                    label,
                    i + 1,
                    format!(
                        "{} but line {at} {}: give every game its winner's seat or none",
                        if has {
                            "a winner is given"
                        } else {
                            "no winner is given"
                        },
                        if first { "has one" } else { "has none" }
                    ),
                ))
            }
            _ => {}
        }
        if more {
            let e = bad(
                label,
                i + 1,
                format!(
                    "'{}' has more than two numbers; give a length, or a length and the winner's seat",
                    crate::input::text::quote(t)
                ),
            );
            return Err(csv_hint(e, t, lengths.is_empty()));
        }
        match length(label, i + 1, if has { first.unwrap_or(t) } else { t }) {
            Ok(n) => {
                lengths.push(n);
                lines.push((i + 1) as u32);
            }
            Err(e) => return Err(csv_hint(e, t, lengths.is_empty())),
        }
        if let Some(w) = second {
            winners.push(seat(label, i + 1, w)?);
        }
    }
    if lengths.is_empty() {
        return Err(empty(label));
    }
    Ok(Games {
        winners: with_winner.is_some_and(|w| w.0).then_some(winners),
        lengths,
        lines,
        place: "line",
    })
}

fn empty(label: &str) -> UserError {
    bad(
        label,
        0,
        "holds no game lengths; give one whole number of turns per line (or a JSON array, or a CSV with --column)",
    )
}

/// Reads the lengths. An input without any length is an error. A UTF-8 byte order mark at
/// the start (as some editors and spreadsheets write) is skipped.
pub fn read_lengths(src: &LengthsSource) -> Result<Vec<u32>, UserError> {
    read_games(src, None).map(|g| g.lengths)
}

/// The error of a line that is not a length, with a pointer to `--column` where the line
/// looks like a CSV file's: a header (the first line, with a letter in it) or a row with
/// commas.
fn csv_hint(e: UserError, line: &str, first: bool) -> UserError {
    let header = first && line.chars().any(char::is_alphabetic);
    if !header && !line.contains(',') {
        return e;
    }
    let UserError::BadDataFile {
        file,
        line: number,
        message,
    } = e
    else {
        return e;
    };
    let hint = if header {
        let columns: Vec<String> = line
            .split(',')
            .map(|c| crate::input::text::quote(c.trim().trim_matches('"')))
            .filter(|c| !c.is_empty())
            .collect();
        let example = columns.first().map_or("NAME", String::as_str);
        format!(
            "; this looks like a CSV file's header: read one column with `--column {example}` (columns: {})",
            columns.join(", ")
        )
    } else {
        "; for a CSV file, name the column of lengths with `--column NAME`".to_string()
    };
    UserError::BadDataFile {
        file,
        line: number,
        message: format!("{message}{hint}"),
    }
}

/// A JSON array of lengths, read element by element into the `u32`s it holds (parsing the
/// whole array into JSON values first takes about 38 bytes of memory per byte of input).
fn read_json(label: &str, text: &str) -> Result<Vec<u32>, UserError> {
    let bad_element = std::cell::RefCell::new(None);
    let mut de = serde_json::Deserializer::from_str(text);
    let parsed = serde::de::Deserializer::deserialize_seq(
        &mut de,
        JsonLengths {
            label,
            bad: &bad_element,
        },
    )
    .and_then(|lengths| de.end().map(|()| lengths));
    match (parsed, bad_element.into_inner()) {
        (_, Some(e)) => Err(e),
        (Ok(lengths), None) => Ok(lengths),
        (Err(e), None) => {
            let reason = crate::input::text::shorten_lines(&e.to_string());
            Err(bad(
                label,
                e.line(),
                format!("not a JSON array of numbers: {reason}"),
            ))
        }
    }
}

/// The visitor of [`read_json`]: each element checked as [`length`] checks a line; the first
/// bad one is kept in `bad` (with its place in the array) and stops the parse.
struct JsonLengths<'a> {
    label: &'a str,
    bad: &'a std::cell::RefCell<Option<UserError>>,
}

impl<'de> serde::de::Visitor<'de> for JsonLengths<'_> {
    type Value = Vec<u32>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("an array of game lengths")
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<u32>, A::Error> {
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1 << 20));
        while let Some(v) = seq.next_element::<serde_json::Value>()? {
            match length(self.label, 0, &v.to_string()) {
                Ok(n) => out.push(n),
                Err(e) => {
                    let e = match e {
                        UserError::BadDataFile { message, .. } => bad(
                            self.label,
                            0,
                            format!("element {} of the array: {message}", out.len() + 1),
                        ),
                        other => other,
                    };
                    *self.bad.borrow_mut() = Some(e);
                    return Err(serde::de::Error::custom("a bad element"));
                }
            }
        }
        Ok(out)
    }
}

/// Reads `column` of a CSV file (with a header row), each cell checked by `value`; with each
/// row's line.
fn read_csv(
    label: &str,
    text: &str,
    column: &str,
    value: fn(&str, usize, &str) -> Result<u32, UserError>,
) -> Result<(Vec<u32>, Vec<u32>), UserError> {
    let mut reader = csv::ReaderBuilder::new()
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let headers = reader
        .headers()
        .map_err(|e| bad(label, 1, format!("cannot read the CSV header: {e}")))?
        .clone();
    let index = headers.iter().position(|h| h == column).ok_or_else(|| {
        bad(
            label,
            1,
            format!(
                "no column '{}' in the header; the columns are: {}",
                crate::input::text::quote(column),
                crate::input::text::quote(&headers.iter().collect::<Vec<_>>().join(", "))
            ),
        )
    })?;
    let (mut out, mut lines) = (Vec::new(), Vec::new());
    for record in reader.records() {
        let record = record.map_err(|e| {
            let line = e.position().map_or(0, |p| p.line() as usize);
            bad(label, line, format!("not valid CSV: {e}"))
        })?;
        let line = record.position().map_or(0, |p| p.line() as usize);
        let raw = record.get(index).ok_or_else(|| {
            bad(
                label,
                line,
                format!(
                    "the row has no '{}' field",
                    crate::input::text::quote(column)
                ),
            )
        })?;
        out.push(value(label, line, raw)?);
        lines.push(line as u32);
    }
    Ok((out, lines))
}

/// Reads the games from the file at `path` (`-`: standard input), a CSV file's `column` if
/// given (and its `winner_column`), its memory counted against `budget`; with how messages name
/// the input.
pub fn read_file(
    path: &str,
    column: Option<&str>,
    winner_column: Option<&str>,
    budget: &crate::budget::Budget,
) -> crate::Result<(String, Games)> {
    const WHAT: &str = "a file of game lengths";
    // The text, and the lengths read from it with their lines (8 bytes each, at most one per 2
    // bytes of text).
    let memory = |bytes: f64| {
        budget.memory_kept(
            &format!("reading {} of game lengths", crate::budget::size(bytes)),
            5.0 * bytes,
            crate::budget::Kept::Kept,
            "check a sample of the games",
        )
    };
    let (label, text) = if path == "-" {
        let text = crate::input::files::read_stdin(WHAT, crate::input::files::MAX_LENGTHS_BYTES)?;
        memory(text.len() as f64)?;
        ("standard input".to_string(), text)
    } else {
        let file = std::path::Path::new(path);
        if let Ok(meta) = std::fs::metadata(file) {
            memory(meta.len() as f64)?;
        }
        let text =
            crate::input::files::read_text(file, WHAT, crate::input::files::MAX_LENGTHS_BYTES)?;
        (path.to_string(), text)
    };
    let games = read_games(
        &LengthsSource {
            label: &label,
            text: &text,
            column,
        },
        winner_column,
    )?;
    Ok((label, games))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Vec<u32>, String> {
        read_lengths(&LengthsSource {
            label: "f",
            text,
            column: None,
        })
        .map_err(|e| e.to_string())
    }

    #[test]
    fn plain_json_and_csv() {
        assert_eq!(read("3\n\n# comment\n 5 \n").unwrap(), [3, 5]);
        assert_eq!(read("[3, 5, 7]").unwrap(), [3, 5, 7]);
        let csv = read_lengths(&LengthsSource {
            label: "f",
            text: "game,turns\n1,12\n2,30\n",
            column: Some("turns"),
        })
        .unwrap();
        assert_eq!(csv, [12, 30]);
    }

    #[test]
    fn a_byte_order_mark_at_the_start_is_skipped() {
        assert_eq!(read("\u{feff}12\n30\n").unwrap(), [12, 30]);
        assert_eq!(read("\u{feff}[12, 30]").unwrap(), [12, 30]);
        let csv = read_lengths(&LengthsSource {
            label: "f",
            text: "\u{feff}turns\n12\n",
            column: Some("turns"),
        })
        .unwrap();
        assert_eq!(csv, [12]);
        // Anywhere else it is not a length.
        assert!(read("12\n\u{feff}30\n").unwrap_err().contains("line 2"));
    }

    #[test]
    fn every_malformed_value_names_its_line() {
        for (text, needle) in [
            ("3\nabc\n", "f, line 2: 'abc' is not a number"),
            ("3\n-4\n", "f, line 2: -4 is negative"),
            ("0\n", "f, line 1: 0 turns"),
            ("3\n2.5\n", "f, line 2: '2.5' is not a whole number"),
            (
                "99999999999999\n",
                "f, line 1: 99999999999999 turns is more than",
            ),
            ("", "f: holds no game lengths"),
            ("\n\n# only comments\n", "f: holds no game lengths"),
            ("[1, 2.5]", "element 2 of the array"),
            ("[1, 2", "not a JSON array"),
            (
                "3\n170141183460469231731687303715884105728\n",
                "line 2: '170141183460469231731687303715884105728' turns is too large: at most 10000000",
            ),
            (
                "-170141183460469231731687303715884105729\n",
                "is negative",
            ),
        ] {
            let e = read(text).unwrap_err();
            assert!(e.contains(needle), "{text:?}: {e}");
        }
        let e = read_lengths(&LengthsSource {
            label: "f",
            text: "game,turns\n1,12\n2,x\n",
            column: Some("turns"),
        })
        .unwrap_err()
        .to_string();
        assert!(e.contains("line 3") && e.contains("'x'"), "{e}");
        let e = read_lengths(&LengthsSource {
            label: "f",
            text: "game,turns\n1,12\n",
            column: Some("length"),
        })
        .unwrap_err()
        .to_string();
        assert!(e.contains("no column 'length'"), "{e}");
    }
}

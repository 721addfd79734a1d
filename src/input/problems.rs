//! Problems found in a board file, and the limits every game's validation shares.
//!
//! Validation collects *all* problems with the field each concerns, so a user fixes a file in
//! one pass: `Problems` is the collector, [`InvalidBoard`] the error it becomes.

use std::fmt;

/// The largest board accepted: indices are stored as `u32`.
pub const MAX_SPACES: usize = 10_000_000;
/// The largest deck accepted: the shuffled-deck simulator holds every card.
pub const MAX_CARDS: u64 = 1_000_000;

/// One thing wrong with a board file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardProblem {
    /// The TOML path of the offending field, e.g. `board.spaces[2]`.
    pub field: String,
    /// What is wrong and what to do about it.
    pub message: String,
}

/// Every problem found in one board file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidBoard {
    /// The problems in the order they were found; never empty.
    pub problems: Vec<BoardProblem>,
}

impl fmt::Display for InvalidBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{}: {}", p.field, p.message)?;
        }
        Ok(())
    }
}

impl std::error::Error for InvalidBoard {}

/// Collects problems while checking.
#[derive(Default)]
pub(crate) struct Problems(Vec<BoardProblem>);

impl Problems {
    pub(crate) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// How many problems so far.
    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }

    pub(crate) fn into_invalid(self) -> InvalidBoard {
        InvalidBoard { problems: self.0 }
    }

    pub(crate) fn add(&mut self, field: impl Into<String>, message: impl Into<String>) {
        self.0.push(BoardProblem {
            field: field.into(),
            message: message.into(),
        });
    }

    /// Checks a name (the board's, a space's, a face's, a word): one line of visible plain
    /// text of at most [`MAX_NAME_CHARS`] characters ([`text_problem`]); `hint` says what to
    /// write instead of an empty or invisible one.
    pub(crate) fn name(&mut self, field: &str, name: &str, hint: &str) {
        if let Some(problem) = text_problem(name, MAX_NAME_CHARS, hint) {
            self.add(field, problem);
        }
    }

    /// Checks the board's `description` and `source`: empty (left out) or one line of visible
    /// plain text of at most [`MAX_TEXT_CHARS`] characters.
    pub(crate) fn prose(&mut self, field: &str, text: &str) {
        if text.is_empty() {
            return;
        }
        if let Some(problem) = text_problem(
            text,
            MAX_TEXT_CHARS,
            "write some text, or leave the key out",
        ) {
            self.add(field, problem);
        }
    }

    /// Checks the text every board file has, whatever its game: `name`, `description`,
    /// `source`. `example` is a name to suggest for an empty one.
    pub(crate) fn identity(&mut self, name: &str, description: &str, source: &str, example: &str) {
        self.name(
            "name",
            name,
            &format!("give the board a short name such as \"{example}\""),
        );
        self.prose("description", description);
        self.prose("source", source);
    }
}

/// What is wrong with a piece of a board file's text, if anything: the one check every text
/// field goes through. Board text is shown on terminals, in Markdown, HTML and CSV files and
/// in file headers, so it must be one line of visible, plain text:
/// - no control character (a line feed or tab, an escape sequence, a bell), no line or
///   paragraph separator (U+2028, U+2029: a new line to some readers) and no bidirectional
///   control (text that reads differently from what it is);
/// - not empty, and not only invisible characters (spaces, U+200B and the other zero-width
///   and default-ignorable characters): a name must be seen to be told apart;
/// - at most `max_chars` characters.
///
/// `hint` says what to write instead of an empty or invisible text.
pub fn text_problem(text: &str, max_chars: usize, hint: &str) -> Option<String> {
    if let Some(c) = text.chars().find(|&c| is_forbidden(c)) {
        let what = match c {
            '\u{2028}' => "the line separator",
            '\u{2029}' => "the paragraph separator",
            c if c.is_control() => "the control character",
            _ => "the bidirectional control",
        };
        return Some(format!(
            "contains {what} U+{:04X}; use plain text on one line",
            c as u32
        ));
    }
    if text.trim().is_empty() {
        return Some(format!("is empty; {hint}"));
    }
    if text.chars().all(is_invisible) {
        let codes: Vec<String> = text
            .chars()
            .filter(|c| *c != ' ')
            .take(3)
            .map(|c| format!("U+{:04X}", c as u32))
            .collect();
        let which = if codes.is_empty() {
            "spaces".to_string()
        } else {
            codes.join(", ")
        };
        return Some(format!("holds only invisible characters ({which}); {hint}"));
    }
    let chars = text.chars().count();
    (chars > max_chars).then(|| format!("is {chars} characters long; use at most {max_chars}"))
}

/// A character no board text may hold: a control character (tab and line feed included), a
/// line or paragraph separator, or a bidirectional control.
fn is_forbidden(c: char) -> bool {
    c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') || crate::input::text::is_unsafe(c)
}

/// Whether `c` shows nothing: white space, or one of Unicode's default-ignorable code points
/// (zero-width spaces and joiners, soft hyphen, invisible operators, fillers, variation
/// selectors, tags), or the blank braille pattern.
pub fn is_invisible(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{061C}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{17B4}'
                | '\u{17B5}'
                | '\u{180B}'..='\u{180F}'
                | '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{2800}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{FFF0}'..='\u{FFF8}'
                | '\u{1BCA0}'..='\u{1BCA3}'
                | '\u{1D173}'..='\u{1D17A}'
                | '\u{E0000}'..='\u{E0FFF}'
        )
}

/// The longest description or source accepted.
pub const MAX_TEXT_CHARS: usize = 2000;

/// The longest name accepted (the board's, a space's).
pub const MAX_NAME_CHARS: usize = 200;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_must_be_one_visible_plain_line() {
        let check = |t: &str| text_problem(t, 10, "fix it");
        assert_eq!(check("Plumpy"), None);
        assert_eq!(check("Gâteau 名前"), None);
        assert!(check("a\tb").unwrap().contains("control character U+0009"));
        assert!(check("a\u{85}b")
            .unwrap()
            .contains("control character U+0085"));
        assert!(check("a\u{2028}b")
            .unwrap()
            .contains("line separator U+2028"));
        assert!(check("a\u{2029}b")
            .unwrap()
            .contains("paragraph separator U+2029"));
        assert!(check("a\u{2066}b")
            .unwrap()
            .contains("bidirectional control U+2066"));
        assert_eq!(check("  ").unwrap(), "is empty; fix it");
        assert!(check("\u{200b}\u{feff}")
            .unwrap()
            .starts_with("holds only invisible characters (U+200B, U+FEFF)"));
        // A zero-width joiner inside visible text is fine (emoji sequences use it).
        assert_eq!(check("a\u{200d}b"), None);
        assert!(check("x".repeat(11).as_str())
            .unwrap()
            .contains("use at most 10"));
    }
}

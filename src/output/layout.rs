//! Text laid out for the width it is read at: prose wrapped with hanging indents (wrapped lines
//! line up under the text after their label), lists packed item by item, and table cells that
//! wrap inside their column. The width is decided once, by [`stdout_layout`],
//! and handed to every text renderer as a [`Layout`].
//!
//! Wrapping is textwrap's first fit, breaking only at ASCII spaces: flags such as
//! `--double-shortcut` and words such as `stuck-until-color` are never split at their hyphens, so
//! they can be copied from the output. A word longer than a whole line (a 191-digit fraction, a
//! long path) is cut where the line ends.

use textwrap::core::{display_width, Fragment};
use textwrap::{Options, WordSeparator, WordSplitter, WrapAlgorithm};

/// The layout of text written to standard output: the one place that decides its width.
///
/// `COLUMNS` (a number in the environment) wins, terminal or not, as in clap's help and
/// Python's `shutil`; then the terminal's own width when standard output is a terminal; else
/// 80 columns ([`Layout::PIPED`]). Any of them is brought within 60 to 160 columns.
#[cfg(feature = "cli")]
pub fn stdout_layout() -> Layout {
    use std::io::IsTerminal;
    let columns = std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok());
    let terminal = || {
        let stdout = std::io::stdout();
        if !stdout.is_terminal() {
            return None;
        }
        terminal_size::terminal_size_of(&stdout).map(|(w, _)| usize::from(w.0))
    };
    Layout::new(columns.or_else(terminal).unwrap_or(Layout::PIPED))
}

/// How wide text output may be, in terminal columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    width: usize,
}

impl Default for Layout {
    /// The width of output that does not go to a terminal.
    fn default() -> Layout {
        Layout::new(Layout::PIPED)
    }
}

impl Layout {
    /// The width when standard output is not a terminal (a pipe, a file).
    pub const PIPED: usize = 80;
    /// The narrowest layout: tables need about this much.
    pub const NARROWEST: usize = 60;
    /// The widest layout: longer lines are hard to read, however wide the terminal.
    pub const WIDEST: usize = 160;

    /// A layout `width` columns wide, brought within [`Layout::NARROWEST`] and
    /// [`Layout::WIDEST`].
    pub fn new(width: usize) -> Layout {
        Layout {
            width: width.clamp(Layout::NARROWEST, Layout::WIDEST),
        }
    }

    /// The width in columns.
    pub fn width(self) -> usize {
        self.width
    }

    /// `text` wrapped to the width, its first line starting with `first` and the others with
    /// `rest`; every line ends with a line feed. Line feeds in `text` start new lines (with
    /// `rest`).
    pub fn hang(self, first: &str, rest: &str, text: &str) -> String {
        let text = glue(&super::terminal::escape(text));
        let options = options(self.width)
            .initial_indent(first)
            .subsequent_indent(rest);
        let mut s = String::with_capacity(text.len() + 16);
        for line in textwrap::wrap(&text, options) {
            s.push_str(&line.trim_end().replace(GLUE, " "));
            s.push('\n');
        }
        s
    }

    /// `text` wrapped, every line starting with `indent`.
    pub fn para(self, indent: &str, text: &str) -> String {
        self.hang(indent, indent, text)
    }

    /// `label` (with its indent) followed by `text`, wrapped lines starting under the text's
    /// first character; under a label wider than half a line, 4 columns past the label's
    /// indent instead.
    pub fn labelled(self, label: &str, text: &str) -> String {
        let rest = hanging_indent(label, self.width);
        self.hang(label, &rest, text)
    }

    /// A row of a two-column table: `indent`, then `label` padded to `label_width` columns (and at
    /// least one space), then `value`, wrapped under itself.
    pub fn row(self, indent: &str, label: &str, label_width: usize, value: &str) -> String {
        let pad = label_width.saturating_sub(display_width(label)).max(1);
        let first = format!("{indent}{label}{}", " ".repeat(pad));
        self.labelled(&first, value)
    }

    /// `items` joined by `sep` after `first`, as many to a line as fit; later lines start with
    /// `rest`. An item is split only when it is wider than a line.
    pub fn items<S: AsRef<str>>(self, first: &str, rest: &str, items: &[S], sep: &str) -> String {
        let sep_width = display_width(sep) as f64;
        let widths = [
            self.width.saturating_sub(display_width(first)).max(1),
            self.width.saturating_sub(display_width(rest)).max(1),
        ];
        let mut pieces: Vec<Item> = Vec::new();
        for (i, item) in items.iter().enumerate() {
            let item = super::terminal::escape(item.as_ref()).into_owned();
            // The first item starts on the first line, which may be shorter than the others.
            let first_width = if i == 0 { widths[0] } else { widths[1] };
            let split = if display_width(&item) <= first_width {
                vec![item]
            } else {
                let lead = " ".repeat(widths[1].saturating_sub(first_width));
                let options = options(widths[1]).initial_indent(&lead);
                let mut lines: Vec<String> = textwrap::wrap(&item, options)
                    .into_iter()
                    .map(|l| l.trim_end().to_string())
                    .collect();
                lines[0] = lines[0].trim_start().to_string();
                lines
            };
            pieces.extend(split.into_iter().map(|text| Item {
                text,
                sep: sep_width,
            }));
        }
        let line_widths = widths.map(|w| w as f64);
        let lines = textwrap::wrap_algorithms::wrap_first_fit(&pieces, &line_widths);
        let mut s = String::new();
        for (i, line) in lines.iter().enumerate() {
            let texts: Vec<&str> = line.iter().map(|p| p.text.as_str()).collect();
            let indent = if i == 0 { first } else { rest };
            s.push_str(format!("{indent}{}", texts.join(sep)).trim_end());
            s.push('\n');
        }
        if s.is_empty() {
            s = format!("{}\n", first.trim_end());
        }
        s
    }

    /// A list, `items` separated by `punct` and `space` ("a, b, c" for ", ") and packed as
    /// [`Layout::items`] does: a line breaks after the punctuation, never before it.
    pub fn list<S: AsRef<str>>(self, first: &str, rest: &str, items: &[S], sep: &str) -> String {
        let punct = sep.trim_end();
        let space = &sep[punct.len()..];
        let last = items.len().saturating_sub(1);
        let items: Vec<String> = items
            .iter()
            .enumerate()
            .map(|(i, item)| {
                let item = item.as_ref();
                if i < last {
                    format!("{item}{punct}")
                } else {
                    item.to_string()
                }
            })
            .collect();
        self.items(first, rest, &items, space)
    }
}

/// `text` wrapped into lines of at most `width` columns, for a table cell (at least one line).
pub fn cell(text: &str, width: usize) -> Vec<String> {
    let text = super::terminal::escape(text);
    textwrap::wrap(&text, options(width.max(1)))
        .into_iter()
        .map(|l| l.trim_end().to_string())
        .collect()
}

/// A space that does not break a line: it holds a formula's parts together while wrapping.
const GLUE: char = '\u{a0}';

/// `text` with the spaces around the signs of a formula made unbreakable, so that "p = 0.344",
/// "P(T > 200) <= 4.6e-3" and "5 %" stay on one line (and "-> space 8" starts with its arrow),
/// and the space after a flag, so that "--doubles two-steps" does too.
fn glue(text: &str) -> String {
    const BEFORE: [&str; 10] = ["%", "=", "<=", ">=", "<", ">", "~", "+-", "|", "->"];
    const AFTER: [&str; 8] = ["=", "<=", ">=", "<", ">", "~", "+-", "|"];
    let words: Vec<&str> = text.split(' ').collect();
    let mut s = String::with_capacity(text.len());
    for (i, word) in words.iter().enumerate() {
        if i > 0 {
            let previous = words[i - 1];
            let flag = previous.starts_with("--") && !previous.ends_with([',', ';', '.', ':', ')']);
            let joined = BEFORE.contains(word) || AFTER.contains(&previous) || flag;
            s.push(if joined { GLUE } else { ' ' });
        }
        s.push_str(word);
    }
    s
}

/// Spaces as wide as `label`, or 4 columns past its indent when it is wider than half a line.
fn hanging_indent(label: &str, width: usize) -> String {
    let label_width = display_width(label);
    if label_width <= width / 2 {
        " ".repeat(label_width)
    } else {
        let indent = label.len() - label.trim_start_matches(' ').len();
        " ".repeat(indent + 4)
    }
}

/// textwrap's options for the tool's output: first fit, breaking at ASCII spaces only.
fn options(width: usize) -> Options<'static> {
    Options::new(width)
        .word_separator(WordSeparator::AsciiSpace)
        .word_splitter(WordSplitter::NoHyphenation)
        .wrap_algorithm(WrapAlgorithm::FirstFit)
        .break_words(true)
}

/// One item of a packed list.
#[derive(Debug)]
struct Item {
    text: String,
    sep: f64,
}

impl Fragment for Item {
    fn width(&self) -> f64 {
        display_width(&self.text) as f64
    }
    fn whitespace_width(&self) -> f64 {
        self.sep
    }
    fn penalty_width(&self) -> f64 {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn widest(text: &str) -> usize {
        text.lines().map(|l| l.chars().count()).max().unwrap_or(0)
    }

    #[test]
    fn the_width_stays_within_bounds() {
        assert_eq!(Layout::new(20).width(), 60);
        assert_eq!(Layout::new(1000).width(), 160);
        assert_eq!(Layout::new(100).width(), 100);
        assert_eq!(Layout::default().width(), 80);
    }

    #[test]
    fn wrapped_lines_hang_under_the_text_after_the_label() {
        let text = "glue stuck-until-color (marker cards do not free); doubles two-steps, shortcut each-step";
        let s = Layout::new(60).labelled("  rules: ", text);
        assert_eq!(
            s,
            "  rules: glue stuck-until-color (marker cards do not free);\n         doubles two-steps, shortcut each-step\n"
        );
        // Hyphenated words are never split.
        let s = Layout::new(60).para("", &"--double-shortcut final-step ".repeat(10));
        assert!(s.lines().all(|l| l.starts_with("--double-shortcut")), "{s}");
        // A label wider than half a line hangs 4 columns past its indent.
        let label = format!("  {}: ", "x".repeat(40));
        let s = Layout::new(60).labelled(&label, &"word ".repeat(20));
        assert!(s.lines().skip(1).all(|l| l.starts_with("      w")), "{s}");
    }

    #[test]
    fn formulas_are_not_broken() {
        let text = "chi-square 106.12 on 101 degrees of freedom, p = 3.4430e-1; 5 % test; P(T > 200) <= 4.624e-3";
        let s = Layout::new(60).para("", text);
        assert!(s.contains("p = 3.4430e-1") && s.contains("5 % test"), "{s}");
        assert!(s.contains("P(T > 200) <= 4.624e-3"), "{s}");
        let flags = "classic --glue stuck-until-color --doubles two-steps --double-shortcut never --start first-space, iid deck";
        let s = Layout::new(60).para("", flags);
        assert!(
            s.contains("--doubles two-steps") && s.contains("--start first-space,"),
            "{s}"
        );
        assert!(!s.contains('\u{a0}'));
    }

    #[test]
    fn rows_pad_labels_and_long_words_are_cut_at_the_line_end() {
        let s = Layout::new(60).row("  ", "exactly", 26, &"1234567890".repeat(10));
        assert_eq!(widest(&s), 60);
        assert!(s.starts_with("  exactly                   1234"));
        assert!(s.lines().nth(1).unwrap().starts_with(&" ".repeat(28)));
        assert_eq!(s.replace([' ', '\n'], "").len(), "exactly".len() + 100);
    }

    #[test]
    fn items_are_split_only_when_wider_than_a_line() {
        let items: Vec<String> = (1..=6)
            .map(|i| format!("seat {i} 0.1667 | 0.1650"))
            .collect();
        let s = Layout::new(60).items("  6 players: ", "             ", &items, ";  ");
        for line in s.lines() {
            assert!(line.chars().count() <= 60, "{s}");
            assert!(line.trim_start().starts_with("seat") || line.starts_with("  6"));
        }
        assert_eq!(s.matches("seat").count(), 6);
        // A first item too long for the first line is split to fit it.
        let s = Layout::new(60).items(
            &"x".repeat(40),
            "  ",
            &["a b c d e f g h i j k l m n"],
            "  ",
        );
        assert_eq!(
            s,
            format!("{}a b c d e f g h i j\n  k l m n\n", "x".repeat(40))
        );
        let long = vec!["y".repeat(130)];
        let s = Layout::new(60).items("", "  ", &long, ", ");
        assert_eq!(widest(&s), 60, "{s}");
        assert_eq!(s.matches('y').count(), 130);
        assert_eq!(
            Layout::new(60).items::<&str>("  wins: ", "", &[], ", "),
            "  wins:\n"
        );
        let cards = ["double green", "Queen Frostine", "red"].repeat(6);
        let s = Layout::new(60).list("  ", "  ", &cards, ", ");
        let lines: Vec<&str> = s.lines().collect();
        assert_eq!(lines.len(), 4, "{s}");
        for (i, line) in lines.iter().enumerate() {
            assert!(
                line.chars().count() <= 60 && line.starts_with("  ") && !line.starts_with("   ")
            );
            assert_eq!(line.ends_with(','), i < 3, "{s}");
        }
        assert_eq!(s.matches("Queen Frostine").count(), 6);
        assert!(s.ends_with("Queen Frostine, red\n"));
    }

    #[test]
    fn cells_wrap_inside_their_column() {
        assert_eq!(
            cell("space 47 (yellow, sticky), loses next turn", 28),
            vec!["space 47 (yellow, sticky),", "loses next turn"]
        );
        assert_eq!(cell("", 10), vec![""]);
    }
}

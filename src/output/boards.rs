//! `boards` and `board show`: the shipped boards and one board space by space.

use std::fmt::Write;

use crate::model::{Game, Variant};

/// One board in the `boards` list.
#[derive(Debug, Clone)]
pub struct BoardRow {
    /// The board's short name.
    pub name: String,
    /// Its size and draws, e.g. "134 spaces, 66 cards".
    pub size: String,
    /// Its description.
    pub description: String,
}

impl BoardRow {
    /// The row of a board of any game.
    pub fn of<G: Game>(board: &G) -> BoardRow {
        BoardRow {
            name: board.name().to_string(),
            size: board.size_text(),
            description: board.description().to_string(),
        }
    }
}

/// The `boards` list.
pub fn board_list(boards: &[BoardRow]) -> String {
    let mut s = String::new();
    for b in boards {
        let _ = writeln!(s, "{:<22}{}. {}", b.name, b.size, b.description);
    }
    s.push_str("\nAnalyze one with `candyland analyze NAME`; see its spaces with `candyland board show NAME`.\n");
    s
}

/// The `board show` table: every space with its number and what is special about it.
pub fn board_table<G: Game>(board: &G, variant: &Variant) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{}: {}", board.name(), board.description());
    if !board.source().is_empty() {
        let _ = writeln!(s, "source: {}", board.source());
    }
    if !variant.is_default() {
        let _ = writeln!(s, "variant: {variant}");
    }
    let _ = writeln!(s, "rules: {}", board.rules_text());
    let numbering = if board.first_number() == 0 {
        "indices are 0-based"
    } else {
        "numbered from 1"
    };
    let _ = writeln!(
        s,
        "\n{} {} ({numbering})",
        board.space_count(),
        board.space_plural()
    );
    let names: Vec<String> = (0..board.space_count())
        .map(|i| board.space_name(i))
        .collect();
    let width = names
        .iter()
        .map(|n| n.chars().count() + 2)
        .max()
        .unwrap_or(0)
        .max(16);
    for (i, name) in names.iter().enumerate() {
        let line = format!(
            "  {:>5}  {name:<width$}{}",
            i + board.first_number(),
            board.space_notes(i)
        );
        let _ = writeln!(s, "{}", line.trim_end());
    }
    let (heading, draws) = board.draws_text();
    let _ = writeln!(s, "\n{heading}");
    for (n, name) in draws {
        let _ = writeln!(s, "  {n:>4}  {name}");
    }
    s
}

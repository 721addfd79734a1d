//! `boards` and `board show`: the shipped boards and one board space by space.

use std::fmt::Write;

use super::Layout;
use crate::games::shipped::{self, Group};
use crate::games::{Game, Variant};

/// One board in the `boards` list; `boards --json` is a list of these.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardRow {
    /// The board's short name.
    pub name: String,
    /// Its game, the board file's `game` word.
    pub game: String,
    /// Its size and draws, e.g. "134 spaces, 66 cards".
    pub size: String,
    /// Its description.
    pub description: String,
    /// Where its rules come from: a rule book, a simulator program, or another game.
    pub group: Group,
    /// Whether it is the board used when none is named.
    pub default: bool,
    /// Old names that still reach it.
    pub aliases: Vec<String>,
}

impl BoardRow {
    /// The row of a shipped board of any game.
    pub fn of<G: Game>(board: &G) -> BoardRow {
        let name = board.name();
        BoardRow {
            name: name.to_string(),
            game: G::KIND.to_string(),
            size: board.size_text(),
            description: board.description().to_string(),
            group: Group::of(name, G::KIND),
            default: name == shipped::DEFAULT_BOARD,
            aliases: shipped::aliases_of(name)
                .into_iter()
                .map(String::from)
                .collect(),
        }
    }
}

/// The `boards` list, group by group, with which board is the default and why.
pub fn board_list(boards: &[BoardRow], layout: Layout) -> String {
    let mut s = String::new();
    let label = |b: &BoardRow| {
        let mut label = b.name.clone();
        if b.default {
            label.push_str(" (default)");
        }
        label
    };
    let width = boards
        .iter()
        .map(|b| label(b).chars().count() + 1)
        .max()
        .unwrap_or(0)
        .max(22)
        .min(layout.width() / 3);
    for group in [Group::RuleBook, Group::Program, Group::OtherGame] {
        let rows: Vec<&BoardRow> = boards.iter().filter(|b| b.group == group).collect();
        if rows.is_empty() {
            continue;
        }
        if !s.is_empty() {
            s.push('\n');
        }
        s.push_str(&layout.para("", group.heading()));
        for b in rows {
            let mut text = format!("{}. {}", b.size, b.description);
            if !b.aliases.is_empty() {
                let _ = write!(
                    text,
                    " (old name, still accepted: {})",
                    b.aliases.join(", ")
                );
            }
            s.push_str(&layout.row("  ", &label(b), width, &text));
        }
    }
    s.push('\n');
    s.push_str(&layout.para(
        "",
        &format!(
            "The default, {}, is used when no board is named: {}.",
            shipped::DEFAULT_BOARD,
            shipped::DEFAULT_WHY
        ),
    ));
    s.push_str("\nAnalyze one with `candyland analyze NAME`;\nsee its spaces with `candyland board show NAME`.\n");
    s
}

/// The `board show` table: every space with its number and what is special about it.
pub fn board_table<G: Game>(board: &G, variant: &Variant, layout: Layout) -> String {
    let mut s = layout.hang(
        "",
        "  ",
        &format!("{}: {}", board.name(), board.description()),
    );
    if !board.source().is_empty() {
        s.push_str(&layout.labelled("source: ", board.source()));
    }
    if !variant.is_default() {
        s.push_str(&layout.labelled("variant: ", &variant.to_string()));
    }
    s.push_str(&layout.labelled("rules: ", &board.rules_text()));
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
    // The names' column is at most a third of the line; longer names wrap inside it, and the
    // notes wrap in what is left.
    let width = names
        .iter()
        .map(|n| n.chars().count() + 2)
        .max()
        .unwrap_or(0)
        .clamp(16, layout.width() / 3);
    let notes_width = layout.width() - 9 - width;
    for (i, name) in names.iter().enumerate() {
        let names = super::cell(name, width - 2);
        let notes = super::cell(&board.space_notes(i), notes_width);
        for line in 0..names.len().max(notes.len()) {
            let number = if line == 0 {
                (i + board.first_number()).to_string()
            } else {
                String::new()
            };
            let name = names.get(line).map_or("", String::as_str);
            let note = notes.get(line).map_or("", String::as_str);
            let line = format!("  {number:>5}  {name:<width$}{note}");
            let _ = writeln!(s, "{}", line.trim_end());
        }
    }
    let (heading, draws) = board.draws_text();
    s.push('\n');
    s.push_str(&layout.para("", &heading));
    for (n, name) in draws {
        s.push_str(&layout.labelled(&format!("  {n:>4}  "), &name));
    }
    s
}

/// `board show --json`: the expanded board, every space with its number and notes, and the
/// draws with their weights.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardShow {
    /// The board's short name.
    pub board: String,
    /// Its game, the board file's `game` word.
    pub game: String,
    /// The board file's description.
    pub description: String,
    /// Where the layout and rules come from.
    pub source: String,
    /// The rules in force: each `[rules]` key of the board file with its value.
    pub rules: serde_json::Value,
    /// The rules in words.
    pub rules_text: String,
    /// Command-line changes, as flags ("" for none).
    pub variant: String,
    /// Every space in order.
    pub spaces: Vec<SpaceRow>,
    /// What the draws are, in words ("deck: 66 cards", "spinner: 6 faces, total weight 6").
    pub draws_heading: String,
    /// Every kind of draw with its weight (cards in the deck, or the face's weight).
    pub draws: Vec<DrawRow>,
}

/// One space of `board show --json`.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpaceRow {
    /// Its number as printed (0-based for Candy Land, from 1 for squares).
    pub number: usize,
    /// Its name in the game's words ("red", "square 17").
    pub name: String,
    /// What is special about it ("" for nothing).
    pub notes: String,
}

/// One kind of draw of `board show --json`.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DrawRow {
    /// Cards of this kind in the deck, or the face's weight.
    pub weight: u32,
    /// The draw in words.
    pub name: String,
}

impl BoardShow {
    /// The expanded board of any game, under `variant`.
    pub fn of<G: Game>(board: &G, variant: &Variant) -> BoardShow {
        let (draws_heading, draws) = board.draws_text();
        BoardShow {
            board: board.name().to_string(),
            game: G::KIND.to_string(),
            description: board.description().to_string(),
            source: board.source().to_string(),
            rules: board.rules_json(),
            rules_text: board.rules_text(),
            variant: variant.to_string(),
            spaces: (0..board.space_count())
                .map(|i| SpaceRow {
                    number: i + board.first_number(),
                    name: board.space_name(i),
                    notes: board.space_notes(i),
                })
                .collect(),
            draws_heading,
            draws: draws
                .into_iter()
                .map(|(weight, name)| DrawRow { weight, name })
                .collect(),
        }
    }
}

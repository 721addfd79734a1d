//! `boards` and `board show`: the shipped boards and one board space by space.

use std::fmt::Write;

use super::{Layout, Render};
use crate::games::shipped::{self, Group};
pub use crate::results::boards::{BoardList, BoardRow, BoardShow, DrawRow, SpaceRow};

/// The `boards` list, group by group, with which board is the default and why.
impl Render for BoardList {
    fn text(&self, layout: Layout) -> String {
        let boards = &self.0;
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
        for group in Group::ALL {
            let rows: Vec<&BoardRow> = boards.iter().filter(|b| b.group == group).collect();
            if rows.is_empty() {
                continue;
            }
            if !s.is_empty() {
                s.push('\n');
            }
            s.push_str(&layout.para("", group.heading()));
            for b in rows {
                let mut text = format!("{}. {}", b.size_text, b.description);
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
        // A parent looks for their box, not a board's name.
        s.push_str("\nWhich board is my box?\n");
        for b in shipped::BOXES {
            let line = if b.exact {
                format!("{}: {}, exactly: {}.", b.r#box, b.board, b.note)
            } else {
                format!("{}: try {}: {}.", b.r#box, b.board, b.note)
            };
            s.push_str(&layout.hang("  ", "    ", &line));
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
        s.push_str("\nAnalyze one with `candyland analyze NAME`;\nsee its spaces with `candyland board show NAME`\n");
        s.push_str(&layout.para(
            "",
            &format!(
                "(a {} board's file with `candyland board export NAME`).",
                crate::games::policy_titles()
            ),
        ));
        s
    }

    fn json(&self) -> Option<crate::Result<String>> {
        super::render::json("boards", self)
    }
}

/// The `board show` table: every space with its number and what is special about it.
impl Render for BoardShow {
    fn text(&self, layout: Layout) -> String {
        let board = self;
        let mut s = layout.hang("", "  ", &format!("{}: {}", board.board, board.description));
        if !board.source.is_empty() {
            s.push_str(&layout.labelled("source: ", &board.source));
        }
        if !board.variant.is_empty() {
            s.push_str(&layout.labelled("variant: ", &board.variant));
        }
        s.push_str(&layout.labelled("rules: ", &board.rules_text));
        let first_number = board.spaces.first().map_or(0, |r| r.number);
        let numbering = if first_number == 0 {
            "indices are 0-based"
        } else {
            "numbered from 1"
        };
        let _ = writeln!(
            s,
            "\n{} {} ({numbering})",
            board.spaces.len(),
            board.space_plural
        );
        // The names' column is at most a third of the line; longer names wrap inside it, and
        // the notes wrap in what is left.
        let width = board
            .spaces
            .iter()
            .map(|r| r.name.chars().count() + 2)
            .max()
            .unwrap_or(0)
            .clamp(16, layout.width() / 3);
        let notes_width = layout.width() - 9 - width;
        for row in &board.spaces {
            let names = super::cell(&row.name, width - 2);
            let notes = super::cell(&row.notes, notes_width);
            for line in 0..names.len().max(notes.len()) {
                let number = if line == 0 {
                    row.number.to_string()
                } else {
                    String::new()
                };
                let name = names.get(line).map_or("", String::as_str);
                let note = notes.get(line).map_or("", String::as_str);
                let line = format!("  {number:>5}  {name:<width$}{note}");
                let _ = writeln!(s, "{}", line.trim_end());
            }
        }
        s.push('\n');
        s.push_str(&layout.para("", &board.draws_heading));
        for d in &board.draws {
            s.push_str(&layout.labelled(&format!("  {:>4}  ", d.weight), &d.name));
        }
        s
    }

    fn json(&self) -> Option<crate::Result<String>> {
        super::render::json("board show", self)
    }

    /// `board show --csv`: the spaces, one row each (number, name, notes).
    fn csv(&self) -> Option<crate::Result<String>> {
        let write = || -> crate::Result<String> {
            let mut w = csv::Writer::from_writer(Vec::new());
            w.write_record(["number", "name", "notes"])?;
            for row in &self.spaces {
                super::csv_cells::record(
                    &mut w,
                    [row.number.to_string(), row.name.clone(), row.notes.clone()],
                )?;
            }
            Ok(String::from_utf8(w.into_inner()?)?)
        };
        Some(write())
    }
}

//! `whatif`: the effect of removing each element.

use std::fmt::Write;

use super::Layout;
use crate::whatif::WhatIf;

/// The widest the column of changes gets; longer changes wrap inside it.
const CHANGE: usize = 44;
/// Columns of a row besides the change: indent and two figures.
const FIGURES: usize = 2 + 12 + 12;

fn change_row(s: &mut String, c: &crate::whatif::Change, layout: Layout) {
    let width = CHANGE.min(layout.width() - FIGURES);
    let change = super::cell(&c.change, width - 1);
    let solved = c.expected_turns.zip(c.difference);
    match solved {
        Some((e, d)) => {
            let _ = writeln!(s, "  {:<width$}{:>12.4}{:>+12.4}", change[0], e, d);
        }
        None => {
            let _ = writeln!(s, "  {:<width$}{:>12}{:>12}", change[0], "-", "-");
        }
    }
    for more in &change[1..] {
        let _ = writeln!(s, "    {more}");
    }
    if solved.is_none() {
        let why = c.unsolved.as_deref().unwrap_or("no figure");
        s.push_str(&layout.hang("      (", "       ", &format!("{why})")));
    }
}

/// The `whatif` table.
pub fn whatif_table(w: &WhatIf, layout: Layout) -> String {
    let variant = if w.variant.is_empty() {
        String::new()
    } else {
        format!(" ({})", w.variant)
    };
    let head = format!(
        "{}{variant}: exact effect of removing board elements on the expected length",
        w.board
    );
    let mut s = layout.hang("", "  ", &head);
    s.push_str(&layout.para(
        "  ",
        &format!(
            "one player, i.i.d. draws; expected turns as the board is: {:.4}",
            w.expected_turns
        ),
    ));
    s.push('\n');
    if w.by_kind.is_empty() && w.by_element.is_empty() {
        let _ = writeln!(s, "  This board has no elements to remove.");
        return s;
    }
    let width = CHANGE.min(layout.width() - FIGURES);
    let _ = writeln!(
        s,
        "  {:<width$}{:>12}{:>12}",
        "change", "E[turns]", "difference"
    );
    for c in &w.by_kind {
        change_row(&mut s, c, layout);
    }
    let _ = writeln!(s, "\n  One element at a time, largest effect first");
    for c in &w.by_element {
        change_row(&mut s, c, layout);
    }
    s
}

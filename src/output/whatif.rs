//! `whatif`: the effect of removing each element.

use std::fmt::Write;

use crate::whatif::WhatIf;

fn change_row(s: &mut String, c: &crate::whatif::Change) {
    match (c.expected_turns, c.difference, &c.unsolved) {
        (Some(e), Some(d), _) => {
            let _ = writeln!(s, "  {:<44}{:>12.4}{:>+12.4}", c.change, e, d);
        }
        (_, _, why) => {
            let why = why.as_deref().unwrap_or("no figure");
            let _ = writeln!(s, "  {:<44}{:>12}{:>12}", c.change, "-", "-");
            let _ = writeln!(s, "      ({why})");
        }
    }
}

/// The `whatif` table.
pub fn whatif_table(w: &WhatIf) -> String {
    let mut s = String::new();
    let variant = if w.variant.is_empty() {
        String::new()
    } else {
        format!(" ({})", w.variant)
    };
    let _ = writeln!(
        s,
        "{}{variant}: exact effect of removing board elements on the expected length\n  one player, i.i.d. draws; expected turns as the board is: {:.4}\n",
        w.board, w.expected_turns
    );
    if w.by_kind.is_empty() && w.by_element.is_empty() {
        let _ = writeln!(s, "  This board has no elements to remove.");
        return s;
    }
    let _ = writeln!(
        s,
        "  {:<44}{:>12}{:>12}",
        "change", "E[turns]", "difference"
    );
    for c in &w.by_kind {
        change_row(&mut s, c);
    }
    let _ = writeln!(s, "\n  One element at a time, largest effect first");
    for c in &w.by_element {
        change_row(&mut s, c);
    }
    s
}

//! `spaces`: the per-space table and its CSV.

use std::fmt::Write;

use super::Layout;
use crate::figures::SpacesReport;

/// Columns of a row before the name (the space's number) and of its figures after it.
const NUMBER: usize = 9;
const FIGURES: usize = 52;
/// The narrowest the names' column gets before the names move under their rows.
const NAME: usize = 8;

/// Where the names and notes go: the names' column (0: under the row) and whether the notes
/// have a column of their own (else they go under the row).
struct Columns {
    name: usize,
    notes_inline: bool,
}

impl Columns {
    fn of(r: &SpacesReport, layout: Layout) -> Columns {
        let widest = |texts: &[String]| texts.iter().map(|n| n.chars().count()).max();
        let room = layout.width().saturating_sub(NUMBER + FIGURES);
        let name = if room < NAME {
            0
        } else {
            (widest(&r.names).unwrap_or(0) + 1).clamp(NAME, room)
        };
        let notes_at = NUMBER + name + FIGURES + 2;
        Columns {
            name,
            notes_inline: name > 0 && notes_at + widest(&r.notes).unwrap_or(0) <= layout.width(),
        }
    }
}

/// The `spaces` table.
pub fn spaces_table(r: &SpacesReport, layout: Layout) -> String {
    let head = format!("{}: per space (one player, exact)", r.board);
    let mut s = layout.hang("", "  ", &head);
    if !r.variant.is_empty() {
        s.push_str(&layout.labelled("  variant: ", &r.variant));
    }
    // Names wrap inside their column when the line is too short for them; the notes stand in a
    // column of their own when they fit, else on lines of their own under the row.
    let columns = Columns::of(r, layout);
    let width = columns.name;
    let _ = writeln!(
        s,
        "\n  {:>5} {}{:<width$}{:>10}{:>9}{:>8}{:>9}{:>9}{:>7}{}",
        "space",
        if width > 0 { " " } else { "" },
        if width > 0 { "name" } else { "" },
        "remaining",
        "landings",
        "P(land)",
        "turns on",
        "P(stuck)",
        "lost",
        if columns.notes_inline { "  notes" } else { "" }
    );
    for f in &r.figures.spaces {
        space_rows(&mut s, r, f, &columns, layout);
    }
    let legend = format!(
        "remaining: expected turns left standing there (free); landings: expected moves that land there per game (to rest, or to take a jump from it); turns on: expected turns begun there; P(stuck): chance of being caught by a trap there{} at least once; lost: expected turns lost there per game.",
        if r.trap_word.is_empty() {
            String::new()
        } else {
            format!(" ({})", r.trap_word)
        }
    );
    s.push('\n');
    s.push_str(&layout.para("  ", &legend));
    s.push('\n');
    s.push_str(&layout.hang(
        "",
        "  ",
        "Expected events per game (those that cannot happen here left out)",
    ));
    for e in r.figures.events.iter().filter(|e| e.expected > 0.0) {
        let _ = writeln!(s, "  {:<20}{:.4}", e.event, e.expected);
    }
    let _ = writeln!(s, "  {:<20}{:.4}", "draws", r.figures.cards);
    s
}

/// One space's row, with the lines of its name and notes that go under it.
fn space_rows(
    s: &mut String,
    r: &SpacesReport,
    f: &crate::solve::spaces::SpaceFigures,
    columns: &Columns,
    layout: Layout,
) {
    let width = columns.name;
    let number = f.space + r.first_number;
    let remaining = f
        .expected_remaining
        .map_or("-".to_string(), |e| format!("{e:.3}"));
    let (stuck, lost) = if f.p_caught > 0.0 || f.expected_turns_lost > 0.0 {
        (
            format!("{:.4}", f.p_caught),
            format!("{:.3}", f.expected_turns_lost),
        )
    } else {
        ("".to_string(), "".to_string())
    };
    let (name, notes) = (&r.names[f.space], &r.notes[f.space]);
    let names = super::cell(name, width.max(2) - 1);
    let line = format!(
        "  {:>5} {}{:<width$}{:>10}{:>9.4}{:>8.4}{:>9.4}{:>9}{:>7}  {}",
        number,
        if width > 0 { " " } else { "" },
        if width > 0 { names[0].as_str() } else { "" },
        remaining,
        f.expected_landings,
        f.p_land,
        f.expected_turns_on,
        stuck,
        lost,
        if columns.notes_inline {
            notes.as_str()
        } else {
            ""
        }
    );
    let _ = writeln!(s, "{}", line.trim_end());
    let under = " ".repeat(NUMBER + 2);
    if width == 0 {
        // No room for a names' column: the name and notes under the row.
        let both = if notes.is_empty() {
            name.clone()
        } else {
            format!("{name}: {notes}")
        };
        s.push_str(&layout.para(&under, &both));
        return;
    }
    for more in &names[1..] {
        let _ = writeln!(s, "{}{more}", " ".repeat(NUMBER));
    }
    if !columns.notes_inline && !notes.is_empty() {
        s.push_str(&layout.para(&under, notes));
    }
}

/// The `spaces` table as CSV.
pub fn spaces_csv(r: &SpacesReport) -> String {
    let mut s = String::from(
        "space,name,expected_remaining,expected_landings,p_land,expected_turns_on,p_caught,expected_turns_lost\n",
    );
    for f in &r.figures.spaces {
        let number = f.space + r.first_number;
        let remaining = f
            .expected_remaining
            .map_or(String::new(), |e| e.to_string());
        let name = r.names[f.space].replace(',', " ");
        let _ = writeln!(
            s,
            "{},{name},{remaining},{},{},{},{},{}",
            number,
            f.expected_landings,
            f.p_land,
            f.expected_turns_on,
            f.p_caught,
            f.expected_turns_lost
        );
    }
    s
}

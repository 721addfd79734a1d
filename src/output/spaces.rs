//! `spaces`: the per-space table and its CSV, in the game's own words (its word for a space and
//! for its draws, its traps and jumps), with only the columns and events the game has.

use std::fmt::Write;

use super::Layout;
use crate::results::spaces::{SpaceRow, SpacesReport};
use crate::solve::spaces::SpaceFigures;

/// What counts as landing on a space, in the game's words: "a move that comes to rest there"
/// (or, `plural`, "moves per game that come to rest there"); when some space is landed on
/// without any game resting there (the start of a jump), "or takes a shortcut from it" with
/// `jumps`, the kinds of jump the board has.
pub fn landing_words<'a>(
    figures: impl IntoIterator<Item = &'a SpaceFigures>,
    jumps: &[String],
    plural: bool,
) -> String {
    let passes = figures
        .into_iter()
        .any(|f| !f.finish && f.expected_remaining.is_none() && f.expected_landings > 0.0);
    let (subject, rest, take, pass) = if plural {
        ("moves per game that", "come", "take", "pass")
    } else {
        ("a move that", "comes", "takes", "passes")
    };
    match (passes, jumps.is_empty()) {
        (false, _) => format!("{subject} {rest} to rest there"),
        (true, true) => format!("{subject} {rest} to rest there or {pass} it on the way"),
        (true, false) => format!(
            "{subject} {rest} to rest there or {take} a {} from it",
            jumps.join(" or ")
        ),
    }
}

/// The figures of every row.
fn figures(r: &SpacesReport) -> impl Iterator<Item = &SpaceFigures> {
    r.spaces.iter().map(|row| &row.figures)
}

/// The narrowest the names' column gets before the names move under their rows.
const NAME: usize = 8;

/// The optional columns: a trap's chance and the turns lost, shown when some space has them.
struct Columns {
    caught: bool,
    lost: bool,
}

impl Columns {
    fn of(r: &SpacesReport) -> Columns {
        Columns {
            caught: figures(r).any(|f| f.p_caught > 0.0),
            lost: figures(r).any(|f| f.expected_turns_lost > 0.0),
        }
    }

    /// The optional cells of one row (`None`: the header).
    fn cells(&self, f: Option<&SpaceFigures>) -> String {
        let mut s = String::new();
        let shown = |x: f64, digits: usize| match f {
            Some(f) if f.p_caught > 0.0 || f.expected_turns_lost > 0.0 => format!("{x:.digits$}"),
            _ => String::new(),
        };
        if self.caught {
            let cell = f.map_or("P(stuck)".into(), |f| shown(f.p_caught, 4));
            let _ = write!(s, "{cell:>9}");
        }
        if self.lost {
            let cell = f.map_or("lost".into(), |f| shown(f.expected_turns_lost, 3));
            let _ = write!(s, "{cell:>7}");
        }
        s
    }
}

/// The `spaces` table, laid out for `layout`'s width: a name too long for its column wraps
/// inside it, and notes that do not fit beside the figures go on a line under their row.
pub(crate) fn spaces_table(r: &SpacesReport, layout: Layout) -> String {
    let w = &r.words;
    let head = format!("{}: per {} (one player, exact)", r.board, w.space);
    let mut s = layout.hang("", "  ", &head);
    if !r.variant.is_empty() {
        s.push_str(&layout.labelled("  variant: ", &r.variant));
    }
    let number = w.space.chars().count().max(5);
    let columns = Columns::of(r);
    let figures = 10 + 9 + 8 + 9 + columns.cells(None).chars().count();
    // The names' column, or 0 when the line is too short for one: the name then goes under its
    // row with the notes.
    let room = layout.width().saturating_sub(2 + number + 2 + figures);
    let widest = r.spaces.iter().map(|s| s.name.chars().count() + 1).max();
    let width = if room < NAME {
        0
    } else {
        widest.unwrap_or(0).max(NAME).min(room)
    };
    // Two spaces before the names, one when there is no names' column.
    let gap = if width > 0 { "  " } else { " " };
    let header = format!(
        "\n  {:>number$}{gap}{:<width$}{:>10}{:>9}{:>8}{:>9}{}",
        w.space,
        if width > 0 { "name" } else { "" },
        "remaining",
        "landings",
        "P(land)",
        "turns on",
        columns.cells(None)
    );
    let notes_fit = width > 0 && header.chars().count() + "notes".len() < layout.width();
    let _ = writeln!(s, "{header}{}", if notes_fit { "  notes" } else { "" });
    let pad = " ".repeat(2 + number + gap.len());
    for SpaceRow {
        number: printed,
        name,
        note,
        figures: f,
    } in &r.spaces
    {
        let remaining = f
            .expected_remaining
            .map_or("-".to_string(), |e| format!("{e:.3}"));
        let mut notes = note.clone();
        if f.finish {
            notes = [notes.as_str(), "every game ends here"]
                .iter()
                .filter(|n| !n.is_empty())
                .copied()
                .collect::<Vec<_>>()
                .join("; ");
        }
        let name_lines = if width > 0 {
            super::cell(name, width - 1)
        } else {
            vec![String::new()]
        };
        let line = format!(
            "  {:>number$}{gap}{:<width$}{:>10}{:>9.4}{:>8.4}{:>9.4}{}",
            printed,
            name_lines[0],
            remaining,
            f.expected_landings,
            f.p_land,
            f.expected_turns_on,
            columns.cells(Some(f)),
        );
        let inline = format!("{line}  {notes}");
        let notes_inline = notes.is_empty() || inline.trim_end().chars().count() <= layout.width();
        let _ = writeln!(
            s,
            "{}",
            if notes_inline { &inline } else { &line }.trim_end()
        );
        for more in &name_lines[1..] {
            let _ = writeln!(s, "{pad}{more}");
        }
        let mut under = Vec::new();
        if width == 0 {
            under.push(name.clone());
        }
        if !notes_inline {
            under.push(notes);
        }
        if !under.is_empty() {
            s.push_str(&layout.hang(
                &format!("{pad}  "),
                &format!("{pad}    "),
                &under.join(": "),
            ));
        }
    }
    legend(&mut s, r, &columns, layout);
    s.push('\n');
    s.push_str(&layout.para(
        "",
        "Expected events per game (those that cannot happen here left out)",
    ));
    for e in r.events.iter().filter(|e| e.expected > 0.0) {
        let _ = writeln!(s, "  {:<20}{:.4}", e.event, e.expected);
    }
    let _ = writeln!(s, "  {:<20}{:.4}", w.draws, r.cards);
    s
}

/// What each column means, for the columns shown.
fn legend(s: &mut String, r: &SpacesReport, columns: &Columns, layout: Layout) {
    let w = &r.words;
    let mut parts = vec![
        format!(
            "remaining: expected turns left standing there{}",
            if columns.lost { " (free to move)" } else { "" }
        ),
        format!(
            "landings: expected {}",
            landing_words(figures(r), &w.jumps, true)
        ),
        "P(land): chance of landing there at least once".into(),
        "turns on: expected turns begun there".into(),
    ];
    if columns.caught {
        parts.push(format!(
            "P(stuck): chance of being caught by {} there at least once",
            if w.trap.is_empty() { "a trap" } else { &w.trap }
        ));
    }
    if columns.lost {
        parts.push("lost: expected turns lost there per game".into());
    }
    if figures(r).any(|f| f.finish) {
        parts.push(
            "the finish: every game lands there exactly once, and no turn begins there".into(),
        );
    }
    let _ = writeln!(s);
    s.push_str(&layout.para("  ", &(parts.join("; ") + ".")));
}

/// The `spaces` table as CSV (RFC 4180, names guarded: [`super::csv_cells`]).
pub(crate) fn spaces_csv(r: &SpacesReport) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    let _ = w.write_record([
        "space",
        "name",
        "finish",
        "expected_remaining",
        "expected_landings",
        "p_land",
        "expected_turns_on",
        "p_caught",
        "expected_turns_lost",
    ]);
    for row in &r.spaces {
        let f = &row.figures;
        let remaining = f
            .expected_remaining
            .map_or(String::new(), |e| e.to_string());
        let _ = super::csv_cells::record(
            &mut w,
            [
                row.number.to_string(),
                row.name.clone(),
                f.finish.to_string(),
                remaining,
                f.expected_landings.to_string(),
                f.p_land.to_string(),
                f.expected_turns_on.to_string(),
                f.p_caught.to_string(),
                f.expected_turns_lost.to_string(),
            ],
        );
    }
    w.into_inner()
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .unwrap_or_default()
}

impl super::Render for SpacesReport {
    fn text(&self, layout: Layout) -> String {
        spaces_table(self, layout)
    }

    fn json(&self) -> Option<crate::Result<String>> {
        super::render::json("spaces", self)
    }

    fn csv(&self) -> Option<crate::Result<String>> {
        Some(Ok(spaces_csv(self)))
    }
}

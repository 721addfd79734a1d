//! `whatif`: the effect of removing each element, or of changing each rule (`--rules`), as a
//! table or as CSV.

use std::fmt::Write;

use super::Layout;
use crate::results::whatif::{RuleRanking, WhatIf, WhatIfAnswer};

/// The widest the column of changes gets; longer changes wrap inside it.
const CHANGE: usize = 44;
/// Columns of a row besides the change: indent and two figures.
const FIGURES: usize = 2 + 12 + 12;

/// One row: the change (wrapped inside its column), E\[T\] and the difference, or why there is
/// no figure.
fn change_row(
    s: &mut String,
    label: &str,
    figures: (Option<f64>, Option<f64>, Option<&str>),
    layout: Layout,
) {
    let width = CHANGE.min(layout.width() - FIGURES);
    let change = super::cell(label, width - 1);
    let (mean, diff, why) = figures;
    let solved = mean.zip(diff);
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
        let why = why.unwrap_or("no figure");
        s.push_str(&layout.hang("      (", "       ", &format!("{why})")));
    }
}

/// " (VARIANT)", or "" for none.
fn variant_note(variant: &str) -> String {
    if variant.is_empty() {
        String::new()
    } else {
        format!(" ({variant})")
    }
}

/// The heading both tables share: the board, what is changed, and E\[T\] as the board is.
fn heading(board: &str, variant: &str, what: &str, mean: f64, layout: Layout) -> String {
    let head = format!(
        "{board}{}: exact effect of {what} on the expected length",
        variant_note(variant)
    );
    let mut s = layout.hang("", "  ", &head);
    s.push_str(&layout.para(
        "  ",
        &format!("one player, i.i.d. draws; expected turns as the board is: {mean:.4}"),
    ));
    s
}

/// The `whatif` table.
pub(crate) fn whatif_table(w: &WhatIf, layout: Layout) -> String {
    let what = "removing board elements";
    let mut s = heading(&w.board, &w.variant, what, w.expected_turns, layout);
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
    let figures =
        |c: &crate::results::whatif::Change| (c.expected_turns, c.difference, c.unsolved.clone());
    for c in &w.by_kind {
        let (m, d, why) = figures(c);
        change_row(&mut s, &c.change, (m, d, why.as_deref()), layout);
    }
    let _ = writeln!(s, "\n  One element at a time, largest effect first");
    for c in &w.by_element {
        let (m, d, why) = figures(c);
        change_row(&mut s, &c.change, (m, d, why.as_deref()), layout);
    }
    s
}

/// The `whatif --rules` table.
pub(crate) fn rules_table(r: &RuleRanking, layout: Layout) -> String {
    let what = "each rule change";
    let mut s = heading(&r.board, &r.variant, what, r.mean, layout);
    s.push_str(&layout.hang("  rules: ", "    ", &r.rules_text));
    s.push('\n');
    if r.rules.is_empty() {
        let _ = writeln!(s, "  This game has no rules to change.");
        return s;
    }
    let width = CHANGE.min(layout.width() - FIGURES);
    let _ = writeln!(
        s,
        "  {:<width$}{:>12}{:>12}",
        "one rule changed, largest effect first", "E[turns]", "difference"
    );
    for c in &r.rules {
        let figures = (c.mean, c.difference, c.unsolved.as_deref());
        change_row(&mut s, &c.label, figures, layout);
    }
    s
}

/// The CSV header of `whatif --csv`, with and without `--rules`.
pub const WHATIF_CSV_HEADER: [&str; 7] = [
    "section",
    "label",
    "rule",
    "value",
    "mean",
    "difference",
    "unsolved",
];

/// One CSV row: the fields in the order of [`WHATIF_CSV_HEADER`].
fn csv_row(
    w: &mut csv::Writer<Vec<u8>>,
    section: &str,
    label: &str,
    rule: (&str, &str),
    figures: (Option<f64>, Option<f64>, Option<&str>),
) {
    let number = |x: Option<f64>| x.map_or(String::new(), |x| x.to_string());
    let (mean, difference, unsolved) = figures;
    let _ = super::csv_cells::record(
        w,
        [
            section,
            label,
            rule.0,
            rule.1,
            &number(mean),
            &number(difference),
            unsolved.unwrap_or(""),
        ],
    );
}

fn csv_text(w: csv::Writer<Vec<u8>>) -> String {
    w.into_inner()
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .unwrap_or_default()
}

/// `whatif --csv`: one row per removal, `section` is the JSON list it is in (`by_kind`,
/// `by_element`); `rule` and `value` are empty.
pub(crate) fn whatif_csv(what: &WhatIf) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    let _ = w.write_record(WHATIF_CSV_HEADER);
    for (section, rows) in [("by_kind", &what.by_kind), ("by_element", &what.by_element)] {
        for c in rows {
            let figures = (c.expected_turns, c.difference, c.unsolved.as_deref());
            csv_row(&mut w, section, &c.change, ("", ""), figures);
        }
    }
    csv_text(w)
}

/// `whatif --rules --csv`: one row per rule change, `section` is `rules`; `value` is the flag's
/// word (`none` for an empty list).
pub(crate) fn rules_csv(r: &RuleRanking) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    let _ = w.write_record(WHATIF_CSV_HEADER);
    for c in &r.rules {
        let value = toml::Value::try_from(&c.value)
            .map(|v| crate::games::value_word(&v))
            .unwrap_or_default();
        let figures = (c.mean, c.difference, c.unsolved.as_deref());
        csv_row(&mut w, "rules", &c.label, (&c.rule, &value), figures);
    }
    csv_text(w)
}

impl super::Render for WhatIfAnswer {
    fn text(&self, layout: Layout) -> String {
        match self {
            WhatIfAnswer::Removals(w) => whatif_table(w, layout),
            WhatIfAnswer::Rules(r) => rules_table(r, layout),
        }
    }

    fn json(&self) -> Option<crate::Result<String>> {
        super::render::json("whatif", self)
    }

    fn csv(&self) -> Option<crate::Result<String>> {
        Some(Ok(match self {
            WhatIfAnswer::Removals(w) => whatif_csv(w),
            WhatIfAnswer::Rules(r) => rules_csv(r),
        }))
    }
}

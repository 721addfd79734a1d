//! `spaces`: the per-space table and its CSV.

use std::fmt::Write;

use crate::figures::SpacesReport;

/// The `spaces` table.
pub fn spaces_table(r: &SpacesReport) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{}: per space (one player, exact)", r.board);
    if !r.variant.is_empty() {
        let _ = writeln!(s, "  variant: {}", r.variant);
    }
    let width = r
        .names
        .iter()
        .map(|n| n.chars().count() + 1)
        .max()
        .unwrap_or(0)
        .max(16);
    let _ = writeln!(
        s,
        "\n  {:>5}  {:<width$}{:>10}{:>10}{:>9}{:>10}{:>9}{:>9}  notes",
        "space", "name", "remaining", "landings", "P(land)", "turns on", "P(stuck)", "lost"
    );
    for f in &r.figures.spaces {
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
        let mut notes = r.notes[f.space].clone();
        if f.finish {
            notes = [notes.as_str(), "every game ends here"]
                .iter()
                .filter(|n| !n.is_empty())
                .copied()
                .collect::<Vec<_>>()
                .join("; ");
        }
        let line = format!(
            "  {:>5}  {:<width$}{:>10}{:>10.4}{:>9.4}{:>10.4}{:>9}{:>9}  {}",
            number,
            r.names[f.space],
            remaining,
            f.expected_landings,
            f.p_land,
            f.expected_turns_on,
            stuck,
            lost,
            notes
        );
        let _ = writeln!(s, "{}", line.trim_end());
    }
    let _ = writeln!(
        s,
        "\n  remaining: expected turns left standing there (free); landings: expected moves that land\n  there per game (to rest, or to take a jump from it); turns on: expected turns begun there;\n  P(stuck): chance of being caught by a trap there{} at least once; lost: expected\n  turns lost there per game; the finish: every game lands there exactly once, and no turn\n  begins there.",
        if r.trap_word.is_empty() {
            String::new()
        } else {
            format!(" ({})", r.trap_word)
        }
    );
    let _ = writeln!(
        s,
        "\nExpected events per game (those that cannot happen here left out)"
    );
    for e in r.figures.events.iter().filter(|e| e.expected > 0.0) {
        let _ = writeln!(s, "  {:<20}{:.4}", e.event, e.expected);
    }
    let _ = writeln!(s, "  {:<20}{:.4}", "draws", r.figures.cards);
    s
}

/// The `spaces` table as CSV.
pub fn spaces_csv(r: &SpacesReport) -> String {
    let mut s = String::from(
        "space,name,finish,expected_remaining,expected_landings,p_land,expected_turns_on,p_caught,expected_turns_lost\n",
    );
    for f in &r.figures.spaces {
        let number = f.space + r.first_number;
        let remaining = f
            .expected_remaining
            .map_or(String::new(), |e| e.to_string());
        let name = r.names[f.space].replace(',', " ");
        let _ = writeln!(
            s,
            "{},{name},{},{remaining},{},{},{},{},{}",
            number,
            f.finish,
            f.expected_landings,
            f.p_land,
            f.expected_turns_on,
            f.p_caught,
            f.expected_turns_lost
        );
    }
    s
}

//! `compare`: two boards side by side.

use std::fmt::Write;

use super::Layout;
use crate::figures::Comparison;

/// Columns of the labels, and of each figure: at least 14, as wide as a board's name and 2.
const LABEL: usize = 26;
const FIGURE: usize = 14;
/// On a narrow line: the labels' column (the longest label is 18) and the least for a figure.
const NARROW_LABEL: usize = 20;
const NARROW_FIGURE: usize = 11;

/// The `compare` table.
pub fn comparison_table(c: &Comparison, layout: Layout) -> String {
    let mut s = String::new();
    if !c.variant.is_empty() {
        s.push_str(&layout.labelled("variant (both boards): ", &c.variant));
        s.push('\n');
    }
    let (a, b) = (&c.a, &c.b);
    let label = if 2 + LABEL + 3 * FIGURE <= layout.width() {
        LABEL
    } else {
        NARROW_LABEL
    };
    let widest = a.board.chars().count().max(b.board.chars().count());
    let fits = 2 + label + 2 * (widest + 2).max(FIGURE) + FIGURE <= layout.width();
    // Sides with flags of their own, of one name, or with names too long for the columns, are
    // headed A and B with a legend.
    let (head_a, head_b) =
        if c.a_variant.is_empty() && c.b_variant.is_empty() && a.board != b.board && fits {
            (a.board.clone(), b.board.clone())
        } else {
            let side_a = format!("{} {}", a.board, c.a_variant);
            let side_b = format!("{} {}", b.board, c.b_variant);
            s.push_str(&layout.labelled("A: ", side_a.trim_end()));
            s.push_str(&layout.labelled("B: ", side_b.trim_end()));
            s.push('\n');
            ("A".to_string(), "B".to_string())
        };
    let mut w = (head_a.chars().count().max(head_b.chars().count()) + 2).max(FIGURE);
    let mut d = FIGURE;
    if 2 + label + 2 * w + d > layout.width() {
        // A and B on a narrow line: three equal columns in what the labels leave.
        w = ((layout.width() - 2 - label) / 3).max(NARROW_FIGURE);
        d = w;
    }
    let _ = writeln!(
        s,
        "  {:<label$}{:>w$}{:>w$}{:>d$}",
        "", head_a, head_b, "difference"
    );
    let mut row = |name: &str, x: f64, y: f64, digits: usize| {
        let _ = writeln!(
            s,
            "  {name:<label$}{x:>w$.digits$}{y:>w$.digits$}{:>+d$.digits$}",
            y - x
        );
    };
    row("states", a.states as f64, b.states as f64, 0);
    row("expected turns", a.expected_turns, b.expected_turns, 4);
    row("standard deviation", a.std_dev, b.std_dev, 4);
    row("expected draws", a.draws.mean, b.draws.mean, 4);
    row(
        "shortest game",
        a.shortest_game.turns as f64,
        b.shortest_game.turns as f64,
        0,
    );
    row("median", a.median as f64, b.median as f64, 0);
    row("mode", a.mode as f64, b.mode as f64, 0);
    for (qa, qb) in a.quantiles.iter().zip(&b.quantiles) {
        row(
            &format!("{}% end by", qa.p * 100.0),
            qa.turns as f64,
            qb.turns as f64,
            0,
        );
    }
    for (ta, tb) in a.longer_than.iter().zip(&b.longer_than) {
        row(
            &format!("P(longer than {})", ta.turns),
            ta.probability,
            tb.probability,
            6,
        );
    }
    for f in [a, b].into_iter().filter(|f| f.truncated) {
        let note = format!(
            "{}'s distribution was cut by the turn limit: its median, mode, quantiles and tail chances are bounds, not values",
            f.board
        );
        s.push_str(&layout.labelled("  note: ", &note));
    }
    s
}

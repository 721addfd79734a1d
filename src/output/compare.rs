//! `compare`: two boards side by side.

use std::fmt::Write;

use super::Layout;
use crate::results::compare::Comparison;

/// Columns of the labels, and of each figure: at least 14, as wide as a board's name and 2.
const LABEL: usize = 26;
const FIGURE: usize = 14;
/// On a narrow line: the labels' column (the longest label, "99.9% end by turn", is 17) and the
/// least for a figure.
const NARROW_LABEL: usize = 18;
/// A chance in the probability style takes up to 12 characters ("-0.000642596"), and a bound's
/// mark 3 more; 13 keeps a space between columns for all but a marked bound's longest.
const NARROW_FIGURE: usize = 13;

/// The `compare` table.
pub(crate) fn comparison_table(c: &Comparison, layout: Layout) -> String {
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
    // A cell: its value, and its mark when it is only a bound of a cut distribution (">" past
    // the cut, "<=" for a tail chance); the difference of a bound is unknown.
    // `digits`: decimals of a figure; `None` for a chance, in the one number style of
    // probabilities.
    let mut row =
        |name: &str, (x, mx): (f64, &str), (y, my): (f64, &str), digits: Option<usize>| {
            let figure = |v: f64| match digits {
                Some(d) => format!("{v:.d$}"),
                None => crate::input::number::probability(v),
            };
            let cell = |v: f64, mark: &str| format!("{mark}{}", figure(v));
            let difference = if mx.is_empty() && my.is_empty() {
                let d = y - x;
                match digits {
                    Some(digits) => format!("{d:+.digits$}"),
                    None => format!("{}{}", if d < 0.0 { "-" } else { "+" }, figure(d.abs())),
                }
            } else {
                "unknown".to_string()
            };
            let _ = writeln!(
                s,
                "  {name:<label$}{:>w$}{:>w$}{difference:>d$}",
                cell(x, mx),
                cell(y, my)
            );
        };
    // A length past the cut is at least `t` (one past the last turn computed): "> t - 1".
    let length = |t: usize, lower_bound: bool| {
        if lower_bound {
            ((t - 1) as f64, "> ")
        } else {
            (t as f64, "")
        }
    };
    let exact = |v: f64| (v, "");
    // Each label carries its unit (turns, draws, states) and fits the narrow labels' column.
    row(
        "states",
        exact(a.states as f64),
        exact(b.states as f64),
        Some(0),
    );
    row(
        "expected turns",
        exact(a.expected_turns),
        exact(b.expected_turns),
        Some(4),
    );
    row("sd, turns", exact(a.std_dev), exact(b.std_dev), Some(4));
    row(
        "expected draws",
        exact(a.draws.mean),
        exact(b.draws.mean),
        Some(4),
    );
    row(
        "shortest, turns",
        exact(a.shortest_game.turns as f64),
        exact(b.shortest_game.turns as f64),
        Some(0),
    );
    row(
        "median, turns",
        length(a.median, a.median_lower_bound),
        length(b.median, b.median_lower_bound),
        Some(0),
    );
    row(
        "mode, turns",
        exact(a.mode as f64),
        exact(b.mode as f64),
        Some(0),
    );
    for (qa, qb) in a.quantiles.iter().zip(&b.quantiles) {
        row(
            &format!("{}% end by turn", qa.p * 100.0),
            length(qa.turns, qa.lower_bound),
            length(qb.turns, qb.lower_bound),
            Some(0),
        );
    }
    let tail = |t: &crate::solve::Tail| (t.probability, if t.upper_bound { "<= " } else { "" });
    for (ta, tb) in a.longer_than.iter().zip(&b.longer_than) {
        row(
            &format!("P(over {} turns)", ta.turns),
            tail(ta),
            tail(tb),
            None,
        );
    }
    for f in [a, b].into_iter().filter(|f| f.truncated) {
        let note = format!(
            "the turn limit cut {}'s distribution: figures marked > or <= are bounds, their differences unknown, and its mode may not be the most likely length",
            f.board
        );
        s.push_str(&layout.labelled("  note: ", &note));
    }
    s
}

impl super::Render for Comparison {
    fn text(&self, layout: Layout) -> String {
        comparison_table(self, layout)
    }

    fn json(&self) -> Option<crate::Result<String>> {
        super::render::json("compare", self)
    }

    fn csv(&self) -> Option<crate::Result<String>> {
        Some(super::tables::comparison_csv(self))
    }
}

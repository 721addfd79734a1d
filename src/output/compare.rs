//! `compare`: two boards side by side.

use std::fmt::Write;

use crate::figures::Comparison;

/// The `compare` table.
pub fn comparison_table(c: &Comparison) -> String {
    let mut s = String::new();
    if !c.variant.is_empty() {
        let _ = writeln!(s, "variant (both boards): {}\n", c.variant);
    }
    let (a, b) = (&c.a, &c.b);
    let _ = writeln!(
        s,
        "  {:<26}{:>14}{:>14}{:>14}",
        "", a.board, b.board, "difference"
    );
    let mut row = |label: &str, x: f64, y: f64, digits: usize| {
        let _ = writeln!(
            s,
            "  {label:<26}{x:>14.digits$}{y:>14.digits$}{:>+14.digits$}",
            y - x
        );
    };
    row("states", a.states as f64, b.states as f64, 0);
    row("expected turns", a.expected_turns, b.expected_turns, 4);
    row("standard deviation", a.std_dev, b.std_dev, 4);
    row(
        "expected cards drawn",
        a.expected_cards,
        b.expected_cards,
        4,
    );
    row("shortest game", a.min_turns as f64, b.min_turns as f64, 0);
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
        let _ = writeln!(
            s,
            "  note: {}'s distribution was cut by the turn limit: its median, mode, quantiles and tail chances are bounds, not values",
            f.board
        );
    }
    s
}

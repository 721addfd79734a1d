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
    // Sides with flags of their own, or of one name, are headed A and B with a legend.
    let (head_a, head_b) = if c.a_variant.is_empty() && c.b_variant.is_empty() && a.board != b.board
    {
        (a.board.clone(), b.board.clone())
    } else {
        let _ = writeln!(
            s,
            "A: {}",
            format!("{} {}", a.board, c.a_variant).trim_end()
        );
        let _ = writeln!(
            s,
            "B: {}\n",
            format!("{} {}", b.board, c.b_variant).trim_end()
        );
        ("A".to_string(), "B".to_string())
    };
    // Columns as wide as the longer board name, at least 14.
    let w = head_a.len().max(head_b.len()).max(12) + 2;
    let _ = writeln!(
        s,
        "  {:<26}{:>w$}{:>w$}{:>14}",
        "", head_a, head_b, "difference"
    );
    let mut row = |label: &str, x: f64, y: f64, digits: usize| {
        let _ = writeln!(
            s,
            "  {label:<26}{x:>w$.digits$}{y:>w$.digits$}{:>+14.digits$}",
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
        let _ = writeln!(
            s,
            "  note: {}'s distribution was cut by the turn limit: its median, mode, quantiles and tail chances are bounds, not values",
            f.board
        );
    }
    s
}

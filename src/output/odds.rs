//! `odds`: each seat's chance to win from given positions, and how long the game has left.

use std::fmt::Write;

use crate::figures::OddsReport;

/// The `odds` table.
pub fn odds_table(r: &OddsReport) -> String {
    let variant = if r.variant.is_empty() {
        String::new()
    } else {
        format!(" ({})", r.variant)
    };
    let mut s = format!(
        "{}{variant}: who wins from here (exact, i.i.d. draws)\n\n",
        r.board
    );
    let width = r
        .seats
        .iter()
        .map(|p| p.state.name.chars().count())
        .max()
        .unwrap_or(0)
        .max("position".len());
    let _ = writeln!(
        s,
        "  seat  {:<width$}  P(win)  turns to finish alone",
        "position"
    );
    for (p, win) in r.seats.iter().zip(&r.odds.win) {
        let next = if p.seat == r.to_move {
            "  (moves next)"
        } else {
            ""
        };
        let _ = writeln!(
            s,
            "  {:>4}  {:<width$}  {win:.4}  {:>21.2}{next}",
            p.seat, p.state.name, p.alone.mean
        );
    }
    let o = &r.odds;
    let _ = write!(
        s,
        "\nUntil someone finishes: {:.2} rounds on average ({:.2} turns of all players together)",
        o.mean_rounds, o.mean_turns
    );
    let within: Vec<String> = [(0.5, "50 %"), (0.9, "90 %"), (0.99, "99 %")]
        .iter()
        .filter_map(|&(p, how_often)| {
            let q = o.rounds.quantile(p)?;
            let rounds = if q == 1 { "round" } else { "rounds" };
            Some(format!("{q} {rounds} {how_often}"))
        })
        .collect();
    if within.is_empty() {
        s.push_str(".\n");
    } else {
        let _ = writeln!(s, ";\n  within {} of the time.", within.join(", "));
    }
    if r.truncated {
        let _ = writeln!(
            s,
            "(The turn limit cut the distributions: these figures leave out a chance of {:.3e}.)",
            o.unfinished_mass()
        );
    }
    s
}

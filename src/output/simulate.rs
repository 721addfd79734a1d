//! `simulate`: the simulation table and its histogram CSV.

use std::fmt::Write;

use super::Layout;
use crate::sim::Simulation;
use crate::stats::Summary;

/// A simulated histogram as CSV: turns, games, frequency.
pub fn histogram_csv(histogram: &[u64]) -> String {
    let total: u64 = histogram.iter().sum();
    let mut s = String::from("turns,games,frequency\n");
    for (t, &c) in histogram.iter().enumerate().filter(|(_, c)| **c > 0) {
        let _ = writeln!(s, "{t},{c},{:e}", c as f64 / total as f64);
    }
    s
}

pub(super) fn summary_rows(s: &mut String, unit: &str, x: &Summary, layout: Layout) {
    let mean = format!(
        "{:.4}  (95% CI {:.4} to {:.4})",
        x.mean, x.mean_ci95[0], x.mean_ci95[1]
    );
    s.push_str(&layout.row("  ", &format!("mean {unit}"), 26, &mean));
    let _ = writeln!(s, "  {:<26}{:.4}", "standard deviation", x.sd);
    let _ = writeln!(
        s,
        "  {:<26}{} / {} / {}",
        "min / median / max", x.min, x.median, x.max
    );
    let q: Vec<String> = x
        .quantiles
        .iter()
        .map(|q| format!("{}% {}", q.p * 100.0, q.turns))
        .collect();
    s.push_str(&layout.list("  quantiles                 ", &" ".repeat(28), &q, ", "));
}

/// The `simulate` table.
pub fn simulation_table(r: &Simulation, layout: Layout) -> String {
    let head = format!("{}: Monte Carlo, {}", r.board, r.deck.phrase());
    let mut s = layout.hang("", "  ", &head);
    s.push_str(&layout.labelled("  rules: ", &r.rules));
    if !r.variant.is_empty() {
        s.push_str(&layout.labelled("  variant: ", &r.variant));
    }
    let _ = writeln!(
        s,
        "  {} games, {} player{}, seed {}\n",
        r.games,
        r.players,
        if r.players == 1 { "" } else { "s" },
        r.seed
    );
    let unit = if r.players == 1 {
        "turns"
    } else {
        "turns (all players)"
    };
    summary_rows(&mut s, unit, &r.turns, layout);
    if let Some(rounds) = &r.rounds {
        let _ = writeln!(s);
        summary_rows(&mut s, "rounds", rounds, layout);
    }
    let _ = writeln!(
        s,
        "  {:<26}{:.4}",
        format!("{} per game", r.draws.word),
        r.draws.mean
    );
    if r.players > 1 {
        let shares: Vec<String> = r
            .win_share
            .iter()
            .enumerate()
            .map(|(i, w)| format!("seat {} {:.4}", i + 1, w))
            .collect();
        s.push_str(&layout.list(
            "  wins                      ",
            &" ".repeat(28),
            &shares,
            ", ",
        ));
    }
    if r.unfinished > 0 {
        let warning = format!(
            "{} games hit --max-turns and are left out of these figures",
            r.unfinished
        );
        s.push_str(&layout.labelled("  warning: ", &warning));
    }
    s
}

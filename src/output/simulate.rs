//! `simulate`: the simulation table and its histogram CSV.

use crate::input::number::{count, plain};
use std::fmt::Write;

use super::Layout;
use crate::sim::Simulation;
use crate::stats::{SampleQuantile, Summary};

/// A simulated histogram as CSV: turns, games, frequency.
pub(crate) fn histogram_csv(histogram: &[u64]) -> String {
    let total: u64 = histogram.iter().sum();
    let mut s = String::from("turns,games,frequency\n");
    for (t, &c) in histogram.iter().enumerate().filter(|(_, c)| **c > 0) {
        let _ = writeln!(s, "{t},{c},{}", plain(c as f64 / total as f64));
    }
    s
}

/// A sample's mean: with its 95 % confidence interval, or, when games were stopped at the turn
/// limit, as the lower bound it then is ("> mean"), saying how many were cut, with no interval.
pub(crate) fn sample_mean<Q>(x: &Summary<Q>, decimals: usize, unit: &str) -> String {
    match x.mean_ci95 {
        Some([low, high]) if x.cut == 0 => format!(
            "{:.decimals$}  (95% CI {low:.decimals$} to {high:.decimals$})",
            x.mean
        ),
        _ => format!(
            "> {:.decimals$}  (a lower bound: {} of {} games were stopped at the turn limit and count as {} {unit}; no confidence interval)",
            x.mean, count(x.cut), count(x.games), x.max
        ),
    }
}

/// A sample's length (median, quantile, max): "n", or "> n - 1" when it is one of the games
/// cut at the turn limit (counted as n turns, the least they last).
fn sample_turns(t: usize, lower_bound: bool) -> String {
    if lower_bound {
        format!("> {}", t - 1)
    } else {
        t.to_string()
    }
}

pub(super) fn summary_rows<Q: SampleQuantile>(
    s: &mut String,
    unit: &str,
    x: &Summary<Q>,
    layout: Layout,
) {
    // "turns (all players)" counts turns.
    let counted = unit.split(' ').next().unwrap_or(unit);
    s.push_str(&layout.row(
        "  ",
        &format!("mean {unit}"),
        26,
        &sample_mean(x, 4, counted),
    ));
    let sd = if x.cut > 0 {
        format!("{:.4} (of the lengths as counted)", x.sd)
    } else {
        format!("{:.4}", x.sd)
    };
    let _ = writeln!(s, "  {:<26}{sd}", "standard deviation");
    let _ = writeln!(
        s,
        "  {:<26}{} / {} / {}",
        format!("min / median / max {counted}"),
        x.min,
        sample_turns(x.median, x.median_lower_bound),
        sample_turns(x.max, x.cut > 0)
    );
    let q: Vec<String> = x
        .quantiles
        .iter()
        .map(|q| {
            let (p, value, lower_bound) = q.level();
            format!("{}% {}", p * 100.0, sample_turns(value, lower_bound))
        })
        .collect();
    let label = format!("  {:<26}", format!("quantiles, {counted}"));
    s.push_str(&layout.list(&label, &" ".repeat(28), &q, ", "));
}

/// The `simulate` table.
pub(crate) fn simulation_table(r: &Simulation, layout: Layout) -> String {
    let head = format!("{}: Monte Carlo, {}", r.board, r.deck.phrase());
    let mut s = layout.hang("", "  ", &head);
    s.push_str(&layout.labelled("  rules: ", &r.rules));
    if !r.variant.is_empty() {
        s.push_str(&layout.labelled("  variant: ", &r.variant));
    }
    let _ = writeln!(
        s,
        "  {} games, {} player{}, seed {}\n",
        count(r.games),
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
        "  {:<26}{}{:.4}",
        format!("{} per game", r.draws.word),
        if r.unfinished > 0 { "> " } else { "" },
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
            "{} of the {} games were stopped at --max-turns {} before anyone finished: each counts as {} turns, the least it lasts, so the means are lower bounds (figures marked >), and none of them is won by any seat",
            count(r.unfinished),
            count(r.games),
            r.max_turns,
            u64::from(r.max_turns) + 1
        );
        s.push_str(&layout.labelled("  warning: ", &warning));
    }
    s
}

/// Every finished game's length, one per line: the file `simulate --lengths` writes.
pub fn lengths_file(lengths: &[u32]) -> String {
    let mut text = String::with_capacity(lengths.len() * 4);
    for l in lengths {
        let _ = writeln!(text, "{l}");
    }
    text
}

impl super::Render for crate::results::simulate::Simulated {
    fn text(&self, layout: Layout) -> String {
        simulation_table(&self.summary, layout)
    }

    fn json(&self) -> Option<crate::Result<String>> {
        super::render::json("simulate", self)
    }

    /// The histogram.
    fn csv(&self) -> Option<crate::Result<String>> {
        Some(Ok(histogram_csv(&self.histogram)))
    }
}

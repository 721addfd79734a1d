//! Human tables and CSV. JSON is the serde form of the result structs, nothing hand-assembled.

mod file;

use std::fmt::Write;

pub use file::{write_atomic, PendingFile};

use crate::crosscheck::CrossCheck;
use crate::model::{Board, Card, Space, Variant};
use crate::sim::Simulation;
use crate::solve::Analysis;
use crate::stats::Summary;

/// Bars of the text histogram are at most this wide.
const BAR_WIDTH: usize = 40;
/// The text histogram has about this many bins.
const BINS: usize = 24;

/// The `analyze` table.
pub fn analysis_table(a: &Analysis, exact: bool) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{}: {}", a.board, a.description);
    let _ = writeln!(s, "  {} spaces, {} cards", a.spaces, a.cards);
    if !a.source.is_empty() {
        let _ = writeln!(s, "  source: {}", a.source);
    }
    let _ = writeln!(s, "  rules: {}", a.rules);
    if !a.variant.is_empty() {
        let _ = writeln!(s, "  variant: {}", a.variant);
    }
    let _ = writeln!(
        s,
        "\nOne player, exact (absorbing Markov chain with {} states)",
        a.states
    );
    let mut row = |label: &str, value: String| {
        let _ = writeln!(s, "  {label:<26}{value}");
    };
    row("expected turns", format!("{:.6}", a.expected_turns));
    if exact && !a.expected_turns_exact.is_empty() {
        row("  exactly", a.expected_turns_exact.clone());
    }
    row("standard deviation", format!("{:.6}", a.std_dev));
    row("expected cards drawn", format!("{:.6}", a.expected_cards));
    row(
        "shortest game",
        format!("{} turns ({})", a.min_turns, a.shortest_game.join(", ")),
    );
    row("median", format!("{} turns", a.median));
    let mut mode = format!("{} turns", a.mode);
    if !a.secondary_modes.is_empty() {
        let peaks: Vec<String> = a.secondary_modes.iter().map(|m| m.to_string()).collect();
        let _ = write!(mode, " (other peaks at {})", peaks.join(", "));
    }
    row("mode", mode);
    for q in &a.quantiles {
        row(
            &format!("{}% of games end by", q.p * 100.0),
            format!("{} turns", q.turns),
        );
    }
    for t in &a.longer_than {
        row(
            &format!("P(longer than {} turns)", t.turns),
            format!("{:.6e}", t.probability),
        );
    }
    let _ = writeln!(
        s,
        "  (distribution computed to turn {}; mass left out {:.1e})",
        a.pmf.len() - 1,
        a.unfinished_mass
    );
    if a.unfinished_mass >= a.tolerance {
        let _ = writeln!(
            s,
            "  warning: the distribution stopped at --max-turns before reaching --tolerance {:e}; quantiles and tail figures past turn {} are capped there",
            a.tolerance,
            a.pmf.len() - 1
        );
    }
    s.push_str(&histogram(a));
    s
}

/// A text histogram of the pmf, up to the last reported quantile.
fn histogram(a: &Analysis) -> String {
    let end = a
        .quantiles
        .last()
        .map_or(a.pmf.len() - 1, |q| q.turns)
        .max(1);
    let width = nice_width(end.div_ceil(BINS));
    let bins: Vec<(usize, usize, f64)> = (0..)
        .map(|i| (i * width + 1, (i + 1) * width))
        .take_while(|&(lo, _)| lo <= end)
        .map(|(lo, hi)| {
            let p = (lo..=hi).filter_map(|n| a.pmf.get(n)).sum();
            (lo, hi, p)
        })
        .collect();
    let top = bins.iter().map(|b| b.2).fold(0.0, f64::max);
    let mut s = format!("\nLength distribution (probability of each {width}-turn range)\n");
    for (lo, hi, p) in bins {
        let bar = "#".repeat(((p / top) * BAR_WIDTH as f64).round() as usize);
        let range = if width == 1 {
            format!("{lo:>9}")
        } else {
            format!("{lo:>4}-{hi:<4}")
        };
        let line = format!("  {range}  {p:.4}  {bar}");
        let _ = writeln!(s, "{}", line.trim_end());
    }
    s
}

/// The smallest of 1, 2, 5, 10, 20, 50, ... that is at least `w`.
fn nice_width(w: usize) -> usize {
    let mut base = 1;
    loop {
        for m in [1, 2, 5] {
            if base * m >= w {
                return base * m;
            }
        }
        base *= 10;
    }
}

/// The distribution as CSV: turn, pmf, cdf, survival.
pub fn distribution_csv(a: &Analysis) -> String {
    let mut s = String::from("turn,pmf,cdf,survival\n");
    let mut survival = 1.0;
    for (n, p) in a.pmf.iter().enumerate().skip(1) {
        survival -= p;
        let _ = writeln!(s, "{n},{p:e},{:e},{:e}", 1.0 - survival, survival.max(0.0));
    }
    s
}

/// The `boards` list.
pub fn board_list(boards: &[Board]) -> String {
    let mut s = String::new();
    for b in boards {
        let _ = writeln!(
            s,
            "{:<18}{} spaces, {} cards. {}",
            b.name,
            b.len(),
            b.deck().total(),
            b.description
        );
    }
    s.push_str("\nAnalyze one with `candyland analyze NAME`; see its spaces with `candyland board show NAME`.\n");
    s
}

/// The `board show` table: every space with its index and what is special about it.
pub fn board_table(board: &Board, variant: &Variant) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{}: {}", board.name, board.description);
    if !board.source.is_empty() {
        let _ = writeln!(s, "source: {}", board.source);
    }
    if !variant.is_default() {
        let _ = writeln!(s, "variant: {variant}");
    }
    let _ = writeln!(s, "rules: {}", board.rules);
    let _ = writeln!(s, "\n{} spaces (indices are 0-based)", board.len());
    let cards: Vec<(Card, u32)> = board.deck().cards().to_vec();
    for i in 0..board.len() {
        let mut notes = Vec::new();
        if board.is_licorice(i) {
            notes.push("licorice".to_string());
        }
        if let Some(to) = board.shortcut(i) {
            notes.push(format!("shortcut to {to}"));
        }
        if let Space::Landmark(l) = board.spaces()[i] {
            let n = cards
                .iter()
                .find(|(c, _)| *c == Card::Landmark(l))
                .map_or(0, |c| c.1);
            notes.push(format!(
                "landmark, {n} card{}",
                if n == 1 { "" } else { "s" }
            ));
        }
        if i + 1 == board.len() {
            notes.push("last space".to_string());
        }
        let _ = writeln!(
            s,
            "  {i:>5}  {:<16}{}",
            board.space_name(i),
            notes.join("; ")
        );
    }
    let _ = writeln!(s, "\ndeck: {} cards", board.deck().total());
    for (card, n) in cards {
        let _ = writeln!(s, "  {n:>4}  {}", board.card_name(card));
    }
    s
}

/// A simulated histogram as CSV: turns, games, frequency.
pub fn histogram_csv(histogram: &[u64]) -> String {
    let total: u64 = histogram.iter().sum();
    let mut s = String::from("turns,games,frequency\n");
    for (t, &c) in histogram.iter().enumerate().filter(|(_, c)| **c > 0) {
        let _ = writeln!(s, "{t},{c},{:e}", c as f64 / total as f64);
    }
    s
}

fn summary_rows(s: &mut String, unit: &str, x: &Summary) {
    let _ = writeln!(
        s,
        "  {:<26}{:.4}  (95% CI {:.4} to {:.4})",
        format!("mean {unit}"),
        x.mean,
        x.mean_ci95[0],
        x.mean_ci95[1]
    );
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
    let _ = writeln!(s, "  {:<26}{}", "quantiles", q.join(", "));
}

/// The `simulate` table.
pub fn simulation_table(r: &Simulation) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{}: Monte Carlo, {} deck", r.board, r.deck.name());
    let _ = writeln!(s, "  rules: {}", r.rules);
    if !r.variant.is_empty() {
        let _ = writeln!(s, "  variant: {}", r.variant);
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
    summary_rows(&mut s, unit, &r.turns);
    if let Some(rounds) = &r.rounds {
        let _ = writeln!(s);
        summary_rows(&mut s, "rounds", rounds);
    }
    let _ = writeln!(s, "  {:<26}{:.4}", "cards drawn per game", r.cards_per_game);
    if r.players > 1 {
        let shares: Vec<String> = r
            .win_share
            .iter()
            .enumerate()
            .map(|(i, w)| format!("seat {} {:.4}", i + 1, w))
            .collect();
        let _ = writeln!(s, "  {:<26}{}", "wins", shares.join(", "));
    }
    if r.unfinished > 0 {
        let _ = writeln!(
            s,
            "  warning: {} games hit --max-turns and are left out of these figures",
            r.unfinished
        );
    }
    s
}

/// The `crosscheck` report.
pub fn crosscheck_table(c: &CrossCheck) -> String {
    let mut s = String::new();
    let variant = if c.variant.is_empty() {
        String::new()
    } else {
        format!(" ({})", c.variant)
    };
    let _ = writeln!(
        s,
        "{}{variant}: exact solver against {} simulated games per deck (seed {})\n",
        c.board, c.games, c.seed
    );
    let _ = writeln!(
        s,
        "  {:<26}{:.4} (sd {:.4}, median {})",
        "exact mean turns", c.exact_mean, c.exact_sd, c.exact_median
    );
    let _ = writeln!(s, "\n1. i.i.d. draws against the exact distribution");
    summary_rows(&mut s, "turns", &c.iid.sample);
    let _ = writeln!(s, "  {:<26}{:+.3}", "z of the mean", c.iid.z_mean);
    if let Some(chi) = &c.iid.chi_square {
        let _ = writeln!(
            s,
            "  {:<26}{:.2} on {} degrees of freedom, p = {:.4}",
            "chi-square", chi.statistic, chi.degrees_of_freedom, chi.p_value
        );
    }
    let _ = writeln!(
        s,
        "  {:<26}{:.5} at {} turns",
        "largest CDF gap", c.iid.max_cdf_gap, c.iid.max_cdf_gap_at
    );
    let _ = writeln!(s, "  {}", c.iid.verdict);
    let _ = writeln!(
        s,
        "\n2. a real shuffled deck against the exact i.i.d. answer"
    );
    summary_rows(&mut s, "turns", &c.shuffled.sample);
    let _ = writeln!(
        s,
        "  {:<26}{:+.4}  (95% CI {:+.4} to {:+.4})",
        "difference in mean",
        c.shuffled.mean_difference,
        c.shuffled.difference_ci95[0],
        c.shuffled.difference_ci95[1]
    );
    let _ = writeln!(
        s,
        "  {:<26}{:+}",
        "difference in median", c.shuffled.median_difference
    );
    let _ = writeln!(s, "  {}", c.shuffled.statement);
    s
}

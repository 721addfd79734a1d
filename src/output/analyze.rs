//! `analyze`: the one-player table, its text histogram and CSV, the moments-only table, and the
//! report on a game that can go on forever.

use std::fmt::Write;

use crate::solve::Analysis;

/// Bars of the text histogram are at most this wide.
const BAR_WIDTH: usize = 40;
/// The text histogram has about this many bins.
const BINS: usize = 24;

/// Turns, or "> n turns" for a quantile past a cut distribution (`t` is then n + 1, the
/// smallest length it can be).
pub(crate) fn turns(t: usize, lower_bound: bool) -> String {
    if lower_bound {
        format!("> {} turns", t - 1)
    } else {
        format!("{t} turns")
    }
}

/// The `analyze` table.
pub fn analysis_table(a: &Analysis, exact: bool) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{}: {}", a.board, a.description);
    let _ = writeln!(s, "  {}", a.size);
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
    if let (true, Some(e)) = (exact, &a.expected_turns_exact) {
        row("  exactly", crate::solve::fraction::text(Some(e)));
    }
    row("standard deviation", format!("{:.6}", a.std_dev));
    row(
        &format!("expected {}", a.draws.word),
        format!("{:.6}", a.draws.mean),
    );
    row(
        "shortest game",
        format!(
            "{} turns ({})",
            a.shortest_game.turns,
            a.shortest_game.draws.join(", ")
        ),
    );
    // Past a cut distribution a quantile is only known to be above the cut.
    row("median", turns(a.median, a.median_lower_bound));
    let mut mode = format!("{} turns", a.mode);
    if !a.secondary_modes.is_empty() {
        let peaks: Vec<String> = a.secondary_modes.iter().map(|m| m.to_string()).collect();
        let _ = write!(mode, " (other peaks at {})", peaks.join(", "));
    }
    if !a.mode_settled {
        mode = format!(
            "unknown (the distribution was cut; {} turns is the most likely length before the cut)",
            a.mode
        );
    }
    row("mode", mode);
    for q in &a.quantiles {
        row(
            &format!("{}% of games end by", q.p * 100.0),
            turns(q.turns, q.lower_bound),
        );
    }
    for t in &a.longer_than {
        let bound = if t.upper_bound { "<= " } else { "" };
        row(
            &format!("P(longer than {} turns)", t.turns),
            format!("{bound}{:.6e}", t.probability),
        );
    }
    let _ = writeln!(
        s,
        "  (distribution computed to turn {}; mass left out {:.1e})",
        a.pmf.len() - 1,
        a.unfinished_mass
    );
    if a.truncated {
        let _ = writeln!(
            s,
            "  warning: the distribution was cut at turn {} by --max-turns, with {:.1e} of the games still running (more than --tolerance {:e}): figures marked > or <= are bounds",
            a.pmf.len() - 1,
            a.unfinished_mass,
            a.tolerance,
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

/// The `analyze --moments-only` table.
pub fn moments_table(m: &crate::solve::Moments, seconds: f64, note: Option<&str>) -> String {
    let mut s = format!(
        "{}: {} spaces, {} states (one player, exact moments)\n",
        m.board, m.spaces, m.states
    );
    let _ = writeln!(s, "  {:<26}{:.6}", "expected turns", m.expected_turns);
    let _ = writeln!(s, "  {:<26}{:.6}", "standard deviation", m.std_dev);
    let _ = writeln!(s, "  {:<26}{:.6}", "variance", m.variance);
    let _ = writeln!(s, "  {:<26}{:.6}", "expected cards drawn", m.expected_cards);
    let _ = writeln!(s, "  (chain built and solved in {seconds:.2} s)");
    if let Some(note) = note {
        let _ = writeln!(s, "  note: {note}");
    }
    s
}

/// What `analyze` prints for a game that can go on forever.
pub fn unfinishable_text(u: &crate::forever::Unfinishable) -> String {
    let mut s = format!(
        "{}: this game can go on forever.\n  {} of its {} reachable states cannot reach the finish:\n",
        u.board, u.trapped_count, u.states
    );
    for t in &u.trapped {
        let _ = writeln!(s, "    - {}", t.name);
    }
    let _ = writeln!(
        s,
        "  P(a game never ends) = {} = {:.6}, so the expected length is infinite.\n  `candyland forever` explains how, and how likely each way is.",
        u.never_finish, u.never_finish.float
    );
    s
}

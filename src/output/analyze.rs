//! `analyze`: the one-player table, its text histogram and CSV, the moments-only table, and the
//! report on a game that can go on forever.

use crate::input::number::{plain, probability};
use std::fmt::Write;

use super::Layout;
use crate::solve::Analysis;

/// Bars of the text histogram are at most this wide.
const BAR_WIDTH: usize = 40;
/// Columns of a histogram line before its bar: "  1001-1100  0.0123  ".
const LABELS: usize = 21;
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
pub(crate) fn analysis_table(a: &Analysis, exact: bool, layout: Layout) -> String {
    let mut s = layout.hang("", "  ", &format!("{}: {}", a.board, a.description));
    s.push_str(&layout.para("  ", &a.size));
    if !a.source.is_empty() {
        s.push_str(&layout.labelled("  source: ", &a.source));
    }
    s.push_str(&layout.labelled("  rules: ", &a.rules));
    if !a.variant.is_empty() {
        s.push_str(&layout.labelled("  variant: ", &a.variant));
    }
    let _ = writeln!(
        s,
        "\nOne player, exact (absorbing Markov chain with {} states)",
        crate::input::number::count(a.states as u64)
    );
    let expected = format!("{:.6}", a.expected_turns);
    s.push_str(&layout.row("  ", "expected turns", 26, &expected));
    if let (true, Some(e)) = (exact, &a.expected_turns_exact) {
        let fraction = crate::solve::fraction::text(Some(e));
        if 28 + fraction.len() <= layout.width() {
            s.push_str(&layout.row("  ", "  exactly", 26, &fraction));
        } else {
            // Too long for the column: the numerator and the denominator on lines of their
            // own, under the label.
            let (num, den) = fraction.split_once('/').unwrap_or((&fraction, ""));
            let parts = [format!("{num}/"), den.to_string()];
            s.push_str("    exactly\n");
            s.push_str(&layout.items("      ", "      ", &parts, ""));
        }
    }
    let mut row = |label: &str, value: String| {
        s.push_str(&layout.row("  ", label, 26, &value));
    };
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
            format!("{bound}{}", probability(t.probability)),
        );
    }
    let computed = format!(
        "(distribution computed to turn {}; mass left out {})",
        a.pmf.len() - 1,
        probability(a.unfinished_mass)
    );
    s.push_str(&layout.hang("  ", "   ", &computed));
    if a.truncated {
        let warning = format!("{} (--max-turns N computes further)", a.cut().sentence());
        s.push_str(&layout.labelled("  warning: ", &warning));
    }
    s.push_str(&histogram(a, layout));
    s
}

/// A text histogram of the pmf, up to the last reported quantile, or to the last turn computed
/// when the distribution was cut before it (past the cut the chances are not known, not 0).
fn histogram(a: &Analysis, layout: Layout) -> String {
    let last = a.pmf.len() - 1;
    let end = a
        .quantiles
        .last()
        .map_or(last, |q| q.turns)
        .min(last)
        .max(1);
    let width = nice_width(end.div_ceil(BINS));
    let bins: Vec<(usize, usize, f64)> = (0..)
        .map(|i| (i * width + 1, (i + 1) * width))
        .take_while(|&(lo, _)| lo <= end)
        .map(|(lo, hi)| {
            // Starting from +0.0: an empty f64 sum is -0.0, printed "-0.0000".
            let p = (lo..=hi)
                .filter_map(|n| a.pmf.get(n))
                .fold(0.0, |s, p| s + p);
            (lo, hi, p)
        })
        .collect();
    let top = bins.iter().map(|b| b.2).fold(0.0, f64::max);
    // The bars take what the range and the probability leave, at most BAR_WIDTH.
    let bar_width = BAR_WIDTH.min(layout.width().saturating_sub(LABELS));
    let mut s = format!("\nLength distribution (probability of each {width}-turn range)\n");
    if a.truncated {
        s.push_str(&layout.para(
            "  ",
            &format!(
                "(to turn {last}, where the distribution was cut; {} of the chance lies past it)",
                probability(a.unfinished_mass)
            ),
        ));
    }
    for (lo, hi, p) in bins {
        let bar = "#".repeat(((p / top) * bar_width as f64).round() as usize);
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
pub(crate) fn distribution_csv(a: &Analysis) -> String {
    let mut s = String::from("turn,pmf,cdf,survival\n");
    let mut survival = 1.0;
    for (n, p) in a.pmf.iter().enumerate().skip(1) {
        // The survival as computed (the unfinished mass, which keeps its relative precision),
        // or as 1 - the cdf; either way within [0, 1].
        survival = a
            .survival
            .get(n)
            .copied()
            .unwrap_or(survival - p)
            .clamp(0.0, 1.0);
        let _ = writeln!(
            s,
            "{n},{},{},{}",
            plain(*p),
            plain((1.0 - survival).clamp(0.0, 1.0)),
            plain(survival)
        );
    }
    s
}

/// The `analyze --moments-only` table.
pub(crate) fn moments_table(
    m: &crate::solve::Moments,
    seconds: f64,
    note: Option<&str>,
    layout: Layout,
) -> String {
    let head = format!(
        "{}: {} spaces, {} states (one player, exact moments)",
        m.board,
        crate::input::number::count(m.spaces as u64),
        crate::input::number::count(m.states as u64)
    );
    let mut s = layout.hang("", "  ", &head);
    // Six decimals while they read as a figure; a board with an astronomical length (a loop
    // whose exit is one chance in 10^24) in e-notation instead of 25 digits and six zeros.
    let figure = |x: f64| {
        if x.abs() < 1e15 {
            format!("{x:.6}")
        } else {
            crate::input::number::decimal(x)
        }
    };
    let _ = writeln!(s, "  {:<26}{}", "expected turns", figure(m.expected_turns));
    let _ = writeln!(s, "  {:<26}{}", "standard deviation", figure(m.std_dev));
    let _ = writeln!(s, "  {:<26}{}", "variance", figure(m.variance));
    let _ = writeln!(
        s,
        "  {:<26}{}",
        format!("expected {}", m.draws.word),
        figure(m.expected_cards)
    );
    let _ = writeln!(s, "  (chain built and solved in {seconds:.2} s)");
    if let Some(note) = note {
        s.push_str(&layout.labelled("  note: ", note));
    }
    s
}

/// What `analyze` prints for a game that can go on forever.
pub(crate) fn unfinishable_text(
    u: &crate::results::forever::Unfinishable,
    layout: Layout,
) -> String {
    let mut s = layout.hang(
        "",
        "  ",
        &format!("{}: this game can go on forever.", u.board),
    );
    s.push_str(&layout.para(
        "  ",
        &format!(
            "{} of its {} reachable states cannot reach the finish:",
            u.trapped_count, u.states
        ),
    ));
    for t in &u.trapped {
        s.push_str(&layout.hang("    - ", "      ", &t.name));
    }
    s.push_str(&layout.para(
        "  ",
        &format!(
            "P(a game never ends) = {} = {:.6}, so the expected length is infinite.",
            u.never_finish, u.never_finish.float
        ),
    ));
    s.push_str(&layout.para(
        "  ",
        "`candyland forever` explains how, and how likely each way is.",
    ));
    s
}

impl super::Render for crate::results::analyze::AnalyzeAnswer {
    fn text(&self, layout: Layout) -> String {
        use crate::results::analyze::AnalyzeAnswer;
        match self {
            AnalyzeAnswer::Figures {
                analysis,
                step_seconds,
            } => {
                // The fraction is shown where it was computed.
                let exact = analysis.expected_turns_exact.is_some();
                let mut t = analysis_table(analysis, exact, layout);
                if let Some(step) = step_seconds {
                    let _ = write!(
                        t,
                        "\n(a turn-step of the distribution was estimated at {:.3} ms on average on this board)\n",
                        step * 1e3
                    );
                }
                t
            }
            AnalyzeAnswer::Moments { moments, seconds } => moments_table(
                moments,
                *seconds,
                moments.not_computed.as_ref().map(|l| l.why.as_str()),
                layout,
            ),
            AnalyzeAnswer::Pgf(p) => super::passage::pgf_text(p, layout),
            AnalyzeAnswer::Unfinishable(u) => unfinishable_text(u, layout),
            AnalyzeAnswer::Policies(p) => p.text(layout),
            AnalyzeAnswer::Loops(l) => l.text(layout),
        }
    }

    fn json(&self) -> Option<crate::Result<String>> {
        super::render::json("analyze", self)
    }

    /// The distribution; only the figures have one.
    fn csv(&self) -> Option<crate::Result<String>> {
        match self {
            crate::results::analyze::AnalyzeAnswer::Figures { analysis, .. } => {
                Some(Ok(distribution_csv(analysis)))
            }
            crate::results::analyze::AnalyzeAnswer::Policies(p) => p.csv(),
            crate::results::analyze::AnalyzeAnswer::Loops(l) => l.csv(),
            _ => None,
        }
    }
}

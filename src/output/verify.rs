//! `crosscheck`: the simulator against the exact solver.

use crate::input::number::count;
use std::fmt::Write;

use super::simulate::summary_rows;
use super::Layout;
use crate::check::crosscheck::CrossCheck;

/// The `crosscheck` report.
pub(crate) fn crosscheck_table(c: &CrossCheck, layout: Layout) -> String {
    let variant = if c.variant.is_empty() {
        String::new()
    } else {
        format!(" ({})", c.variant)
    };
    let head = format!(
        "{}{variant}: exact solver against {} simulated games per deck (seed {})",
        c.board,
        count(c.games),
        c.seed
    );
    let mut s = layout.hang("", "  ", &head);
    s.push('\n');
    let row = |s: &mut String, label: &str, value: String| {
        s.push_str(&layout.row("  ", label, 26, &value));
    };
    let median = if c.exact.median_lower_bound {
        format!("> {}", c.exact.median - 1)
    } else {
        c.exact.median.to_string()
    };
    let exact = format!(
        "{:.4} (sd {:.4}, median {median})",
        c.exact.mean, c.exact.sd
    );
    row(&mut s, "exact mean turns", exact);
    let _ = writeln!(s, "\n1. i.i.d. draws against the exact distribution");
    summary_rows(&mut s, "turns", &c.iid.sample, layout);
    row(&mut s, "z of the mean", format!("{:+.3}", c.iid.z_mean));
    if let Some(chi) = &c.iid.chi_square {
        let fit = format!(
            "{:.2} on {} degrees of freedom, {}",
            chi.statistic,
            chi.degrees_of_freedom,
            crate::input::number::p_value(chi.p_value)
        );
        row(&mut s, "chi-square", fit);
    }
    let gap = format!("{:.5} at {} turns", c.iid.max_cdf_gap, c.iid.max_cdf_gap_at);
    row(&mut s, "largest CDF gap", gap);
    s.push_str(&layout.hang("  ", "    ", &c.iid.verdict));
    let Some(sh) = &c.shuffled else {
        s.push('\n');
        s.push_str(&layout.hang(
            "2. ",
            "   ",
            "no deck: the draws are spins of a spinner (or rolls of a die), independent by nature, so the i.i.d. model above is the real game",
        ));
        return s;
    };
    let _ = writeln!(
        s,
        "\n2. a real shuffled deck against the exact i.i.d. answer"
    );
    summary_rows(&mut s, "turns", &sh.sample, layout);
    let difference = match sh.difference_ci95 {
        Some([low, high]) => format!(
            "{:+.4}  (95% CI {low:+.4} to {high:+.4})",
            sh.mean_difference
        ),
        None => format!(
            "> {:+.4}  (a lower bound: games were cut; no confidence interval)",
            sh.mean_difference
        ),
    };
    row(&mut s, "difference in mean", difference);
    row(
        &mut s,
        "difference in median",
        format!("{:+}", sh.median_difference),
    );
    s.push_str(&layout.hang("  ", "    ", &sh.statement));
    s
}

impl super::Render for CrossCheck {
    fn text(&self, layout: Layout) -> String {
        crosscheck_table(self, layout)
    }

    fn json(&self) -> Option<crate::Result<String>> {
        super::render::json("crosscheck", self)
    }

    fn csv(&self) -> Option<crate::Result<String>> {
        Some(super::tables::crosscheck_csv(self))
    }
}

//! `crosscheck`: the simulator against the exact solver.

use std::fmt::Write;

use super::simulate::summary_rows;
use crate::verify::CrossCheck;

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
        "exact mean turns", c.exact.mean, c.exact.sd, c.exact.median
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
    let Some(sh) = &c.shuffled else {
        let _ = writeln!(
            s,
            "\n2. no deck: the draws are spins of a spinner (or rolls of a die), independent by nature, so the i.i.d. model above is the real game"
        );
        return s;
    };
    let _ = writeln!(
        s,
        "\n2. a real shuffled deck against the exact i.i.d. answer"
    );
    summary_rows(&mut s, "turns", &sh.sample);
    let _ = writeln!(
        s,
        "  {:<26}{:+.4}  (95% CI {:+.4} to {:+.4})",
        "difference in mean", sh.mean_difference, sh.difference_ci95[0], sh.difference_ci95[1]
    );
    let _ = writeln!(
        s,
        "  {:<26}{:+}",
        "difference in median", sh.median_difference
    );
    let _ = writeln!(s, "  {}", sh.statement);
    s
}

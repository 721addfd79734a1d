//! `check`: another simulator's lengths against the exact answer, and the ranked hypotheses.

use std::fmt::Write;

use crate::check::CheckReport;

/// The `check` report.
pub fn check_text(r: &CheckReport) -> String {
    let mut s = String::new();
    let x = &r.sample;
    let _ = writeln!(
        s,
        "{}: {} games{}\n",
        r.file,
        x.games,
        if r.players > 1 {
            format!(
                ", {} players (lengths count every player's turns)",
                r.players
            )
        } else {
            String::new()
        }
    );
    let _ = writeln!(s, "  {:<24}{:>12}{:>14}", "", "your data", "reference");
    let _ = writeln!(
        s,
        "  {:<24}{:>12.4}{:>14.4}",
        "mean turns", x.mean, r.fit.reference_mean
    );
    let _ = writeln!(
        s,
        "  {:<24}{:>12}",
        "min / median / max",
        format!("{} / {} / {}", x.min, x.median, x.max)
    );
    let _ = writeln!(
        s,
        "  reference: {} ({})",
        r.fit.reference, r.fit.reference_kind
    );
    if let Some(c) = &r.fit.chi_square {
        let _ = writeln!(
            s,
            "  chi-square {:.2} on {} degrees of freedom, p = {:.4e}; z of the mean {:+.2}; largest CDF gap {:.4} at {} turns",
            c.statistic, c.degrees_of_freedom, c.p_value, r.fit.z_mean, r.fit.max_cdf_gap, r.fit.max_cdf_gap_at
        );
    }
    let _ = writeln!(s, "  verdict: {}", r.fit.verdict);
    if !r.ranking.is_empty() {
        let _ = writeln!(
            s,
            "\nWhich rules fit best: {} candidates by log-likelihood per game (+- its noise from a simulated reference); top 10",
            r.ranking.len()
        );
        for (i, c) in r.ranking.iter().take(10).enumerate() {
            let ll = c
                .log_likelihood_per_game
                .map_or("impossible".to_string(), |l| {
                    format!("{l:.5} +- {:.5}", c.noise_per_game)
                });
            let p = c
                .chi_square_p
                .map_or("-".to_string(), |p| format!("{p:.2e}"));
            let mut tags = Vec::new();
            if c.tied_with_best {
                tags.push("tied with the best");
            }
            if c.consistent {
                tags.push("consistent");
            }
            let _ = writeln!(
                s,
                "  {:>2}. {}\n      {ll}, chi-square p = {p} {}",
                i + 1,
                c.candidate,
                tags.join(", ")
            );
        }
    }
    let _ = writeln!(s, "\n{}", r.conclusion);
    s
}

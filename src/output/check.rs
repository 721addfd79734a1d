//! `check`: the answer first (the set of hypotheses the data cannot reject, what is decided and
//! what is not), then the evidence.

use std::fmt::Write;

use crate::check::summary::SummaryReport;
use crate::check::{CheckReport, Searched};

/// Members of the set listed in the text (all are in the JSON).
const LISTED: usize = 10;

/// The `check` report.
pub fn check_text(r: &CheckReport) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{}\n", r.conclusion);
    let x = &r.sample;
    let _ = writeln!(
        s,
        "{}: {} games{}",
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
        "mean turns", x.mean, r.fit.reference.mean
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
        r.fit.reference.label, r.fit.reference.kind
    );
    if let Some(c) = &r.fit.chi_square {
        let _ = writeln!(
            s,
            "  chi-square {:.2} on {} degrees of freedom, p = {:.4e}; z of the mean {:+.2}; largest CDF gap {:.4} at {} turns",
            c.statistic, c.degrees_of_freedom, c.p_value, r.fit.z_mean, r.fit.max_cdf_gap, r.fit.max_cdf_gap_at
        );
    }
    let _ = writeln!(s, "  verdict: {}", r.fit.verdict);
    let _ = writeln!(
        s,
        "  this sample would notice a mean off by {:.2} turns or more (80 % of the time, 5 % test)",
        r.detectable_mean_shift
    );
    if let Some(searched) = &r.searched {
        searched_text(&mut s, searched, r.level);
        set_text(&mut s, r);
        let _ = writeln!(
            s,
            "\nBest {} of {} by log-likelihood per game (+- its noise from a simulated reference; z: the paired test against the best):",
            LISTED.min(r.ranking.len()),
            r.ranking.len()
        );
        for (i, c) in r.ranking.iter().take(LISTED).enumerate() {
            let ll = c
                .log_likelihood_per_game
                .map_or("impossible".to_string(), |l| {
                    format!("{l:.5} +- {:.5}", c.noise_per_game)
                });
            let z = c.z_against_best.map_or("-".into(), |z| format!("{z:.2}"));
            let p = c
                .chi_square_p
                .map_or("-".to_string(), |p| format!("{p:.2e}"));
            let _ = writeln!(
                s,
                "  {:>2}. {}\n      {ll}, z {z}, chi-square p = {p}{}",
                i + 1,
                c.candidate,
                if c.in_set { ", in the set" } else { "" }
            );
        }
    }
    s
}

/// The members of the set, by the settings they differ in.
fn set_text(s: &mut String, r: &CheckReport) {
    let open: Vec<&str> = r
        .undecided
        .iter()
        .filter(|u| !u.makes_no_difference)
        .map(|u| u.key.as_str())
        .collect();
    let _ = writeln!(
        s,
        "\nThe {} hypotheses the data cannot reject (paired likelihood test against the best, Bonferroni; each also consistent){}{}:",
        r.set.len(),
        if open.is_empty() {
            String::new()
        } else {
            ", by the settings they differ in".to_string()
        },
        if r.set.len() > LISTED {
            format!("; the first {LISTED}")
        } else {
            String::new()
        }
    );
    let mut shown: Vec<String> = Vec::new();
    for m in r.ranking.iter().filter(|m| m.in_set) {
        if shown.len() == LISTED {
            break;
        }
        let line = if open.is_empty() {
            m.candidate.clone()
        } else {
            m.settings
                .iter()
                .filter(|(k, _)| open.contains(&k.as_str()))
                .map(|(k, v)| format!("{k} {v}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        // Members that differ only in settings that make no difference look alike here.
        if !shown.contains(&line) {
            let _ = writeln!(s, "  {line}");
            shown.push(line);
        }
    }
}

/// What was searched, in a paragraph.
fn searched_text(s: &mut String, searched: &Searched, level: f64) {
    let _ = writeln!(
        s,
        "\nSearched ({:.0} % confidence set): boards {}; rules varied: {}{}; decks {}.",
        level * 100.0,
        searched.boards.join(", "),
        if searched.keys.is_empty() {
            "none".to_string()
        } else {
            searched.keys.join(", ")
        },
        if searched.fixed.is_empty() {
            String::new()
        } else {
            format!(
                " (fixed: {})",
                searched
                    .fixed
                    .iter()
                    .map(|(k, v)| format!("{k} {v}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        },
        searched.decks.join(", ")
    );
    let _ = writeln!(
        s,
        "  {} rule sets on these boards ({} left out as invalid or endless), {} distinct distributions, {} hypotheses; {}.",
        searched.rule_sets, searched.left_out, searched.distinct, searched.hypotheses, searched.how
    );
}

/// The `check --summary` report.
pub fn summary_text(r: &SummaryReport) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{}\n", r.conclusion);
    let stats: Vec<String> = r
        .published
        .statistics()
        .iter()
        .map(|(k, v)| format!("{k} {v}"))
        .collect();
    let _ = writeln!(
        s,
        "Published summary of {} games: {}",
        r.published.games,
        stats.join(", ")
    );
    let _ = writeln!(s, "  the reference you chose: {}", r.verdict);
    searched_text(&mut s, &r.searched, r.level);
    let _ = writeln!(
        s,
        "\nA hypothesis is rejected when a statistic's two-sided p-value is below {:.1e} (the level shared among {} statistics x {} hypotheses). Most consistent {}:",
        r.threshold,
        r.published.statistics().len(),
        r.candidates.len(),
        LISTED.min(r.candidates.len())
    );
    for (i, c) in r.candidates.iter().take(LISTED).enumerate() {
        let tests: Vec<String> = c
            .tests
            .iter()
            .map(|t| format!("{} p = {:.2e}", t.statistic, t.p_value))
            .collect();
        let _ = writeln!(
            s,
            "  {:>2}. {}\n      {}{}",
            i + 1,
            c.candidate,
            tests.join(", "),
            if c.in_set { ", in the set" } else { "" }
        );
    }
    s
}

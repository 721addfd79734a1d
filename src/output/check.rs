//! `check`: the answer first (the set of hypotheses the data cannot reject, what is decided and
//! what is not), then the evidence.

use crate::input::number::{count, probability};
use std::fmt::Write;

use super::Layout;
use crate::check::summary::SummaryReport;
use crate::check::{CheckReport, Comparison, Searched};

/// Members of the set listed in the text (all are in the JSON).
const LISTED: usize = 10;

/// The `check` report.
pub(crate) fn check_text(r: &CheckReport, layout: Layout) -> String {
    let mut s = layout.para("", &r.conclusion);
    s.push('\n');
    let x = &r.sample;
    let head = format!(
        "{}: {} game{}{}",
        r.file,
        crate::input::number::count(x.games),
        if x.games == 1 { "" } else { "s" },
        if r.players > 1 {
            format!(
                ", {} players (lengths count every player's turns)",
                r.players
            )
        } else {
            String::new()
        }
    );
    s.push_str(&layout.hang("", "  ", &head));
    let _ = writeln!(s, "  {:<26}{:>12}{:>14}", "", "your data", "reference");
    let _ = writeln!(
        s,
        "  {:<26}{:>12.4}{:>14.4}",
        "mean turns", x.mean, r.fit.reference.mean
    );
    let _ = writeln!(
        s,
        "  {:<26}{:>12}",
        "min / median / max turns",
        format!("{} / {} / {}", x.min, x.median, x.max)
    );
    let chosen = r.fit.reference.chosen.words();
    let reference = if chosen.is_empty() {
        format!("{} ({})", r.fit.reference.label, r.fit.reference.kind)
    } else {
        format!(
            "{} ({}; {chosen})",
            r.fit.reference.label, r.fit.reference.kind
        )
    };
    s.push_str(&layout.labelled("  reference: ", &reference));
    if let Some(big_n) = r.fit.reference.games {
        let sharper = if big_n < x.games {
            format!(
                "; with fewer games than yours, its noise is the larger: --reference-games {} would sharpen them",
                x.games.min(10 * big_n)
            )
        } else {
            String::new()
        };
        let noise = format!(
            "every test counts the simulated reference's own noise as a second sample's (two-sample tests){sharper}"
        );
        s.push_str(&layout.hang("  ", "    ", &noise));
    }
    if let Some(c) = &r.fit.chi_square {
        let fit = format!(
            "chi-square {:.2} on {} degrees of freedom, {}; z of the mean {:+.2}; largest CDF gap {:.4} at {} turns",
            c.statistic, c.degrees_of_freedom, crate::input::number::p_value(c.p_value), r.fit.z_mean, r.fit.max_cdf_gap, r.fit.max_cdf_gap_at
        );
        s.push_str(&layout.hang("  ", "    ", &fit));
    }
    s.push_str(&layout.labelled("  verdict: ", &r.fit.verdict));
    if let Some(w) = &r.winners {
        s.push_str(&layout.labelled("  winners: ", &w.verdict));
    }
    if let Some(st) = &r.standing {
        s.push_str(&layout.labelled("  standing alone: ", &st.words));
    }
    if let Some(why) = &r.standing_left_out {
        s.push_str(&layout.labelled("  standing alone: ", &format!("left out: {why}")));
    }
    let power = format!(
        "this sample would notice a mean off by {:.2} turns or more at least 80 % of the time (the fit's test of the mean, |z| >= 4)",
        r.detectable_mean_shift
    );
    s.push_str(&layout.hang("  ", "    ", &power));
    if let Some(searched) = &r.searched {
        searched_text(&mut s, searched, r.level, layout);
        set_text(&mut s, r, layout);
        ranking_text(&mut s, r, layout);
    }
    s
}

/// The best hypotheses by log-likelihood, each with its figures.
fn ranking_text(s: &mut String, r: &CheckReport, layout: Layout) {
    let head = format!(
        "Best {} of {} by log-likelihood per game (+- its noise from a simulated reference; z: the paired test against the best):",
        LISTED.min(r.ranking.len()),
        r.ranking.len()
    );
    s.push('\n');
    s.push_str(&layout.para("", &head));
    for (i, c) in r.ranking.iter().take(LISTED).enumerate() {
        let ll = c
            .log_likelihood_per_game
            .map_or("impossible".to_string(), |l| {
                format!("{l:.5} +- {:.5}", c.noise_per_game)
            });
        let z = match (c.z_against_best, c.comparison) {
            (Some(z), _) => format!("z {z:.2}"),
            (None, Comparison::Best) => "the best".into(),
            (None, Comparison::SameAsBest) => "the best's distribution".into(),
            (None, Comparison::Impossible) => "a length impossible".into(),
            (None, Comparison::NoSpread) => "no spread to test".into(),
            (None, Comparison::TooFewGames | Comparison::Tested) => "not tested".into(),
        };
        let p = c.chi_square_p.map_or("-".to_string(), probability);
        let mut figures = vec![ll, z, format!("chi-square p = {p}")];
        if c.in_set {
            figures.push("in the set".into());
        }
        s.push_str(&layout.hang(&format!("  {:>2}. ", i + 1), "      ", &c.candidate));
        s.push_str(&layout.list("      ", "        ", &figures, ", "));
    }
}

/// The members of the set, by the settings they differ in.
fn set_text(s: &mut String, r: &CheckReport, layout: Layout) {
    let open: Vec<&str> = r
        .undecided
        .iter()
        .filter(|u| !u.makes_no_difference)
        .map(|u| u.key.as_str())
        .collect();
    let how = if r.sample.games < crate::check::MIN_GAMES_TO_DECIDE {
        "under which every length of the sample is possible (too few games to test)".to_string()
    } else {
        let alpha = 1.0 - r.level;
        let paired = alpha * crate::check::PAIRED_SHARE;
        format!(
            "the data cannot reject: not by the paired likelihood test against the best (one-sided at {} / m for the m distinct distributions, Bonferroni), nor by the goodness of fit at {} (its tests, chi-square and the sample's mean, sd, median, min and max, each at {} / 6)",
            probability(paired),
            probability(alpha - paired),
            probability(alpha - paired)
        )
    };
    let head = format!(
        "The {} hypotheses {how}{}{}:",
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
    s.push('\n');
    s.push_str(&layout.para("", &head));
    let mut shown: Vec<String> = Vec::new();
    for m in r.ranking.iter().filter(|m| m.in_set) {
        if shown.len() == LISTED {
            break;
        }
        let settings: Vec<String> = if open.is_empty() {
            vec![m.candidate.clone()]
        } else {
            m.settings
                .iter()
                .filter(|(k, _)| open.contains(&k.as_str()))
                .map(|(k, v)| format!("{k} {v}"))
                .collect()
        };
        let line = settings.join(", ");
        // Members that differ only in settings that make no difference look alike here.
        if !shown.contains(&line) {
            if open.is_empty() {
                s.push_str(&layout.hang("  ", "    ", &line));
            } else {
                s.push_str(&layout.list("  ", "    ", &settings, ", "));
            }
            shown.push(line);
        }
    }
}

/// What was searched, in a paragraph.
fn searched_text(s: &mut String, searched: &Searched, level: f64, layout: Layout) {
    let fixed = if searched.fixed.is_empty() {
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
    };
    let what = format!(
        "Searched (a {:.0} % confidence set: it holds the true hypothesis with probability at least {level}, if that is among those searched): {}{fixed}.",
        level * 100.0,
        crate::check::scope(searched),
    );
    let how = format!(
        "{} rule sets on these boards ({} left out as invalid or endless), {} distinct distributions, {} hypotheses; {}.",
        count(searched.rule_sets as u64),
        count(searched.left_out as u64),
        count(searched.distinct as u64),
        count(searched.hypotheses as u64),
        searched.how
    );
    s.push('\n');
    s.push_str(&layout.para("", &what));
    s.push_str(&layout.para("  ", &how));
}

/// The `check --summary` report.
pub(crate) fn summary_text(r: &SummaryReport, layout: Layout) -> String {
    let mut s = layout.para("", &r.conclusion);
    s.push('\n');
    let stats: Vec<String> = r
        .published
        .statistics()
        .iter()
        .map(|(k, v)| format!("{k} {v}"))
        .collect();
    let published = format!(
        "Published summary of {} games: {}",
        count(r.published.games),
        stats.join(", ")
    );
    s.push_str(&layout.hang("", "  ", &published));
    s.push_str(&layout.hang("  the reference you chose: ", "    ", &r.verdict));
    let power = format!(
        "this summary would notice a mean off by {:.2} turns or more 80 % of the time (the set's two-sided test of the mean at p <= {})",
        r.detectable_mean_shift,
        probability(r.threshold)
    );
    s.push_str(&layout.hang("  ", "    ", &power));
    let Some(searched) = &r.searched else {
        return s;
    };
    searched_text(&mut s, searched, r.level, layout);
    let small = if r.published.games < crate::check::MIN_GAMES_TO_DECIDE {
        format!(
            " With fewer than {} games only a published min, median or max that is impossible under a hypothesis rejects it.",
            crate::check::MIN_GAMES_TO_DECIDE
        )
    } else {
        String::new()
    };
    let rule = format!(
        "A hypothesis is rejected when a statistic's two-sided p-value is at or below {} ({:.0} % shared among {} statistics; the set inverts this test hypothesis by hypothesis).{small} A summary holds less than the lengths it came from: `check` on those lengths runs these same tests of their summary (the same p-values) and a chi-square of the whole distribution besides, so a reference INCONSISTENT here is INCONSISTENT there too (both below the same floor: p <= 0.0001, |z| >= 4 for the mean), while the lengths may reject what their summary cannot. Most consistent {}:",
        probability(r.threshold),
        (1.0 - r.level) * 100.0,
        r.published.statistics().len(),
        LISTED.min(r.candidates.len())
    );
    s.push('\n');
    s.push_str(&layout.para("", &rule));
    for (i, c) in r.candidates.iter().take(LISTED).enumerate() {
        let tests: Vec<String> = c
            .tests
            .iter()
            .map(|t| format!("{} p = {}", t.statistic, probability(t.p_value)))
            .collect();
        let mut figures = tests;
        if c.in_set {
            figures.push("in the set".into());
        }
        s.push_str(&layout.hang(&format!("  {:>2}. ", i + 1), "      ", &c.candidate));
        s.push_str(&layout.list("      ", "        ", &figures, ", "));
    }
    s
}

impl super::Render for crate::results::check::CheckAnswer {
    fn text(&self, layout: Layout) -> String {
        use crate::results::check::CheckAnswer;
        match self {
            CheckAnswer::Lengths(r) => check_text(r, layout),
            CheckAnswer::Summary(r) => summary_text(r, layout),
        }
    }

    fn json(&self) -> Option<crate::Result<String>> {
        super::render::json("check", self)
    }

    /// The ranking; with a summary, the reference's tests.
    fn csv(&self) -> Option<crate::Result<String>> {
        use crate::results::check::CheckAnswer;
        Some(match self {
            CheckAnswer::Lengths(r) => super::tables::ranking_csv(r),
            CheckAnswer::Summary(r) => super::tables::summary_csv(r),
        })
    }
}

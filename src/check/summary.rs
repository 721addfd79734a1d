//! Published tables, not only raw lengths: `check --summary "games=10000 mean=38.6897
//! median=33 min=4 max=242"` tests each statistic ([`super::statistic`]) against every
//! hypothesis searched, and keeps those no statistic rejects.

use serde::{Deserialize, Serialize};
use statrs::distribution::{ContinuousCDF, Normal};

pub use super::published::{Published, SummaryError, MAX_GAMES};
pub use super::statistic::{mean_z, test, StatTest};
use super::{decide, set, Candidate, Comparison, Evidence, Ranked, Searched, Setting, ZScore};
use crate::stats::{P_FLOOR, Z_LIMIT};

/// One hypothesis against a published summary.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SummaryRow {
    /// The candidate's label.
    pub candidate: String,
    /// Its settings: game, board, each rule, deck, each value typed as in a board file.
    pub settings: super::SettingList,
    /// Each published statistic's test.
    pub tests: Vec<StatTest>,
    /// The smallest p-value of the tests.
    pub min_p: f64,
    /// In the confidence set: every statistic's p-value above `threshold` (with fewer than
    /// 100 games: no published min, median or max impossible under it).
    pub in_set: bool,
    /// Which distinct length distribution this is (as in the ranking of lengths).
    pub distribution: usize,
}

/// `check --summary --json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SummaryReport {
    /// The summary as given.
    pub published: Published,
    /// The confidence level, e.g. 0.95: the set holds the truth with at least this
    /// probability.
    pub level: f64,
    /// The p-value at or below which a hypothesis is rejected: (1 - level) / statistics, so
    /// that the truth fails one of its statistics' tests with probability at most 1 - level
    /// (the set inverts that test, hypothesis by hypothesis).
    pub threshold: f64,
    /// The reference the user named (board, its rules, `--deck`) against each statistic.
    pub reference: Vec<StatTest>,
    /// Whether the reference passes the fit's floor, as `check` on the lengths themselves
    /// says "consistent": the mean's |z| below 4 and every other statistic's p-value above
    /// 1e-4.
    pub consistent: bool,
    /// Whether the reference is in the confidence set (every p-value above `threshold`).
    pub reference_in_set: bool,
    /// The reference's verdict in one sentence.
    pub verdict: String,
    /// The smallest shift of the mean length that the set's test of the mean (two-sided, at
    /// `threshold`) notices 80 % of the time with this many games, in turns; with the
    /// published sd, or the most consistent hypothesis's.
    pub detectable_mean_shift: f64,
    /// What was searched (`None` with `--no-rank`: only the reference is tested).
    pub searched: Option<Searched>,
    /// The hypotheses consistent with every statistic, best first: each label and its
    /// settings.
    pub set: Vec<super::Member>,
    /// Settings every member of the set agrees on.
    pub decided: Vec<Setting>,
    /// Settings the set does not agree on.
    pub undecided: Vec<Setting>,
    /// The answer in sentences.
    pub conclusion: String,
    /// Every hypothesis, the most consistent first.
    pub candidates: Vec<SummaryRow>,
}

/// The statistics whose tests are exact (binomial counts and powers of the cdf), used to
/// reject with fewer than [`super::MIN_GAMES_TO_DECIDE`] games, and then only at p = 0.
const EXACT_STATISTICS: [&str; 3] = ["median", "min", "max"];

/// Whether a hypothesis with these tests stays in the set.
fn kept(published: &Published, tests: &[StatTest], threshold: f64) -> bool {
    if published.games < super::MIN_GAMES_TO_DECIDE {
        tests
            .iter()
            .filter(|t| EXACT_STATISTICS.contains(&t.statistic.as_str()))
            .all(|t| t.p_value > 0.0)
    } else {
        tests.iter().all(|t| t.p_value > threshold)
    }
}

impl SummaryReport {
    /// Tests every candidate against the summary; `searched` is `None` with `--no-rank`.
    ///
    /// `named`: whether the user chose `reference`; when not, and a search ran, the verdict is
    /// the most consistent hypothesis's instead (the best of the set when it has members).
    pub fn of(
        published: &Published,
        reference: &Candidate,
        candidates: &[Candidate],
        searched: Option<Searched>,
        level: f64,
        named: bool,
    ) -> SummaryReport {
        let alpha = 1.0 - level;
        let stats = published.statistics().len().max(1);
        let threshold = alpha / stats as f64;
        let mut cache: std::collections::HashMap<usize, Vec<StatTest>> = Default::default();
        let mut rows: Vec<SummaryRow> = candidates
            .iter()
            .map(|c| {
                let tests = cache
                    .entry(c.model_id)
                    .or_insert_with(|| test(published, &c.model))
                    .clone();
                let min_p = tests.iter().map(|t| t.p_value).fold(1.0, f64::min);
                SummaryRow {
                    candidate: c.label(),
                    settings: c.settings(),
                    in_set: kept(published, &tests, threshold),
                    tests,
                    min_p,
                    distribution: c.model_id,
                }
            })
            .collect();
        // The most consistent hypothesis: the reference when none is named.
        let most = (0..rows.len()).max_by(|&a, &b| rows[a].min_p.total_cmp(&rows[b].min_p));
        let reference = match most {
            Some(i) if !named => &candidates[i],
            _ => reference,
        };
        let given = test(published, &reference.model);
        let consistent = at_floor(&given);
        let reference_in_set = kept(published, &given, threshold);
        let mut verdict = verdict(reference, &given, consistent, reference_in_set, level);
        if !named {
            let chosen = if most.is_some() {
                "the most consistent hypothesis searched, as no board was named"
            } else {
                "the default board, as none was named"
            };
            verdict.push_str(&format!(" ({chosen})"));
        }
        // The spread for what the summary can detect: the published sd, or the most
        // consistent hypothesis's (the reference's without a search).
        let sd = published.sd.unwrap_or_else(|| {
            most.map_or(reference.model.moments().1, |i| {
                candidates[i].model.moments().1
            })
        });
        let z_crit = Normal::standard().inverse_cdf(1.0 - threshold / 2.0);
        let detectable = set::detectable_mean_shift(sd / (published.games as f64).sqrt(), z_crit);
        rows.sort_by(|a, b| b.min_p.total_cmp(&a.min_p));
        let as_ranked = as_ranked(&rows);
        let (decided, undecided) = decide(&as_ranked);
        let decided = if published.games < super::MIN_GAMES_TO_DECIDE {
            Vec::new()
        } else {
            decided
        };
        let test_words = format!(
            "the set's two-sided test of the mean at p <= {}",
            crate::input::number::probability(threshold)
        );
        let mut conclusion = match &searched {
            Some(searched) => super::conclusion(&Evidence {
                games: published.games,
                searched,
                ranking: &as_ranked,
                decided: &decided,
                undecided: &undecided,
                detectable: (detectable, &test_words),
                marginal: None,
                impossible: "a published min, median or max is impossible under it",
                tell: "the lengths themselves would tell more, through the chi-square and the paired test",
            }),
            None if named => {
                format!("Not searched (--no-rank): the reference you chose is {verdict}.")
            }
            None => format!("Not searched (--no-rank): the reference is {verdict}."),
        };
        if named && searched.is_some() && !(consistent && reference_in_set) {
            conclusion.push_str(&format!(
                " Against the reference you chose it is {verdict}."
            ));
        }
        SummaryReport {
            published: published.clone(),
            level,
            threshold,
            reference: given,
            consistent,
            reference_in_set,
            verdict,
            detectable_mean_shift: detectable,
            searched,
            set: rows
                .iter()
                .filter(|r| r.in_set)
                .map(|r| super::Member {
                    candidate: r.candidate.clone(),
                    settings: r.settings.clone(),
                })
                .collect(),
            decided,
            undecided,
            conclusion,
            candidates: rows,
        }
    }
}

/// The fit's floor, as for lengths ([`super::Fit::consistent`]): the mean's two-sided p above
/// that of |z| = [`Z_LIMIT`], every other statistic's above [`P_FLOOR`].
fn at_floor(tests: &[StatTest]) -> bool {
    let mean_floor = 2.0 * Normal::standard().cdf(-Z_LIMIT);
    tests.iter().all(|t| {
        t.p_value
            > if t.statistic == "mean" {
                mean_floor
            } else {
                P_FLOOR
            }
    })
}

/// "consistent with classic, shuffled deck (mean p = ..., ...)", and whether it is in the set.
fn verdict(
    reference: &Candidate,
    tests: &[StatTest],
    consistent: bool,
    in_set: bool,
    level: f64,
) -> String {
    let shown: Vec<String> = tests
        .iter()
        .map(|t| {
            format!(
                "{} p = {}",
                t.statistic,
                crate::input::number::probability(t.p_value)
            )
        })
        .collect();
    format!(
        "{} {} ({}){}",
        if consistent {
            "consistent with"
        } else {
            "INCONSISTENT with"
        },
        reference.label(),
        shown.join(", "),
        match (consistent, in_set) {
            (true, false) => format!(", but outside the {:.0} % set", level * 100.0),
            (false, true) => format!(", yet inside the {:.0} % set", level * 100.0),
            _ => String::new(),
        }
    )
}

/// Summary rows as ranking rows, for the set's decided and undecided settings.
fn as_ranked(rows: &[SummaryRow]) -> Vec<Ranked> {
    rows.iter()
        .map(|r| Ranked {
            candidate: r.candidate.clone(),
            settings: r.settings.clone(),
            log_likelihood_per_game: None,
            noise_per_game: 0.0,
            comparison: Comparison::Tested,
            z_against_best: None,
            in_set: r.in_set,
            distribution: r.distribution,
            chi_square_p: None,
            z_mean: ZScore::Finite(0.0),
            consistent: r.in_set,
            fit_p: r.min_p,
        })
        .collect()
}

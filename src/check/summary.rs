//! Published tables, not only raw lengths: `check --summary "games=10000 mean=38.6897
//! median=33 min=4 max=242"` tests each statistic against its sampling distribution under a
//! hypothesis, for a sample of that many games.
//!
//! - mean: normal, sd / sqrt(n) (plus the reference's own noise when simulated);
//! - sd: the sample variance is about normal with variance (mu4 - sigma^4) / n;
//! - median m: the count of games of length <= x is binomial(n, F(x)), so P(median <= m) =
//!   P(count(<= m) >= n/2) and P(median >= m) = P(count(<= m - 1) < n/2);
//! - min m: P(min >= m) = S(m - 1)^n, P(min <= m) = 1 - S(m)^n;
//! - max M: P(max <= M) = F(M)^n, P(max >= M) = 1 - F(M - 1)^n.
//!
//! Each p-value is two-sided (twice the smaller tail, at most 1).

use serde::{Deserialize, Serialize};
use statrs::distribution::{Binomial, ContinuousCDF, DiscreteCDF, Normal};

use super::model::LengthModel;
use super::{decide, set, Candidate, Ranked, Searched, Setting};

/// A published summary of `games` games.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Published {
    /// Number of games (required).
    pub games: u64,
    /// Mean length.
    pub mean: Option<f64>,
    /// Standard deviation of the lengths.
    pub sd: Option<f64>,
    /// Median length (x.5 for the average of the two middle games).
    pub median: Option<f64>,
    /// Shortest game.
    pub min: Option<usize>,
    /// Longest game.
    pub max: Option<usize>,
}

impl Published {
    /// Parses `key=value` pairs separated by spaces or commas: games (required), mean, sd,
    /// median, min, max.
    pub fn parse(text: &str) -> Result<Published, String> {
        let mut p = Published::default();
        let mut games = None;
        for pair in text.split([' ', ',']).filter(|s| !s.trim().is_empty()) {
            let (key, value) = pair.split_once('=').ok_or_else(|| {
                format!(
                    "'{}' is not key=value; write e.g. \"games=10000 mean=38.7 median=33 min=4 max=242\"",
                    crate::input::text::quote(pair)
                )
            })?;
            let number = |v: &str| -> Result<f64, String> {
                v.parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite() && *x >= 0.0)
                    .ok_or_else(|| format!("{key}={}: not a number", crate::input::text::quote(v)))
            };
            let whole = |v: &str| -> Result<usize, String> {
                let x = number(v)?;
                if x.fract() == 0.0 {
                    Ok(x as usize)
                } else {
                    Err(format!("{key}={v}: not a whole number of turns"))
                }
            };
            match key.trim() {
                "games" => games = Some(whole(value)? as u64),
                "mean" => p.mean = Some(number(value)?),
                "sd" => p.sd = Some(number(value)?),
                "median" => p.median = Some(number(value)?),
                "min" => p.min = Some(whole(value)?),
                "max" => p.max = Some(whole(value)?),
                other => {
                    return Err(format!(
                        "'{}' is not a statistic; use games, mean, sd, median, min, max",
                        crate::input::text::quote(other)
                    ))
                }
            }
        }
        p.games = games
            .filter(|&g| g > 0)
            .ok_or("games=N is required (the number of games summarised, at least 1)")?;
        if p.mean.is_none()
            && p.sd.is_none()
            && p.median.is_none()
            && p.min.is_none()
            && p.max.is_none()
        {
            return Err("give at least one of mean, sd, median, min, max".into());
        }
        Ok(p)
    }

    /// The statistics given, as (name, value).
    pub fn statistics(&self) -> Vec<(&'static str, f64)> {
        let mut out = Vec::new();
        if let Some(m) = self.mean {
            out.push(("mean", m));
        }
        if let Some(s) = self.sd {
            out.push(("sd", s));
        }
        if let Some(m) = self.median {
            out.push(("median", m));
        }
        if let Some(m) = self.min {
            out.push(("min", m as f64));
        }
        if let Some(m) = self.max {
            out.push(("max", m as f64));
        }
        out
    }
}

/// One statistic against one hypothesis.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StatTest {
    /// "mean", "sd", "median", "min" or "max".
    pub statistic: String,
    /// The published value.
    pub published: f64,
    /// Its two-sided p-value under the hypothesis.
    pub p_value: f64,
}

/// The moments of a model: mean, variance, fourth central moment.
fn moments(model: &LengthModel) -> (f64, f64, f64) {
    let (mean, sd) = model.moments();
    let mut m4 = 0.0;
    let mut t = 0;
    while t < 10 || model.survival(t) * (t as f64).powi(4) > 1e-12 && t < 10_000_000 {
        m4 += (t as f64 - mean).powi(4) * model.p(t);
        t += 1;
    }
    (mean, sd * sd, m4)
}

fn two_sided(lower: f64, upper: f64) -> f64 {
    (2.0 * lower.min(upper)).clamp(0.0, 1.0)
}

/// P-values of each published statistic under `model`; `reference_games` is the size of a
/// simulated reference (0 for an exact one), whose noise widens the mean's test.
pub fn test(published: &Published, model: &LengthModel, reference_games: u64) -> Vec<StatTest> {
    let n = published.games as f64;
    let normal = Normal::standard();
    let (mean, var, m4) = moments(model);
    let cdf = |x: i64| {
        if x < 0 {
            0.0
        } else {
            1.0 - model.survival(x as usize)
        }
    };
    let mut out = Vec::new();
    let mut push = |name: &str, value: f64, p: f64| {
        out.push(StatTest {
            statistic: name.to_string(),
            published: value,
            p_value: p,
        })
    };
    if let Some(x) = published.mean {
        let noise = if reference_games > 0 {
            var / reference_games as f64
        } else {
            0.0
        };
        let z = (x - mean) / (var / n + noise).sqrt();
        push("mean", x, 2.0 * normal.cdf(-z.abs()));
    }
    if let Some(s) = published.sd {
        let se = ((m4 - var * var).max(0.0) / n).sqrt();
        let z = (s * s - var) / se;
        push(
            "sd",
            s,
            if se > 0.0 {
                2.0 * normal.cdf(-z.abs())
            } else {
                1.0
            },
        );
    }
    if let Some(m) = published.median {
        let half = published.games.div_ceil(2);
        let count_at_most = |x: i64, p_at_least: bool| -> f64 {
            let Ok(b) = Binomial::new(cdf(x).clamp(0.0, 1.0), published.games) else {
                return 1.0;
            };
            if p_at_least {
                // P(count >= half)
                1.0 - if half == 0 { 0.0 } else { b.cdf(half - 1) }
            } else {
                // P(count <= half)
                b.cdf(half)
            }
        };
        let lower = count_at_most(m.floor() as i64, true);
        let upper = count_at_most(m.ceil() as i64 - 1, false);
        push("median", m, two_sided(lower, upper));
    }
    if let Some(m) = published.min {
        let m = m as i64;
        let at_least = (1.0 - cdf(m - 1)).powf(n);
        let at_most = 1.0 - (1.0 - cdf(m)).powf(n);
        push("min", m as f64, two_sided(at_most, at_least));
    }
    if let Some(big) = published.max {
        let big = big as i64;
        let at_most = cdf(big).powf(n);
        let at_least = 1.0 - cdf(big - 1).powf(n);
        push("max", big as f64, two_sided(at_most, at_least));
    }
    out
}

/// One hypothesis against a published summary.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SummaryRow {
    /// The candidate's label.
    pub candidate: String,
    /// Its settings as (name, value): board, each rule, deck.
    pub settings: Vec<(String, String)>,
    /// Each published statistic's test.
    pub tests: Vec<StatTest>,
    /// The smallest p-value of the tests.
    pub min_p: f64,
    /// Consistent with every statistic at the family-wise level.
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
    /// The confidence level, e.g. 0.95.
    pub level: f64,
    /// The p-value below which a hypothesis is rejected: (1 - level) / (statistics x
    /// hypotheses), so that the truth is rejected with probability at most 1 - level.
    pub threshold: f64,
    /// The reference the user named (board, its rules, `--deck`) against each statistic.
    pub reference: Vec<StatTest>,
    /// The reference's verdict in one sentence.
    pub verdict: String,
    /// What was searched.
    pub searched: Searched,
    /// The labels of the hypotheses consistent with every statistic, best first.
    pub set: Vec<String>,
    /// Settings every member of the set agrees on.
    pub decided: Vec<Setting>,
    /// Settings the set does not agree on.
    pub undecided: Vec<Setting>,
    /// The answer in sentences.
    pub conclusion: String,
    /// Every hypothesis, the most consistent first.
    pub candidates: Vec<SummaryRow>,
}

impl SummaryReport {
    /// Tests every candidate against the summary.
    pub fn of(
        published: &Published,
        reference: &Candidate,
        candidates: &[Candidate],
        searched: Searched,
        alpha: f64,
        reference_games: u64,
        level: f64,
    ) -> SummaryReport {
        let (given, verdict, given_p, given_threshold) =
            reference_verdict(published, reference, reference_games, alpha);
        let noise = |c: &Candidate| {
            if c.model.histogram().is_some() {
                reference_games
            } else {
                0
            }
        };
        let stats = published.statistics().len().max(1);
        let threshold = alpha / (stats * candidates.len().max(1)) as f64;
        let mut cache: std::collections::HashMap<usize, Vec<StatTest>> = Default::default();
        let mut rows: Vec<SummaryRow> = candidates
            .iter()
            .map(|c| {
                let tests = cache
                    .entry(c.model_id)
                    .or_insert_with(|| test(published, &c.model, noise(c)))
                    .clone();
                let min_p = tests.iter().map(|t| t.p_value).fold(1.0, f64::min);
                SummaryRow {
                    candidate: c.label(),
                    settings: c.settings(),
                    tests,
                    min_p,
                    in_set: min_p > threshold,
                    distribution: c.model_id,
                }
            })
            .collect();
        // The most consistent hypothesis's spread, for what the sample can detect.
        let sd = (0..rows.len())
            .max_by(|&a, &b| rows[a].min_p.total_cmp(&rows[b].min_p))
            .map_or(0.0, |i| candidates[i].model.moments().1);
        let detectable = published
            .sd
            .map_or(set::detectable_mean_shift(sd, published.games), |s| {
                set::detectable_mean_shift(s, published.games)
            });
        rows.sort_by(|a, b| b.min_p.total_cmp(&a.min_p));
        // The set's settings, as the ranking of lengths reports them.
        let as_ranked = as_ranked(&rows);
        let (decided, undecided) = decide(&as_ranked);
        let mut conclusion = super::conclusion(
            published.games,
            &searched,
            &as_ranked,
            &decided,
            &undecided,
            detectable,
        );
        if given_p <= given_threshold {
            conclusion.push_str(&format!(
                " Against the reference you chose it is {verdict}."
            ));
        }
        SummaryReport {
            published: published.clone(),
            level,
            threshold,
            reference: given,
            verdict,
            searched,
            set: rows
                .iter()
                .filter(|r| r.in_set)
                .map(|r| r.candidate.clone())
                .collect(),
            decided: if published.games < super::MIN_GAMES_TO_DECIDE {
                Vec::new()
            } else {
                decided
            },
            undecided,
            conclusion,
            candidates: rows,
        }
    }
}

/// Summary rows as ranking rows, for the set's decided and undecided settings.
fn as_ranked(rows: &[SummaryRow]) -> Vec<Ranked> {
    rows.iter()
        .map(|r| Ranked {
            candidate: r.candidate.clone(),
            settings: r.settings.clone(),
            log_likelihood_per_game: None,
            noise_per_game: 0.0,
            z_against_best: None,
            in_set: r.in_set,
            distribution: r.distribution,
            chi_square_p: None,
            z_mean: 0.0,
            consistent: r.in_set,
        })
        .collect()
}

/// The reference's tests and verdict: (tests, verdict, smallest p-value, threshold).
fn reference_verdict(
    published: &Published,
    reference: &Candidate,
    reference_games: u64,
    alpha: f64,
) -> (Vec<StatTest>, String, f64, f64) {
    let noise = |c: &Candidate| {
        if c.model.histogram().is_some() {
            reference_games
        } else {
            0
        }
    };
    let given = test(published, &reference.model, noise(reference));
    let given_p = given.iter().map(|t| t.p_value).fold(1.0, f64::min);
    let given_threshold = alpha / published.statistics().len().max(1) as f64;
    let shown: Vec<String> = given
        .iter()
        .map(|t| format!("{} p = {:.2e}", t.statistic, t.p_value))
        .collect();
    let verdict = format!(
        "{} {} ({})",
        if given_p > given_threshold {
            "consistent with"
        } else {
            "INCONSISTENT with"
        },
        reference.label(),
        shown.join(", ")
    );
    (given, verdict, given_p, given_threshold)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parsing_names_the_bad_pair() {
        let p = Published::parse("games=10000 mean=38.6897 median=33 min=4 max=242").unwrap();
        assert_eq!(p.games, 10000);
        assert_eq!(p.max, Some(242));
        assert!(Published::parse("mean=3").unwrap_err().contains("games=N"));
        assert!(Published::parse("games=3 mode=4")
            .unwrap_err()
            .contains("mode"));
        assert!(Published::parse("games=3")
            .unwrap_err()
            .contains("at least one"));
    }

    #[test]
    fn a_fair_coin_game_by_hand() {
        // T = 1 or 2 with probability 1/2 each: mean 1.5, variance 1/4. 100 games with mean
        // 1.5 fit (p = 1); min 2 in 100 games has probability (1/2)^100: rejected.
        let model = LengthModel::exact(vec![0.0, 0.5, 0.5], vec![1.0, 0.5, 0.0]);
        let p = Published::parse("games=100 mean=1.5 min=2").unwrap();
        let t = test(&p, &model, 0);
        assert!((t[0].p_value - 1.0).abs() < 1e-12);
        assert!(t[1].p_value < 1e-29, "{}", t[1].p_value);
    }
}

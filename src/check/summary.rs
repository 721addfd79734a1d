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
use super::{decide, set, Candidate, Comparison, Evidence, Ranked, Searched, Setting, ZScore};
use crate::input::text::quote;
use crate::stats::{Summary, P_FLOOR, Z_LIMIT};

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

/// The most games a published summary may count.
pub const MAX_GAMES: u64 = 1_000_000_000_000;

/// The keys of a summary, in the order they are listed.
const KEYS: [&str; 6] = ["games", "mean", "sd", "median", "min", "max"];

/// What is wrong with a published summary, each message saying how to write it. Values the
/// user gave are kept quoted (shortened and made safe to show).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SummaryError {
    /// A piece that is not `key=value`.
    #[error(
        "'{0}' is not key=value; write e.g. \"games=10000 mean=38.7 median=33 min=4 max=242\""
    )]
    NotKeyValue(String),
    /// A key that is not one of the statistics.
    #[error("'{0}' is not a statistic; use games, mean, sd, median, min, max")]
    UnknownStatistic(String),
    /// A statistic given twice.
    #[error("{key} is given twice ({key}={first} and {key}={second}); give each statistic once")]
    Repeated {
        /// The statistic.
        key: &'static str,
        /// Its first value.
        first: String,
        /// Its second value.
        second: String,
    },
    /// A value that is not a number.
    #[error("{key}={value}: not a number; write e.g. {key}=38")]
    NotANumber {
        /// The statistic.
        key: &'static str,
        /// The value given.
        value: String,
    },
    /// An infinite or NaN value.
    #[error("{key}={value}: not a finite number")]
    NotFinite {
        /// The statistic.
        key: &'static str,
        /// The value given.
        value: String,
    },
    /// A value below the least the statistic can be.
    #[error("{key}={value}: {}; {rule}", if *.negative { "negative" } else { "too small" })]
    TooSmall {
        /// The statistic.
        key: &'static str,
        /// The value given.
        value: String,
        /// Whether it is negative.
        negative: bool,
        /// Why it cannot be that small.
        rule: &'static str,
    },
    /// A game length above the longest this tool accepts.
    #[error("{key}={value}: too large, at most {most} turns (the longest game this tool accepts)")]
    TooLong {
        /// The statistic.
        key: &'static str,
        /// The value given.
        value: String,
        /// The longest game accepted.
        most: u64,
    },
    /// A count above the most accepted.
    #[error("{key}={value}: too large, at most {most} {unit}")]
    TooLarge {
        /// The statistic.
        key: &'static str,
        /// The value given.
        value: String,
        /// The most accepted.
        most: u64,
        /// What it counts: games or turns.
        unit: &'static str,
    },
    /// A count that is not a whole number.
    #[error("{key}={value}: not a whole number of {unit}")]
    NotWhole {
        /// The statistic.
        key: &'static str,
        /// The value given.
        value: String,
        /// What it counts: games or turns.
        unit: &'static str,
    },
    /// A median that is neither whole nor halfway between two whole numbers.
    #[error("median={0}: a median of game lengths is a whole number of turns, or halfway between two (x.5)")]
    Median(String),
    /// No `games=N`.
    #[error("games=N is required (the number of games summarised, at least 1)")]
    NoGames,
    /// Only `games=N`.
    #[error("give at least one of mean, sd, median, min, max")]
    NoStatistic,
    /// The shortest game longer than the longest.
    #[error("min={min} is above max={max}: the shortest game cannot be longer than the longest")]
    MinAboveMax {
        /// The shortest game.
        min: f64,
        /// The longest game.
        max: f64,
    },
    /// A mean or median outside min..max.
    #[error("{name}={value} is {} {bound}={limit}: a {name} lies between the shortest and the longest game", if *.below { "below" } else { "above" })]
    OutsideRange {
        /// "mean" or "median".
        name: &'static str,
        /// Its value.
        value: f64,
        /// Whether it is below `min` (else above `max`).
        below: bool,
        /// "min" or "max".
        bound: &'static str,
        /// The value of that bound.
        limit: f64,
    },
    /// One game whose statistics differ.
    #[error("games=1: the mean, median, min and max of one game are its length, and its sd is 0; give the same length for each")]
    OneGame,
    /// An sd larger than the range allows.
    #[error("sd={sd} is more than games between min={min} and max={max} can spread: at most {bound:.4} ((max - min) / 2 x sqrt(games / (games - 1)))")]
    SpreadTooWide {
        /// The sd given.
        sd: f64,
        /// The shortest game.
        min: f64,
        /// The longest game.
        max: f64,
        /// The largest sd they allow.
        bound: f64,
    },
}

impl Published {
    /// Parses `key=value` pairs separated by spaces or commas: games (required), mean, sd,
    /// median, min, max, each at most once, and checks them against each other (a game lasts
    /// at least 1 turn; min <= median <= max; min <= mean <= max; the sd no larger than the
    /// range allows). Each message names the pair and the rule it breaks.
    pub fn parse(text: &str) -> Result<Published, SummaryError> {
        let mut p = Published::default();
        let mut games = None;
        let mut seen: Vec<(&str, &str)> = Vec::new();
        for pair in text.split([' ', ',']).filter(|s| !s.trim().is_empty()) {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| SummaryError::NotKeyValue(quote(pair)))?;
            let key = key.trim();
            let Some(&key) = KEYS.iter().find(|k| **k == key) else {
                return Err(SummaryError::UnknownStatistic(quote(key)));
            };
            if let Some((_, before)) = seen.iter().find(|(k, _)| *k == key) {
                return Err(SummaryError::Repeated {
                    key,
                    first: quote(before),
                    second: quote(value),
                });
            }
            seen.push((key, value));
            match key {
                "games" => games = Some(whole(key, value, MAX_GAMES, "games")?),
                "mean" => p.mean = Some(turns(key, value)?),
                "sd" => {
                    p.sd = Some(number(
                        key,
                        value,
                        0.0,
                        "a standard deviation is at least 0",
                    )?)
                }
                "median" => {
                    let m = turns(key, value)?;
                    if (2.0 * m).fract() != 0.0 {
                        return Err(SummaryError::Median(quote(value)));
                    }
                    p.median = Some(m);
                }
                "min" => {
                    p.min = Some(
                        whole(key, value, crate::check::lengths::MAX_LENGTH, "turns")? as usize,
                    )
                }
                _ => {
                    p.max = Some(
                        whole(key, value, crate::check::lengths::MAX_LENGTH, "turns")? as usize,
                    )
                }
            }
        }
        p.games = games.ok_or(SummaryError::NoGames)?;
        if p.mean.is_none()
            && p.sd.is_none()
            && p.median.is_none()
            && p.min.is_none()
            && p.max.is_none()
        {
            return Err(SummaryError::NoStatistic);
        }
        let sd_text = seen.iter().find(|(k, _)| *k == "sd").map(|(_, v)| *v);
        p.consistent(sd_text)?;
        Ok(p)
    }

    /// Checks the statistics against each other.
    fn consistent(&self, sd_text: Option<&str>) -> Result<(), SummaryError> {
        let (min, max) = (self.min.map(|m| m as f64), self.max.map(|m| m as f64));
        if let (Some(lo), Some(hi)) = (min, max) {
            if lo > hi {
                return Err(SummaryError::MinAboveMax { min: lo, max: hi });
            }
        }
        for (name, value) in [("median", self.median), ("mean", self.mean)] {
            let Some(v) = value else { continue };
            if let Some(lo) = min.filter(|&lo| v < lo) {
                return Err(SummaryError::OutsideRange {
                    name,
                    value: v,
                    below: true,
                    bound: "min",
                    limit: lo,
                });
            }
            if let Some(hi) = max.filter(|&hi| v > hi) {
                return Err(SummaryError::OutsideRange {
                    name,
                    value: v,
                    below: false,
                    bound: "max",
                    limit: hi,
                });
            }
        }
        if self.games == 1 {
            let given: Vec<f64> = [self.mean, self.median, min, max]
                .into_iter()
                .flatten()
                .collect();
            if given.iter().any(|&v| v != given[0]) || self.sd.is_some_and(|s| s != 0.0) {
                return Err(SummaryError::OneGame);
            }
        }
        if let (Some(sd), Some(lo), Some(hi)) = (self.sd, min, max) {
            // Popoviciu: a variance is at most (max - min)^2 / 4 over the games, so the sample sd
            // (n - 1 in the denominator) at most (max - min) / 2 sqrt(n / (n - 1)); the published
            // sd may exceed it by its own rounding (half a unit of its last digit).
            let n = self.games as f64;
            let bound = if self.games > 1 {
                (hi - lo) / 2.0 * (n / (n - 1.0)).sqrt()
            } else {
                0.0
            };
            let decimals = sd_text
                .and_then(|t| t.split_once('.'))
                .map_or(0, |(_, d)| d.len() as i32);
            if sd > bound + 0.5 * 10f64.powi(-decimals) {
                return Err(SummaryError::SpreadTooWide {
                    sd,
                    min: lo,
                    max: hi,
                    bound,
                });
            }
        }
        Ok(())
    }

    /// A sample's own summary, as `check` on its lengths tests it.
    pub fn of_sample(s: &Summary) -> Published {
        Published {
            games: s.games,
            mean: Some(s.mean),
            sd: Some(s.sd),
            median: Some(s.median as f64),
            min: Some(s.min),
            max: Some(s.max),
        }
    }

    /// The statistics given, as (name, value).
    pub fn statistics(&self) -> Vec<(&'static str, f64)> {
        let mut out = Vec::new();
        if let Some(m) = self.mean {
            out.push(("mean", m));
        }
        if let Some(s) = self.sd.filter(|_| self.games > 1) {
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

/// A published statistic: a finite number, at least `least` (`rule` says why).
fn number(
    key: &'static str,
    value: &str,
    least: f64,
    rule: &'static str,
) -> Result<f64, SummaryError> {
    let v = value.trim();
    let x: f64 = v.parse().map_err(|_| SummaryError::NotANumber {
        key,
        value: quote(v),
    })?;
    if !x.is_finite() {
        return Err(SummaryError::NotFinite {
            key,
            value: quote(v),
        });
    }
    if x < least {
        return Err(SummaryError::TooSmall {
            key,
            value: quote(v),
            negative: x < 0.0,
            rule,
        });
    }
    Ok(x)
}

/// A game length statistic: at least 1 turn, at most the longest game accepted.
fn turns(key: &'static str, value: &str) -> Result<f64, SummaryError> {
    let x = number(key, value, 1.0, "a game lasts at least 1 turn")?;
    let most = crate::check::lengths::MAX_LENGTH;
    if x > most as f64 {
        return Err(SummaryError::TooLong {
            key,
            value: quote(value.trim()),
            most,
        });
    }
    Ok(x)
}

/// A published count: a whole number from 1 to `most` (`unit` names what it counts).
fn whole(
    key: &'static str,
    value: &str,
    most: u64,
    unit: &'static str,
) -> Result<u64, SummaryError> {
    let v = value.trim();
    let x = if unit == "games" {
        number(
            key,
            v,
            1.0,
            "games is the number of games summarised, at least 1",
        )?
    } else {
        turns(key, v)?
    };
    if x > most as f64 {
        return Err(SummaryError::TooLarge {
            key,
            value: quote(v),
            most,
            unit,
        });
    }
    if x.fract() != 0.0 {
        return Err(SummaryError::NotWhole {
            key,
            value: quote(v),
            unit,
        });
    }
    Ok(x as u64)
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

/// The z of a mean `x` of `n` games against a model of this (mean, variance): the standard
/// error is sqrt(var / n), plus var / `reference_games` for a simulated reference's own noise.
/// A reference that cannot vary (variance 0) gives its mean every time (z = 0) or never
/// (infinite z).
pub fn mean_z(x: f64, (mean, var): (f64, f64), n: f64, reference_games: u64) -> ZScore {
    let noise = if reference_games > 0 {
        var / reference_games as f64
    } else {
        0.0
    };
    let difference = if (x - mean).abs() <= 1e-9 * mean.abs().max(1.0) {
        0.0
    } else {
        x - mean
    };
    ZScore::of(difference, (var / n + noise).sqrt())
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
        push(
            "mean",
            x,
            mean_z(x, (mean, var), n, reference_games).p_value(),
        );
    }
    // The sd of one game is no statistic (it is 0 by convention).
    if let Some(s) = published.sd.filter(|_| published.games > 1) {
        let se = ((m4 - var * var).max(0.0) / n).sqrt();
        let p = if se > 0.0 {
            2.0 * normal.cdf(-((s * s - var) / se).abs())
        } else if var == 0.0 {
            // Every game the same length: the sample sd is 0, and nothing else.
            f64::from(u8::from(s == 0.0))
        } else {
            // A sample variance with no spread of its own (a two-point distribution):
            // the normal approximation says nothing.
            1.0
        };
        push("sd", s, p);
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
    pub fn of(
        published: &Published,
        reference: &Candidate,
        candidates: &[Candidate],
        searched: Option<Searched>,
        reference_games: u64,
        level: f64,
    ) -> SummaryReport {
        let alpha = 1.0 - level;
        let stats = published.statistics().len().max(1);
        let threshold = alpha / stats as f64;
        let noise = |c: &Candidate| {
            if c.model.histogram().is_some() {
                reference_games
            } else {
                0
            }
        };
        let given = test(published, &reference.model, noise(reference));
        let consistent = at_floor(&given);
        let reference_in_set = kept(published, &given, threshold);
        let verdict = verdict(reference, &given, consistent, reference_in_set, level);
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
                    in_set: kept(published, &tests, threshold),
                    tests,
                    min_p,
                    distribution: c.model_id,
                }
            })
            .collect();
        // The spread for what the summary can detect: the published sd, or the most
        // consistent hypothesis's (the reference's without a search).
        let sd = published.sd.unwrap_or_else(|| {
            (0..rows.len())
                .max_by(|&a, &b| rows[a].min_p.total_cmp(&rows[b].min_p))
                .map_or(reference.model.moments().1, |i| {
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
            }),
            None => format!("Not searched (--no-rank): the reference you chose is {verdict}."),
        };
        if searched.is_some() && !(consistent && reference_in_set) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parsing_names_the_bad_pair() {
        let p = Published::parse("games=10000 mean=38.6897 median=33 min=4 max=242").unwrap();
        assert_eq!(p.games, 10000);
        assert_eq!(p.max, Some(242));
        assert_eq!(Published::parse("mean=3"), Err(SummaryError::NoGames));
        assert_eq!(
            Published::parse("games=3 mode=4"),
            Err(SummaryError::UnknownStatistic("mode".into()))
        );
        assert_eq!(Published::parse("games=3"), Err(SummaryError::NoStatistic));
        assert!(Published::parse("mean=3")
            .unwrap_err()
            .to_string()
            .contains("games=N"));
    }

    #[test]
    fn each_rejection_is_its_own_error() {
        use SummaryError as E;
        let err = |text: &str| Published::parse(text).unwrap_err();
        assert_eq!(err("games=3 mean"), E::NotKeyValue("mean".into()));
        assert!(matches!(
            err("games=3 mean=1 mean=2"),
            E::Repeated { key: "mean", .. }
        ));
        assert!(matches!(
            err("games=3 mean=x"),
            E::NotANumber { key: "mean", .. }
        ));
        assert!(matches!(
            err("games=3 mean=NaN"),
            E::NotFinite { key: "mean", .. }
        ));
        assert!(matches!(
            err("games=3 sd=-1"),
            E::TooSmall {
                key: "sd",
                negative: true,
                ..
            }
        ));
        assert!(matches!(
            err("games=3 mean=0.5"),
            E::TooSmall {
                key: "mean",
                negative: false,
                ..
            }
        ));
        assert!(matches!(
            err("games=3 max=1e9"),
            E::TooLong { key: "max", .. }
        ));
        assert!(matches!(
            err("games=1e13 mean=3"),
            E::TooLarge {
                key: "games",
                unit: "games",
                ..
            }
        ));
        assert!(matches!(
            err("games=2.5 mean=3"),
            E::NotWhole { key: "games", .. }
        ));
        assert_eq!(err("games=3 median=3.25"), E::Median("3.25".into()));
        assert_eq!(
            err("games=3 min=5 max=4"),
            E::MinAboveMax { min: 5.0, max: 4.0 }
        );
        assert!(matches!(
            err("games=3 mean=3 min=4"),
            E::OutsideRange {
                name: "mean",
                below: true,
                ..
            }
        ));
        assert_eq!(err("games=1 mean=3 max=4"), E::OneGame);
        assert!(matches!(
            err("games=10 sd=6 min=1 max=10"),
            E::SpreadTooWide { .. }
        ));
    }

    #[test]
    fn a_fair_coin_game_by_hand() {
        // T = 1 or 2 with probability 1/2 each: mean 1.5, variance 1/4. 100 games with mean
        // 1.5 fit (p = 1); min 2 in 100 games has probability (1/2)^100: rejected.
        let model = LengthModel::exact(vec![0.0, 0.5, 0.5], vec![1.0, 0.5, 0.0]).unwrap();
        let p = Published::parse("games=100 mean=1.5").unwrap();
        assert!((test(&p, &model, 0)[0].p_value - 1.0).abs() < 1e-12);
        let p = Published::parse("games=100 min=2").unwrap();
        let t = test(&p, &model, 0);
        assert!(t[0].p_value < 1e-29, "{}", t[0].p_value);
    }

    #[test]
    fn a_reference_that_cannot_vary_gives_p_of_0_or_1_never_nan() {
        // Every game lasts 3 turns: a mean of 3 and an sd of 0 are certain, anything else
        // impossible (the standard errors are 0, so no normal approximation applies).
        let model = LengthModel::exact(vec![0.0, 0.0, 0.0, 1.0], vec![1.0, 1.0, 1.0, 0.0]).unwrap();
        let p = |text: &str| test(&Published::parse(text).unwrap(), &model, 0);
        let same = p("games=50 mean=3 sd=0");
        assert_eq!((same[0].p_value, same[1].p_value), (1.0, 1.0));
        let off = p("games=50 mean=3.5 sd=0.5");
        assert_eq!((off[0].p_value, off[1].p_value), (0.0, 0.0));
    }

    #[test]
    fn statistics_that_contradict_each_other_are_refused_naming_the_rule() {
        for (text, needle) in [
            ("games=10 median=50 max=10", "median=50 is above max=10"),
            ("games=10 min=4 max=3", "min=4 is above max=3"),
            (
                "games=10 min=0",
                "min=0: too small; a game lasts at least 1 turn",
            ),
            (
                "games=10 mean=-1",
                "mean=-1: negative; a game lasts at least 1 turn",
            ),
            ("games=10 mean=abc", "mean=abc: not a number"),
            ("games=10 mean=3 min=4", "mean=3 is below min=4"),
            ("games=10 mean=30 max=20", "mean=30 is above max=20"),
            (
                "games=1e30 mean=3",
                "games=1e30: too large, at most 1000000000000 games",
            ),
            ("games=2.5 mean=3", "games=2.5: not a whole number of games"),
            ("games=0 mean=3", "games=0: too small"),
            (
                "games=10 mean=3 games=20",
                "games is given twice (games=10 and games=20)",
            ),
            ("games=10 mean=3 mean=4", "mean is given twice"),
            (
                "games=10 max=170141183460469231731687303715884105728",
                "too large, at most 10000000 turns",
            ),
            (
                "games=10 mean=1e30",
                "mean=1e30: too large, at most 10000000 turns",
            ),
            (
                "games=10 median=3.25",
                "median=3.25: a median of game lengths is a whole number",
            ),
            (
                "games=10 sd=-2",
                "sd=-2: negative; a standard deviation is at least 0",
            ),
            (
                "games=10 sd=6 min=1 max=10",
                "sd=6 is more than games between min=1 and max=10",
            ),
            (
                "games=1 mean=3 max=4",
                "games=1: the mean, median, min and max of one game",
            ),
            ("games=10 mean=inf", "not a finite number"),
        ] {
            let e = Published::parse(text).unwrap_err().to_string();
            assert!(e.contains(needle), "{text}: {e}");
        }
        // The sd bound by hand: 10 games between 1 and 10 spread at most (10 - 1) / 2
        // sqrt(10 / 9) = 4.7434 (five games at 1, five at 10); 4.74 passes, 4.75 and 4.8 do
        // not, and 5 passes: it is 4.7434 rounded to a whole number.
        assert!(Published::parse("games=10 sd=4.74 min=1 max=10").is_ok());
        assert!(Published::parse("games=10 sd=4.75 min=1 max=10").is_err());
        assert!(Published::parse("games=10 sd=4.8 min=1 max=10").is_err());
        assert!(Published::parse("games=10 sd=5 min=1 max=10").is_ok());
        assert!(Published::parse("games=1 mean=3 median=3 min=3 max=3 sd=0").is_ok());
    }
}

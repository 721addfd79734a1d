//! Summaries of samples and goodness-of-fit against an exact distribution.
//!
//! Samples are histograms (`h[n]` = how many games lasted n turns), which is how the simulator
//! produces them. The tests against the exact pmf are the classical ones: Pearson's chi-square
//! on bins with an expected count of at least [`MIN_EXPECTED`], the z-score of the sample mean
//! (using the exact standard deviation), and the largest gap between the two CDFs.

mod zscore;

use serde::{Deserialize, Serialize};
use statrs::distribution::{ChiSquared, ContinuousCDF};

use crate::solve::players::RoundsQuantile;
use crate::solve::{Quantile, QUANTILES};
pub use zscore::{Infinity, ZScore};

/// The two-sided 95 % normal quantile.
pub const Z95: f64 = 1.959_963_984_540_054;
/// Bins of the chi-square test hold at least this expected count.
pub const MIN_EXPECTED: f64 = 5.0;
/// A sample is consistent with the exact answer when its mean's |z| is below this ...
pub const Z_LIMIT: f64 = 4.0;
/// ... and the chi-square p-value is above this.
pub const P_FLOOR: f64 = 1e-4;

/// The Wilson score 95 % interval of a proportion: k successes in n trials.
pub fn wilson_interval(k: u64, n: u64) -> [f64; 2] {
    let (k, n) = (k as f64, n as f64);
    let z2 = Z95 * Z95;
    let centre = (k + z2 / 2.0) / (n + z2);
    let half = Z95 * (k * (n - k) / n + z2 / 4.0).sqrt() / (n + z2);
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

/// Summary of a sample of game lengths, in turns; or in rounds, its quantiles then keyed
/// `rounds`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "Summary_{Q}")]
pub struct Summary<Q = Quantile> {
    /// Number of games in the sample (at least 1), `cut` ones included.
    pub games: u64,
    /// Games stopped at the turn limit before they finished. Each is counted as lasting one
    /// turn more than the limit, the least it can: `mean` is then a lower bound (of what the
    /// games would give played out), and so are `max` and the median and quantiles that reach
    /// the cut games (marked); there is no `mean_ci95`, since no interval bounds a mean the
    /// sample does not know. In JSON only when some were.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub cut: u64,
    /// Sample mean length, in turns; a lower bound when `cut` > 0.
    pub mean: f64,
    /// 95 % confidence interval of the mean (normal approximation); left out when games were
    /// cut.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mean_ci95: Option<[f64; 2]>,
    /// Sample standard deviation (n - 1 in the denominator; 0 for a single game), in turns,
    /// of the lengths as counted.
    pub sd: f64,
    /// The shortest game in the sample, in turns.
    pub min: usize,
    /// The smallest n with at least half the games lasting n turns or fewer.
    pub median: usize,
    /// The median is one of the cut games: the median is at least `median`, printed
    /// "> median - 1". In JSON only when true.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub median_lower_bound: bool,
    /// The longest game in the sample, in turns; with cut games, at least this.
    pub max: usize,
    /// The sample quantiles at each level of [`QUANTILES`] (lower bounds where they reach the
    /// cut games).
    pub quantiles: Vec<Q>,
}

/// A histogram of finished games with `cut` more stopped after `limit` turns, counted at
/// `limit` + 1, the least they last.
pub fn with_cut(finished: &[u64], cut: u64, limit: usize) -> Vec<u64> {
    let mut h = finished.to_vec();
    if cut > 0 {
        if h.len() < limit + 2 {
            h.resize(limit + 2, 0);
        }
        h[limit + 1] += cut;
    }
    h
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl Summary {
    /// Summarises a histogram of finished games; `None` if it is empty.
    pub fn of(h: &[u64]) -> Option<Summary> {
        Summary::censored(h, 0, 0)
    }

    /// Summarises a histogram of finished games and `cut` more stopped after `limit` turns
    /// (counted as `limit` + 1, the least they last); `None` if there is no game at all.
    pub fn censored(finished: &[u64], cut: u64, limit: usize) -> Option<Summary> {
        let h = with_cut(finished, cut, limit);
        let h = &h[..];
        let games: u64 = h.iter().sum();
        if games == 0 {
            return None;
        }
        let n = games as f64;
        let mean = h
            .iter()
            .enumerate()
            .map(|(t, &c)| t as f64 * c as f64)
            .sum::<f64>()
            / n;
        let ss: f64 = h
            .iter()
            .enumerate()
            .map(|(t, &c)| c as f64 * (t as f64 - mean).powi(2))
            .sum();
        let sd = if games > 1 {
            (ss / (n - 1.0)).sqrt()
        } else {
            0.0
        };
        let half = Z95 * sd / n.sqrt();
        // A quantile at the cut games' count (limit + 1) is only a lower bound.
        let quantile = |p: f64| {
            let t = quantile(h, games, p);
            (t, cut > 0 && t > limit)
        };
        let (median, median_lower_bound) = quantile(0.5);
        Some(Summary {
            games,
            cut,
            mean,
            mean_ci95: (cut == 0).then_some([mean - half, mean + half]),
            sd,
            min: h.iter().position(|&c| c > 0)?,
            median,
            median_lower_bound,
            max: h.iter().rposition(|&c| c > 0)?,
            quantiles: QUANTILES
                .iter()
                .map(|&p| {
                    let (turns, lower_bound) = quantile(p);
                    Quantile {
                        p,
                        turns,
                        lower_bound,
                    }
                })
                .collect(),
        })
    }

    /// The same summary of a sample counted in rounds: its quantiles keyed `rounds`.
    pub fn in_rounds(self) -> Summary<RoundsQuantile> {
        Summary {
            games: self.games,
            cut: self.cut,
            mean: self.mean,
            mean_ci95: self.mean_ci95,
            sd: self.sd,
            min: self.min,
            median: self.median,
            median_lower_bound: self.median_lower_bound,
            max: self.max,
            quantiles: self
                .quantiles
                .into_iter()
                .map(|q| RoundsQuantile {
                    p: q.p,
                    rounds: q.turns,
                    lower_bound: q.lower_bound,
                })
                .collect(),
        }
    }
}

/// A sample quantile in its unit (turns or rounds): its level, its value, and whether the value
/// is only a lower bound.
pub trait SampleQuantile {
    /// (p, the value, lower bound).
    fn level(&self) -> (f64, usize, bool);
}

impl SampleQuantile for Quantile {
    fn level(&self) -> (f64, usize, bool) {
        (self.p, self.turns, self.lower_bound)
    }
}

impl SampleQuantile for RoundsQuantile {
    fn level(&self) -> (f64, usize, bool) {
        (self.p, self.rounds, self.lower_bound)
    }
}

/// The smallest n with at least a fraction p of the games lasting n turns or fewer.
fn quantile(h: &[u64], games: u64, p: f64) -> usize {
    let target = p * games as f64;
    let mut seen = 0u64;
    for (t, &c) in h.iter().enumerate() {
        seen += c;
        if seen as f64 >= target {
            return t;
        }
    }
    h.len().saturating_sub(1)
}

/// Pearson's chi-square test of a histogram against an exact pmf.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChiSquare {
    /// The sum over bins of (observed - expected)^2 / expected.
    pub statistic: f64,
    /// bins - 1.
    pub degrees_of_freedom: usize,
    /// P(a chi-square variable with that many degrees of freedom >= `statistic`): small means the
    /// sample does not fit.
    pub p_value: f64,
    /// Number of bins after merging (at least 2).
    pub bins: usize,
}

impl ChiSquare {
    /// The test's result for a statistic over `bins` bins (bins - 1 degrees of freedom).
    fn of(statistic: f64, bins: usize) -> Option<ChiSquare> {
        let df = bins - 1;
        let p_value = ChiSquared::new(df as f64).ok()?.sf(statistic);
        Some(ChiSquare {
            statistic,
            degrees_of_freedom: df,
            p_value,
            bins,
        })
    }
}

/// Chi-square of `observed` (a histogram of `games` games) against `pmf` (P(T = n); the mass
/// past its end counts in the last bin). Consecutive lengths are merged until each bin expects
/// at least [`MIN_EXPECTED`] games. `None` when fewer than two bins can be formed.
pub fn chi_square(observed: &[u64], pmf: &[f64], games: u64) -> Option<ChiSquare> {
    let n = games as f64;
    let len = observed.len().max(pmf.len());
    let obs = |t: usize| observed.get(t).copied().unwrap_or(0) as f64;
    // Bins as (observed, expected); the last bin takes every remaining length and the tail.
    let mut bins: Vec<(f64, f64)> = Vec::new();
    let (mut o, mut e) = (0.0, 0.0);
    for t in 0..len {
        o += obs(t);
        e += n * pmf.get(t).copied().unwrap_or(0.0);
        if e >= MIN_EXPECTED {
            bins.push((o, e));
            (o, e) = (0.0, 0.0);
        }
    }
    let tail = n - bins.iter().map(|b| b.1).sum::<f64>() - e;
    e += tail.max(0.0);
    match bins.last_mut() {
        Some(last) if e < MIN_EXPECTED => {
            last.0 += o;
            last.1 += e;
        }
        _ => bins.push((o, e)),
    }
    if bins.len() < 2 {
        return None;
    }
    let statistic: f64 = bins.iter().map(|(o, e)| (o - e) * (o - e) / e).sum();
    ChiSquare::of(statistic, bins.len())
}

/// Pearson's chi-square test that two histograms come from the same distribution (the 2 x B
/// contingency table), for comparing a sample with a simulated reference: the reference's own
/// noise is part of the test. Consecutive lengths are merged until every expected count is at
/// least [`MIN_EXPECTED`].
pub fn chi_square_two_sample(a: &[u64], b: &[u64]) -> Option<ChiSquare> {
    let (na, nb) = (a.iter().sum::<u64>() as f64, b.iter().sum::<u64>() as f64);
    let n = na + nb;
    if na == 0.0 || nb == 0.0 {
        return None;
    }
    let smaller = na.min(nb);
    let get = |h: &[u64], t: usize| h.get(t).copied().unwrap_or(0) as f64;
    let mut bins: Vec<(f64, f64)> = Vec::new();
    let (mut x, mut y) = (0.0, 0.0);
    for t in 0..a.len().max(b.len()) {
        x += get(a, t);
        y += get(b, t);
        if (x + y) * smaller / n >= MIN_EXPECTED {
            bins.push((x, y));
            (x, y) = (0.0, 0.0);
        }
    }
    if x + y > 0.0 {
        match bins.last_mut() {
            Some(last) => {
                last.0 += x;
                last.1 += y;
            }
            None => bins.push((x, y)),
        }
    }
    if bins.len() < 2 {
        return None;
    }
    let statistic: f64 = bins
        .iter()
        .map(|&(x, y)| {
            let col = x + y;
            let (ex, ey) = (col * na / n, col * nb / n);
            (x - ex).powi(2) / ex + (y - ey).powi(2) / ey
        })
        .sum();
    ChiSquare::of(statistic, bins.len())
}

/// The largest gap between the CDFs of two histograms, and where.
pub fn max_cdf_gap_two_sample(a: &[u64], b: &[u64]) -> (f64, usize) {
    let (na, nb) = (a.iter().sum::<u64>() as f64, b.iter().sum::<u64>() as f64);
    let total_b: Vec<f64> = b.iter().map(|&c| c as f64 / nb).collect();
    max_cdf_gap(a, &total_b, na as u64)
}

/// The largest |F_sample(n) - F_exact(n)| and the n where it occurs.
pub fn max_cdf_gap(observed: &[u64], pmf: &[f64], games: u64) -> (f64, usize) {
    let n = games as f64;
    let (mut fs, mut fe) = (0.0, 0.0);
    let mut best = (0.0, 0);
    for t in 0..observed.len().max(pmf.len()) {
        fs += observed.get(t).copied().unwrap_or(0) as f64 / n;
        fe += pmf.get(t).copied().unwrap_or(0.0);
        let gap = (fs - fe).abs();
        if gap > best.0 {
            best = (gap, t);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_summary_of_a_small_histogram() {
        // Lengths 2, 2, 2, 3: mean 9/4, sample variance (3 * 1/16 + 9/16) / 3 = 1/4.
        let s = Summary::of(&[0, 0, 3, 1]).unwrap();
        assert_eq!((s.games, s.min, s.median, s.max), (4, 2, 2, 3));
        approx::assert_relative_eq!(s.mean, 2.25);
        approx::assert_relative_eq!(s.sd, 0.5);
        assert!(Summary::of(&[0, 0]).is_none());
    }

    #[test]
    fn a_perfect_sample_has_chi_square_zero_and_p_one() {
        // pmf (0, 0.25, 0.25, 0.5) and a histogram of exactly those proportions.
        let c = chi_square(&[0, 25, 25, 50], &[0.0, 0.25, 0.25, 0.5], 100).unwrap();
        assert_eq!(c.bins, 3);
        assert!(c.statistic.abs() < 1e-12 && (c.p_value - 1.0).abs() < 1e-12);
        assert_eq!(
            max_cdf_gap(&[0, 25, 25, 50], &[0.0, 0.25, 0.25, 0.5], 100).0,
            0.0
        );
    }

    #[test]
    fn a_wrong_sample_is_rejected() {
        // The same pmf, but a sample with the halves swapped: chi-square 75 on 2 df.
        let c = chi_square(&[0, 50, 25, 25], &[0.0, 0.25, 0.25, 0.5], 100).unwrap();
        assert!((c.statistic - (25.0 * 25.0 / 25.0 + 0.0 + 25.0 * 25.0 / 50.0)).abs() < 1e-9);
        assert!(c.p_value < P_FLOOR);
    }

    #[test]
    fn two_identical_samples_fit_and_different_ones_do_not() {
        let a = [0u64, 100, 200, 300, 400];
        let same = chi_square_two_sample(&a, &[0, 200, 400, 600, 800]).unwrap();
        assert!(same.statistic.abs() < 1e-9 && same.degrees_of_freedom == 3);
        let other = chi_square_two_sample(&a, &[0, 800, 600, 400, 200]).unwrap();
        assert!(other.p_value < P_FLOOR);
        assert_eq!(max_cdf_gap_two_sample(&a, &a).0, 0.0);
    }

    #[test]
    fn small_expected_counts_are_merged() {
        // 10 games; pmf 0.1 each for n = 1..=10: bins need 5 expected games, so two bins.
        let pmf: Vec<f64> = std::iter::once(0.0)
            .chain(std::iter::repeat_n(0.1, 10))
            .collect();
        let h: Vec<u64> = std::iter::once(0)
            .chain(std::iter::repeat_n(1, 10))
            .collect();
        let c = chi_square(&h, &pmf, 10).unwrap();
        assert_eq!(c.bins, 2);
    }
}

//! What no set of whole-number lengths can have: statistics that contradict each other or the
//! counting of whole turns. Each rule allows for the rounding of the published figures (half a
//! unit of the last digit written).

use super::{Published, SummaryError};

/// Half a unit of the last digit of each published figure that may be rounded: the true value
/// is within it. A mean or an sd written as 0 decimals may be off by 0.5; an sd of 0 is taken
/// as exactly 0 (every game as long), and a mean equal to the shortest or longest game as
/// written.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Rounding {
    pub(super) mean: f64,
    pub(super) sd: f64,
}

/// Half a unit of the last digit written: "38.69" 0.005, "15" 0.5, "1.5e2" 5; 0 for a 0.
pub(super) fn half_unit(text: &str) -> f64 {
    let t = text.trim().to_ascii_lowercase();
    if t.parse::<f64>().is_ok_and(|x| x == 0.0) {
        return 0.0;
    }
    let (mantissa, exponent) = match t.split_once('e') {
        Some((m, e)) => (m, e.parse::<i32>().unwrap_or(0)),
        None => (t.as_str(), 0),
    };
    let decimals = mantissa.split_once('.').map_or(0, |(_, d)| d.len() as i32);
    0.5 * 10f64.powi(exponent - decimals)
}

/// The smallest positive sample sd of `n` whole numbers summing to a total in [a, b] (n >= 2):
/// with total S = q n + r, r of them at q + 1 and the rest at q spread least, s^2 = r (n - r)
/// / (n (n - 1)); a whole mean (r = 0) spreads least with one game up and one down, s^2 = 2 /
/// (n - 1). r (n - r) is concave in r, so over the residues [a, b] covers the least is at
/// their ends or at r = 1 or n - 1 beside a multiple of n. Also whether some total is a
/// multiple of n (an sd of 0 possible).
fn least_spread(n: u64, a: u64, b: u64) -> (f64, bool) {
    let nf = n as f64;
    let of = |total: u64| -> f64 {
        let r = (total % n) as f64;
        if r == 0.0 {
            2.0 / (nf - 1.0)
        } else {
            r * (nf - r) / (nf * (nf - 1.0))
        }
    };
    let mut candidates = vec![a, b];
    let (first, last) = (a / n, b / n + 1);
    let mut whole = false;
    for k in first..=last.min(first + 1000) {
        let m = k.saturating_mul(n);
        for total in [m.saturating_sub(1), m, m.saturating_add(1)] {
            if (a..=b).contains(&total) {
                candidates.push(total);
                whole |= total % n == 0;
            }
        }
    }
    let least = candidates
        .iter()
        .map(|&t| of(t))
        .fold(f64::INFINITY, f64::min);
    (least.sqrt(), whole)
}

impl Published {
    /// Checks the statistics against each other and against the counting of whole turns.
    pub(super) fn consistent(&self, rounding: &Rounding) -> Result<(), SummaryError> {
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
            if sd > bound + rounding.sd {
                return Err(SummaryError::SpreadTooWide {
                    sd,
                    min: lo,
                    max: hi,
                    bound,
                });
            }
        }
        self.whole(rounding)?;
        self.spread(rounding)
    }

    /// The rules of whole numbers of turns: a mean is a total over the games, an odd number of
    /// games has a whole median, and a mean lies inside the range by at least one game's share.
    fn whole(&self, rounding: &Rounding) -> Result<(), SummaryError> {
        let n = self.games;
        if let Some(mean) = self.mean {
            // Some whole total S of turns with S / n within the mean's rounding.
            let (a, b) = totals(n, mean, rounding.mean);
            if a > b {
                return Err(SummaryError::MeanNotOfWholeLengths { games: n, mean });
            }
        }
        if let Some(median) = self.median {
            if n % 2 == 1 && median.fract() != 0.0 {
                return Err(SummaryError::HalfMedianOfOddGames { games: n, median });
            }
        }
        if let (Some(mean), Some(lo), Some(hi)) = (self.mean, self.min, self.max) {
            // One game at one end and the other n - 1 at the other end bound the mean; a mean
            // written as the end itself is taken as written.
            let (lo, hi, nf) = (lo as f64, hi as f64, n as f64);
            let (least, most) = (lo + (hi - lo) / nf, hi - (hi - lo) / nf);
            let at_end = mean == lo || mean == hi;
            let slack = if at_end { 0.0 } else { rounding.mean };
            if lo < hi && (mean + slack < least - 1e-9 || mean - slack > most + 1e-9) {
                return Err(SummaryError::MeanAtAnEnd {
                    mean,
                    min: lo,
                    max: hi,
                    games: n,
                    least,
                    most,
                });
            }
        }
        Ok(())
    }

    /// The rules of spread: the shortest and longest game alone spread (max - min) / sqrt(2 n);
    /// a median lies within one sd of the mean; whole numbers with a given mean spread at least
    /// [`least_spread`]. A published sd may divide by n or by n - 1, so each bound is taken at
    /// the convention that allows more: a lower bound on the sd with n (the smaller sd), an
    /// upper one with n - 1.
    fn spread(&self, rounding: &Rounding) -> Result<(), SummaryError> {
        let (n, Some(sd)) = (self.games, self.sd) else {
            return Ok(());
        };
        if n < 2 {
            return Ok(());
        }
        let nf = n as f64;
        let high = sd + rounding.sd;
        // The population sd is the sample sd times this.
        let population = ((nf - 1.0) / nf).sqrt();
        if let (Some(lo), Some(hi)) = (self.min, self.max) {
            let bound = (hi - lo) as f64 / (2.0 * nf).sqrt();
            if high < bound - 1e-9 {
                return Err(SummaryError::SpreadTooNarrow {
                    sd,
                    min: lo as f64,
                    max: hi as f64,
                    bound,
                });
            }
        }
        if let (Some(mean), Some(median)) = (self.mean, self.median) {
            // |mean - median| <= sigma, the population sd (at most the sd published either way).
            let bound = high + rounding.mean;
            let gap = (mean - median).abs();
            if gap > bound + 1e-9 {
                return Err(SummaryError::MedianFarFromMean {
                    median,
                    mean,
                    gap,
                    sd,
                    bound,
                });
            }
        }
        if let Some(mean) = self.mean {
            let (a, b) = totals(n, mean, rounding.mean);
            if a <= b {
                let (least, zero_allowed) = least_spread(n, a, b);
                let least = least * population;
                let zero = sd - rounding.sd <= 0.0 && zero_allowed;
                if !zero && high < least - 1e-9 {
                    return Err(SummaryError::SpreadBelowWholeLengths {
                        sd,
                        mean,
                        games: n,
                        least,
                        zero_allowed,
                    });
                }
            }
        }
        Ok(())
    }
}

/// The whole totals of turns S with S / n within `half` of `mean`: [a, b] (empty when a > b).
fn totals(n: u64, mean: f64, half: f64) -> (u64, u64) {
    let nf = n as f64;
    // A relative 1e-12 of slack for the decimal figures' own binary rounding.
    let eps = 1e-12 * nf * mean.max(1.0);
    let a = (nf * (mean - half) - eps).ceil().max(0.0) as u64;
    let b = (nf * (mean + half) + eps).floor().max(0.0) as u64;
    (a, b)
}

#[cfg(test)]
mod tests {
    use super::super::{Published, SummaryError as E};

    fn err(text: &str) -> E {
        Published::parse(text).unwrap_err()
    }

    #[test]
    fn summaries_no_whole_number_lengths_can_have_are_refused_naming_the_rule() {
        // sd 0 means every game as long: no spread between min and max ((20 - 5) / sqrt(18) =
        // 3.54 at least), and the median is the mean.
        assert!(matches!(
            err("games=10 sd=0 min=5 max=20"),
            E::SpreadTooNarrow { .. }
        ));
        assert!(matches!(
            err("games=10 mean=10 sd=0 median=11"),
            E::MedianFarFromMean { .. }
        ));
        // The mean of 10 games between 5 and 20 is at least 5 + 15/10 = 6.5.
        assert!(matches!(
            err("games=10 mean=5 min=5 max=20"),
            E::MeanAtAnEnd { .. }
        ));
        // One game lasts a whole number of turns: 30.5 is no one game's length.
        assert!(matches!(
            err("games=1 mean=30.5"),
            E::MeanNotOfWholeLengths { .. }
        ));
        // Two games of 5 and 20 turns have mean 12.5.
        assert!(matches!(
            err("games=2 mean=10 min=5 max=20"),
            E::MeanAtAnEnd { .. }
        ));
        // Ten whole numbers with a mean of 15 (rounded: 14.5 to 15.5) spread by 0 or at least
        // 1/sqrt(10) = 0.316 (nine of one length, one a turn off; 0.3 dividing by n): 0.01 is
        // neither.
        let e = err("games=10 mean=15 sd=0.01");
        assert!(matches!(e, E::SpreadBelowWholeLengths { .. }), "{e:?}");
        assert!(e.to_string().contains("at least 0.3000"), "{e}");
        // Two games of 5 and 20 turns: sd 10.61 dividing by n - 1, 7.5 by n; both pass.
        assert!(Published::parse("games=2 sd=7.5 min=5 max=20").is_ok());
        assert!(Published::parse("games=2 sd=10.61 min=5 max=20").is_ok());
        // Three games: the median is the middle one's length.
        assert!(matches!(
            err("games=3 median=2.5"),
            E::HalfMedianOfOddGames { .. }
        ));
    }

    #[test]
    fn summaries_whole_lengths_can_have_pass_within_their_rounding() {
        for ok in [
            "games=10000 mean=38.6897 median=33 min=4 max=242",
            "games=10 mean=15 sd=0",
            "games=10 mean=15 sd=0.3",
            "games=2 mean=12.5 min=5 max=20 median=12.5",
            "games=4 mean=10 median=10.5 sd=1",
            "games=1 mean=30 median=30 min=30 max=30 sd=0",
            "games=3 mean=10.3 min=10 max=11",
            "games=1000000 mean=38.9 sd=23.8 median=33 min=4 max=338",
        ] {
            assert!(
                Published::parse(ok).is_ok(),
                "{ok}: {:?}",
                Published::parse(ok)
            );
        }
    }
}

//! What no set of whole-number lengths can have: statistics that contradict each other or the
//! counting of whole turns. Each rule allows for the rounding of the published figures (half a
//! unit of the last digit written).

use super::{Published, SummaryError};

impl Published {
    /// Checks the statistics against each other.
    pub(super) fn consistent(&self, sd_text: Option<&str>) -> Result<(), SummaryError> {
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
}

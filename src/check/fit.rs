//! Goodness of fit of a sample to one hypothesis: chi-square (two-sample against a simulated
//! reference, so that its own noise counts), z of the mean, the largest CDF gap, one verdict.

use serde::{Deserialize, Serialize};

use crate::stats::{
    chi_square, chi_square_two_sample, max_cdf_gap, max_cdf_gap_two_sample, ChiSquare, Summary,
    P_FLOOR, Z_LIMIT,
};

use super::Candidate;

/// Goodness of fit of a sample to one reference.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Fit {
    /// The reference the sample is checked against.
    pub reference: Reference,
    /// Pearson's chi-square test of the sample against the reference (two-sample for a
    /// simulated one); `None` when fewer than two bins can be formed.
    pub chi_square: Option<ChiSquare>,
    /// (sample mean - reference mean) / its standard error; for a simulated reference the
    /// standard error includes the reference's own noise.
    pub z_mean: f64,
    /// The largest |F_sample(n) - F_reference(n)|, in [0, 1].
    pub max_cdf_gap: f64,
    /// The n of that largest gap, in turns.
    pub max_cdf_gap_at: usize,
    /// Whether the sample fits: |`z_mean`| < [`Z_LIMIT`] and chi-square p-value > [`P_FLOOR`]
    /// (1 without a test).
    pub consistent: bool,
    /// The result in one sentence, starting "consistent with" or "INCONSISTENT with".
    pub verdict: String,
}

/// The reference a sample is checked against.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Reference {
    /// Its label, e.g. "classic, iid deck".
    pub label: String,
    /// "exact" or "simulated, N games".
    pub kind: String,
    /// Its mean game length, in turns (all players' turns counted).
    pub mean: f64,
}

/// A sample's histogram.
pub fn histogram(lengths: &[u32]) -> Vec<u64> {
    let mut h = vec![0u64; lengths.iter().max().map_or(1, |&m| m as usize + 1)];
    for &l in lengths {
        h[l as usize] += 1;
    }
    h
}

/// Fits a sample (histogram) to a candidate.
pub fn fit(sample: &[u64], c: &Candidate) -> Fit {
    let n: u64 = sample.iter().sum();
    let s = Summary::of(sample).expect("a non-empty sample");
    let (chi, z, (gap, at), mean, kind) = match c.model.histogram() {
        None => {
            let (mean, sd) = c.model.moments();
            // The pmf to the longest game and on until the tail is negligible; the rest of the
            // mass is the chi-square's last bin.
            let mut len = sample.len();
            while c.model.survival(len) > 1e-12 && len < 10_000_000 {
                len += 1;
            }
            let pmf = c.model.pmf_to(len + 1);
            (
                chi_square(sample, &pmf, n),
                (s.mean - mean) / (sd / (n as f64).sqrt()),
                max_cdf_gap(sample, &pmf, n),
                mean,
                "exact".to_string(),
            )
        }
        Some(histogram) => {
            let r = Summary::of(histogram).expect("a non-empty reference");
            let se = (s.sd.powi(2) / n as f64 + r.sd.powi(2) / r.games as f64).sqrt();
            (
                chi_square_two_sample(sample, histogram),
                (s.mean - r.mean) / se,
                max_cdf_gap_two_sample(sample, histogram),
                r.mean,
                format!("simulated, {} games", r.games),
            )
        }
    };
    let p = chi.as_ref().map_or(1.0, |c| c.p_value);
    let z = if z.is_finite() { z } else { 0.0 };
    let consistent = z.abs() < Z_LIMIT && p > P_FLOOR;
    let verdict = if consistent {
        format!(
            "consistent with {} (chi-square p = {p:.3}, z of the mean = {z:+.2})",
            c.label()
        )
    } else {
        format!(
            "INCONSISTENT with {} (chi-square p = {}, z of the mean = {z:+.2})",
            c.label(),
            if p < 1e-12 {
                "< 1e-12".to_string()
            } else {
                format!("{p:.2e}")
            }
        )
    };
    Fit {
        reference: Reference {
            label: c.label(),
            kind,
            mean,
        },
        chi_square: chi,
        z_mean: z,
        max_cdf_gap: gap,
        max_cdf_gap_at: at,
        consistent,
        verdict,
    }
}

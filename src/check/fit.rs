//! Goodness of fit of a sample to one hypothesis: chi-square (two-sample against a simulated
//! reference, so that its own noise counts), z of the mean, the largest CDF gap, one verdict.

use serde::{Deserialize, Serialize};

use crate::stats::ZScore;

use crate::stats::{
    chi_square, chi_square_two_sample, max_cdf_gap, max_cdf_gap_two_sample, ChiSquare, Summary,
    P_FLOOR, Z_LIMIT,
};

use super::outliers::{self, Outlier};
use super::summary::{self, Published, StatTest};
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
    /// standard error includes the reference's own noise. Infinite (the word "+infinity" or
    /// "-infinity") when the reference cannot vary (standard error 0) and the means differ.
    pub z_mean: ZScore,
    /// The largest |F_sample(n) - F_reference(n)|, in [0, 1].
    pub max_cdf_gap: f64,
    /// The n of that largest gap, in turns.
    pub max_cdf_gap_at: usize,
    /// Whether the sample fits: |`z_mean`| < [`Z_LIMIT`], the chi-square's and every other
    /// statistic's p-value above [`P_FLOOR`] (no chi-square with fewer than two bins), and no
    /// length of the sample impossible under the reference.
    pub consistent: bool,
    /// The sample's own summary (mean, sd, median, min, max) tested against the reference,
    /// as `check --summary` tests a published one: the same p-values for the same sample.
    pub statistics: Vec<StatTest>,
    /// The result in one sentence, starting "consistent with" or "INCONSISTENT with".
    pub verdict: String,
    /// Games the reference all but rules out ([`outliers::find`]), with where they are.
    pub outliers: Vec<Outlier>,
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
    /// The games of a simulated reference, whose own noise every test counts as a second
    /// sample's; left out for an exact one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub games: Option<u64>,
    /// How it was chosen: named by the user, or (none named) the best of the set.
    pub chosen: Chosen,
}

/// How the reference of a fit was chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Chosen {
    /// The user named it (a board, a rule, a deck or a policy).
    Named,
    /// None named: the default board, as the search was skipped.
    DefaultBoard,
    /// None named: the best hypothesis of the set, by likelihood.
    BestOfSet,
    /// None named and the set empty: the most likely hypothesis searched.
    MostLikely,
}

impl Chosen {
    /// In words, for the report: "" when named.
    pub fn words(self) -> &'static str {
        match self {
            Chosen::Named => "",
            Chosen::DefaultBoard => "the default board, as none was named",
            Chosen::BestOfSet => "the best hypothesis of the set, as no board was named",
            Chosen::MostLikely => {
                "the most likely hypothesis searched, as no board was named and none is consistent"
            }
        }
    }
}

/// Why a sample cannot be fitted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FitError {
    /// The histogram counts no game.
    #[error("the sample holds no game lengths; give the length of at least one game")]
    EmptySample,
}

/// A sample's histogram.
pub fn histogram(lengths: &[u32]) -> Vec<u64> {
    let mut h = vec![0u64; lengths.iter().max().map_or(1, |&m| m as usize + 1)];
    for &l in lengths {
        h[l as usize] += 1;
    }
    h
}

/// Fits a sample (histogram: `sample[t]` games of length t) to a candidate: chi-square, the
/// largest CDF gap, and the sample's own summary tested as `check --summary` would
/// ([`summary::test`]). A sample without a game is refused.
pub fn fit(sample: &[u64], c: &Candidate) -> Result<Fit, FitError> {
    let n: u64 = sample.iter().sum();
    let s = Summary::of(sample).ok_or(FitError::EmptySample)?;
    let (mean, sd) = c.model.moments();
    let (chi, (gap, at), kind) = match c.model.histogram() {
        None => {
            // The pmf to the longest game and on until the tail is negligible; the rest of the
            // mass is the chi-square's last bin.
            let mut len = sample.len();
            while c.model.survival(len) > 1e-12 && len < 10_000_000 {
                len += 1;
            }
            let pmf = c.model.pmf_to(len + 1);
            (
                chi_square(sample, &pmf, n),
                max_cdf_gap(sample, &pmf, n),
                "exact".to_string(),
            )
        }
        Some(histogram) => (
            chi_square_two_sample(sample, histogram),
            max_cdf_gap_two_sample(sample, histogram),
            format!(
                "simulated, {} games",
                crate::input::number::count(c.model.reference_games().unwrap_or(0))
            ),
        ),
    };
    let z = summary::mean_z(s.mean, (mean, sd * sd), n as f64, c.model.reference_games());
    let statistics = summary::test(&Published::of_sample(&s), &c.model);
    // Without two bins there is no chi-square test.
    let chi_p = chi.as_ref().map(|c| c.p_value);
    let others = statistics.iter().filter(|t| t.statistic != "mean");
    let lowest = others.min_by(|a, b| a.p_value.total_cmp(&b.p_value));
    let outliers = outliers::find(sample, &c.model);
    let impossible = outliers
        .iter()
        .any(|o| o.side == outliers::Side::Impossible);
    let consistent = z.value().abs() < Z_LIMIT
        && chi_p.is_none_or(|p| p > P_FLOOR)
        && lowest.is_none_or(|t| t.p_value > P_FLOOR)
        && !impossible;
    let p_words = crate::input::number::p_value;
    let chi_words = match chi_p {
        None => "no chi-square test: too few games for two bins".to_string(),
        Some(p) => format!("chi-square {}", p_words(p)),
    };
    let impossible_words = if impossible {
        "; a length impossible under it"
    } else {
        ""
    };
    let lowest_words = lowest.map_or(String::new(), |t| {
        format!(
            "; lowest of sd, median, min, max: {} {}",
            t.statistic,
            p_words(t.p_value)
        )
    });
    let verdict = format!(
        "{} {} ({chi_words}, z of the mean = {z}{lowest_words}{impossible_words})",
        if consistent {
            "consistent with"
        } else {
            "INCONSISTENT with"
        },
        c.label()
    );
    Ok(Fit {
        reference: Reference {
            label: c.label(),
            kind,
            mean,
            games: c.model.reference_games(),
            chosen: Chosen::Named,
        },
        chi_square: chi,
        z_mean: z,
        max_cdf_gap: gap,
        max_cdf_gap_at: at,
        consistent,
        statistics,
        verdict,
        outliers,
    })
}

impl Fit {
    /// The p-value of the whole goodness of fit as one test: the smallest p-value of its
    /// tests (chi-square, and the mean, sd, median, min and max of the sample), times their
    /// number (Bonferroni), at most 1.
    pub fn p_value(&self) -> f64 {
        let ps: Vec<f64> = self
            .chi_square
            .iter()
            .map(|c| c.p_value)
            .chain(self.statistics.iter().map(|t| t.p_value))
            .collect();
        let lowest = ps.iter().copied().fold(1.0, f64::min);
        (lowest * ps.len().max(1) as f64).min(1.0)
    }
}

//! Which hypotheses the data cannot reject: a model confidence set built from paired
//! likelihood comparisons that count the data's own noise.
//!
//! Two hypotheses A and B are compared game by game: d_i = log p_A(x_i) - log p_B(x_i). Their
//! sum D is the log-likelihood ratio; its standard error is sqrt(n) times the standard deviation
//! of the d_i (the data's sampling noise), with the variance of each simulated reference's
//! log-probabilities added (Vuong's closeness test for non-nested models, Econometrica 57(2),
//! 1989). B stays in the set when D(best, B) <= z * se, with z the one-sided normal quantile at
//! level alpha / m for the m distinct distributions (Bonferroni): whichever hypothesis is the
//! truth, it is rejected against the best with probability at most alpha, however the best was
//! selected. Two hypotheses that give the same distribution share one model and are never
//! compared; a standard error of 0 (no spread in the per-game differences) is no information
//! and rejects nothing; with too few games nothing possible is rejected.

use serde::{Deserialize, Serialize};
use statrs::distribution::{ContinuousCDF, Normal};

use super::model::LengthModel;

/// A sample as its distinct lengths with their counts.
#[derive(Debug, Clone)]
pub struct Sample {
    /// (length, games of that length), lengths ascending.
    pub lengths: Vec<(usize, u64)>,
    /// Number of games.
    pub games: u64,
}

impl Sample {
    /// From a histogram (`h[t]` games of length t).
    pub fn of(histogram: &[u64]) -> Sample {
        let lengths: Vec<(usize, u64)> = histogram
            .iter()
            .enumerate()
            .filter(|(_, &k)| k > 0)
            .map(|(t, &k)| (t, k))
            .collect();
        Sample {
            games: lengths.iter().map(|l| l.1).sum(),
            lengths,
        }
    }
}

/// A hypothesis's log-probability at each distinct length of the sample.
#[derive(Debug, Clone)]
pub struct Scored {
    /// Total log-likelihood (negative infinity if some length is impossible).
    pub log_likelihood: f64,
    /// Standard deviation of `log_likelihood` due to a simulated reference.
    pub noise: f64,
    log_p: Vec<f64>,
    var: Vec<f64>,
    /// The variance of `log_likelihood` from a simulated tail's shared unknowns: (sum of the
    /// tail's games)^2 Var(ln mass) + (sum of games x coefficient)^2 Var(theta).
    shared: f64,
}

/// Scores a sample under a model.
pub fn score(sample: &Sample, model: &LengthModel) -> Scored {
    let log_p: Vec<f64> = sample
        .lengths
        .iter()
        .map(|&(t, _)| model.log_p(t))
        .collect();
    let var: Vec<f64> = sample
        .lengths
        .iter()
        .map(|&(t, _)| model.var_log_p(t))
        .collect();
    let log_likelihood = sample
        .lengths
        .iter()
        .zip(&log_p)
        .map(|(&(_, k), lp)| k as f64 * lp)
        .sum();
    let (mut in_tail, mut along) = (0.0, 0.0);
    for &(t, k) in &sample.lengths {
        if let Some(a) = model.tail_term(t) {
            in_tail += k as f64;
            along += k as f64 * a;
        }
    }
    let (var_mass, var_theta) = model.tail_variances();
    let shared = in_tail * in_tail * var_mass + along * along * var_theta;
    let own: f64 = sample
        .lengths
        .iter()
        .zip(&var)
        .map(|(&(_, k), v)| (k as f64).powi(2) * v)
        .sum();
    Scored {
        log_likelihood,
        noise: (own + shared).sqrt(),
        log_p,
        var,
        shared,
    }
}

/// The paired comparison of the best hypothesis with another: (log-likelihood ratio D, its
/// standard error). A spread of the per-game differences below 1e-9 of their size is rounding
/// (every game the same length gives the same difference, computed to the last bit or not),
/// and counts as none. Each simulated reference's noise adds, its tail's shared part whole.
pub fn compare(sample: &Sample, best: &Scored, other: &Scored) -> (f64, f64) {
    let n = sample.games as f64;
    let d_total = best.log_likelihood - other.log_likelihood;
    let mean = d_total / n;
    let (mut spread, mut noise, mut largest) = (0.0, best.shared + other.shared, 0.0f64);
    for (i, &(_, k)) in sample.lengths.iter().enumerate() {
        let d = best.log_p[i] - other.log_p[i];
        largest = largest.max(d.abs());
        spread += k as f64 * (d - mean).powi(2);
        noise += (k as f64).powi(2) * (best.var[i] + other.var[i]);
    }
    if (spread / n).sqrt() <= 1e-9 * largest {
        spread = 0.0;
    }
    (d_total, (spread + noise).sqrt())
}

/// The one-sided normal quantile at `alpha / m`: the critical z of a Bonferroni-corrected
/// comparison among `m` hypotheses.
pub fn critical_z(alpha: f64, m: usize) -> f64 {
    let normal = Normal::standard();
    normal.inverse_cdf(1.0 - alpha / m.max(1) as f64)
}

/// How a hypothesis was compared with the best.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Comparison {
    /// It is the best (the highest likelihood).
    Best,
    /// It has the best's distribution (within the stated tolerance): no data can tell them
    /// apart, so it is not tested.
    SameAsBest,
    /// Tested: `z_against_best` holds D / se.
    Tested,
    /// Some length of the sample is impossible under it: rejected.
    Impossible,
    /// The per-game log-likelihood differences do not vary in this sample (every game the
    /// same length, say), so their standard error is 0: no information, not rejected.
    NoSpread,
    /// Too few games to test: kept, since every length of the sample is possible under it.
    TooFewGames,
}

impl Comparison {
    /// The word the JSON uses.
    pub fn word(self) -> &'static str {
        match self {
            Comparison::Best => "best",
            Comparison::SameAsBest => "same_as_best",
            Comparison::Tested => "tested",
            Comparison::Impossible => "impossible",
            Comparison::NoSpread => "no_spread",
            Comparison::TooFewGames => "too_few_games",
        }
    }
}

/// A hypothesis's place against the best.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Place {
    /// How it was compared.
    pub comparison: Comparison,
    /// D / se when tested (finite).
    pub z: Option<f64>,
    /// Whether the data cannot reject it.
    pub kept: bool,
}

/// Each hypothesis's place against the best: compared when it has another distribution than
/// the best (`ids` number the distinct distributions) and the sample can tell, rejected when
/// its z exceeds the Bonferroni quantile at `alpha` / m for the m distinct possible
/// distributions. With fewer than [`super::MIN_GAMES_TO_DECIDE`] games nothing possible is
/// rejected.
pub fn against_best(sample: &Sample, scored: &[Scored], ids: &[usize], alpha: f64) -> Vec<Place> {
    let place = |comparison, z, kept| Place {
        comparison,
        z,
        kept,
    };
    let finite: Vec<usize> = (0..scored.len())
        .filter(|&i| scored[i].log_likelihood.is_finite())
        .collect();
    let Some(&best) = finite.iter().max_by(|&&a, &&b| {
        scored[a]
            .log_likelihood
            .total_cmp(&scored[b].log_likelihood)
    }) else {
        return vec![place(Comparison::Impossible, None, false); scored.len()];
    };
    let mut distinct: Vec<usize> = finite.iter().map(|&i| ids[i]).collect();
    distinct.sort_unstable();
    distinct.dedup();
    let z_crit = critical_z(alpha, distinct.len());
    let small = sample.games < super::MIN_GAMES_TO_DECIDE;
    scored
        .iter()
        .enumerate()
        .map(|(i, s)| {
            if i == best {
                place(Comparison::Best, None, true)
            } else if !s.log_likelihood.is_finite() {
                place(Comparison::Impossible, None, false)
            } else if ids[i] == ids[best] {
                place(Comparison::SameAsBest, None, true)
            } else if small {
                place(Comparison::TooFewGames, None, true)
            } else {
                let (d, se) = compare(sample, &scored[best], s);
                if se > 0.0 && (d / se).is_finite() {
                    let z = d / se;
                    place(Comparison::Tested, Some(z), z <= z_crit)
                } else {
                    place(Comparison::NoSpread, None, true)
                }
            }
        })
        .collect()
}

/// The 80 % quantile of the standard normal: a shift of (z_crit + this) standard errors is
/// noticed 80 % of the time by a test that rejects beyond z_crit.
pub const Z80: f64 = 0.841_621_233_572_914_3;

/// The smallest shift in the mean length that a test rejecting at |z| >= `z_crit` notices
/// 80 % of the time: (z_crit + 0.8416) se, with `se` the standard error of the mean's
/// difference (the far tail's share, Phi(-z_crit - shift/se), is neglected).
pub fn detectable_mean_shift(se: f64, z_crit: f64) -> f64 {
    (z_crit + Z80) * se
}

#[cfg(test)]
mod tests {
    use super::*;

    fn model(p: &[f64]) -> LengthModel {
        let mut s = 1.0;
        let survival: Vec<f64> = p
            .iter()
            .map(|x| {
                s -= x;
                s.max(0.0)
            })
            .collect();
        LengthModel::exact(p.to_vec(), survival).unwrap()
    }

    #[test]
    fn a_clear_difference_is_rejected_and_a_slight_one_is_not() {
        // 1000 games, half of length 1 and half of length 2. A: (1/2, 1/2) fits exactly; B:
        // (0.9, 0.1) is far off; C: (0.52, 0.48) is within the noise.
        let sample = Sample::of(&[0, 500, 500]);
        let a = score(&sample, &model(&[0.0, 0.5, 0.5]));
        let b = score(&sample, &model(&[0.0, 0.9, 0.1]));
        let c = score(&sample, &model(&[0.0, 0.52, 0.48]));
        let set = against_best(&sample, &[a.clone(), b, c], &[0, 1, 2], 0.05);
        assert_eq!(set[0].comparison, Comparison::Best);
        assert!(!set[1].kept && set[1].z.unwrap() > 10.0);
        assert!(set[2].kept, "{:?}", set[2]);
        // D for C by hand: 500 ln(0.5/0.52) + 500 ln(0.5/0.48) = 500 (-0.039221 + 0.040822)
        // = 0.8004; the d_i are -0.039221 and +0.040822 around their mean 0.0008, so
        // sum k (d - mean)^2 = 1000 * 0.040022^2 = 1.6017, se = 1.2656 and z = 0.632.
        let z = set[2].z.unwrap();
        assert!((z - 0.632).abs() < 0.002, "{z}");
    }

    #[test]
    fn each_comparison_word_is_the_jsons() {
        for c in [
            Comparison::Best,
            Comparison::SameAsBest,
            Comparison::Tested,
            Comparison::Impossible,
            Comparison::NoSpread,
            Comparison::TooFewGames,
        ] {
            assert_eq!(serde_json::to_value(c).unwrap(), c.word());
        }
    }

    #[test]
    fn an_impossible_length_rules_a_hypothesis_out() {
        let sample = Sample::of(&[0, 10, 10, 1]);
        let a = score(&sample, &model(&[0.0, 0.45, 0.45, 0.1]));
        let b = score(&sample, &model(&[0.0, 0.5, 0.5, 0.0]));
        assert_eq!(b.log_likelihood, f64::NEG_INFINITY);
        let set = against_best(&sample, &[a, b], &[0, 1], 0.05);
        assert_eq!(set[1].comparison, Comparison::Impossible);
        assert!(!set[1].kept);
    }
}

//! The probability of every game length under one hypothesis, and how sure that probability
//! is: the likelihood `check` ranks hypotheses by.
//!
//! Every finite length has a probability. An exact reference is the distribution computed to
//! the longest game in the sample (it is not cut where less than 1e-12 is left), continued past
//! its last computed turn by the geometric tail of an absorbing chain: P(T = t) =
//! S(T)(1 - rho) rho^(t - T - 1) with rho = S(T) / S(T - 1), the decay of the survival function
//! at its end. So a length is impossible only when its exact probability is 0: shorter than the
//! shortest game, or a length the rules cannot produce.
//!
//! A simulated reference (a finite deck, which no chain describes) is a histogram of N games.
//! Lengths it saw often enough take their frequency, smoothed with one pseudo-game spread like
//! the exact i.i.d. distribution of the same rules, (c_t + q_t) / (N + 1); past the last length
//! with at least [`TAIL_GAMES`] longer games, the tail keeps the simulated mass and takes the
//! exact shape tilted to the simulated games' own decay ([`tail`]). A length the simulation never
//! produced is then unlikely, not impossible. Its noise, Var(log p_t) ~ 1 / (c_t + q_t) in the
//! body and, shared by every length of the tail, its mass's and its fitted decay's, counts in
//! every comparison. The tests of the shortest and the
//! longest game use the simulated games themselves ([`LengthModel::games_longer`]): past the
//! reference's own games, how far the tail reaches is a model's guess, not evidence.

mod simulated;
pub mod tail;

use std::sync::Arc;

use simulated::Simulated;
pub use simulated::{FIT_GAMES, TAIL_GAMES};

/// [`LengthModel::within`] compares at most this many lengths (a distribution whose tail is
/// still heavier after them is taken to differ).
pub const MAX_COMPARED_TURNS: usize = 1_000_000;

/// How far the probabilities of an exact distribution, its pmf to the last turn and the
/// survival beyond, may add up away from 1: a distribution computed in f64 over millions of
/// turns rounds by about 1e-16 per turn and state, far below this.
pub const NORMALISATION_TOLERANCE: f64 = 1e-9;

/// Why a distribution given to [`LengthModel::exact`] is not one.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LengthModelError {
    /// No turn at all.
    #[error("the distribution is empty; give P(T = t) and P(T > t) from t = 0 at least")]
    Empty,
    /// The pmf and the survival end at different turns.
    #[error(
        "the pmf has {pmf} turns and the survival {survival}; give both to the same last turn"
    )]
    LengthsDiffer {
        /// Turns of the pmf.
        pmf: usize,
        /// Turns of the survival.
        survival: usize,
    },
    /// A value that is not a probability.
    #[error("{what}[{turn}] is {value}, not a probability; every value must be a finite number from 0 to 1")]
    NotAProbability {
        /// "pmf" or "survival".
        what: &'static str,
        /// The turn.
        turn: usize,
        /// The value given.
        value: f64,
    },
    /// The pmf and the mass beyond the last turn do not add up to 1.
    #[error("the pmf to turn {last} and the survival beyond it add up to {total}, not 1; give a distribution whose P(T = 0) + ... + P(T = {last}) + P(T > {last}) is 1")]
    NotNormalised {
        /// The last turn.
        last: usize,
        /// What they add up to.
        total: f64,
    },
}

/// P(T = t) for every t, with the variance of its logarithm from a simulated reference.
#[derive(Debug, Clone)]
pub struct LengthModel {
    shape: Shape,
}

#[derive(Debug, Clone)]
enum Shape {
    /// `pmf[t]` and `survival[t]` = P(T > t) computed to the last index; geometric beyond.
    Exact { pmf: Vec<f64>, survival: Vec<f64> },
    /// Smoothed frequencies, then the fitted tail.
    Simulated(Box<Simulated>),
}

impl LengthModel {
    /// An exact distribution: `pmf[t]` = P(T = t) and `survival[t]` = P(T > t) (computed
    /// directly, not as 1 - a sum, so that they stay accurate deep in the tail), to the same last
    /// index. Refused unless both are given to the same last turn, every value is a probability
    /// and the pmf with the survival beyond its last turn adds up to 1 (within
    /// [`NORMALISATION_TOLERANCE`]).
    pub fn exact(pmf: Vec<f64>, survival: Vec<f64>) -> Result<LengthModel, LengthModelError> {
        if pmf.len() != survival.len() {
            return Err(LengthModelError::LengthsDiffer {
                pmf: pmf.len(),
                survival: survival.len(),
            });
        }
        let Some(&beyond) = survival.last() else {
            return Err(LengthModelError::Empty);
        };
        for (what, values) in [("pmf", &pmf), ("survival", &survival)] {
            let bad = values
                .iter()
                .position(|p| !(0.0..=1.0 + NORMALISATION_TOLERANCE).contains(p));
            if let Some(turn) = bad {
                return Err(LengthModelError::NotAProbability {
                    what,
                    turn,
                    value: values[turn],
                });
            }
        }
        let total = pmf.iter().sum::<f64>() + beyond;
        if (total - 1.0).abs() > NORMALISATION_TOLERANCE {
            return Err(LengthModelError::NotNormalised {
                last: pmf.len() - 1,
                total,
            });
        }
        Ok(LengthModel::computed(pmf, survival))
    }

    /// An exact distribution this crate computed, valid by construction (the chain's rows sum
    /// to 1 and the distribution carries the mass it has not placed as its survival).
    pub(crate) fn computed(pmf: Vec<f64>, survival: Vec<f64>) -> LengthModel {
        debug_assert!(!pmf.is_empty() && pmf.len() == survival.len());
        LengthModel {
            shape: Shape::Exact { pmf, survival },
        }
    }

    /// A simulated histogram (`histogram[t]` games of length t), smoothed and continued by the
    /// exact i.i.d. distribution `prior` of the same rules, its tail tilted to the simulated
    /// games' own decay.
    pub fn simulated(histogram: Vec<u64>, prior: Arc<LengthModel>) -> LengthModel {
        LengthModel {
            shape: Shape::Simulated(Box::new(Simulated::new(histogram, prior))),
        }
    }

    /// ln P(T = t) (negative infinity for an impossible length).
    pub fn log_p(&self, t: usize) -> f64 {
        match &self.shape {
            Shape::Exact { pmf, survival } => {
                if let Some(&p) = pmf.get(t) {
                    return p.ln();
                }
                let last = pmf.len() - 1;
                let s = survival[last];
                let rho = decay(survival);
                if s <= 0.0 || rho <= 0.0 {
                    return f64::NEG_INFINITY;
                }
                s.ln() + (1.0 - rho).ln() + (t - last - 1) as f64 * rho.ln()
            }
            Shape::Simulated(sim) => sim.log_p(t),
        }
    }

    /// P(T = t) (0 where it underflows).
    pub fn p(&self, t: usize) -> f64 {
        self.log_p(t).exp()
    }

    /// The variance of [`LengthModel::log_p`] due to a simulated reference that is this
    /// length's alone (0 when exact); what the tail's lengths share is
    /// [`LengthModel::tail_term`]'s.
    pub fn var_log_p(&self, t: usize) -> f64 {
        match &self.shape {
            Shape::Exact { .. } => 0.0,
            Shape::Simulated(sim) => sim.var_log_p(t),
        }
    }

    /// How ln P(T = t) moves with a simulated tail's shared unknowns (ln of its mass, with
    /// coefficient 1, and its fitted decay theta, with the returned coefficient): `None` in a
    /// simulated model's body and for an exact one.
    pub fn tail_term(&self, t: usize) -> Option<f64> {
        match &self.shape {
            Shape::Exact { .. } => None,
            Shape::Simulated(sim) => sim.tail_term(t),
        }
    }

    /// The variances of a simulated tail's shared unknowns, ln of its mass and theta ((0, 0)
    /// when exact).
    pub fn tail_variances(&self) -> (f64, f64) {
        match &self.shape {
            Shape::Exact { .. } => (0.0, 0.0),
            Shape::Simulated(sim) => sim.tail_variances(),
        }
    }

    /// P(T > t).
    pub fn survival(&self, t: usize) -> f64 {
        match &self.shape {
            Shape::Exact { survival, .. } => match survival.get(t) {
                Some(&s) => s,
                None => {
                    let last = survival.len() - 1;
                    survival[last] * decay(survival).powf((t - last) as f64)
                }
            },
            Shape::Simulated(sim) => sim.survival(t),
        }
    }

    /// The games of a simulated reference (its N) longer than `t` (`None` when exact).
    pub fn games_longer(&self, t: usize) -> Option<u64> {
        self.histogram()
            .map(|h| h.iter().skip(t.saturating_add(1)).sum())
    }

    /// The games of a simulated reference that last `t` turns or fewer (`None` when exact).
    pub fn games_within(&self, t: usize) -> Option<u64> {
        self.histogram()
            .map(|h| h.iter().take(t.saturating_add(1)).sum())
    }

    /// The simulated histogram behind the model (`None` when exact).
    pub fn histogram(&self) -> Option<&[u64]> {
        match &self.shape {
            Shape::Exact { .. } => None,
            Shape::Simulated(sim) => Some(sim.histogram()),
        }
    }

    /// N, the games of a simulated reference (`None` when exact).
    pub fn reference_games(&self) -> Option<u64> {
        match &self.shape {
            Shape::Exact { .. } => None,
            Shape::Simulated(sim) => Some(sim.games()),
        }
    }

    /// The fitted decay of a simulated reference's tail against its prior's: (theta, its
    /// standard error); `None` when exact.
    pub fn tail_tilt(&self) -> Option<(f64, f64)> {
        match &self.shape {
            Shape::Exact { .. } => None,
            Shape::Simulated(sim) => Some((sim.fitted().theta, sim.fitted().variance.sqrt())),
        }
    }

    /// The first turn past which the pmf is geometric (an exact distribution's computed end;
    /// a simulated one's prior's).
    pub fn computed_to(&self) -> usize {
        match &self.shape {
            Shape::Exact { pmf, .. } => pmf.len(),
            Shape::Simulated(sim) => sim.prior().computed_to(),
        }
    }

    /// S(t) / S(t - 1), the decay of the survival at t; past the computed turns, the geometric
    /// tail's.
    pub fn decay_at(&self, t: usize) -> f64 {
        match &self.shape {
            Shape::Exact { survival, .. } if t > 0 && t < survival.len() => {
                if survival[t - 1] > 0.0 {
                    (survival[t] / survival[t - 1]).clamp(0.0, 1.0 - 1e-15)
                } else {
                    0.0
                }
            }
            Shape::Exact { survival, .. } => decay(survival),
            Shape::Simulated(sim) => sim.prior().decay_at(t),
        }
    }

    /// P(T = t) for t in 0..len, the rest of the mass beyond.
    pub fn pmf_to(&self, len: usize) -> Vec<f64> {
        (0..len).map(|t| self.p(t)).collect()
    }

    /// Whether the total variation distance sum_t |P_a(T = t) - P_b(T = t)| between the two
    /// models is below `tolerance`. The sum runs until the mass both have left, S_a(t) + S_b(t),
    /// is below a quarter of the tolerance (it bounds the rest of the sum), or gives up (false)
    /// after [`MAX_COMPARED_TURNS`] turns.
    pub fn within(&self, other: &LengthModel, tolerance: f64) -> bool {
        let mut sum = 0.0;
        for t in 0..MAX_COMPARED_TURNS {
            sum += (self.p(t) - other.p(t)).abs();
            if sum >= tolerance {
                return false;
            }
            if self.survival(t) + other.survival(t) < tolerance / 4.0 {
                return sum + self.survival(t) + other.survival(t) < tolerance;
            }
        }
        false
    }

    /// The mean and standard deviation of T (the tail summed until it is negligible).
    pub fn moments(&self) -> (f64, f64) {
        let (mut m1, mut m2) = (0.0, 0.0);
        let mut t = 0;
        loop {
            let p = self.p(t);
            m1 += t as f64 * p;
            m2 += (t as f64).powi(2) * p;
            t += 1;
            // What is left from t on is P(T >= t) = S(t - 1): a distribution that ends at t - 1
            // has added its last length.
            if t > 10 && self.survival(t - 1) * (t as f64).powi(2) < 1e-12 || t > 10_000_000 {
                break;
            }
        }
        (m1, (m2 - m1 * m1).max(0.0).sqrt())
    }
}

/// rho = S(T) / S(T - 1) at the last computed turn: the tail's decay per turn.
fn decay(survival: &[f64]) -> f64 {
    let last = survival.len() - 1;
    if last == 0 || survival[last - 1] <= 0.0 {
        return 0.0;
    }
    (survival[last] / survival[last - 1]).clamp(0.0, 1.0 - 1e-15)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Geometric lengths: P(T = t) = (1/2)^t for t >= 1, survival (1/2)^t.
    fn geometric(last: usize) -> LengthModel {
        let pmf = (0..=last)
            .map(|t| if t == 0 { 0.0 } else { 0.5f64.powi(t as i32) })
            .collect();
        let survival = (0..=last).map(|t| 0.5f64.powi(t as i32)).collect();
        LengthModel::exact(pmf, survival).unwrap()
    }

    #[test]
    fn moments_count_the_last_length_of_a_distribution_that_ends() {
        // T = 11 or 12, each with chance 1/2 (survival 1 to turn 10, 1/2 at 11, 0 at 12): mean
        // 11.5, sd 0.5. The last length, 12, once fell out of the sum (its survival is 0).
        let mut pmf = vec![0.0; 13];
        pmf[11] = 0.5;
        pmf[12] = 0.5;
        let survival = (0..13)
            .map(|t| match t {
                0..=10 => 1.0,
                11 => 0.5,
                _ => 0.0,
            })
            .collect();
        let (mean, sd) = LengthModel::exact(pmf, survival).unwrap().moments();
        assert!(
            (mean - 11.5).abs() < 1e-12 && (sd - 0.5).abs() < 1e-12,
            "{mean} {sd}"
        );
    }

    #[test]
    fn the_geometric_tail_continues_a_geometric_distribution_exactly() {
        // Computed to t = 10, the tail rho = S(10)/S(9) = 1/2 continues it: P(T = 40) = 2^-40.
        let m = geometric(10);
        assert!((m.log_p(40) - 40.0 * 0.5f64.ln()).abs() < 1e-9);
        assert!((m.survival(30) - 0.5f64.powi(30)).abs() < 1e-20);
        assert_eq!(m.log_p(0), f64::NEG_INFINITY);
        let (mean, sd) = m.moments();
        // Geometric with p = 1/2 on 1, 2, ...: mean 2, variance (1 - p)/p^2 = 2.
        assert!((mean - 2.0).abs() < 1e-9 && (sd - 2f64.sqrt()).abs() < 1e-9);
    }

    #[test]
    fn distributions_closer_than_the_tolerance_are_the_same_and_others_are_not() {
        // The same geometric distribution computed to 10 and to 30 turns (the first continued
        // by its exact geometric tail): the same to rounding. Moving 1e-13 of mass from
        // length 1 to length 2 is a total variation of 2e-13: within 1e-10; moving 1e-9 is
        // not.
        let (a, b) = (geometric(10), geometric(30));
        assert!(a.within(&b, 1e-10));
        let moved = |m: f64| {
            let mut pmf: Vec<f64> = (0..=30)
                .map(|t| if t == 0 { 0.0 } else { 0.5f64.powi(t) })
                .collect();
            pmf[1] -= m;
            pmf[2] += m;
            let mut survival: Vec<f64> = (0..=30).map(|t| 0.5f64.powi(t)).collect();
            survival[1] += m;
            LengthModel::exact(pmf, survival).unwrap()
        };
        assert!(a.within(&moved(1e-13), 1e-10));
        assert!(!a.within(&moved(1e-9), 1e-10));
    }

    #[test]
    fn an_exact_model_refuses_what_is_not_a_distribution() {
        use LengthModelError as E;
        let exact = LengthModel::exact;
        assert_eq!(exact(vec![], vec![]).unwrap_err(), E::Empty);
        assert_eq!(
            exact(vec![0.0, 1.0], vec![1.0]).unwrap_err(),
            E::LengthsDiffer {
                pmf: 2,
                survival: 1
            }
        );
        assert!(matches!(
            exact(vec![0.0, f64::NAN], vec![1.0, 0.0]).unwrap_err(),
            E::NotAProbability {
                what: "pmf",
                turn: 1,
                ..
            }
        ));
        assert!(matches!(
            exact(vec![0.0, 1.0], vec![1.0, -0.5]).unwrap_err(),
            E::NotAProbability {
                what: "survival",
                turn: 1,
                ..
            }
        ));
        // 0.5 + 0.25 placed and 0.5 left beyond turn 2: 1.25.
        let e = exact(vec![0.0, 0.5, 0.25], vec![1.0, 0.5, 0.5]).unwrap_err();
        assert_eq!(
            e,
            E::NotNormalised {
                last: 2,
                total: 1.25
            }
        );
        assert!(e.to_string().contains("add up to 1.25, not 1"), "{e}");
        // A fair coin's T = 1 or 2 is one, and so is a distribution cut at turn 1 whose
        // survival holds the rest.
        assert!(exact(vec![0.0, 0.5, 0.5], vec![1.0, 0.5, 0.0]).is_ok());
        assert!(exact(vec![0.0, 0.5], vec![1.0, 0.5]).is_ok());
    }

    #[test]
    fn a_simulated_model_sums_to_one_and_never_calls_a_possible_length_impossible() {
        // 1000 games of the geometric game, all of length 1 to 12: a length of 30 keeps a
        // probability (from the exact shape), and the whole pmf sums to 1.
        let prior = Arc::new(geometric(60));
        let h: Vec<u64> = (0..13)
            .map(|t| {
                if t == 0 {
                    0
                } else {
                    (1000.0 * 0.5f64.powi(t)).round() as u64
                }
            })
            .collect();
        let m = LengthModel::simulated(h, prior);
        assert!(m.log_p(30).is_finite());
        assert_eq!(m.log_p(0), f64::NEG_INFINITY);
        let total: f64 = (0..200).map(|t| m.p(t)).sum();
        assert!((total - 1.0).abs() < 1e-9, "{total}");
        assert!(m.var_log_p(1) > 0.0);
    }
}

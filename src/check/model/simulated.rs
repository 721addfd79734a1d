//! A reference no chain describes (a finite deck, players who interact), from N simulated
//! games: their smoothed frequencies where they are many, the fitted tail ([`super::tail`])
//! where they run out, and how sure each probability is.

use std::sync::Arc;

use super::tail::{self, Tilted};
use super::LengthModel;

/// Simulated games that must be longer than a length for the simulated tail to start after it.
pub const TAIL_GAMES: f64 = 50.0;

/// The tail's decay is fitted to the simulated games longer than the last length with at least
/// this many longer (or a quarter of the games, if fewer): the far end of the simulation, where
/// the tail is already geometric, with enough games that the fit's noise is small.
pub const FIT_GAMES: f64 = 1000.0;

/// The simulated distribution ([`LengthModel::simulated`]).
#[derive(Debug, Clone)]
pub struct Simulated {
    /// P(T = t) for t up to the tail's start: (c_t + q_t) / (N + 1).
    body: Vec<f64>,
    /// `body_below[t]`: the sum of `body[..=t]`.
    body_below: Vec<f64>,
    /// Var(ln P(T = t)) in the body: 1 / (c_t + q_t) - 1 / (N + 1).
    body_var: Vec<f64>,
    /// ln of the mass past the body, (S_c(t0) + S_q(t0)) / (N + 1).
    log_tail_mass: f64,
    /// The count behind that mass, S_c(t0) + S_q(t0).
    tail_count: f64,
    /// The prior tilted to the simulated games' decay, past the body (`None`: no mass there).
    tail: Option<Tilted>,
    /// The tilt's theta and its variance.
    fitted: tail::Fitted,
    prior: Arc<LengthModel>,
    histogram: Vec<u64>,
    games: u64,
}

impl Simulated {
    /// Smooths `histogram` with one pseudo-game spread as `prior`, and fits the tail.
    pub fn new(histogram: Vec<u64>, prior: Arc<LengthModel>) -> Simulated {
        let games: u64 = histogram.iter().sum();
        let n = games as f64;
        // longer[t]: simulated games longer than t.
        let mut longer = Vec::with_capacity(histogram.len());
        let mut left = n;
        for &c in &histogram {
            left -= c as f64;
            longer.push(left);
        }
        let last_with = |least: f64| longer.iter().rposition(|&l| l >= least);
        let t0 = last_with(TAIL_GAMES).unwrap_or(0);
        let (mut body, mut body_var) = (Vec::with_capacity(t0 + 1), Vec::with_capacity(t0 + 1));
        for t in 0..=t0 {
            let c = histogram.get(t).copied().unwrap_or(0) as f64 + prior.p(t);
            body.push(c / (n + 1.0));
            body_var.push(if c > 0.0 {
                (1.0 / c - 1.0 / (n + 1.0)).max(0.0)
            } else {
                0.0
            });
        }
        let body_below = body
            .iter()
            .scan(0.0, |sum, p| {
                *sum += p;
                Some(*sum)
            })
            .collect();
        let tail_count = longer.get(t0).copied().unwrap_or(0.0) + prior.survival(t0);
        // The decay, fitted to the games past t1 (t1 <= t0, since TAIL_GAMES < FIT_GAMES).
        let t1 = last_with(FIT_GAMES.min(n / 4.0).max(TAIL_GAMES)).unwrap_or(t0);
        let past_t1: Vec<(usize, u64)> = histogram
            .iter()
            .enumerate()
            .skip(t1 + 1)
            .filter(|(_, &c)| c > 0)
            .map(|(t, &c)| (t, c))
            .collect();
        let k: f64 = past_t1.iter().map(|&(_, c)| c as f64).sum();
        let mean = past_t1
            .iter()
            .map(|&(t, c)| t as f64 * c as f64)
            .sum::<f64>()
            / k.max(1.0);
        let fitted = tail::fit(&prior, t1, k, mean).unwrap_or(tail::Fitted {
            theta: 0.0,
            variance: 0.0,
        });
        let tail = Tilted::of(&prior, t0, fitted.theta);
        Simulated {
            body,
            body_below,
            body_var,
            log_tail_mass: if tail.is_some() {
                (tail_count / (n + 1.0)).ln()
            } else {
                f64::NEG_INFINITY
            },
            tail_count,
            tail,
            fitted,
            prior,
            histogram,
            games,
        }
    }

    /// The tail's first length minus one (t0).
    fn start(&self) -> usize {
        self.body.len() - 1
    }

    /// ln P(T = t).
    pub fn log_p(&self, t: usize) -> f64 {
        match (self.body.get(t), &self.tail) {
            (Some(&p), _) => p.ln(),
            (None, Some(tail)) => self.log_tail_mass + tail.log_p(t - self.start()),
            (None, None) => f64::NEG_INFINITY,
        }
    }

    /// Var(ln P(T = t)) due to the simulation that is this length's alone: the count behind it
    /// in the body, 1 / (c_t + q_t) - 1 / (N + 1); past the body none, since every length
    /// there shares the tail's mass and decay ([`Simulated::tail_term`]).
    pub fn var_log_p(&self, t: usize) -> f64 {
        self.body_var.get(t).copied().unwrap_or(0.0)
    }

    /// Past the body, how ln P(T = t) moves with the tail's shared unknowns: 1 with ln of its
    /// mass (variance 1 / count), and j - E[j] with theta (the fitted decay's variance), j the
    /// turns into the tail. `None` in the body.
    pub fn tail_term(&self, t: usize) -> Option<f64> {
        match &self.tail {
            Some(tail) if t >= self.body.len() => Some((t - self.start()) as f64 - tail.mean),
            _ => None,
        }
    }

    /// The variances of the tail's shared unknowns: ln of its mass, and theta.
    pub fn tail_variances(&self) -> (f64, f64) {
        (1.0 / self.tail_count, self.fitted.variance)
    }

    /// P(T > t).
    pub fn survival(&self, t: usize) -> f64 {
        match (self.body_below.get(t), &self.tail) {
            (Some(&below), _) => (1.0 - below).max(0.0),
            (None, Some(tail)) => (self.log_tail_mass + tail.survival(t - self.start()).ln()).exp(),
            (None, None) => 0.0,
        }
    }

    /// The simulated histogram.
    pub fn histogram(&self) -> &[u64] {
        &self.histogram
    }

    /// N, the games simulated.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// The prior whose shape smooths the body and continues the tail.
    pub fn prior(&self) -> &LengthModel {
        &self.prior
    }

    /// The fitted tilt of the tail.
    pub fn fitted(&self) -> tail::Fitted {
        self.fitted
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::model::tail::tests::geometric;

    /// 100,000 games of a geometric game at ratio 0.4 (each count the expected one, rounded).
    fn games_at_04() -> Vec<u64> {
        (0..40)
            .map(|t| {
                if t == 0 {
                    0
                } else {
                    (1e5 * 0.6 * 0.4f64.powi(t - 1)).round() as u64
                }
            })
            .collect()
    }

    #[test]
    fn the_tail_past_the_games_falls_at_their_rate_not_the_priors() {
        // The games fall by 0.4 a turn, the prior by 0.5. The body ends at t0 = 8, the last turn
        // with at least 50 games longer (0.4^8 1e5 = 66; 0.4^9 1e5 = 26), and the tail is fitted
        // to the games past the last turn with 1,000 longer (0.4^5 1e5 = 1,024: t1 = 5). At turn
        // 30 the truth is S = 0.4^30 = 1.2e-12; the prior's shape would give S(8) 0.5^22 =
        // 1.6e-10, 135 times more.
        let m = LengthModel::simulated(games_at_04(), Arc::new(geometric(0.5, 60)));
        let truth = 0.4f64.powi(30);
        let s = m.survival(30);
        assert!(s / truth > 0.5 && s / truth < 2.0, "{s} against {truth}");
        // Still a distribution: it sums to 1 (the rounding of the counts aside).
        let total: f64 = (0..400).map(|t| m.p(t)).sum();
        assert!((total - 1.0).abs() < 1e-9, "{total}");
        // The fitted decay's noise is shared by the tail's lengths, each moving with it by its
        // distance from the tail's mean.
        let (far, near) = (m.tail_term(40).unwrap(), m.tail_term(20).unwrap());
        assert!(far > near && near > 0.0 && m.tail_term(3).is_none());
        assert!(m.tail_variances().1 > 0.0 && m.var_log_p(40) == 0.0);
        let (theta, se) = m.tail_tilt().unwrap();
        assert!((theta - 0.8f64.ln()).abs() < 4.0 * se, "{theta} +- {se}");
    }
}

//! The far tail of a simulated reference: where its own games run out, the shape of the exact
//! i.i.d. prior, tilted to decay at the rate the simulated games themselves show.
//!
//! Why tilt: a finite deck is a Markov chain too (on position and deck), so its game lengths
//! also end in a geometric tail, but at its own rate. On clark-program a shuffled deck's tail
//! falls by 0.954 a turn where i.i.d. draws fall by 0.963 (20,000,000 simulated games each);
//! continued with the i.i.d. rate from 100,000 games, the model puts 4 to 6 times too much mass
//! where the longest of 10^7 games lands, and the test of the maximum rejects the truth.
//!
//! The tilted prior q_t lambda^t is an exponential family in t with natural parameter
//! theta = ln lambda, so its maximum-likelihood fit to k games longer than t1 matches their
//! mean, E_theta[T | T > t1] = the games' mean, and Var(theta) = 1 / (k Var_theta(T | T > t1))
//! (the inverse Fisher information). With theta = 0 it is the prior itself.

use super::LengthModel;

/// At most this many turns of a tilted tail are summed term by term; past them the prior is
/// taken as geometric at its local decay (an absorbing chain's tail is, long before this).
pub const MAX_TERMS: usize = 20_000;

/// The prior's pmf past `start`, tilted by lambda = e^theta per turn and normalised: P(T = start
/// + j | T > start) for j = 1..=terms, then geometric.
#[derive(Debug, Clone)]
pub struct Tilted {
    /// `pmf[j - 1]` = P(T = start + j | T > start).
    pub pmf: Vec<f64>,
    /// `survival[j]` = P(T > start + j | T > start), for j = 0..=pmf.len().
    pub survival: Vec<f64>,
    /// Past the last term, each turn's probability is this times the one before.
    pub ratio: f64,
    /// E[T - start | T > start].
    pub mean: f64,
    /// Var(T | T > start).
    pub variance: f64,
}

impl Tilted {
    /// The tilt of `prior` past `start` by theta; `None` when the prior has no mass past it.
    pub fn of(prior: &LengthModel, start: usize, theta: f64) -> Option<Tilted> {
        let tail = prior.survival(start);
        if tail <= 0.0 || !theta.is_finite() {
            return None;
        }
        let terms = prior.computed_to().saturating_sub(start).min(MAX_TERMS);
        // ln of each term's weight q_(start + j) lambda^j, then the rest past the terms:
        // sum_(i >= 1) q_(end + i) lambda^(terms + i) with q geometric at decay rho past `end`,
        // q_(end + i) = S(end) (1 - rho) rho^(i - 1), is S(end) (1 - rho) lambda^(terms + 1) /
        // (1 - rho lambda).
        let mut logs: Vec<f64> = (1..=terms)
            .map(|j| prior.log_p(start + j) + j as f64 * theta)
            .collect();
        let end = start + terms;
        let rho = prior.decay_at(end);
        let ratio = rho * theta.exp();
        let rest_log = if ratio < 1.0 && rho < 1.0 && prior.survival(end) > 0.0 {
            prior.survival(end).ln() + (1.0 - rho).ln() + (terms + 1) as f64 * theta
                - (-ratio).ln_1p()
        } else {
            f64::NEG_INFINITY
        };
        let top = logs.iter().copied().fold(rest_log, f64::max);
        if !top.is_finite() {
            return None;
        }
        for l in &mut logs {
            *l = (*l - top).exp();
        }
        let rest = (rest_log - top).exp();
        let total: f64 = logs.iter().sum::<f64>() + rest;
        // The rest's turns past the terms, i >= 1, are geometric: E[i] = 1 / (1 - x) and
        // E[i^2] = (1 + x) / (1 - x)^2 with x the ratio.
        let (mut m1, mut m2) = (0.0, 0.0);
        for (j, w) in logs.iter().enumerate() {
            let j = (j + 1) as f64;
            m1 += j * w;
            m2 += j * j * w;
        }
        if rest > 0.0 {
            let x = ratio;
            let (e1, e2) = (1.0 / (1.0 - x), (1.0 + x) / ((1.0 - x) * (1.0 - x)));
            let t = terms as f64;
            m1 += rest * (t + e1);
            m2 += rest * (t * t + 2.0 * t * e1 + e2);
        }
        let (mean, second) = (m1 / total, m2 / total);
        let pmf: Vec<f64> = logs.iter().map(|w| w / total).collect();
        let mut survival = Vec::with_capacity(terms + 1);
        let mut above = rest / total;
        survival.push(above);
        for p in pmf.iter().rev() {
            above += p;
            survival.push(above);
        }
        survival.reverse();
        Some(Tilted {
            pmf,
            survival,
            ratio: if rest > 0.0 { ratio } else { 0.0 },
            mean,
            variance: (second - mean * mean).max(0.0),
        })
    }

    /// P(T = start + j | T > start), j >= 1.
    pub fn p(&self, j: usize) -> f64 {
        match self.pmf.get(j - 1) {
            Some(&p) => p,
            None => self.log_p(j).exp(),
        }
    }

    /// ln P(T = start + j | T > start), j >= 1 (exact far past the terms, where p underflows).
    pub fn log_p(&self, j: usize) -> f64 {
        match self.pmf.get(j - 1) {
            Some(&p) => p.ln(),
            // Nothing past the terms (a prior of finite support): impossible.
            None if self.ratio <= 0.0 => f64::NEG_INFINITY,
            // The first turn past the terms carries the share 1 - x of the rest.
            None => {
                let last = self.pmf.len();
                self.survival[last].ln()
                    + (-self.ratio).ln_1p()
                    + (j - last - 1) as f64 * self.ratio.ln()
            }
        }
    }

    /// P(T > start + j | T > start), j >= 0.
    pub fn survival(&self, j: usize) -> f64 {
        match self.survival.get(j) {
            Some(&s) => s,
            None if self.ratio <= 0.0 => 0.0,
            None => {
                let last = self.pmf.len();
                (self.survival[last].ln() + (j - last) as f64 * self.ratio.ln()).exp()
            }
        }
    }
}

/// The fit of the tilt to the games longer than a length: theta and its variance.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fitted {
    /// theta = ln lambda: 0 keeps the prior's decay, below 0 the simulated tail falls faster.
    pub theta: f64,
    /// Var(theta), the inverse Fisher information of the games fitted.
    pub variance: f64,
}

/// Fits theta to `games` games longer than `start`, of mean length `mean` (the exponential
/// family's likelihood equation, solved by Newton's method kept inside a bracket). `None` when
/// the prior has no mass past `start` or fewer than two games are given.
pub fn fit(prior: &LengthModel, start: usize, games: f64, mean: f64) -> Option<Fitted> {
    if games < 2.0 {
        return None;
    }
    let target = mean - start as f64;
    // theta must keep the tilted tail summable: rho e^theta < 1.
    let rho = prior.decay_at(prior.computed_to());
    let ceiling = if rho > 0.0 { -rho.ln() - 1e-6 } else { 20.0 };
    let (mut lo, mut hi) = (-20.0f64, ceiling.min(20.0));
    let at = |theta: f64| Tilted::of(prior, start, theta);
    let mut theta = 0.0f64.clamp(lo, hi);
    let mut fitted = at(theta)?;
    for _ in 0..100 {
        let gap = fitted.mean - target;
        if gap.abs() <= 1e-10 * target.max(1.0) {
            break;
        }
        if gap > 0.0 {
            hi = theta;
        } else {
            lo = theta;
        }
        // d E[T] / d theta = Var(T): Newton's step, or the bracket's middle when it leaves it.
        let newton = theta - gap / fitted.variance.max(1e-300);
        let next = if newton > lo && newton < hi {
            newton
        } else {
            0.5 * (lo + hi)
        };
        if (next - theta).abs() <= 1e-12 {
            break;
        }
        theta = next;
        fitted = at(theta)?;
    }
    Some(Fitted {
        theta,
        variance: 1.0 / (games * fitted.variance.max(1e-300)),
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Geometric lengths with ratio `r`: P(T = t) = (1 - r) r^(t - 1) for t >= 1, computed to
    /// `last` (geometric beyond, as every exact model).
    pub(crate) fn geometric(r: f64, last: usize) -> LengthModel {
        let pmf = (0..=last)
            .map(|t| {
                if t == 0 {
                    0.0
                } else {
                    (1.0 - r) * r.powi(t as i32 - 1)
                }
            })
            .collect();
        let survival = (0..=last).map(|t| r.powi(t as i32)).collect();
        LengthModel::exact(pmf, survival).unwrap()
    }

    #[test]
    fn a_tilt_of_a_geometric_prior_is_the_geometric_of_the_tilted_ratio() {
        // q_t lambda^t with q geometric at 1/2 and lambda = 0.8 is geometric at 0.4: past 10,
        // P(T = 10 + j | T > 10) = 0.6 0.4^(j - 1), mean 1 / 0.6, variance 0.4 / 0.36; the
        // prior is computed to 30 turns, so turns 21 on come from the geometric rest.
        let prior = geometric(0.5, 30);
        let t = Tilted::of(&prior, 10, 0.8f64.ln()).unwrap();
        for j in [1, 5, 20, 21, 40] {
            let want = 0.6 * 0.4f64.powi(j as i32 - 1);
            assert!((t.p(j) / want - 1.0).abs() < 1e-9, "{j}: {} {want}", t.p(j));
            assert!(
                (t.survival(j) / 0.4f64.powi(j as i32) - 1.0).abs() < 1e-9,
                "{j}"
            );
        }
        assert!((t.mean - 1.0 / 0.6).abs() < 1e-9, "{}", t.mean);
        assert!((t.variance - 0.4 / 0.36).abs() < 1e-9, "{}", t.variance);
        assert!((t.log_p(500) - (0.6f64.ln() + 499.0 * 0.4f64.ln())).abs() < 1e-6);
    }

    #[test]
    fn the_fit_recovers_the_decay_of_the_games_it_is_given() {
        // 2,000 games past turn 10 of mean 10 + 1 / 0.6: the tilt that makes the prior's
        // geometric at 1/2 one at 0.4 is lambda = 0.8. Its variance is 1 / (k Var) = 1 / (2000
        // 0.4 / 0.36).
        let prior = geometric(0.5, 30);
        let f = fit(&prior, 10, 2000.0, 10.0 + 1.0 / 0.6).unwrap();
        assert!((f.theta - 0.8f64.ln()).abs() < 1e-8, "{}", f.theta);
        assert!(
            (f.variance - 0.36 / (2000.0 * 0.4)).abs() < 1e-9,
            "{}",
            f.variance
        );
        // No games to fit, or no prior mass past the start: no fit.
        assert!(fit(&prior, 10, 1.0, 12.0).is_none());
        let finite = LengthModel::exact(vec![0.0, 0.5, 0.5], vec![1.0, 0.5, 0.0]).unwrap();
        assert!(fit(&finite, 2, 100.0, 3.0).is_none());
    }

    #[test]
    fn a_prior_of_finite_support_ends_the_tilted_tail_with_nothing_beyond() {
        // T = 1, 2 or 3 (a third each): past 1 the tilted tail has turns 2 and 3 and nothing
        // after; a game of 4 or 5 turns is impossible, not a NaN.
        let prior = LengthModel::exact(
            vec![0.0, 1.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0],
            vec![1.0, 2.0 / 3.0, 1.0 / 3.0, 0.0],
        )
        .unwrap();
        let t = Tilted::of(&prior, 1, 0.5f64.ln()).unwrap();
        // Weights 1/3 0.5 and 1/3 0.25: 2/3 and 1/3 of the tail.
        assert!((t.p(1) - 2.0 / 3.0).abs() < 1e-12 && (t.p(2) - 1.0 / 3.0).abs() < 1e-12);
        for j in [3, 4, 100] {
            assert_eq!(t.log_p(j), f64::NEG_INFINITY);
            assert_eq!(t.survival(j), 0.0);
        }
    }
}

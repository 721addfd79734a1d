//! The one-player distribution read with its guarantees, and the expected rounds of the first
//! and the last of j players (E\[R_j\], E\[max\]), exact or as bounds.

use crate::solve::guarantee::{probability, Figure};
use crate::solve::Distribution;

use super::product::Products;
use super::OnePlayer;

/// The one-player distribution read with its guarantees: values clamped to \[0, 1\] and the
/// sums the bounds need.
pub(super) struct Reading<'a> {
    d: &'a Distribution,
    /// L, the last turn computed.
    pub(super) last: usize,
    /// E\[T\] from the linear solve.
    pub(super) mean: f64,
    pub(super) tolerance: f64,
    /// sum_(n>L) S(n) = E\[T\] - sum_(n<=L) S(n): what the turns past the cut add to E\[T\].
    pub(super) tail: f64,
}

impl<'a> Reading<'a> {
    pub(super) fn of(one: &OnePlayer<'a>) -> Reading<'a> {
        let d = one.dist;
        let last = d.last_turn();
        let computed: f64 = (0..=last).map(|n| probability(d.survival(n))).sum();
        Reading {
            d,
            last,
            mean: one.mean,
            tolerance: one.tolerance,
            tail: (one.mean - computed).max(0.0),
        }
    }
    /// S(n), n <= L.
    pub(super) fn s(&self, n: usize) -> f64 {
        probability(self.d.survival(n))
    }
    /// F(n) = 1 - S(n), n <= L.
    pub(super) fn f(&self, n: usize) -> f64 {
        probability(1.0 - self.s(n))
    }
    /// p(n), 0 past L.
    pub(super) fn p(&self, n: usize) -> f64 {
        self.d.pmf.get(n).map_or(0.0, |&x| probability(x))
    }
    /// S(L), the chance left out.
    pub(super) fn left_out(&self) -> f64 {
        self.s(self.last)
    }
    /// E\[R_j\] = sum_(r<=L) S(r)^j, the rounds until the first of j players finishes, as far as
    /// the distribution goes.
    fn min_rounds(&self, j: usize) -> f64 {
        (0..=self.last).map(|r| self.s(r).powi(j as i32)).sum()
    }
    /// E\[R_j\] with its guarantee: exact for j = 1 (the linear solve), for a cut that leaves
    /// out less than the tolerance for j players (S(L)^j), or from the product chain; else
    /// bounds: what the distribution gives, plus at most S(L)^(j-1) sum_(n>L) S(n) past the
    /// cut, and never more than E\[R_(j-1)\] (the first of j players finishes no later than the
    /// first of j - 1 of them).
    pub(super) fn min_rounds_figure(&self, j: usize, products: &Products) -> Figure {
        if j == 1 {
            return Figure::Exact(self.mean);
        }
        if self.left_out().powi(j as i32) < self.tolerance {
            return Figure::Exact(self.min_rounds(j));
        }
        if let Some(p) = products.get(j) {
            return Figure::Exact(p.mean_rounds);
        }
        let low = self.min_rounds(j);
        let fewer = match self.min_rounds_figure(j - 1, products) {
            Figure::Exact(v) | Figure::Bounds { high: v, .. } => v,
        };
        let high = (low + self.left_out().powi(j as i32 - 1) * self.tail).min(fewer);
        Figure::Bounds {
            low,
            high: high.max(low),
        }
    }
    /// E\[max T_j\] over k players with its guarantee. Exact for one player (E\[T\]), for a
    /// distribution that was not cut (sum_(r<=L) (1 - F(r)^k)), and by inclusion-exclusion,
    /// E\[max\] = sum_j (-1)^(j+1) C(k, j) E\[R_j\], when every E\[R_j\] is exact. Otherwise
    /// bounds: that sum in interval arithmetic over the bounded E\[R_j\]; what the distribution
    /// gives plus, past the cut, terms 1 - F(n)^k between S(n) and k S(n); and between
    /// E\[max\] of k - 1 players and that plus E\[T\] (one more player finishes no earlier and
    /// adds at most its own length).
    pub(super) fn max_rounds_figure(&self, k: usize, products: &Products) -> Figure {
        let ki = k as i32;
        let computed: f64 = (0..=self.last).map(|n| 1.0 - self.f(n).powi(ki)).sum();
        if k == 1 {
            return Figure::Exact(self.mean);
        }
        if self.left_out() < self.tolerance {
            return Figure::Exact(computed);
        }
        let (mut low, mut high, mut exact) = (0.0, 0.0, true);
        let mut binomial = 1.0;
        for j in 1..=k {
            binomial = binomial * (k + 1 - j) as f64 / j as f64;
            let (a, b) = match self.min_rounds_figure(j, products) {
                Figure::Exact(v) => (v, v),
                Figure::Bounds { low, high } => {
                    exact = false;
                    (low, high)
                }
            };
            if j % 2 == 1 {
                (low, high) = (low + binomial * a, high + binomial * b);
            } else {
                (low, high) = (low - binomial * b, high - binomial * a);
            }
        }
        if exact {
            return Figure::Exact(low);
        }
        let (fewer_low, fewer_high) = match self.max_rounds_figure(k - 1, products) {
            Figure::Exact(v) => (v, v),
            Figure::Bounds { low, high } => (low, high),
        };
        let low = low.max(computed + self.tail).max(fewer_low);
        let high = high
            .min(computed + k as f64 * self.tail)
            .min(fewer_high + self.mean);
        Figure::Bounds {
            low,
            high: high.max(low),
        }
    }

    /// The smallest n <= `to` with `cdf(n)` >= `p`, or (`to` + 1, a lower bound).
    pub(super) fn quantile(to: usize, p: f64, cdf: impl Fn(usize) -> f64) -> (usize, bool) {
        (0..=to)
            .find(|&n| cdf(n) >= p)
            .map_or((to + 1, true), |n| (n, false))
    }

    /// The smallest n <= `to` with `cdf(n)` >= 1/2, or (`to` + 1, a lower bound).
    pub(super) fn median(to: usize, cdf: impl Fn(usize) -> f64) -> (usize, bool) {
        (0..=to)
            .find(|&n| cdf(n) >= 0.5)
            .map_or((to + 1, true), |n| (n, false))
    }
}

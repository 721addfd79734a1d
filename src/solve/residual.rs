//! What a computed solution of (I - Q) x = b is worth, whichever solver found it: its residual
//! from the chain's exact integer counts, and the bound that residual puts on its error.
//!
//! What is printed is bounded, not trusted: for a solution x with residual r = b - (I - Q) x,
//! the error is x - x* = -N r, so |x - x*| <= ||N||_inf ||r||_inf, and for a substochastic Q,
//! N = (I - Q)^-1 >= 0 and ||N||_inf = max_s (N 1)_s, the longest expected game from any state.

use crate::chain::Counts;

/// r = b - (I - Q) x (or b - (I - Q)^T x), Q = `counts` / `d`.
pub fn residual(counts: &Counts, d: f64, transposed: bool, x: &[f64], b: &[f64]) -> Vec<f64> {
    let mut r: Vec<f64> = b.iter().zip(x).map(|(b, x)| b - x).collect();
    for (s, row) in counts.outer_iterator().enumerate() {
        for (t, &c) in row.iter() {
            let q = f64::from(c) / d;
            if transposed {
                r[t] += q * x[s];
            } else {
                r[s] += q * x[t];
            }
        }
    }
    r
}

/// The largest absolute value.
pub fn max_abs(v: &[f64]) -> f64 {
    v.iter().fold(0.0, |m, x| m.max(x.abs()))
}

/// A bound on ||N||_inf (or, from the column sums, on ||N||_1) from its computed value E =
/// N 1 (or N^T 1) and that solve's residual `r_e`: the exact E* <= E + ||N|| ||r_e||, so
/// ||N|| <= max E / (1 - ||r_e||) when ||r_e|| < 1 (infinite otherwise). `terms` is the most
/// products a residual entry sums (see [`error_bound`]).
pub fn norm_bound(e: &[f64], r_e: &[f64], terms: usize) -> f64 {
    let max_e = max_abs(e);
    let re = max_abs(r_e) + rounding(terms, max_e.max(1.0));
    if re >= 1.0 {
        f64::INFINITY
    } else {
        max_e / (1.0 - re)
    }
}

/// A bound on |x - x*| for every entry of a solution x of (I - Q) x = b with residual `r`:
/// the error is N r, so at most `norm` ||r||_inf with `norm` >= ||N||_inf ([`norm_bound`]).
/// The residual is computed in `f64` too: each entry sums at most `terms` products whose
/// magnitudes add up to at most 2 `scale` (the largest |x| or |b|), so it is off by at most
/// `terms` + 2 unit roundoffs of that, which is added. For a row solve x^T (I - Q) = b^T the
/// same holds with `norm` >= ||N||_1, the largest column sum.
pub fn error_bound(r: &[f64], terms: usize, scale: f64, norm: f64) -> f64 {
    norm * (max_abs(r) + rounding(terms, scale))
}

fn rounding(terms: usize, scale: f64) -> f64 {
    (terms as f64 + 2.0) * f64::EPSILON * 2.0 * scale
}

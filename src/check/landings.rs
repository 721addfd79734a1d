//! Landing counts of a simulator of a board that loops against an expected count per square:
//! each square's z of the sample mean over its standard error, from the spread between the
//! rows (games or batches) and the reference's own noise when it is simulated, and one
//! p-value for the board, the smallest square's two-sided p times the squares tested
//! (Bonferroni: the chance that a true hypothesis is rejected stays under the level whatever
//! the dependence between squares).
//!
//! Rows must be independent (games) or nearly so (long batches of one run, "batch means": the
//! spread between batches holds the dependence between rolls within a batch; what is left
//! between batches shows in their lag-1 correlation, which is reported). A square whose
//! expected landings over the whole sample are under [`MIN_LANDINGS`] is not tested (its
//! normal approximation would not hold), and is listed as such, unless landings were counted
//! where the hypothesis counts none, which rejects it outright.

use serde::Serialize;

use crate::stats::ZScore;

/// Squares expected fewer landings than this over the whole sample are not tested.
pub const MIN_LANDINGS: f64 = 10.0;

/// The rows (games or batches) a test needs at least: the spread between rows is estimated.
pub const MIN_ROWS: usize = 30;

/// Each square's sample mean and variance over the rows.
#[derive(Debug, Clone, PartialEq)]
pub struct RowMoments {
    /// Rows.
    pub rows: usize,
    /// Mean landings per row, square by square.
    pub mean: Vec<f64>,
    /// Sample variance (n - 1) of the landings per row.
    pub variance: Vec<f64>,
    /// Each square's lag-1 correlation between consecutive rows.
    pub lag1: Vec<f64>,
}

impl RowMoments {
    /// The moments of `rows` (each a count per square, all of one length).
    pub fn of(rows: &[Vec<u64>]) -> RowMoments {
        let n = rows.len();
        let squares = rows.first().map_or(0, Vec::len);
        let mut mean = vec![0.0; squares];
        for r in rows {
            for (m, c) in mean.iter_mut().zip(r) {
                *m += *c as f64;
            }
        }
        mean.iter_mut().for_each(|m| *m /= n.max(1) as f64);
        let mut variance = vec![0.0; squares];
        let mut lagged = vec![0.0; squares];
        for (i, r) in rows.iter().enumerate() {
            for s in 0..squares {
                let d = r[s] as f64 - mean[s];
                variance[s] += d * d;
                if i > 0 {
                    lagged[s] += d * (rows[i - 1][s] as f64 - mean[s]);
                }
            }
        }
        let lag1 = variance
            .iter()
            .zip(&lagged)
            .map(|(v, l)| if *v > 0.0 { l / v } else { 0.0 })
            .collect();
        variance
            .iter_mut()
            .for_each(|v| *v /= n.saturating_sub(1).max(1) as f64);
        RowMoments {
            rows: n,
            mean,
            variance,
            lag1,
        }
    }
}

/// A reference whose expected counts are themselves estimated (simulated): its rows' moments.
#[derive(Debug, Clone, PartialEq)]
pub struct Estimated<'a> {
    /// The reference sample's moments (its mean is the expected count).
    pub moments: &'a RowMoments,
}

/// One square's test.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct SquareTest {
    /// The square.
    pub square: usize,
    /// Mean landings per row in the data.
    pub observed: f64,
    /// Expected landings per row under the hypothesis.
    pub expected: f64,
    /// (observed - expected) / standard error; absent when the square is not tested.
    pub z: Option<ZScore>,
}

/// The test of one hypothesis.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct LandingFit {
    /// min(1, squares tested x the smallest two-sided p).
    pub p: f64,
    /// The square with the largest |z|.
    pub worst: Option<usize>,
    /// Squares tested.
    pub tested: usize,
    /// Every square, in board order.
    pub squares: Vec<SquareTest>,
}

/// Tests the data's moments against `expected` landings per row (an exact reference), or
/// against a simulated one.
pub fn fit(data: &RowMoments, expected: &[f64], estimated: Option<Estimated<'_>>) -> LandingFit {
    let n = data.rows as f64;
    let mut squares = Vec::with_capacity(expected.len());
    let mut worst: Option<(usize, f64)> = None;
    let mut tested = 0usize;
    let mut p_min: f64 = 1.0;
    for (s, &e) in expected.iter().enumerate() {
        let observed = data.mean[s];
        let counted_where_none = e == 0.0 && observed > 0.0 && estimated.is_none();
        let z = if counted_where_none {
            Some(ZScore::of(observed, 0.0))
        } else if e * n >= MIN_LANDINGS {
            let mut var = data.variance[s] / n;
            if let Some(r) = &estimated {
                var += r.moments.variance[s] / r.moments.rows as f64;
            }
            Some(ZScore::of(observed - e, var.sqrt()))
        } else {
            None
        };
        if let Some(z) = z {
            tested += 1;
            p_min = p_min.min(z.p_value());
            let size = z.value().abs();
            if worst.is_none_or(|(_, w)| size > w) {
                worst = Some((s, size));
            }
        }
        squares.push(SquareTest {
            square: s,
            observed,
            expected: e,
            z,
        });
    }
    LandingFit {
        p: (p_min * tested.max(1) as f64).min(1.0),
        worst: worst.map(|(s, _)| s),
        tested,
        squares,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moments_of_two_rows_by_hand() {
        // Rows (1, 4) and (3, 4): means 2 and 4, sample variances ((1-2)^2 + (3-2)^2) / 1 = 2
        // and 0; lag-1 correlation of the first square (-1)(+1) / 2 = -0.5.
        let m = RowMoments::of(&[vec![1, 4], vec![3, 4]]);
        assert_eq!(m.mean, vec![2.0, 4.0]);
        assert_eq!(m.variance, vec![2.0, 0.0]);
        assert_eq!(m.lag1[0], -0.5);
    }

    #[test]
    fn a_count_where_none_is_expected_rejects() {
        let rows: Vec<Vec<u64>> = (0..40)
            .map(|i| vec![10 + i % 3, u64::from(i == 7)])
            .collect();
        let m = RowMoments::of(&rows);
        let f = fit(&m, &[11.0, 0.0], None);
        assert_eq!(f.p, 0.0);
        assert_eq!(f.worst, Some(1));
    }

    #[test]
    fn a_rare_square_is_not_tested() {
        // 40 rows expecting 0.1 landings each: 4 in all, under MIN_LANDINGS.
        let rows: Vec<Vec<u64>> = (0..40).map(|_| vec![5, 0]).collect();
        let f = fit(&RowMoments::of(&rows), &[5.0, 0.1], None);
        assert_eq!(f.tested, 1);
        assert!(f.squares[1].z.is_none());
    }
}

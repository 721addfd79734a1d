//! The certificate that every game ends: from every state the finish is reached within d
//! turns with probability at least p, which bounds the whole tail rigorously.

use std::collections::VecDeque;

use serde::{Deserialize, Serialize};

use crate::chain::{Chain, Probabilities};

/// The certificate that every game ends, with its tail bounds.
///
/// Each window (d, p) says: from every state the finish is reached within d turns with
/// probability at least p. Then P(T > n) <= (1 - p)^floor(n / d) for every n (split the game
/// into blocks of d turns; each block fails to finish with probability at most 1 - p, whatever
/// happened before). Several windows are kept because a short window bounds small n best and
/// a long one has the best rate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Certificate {
    /// (d, p) pairs, d = d0, 2 d0, 4 d0, ... with d0 the largest distance to the finish.
    pub windows: Vec<(usize, f64)>,
}

impl Certificate {
    /// The windows that say something: a window of no turns, or a chance outside (0, 1], says
    /// nothing (a certificate read from a file may hold one), and is passed over.
    fn telling(&self) -> impl Iterator<Item = (usize, f64)> + '_ {
        self.windows
            .iter()
            .copied()
            .filter(|&(d, p)| d > 0 && p > 0.0 && p <= 1.0)
    }

    /// The best of the windows' bounds on P(T > n) (1 when no window tells anything).
    pub fn bound(&self, n: usize) -> f64 {
        self.telling()
            .map(|(d, p)| (1.0 - p).powi((n / d).min(i32::MAX as usize) as i32))
            .fold(1.0, f64::min)
    }

    /// The best asymptotic rate per turn, min over windows of (1 - p)^(1/d) (1 when no window
    /// tells anything).
    pub fn rate(&self) -> f64 {
        self.telling()
            .map(|(d, p)| (1.0 - p).powf(1.0 / d as f64))
            .fold(1.0, f64::min)
    }
}

/// Computes the certificate by iterating f_j = r + Q f_(j-1), where f_j(s) = P(finish within
/// j turns from s), and taking p = min_s f_d(s) for each window. `None` if some state cannot
/// finish.
pub fn certificate<S, C>(chain: &Chain<S, C>) -> Option<Certificate> {
    let n = chain.len();
    let can = chain.can_finish();
    if can.iter().any(|ok| !ok) {
        return None;
    }
    let d0 = distances_to_finish(chain)
        .into_iter()
        .max()
        .unwrap_or(1)
        .max(1);
    let p = Probabilities::new(chain.denominator());
    let r = chain.r();
    let mut f = vec![0.0; n];
    let mut next = vec![0.0; n];
    let mut windows = Vec::new();
    let mut j = 0;
    let mut window = d0;
    for _ in 0..8 {
        while j < window {
            chain.step_back(&p, &r, &f, &mut next);
            std::mem::swap(&mut f, &mut next);
            j += 1;
        }
        // Round p down a little so that float rounding never makes a bound too strong.
        let p = f.iter().cloned().fold(1.0, f64::min) * (1.0 - 1e-9);
        if p > 0.0 {
            windows.push((window, p));
        }
        window *= 2;
    }
    Some(Certificate { windows })
}

/// For each state, the fewest turns to the finish (reverse breadth-first search).
pub fn distances_to_finish<S, C>(chain: &Chain<S, C>) -> Vec<usize> {
    let n = chain.len();
    let reverse = chain.counts().transpose_view().to_csr();
    let mut dist = vec![usize::MAX; n];
    let mut queue = VecDeque::new();
    for (s, &f) in chain.finish_counts().iter().enumerate() {
        if f > 0 {
            dist[s] = 1;
            queue.push_back(s);
        }
    }
    while let Some(t) = queue.pop_front() {
        if let Some(preds) = reverse.outer_view(t) {
            for (s, _) in preds.iter() {
                if dist[s] == usize::MAX {
                    dist[s] = dist[t] + 1;
                    queue.push_back(s);
                }
            }
        }
    }
    dist
}

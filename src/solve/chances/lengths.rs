//! The length distribution of one player alone ([`Chain`]), pushed turn by turn: the chances
//! of reaching home, of being cut at the cap and of getting stuck, on each turn.

use super::chain::{Chain, Target};

/// The length distribution, turn by turn: `home[t]` and `cut[t]` are the chances the game
/// ends at home (is cut) on turn t (index 0 unused), until at most `tolerance` is left or
/// `max_turns`.
#[derive(Debug, Clone, PartialEq)]
pub struct Lengths {
    /// Chance of reaching home on each turn.
    pub home: Vec<f64>,
    /// Chance of being cut on each turn.
    pub cut: Vec<f64>,
    /// Chance of getting stuck forever, over all turns computed.
    pub stuck: f64,
    /// The chance still playing after the last turn computed.
    pub left: f64,
    /// `survival[t]`: the chance still playing after turn t (neither home, nor cut, nor stuck),
    /// computed directly rather than as 1 - a sum, so that it stays accurate deep in the tail.
    pub survival: Vec<f64>,
}

impl Lengths {
    /// Mean turns over the games that reach home, and the standard deviation.
    pub fn mean_sd(&self) -> (f64, f64) {
        let mass: f64 = self.home.iter().sum();
        let m1: f64 = self
            .home
            .iter()
            .enumerate()
            .map(|(t, p)| t as f64 * p)
            .sum::<f64>()
            / mass;
        let m2: f64 = self
            .home
            .iter()
            .enumerate()
            .map(|(t, p)| (t * t) as f64 * p)
            .sum::<f64>()
            / mass;
        (m1, (m2 - m1 * m1).max(0.0).sqrt())
    }

    /// The first turn by which at least `q` of the games reached home.
    pub fn quantile(&self, q: f64) -> Option<usize> {
        let mut acc = 0.0;
        for (t, p) in self.home.iter().enumerate() {
            acc += p;
            if acc >= q {
                return Some(t);
            }
        }
        None
    }
}

/// Pushes the start's mass through the chain turn by turn. A state in the middle of a turn takes no time:
/// its mass moves on within the same turn. Its move is forward, so the "move again" states
/// reached within one turn lie on squares further and further on: swept once per turn in order
/// of square, each has all its mass of the turn when its turn in the sweep comes.
pub fn lengths<S>(chain: &Chain<S>, tolerance: f64, max_turns: usize) -> Lengths {
    lengths_until(chain, tolerance, 0, max_turns)
}

/// [`lengths`], pushed at least to turn `at_least` (within `max_turns`).
pub fn lengths_until<S>(
    chain: &Chain<S>,
    tolerance: f64,
    at_least: usize,
    max_turns: usize,
) -> Lengths {
    lengths_watched(chain, tolerance, at_least, max_turns, &mut |_, _| true)
}

/// [`lengths_until`], telling `watch` after each turn the turns pushed and the chance still
/// playing; it stops early (cut there) once `watch` says false.
pub fn lengths_watched<S>(
    chain: &Chain<S>,
    tolerance: f64,
    at_least: usize,
    max_turns: usize,
    watch: &mut dyn FnMut(usize, f64) -> bool,
) -> Lengths {
    let n = chain.len();
    // The rows flattened, each entry a target (a state, or one of the three ends past the
    // states) with its probability: the push below reads them about a hundred times.
    let (home_at, cut_at) = (n as u32, n as u32 + 1);
    let mut first = Vec::with_capacity(n + 1);
    let (mut to, mut p) = (Vec::new(), Vec::new());
    for (row, &den) in chain.rows.iter().zip(&chain.dens) {
        first.push(to.len());
        for &(t, c) in row {
            to.push(match t {
                Target::State(t) => t,
                Target::Home => home_at,
                Target::Cut => cut_at,
                Target::Stuck => n as u32 + 2,
            });
            p.push(c as f64 / den as f64);
        }
    }
    first.push(to.len());
    let is_again = &chain.mid_turn;
    let mut again: Vec<usize> = (0..n).filter(|&s| is_again[s]).collect();
    again.sort_by_key(|&s| chain.progress[s]);
    let mut pi = vec![0.0; n];
    pi[chain.start] = 1.0;
    let mut home = vec![0.0];
    let mut cut = vec![0.0];
    let mut left = 1.0;
    let mut stuck = 0.0;
    let mut next = vec![0.0; n];
    let mut pending = vec![0.0; n];
    let mut survival = vec![1.0];
    while (left > tolerance || home.len() <= at_least) && home.len() <= max_turns && left > 0.0 {
        // Mass reaching home, the cap and a dead end this turn.
        let mut ends = [0.0; 3];
        let mut spread = |s: usize, mass: f64, next: &mut [f64], pending: &mut [f64]| {
            for i in first[s]..first[s + 1] {
                let (t, q) = (to[i] as usize, mass * p[i]);
                if t >= n {
                    ends[t - n] += q;
                } else if is_again[t] {
                    pending[t] += q;
                } else {
                    next[t] += q;
                }
            }
        };
        for (s, mass) in pi.iter_mut().enumerate() {
            if *mass != 0.0 {
                spread(s, *mass, &mut next, &mut pending);
                *mass = 0.0;
            }
        }
        for &s in &again {
            let mass = std::mem::take(&mut pending[s]);
            if mass != 0.0 {
                spread(s, mass, &mut next, &mut pending);
            }
        }
        std::mem::swap(&mut pi, &mut next);
        home.push(ends[0]);
        cut.push(ends[1]);
        stuck += ends[2];
        left = pi.iter().sum();
        survival.push(left);
        if !watch(home.len() - 1, left) {
            break;
        }
    }
    Lengths {
        home,
        cut,
        stuck,
        left,
        survival,
    }
}

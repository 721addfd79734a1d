//! The chance of ever landing on each space, for all spaces at once.
//!
//! P(ever hit x) is an absorption probability: one solve per space made absorbing, n solves
//! in all (quadratic). But a race game moves forward except for a few backward moves, whose
//! targets F (k of them) cut every game into segments: from the start or from a state of F,
//! forward through states outside F, until the next entry into F or the finish. Within a
//! segment a space is hit at most once when every move that hits it leaves the token past
//! every move that hits it (checked for each space; the rare space that fails is solved on its
//! own). Then, with o an origin (the start or a state of F) and g in F:
//!
//! - v^o_s, the turns begun in s during a segment from o, by one forward sweep per origin;
//! - direct_x(o) = sum over moves (s, c) hitting x of v^o_s p_c: the chance that the segment
//!   from o hits x (at most once, so expectation = probability);
//! - E_o(g), the chance that the segment from o ends by entering g, and
//!   L_x(o, g) = sum over moves hitting x of v^o_s p_c P(the segment then enters F at g)
//!   (1 if the move itself enters g; the sweep's first-entry row B_t after it otherwise);
//! - p_x(o) = direct_x(o) + sum_g (E_o(g) - L_x(o, g)) p_x(g): a k x k system per space.
//!
//! Cost: O((k + 1) transitions) for the sweeps and the sums, O(k^3) per space, instead of
//! O(n transitions); memory O((k + 1) (n + k spaces)).

use crate::chain::{Chain, Counts, FINISH};
use crate::solve::{backward_targets, SolveFailure, Sweep};

/// What is summed for one space over the moves that hit it.
#[derive(Debug, Clone)]
struct Sums {
    /// The last state a hitting move starts from.
    last_from: usize,
    /// The first state outside F a hitting move leads to (`usize::MAX` if none).
    first_to: usize,
    /// A hitting move that leaves the token where it was (hits again and again).
    stays: bool,
    /// direct(o), one per origin.
    direct: Vec<f64>,
    /// L(o, g), origins x targets, row-major.
    then_enters: Vec<f64>,
}

/// The chance of ever hitting one space, as far as the segments tell.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum FirstHit {
    /// No move hits the space.
    Never,
    /// P(ever hit) from the start.
    Chance(f64),
    /// A segment could hit the space twice (or the small system failed): solve it on its own.
    SolveAlone,
}

/// P(ever hit x) from the start for each of `spaces` spaces, where `hits(s, card, found)` calls
/// `found(x)` once for each space x the move (s, card) hits.
pub fn hit_probabilities<S, C>(
    chain: &Chain<S, C>,
    spaces: usize,
    hits: impl Fn(usize, usize, &mut dyn FnMut(usize)),
) -> Result<Vec<FirstHit>, SolveFailure> {
    let n = chain.len();
    let sweep = Sweep::<f64>::first_entries(chain.counts(), chain.denominator())
        .map_err(|_| SolveFailure::CannotFinish)?;
    let targets = backward_targets(chain.counts());
    let k = targets.len();
    let mut slot = vec![usize::MAX; n];
    for (j, &f) in targets.iter().enumerate() {
        slot[f] = j;
    }
    // Origins: the targets, then the start unless it is one.
    let mut origins = targets.clone();
    if slot[chain.start()] == usize::MAX {
        origins.push(chain.start());
    }
    let m = origins.len();
    let start = origins
        .iter()
        .position(|&o| o == chain.start())
        .expect("the start is an origin");
    let segments: Vec<Segment> = origins
        .iter()
        .map(|&o| Segment::from(chain.counts(), chain.denominator(), (&slot, k), o, 1.0))
        .collect();
    let mut sums: Vec<Option<Sums>> = vec![None; spaces];
    for s in 0..n {
        for (card, p) in card_weights(chain, s) {
            let to = chain.next(s, card);
            // Where the token enters F after this move: g with chance b.
            let enters: Vec<(usize, f64)> = if to == FINISH {
                Vec::new()
            } else if slot[to as usize] != usize::MAX {
                vec![(slot[to as usize], 1.0)]
            } else {
                let row = sweep.first_entry(to as usize).iter().enumerate();
                row.filter(|(_, &b)| b != 0.0)
                    .map(|(g, &b)| (g, b))
                    .collect()
            };
            hits(s, card, &mut |x| {
                let sum = sums[x].get_or_insert_with(|| Sums {
                    last_from: 0,
                    first_to: usize::MAX,
                    stays: false,
                    direct: vec![0.0; m],
                    then_enters: vec![0.0; m * k],
                });
                sum.last_from = sum.last_from.max(s);
                sum.stays |= to as usize == s;
                if to != FINISH && slot[to as usize] == usize::MAX {
                    sum.first_to = sum.first_to.min(to as usize);
                }
                for (o, segment) in segments.iter().enumerate() {
                    let flow = segment.visits[s] * p;
                    if flow != 0.0 {
                        sum.direct[o] += flow;
                        for &(g, b) in &enters {
                            sum.then_enters[o * k + g] += flow * b;
                        }
                    }
                }
            });
        }
    }
    Ok(sums
        .iter()
        .map(|sum| {
            let Some(sum) = sum else {
                return FirstHit::Never;
            };
            // Within a segment, after a hit the token is past every hitting move.
            let once = !sum.stays && (sum.first_to == usize::MAX || sum.first_to > sum.last_from);
            match once
                .then(|| solve_space(sum, &segments, k, start))
                .flatten()
            {
                Some(p) => FirstHit::Chance(p),
                None => FirstHit::SolveAlone,
            }
        })
        .collect())
}

/// One forward segment from an origin: the turns begun in each state before the token enters
/// a target of a backward move again (self-loops divided out, the origin's too), and how it
/// ends. With every step's chance divided by lambda (1 for chances), the exits are the
/// first-return matrix the spectral radius is found from (`crate::results::forever`).
pub(crate) struct Segment {
    /// Turns begun in each state (weighted by lambda^-steps).
    pub visits: Vec<f64>,
    /// E(g): the chance of ending by entering the g-th target (weighted likewise).
    pub exits: Vec<f64>,
}

impl Segment {
    /// The segment from `origin`, with `slot[t]` the number of target t (`usize::MAX` for
    /// the other states) and k targets.
    pub(crate) fn from(
        counts: &Counts,
        d: u32,
        (slot, k): (&[usize], usize),
        origin: usize,
        lambda: f64,
    ) -> Segment {
        let scale = 1.0 / (f64::from(d) * lambda);
        let mut visits = vec![0.0; counts.rows()];
        let mut exits = vec![0.0; k];
        visits[origin] = 1.0;
        for s in origin..counts.rows() {
            if visits[s] == 0.0 || (s != origin && slot[s] != usize::MAX) {
                continue;
            }
            let stay = counts.get(s, s).map_or(0.0, |&c| f64::from(c) * scale);
            visits[s] /= 1.0 - stay;
            let v = visits[s];
            let row = counts.outer_view(s).expect("row in range");
            for (t, &c) in row.iter().filter(|&(t, _)| t != s) {
                let flow = v * f64::from(c) * scale;
                match slot[t] {
                    usize::MAX => visits[t] += flow,
                    g => exits[g] += flow,
                }
            }
        }
        Segment { visits, exits }
    }
}

/// p_x(start) for one space: (I - A_FF) p_F = direct_F, then
/// p(start) = direct(start) + A_start,F p_F, with A(o, g) = E_o(g) - L(o, g).
fn solve_space(sum: &Sums, segments: &[Segment], k: usize, start: usize) -> Option<f64> {
    let avoid = |o: usize, g: usize| (segments[o].exits[g] - sum.then_enters[o * k + g]).max(0.0);
    if k == 0 {
        return Some(sum.direct[start].clamp(0.0, 1.0));
    }
    let mut system = nalgebra::DMatrix::<f64>::identity(k, k);
    for f in 0..k {
        for g in 0..k {
            system[(f, g)] -= avoid(f, g);
        }
    }
    let rhs = nalgebra::DVector::from_column_slice(&sum.direct[..k]);
    let p_f = system.lu().solve(&rhs)?;
    let p = if start < k {
        p_f[start]
    } else {
        sum.direct[start] + (0..k).map(|g| avoid(start, g) * p_f[g]).sum::<f64>()
    };
    Some(p.clamp(0.0, 1.0))
}

/// The chance of each card kind on a turn from `s` (a turn that draws no card: the first kind
/// stands for the whole turn).
pub(crate) fn card_weights<S, C>(
    chain: &Chain<S, C>,
    s: usize,
) -> impl Iterator<Item = (usize, f64)> + '_ {
    let d = f64::from(chain.denominator());
    let draws = chain.draws(s);
    chain
        .cards()
        .iter()
        .enumerate()
        .filter(move |(k, _)| draws || *k == 0)
        .map(move |(k, (_, c))| (k, if draws { f64::from(*c) / d } else { 1.0 }))
}

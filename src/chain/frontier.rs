//! The state distribution pushed one turn at a time, paying for the states that hold mass
//! rather than for every state: pi_n = pi_(n-1) Q over the states whose chance is at least a
//! floor, the rest dropped and their mass added up.
//!
//! A race's mass after n turns sits in a part of the board (the front a few standard deviations
//! wide, and behind it, spread out, what a card that sends a token ahead put there), while a full
//! product reads every state: on a generated board of 10^5 spaces, 10 to 15 % of the states
//! hold a chance above 10^-27 at any turn, and 1.5 to 2.5 % on one of 10^6. A state whose
//! chance is below the floor is left out, and what it held is kept in [`Frontier::dropped`]:
//! every P(T = n) and P(T > n) computed is then a lower bound within that sum of the exact one
//! (the dropped mass finishes some time, at most all of it at any one turn), so the sum is
//! added to the bound the distribution states (the "mass left out").
//!
//! The floor for turn n is A H / (S_n (n + H) (n + H + 1)), with S_n the number of states the
//! turn reads, A the mass allowed to be dropped and H = 256: at most S_n states are dropped
//! that turn, each with less than the floor, and the sum over n >= 0 of H / ((n + H)(n + H + 1))
//! telescopes to 1, so at most A is ever dropped, whatever the number of turns. (With S_n the
//! whole chain and H = 1, the floor was 10^4 times lower at turn 6,000 of a board of 10^5
//! spaces, and the distribution took 1.12 times as long.) The floor never goes below the
//! smallest normal `f64`: smaller chances are computed as subnormal numbers, at a hundred times
//! the cost.
//!
//! The states that may hold mass are kept as a bit per block of 64 consecutive states: a step
//! reads those blocks whole and in order (the cache lines it reads are then used whole), and
//! each transition marks its target's block. Measured against a list of the states reached
//! (the same step otherwise), 1.45 s against 1.9 s of processor time for `analyze` on a
//! generated board of 10^5 spaces.

use super::{Counts, Probabilities};

/// H of the floor: the turns over which the allowance is spread about evenly before it thins
/// as 1 / n^2.
const HORIZON: f64 = 256.0;

/// States are tracked in blocks of this many consecutive indices: a bit per block says which
/// may hold mass, and a block that may is read whole, in index order.
const BLOCK: usize = 64;

/// The state distribution of one token, turn by turn.
#[derive(Debug, Clone)]
pub struct Frontier {
    pi: Vec<f64>,
    next: Vec<f64>,
    /// Bit b of word w: block 64 w + b may hold mass in `pi`.
    blocks: Vec<u64>,
    next_blocks: Vec<u64>,
    allowance: f64,
    turn: usize,
    dropped: f64,
    mass: f64,
}

/// What one step adds up: the chance of finishing from the states kept, and the worth of the
/// states dropped.
struct Sums {
    finished: f64,
    dropped: f64,
}

impl Frontier {
    /// All the mass on `start`, among `states` states; at most `allowance` will be dropped in
    /// all (0: only chances below the normal `f64` range).
    pub fn new(states: usize, start: usize, allowance: f64) -> Frontier {
        let mut pi = vec![0.0; states];
        pi[start] = 1.0;
        let words = states.div_ceil(BLOCK * 64);
        let mut blocks = vec![0; words];
        mark(&mut blocks, start);
        Frontier {
            pi,
            next: vec![0.0; states],
            blocks,
            next_blocks: vec![0; words],
            allowance: allowance.max(0.0),
            turn: 0,
            dropped: 0.0,
            mass: 1.0,
        }
    }

    /// The chance of each state now (0 for the states dropped).
    pub fn chances(&self) -> &[f64] {
        &self.pi
    }

    /// The mass held now: the chance the token has not finished (less what was dropped).
    pub fn mass(&self) -> f64 {
        self.mass
    }

    /// The mass dropped so far: every chance computed is a lower bound within this.
    pub fn dropped(&self) -> f64 {
        self.dropped
    }

    /// How many states the next step reads: those of the blocks that may hold mass.
    pub fn read(&self) -> usize {
        let mut states = 0;
        each_block(&self.blocks, self.pi.len(), |from, to| states += to - from);
        states
    }

    /// The sum of the chance of each state holding mass times `v` of that state.
    pub fn dot(&self, v: &[f64]) -> f64 {
        let mut sum = 0.0;
        each_block(&self.blocks, self.pi.len(), |from, to| {
            sum += self.pi[from..to]
                .iter()
                .zip(&v[from..to])
                .map(|(p, v)| p * v)
                .sum::<f64>();
        });
        sum
    }

    /// The chance of a state below which it is dropped this turn.
    fn floor(&self) -> f64 {
        let read = self.read().max(1) as f64;
        let t = self.turn as f64;
        (self.allowance * HORIZON / (read * (t + HORIZON) * (t + HORIZON + 1.0)))
            .max(f64::MIN_POSITIVE)
    }

    /// One turn: pi <- pi Q, with Q `counts` over the deck of `p`, after dropping the states
    /// below this turn's floor. Returns the sum of pi r over the states kept (the chance of
    /// finishing this turn, when `r` is the chance of finishing from each state).
    pub fn step(&mut self, counts: &Counts, p: &Probabilities, r: &[f64]) -> f64 {
        self.step_by(counts, p, r, |_| 1.0)
    }

    /// [`Frontier::step`] where what a state is worth is its chance times `weight` (in
    /// \[0, 1\]), not its chance: a state is dropped when that product is below the floor, and
    /// [`Frontier::dropped`] adds the products up. A first passage weighs each state by its
    /// chance of still reaching the target, so that the states past it cost nothing.
    pub fn step_weighted(
        &mut self,
        counts: &Counts,
        p: &Probabilities,
        r: &[f64],
        weight: &[f64],
    ) -> f64 {
        self.step_by(counts, p, r, |s| weight[s])
    }

    fn step_by(
        &mut self,
        counts: &Counts,
        p: &Probabilities,
        r: &[f64],
        weight: impl Fn(usize) -> f64,
    ) -> f64 {
        let floor = self.floor();
        let mut sums = Sums {
            finished: 0.0,
            dropped: 0.0,
        };
        let n = self.pi.len();
        let (pi, next, next_blocks) = (&mut self.pi, &mut self.next, &mut self.next_blocks);
        each_block(&self.blocks, n, |first, end| {
            for (s, slot) in (first..end).zip(&mut pi[first..end]) {
                if let Some(mass) = take(slot, s, floor, &weight, r, &mut sums) {
                    for (t, q) in row(counts, p, s) {
                        next[t] += q * mass;
                        mark(next_blocks, t);
                    }
                }
            }
        });
        self.blocks.iter_mut().for_each(|w| *w = 0);
        std::mem::swap(&mut self.pi, &mut self.next);
        std::mem::swap(&mut self.blocks, &mut self.next_blocks);
        let mut mass = 0.0;
        each_block(&self.blocks, n, |from, to| {
            mass += self.pi[from..to].iter().sum::<f64>();
        });
        self.mass = mass;
        self.dropped += sums.dropped;
        self.turn += 1;
        sums.finished
    }
}

/// The mass a [`Pilot`] lets its frontier drop: the default tolerance's share (the number of
/// states read depends on it only through its logarithm).
const PILOT_ALLOWANCE: f64 = 1e-15;

/// The largest growth of the states read, as the power of the turns, that a pilot carries
/// forward: a window that spreads as a random walk grows as t^(1/2), but the growth a pilot
/// sees is mostly the spreading before the level (t^0.6 between turns 300 and 600 of a board
/// of 10^5 spaces whose reads then stay level for 5,000 turns), and a random walk's states
/// read, estimated with t^0.2 from its first eighth, are at most 1.7 times too few.
const MAX_GROWTH: f64 = 0.2;

/// A distribution's first turns pushed and timed, to estimate what all of them cost: a step
/// costs about the same per state read, and the states read by a turn, after growing while
/// the mass spreads, level off (a race's mass fills a window of the board that moves along
/// it) or fill the chain. On generated boards of 10^4 to 10^6 spaces they grow about 1.6
/// times per doubling of the turns for some hundreds of turns, then stay within a factor of
/// 1.5 of 12,000 to 23,000 states for tens of thousands of turns.
#[derive(Debug, Clone, PartialEq)]
pub struct Pilot {
    /// The states read by each turn pushed (turn 1 first).
    reads: Vec<u32>,
    /// Seconds per state read, with its row of Q, measured over those turns.
    seconds_per_read: f64,
    /// Every chance was finished or dropped by the last turn pushed: later turns read none.
    ended: bool,
    /// The chain's states.
    states: usize,
}

impl Pilot {
    /// Pushes the distribution from `start` for up to `turns` turns or `seconds` of processor
    /// time, whichever comes first.
    pub fn run(
        (counts, p): (&Counts, &Probabilities),
        start: usize,
        turns: usize,
        seconds: f64,
    ) -> Pilot {
        let n = counts.rows();
        let mut frontier = Frontier::new(n, start, PILOT_ALLOWANCE);
        let none = vec![0.0; n];
        let started = crate::budget::clock::Instant::now();
        let mut reads = Vec::new();
        // (seconds, states read) every 16 turns: the time per state is taken over the second
        // half of the turns, past the first turns' few states a step.
        let mut marks = vec![(0.0, 0.0)];
        let mut total = 0.0;
        while reads.len() < turns && frontier.mass() > 0.0 {
            let read = frontier.read();
            frontier.step(counts, p, &none);
            reads.push(read as u32);
            total += read as f64;
            if reads.len() % 16 == 0 {
                let seconds_now = started.elapsed().as_secs_f64();
                marks.push((seconds_now, total));
                if seconds_now > seconds {
                    break;
                }
            }
        }
        marks.push((started.elapsed().as_secs_f64(), total));
        let (end, half) = (marks[marks.len() - 1], marks[marks.len() / 2]);
        let seconds_per_read = if end.1 > half.1 {
            (end.0 - half.0) / (end.1 - half.1)
        } else {
            end.0 / end.1.max(1.0)
        };
        Pilot {
            seconds_per_read,
            ended: frontier.mass() == 0.0,
            reads,
            states: n,
        }
    }

    /// Seconds `steps` turn-steps take: the states the turns pushed read, then, past them,
    /// the last quarter's mean growing as t^g, g the growth from the quarter before it
    /// (between 0 and 1/2, the growth of a window that spreads as a random walk), and never
    /// more than every state; at the time per state measured.
    pub fn seconds(&self, steps: f64) -> f64 {
        let turns = steps.max(0.0).ceil();
        let measured = (turns as usize).min(self.reads.len());
        let mut reads: f64 = self.reads[..measured].iter().map(|&r| f64::from(r)).sum();
        let t = self.reads.len();
        if turns > t as f64 && !self.ended && t >= 4 {
            let mean = |a: usize, b: usize| {
                self.reads[a..b].iter().map(|&r| f64::from(r)).sum::<f64>() / (b - a) as f64
            };
            let (last, before) = (mean(t - t / 4, t), mean(t / 2, t - t / 4));
            // The two quarters' means stand for the reads at 7t/8 and 5t/8.
            let growth = if before > 0.0 { last / before } else { 1.0 };
            let g = (growth.ln() / (7.0f64 / 5.0).ln()).clamp(0.0, MAX_GROWTH);
            let at = t as f64 * 7.0 / 8.0;
            reads += growing(last, at, g, self.states as f64, (t as f64, turns));
        }
        reads * self.seconds_per_read
    }
}

/// The integral of min(`cap`, `level` (x / `at`)^g) over x from `from` to `to`, in closed form
/// (a chain whose game lasts 10^24 turns is estimated at once).
fn growing(level: f64, at: f64, g: f64, cap: f64, (from, to): (f64, f64)) -> f64 {
    if to <= from {
        return 0.0;
    }
    // Where the growth reaches the cap.
    let capped = if level >= cap {
        from
    } else if g > 0.0 {
        (at * (cap / level).powf(1.0 / g)).max(from)
    } else {
        f64::INFINITY
    };
    let end = to.min(capped);
    let grown = level * at / (g + 1.0) * ((end / at).powf(g + 1.0) - (from / at).powf(g + 1.0));
    grown + cap * (to - end).max(0.0)
}

/// Calls `f` with the first and one past the last state of every block marked in `bits`, in
/// order.
fn each_block(bits: &[u64], states: usize, mut f: impl FnMut(usize, usize)) {
    for (w, &word) in bits.iter().enumerate() {
        let mut x = word;
        while x != 0 {
            let first = (w * 64 + x.trailing_zeros() as usize) * BLOCK;
            f(first, (first + BLOCK).min(states));
            x &= x - 1;
        }
    }
}

/// Marks the block of state `s` in `bits`.
#[inline]
fn mark(bits: &mut [u64], s: usize) {
    let b = s / BLOCK;
    bits[b / 64] |= 1 << (b % 64);
}

/// Takes state `s`'s chance out of `slot`: `None` when it held none or is dropped (its worth
/// added to the dropped sum), else the chance, its part of the finishing sum added.
#[inline]
fn take(
    slot: &mut f64,
    s: usize,
    floor: f64,
    weight: &impl Fn(usize) -> f64,
    r: &[f64],
    sums: &mut Sums,
) -> Option<f64> {
    let mass = std::mem::take(slot);
    if mass == 0.0 {
        return None;
    }
    let worth = mass * weight(s);
    if worth < floor {
        sums.dropped += worth;
        return None;
    }
    sums.finished += mass * r[s];
    Some(mass)
}

/// State `s`'s row of Q: (next state, chance).
#[inline]
fn row<'a>(
    counts: &'a Counts,
    p: &'a Probabilities,
    s: usize,
) -> impl Iterator<Item = (usize, f64)> + 'a {
    let (from, to) = {
        let indptr = counts.indptr();
        let indptr = indptr.raw_storage();
        (indptr[s] as usize, indptr[s + 1] as usize)
    };
    counts.indices()[from..to]
        .iter()
        .zip(&counts.data()[from..to])
        .map(|(&t, &c)| (t as usize, p.of(c)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chain::push;

    /// A chain of `n` states in a line: each moves 1, 2 or 3 on (count 1 each, D = 4) or
    /// stays (count 1); moves past the end finish.
    fn line(n: usize) -> (Counts, Vec<f64>) {
        let mut indptr = vec![0u32];
        let (mut indices, mut data) = (Vec::new(), Vec::new());
        let mut r = Vec::new();
        for s in 0..n {
            let mut finish = 0;
            for step in 0..4 {
                if s + step < n {
                    indices.push((s + step) as u32);
                    data.push(1u32);
                } else {
                    finish += 1;
                }
            }
            indptr.push(indices.len() as u32);
            r.push(f64::from(finish) / 4.0);
        }
        (Counts::new((n, n), indptr, indices, data), r)
    }

    #[test]
    fn the_states_read_past_a_pilot_grow_to_the_cap_in_closed_form() {
        // Level: 100 a turn for 50 turns.
        approx::assert_relative_eq!(growing(100.0, 10.0, 0.0, 1e9, (50.0, 100.0)), 5_000.0);
        // 100 (x / 10)^(1/2) from 10 to 40: 100 * 10 / 1.5 * (4^1.5 - 1) = 4,666.7.
        approx::assert_relative_eq!(
            growing(100.0, 10.0, 0.5, 1e9, (10.0, 40.0)),
            100.0 * 10.0 / 1.5 * 7.0,
            max_relative = 1e-12
        );
        // Capped at 200 from x = 40 on: the same, then 200 a turn for 60 turns.
        approx::assert_relative_eq!(
            growing(100.0, 10.0, 0.5, 200.0, (10.0, 100.0)),
            100.0 * 10.0 / 1.5 * 7.0 + 200.0 * 60.0,
            max_relative = 1e-12
        );
        // A game of 10^24 turns: every state each turn, at once.
        approx::assert_relative_eq!(
            growing(5.0, 10.0, 0.2, 10.0, (100.0, 1e24)),
            10.0 * 1e24,
            max_relative = 1e-9
        );
    }

    #[test]
    fn with_nothing_dropped_it_is_the_full_product() {
        // Allowance 0 drops only chances below the normal range, none of which occur in 60
        // turns here (the smallest chance after n turns is 4^-n >= 4^-60), so every turn is
        // the full sparse product, up to the order of the additions.
        let (q, r) = line(300);
        let p = Probabilities::new(4);
        let mut frontier = Frontier::new(300, 0, 0.0);
        let mut pi = vec![0.0; 300];
        pi[0] = 1.0;
        let mut next = vec![0.0; 300];
        for _ in 0..60 {
            let finished: f64 = pi.iter().zip(&r).map(|(a, b)| a * b).sum();
            approx::assert_relative_eq!(frontier.step(&q, &p, &r), finished, max_relative = 1e-12);
            push(&q, &p, &pi, &mut next);
            std::mem::swap(&mut pi, &mut next);
            for (a, b) in frontier.chances().iter().zip(&pi) {
                approx::assert_relative_eq!(*a, *b, max_relative = 1e-12);
            }
            approx::assert_relative_eq!(
                frontier.mass(),
                pi.iter().sum::<f64>(),
                max_relative = 1e-12
            );
        }
        assert_eq!(frontier.dropped(), 0.0);
    }

    #[test]
    fn what_is_dropped_is_counted_and_stays_within_the_allowance() {
        // Pushed to the end with allowance 1e-9: the mass finished, held and dropped adds up
        // to 1 (to rounding), the dropped part is within the allowance, and every chance is
        // a lower bound within it of the full product's.
        let (q, r) = line(2_000);
        let p = Probabilities::new(4);
        let mut frontier = Frontier::new(2_000, 0, 1e-9);
        let mut pi = vec![0.0; 2_000];
        pi[0] = 1.0;
        let mut next = vec![0.0; 2_000];
        let mut finished = 0.0;
        for _ in 0..3_000 {
            finished += frontier.step(&q, &p, &r);
            push(&q, &p, &pi, &mut next);
            std::mem::swap(&mut pi, &mut next);
            for (a, b) in frontier.chances().iter().zip(&pi) {
                assert!(*a <= b * (1.0 + 1e-12) && *a >= b - frontier.dropped() - 1e-15);
            }
        }
        assert!(frontier.dropped() > 0.0 && frontier.dropped() <= 1e-9);
        approx::assert_abs_diff_eq!(
            finished + frontier.mass() + frontier.dropped(),
            1.0,
            epsilon = 1e-12
        );
    }
}

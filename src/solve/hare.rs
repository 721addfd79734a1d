//! One computer player alone, exactly: the game with a fixed policy is a Markov chain on the
//! player's state (square, carrots, lettuces, what the next turn starts with, and whether it is
//! in the middle of a "move again").
//!
//! Every outcome of a turn is enumerated by running the step function ([`play_turn`]) with a
//! [`Chance`] that walks every sequence of choices (an odometer over the die faces, cards and
//! random moves), each sequence with probability 1 / (product of its choice counts). A "move
//! again" ends the call: the player's state with `again` set is a state of the chain that takes
//! no time, so the rows stay small fractions.
//!
//! Carrots are not bounded by the rules (moving back to a tortoise square earns them), so the
//! chain keeps states with at most `cap` carrots; a turn that would hold more ends in a cut
//! state, and the chance of ever reaching it is solved for and reported: the mass the cap
//! leaves out.
//!
//! The rows go to the general cyclic solver ([`crate::solve::hare_general`]) as integer counts
//! over one D ([`Chain::solver_form`]). A
//! row whose own denominator m does not divide D is made lazy (a self-loop of D - m), which
//! leaves every absorption chance unchanged; its per-turn reward is scaled by m / D, which
//! leaves every expected count unchanged ((I - Q) y = b row by row, divided through).

use rustc_hash::FxHashMap;

use num_integer::Integer;

use crate::chain::Counts;
use crate::games::hare::board::Board;
use crate::games::hare::policy::Policy;
use crate::games::hare::turn::{play_turn, Chance, Mark, Phase, Player};

/// Where a turn leads in the chain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Target {
    /// A state of the chain.
    State(u32),
    /// Home: the game is over.
    Home,
    /// More carrots than the cap: the chain stops following the game.
    Cut,
    /// A state from which home cannot be reached (nor the cap): stuck forever.
    Stuck,
}

/// Replays a fixed sequence of choices, extending it with 0s: one path of the odometer.
struct Script {
    path: Vec<(usize, usize)>,
    at: usize,
}

impl Chance for Script {
    fn pick(&mut self, n: usize) -> usize {
        let k = if self.at < self.path.len() {
            self.path[self.at].1
        } else {
            self.path.push((n, 0));
            0
        };
        self.at += 1;
        k
    }
}

/// Every outcome of one call of the step function from `player` alone: where it leaves the
/// player (None: home) with the probability's denominator (its numerator is 1).
pub fn outcomes(board: &Board, policy: &Policy, player: Player) -> Vec<(Option<Player>, u64)> {
    let mut out = Vec::new();
    let mut path: Vec<(usize, usize)> = Vec::new();
    loop {
        let mut script = Script { path, at: 0 };
        let mut players = [player];
        let phase = play_turn(board, policy, &mut players, 0, &mut script, &mut |_| {});
        let den: u64 = script.path.iter().map(|&(n, _)| n as u64).product();
        out.push(((phase != Phase::Home).then_some(players[0]), den));
        path = script.path;
        // Advance the odometer: the last choice with room goes up by one, later ones drop.
        while let Some((n, k)) = path.pop() {
            if k + 1 < n {
                path.push((n, k + 1));
                break;
            }
        }
        if path.is_empty() {
            return out;
        }
    }
}

/// The chain of one player alone.
#[derive(Debug, Clone)]
pub struct Chain {
    /// The states, in solver order.
    pub states: Vec<Player>,
    /// Index of the start state.
    pub start: usize,
    /// Each state's row: targets with their counts over the row's denominator.
    pub rows: Vec<Vec<(Target, u64)>>,
    /// Each row's denominator m.
    pub dens: Vec<u64>,
    /// The carrot cap.
    pub cap: u32,
}

/// The order the solver sweeps in: most moves go to a later state. Lettuces only go down;
/// 10 x square + carrots goes up with every forward move of up to 18 squares (it gains
/// 10n - n(n+1)/2), with chewing and with the carrots a square pays, and stays put when moving
/// back to a tortoise square (which the square, descending, then puts later). What remains
/// backward (giving carrots away, a hare sending the player back to a carrot square) is few.
fn order_key(p: &Player) -> (u8, u64, u8, Mark, bool) {
    (
        u8::MAX - p.lettuces,
        10 * u64::from(p.pos) + u64::from(p.carrots),
        u8::MAX - p.pos,
        p.mark,
        p.again,
    )
}

/// How far [`build`] may go before it stops: states found and transitions kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    /// The most states.
    pub states: usize,
    /// The most transitions (entries of the rows).
    pub transitions: usize,
}

/// [`build`] stopped past its [`Limit`]: the states and transitions it had found by then.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stopped {
    /// States found.
    pub states: usize,
    /// Transitions kept.
    pub transitions: usize,
}

/// Builds the chain of `policy` alone on `board`, keeping states of at most `cap` carrots;
/// stops past `limit`. A start from which neither home nor the cap can be reached is a chain
/// of that one state, stuck forever with chance 1.
pub fn build(board: &Board, policy: &Policy, cap: u32, limit: Limit) -> Result<Chain, Stopped> {
    let start = Player::start(board);
    let mut index: FxHashMap<Player, u32> = FxHashMap::default();
    let mut states = vec![start];
    index.insert(start, 0);
    let mut raw_rows = Vec::new();
    let mut dens = Vec::new();
    let (mut next, mut transitions) = (0, 0);
    while next < states.len() {
        let s = states[next];
        next += 1;
        let outs = outcomes(board, policy, s);
        let m = outs.iter().fold(1u64, |acc, &(_, d)| acc.lcm(&d));
        let mut row: Vec<(Target, u64)> = Vec::new();
        for (to, den) in outs {
            let target = match to {
                None => Target::Home,
                Some(p) if p.carrots > cap => Target::Cut,
                Some(p) => {
                    let i = *index.entry(p).or_insert_with(|| {
                        states.push(p);
                        (states.len() - 1) as u32
                    });
                    Target::State(i)
                }
            };
            let c = m / den;
            match row.iter_mut().find(|(t, _)| *t == target) {
                Some(e) => e.1 += c,
                None => row.push((target, c)),
            }
        }
        transitions += row.len();
        raw_rows.push(row);
        dens.push(m);
        if states.len() > limit.states || transitions > limit.transitions {
            return Err(Stopped {
                states: states.len(),
                transitions,
            });
        }
    }
    // States from which neither home nor the cap can be reached are stuck forever: the rows
    // that lead there lead to `Stuck`, and the stuck states leave the chain.
    let n0 = states.len();
    let mut into: Vec<Vec<u32>> = vec![Vec::new(); n0];
    let mut live = vec![false; n0];
    let mut queue = Vec::new();
    for (s, row) in raw_rows.iter().enumerate() {
        for &(t, _) in row {
            match t {
                Target::State(t) => into[t as usize].push(s as u32),
                _ if !live[s] => {
                    live[s] = true;
                    queue.push(s);
                }
                _ => {}
            }
        }
    }
    while let Some(t) = queue.pop() {
        for &s in &into[t] {
            if !live[s as usize] {
                live[s as usize] = true;
                queue.push(s as usize);
            }
        }
    }
    if !live[0] {
        return Ok(Chain {
            states: vec![start],
            start: 0,
            rows: vec![vec![(Target::Stuck, 1)]],
            dens: vec![1],
            cap,
        });
    }
    for row in raw_rows.iter_mut() {
        let mut stuck = 0;
        row.retain(|&(t, c)| match t {
            Target::State(t) if !live[t as usize] => {
                stuck += c;
                false
            }
            _ => true,
        });
        if stuck > 0 {
            row.push((Target::Stuck, stuck));
        }
    }
    // Renumber in solver order, the live states only.
    let mut order: Vec<usize> = (0..states.len()).filter(|&i| live[i]).collect();
    order.sort_by_key(|&i| order_key(&states[i]));
    let mut new_of = vec![u32::MAX; states.len()];
    for (new, &old) in order.iter().enumerate() {
        new_of[old] = new as u32;
    }
    let remap = |t: Target| match t {
        Target::State(i) => Target::State(new_of[i as usize]),
        other => other,
    };
    Ok(Chain {
        states: order.iter().map(|&i| states[i]).collect(),
        start: new_of[0] as usize,
        rows: order
            .iter()
            .map(|&i| raw_rows[i].iter().map(|&(t, c)| (remap(t), c)).collect())
            .collect(),
        dens: order.iter().map(|&i| dens[i]).collect(),
        cap,
    })
}

/// The chain as the solver reads it: Q as counts over D, and each row's reward weight.
pub struct SolverForm {
    /// Q over `d`.
    pub counts: Counts,
    /// D.
    pub d: u32,
    /// What a per-turn reward of 1 in a state becomes on the right-hand side (1, or m / D for a
    /// lazy row).
    pub weight: Vec<f64>,
}

impl Chain {
    /// Number of states.
    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// Never true: the start state is always there.
    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    /// Q as integer counts over one D: the least common multiple of the rows' denominators if
    /// it fits in 32 bits, else the largest, the other rows made lazy.
    pub fn solver_form(&self) -> Result<SolverForm, String> {
        let lcm = self.dens.iter().try_fold(1u64, |acc, &m| {
            Some(acc.lcm(&m)).filter(|&l| l <= u64::from(u32::MAX))
        });
        let d = match lcm {
            Some(l) => l,
            None => *self.dens.iter().max().unwrap_or(&1),
        };
        if d > u64::from(u32::MAX) {
            return Err(format!("a row's denominator {d} is beyond 32 bits"));
        }
        let n = self.len();
        let mut tri = sprs::TriMatI::<u32, u32>::new((n, n));
        let mut weight = vec![1.0; n];
        for (s, row) in self.rows.iter().enumerate() {
            let m = self.dens[s];
            let (scale, extra) = if d % m == 0 {
                (d / m, 0)
            } else {
                weight[s] = m as f64 / d as f64;
                (1, d - m)
            };
            let mut own = extra;
            for &(t, c) in row {
                if let Target::State(t) = t {
                    if t as usize == s {
                        own += c * scale;
                    } else {
                        tri.add_triplet(s, t as usize, (c * scale) as u32);
                    }
                }
            }
            if own > 0 {
                tri.add_triplet(s, s, own as u32);
            }
        }
        Ok(SolverForm {
            counts: tri.to_csr(),
            d: d as u32,
            weight,
        })
    }

    /// The chance of each row to end in `what` in one call.
    pub fn one_step(&self, what: Target) -> Vec<f64> {
        self.rows
            .iter()
            .zip(&self.dens)
            .map(|(row, &m)| {
                row.iter()
                    .filter(|(t, _)| *t == what)
                    .map(|(_, c)| *c as f64)
                    .sum::<f64>()
                    / m as f64
            })
            .collect()
    }
}

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

/// Pushes the start's mass through the chain turn by turn. A "move again" state takes no time:
/// its mass moves on within the same turn. Its move is forward, so the "move again" states
/// reached within one turn lie on squares further and further on: swept once per turn in order
/// of square, each has all its mass of the turn when its turn in the sweep comes.
pub fn lengths(chain: &Chain, tolerance: f64, max_turns: usize) -> Lengths {
    lengths_until(chain, tolerance, 0, max_turns)
}

/// [`lengths`], pushed at least to turn `at_least` (within `max_turns`).
pub fn lengths_until(chain: &Chain, tolerance: f64, at_least: usize, max_turns: usize) -> Lengths {
    lengths_watched(chain, tolerance, at_least, max_turns, &mut |_, _| true)
}

/// [`lengths_until`], telling `watch` after each turn the turns pushed and the chance still
/// playing; it stops early (cut there) once `watch` says false.
pub fn lengths_watched(
    chain: &Chain,
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
    let is_again: Vec<bool> = chain.states.iter().map(|s| s.again).collect();
    let mut again: Vec<usize> = (0..n).filter(|&s| is_again[s]).collect();
    again.sort_by_key(|&s| chain.states[s].pos);
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

//! The exact chain of one player alone, built from a [`ChanceTurn`]: a game whose players
//! follow fixed policies has no decisions left, so it is a Markov chain on the player's state.
//!
//! Every outcome of a turn is enumerated by running the game's turn ([`ChanceTurn::play`])
//! with a [`Chance`] that walks every sequence of choices (an odometer over the die faces,
//! cards and random moves), each sequence with probability 1 / (product of its choice counts).
//! A move again within a turn ends the call: such a state ([`ChanceTurn::mid_turn`]) is a
//! state of the chain that takes no time, so the rows stay small fractions.
//!
//! The quantity the game caps ([`ChanceTurn::held`]) is not bounded by the rules, so the chain
//! keeps states holding at most `cap`; a turn that would hold more ends in a cut state, and the
//! chance of ever reaching it is solved for and reported: the mass the cap leaves out.
//!
//! The rows go to the general cyclic solver ([`super::general`]) as integer counts over one D
//! ([`Chain::solver_form`]). A row whose own denominator m does not divide D is made lazy (a
//! self-loop of D - m), which leaves every absorption chance unchanged; its per-turn reward is
//! scaled by m / D, which leaves every expected count unchanged ((I - Q) y = b row by row,
//! divided through).

use rustc_hash::FxHashMap;

use num_integer::Integer;

use crate::chain::Counts;
use crate::games::chance::{CapWords, Chance, ChanceTurn};

/// Where a turn leads in the chain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Target {
    /// A state of the chain.
    State(u32),
    /// Home: the game is over.
    Home,
    /// Holding more than the cap: the chain stops following the game.
    Cut,
    /// A state from which home cannot be reached (nor the cap): stuck forever.
    Stuck,
}

/// Replays a fixed sequence of choices, extending it with 0s: one path of the odometer.
pub struct Script {
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

/// Every outcome of one call of the turn from `state`: where it leaves the player (None: home)
/// with the probability's denominator (its numerator is 1).
pub fn outcomes<G: ChanceTurn>(game: &G, state: G::State) -> Vec<(Option<G::State>, u64)> {
    every_path(|script| game.play(state, script))
}

/// Runs `play` once for every sequence of choices it makes (an odometer over them): each
/// result with the denominator of its sequence's probability (its numerator is 1).
pub fn every_path<T>(mut play: impl FnMut(&mut Script) -> T) -> Vec<(T, u64)> {
    let mut out = Vec::new();
    let mut path: Vec<(usize, usize)> = Vec::new();
    loop {
        let mut script = Script { path, at: 0 };
        let next = play(&mut script);
        let den: u64 = script.path.iter().map(|&(n, _)| n as u64).product();
        out.push((next, den));
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
pub struct Chain<S> {
    /// The states, in solver order.
    pub states: Vec<S>,
    /// Index of the start state.
    pub start: usize,
    /// Each state's row: targets with their counts over the row's denominator.
    pub rows: Vec<Vec<(Target, u64)>>,
    /// Each row's denominator m.
    pub dens: Vec<u64>,
    /// The cap on what a state holds ([`ChanceTurn::held`]).
    pub cap: u32,
    /// Which states are in the middle of a turn ([`ChanceTurn::mid_turn`]): they take no time.
    pub mid_turn: Vec<bool>,
    /// Where each state stands ([`ChanceTurn::progress`]).
    pub progress: Vec<usize>,
    /// What the start holds ([`ChanceTurn::held`]).
    pub start_held: u32,
    /// How messages name the cap.
    pub words: CapWords,
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

/// Builds the chain of `game`, keeping states that hold at most `cap`; stops past `limit`. A
/// start from which neither home nor the cap can be reached is a chain of that one state, stuck
/// forever with chance 1.
pub fn build<G: ChanceTurn>(game: &G, cap: u32, limit: Limit) -> Result<Chain<G::State>, Stopped> {
    let start = game.start();
    let mut index: FxHashMap<G::State, u32> = FxHashMap::default();
    let mut states = vec![start];
    index.insert(start, 0);
    let mut raw_rows = Vec::new();
    let mut dens = Vec::new();
    let (mut next, mut transitions) = (0, 0);
    while next < states.len() {
        let s = states[next];
        next += 1;
        let outs = outcomes(game, s);
        let m = outs.iter().fold(1u64, |acc, &(_, d)| acc.lcm(&d));
        let mut row: Vec<(Target, u64)> = Vec::new();
        for (to, den) in outs {
            let target = match to {
                None => Target::Home,
                Some(p) if game.held(p) > cap => Target::Cut,
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
            mid_turn: vec![game.mid_turn(start)],
            progress: vec![game.progress(start)],
            start_held: game.held(start),
            words: game.cap_words(),
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
    order.sort_by_key(|&i| game.order_key(states[i]));
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
        mid_turn: order.iter().map(|&i| game.mid_turn(states[i])).collect(),
        progress: order.iter().map(|&i| game.progress(states[i])).collect(),
        start_held: game.held(start),
        words: game.cap_words(),
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

impl<S> Chain<S> {
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

//! Two players racing on boards of their own (they never meet: Pig), each deciding for itself,
//! solved for the chance of winning. W(s, o) is the chance that the player to move, in state s,
//! wins against an opponent waiting in turn-start state o:
//!
//! W(s, o) = opt over the mover's choices of sum over outcomes t of p(t) w(t), where
//! w(home) = 1, w(t) = W(t, o) when t is in the middle of the turn, and w(t) = 1 - W'(o, t)
//! when the turn ends in t (W' the opponent's own function).
//!
//! A player who plays best takes the maximum (both doing so is the solution of Neller and
//! Presser, "Optimal Play of the Dice Game Pig", The UMAP Journal, 2004); a player with a
//! fixed policy takes that policy's outcomes. Value iteration from W = 0, swept Gauss-Seidel,
//! until no value moves by more than the tolerance.

use super::graph::{Graph, Target};

/// How one of the two players plays.
#[derive(Debug, Clone, Copy)]
pub enum Play<'a> {
    /// The choice of greatest chance of winning, at every state.
    Best,
    /// A fixed policy: each state's outcomes under it, indexed as the graph's states.
    Fixed(&'a [Vec<(Target, f64)>]),
}

/// The chance that the first player wins, and how the iteration ended.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Duel {
    /// The chance that the first player, from the start, wins (both start at the start).
    pub first_wins: f64,
    /// Sweeps made.
    pub passes: usize,
    /// The largest change of the last sweep.
    pub change: f64,
}

/// The chance of winning for each (state, opponent's turn-start state), one array a player.
struct Sides<'g, S, A> {
    g: &'g Graph<S, A>,
    /// For each state, its index among the turn-start states (`u32::MAX` mid-turn).
    slot: Vec<u32>,
    /// The turn-start states.
    starts: Vec<usize>,
}

impl<S, A> Sides<'_, S, A> {
    fn at(&self, s: usize, o: usize) -> usize {
        s * self.starts.len() + self.slot[o] as usize
    }

    /// The mover's chance after outcome `t`, waiting opponent `o`.
    fn after(&self, mine: &[f64], theirs: &[f64], t: Target, o: usize) -> f64 {
        match t {
            Target::Home => 1.0,
            Target::State(t) if self.g.mid_turn[t as usize] => mine[self.at(t as usize, o)],
            Target::State(t) => 1.0 - theirs[self.at(o, t as usize)],
            Target::Cut | Target::Stuck => 0.0,
        }
    }

    fn value(&self, play: Play, mine: &[f64], theirs: &[f64], s: usize, o: usize) -> f64 {
        match play {
            Play::Best => self
                .g
                .choices_of(s)
                .map(|c| {
                    self.g
                        .outcomes_of(c)
                        .map(|k| self.g.chances[k] * self.after(mine, theirs, self.g.targets[k], o))
                        .sum::<f64>()
                })
                .fold(0.0, f64::max),
            Play::Fixed(rows) => rows[s]
                .iter()
                .map(|&(t, p)| p * self.after(mine, theirs, t, o))
                .sum(),
        }
    }
}

/// The chance that `first` wins against `second`, both starting at the graph's start, `first`
/// to move; swept until no chance moves by more than `tolerance`, or `most_passes` sweeps.
pub fn duel<S, A>(
    g: &Graph<S, A>,
    first: Play,
    second: Play,
    tolerance: f64,
    most_passes: usize,
) -> Duel {
    let mut slot = vec![u32::MAX; g.len()];
    let mut starts = Vec::new();
    for (s, slot) in slot.iter_mut().enumerate() {
        if !g.mid_turn[s] {
            *slot = starts.len() as u32;
            starts.push(s);
        }
    }
    let sides = Sides {
        g,
        slot,
        starts: starts.clone(),
    };
    let size = g.len() * starts.len();
    // Both playing best is one function for either player: solved once.
    let same = matches!((first, second), (Play::Best, Play::Best));
    let (mut w1, mut w2) = (vec![0.0; size], vec![0.0; if same { 0 } else { size }]);
    let (mut passes, mut change) = (0, f64::INFINITY);
    while passes < most_passes && change > tolerance {
        change = 0.0;
        for &o in starts.iter().rev() {
            for s in (0..g.len()).rev() {
                let i = sides.at(s, o);
                let a = if same {
                    sides.value(first, &w1, &w1, s, o)
                } else {
                    sides.value(first, &w1, &w2, s, o)
                };
                change = f64::max(change, (a - w1[i]).abs());
                w1[i] = a;
                if !same {
                    let b = sides.value(second, &w2, &w1, s, o);
                    change = f64::max(change, (b - w2[i]).abs());
                    w2[i] = b;
                }
            }
        }
        passes += 1;
    }
    Duel {
        first_wins: w1[sides.at(g.start, g.start)],
        passes,
        change,
    }
}

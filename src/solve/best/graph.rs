//! The decision graph of one player alone ([`DecisionTurn`]): every state the player can reach
//! by any choices, each state's choices, and each choice's outcomes with their exact chances,
//! enumerated by running the game's step function with a chance that walks every sequence of
//! draws ([`every_path`]), as the chain of a fixed policy is.
//!
//! What the rules leave unbounded ([`DecisionTurn::held`]) is capped: an outcome holding more
//! than the cap ends in [`Target::Cut`]. States from which no choices reach home (or the cap)
//! with certainty are dropped, with every choice that may lead to them: no best play goes
//! there, since any chance of never finishing makes the expected length infinite.

use rayon::prelude::*;
use rustc_hash::FxHashMap;

use crate::games::chance::CapWords;
use crate::games::decision::DecisionTurn;
use crate::solve::chances::chain::every_path;
pub use crate::solve::chances::Target;

/// The decision graph, its states in the solver's order (sweep from the last).
#[derive(Debug, Clone)]
pub struct Graph<S, A> {
    /// The states.
    pub states: Vec<S>,
    /// Index of the start state.
    pub start: usize,
    /// Which states are in the middle of a turn: deciding there takes no time.
    pub mid_turn: Vec<bool>,
    /// State `s`'s choices are `choices[first_choice[s]..first_choice[s + 1]]`.
    pub first_choice: Vec<u32>,
    /// Every state's choices.
    pub choices: Vec<A>,
    /// Choice `c`'s outcomes are `targets[first_outcome[c]..first_outcome[c + 1]]`.
    pub first_outcome: Vec<u32>,
    /// Where each outcome leads.
    pub targets: Vec<Target>,
    /// Each outcome's chance.
    pub chances: Vec<f64>,
    /// The cap on what a state holds.
    pub cap: u32,
    /// How messages name the cap.
    pub words: CapWords,
}

impl<S, A> Graph<S, A> {
    /// Number of states.
    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// Never true: the start is always there.
    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    /// The range of state `s`'s choices.
    pub fn choices_of(&self, s: usize) -> std::ops::Range<usize> {
        self.first_choice[s] as usize..self.first_choice[s + 1] as usize
    }

    /// The range of choice `c`'s outcomes.
    pub fn outcomes_of(&self, c: usize) -> std::ops::Range<usize> {
        self.first_outcome[c] as usize..self.first_outcome[c + 1] as usize
    }

    /// The number of outcomes of every choice of every state.
    pub fn transitions(&self) -> usize {
        self.targets.len()
    }
}

/// [`build`] stopped past its limit on states: how many it had found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLarge {
    /// States found by then.
    pub states: usize,
}

/// A choice's outcomes, merged: each target with its chance.
type Outcomes = Vec<(Target, f64)>;

/// One state's choices and, for each, its outcomes (None: home) with their denominators.
type Expanded<S, A> = Vec<(A, Vec<(Option<S>, u64)>)>;

fn expand<G: DecisionTurn>(game: &G, s: G::State) -> Expanded<G::State, G::Choice> {
    let mut choices = Vec::new();
    game.choices(s, &mut choices);
    if choices.is_empty() {
        choices.push(game.skip());
    }
    choices
        .into_iter()
        .map(|c| (c, every_path(|script| game.play(s, c, script))))
        .collect()
}

/// Builds the decision graph of `game`, keeping states that hold at most `cap`; stops past
/// `max_states`. States are expanded a frontier at a time, in parallel.
pub fn build<G: DecisionTurn>(
    game: &G,
    cap: u32,
    max_states: usize,
) -> Result<Graph<G::State, G::Choice>, TooLarge> {
    build_watched(game, cap, max_states, &|_| true)
}

/// [`build`], telling `watch` after each frontier the share of the states found so far that
/// are expanded (more are found as it goes); it stops (as too large) once `watch` says false.
pub fn build_watched<G: DecisionTurn>(
    game: &G,
    cap: u32,
    max_states: usize,
    watch: &dyn Fn(f64) -> bool,
) -> Result<Graph<G::State, G::Choice>, TooLarge> {
    let start = game.start();
    let mut index: FxHashMap<G::State, u32> = FxHashMap::default();
    index.insert(start, 0);
    let mut states = vec![start];
    // Per state: its choices, each with its (target, chance) outcomes.
    let mut rows: Vec<Vec<(G::Choice, Outcomes)>> = Vec::new();
    let mut done = 0;
    while done < states.len() {
        let frontier = &states[done..];
        let expanded: Vec<Expanded<G::State, G::Choice>> =
            frontier.par_iter().map(|&s| expand(game, s)).collect();
        done = states.len();
        for row in expanded {
            let mut out = Vec::with_capacity(row.len());
            for (choice, outs) in row {
                let mut merged: Vec<(Target, f64)> = Vec::new();
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
                    let p = 1.0 / den as f64;
                    match merged.iter_mut().find(|(t, _)| *t == target) {
                        Some(e) => e.1 += p,
                        None => merged.push((target, p)),
                    }
                }
                out.push((choice, merged));
            }
            rows.push(out);
        }
        if states.len() > max_states || !watch(done as f64 / states.len() as f64) {
            return Err(TooLarge {
                states: states.len(),
            });
        }
    }
    let alive = certain_finish(&rows);
    // Renumber in solver order, the states that can finish only, each keeping the choices
    // whose every outcome stays among them.
    let mut order: Vec<usize> = (0..states.len()).filter(|&i| alive[i]).collect();
    order.sort_by_key(|&i| game.order_key(states[i]));
    let mut new_of = vec![u32::MAX; states.len()];
    for (new, &old) in order.iter().enumerate() {
        new_of[old] = new as u32;
    }
    let mut g = Graph {
        states: Vec::with_capacity(order.len()),
        start: new_of[0] as usize,
        mid_turn: Vec::with_capacity(order.len()),
        first_choice: vec![0],
        choices: Vec::new(),
        first_outcome: vec![0],
        targets: Vec::new(),
        chances: Vec::new(),
        cap,
        words: game.cap_words(),
    };
    if !alive[0] {
        // No choices finish with certainty from the start: a graph of the start alone, with
        // no choice.
        g.states.push(start);
        g.mid_turn.push(game.mid_turn(start));
        g.first_choice.push(0);
        g.start = 0;
        return Ok(g);
    }
    for &old in &order {
        g.states.push(states[old]);
        g.mid_turn.push(game.mid_turn(states[old]));
        for (choice, outs) in &rows[old] {
            if !stays(outs, &alive) {
                continue;
            }
            g.choices.push(*choice);
            for &(t, p) in outs {
                g.targets.push(match t {
                    Target::State(i) => Target::State(new_of[i as usize]),
                    other => other,
                });
                g.chances.push(p);
            }
            g.first_outcome.push(g.targets.len() as u32);
        }
        g.first_choice.push(g.choices.len() as u32);
    }
    Ok(g)
}

fn stays(outs: &[(Target, f64)], alive: &[bool]) -> bool {
    outs.iter().all(|&(t, _)| match t {
        Target::State(i) => alive[i as usize],
        Target::Home | Target::Cut => true,
        Target::Stuck => false,
    })
}

/// The states from which some choices reach home (or the cap) with certainty: the greatest
/// set in which every state can reach an end by choices whose outcomes all stay in the set
/// (the almost-sure reachability of Markov decision processes, by repeated pruning).
fn certain_finish<A>(rows: &[Vec<(A, Outcomes)>]) -> Vec<bool> {
    let n = rows.len();
    let mut alive = vec![true; n];
    loop {
        // Backward reachability of an end through the choices that stay in `alive`.
        let mut into: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut reach = vec![false; n];
        let mut queue = Vec::new();
        for (s, row) in rows.iter().enumerate() {
            if !alive[s] {
                continue;
            }
            for (_, outs) in row.iter().filter(|(_, o)| stays(o, &alive)) {
                for &(t, _) in outs {
                    match t {
                        Target::State(t) => into[t as usize].push(s as u32),
                        _ if !reach[s] => {
                            reach[s] = true;
                            queue.push(s);
                        }
                        _ => {}
                    }
                }
            }
        }
        while let Some(t) = queue.pop() {
            for &s in &into[t] {
                if !reach[s as usize] {
                    reach[s as usize] = true;
                    queue.push(s as usize);
                }
            }
        }
        if reach == alive {
            return alive;
        }
        alive = reach;
    }
}

//! `play --best`: every decision of one player's game beside the best play alone. Before each
//! call of the player's turn the state is taken; the notes of the call tell the choice made
//! ([`PolicyGame::choice_made`]); the decision graph's values ([`crate::results::best`]) give
//! the expected turns after it and after the best choice, so the decisions that cost the most
//! turns can be found.

use std::cell::RefCell;

use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};

use crate::budget::Budget;
use crate::error::Result;
use crate::games::decision::DecisionTurn;
use crate::games::policy_game::PolicyGame;
use crate::solve::best::value::after;

/// One decision of the game, against the best play alone.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Decision {
    /// The turn, from 1.
    pub turn: u32,
    /// The choice made, as a policy table writes it.
    pub made: String,
    /// Expected turns still to play after it, playing best from then on.
    pub made_turns: f64,
    /// The best choice there.
    pub best: String,
    /// Expected turns still to play after the best choice.
    pub best_turns: f64,
    /// Turns lost by the choice made: `made_turns - best_turns`.
    pub lost: f64,
}

/// The first game `simulate --seed seed` plays with one player following `policy`, each
/// decision beside the best play, within `budget`; and the game's events.
pub fn judged<G: PolicyGame>(
    board: &G,
    policy: &G::Policy,
    cap: u32,
    seed: u64,
    max_turns: u32,
    budget: &Budget,
) -> Result<(Vec<Decision>, crate::sim::policies::Game, Vec<G::Event>)> {
    let (g, values) = crate::results::best::values(board, cap, budget)?;
    let index: FxHashMap<G::Player, usize> =
        g.states.iter().enumerate().map(|(i, s)| (*s, i)).collect();
    let deciding = board.deciding();
    let notes: RefCell<Vec<(u32, G::Note)>> = RefCell::new(Vec::new());
    let mut calls: Vec<(G::Player, usize)> = Vec::new();
    let mut events = Vec::new();
    let policies = [policy];
    let mut rng = crate::sim::chunk_rng(seed, 0);
    let game = crate::sim::policies::play_game_seen(
        &board.table(&policies),
        &mut rng,
        max_turns,
        &mut |t, s, n| {
            events.push(board.note_event(t, s, n));
            notes.borrow_mut().push((t, n));
        },
        &mut |players, seat| calls.push((players[seat], notes.borrow().len())),
    );
    let notes = notes.into_inner();
    let mut out = Vec::new();
    for (i, &(state, from)) in calls.iter().enumerate() {
        let to = calls.get(i + 1).map_or(notes.len(), |c| c.1);
        let call: Vec<G::Note> = notes[from..to].iter().map(|n| n.1).collect();
        let (Some(&s), Some(made)) = (index.get(&state), board.choice_made(&call)) else {
            continue;
        };
        if g.choices_of(s).len() < 2 {
            // A forced move is no decision.
            continue;
        }
        let turn = notes.get(from).map_or(game.turns, |n| n.0);
        let mut best: Option<(usize, f64)> = None;
        let mut made_q = None;
        for c in g.choices_of(s) {
            let q = after(&g, &values.lower, s, c);
            if best.is_none_or(|(_, b)| q < b) {
                best = Some((c, q));
            }
            if deciding.same_choice(made, g.choices[c]) {
                made_q = Some(made_q.map_or(q, |m: f64| m.min(q)));
            }
        }
        let (Some((b, best_q)), Some(made_q)) = (best, made_q) else {
            continue;
        };
        // The expected turns still to play after the choice, the decision's own turn counted.
        out.push(Decision {
            turn,
            made: deciding.choice_words(made),
            made_turns: made_q,
            best: deciding.choice_words(g.choices[b]),
            best_turns: best_q,
            lost: (made_q - best_q).max(0.0),
        });
    }
    Ok((out, game, events))
}

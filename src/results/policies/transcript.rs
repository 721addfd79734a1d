//! `play` on a board of a policy game: one game, event by event, as the game's log tells it
//! (Wiener's transactions log, for his game), for a student to compare with a program turn by
//! turn.

use crate::error::Result;
use serde::{Deserialize, Serialize};

use super::{policy_names, seat_policies, PolicyOptions};
use crate::games::policy_game::{GameWords, PolicyGame};
use crate::games::BoardSource;
use crate::results::options::check_players;

/// `play` on a board of a policy game: one game, event by event (`E`: the game's event).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PolicyTranscript<E> {
    /// The board's short name.
    pub board: String,
    /// The seed: the game is the first one `simulate --seed S` plays.
    pub seed: u64,
    /// Players, taking turns in seat order.
    pub players: usize,
    /// Each seat's policy, seat 1 first.
    pub policies: Vec<String>,
    /// Every event, in order.
    pub events: Vec<E>,
    /// 1-based seat of the winner; `None` if the game hit the turn limit.
    pub winner: Option<usize>,
    /// Turns played, all players' together.
    pub length: u32,
    /// What the winner holds at the finish (carrots, in Wiener's game).
    pub held_left: u32,
    /// With `--best`: every decision of the player beside the best play alone.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub decisions: Vec<super::decisions::Decision>,
    /// How the game words its answers (text only).
    #[serde(skip)]
    pub words: GameWords,
    /// How the board was named (text only).
    #[serde(skip)]
    pub label: String,
}

/// The first game `simulate --seed S` plays, event by event.
pub fn transcript<G: PolicyGame>(
    board: &G,
    policies: &[&G::Policy],
    seed: u64,
    max_turns: u32,
) -> PolicyTranscript<G::Event> {
    let mut rng = crate::sim::chunk_rng(seed, 0);
    let mut events = Vec::new();
    let game = crate::sim::policies::play_game(
        &board.table(policies),
        &mut rng,
        max_turns,
        &mut |t, s, n| events.push(board.note_event(t, s, n)),
    );
    PolicyTranscript {
        board: board.name().to_string(),
        seed,
        players: policies.len(),
        policies: policy_names::<G>(policies),
        events,
        winner: game.winner.map(|w| w + 1),
        length: game.turns,
        held_left: game.held_left,
        decisions: Vec::new(),
        words: board.words(),
        label: String::new(),
    }
}

/// The first game `simulate --seed seed` plays on `source` with `players` players, event by
/// event.
pub fn play<G: PolicyGame>(
    source: &BoardSource,
    options: &PolicyOptions,
    players: usize,
    seed: u64,
) -> Result<PolicyTranscript<G::Event>> {
    let board: G = options.board(source)?;
    options.no_cap(&board, "play")?;
    check_players(players)?;
    let policies = seat_policies(&board, options.policy.as_deref(), players)?;
    let mut t = transcript(&board, &policies, seed, MAX_TURNS);
    t.label = source.label.clone();
    Ok(t)
}

/// The turn limit of `play`.
const MAX_TURNS: u32 = 10_000;

/// [`play`] with one player, each of its decisions beside the best play alone (`play --best`),
/// within `budget`.
pub fn play_judged<G: PolicyGame>(
    source: &BoardSource,
    options: &PolicyOptions,
    seed: u64,
    budget: &crate::budget::Budget,
) -> Result<PolicyTranscript<G::Event>> {
    let board: G = options.board(source)?;
    let policy = seat_policies(&board, options.policy.as_deref(), 1)?[0];
    let cap = options.cap(&board);
    let (decisions, game, events) =
        super::decisions::judged(&board, policy, cap, seed, MAX_TURNS, budget)?;
    Ok(PolicyTranscript {
        board: board.name().to_string(),
        seed,
        players: 1,
        policies: policy_names::<G>(&[policy]),
        events,
        winner: game.winner.map(|w| w + 1),
        length: game.turns,
        held_left: game.held_left,
        decisions,
        words: board.words(),
        label: source.label.clone(),
    })
}

//! `candyland play`: one game turn by turn, the first game that `simulate --seed S` plays, as
//! the log the seed programs print.

use serde::{Deserialize, Serialize};

use crate::chain::{Chain, FINISH};
use crate::race::RaceGame;
use crate::sim::{chunk_rng, CardSource, DeckMode, Iid, Shoe};

/// One turn of a transcript.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnRecord {
    /// The turn's number, from 1, counting every player's turns.
    pub turn: u32,
    /// 1-based seat.
    pub player: usize,
    /// The card drawn; `None` for a lost turn.
    pub card: Option<String>,
    /// Index of the player's chain state before the turn.
    pub from_state: usize,
    /// That state in words, e.g. "space 47 (yellow)".
    pub from: String,
    /// `None` when this turn finishes the game.
    pub to_state: Option<usize>,
    /// The state after the turn in words, or "finish".
    pub to: String,
    /// What happened on the turn, one kebab-case word each, e.g. "shortcut", "turn-lost".
    pub events: Vec<String>,
}

/// `play --json`: one game, turn by turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Transcript {
    /// The board's short name.
    pub board: String,
    /// The seed: the game is the first one `simulate --seed S` plays.
    pub seed: u64,
    /// How cards were drawn.
    pub deck: DeckMode,
    /// Number of players, taking turns in seat order.
    pub players: usize,
    /// Every turn played, in order.
    pub turns: Vec<TurnRecord>,
    /// 1-based seat of the winner; `None` if the game hit the turn limit.
    pub winner: Option<usize>,
}

/// One game, turn by turn: the first game that `simulate --seed S` plays.
pub fn transcript<G: RaceGame>(
    game: &G,
    chain: &Chain<G::State, G::Card>,
    board: &str,
    seed: u64,
    deck: DeckMode,
    players: usize,
    max_turns: u32,
) -> Transcript {
    let mut rng = chunk_rng(seed, 0);
    let kind_of: Vec<usize> = chain
        .cards()
        .iter()
        .enumerate()
        .flat_map(|(k, (_, n))| std::iter::repeat_n(k, *n as usize))
        .collect();
    let d = chain.denominator();
    let mut iid = Iid::new(d);
    let mut shoe = Shoe::new(d);
    let source: &mut dyn FnMut(&mut rand_xoshiro::Xoshiro256PlusPlus) -> u32 = match deck {
        DeckMode::Iid => &mut |r| iid.draw(r),
        DeckMode::Shuffled => {
            shoe.new_game();
            &mut |r| shoe.draw(r)
        }
    };
    let mut states = vec![chain.start(); players];
    let mut turns = Vec::new();
    let mut winner = None;
    'game: for turn in 1..=max_turns {
        let seat = (turn as usize - 1) % players;
        let s = states[seat];
        let (kind, card) = if chain.draws(s) {
            let k = kind_of[source(&mut rng) as usize];
            (k, Some(game.card_name(chain.cards()[k].0)))
        } else {
            (0, None)
        };
        let t = chain.next(s, kind);
        turns.push(TurnRecord {
            turn,
            player: seat + 1,
            card,
            from_state: s,
            from: game.describe(chain.states()[s]),
            to_state: (t != FINISH).then_some(t as usize),
            to: if t == FINISH {
                "finish".into()
            } else {
                game.describe(chain.states()[t as usize])
            },
            events: chain
                .events(s, kind)
                .iter()
                .map(|e| game.event_name(e))
                .collect(),
        });
        if t == FINISH {
            winner = Some(seat + 1);
            break 'game;
        }
        states[seat] = t as usize;
    }
    Transcript {
        board: board.to_string(),
        seed,
        deck,
        players,
        turns,
        winner,
    }
}

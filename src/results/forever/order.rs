//! Fixed deck orders recycled without shuffling: playing one to its end or to a loop, and
//! reading and writing deck-order files.

use std::collections::HashMap;
use std::ops::ControlFlow;

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};

use crate::sim::{Observer, Recycled, Simulator};

/// A fixed deck order, recycled without shuffling, played to the end or to a loop.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FixedOrder {
    /// The game ends: after how many turns, and who wins (0-based seat).
    pub ends: Option<(u64, usize)>,
    /// The game loops: the turn at which the repeated state was first seen, and the loop's
    /// length in turns.
    pub loops: Option<(u64, u64)>,
    /// Each player's state index when the game ended or first entered the loop.
    pub positions: Vec<u32>,
}

/// Plays `order` (card kinds, a whole deck) recycled forever for `players` players, through
/// the simulator's turn loop.
///
/// The state at the start of a turn is (every token, whose turn, position in the deck); all
/// that follows is determined by it, so a repeated state means a loop. Only states at the top
/// of the deck are recorded, which is enough: a loop passes the top of the deck, or it draws no
/// card at all (everyone skipping turns forever, which cannot happen as a skipped turn frees
/// the player).
pub fn play_fixed_order(sim: &Simulator, order: &[usize], players: usize) -> FixedOrder {
    let mut cards = Recycled::new(order.iter().map(|&k| sim.card_of_kind(k)).collect());
    let mut watch = LoopWatch {
        deck: order.len() as u32,
        tokens: vec![sim.start(); players],
        seen: HashMap::new(),
        found: None,
    };
    let mut seats = vec![0; players];
    // The order decides every draw: the generator is never used.
    let mut unused = Xoshiro256PlusPlus::seed_from_u64(0);
    let played = sim.play_observed(&mut unused, &mut cards, &mut seats, u32::MAX, &mut watch);
    FixedOrder {
        ends: played.winner.map(|w| (u64::from(played.turns), w)),
        loops: watch.found,
        positions: seats.iter().map(|&s| sim.state_index(s) as u32).collect(),
    }
}

/// Stops a game at the first repeated state at the top of the deck.
struct LoopWatch {
    /// Cards in the deck order.
    deck: u32,
    /// Every seat's state, encoded.
    tokens: Vec<u32>,
    /// (seats, whose turn) at the top of the deck -> the turns played before it.
    seen: HashMap<(Vec<u32>, usize), u64>,
    /// (first turn of the loop, its length) once found.
    found: Option<(u64, u64)>,
}

impl Observer for LoopWatch {
    fn before_turn(&mut self, seat: usize, turns: u32, drawn: u32) -> ControlFlow<()> {
        if !drawn.is_multiple_of(self.deck) {
            return ControlFlow::Continue(());
        }
        let turns = u64::from(turns);
        match self.seen.insert((self.tokens.clone(), seat), turns) {
            Some(first) => {
                self.found = Some((first, turns - first));
                ControlFlow::Break(())
            }
            None => ControlFlow::Continue(()),
        }
    }

    fn after_turn(&mut self, seat: usize, _: u32, _: Option<u32>, to: u32) {
        if to != crate::chain::FINISH {
            self.tokens[seat] = to;
        }
    }
}

/// Reads a deck order: one card per line, named as the tool names cards ("red",
/// "double green", "Plumpy"); blank lines and lines starting with '#' are ignored. The order
/// must hold exactly the cards of the deck. Returns card-kind indices.
pub fn parse_order(
    text: &str,
    names: &[String],
    counts: &[u32],
) -> Result<Vec<usize>, (usize, String)> {
    let mut order = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let card = line.trim();
        if card.is_empty() || card.starts_with('#') {
            continue;
        }
        let kind = names
            .iter()
            .position(|n| n.eq_ignore_ascii_case(card))
            .ok_or_else(|| {
                (
                    i + 1,
                    format!(
                        "'{card}' is not a card of this deck; the cards are: {}",
                        names.join(", ")
                    ),
                )
            })?;
        order.push(kind);
    }
    let total: u32 = counts.iter().sum();
    if order.len() != total as usize {
        return Err((
            0,
            format!(
                "lists {} cards, but the deck has {total}; list every card exactly once",
                order.len()
            ),
        ));
    }
    for (kind, &want) in counts.iter().enumerate() {
        let have = order.iter().filter(|&&k| k == kind).count();
        if have != want as usize {
            return Err((
                0,
                format!(
                    "has {have} '{}' cards, but the deck has {want}",
                    names[kind]
                ),
            ));
        }
    }
    Ok(order)
}

/// Writes a deck order in the format [`parse_order`] reads.
pub fn format_order(order: &[usize], names: &[String], header: &str) -> String {
    let mut s = String::new();
    for line in header.lines() {
        s.push_str("# ");
        s.push_str(line);
        s.push('\n');
    }
    for &k in order {
        s.push_str(&names[k]);
        s.push('\n');
    }
    s
}

//! Fixed deck orders recycled without shuffling: playing one to its end or to a loop, and
//! reading and writing deck-order files.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::chain::{Chain, FINISH};

/// A fixed deck order, recycled without shuffling, played to the end or to a loop.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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

/// Plays `order` (card kinds, a whole deck) recycled forever for `players` players.
///
/// The state at the start of a turn is (every token, whose turn, position in the deck); all
/// that follows is determined by it, so a repeated state means a loop. Only states at the top
/// of the deck are recorded, which is enough: a loop passes the top of the deck, or it draws no
/// card at all (everyone skipping turns forever, which cannot happen as a skipped turn frees
/// the player).
pub fn play_fixed_order<S, C>(chain: &Chain<S, C>, order: &[usize], players: usize) -> FixedOrder {
    let mut tokens = vec![chain.start() as u32; players];
    let mut seen: HashMap<(Vec<u32>, usize), u64> = HashMap::new();
    let mut pointer = 0usize;
    let mut turn: u64 = 0;
    loop {
        for seat in 0..players {
            if pointer == 0 {
                if let Some(&first) = seen.get(&(tokens.clone(), seat)) {
                    return FixedOrder {
                        ends: None,
                        loops: Some((first, turn - first)),
                        positions: tokens,
                    };
                }
                seen.insert((tokens.clone(), seat), turn);
            }
            turn += 1;
            let s = tokens[seat] as usize;
            let next = if chain.draws(s) {
                let card = order[pointer];
                pointer = (pointer + 1) % order.len();
                chain.next(s, card)
            } else {
                chain.next(s, 0)
            };
            if next == FINISH {
                return FixedOrder {
                    ends: Some((turn, seat)),
                    loops: None,
                    positions: tokens,
                };
            }
            tokens[seat] = next;
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

//! Fixed deck orders recycled without shuffling: playing one to its end or to a loop, and
//! surveying many random ones for the fraction that never ends.

use std::collections::HashMap;
use std::ops::ControlFlow;

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::budget::{Budget, OverBudget};
use crate::chain::Chain;
use crate::sim::{chunk_seed, CardSource, Observer, Recycled, Shoe, Simulator, CHUNK};

/// Why a deck order cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BadOrder {
    /// The order holds no card.
    #[error("the deck order holds no card")]
    Empty,
    /// No player to play it.
    #[error("a deck order is played by at least one player")]
    NoPlayers,
    /// A card kind the game does not have.
    #[error("card kind {kind} at place {place} of the deck order is not one of the game's {kinds} kinds")]
    UnknownKind {
        /// The kind given (an index into the game's kinds).
        kind: usize,
        /// Its place in the order, from 1.
        place: usize,
        /// The game's kinds of card.
        kinds: usize,
    },
}

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
///
/// An empty order, no player or a kind the game does not have is refused ([`BadOrder`]).
pub fn play_fixed_order(
    sim: &Simulator,
    order: &[usize],
    players: usize,
) -> Result<FixedOrder, BadOrder> {
    if order.is_empty() {
        return Err(BadOrder::Empty);
    }
    if players == 0 {
        return Err(BadOrder::NoPlayers);
    }
    let mut cards = Vec::with_capacity(order.len());
    for (i, &kind) in order.iter().enumerate() {
        match sim.card_of_kind(kind) {
            Some(card) => cards.push(card),
            None => {
                return Err(BadOrder::UnknownKind {
                    kind,
                    place: i + 1,
                    kinds: sim.kinds(),
                })
            }
        }
    }
    let mut cards = Recycled::new(cards);
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
    Ok(FixedOrder {
        ends: played.winner.map(|w| (u64::from(played.turns), w)),
        loops: watch.found,
        positions: seats.iter().map(|&s| sim.state_index(s) as u32).collect(),
    })
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

/// A looping deck order: its index in the sample, for how many players it loops, the order.
pub type WitnessOrder = (u64, usize, Vec<usize>);

/// Plays `orders` random deck orders, each recycled, for 1..=`max_players` players. Returns
/// the number of looping orders for each number of players, and a witness: the first looping
/// order for the fewest players that have one.
pub fn survey_orders<S: Sync, C: Sync>(
    chain: &Chain<S, C>,
    orders: u64,
    seed: u64,
    max_players: usize,
    budget: &Budget,
) -> Result<(Vec<u64>, Option<WitnessOrder>), OverBudget> {
    let deck: Vec<usize> = chain
        .cards()
        .iter()
        .enumerate()
        .flat_map(|(k, (_, n))| std::iter::repeat_n(k, *n as usize))
        .collect();
    let chunks = orders.div_ceil(CHUNK);
    let sim = Simulator::new(chain);
    type Witness = Option<(u64, Vec<usize>)>;
    type Tally = (Vec<u64>, Vec<Witness>);
    // After a pilot the probe extrapolates the total from the orders done, and stops the
    // survey if it is over the budget. Chunks are reduced as they finish, never collected, so
    // any number of orders fits in memory.
    let probe = budget.probe(
        &format!("trying {orders} deck orders"),
        "try fewer with --orders N",
    );
    let done = std::sync::atomic::AtomicU64::new(0);
    let merge = |(mut la, mut wa): Tally, (lb, wb): Tally| -> Tally {
        la.iter_mut().zip(&lb).for_each(|(a, b)| *a += b);
        for (mine, theirs) in wa.iter_mut().zip(wb) {
            match (&mine, &theirs) {
                (None, _) => *mine = theirs,
                (Some(a), Some(b)) if b.0 < a.0 => *mine = theirs,
                _ => {}
            }
        }
        (la, wa)
    };
    let empty = || (vec![0u64; max_players], vec![None; max_players]);
    let (looping, witness) = (0..chunks)
        .into_par_iter()
        .map(|c| -> Result<Tally, OverBudget> {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(chunk_seed(seed, c));
            let mut shoe = Shoe::new(deck.len() as u32);
            let mut looping = vec![0u64; max_players];
            let mut witness: Vec<Witness> = vec![None; max_players];
            for i in 0..CHUNK.min(orders - c * CHUNK) {
                shoe.new_game();
                let order: Vec<usize> = (0..deck.len())
                    .map(|_| deck[shoe.draw(&mut rng) as usize])
                    .collect();
                for k in 1..=max_players {
                    if play_fixed_order(&sim, &order, k).is_ok_and(|f| f.loops.is_some()) {
                        looping[k - 1] += 1;
                        if witness[k - 1].is_none() {
                            witness[k - 1] = Some((c * CHUNK + i, order.clone()));
                        }
                    }
                }
                let finished = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                probe.check(finished as f64, orders as f64)?;
            }
            Ok((looping, witness))
        })
        .try_reduce(empty, |a, b| Ok(merge(a, b)))?;
    let first = witness
        .into_iter()
        .enumerate()
        .find_map(|(k, w)| w.map(|(i, order)| (i, k + 1, order)));
    Ok((looping, first))
}

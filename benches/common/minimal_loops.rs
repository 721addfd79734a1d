//! The minimal reference loops the simulator is set against (`benches/simulate.rs`,
//! `benches/versus_c.rs`): one player over the simulator's 16-bit table, the state in a
//! register, the same generator and bounded draws as the tool, only the total of turns kept.

use rand::Rng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// A uniform card of `cards` from 64 random bits (Lemire's multiply-and-reject).
#[inline]
fn uniform64(rng: &mut Xoshiro256PlusPlus, cards: u64) -> u32 {
    let mut m = u128::from(rng.next_u64()) * u128::from(cards);
    if (m as u64) < cards {
        let threshold = cards.wrapping_neg() % cards;
        while (m as u64) < threshold {
            m = u128::from(rng.next_u64()) * u128::from(cards);
        }
    }
    (m >> 64) as u32
}

/// A uniform integer below `bound` from 32 random bits (Lemire).
#[inline]
fn uniform32(rng: &mut Xoshiro256PlusPlus, bound: u32) -> u32 {
    let mut m = u64::from(rng.next_u32()) * u64::from(bound);
    if (m as u32) < bound {
        let threshold = bound.wrapping_neg() % bound;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(bound);
        }
    }
    (m >> 32) as u32
}

/// The minimal i.i.d. loop: one player, the state in a register, total turns returned.
pub fn reference_iid(
    table: &[u16],
    start: u32,
    cards: u32,
    games: u64,
    rng: &mut Xoshiro256PlusPlus,
) -> u64 {
    let mut total = 0u64;
    for _ in 0..games {
        let mut state = start;
        loop {
            total += 1;
            let row = (state >> 1) as usize;
            let next = if state & 1 == 0 {
                table[row + uniform64(rng, u64::from(cards)) as usize]
            } else {
                table[row]
            };
            if next == u16::MAX {
                break;
            }
            state = u32::from(next);
        }
    }
    total
}

/// The minimal shuffled-deck loop: a lazily shuffled deck in a local array, fresh each game.
pub fn reference_shuffled(
    table: &[u16],
    start: u32,
    cards: u32,
    games: u64,
    rng: &mut Xoshiro256PlusPlus,
) -> u64 {
    let mut deck: Vec<u32> = (0..cards).collect();
    let mut total = 0u64;
    for _ in 0..games {
        let mut state = start;
        let mut remaining = cards as usize;
        loop {
            total += 1;
            let row = (state >> 1) as usize;
            let next = if state & 1 == 0 {
                if remaining == 0 {
                    remaining = deck.len();
                }
                let j = uniform32(rng, remaining as u32) as usize;
                remaining -= 1;
                deck.swap(j, remaining);
                table[row + deck[remaining] as usize]
            } else {
                table[row]
            };
            if next == u16::MAX {
                break;
            }
            state = u32::from(next);
        }
    }
    total
}

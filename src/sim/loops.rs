//! Monte Carlo on a board that loops ([`LoopGame`]): the rolls sampled through the game's one
//! step function (the roll the exact chain enumerates), counting where each roll is counted.
//!
//! Two shapes, for the two ways a simulator's figures are checked ([`crate::check::landings`]):
//! independent games of N turns from the start (each with its piles shuffled anew when they
//! cycle, as a real game's are), or one long run cut into consecutive batches of N turns
//! (batch means). Both are deterministic: game or batch `i` draws from a generator seeded
//! from (seed, i) (one long run from seed alone), whatever the threads.

use rayon::prelude::*;

use super::run::chunk_rng;
use crate::games::loop_game::LoopGame;

/// Landings on each square, one row per game (or batch).
pub type Counts = Vec<Vec<u64>>;

/// Plays `turns` turns from the start and adds each roll's landing to `counts`; the state
/// reached.
fn play<G: LoopGame>(
    game: &G,
    from: G::State,
    turns: u64,
    rng: &mut impl rand::Rng,
    counts: &mut [u64],
) -> G::State {
    let mut s = from;
    let mut done = 0;
    while done < turns {
        s = game.sample(&s, rng);
        counts[game.counted(&s)] += 1;
        if game.ends_turn(&s) {
            done += 1;
        }
    }
    s
}

/// `games` independent games of `turns` turns each from the start; with `shuffle`, each
/// game's piles in a random order of their own.
pub fn games<G: LoopGame>(game: &G, games: u64, turns: u64, seed: u64, shuffle: bool) -> Counts {
    (0..games)
        .into_par_iter()
        .map(|i| {
            let mut rng = chunk_rng(seed, i);
            let mut counts = vec![0; game.squares()];
            if shuffle {
                let board = game.shuffled(&mut rng);
                play(&board, board.start(), turns, &mut rng, &mut counts);
            } else {
                play(game, game.start(), turns, &mut rng, &mut counts);
            }
            counts
        })
        .collect()
}

/// One long run from the start: `warmup` turns not counted, then `batches` consecutive
/// batches of `turns` turns, each batch's landings a row.
pub fn long_run<G: LoopGame>(game: &G, warmup: u64, batches: u64, turns: u64, seed: u64) -> Counts {
    let mut rng = chunk_rng(seed, u64::MAX);
    let mut scratch = vec![0; game.squares()];
    let mut s = play(game, game.start(), warmup, &mut rng, &mut scratch);
    (0..batches)
        .map(|_| {
            let mut counts = vec![0; game.squares()];
            s = play(game, s, turns, &mut rng, &mut counts);
            counts
        })
        .collect()
}

//! First passage with K players: the product chain ([`Product`]), where a target is about one
//! seat's token and is hit by that seat's moves only, and where the other seats stand at that
//! moment is split out ("the chance that seat 2 is still behind seat 1 when seat 1 reaches
//! space 50"). The game ends when the first player finishes, so "before the game ends" means
//! before anyone finishes.

use super::{solve, PassageError, PassageOptions, Target};
use crate::chain::product::Product;
use crate::chain::Chain;
use crate::games::race::{Next, RaceGame, Turn};
use crate::games::Game;
use crate::solve::vocabulary::StateRef;

/// The first passage of `options` (K > 1 players) on `game`; `one` is its one-player chain,
/// whose states name the targets.
pub(super) fn passage<G: Game>(
    game: &G,
    one: &Chain<G::State, G::Card>,
    about: &crate::solve::About,
    options: &PassageOptions,
) -> Result<super::Passage, PassageError> {
    match options.players {
        2 => seats::<G, 2>(game, one, about, options),
        3 => seats::<G, 3>(game, one, about, options),
        _ => seats::<G, 4>(game, one, about, options),
    }
}

fn seats<G: Game, const K: usize>(
    game: &G,
    one: &Chain<G::State, G::Card>,
    about: &crate::solve::About,
    options: &PassageOptions,
) -> Result<super::Passage, PassageError> {
    let target = Target::resolve(game, one.states(), &options.to)
        .map_err(|(index, source)| PassageError::Target { index, source })?;
    let product = Product::<G, K>::new(game);
    let chain = Chain::build_within(&product, &options.budget)?;
    crate::solve::check_finishes(&product, &chain)?;
    let seat = options.seat;
    let states = chain.states();
    let cards = chain.cards();
    let hit = |s: usize, card: usize| {
        let ps = states[s];
        ps.turn as usize == seat && target.hit(game, ps.tokens[seat], cards[card].0, chain.draws(s))
    };
    // Where the moving seat's token is after the move: its space, or past every space (the
    // finish); where another seat stands: its space, or before the first (the start).
    let mover_after = |s: usize, card: usize| -> i64 {
        let token = states[s].tokens[seat];
        let outcome = match game.turn(token) {
            Turn::Skip(o) => o,
            Turn::Draw => game.step(token, cards[card].0),
        };
        match outcome.next {
            Next::At(t) => game.position(t).map_or(-1, |p| p as i64),
            Next::Finished => i64::MAX,
        }
    };
    let at = |s: usize, j: usize| game.position(states[s].tokens[j]).map_or(-1, |p| p as i64);
    let others: Vec<usize> = (0..K).filter(|&j| j != seat).collect();
    let mut picks: Vec<Box<dyn Fn(usize, usize) -> bool + '_>> = Vec::new();
    for &j in &others {
        let mover_after = &mover_after;
        let at = &at;
        picks.push(Box::new(move |s, c| at(s, j) < mover_after(s, c)));
        picks.push(Box::new(move |s, c| at(s, j) == mover_after(s, c)));
        picks.push(Box::new(move |s, c| at(s, j) > mover_after(s, c)));
    }
    let splits: Vec<&dyn Fn(usize, usize) -> bool> = picks.iter().map(|b| b.as_ref()).collect();
    let core = solve(&product, &chain, &hit, chain.start(), &splits, options)?;
    let start = StateRef {
        state: chain.start(),
        position: None,
        name: product.describe(states[chain.start()]),
    };
    Ok(core.into_passage(about, &target.label, K, seat, start, chain.len()))
}

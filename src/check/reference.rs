//! One hypothesis's distribution of game lengths: exact from the chain (i.i.d. draws, any
//! number of players; for a game whose tokens meet, several players from the chain of the
//! whole table, [`table_model`]), or simulated under a finite deck.

use std::sync::Arc;

use crate::budget::OverBudget;
use crate::chain::product::Product;
use crate::chain::Chain;
use crate::games::{Game, RaceGame, Source, Variant};
use crate::sim::{simulate, DeckMode, Pilot, SimOptions, Simulator};
use crate::solve::check_finishes;
use crate::solve::distribution::Distribution;

use super::{Candidate, LengthModel, Settings, EXACT_TAIL, MAX_TURNS};

/// The exact distribution of the first finisher's game length (all players' turns counted)
/// for `players` players with i.i.d. draws, computed at least to `longest` turns.
pub fn exact_model<S, C>(chain: &Chain<S, C>, players: usize, longest: usize) -> LengthModel {
    let k = players.max(1);
    let rounds = longest / k + 2;
    let d = Distribution::compute(
        (chain.counts(), chain.denominator()),
        &chain.r(),
        chain.start(),
        EXACT_TAIL,
        rounds,
        usize::MAX,
        0.0,
    );
    if k == 1 {
        return LengthModel::computed(d.pmf, d.survival);
    }
    // Player i (0-based) finishing first in round r ends the game on turn (r - 1) K + i + 1,
    // with probability p(r) S(r)^i S(r - 1)^(K - 1 - i); the game is still on after turn
    // (r - 1) K + i with probability S(r)^i S(r - 1)^(K - i).
    let last = d.last_turn();
    let (p, s) = (&d.pmf, &d.survival);
    let mut pmf = vec![0.0; last * k + 1];
    let mut survival = vec![1.0; last * k + 1];
    for r in 1..=last {
        for i in 0..k {
            let t = (r - 1) * k + i;
            survival[t] = s[r].powi(i as i32) * s[r - 1].powi((k - i) as i32);
            pmf[t + 1] = p[r] * s[r].powi(i as i32) * s[r - 1].powi((k - 1 - i) as i32);
        }
    }
    survival[last * k] = s[last].powi(k as i32);
    LengthModel::computed(pmf, survival)
}

/// The exact distribution of the game length (every player's turns) of `players` players of a
/// game whose tokens meet ([`RaceGame::tokens_meet`]), from the chain of the whole table
/// ([`Product`]): its length is the game's, so it is the one-player distribution of that chain.
/// `None` for one player or more than [`crate::results::options::MAX_PLAYERS`] (then the
/// caller's own model applies, or the players were refused before).
pub fn table_model<G: RaceGame>(
    game: &G,
    players: usize,
    longest: usize,
    settings: &Settings,
) -> Result<Option<LengthModel>, OverBudget> {
    fn of<G: RaceGame, const K: usize>(
        game: &G,
        longest: usize,
        settings: &Settings,
    ) -> Result<Option<LengthModel>, OverBudget> {
        let chain = Chain::build_within(&Product::<G, K>::new(game), &settings.budget)?;
        Ok(Some(exact_model(&chain, 1, longest)))
    }
    match players {
        2 => of::<G, 2>(game, longest, settings),
        3 => of::<G, 3>(game, longest, settings),
        4 => of::<G, 4>(game, longest, settings),
        5 => of::<G, 5>(game, longest, settings),
        6 => of::<G, 6>(game, longest, settings),
        _ => Ok(None),
    }
}

/// The exact model of `players` players of `game` whose one-player chain is `chain`: the
/// table's chain where the tokens meet ([`table_model`]), else the formulas for independent
/// players ([`exact_model`]).
pub fn model_of<G: RaceGame>(
    game: &G,
    chain: &Chain<G::State, G::Card>,
    players: usize,
    longest: usize,
    settings: &Settings,
) -> Result<LengthModel, OverBudget> {
    if game.tokens_meet() {
        if let Some(model) = table_model(game, players, longest, settings)? {
            return Ok(model);
        }
    }
    Ok(exact_model(chain, players, longest))
}

/// The exact or simulated reference of one board, variant and deck, as a candidate; `None` if
/// the variant makes the board invalid or unfinishable.
pub fn candidate<G: Game>(
    source: &Source<G>,
    variant: &Variant,
    deck: DeckMode,
    longest: usize,
    settings: &Settings,
) -> Result<Option<Candidate>, OverBudget> {
    let Ok(game) = source.game(variant) else {
        return Ok(None);
    };
    let chain = Chain::build_within(&game, &settings.budget)?;
    if check_finishes(&game, &chain).is_err() {
        return Ok(None);
    }
    // The reference's distribution to the longest game of the sample (on a large board, tens
    // of thousands of turn-steps): estimated like each rule set's of the search.
    let seconds = super::cost::distribution_seconds(&game, &chain, longest, settings, &mut None);
    settings.budget.time(
        &format!("the exact distribution of the reference {}", game.name()),
        seconds,
        "check against a smaller board",
    )?;
    let exact = Arc::new(model_of(
        &game,
        &chain,
        settings.players,
        longest,
        settings,
    )?);
    let model = if deck == DeckMode::Iid {
        exact
    } else {
        let sim = Simulator::new(&chain);
        let options = reference(deck, settings);
        Pilot::check(
            &settings.budget,
            &[(settings.reference_games, Pilot::measure(&sim, &options))],
            "use fewer --reference-games",
        )?;
        let r = simulate(&sim, &options, &|_| {});
        Arc::new(LengthModel::simulated(r.histogram, exact))
    };
    Ok(Some(Candidate {
        game: G::KIND,
        board: game.name().to_string(),
        variant: variant.clone(),
        deck: chain.has_deck().then_some(deck),
        extra: Vec::new(),
        model,
        model_id: 0,
    }))
}

/// The options of a reference simulation under `deck`.
pub(super) fn reference(deck: DeckMode, settings: &Settings) -> SimOptions {
    SimOptions {
        games: settings.reference_games,
        seed: settings.seed,
        deck,
        players: settings.players,
        max_turns: MAX_TURNS,
        keep_lengths: false,
    }
}

//! One hypothesis's distribution of game lengths: exact from the chain (i.i.d. draws, any
//! number of players), or simulated under a finite deck.

use std::sync::Arc;

use crate::budget::OverBudget;
use crate::chain::Chain;
use crate::games::{Game, Source, Variant};
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
    let exact = Arc::new(exact_model(&chain, settings.players, longest));
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

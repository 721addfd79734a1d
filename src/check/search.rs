//! The search of the hypothesis space: every board x rule set solved exactly with i.i.d.
//! draws (rule sets with identical chains share one distribution), and the finite-deck models
//! simulated for the rule sets each would make fit best.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::budget::OverBudget;
use crate::chain::Chain;
use crate::games::Source;
use crate::games::{Game, Variant};
use crate::sim::{DeckMode, Simulator};
use crate::solve::check_finishes;

use super::decks::{simulate_decks, Distinct, Screen};
use super::{Candidate, LengthModel, RuleSpace, Settings, SCREEN_NATS};

/// Bytes one distinct chain keeps: its simulator's table, and its exact distribution (the pmf
/// and the survival to the longest game, K times as long for K players).
fn distinct_bytes<S, C>(chain: &Chain<S, C>, players: usize, longest: usize) -> f64 {
    let table = Simulator::table_bytes(chain);
    table + 16.0 * (longest.max(200) + 2 * players.max(1)) as f64 * players.max(1) as f64
}

/// A fingerprint of everything a simulation of the chain depends on: two chains with the same
/// fingerprint give the same length distribution under every deck model.
fn fingerprint<S, C>(chain: &Chain<S, C>) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (chain.len(), chain.start(), chain.denominator()).hash(&mut h);
    for (_, n) in chain.cards() {
        n.hash(&mut h);
    }
    for s in 0..chain.len() {
        chain.draws(s).hash(&mut h);
        for k in 0..chain.cards().len() {
            chain.next(s, k).hash(&mut h);
        }
    }
    h.finish()
}

/// What tells two distributions apart: their probabilities, bit for bit, to the last turn
/// computed.
fn model_print(model: &LengthModel) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for p in model.pmf_to(model.computed_to() + 1) {
        p.to_bits().hash(&mut h);
    }
    h.finish()
}

/// What was searched, for the report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Searched {
    /// Each game searched: its boards and rules, the given board's game first.
    pub games: Vec<SearchedGame>,
    /// Games not searched, each with the reason (`--vary` or `--fix` names a rule it does
    /// not have).
    pub games_left_out: Vec<String>,
    /// The boards tried, every game's.
    pub boards: Vec<String>,
    /// The rule keys varied, every game's.
    pub keys: Vec<String>,
    /// The rule keys held at one value (`--fix`).
    pub fixed: Vec<(String, String)>,
    /// The deck models tried.
    pub decks: Vec<String>,
    /// Board x rule set combinations tried (valid ones), every game's.
    pub rule_sets: usize,
    /// Combinations left out: the rules make the board invalid or a game that can go on
    /// forever.
    pub left_out: usize,
    /// Distinct length distributions among them (i.i.d. draws): two whose total variation
    /// distance is below `same_distribution_within` count as one.
    pub distinct: usize,
    /// Two exact distributions whose total variation distance sum_t |P(T = t) - P'(T = t)| is
    /// below this are one hypothesis (their difference is rounding): no sample of fewer than
    /// about 1e20 games could tell them apart.
    pub same_distribution_within: f64,
    /// Hypotheses scored (rule sets x the decks each was tried with).
    pub hypotheses: usize,
    /// Distinct rule sets simulated under the finite-deck models.
    pub simulated: usize,
    /// How the space was searched, in words.
    pub how: String,
    /// What the budget left out of the search inside the games searched (a stage of
    /// simulations, the finite decks), each with what would allow it; a game left out whole is
    /// in `games_left_out`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub left_out_for_budget: Vec<String>,
}

/// One game's part of the search.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchedGame {
    /// The game's `game` word, e.g. "candyland" or "race".
    pub game: String,
    /// Its boards tried: every shipped board of the game, and the given one.
    pub boards: Vec<String>,
    /// Its rule keys varied.
    pub keys: Vec<String>,
    /// Its rule keys held at one value (`--fix`).
    pub fixed: Vec<(String, String)>,
    /// Board x rule set combinations tried (valid ones).
    pub rule_sets: usize,
    /// Combinations left out as invalid or endless.
    pub left_out: usize,
}

/// Two exact distributions closer than this in total variation are one hypothesis
/// ([`Searched::same_distribution_within`]).
pub const SAME_DISTRIBUTION: f64 = 1e-10;

/// One game's hypotheses, before [`combine`] merges the games.
#[derive(Debug, Clone)]
pub struct GameSearch {
    /// The hypotheses (their `model_id`s are set by [`combine`]).
    pub candidates: Vec<Candidate>,
    /// What was searched.
    pub searched: SearchedGame,
    /// The deck models tried.
    pub decks: Vec<String>,
    /// Distinct rule sets simulated under the finite-deck models.
    pub simulated: usize,
    /// How this game was searched, when not as the others (a policy game), in words.
    pub how: Option<String>,
    /// What of this game's search the budget left out, with why and what would allow it.
    pub notes: Vec<String>,
}

/// A distinct chain of the search: its distribution computed, or the chain kept until every
/// distinct distribution is counted (while they take at most [`HELD_BYTES`]).
enum Slot<S, C> {
    Done(Distinct),
    Waiting(Chain<S, C>),
}

/// Memory the chains waiting for their distributions may take (the shipped boards' chains
/// take tens of kilobytes each; a large board's are computed one by one as they come).
const HELD_BYTES: f64 = 64e6;

/// Bytes a chain holds: its next-state table (4 bytes per state and kind of card) and its
/// sparse matrix (about 12 bytes a transition), with a state's own fields.
fn chain_bytes<S, C>(chain: &Chain<S, C>) -> f64 {
    let n = chain.len() as f64;
    n * (4.0 * chain.cards().len() as f64 + 32.0) + 12.0 * chain.counts().nnz() as f64
}

/// Builds every hypothesis of one game, as [`search_game`], and merges the distributions that
/// are one ([`combine`]).
pub fn search<G: Game>(
    sources: &[(String, Source<G>)],
    space: &RuleSpace,
    screen: Screen,
    settings: &Settings,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<(Vec<Candidate>, Searched), OverBudget> {
    let part = search_game(sources, space, screen, settings, progress)?;
    combine(vec![part], Vec::new(), screen, settings)
}

/// Builds every hypothesis of one game: the boards in `sources` under every rule set of
/// `space`, with i.i.d. draws, and the finite-deck models for the rule sets `screen` keeps.
/// `progress` is told of each rule set built and each simulation.
pub fn search_game<G: Game>(
    sources: &[(String, Source<G>)],
    space: &RuleSpace,
    screen: Screen,
    settings: &Settings,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<GameSearch, OverBudget> {
    let longest = screen.longest();
    // The estimate made from a few rule sets refuses a search far too big before any chain is
    // built; the distinct distributions, counted as the chains are built, are then checked
    // before any of them is computed.
    let booked = super::cost::search(sources, space, longest, settings)?;
    let fix = "narrow the rules with --vary or --fix, or skip the search with --no-rank";
    let mut step = None;
    let mut slots: Vec<Slot<G::State, G::Card>> = Vec::new();
    let (mut held, mut waiting) = (0.0, 0.0);
    let mut by_print: HashMap<u64, usize> = HashMap::new();
    // (board, variant, distinct index)
    let mut entries: Vec<(String, Variant, usize)> = Vec::new();
    let mut boards = Vec::new();
    let mut left_out = 0;
    for (name, source) in sources {
        for variant in &space.rule_sets {
            progress(1);
            let Ok(game) = source.game(variant) else {
                left_out += 1;
                continue;
            };
            if !boards.contains(name) {
                boards.push(name.clone());
            }
            // Each chain is freed once its distribution and simulator are kept; its cost is in
            // the search's estimate.
            let chain = crate::budget::counted(|| Chain::build_within(&game, &settings.budget))?;
            if check_finishes(&game, &chain).is_err() {
                left_out += 1;
                continue;
            }
            // Where the tokens meet, several players are the whole table's chain, which the
            // one-player chain does not determine (what landing on a token does): such rule
            // sets are told apart by their table's distribution.
            let table = if game.tokens_meet() {
                super::reference::table_model(&game, settings.players, longest, settings)?
            } else {
                None
            };
            let print = match &table {
                Some(model) => model_print(model),
                None => fingerprint(&chain),
            };
            let index = match by_print.get(&print) {
                Some(&index) => index,
                None => {
                    // A rule set can make games last for ages.
                    let seconds = crate::budget::counted(|| {
                        super::cost::distribution_seconds(
                            &game, &chain, longest, settings, &mut step,
                        )
                    });
                    settings.budget.memory_kept(
                        "the length distributions and simulators of the rule sets",
                        distinct_bytes(&chain, settings.players, longest),
                        crate::budget::Kept::Kept,
                        fix,
                    )?;
                    let bytes = chain_bytes(&chain);
                    let slot = if let Some(model) = table {
                        Slot::Done(Distinct::with_table_model(&chain, model))
                    } else if held + bytes <= HELD_BYTES {
                        held += bytes;
                        waiting += seconds;
                        Slot::Waiting(chain)
                    } else {
                        settings.budget.fits(
                            &format!("the exact distribution of {name} {variant}"),
                            seconds,
                            fix,
                        )?;
                        Slot::Done(Distinct::of(&chain, settings, longest))
                    };
                    slots.push(slot);
                    by_print.insert(print, slots.len() - 1);
                    slots.len() - 1
                }
            };
            entries.push((name.clone(), variant.clone(), index));
        }
    }
    // Every distinct distribution still to compute is known now: refused as a whole if it
    // would not fit (what the first estimate counted for them is already reserved).
    let what = format!(
        "the exact length distributions of {} distinct rule sets",
        slots
            .iter()
            .filter(|s| matches!(s, Slot::Waiting(_)))
            .count()
    );
    if waiting > booked {
        settings.budget.time(&what, waiting - booked, fix)?;
    } else {
        settings.budget.fits(&what, waiting, fix)?;
    }
    let mut distinct: Vec<Distinct> = slots
        .into_iter()
        .map(|slot| match slot {
            Slot::Done(d) => d,
            Slot::Waiting(chain) => Distinct::of(&chain, settings, longest),
        })
        .collect();
    // Each distinct chain's settings, its first rule set's: the board, then each rule's value.
    let mut features: Vec<Vec<String>> = vec![Vec::new(); distinct.len()];
    for (board, variant, index) in &entries {
        if features[*index].is_empty() {
            features[*index] = std::iter::once(board.clone())
                .chain(
                    variant
                        .rules
                        .iter()
                        .map(|(_, v)| crate::games::value_word(v)),
                )
                .collect();
        }
    }
    let (simulated, notes) = simulate_decks(&mut distinct, &features, screen, settings, progress)?;
    let mut candidates = Vec::new();
    // A game without a deck (a spinner, a die) has no deck to name: its hypotheses and the
    // search say nothing of decks.
    let mut decks = Vec::new();
    if distinct.iter().any(|d| d.has_deck) {
        decks.push(DeckMode::Iid.name().to_string());
    }
    for (board, variant, index) in &entries {
        let d = &distinct[*index];
        let candidate = |deck: DeckMode, model: &Arc<LengthModel>| Candidate {
            game: G::KIND,
            board: board.clone(),
            variant: variant.clone(),
            deck: d.has_deck.then_some(deck),
            extra: Vec::new(),
            model: model.clone(),
            model_id: 0,
        };
        candidates.push(candidate(DeckMode::Iid, &d.exact));
        for (deck, model) in &d.decks {
            if !decks.iter().any(|n| n == deck.name()) {
                decks.push(deck.name().to_string());
            }
            candidates.push(candidate(*deck, model));
        }
    }
    Ok(GameSearch {
        searched: SearchedGame {
            game: G::KIND.to_string(),
            boards,
            keys: space.varied.clone(),
            fixed: space.fixed.clone(),
            rule_sets: entries.len(),
            left_out,
        },
        candidates,
        decks,
        simulated,
        how: None,
        notes,
    })
}

/// Merges the games' hypotheses into one list: exact distributions within
/// [`SAME_DISTRIBUTION`] of each other in total variation share one model (so that no test
/// can separate them by rounding noise), and every distinct model gets its number
/// (`model_id`). `games_left_out` are the games not searched, with why. Refused when ranking
/// the hypotheses on a sample would not fit the budget.
pub fn combine(
    parts: Vec<GameSearch>,
    games_left_out: Vec<String>,
    screen: Screen,
    settings: &Settings,
) -> Result<(Vec<Candidate>, Searched), OverBudget> {
    let mut candidates: Vec<Candidate> = parts
        .iter()
        .flat_map(|p| p.candidates.iter().cloned())
        .collect();
    let merged = merge_same(&mut candidates);
    let mut ids: HashMap<*const LengthModel, usize> = HashMap::new();
    for c in &mut candidates {
        let next = ids.len();
        c.model_id = *ids.entry(Arc::as_ptr(&c.model)).or_insert(next);
    }
    let mut decks: Vec<String> = Vec::new();
    let union = |into: &mut Vec<String>, from: &[String]| {
        for x in from {
            if !into.contains(x) {
                into.push(x.clone());
            }
        }
    };
    let (mut boards, mut keys) = (Vec::new(), Vec::new());
    let mut fixed: Vec<(String, String)> = Vec::new();
    for p in &parts {
        union(&mut decks, &p.decks);
        union(&mut boards, &p.searched.boards);
        union(&mut keys, &p.searched.keys);
        for f in &p.searched.fixed {
            if !fixed.contains(f) {
                fixed.push(f.clone());
            }
        }
    }
    if let Screen::Lengths(sample) = screen {
        super::cost::rank(&candidates, sample, settings)?;
    }
    // The exact games' way (a part without its own), then each other part's.
    let mut how: Vec<String> = Vec::new();
    if parts.iter().any(|p| p.how.is_none()) {
        how.push(decks_how(!decks.is_empty(), screen, settings));
    }
    how.extend(parts.iter().filter_map(|p| p.how.clone()));
    let how = how.join("; ");
    let searched = Searched {
        games: parts.iter().map(|p| p.searched.clone()).collect(),
        games_left_out,
        boards,
        keys,
        fixed,
        decks,
        rule_sets: parts.iter().map(|p| p.searched.rule_sets).sum(),
        left_out: parts.iter().map(|p| p.searched.left_out).sum(),
        distinct: merged,
        same_distribution_within: SAME_DISTRIBUTION,
        hypotheses: candidates.len(),
        simulated: parts.iter().map(|p| p.simulated).sum(),
        how,
        left_out_for_budget: parts.iter().flat_map(|p| p.notes.iter().cloned()).collect(),
    };
    Ok((candidates, searched))
}

/// How the exact and simulated references were made; the finite-deck models only when some
/// game searched has a deck (`with_decks`).
fn decks_how(with_decks: bool, screen: Screen, settings: &Settings) -> String {
    if !with_decks {
        return format!(
            "every rule set exactly (distributions within {SAME_DISTRIBUTION:.0e} in total variation are one)"
        );
    }
    format!(
        "every rule set exactly with i.i.d. draws (distributions within {SAME_DISTRIBUTION:.0e} in total variation are one); each finite-deck model (shuffled, carried, burn) simulated ({} games each, seed {}) for anchors (for every setting and value, the rule set of that value that fits best with i.i.d. draws) and the rule sets it would make fit best ({}, each deck's effect carried over from the anchor nearest in distribution; at most {} per deck, in rounds of {} whose simulations anchor the next)",
        crate::input::number::count(settings.reference_games),
        settings.seed,
        match screen {
            Screen::Lengths(_) => format!("log-likelihood within {SCREEN_NATS} nats per game of the best"),
            Screen::Mean(_) => "mean within 10 % of the published mean".to_string(),
        },
        screen.caps().iter().sum::<usize>(),
        screen
            .caps()
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    )
}

/// Gives candidates whose exact distributions are within [`SAME_DISTRIBUTION`] of each other
/// one shared model; returns how many distinct exact distributions remain. Distributions are
/// compared only with those of nearly the same mean (sorted by mean), so the work stays near
/// linear in their number.
fn merge_same(candidates: &mut [Candidate]) -> usize {
    let mut models: Vec<Arc<LengthModel>> = Vec::new();
    let mut seen: HashMap<*const LengthModel, usize> = HashMap::new();
    for c in candidates.iter() {
        if c.model.histogram().is_none() {
            seen.entry(Arc::as_ptr(&c.model)).or_insert_with(|| {
                models.push(c.model.clone());
                models.len() - 1
            });
        }
    }
    let means: Vec<f64> = models.iter().map(|m| m.moments().0).collect();
    let mut order: Vec<usize> = (0..models.len()).collect();
    order.sort_by(|&a, &b| means[a].total_cmp(&means[b]).then(a.cmp(&b)));
    // representative[i]: the model of smallest mean (ties: first searched) found to be the same
    // as model i.
    let mut representative: Vec<usize> = (0..models.len()).collect();
    for (k, &i) in order.iter().enumerate() {
        if representative[i] != i {
            continue;
        }
        for &j in &order[k + 1..] {
            if means[j] - means[i] > 1e-6 * means[i].max(1.0) {
                break;
            }
            if representative[j] == j && models[i].within(&models[j], SAME_DISTRIBUTION) {
                representative[j] = i;
            }
        }
    }
    for c in candidates.iter_mut() {
        if let Some(&i) = seen.get(&Arc::as_ptr(&c.model)) {
            c.model = models[representative[i]].clone();
        }
    }
    (0..models.len())
        .filter(|&i| representative[i] == i)
        .count()
}

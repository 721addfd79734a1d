//! The finite-deck hypotheses of a search: a finite deck (a fresh shuffle per game, one deck
//! carried over, a lost turn that burns a card) is no chain, so each needs a simulation, and
//! the rule sets are too many to simulate each. Which to simulate is screened by the deck's
//! effect, measured on anchors (the best rule set of every value of every setting) and carried
//! over to each rule set from the anchor nearest it in distribution, in rounds whose
//! simulations anchor the next ([`simulate_decks`]).

use std::sync::Arc;

use crate::budget::OverBudget;
use crate::sim::{simulate, DeckMode, Pilot};

use crate::chain::Chain;
use crate::sim::Simulator;

use super::reference::{exact_model, reference};
use super::{
    set, LengthModel, Sample, Settings, MAX_SIMULATED, MAX_SIMULATED_SUMMARY, SCREEN_NATS,
};

/// Which rule sets are worth simulating under the finite-deck models: those a finite deck
/// would make fit best, judged by carrying over the deck's effect measured on one anchor (the
/// rule set that fits best with i.i.d. draws).
#[derive(Debug, Clone, Copy)]
pub enum Screen<'a> {
    /// By log-likelihood of the sample: within [`SCREEN_NATS`] per game of the best.
    Lengths(&'a Sample),
    /// By the mean: within 10 % of a published mean (`None`: no mean published).
    Mean(Option<f64>),
}

impl Screen<'_> {
    /// A rule set's score with i.i.d. draws (higher is better) and how far below the best
    /// one may be.
    pub(super) fn score(&self, model: &LengthModel) -> (f64, f64) {
        self.score_with(model, None)
    }

    /// The effect of a finite deck, read from the anchor's simulated and exact models: for a
    /// sample, the anchor's simulated over exact probability of each length to the longest
    /// game (and one beyond, for the rest); for a mean, the ratio of the anchor's means.
    /// Computed once per deck, then applied to every rule set ([`Screen::score_with`]).
    fn deck_effect(&self, anchor: &LengthModel, simulated: &LengthModel) -> DeckEffect {
        match self {
            Screen::Lengths(sample) => {
                let longest = sample.lengths.last().map_or(0, |l| l.0);
                let weights = (0..=longest + 1)
                    .map(|t| {
                        let (e, s) = (anchor.p(t), simulated.p(t));
                        if e > 0.0 && s > 0.0 {
                            (s / e).clamp(1e-3, 1e3)
                        } else {
                            1.0
                        }
                    })
                    .collect();
                DeckEffect {
                    weights,
                    ratio: 1.0,
                }
            }
            Screen::Mean(Some(_)) => DeckEffect {
                weights: Vec::new(),
                ratio: simulated.moments().0 / anchor.moments().0,
            },
            Screen::Mean(None) => DeckEffect {
                weights: Vec::new(),
                ratio: 1.0,
            },
        }
    }

    /// The score under a finite deck, approximated by the deck's effect on the anchor: the
    /// anchor's simulated over exact probability of each length multiplies the rule set's
    /// exact one (renormalised); for a mean, the ratio of the anchor's means.
    fn score_with(&self, model: &LengthModel, deck: Option<&DeckEffect>) -> (f64, f64) {
        match self {
            Screen::Lengths(sample) => {
                let n = sample.games as f64;
                let window = SCREEN_NATS * n;
                let Some(effect) = deck else {
                    return (set::score(sample, model).log_likelihood, window);
                };
                let longest = sample.lengths.last().map_or(0, |l| l.0);
                let weight = |t: usize| effect.weights[t];
                let mut z = 0.0;
                for t in 0..=longest {
                    z += model.p(t) * weight(t);
                }
                z += model.survival(longest) * weight(longest + 1);
                let ll: f64 = sample
                    .lengths
                    .iter()
                    .map(|&(t, k)| k as f64 * (model.log_p(t) + weight(t).ln()))
                    .sum();
                (ll - n * z.ln(), window)
            }
            Screen::Mean(Some(target)) => {
                let ratio = deck.map_or(1.0, |d| d.ratio);
                (-(model.moments().0 * ratio - target).abs() / target, 0.1)
            }
            Screen::Mean(None) => (0.0, 0.0),
        }
    }

    /// Seconds of scoring `rule_sets` rule sets under one finite deck (a term per length to the
    /// longest game of the sample each; a mean each for a summary).
    fn scoring_seconds(&self, rule_sets: usize) -> f64 {
        /// A term of the score: a logarithm and an exponential (measured: 2.6e8 terms, each
        /// with the deck's effect still computed in it, in 36 s of processor time; a third of
        /// that without).
        const SECONDS_PER_TERM: f64 = 5e-8;
        let terms = match self {
            Screen::Lengths(sample) => sample.lengths.last().map_or(0, |l| l.0) + 2,
            Screen::Mean(_) => 1_000,
        };
        crate::budget::idle(rule_sets as f64 * terms as f64 * SECONDS_PER_TERM)
    }

    /// The rule sets simulated per deck in each round of the screen: the first round's anchors
    /// find the best region, the next rounds' (every rule set simulated before) rank it
    /// closely.
    pub(super) fn caps(&self) -> [usize; 3] {
        let cap = self.cap();
        [cap, cap / 2, cap / 4]
    }

    /// At most this many rule sets are simulated per deck in the screen's first round.
    pub(super) fn cap(&self) -> usize {
        match self {
            Screen::Lengths(_) => MAX_SIMULATED,
            Screen::Mean(_) => MAX_SIMULATED_SUMMARY,
        }
    }

    /// The longest game the exact distributions must reach.
    pub(super) fn longest(&self) -> usize {
        match self {
            Screen::Lengths(sample) => sample.lengths.last().map_or(1, |l| l.0),
            Screen::Mean(_) => 1,
        }
    }
}

/// A finite deck's effect on an anchor's length distribution ([`Screen::deck_effect`]).
struct DeckEffect {
    /// Per length to the longest game of the sample and one beyond: simulated over exact.
    weights: Vec<f64>,
    /// Simulated over exact mean.
    ratio: f64,
}

/// The anchors whose deck effects the screen carries over: for every setting (the board, each
/// rule) and every value it takes among `eligible`, the rule set of that value that fits best
/// with i.i.d. draws; best first. A deck's effect depends on the rules (a lost turn may burn a
/// card, one card may move a token twice), so each rule set takes the effect of the anchor
/// nearest it ([`nearest`]): carried over from one anchor alone, the effect of an anchor with
/// another lost-turn rule put the truth 102nd of 3,456 rule sets (1,000,000 shuffled-deck games
/// of candy-land-1984), out of the 24 simulated.
fn anchors(eligible: &[usize], features: &[Vec<String>], iid: &[f64]) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::new();
    let width = eligible
        .iter()
        .map(|&i| features[i].len())
        .max()
        .unwrap_or(0);
    for p in 0..width {
        let mut best: Vec<(&str, usize)> = Vec::new();
        for &i in eligible {
            let Some(v) = features[i].get(p) else {
                continue;
            };
            match best.iter_mut().find(|(w, _)| *w == v.as_str()) {
                Some(slot) if iid[i] > iid[slot.1] => slot.1 = i,
                Some(_) => {}
                None => best.push((v.as_str(), i)),
            }
        }
        for (_, i) in best {
            if !out.contains(&i) {
                out.push(i);
            }
        }
    }
    out.sort_by(|&a, &b| iid[b].total_cmp(&iid[a]));
    out
}

/// Of `anchors` (best first, each with its exact pmf to the longest game and its mass beyond),
/// the one whose exact distribution is nearest `own`'s in total variation, sum_t |P(T = t) -
/// P_a(T = t)|: chains that play alike meet a finite deck alike.
fn nearest(own: &(Vec<f64>, f64), anchors: &[(usize, &(Vec<f64>, f64))]) -> usize {
    let distance = |other: &&(Vec<f64>, f64)| -> f64 {
        let body: f64 = own.0.iter().zip(&other.0).map(|(x, y)| (x - y).abs()).sum();
        body + (own.1 - other.1).abs()
    };
    let mut best = (anchors[0].0, f64::INFINITY);
    for (a, pmf) in anchors {
        let d = distance(pmf);
        if d < best.1 {
            best = (*a, d);
        }
    }
    best.0
}

/// The exact pmf of chain `i` to `longest` turns, and its mass beyond.
fn exact_pmf(distinct: &[Distinct], i: usize, longest: usize) -> (Vec<f64>, f64) {
    let m = &distinct[i].exact;
    (m.pmf_to(longest + 1), m.survival(longest))
}

/// Simulates the finite-deck models of the distinct chains they would make fit best: the
/// [`anchors`], and the rule sets their effects put within [`SCREEN_NATS`] per game of the best
/// (at most the screen's cap a deck). `features[i]` are chain i's settings (board, then each
/// rule's value). Returns how many distinct chains were simulated, and why none were when they
/// would not fit in what is left of the budget (the game's hypotheses are then its i.i.d.
/// ones).
pub(super) fn simulate_decks(
    distinct: &mut [Distinct],
    features: &[Vec<String>],
    screen: Screen,
    settings: &Settings,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<(usize, Vec<String>), OverBudget> {
    let iid: Vec<f64> = distinct.iter().map(|d| screen.score(&d.exact).0).collect();
    let eligible: Vec<usize> = (0..distinct.len())
        .filter(|&i| distinct[i].has_deck && iid[i].is_finite())
        .collect();
    if eligible.is_empty() {
        return Ok((0, Vec::new()));
    }
    let anchors = anchors(&eligible, features, &iid);
    let first = anchors[0];
    let decks = [DeckMode::Shuffled, DeckMode::Carried, DeckMode::Burn];
    // Each deck simulates the anchors and at most the cap of the others, those that fit best
    // (by their exact i.i.d. fit, which the finite deck's fit follows). A run's time is its
    // games' turns at the speed of a pilot of the best anchor: each chain's games are as long
    // as its exact mean, times how much longer the deck makes the anchor's.
    let mut likely: Vec<usize> = eligible
        .iter()
        .copied()
        .filter(|i| !anchors.contains(i))
        .collect();
    likely.sort_by(|&a, &b| iid[b].total_cmp(&iid[a]));
    likely.truncate(screen.caps().iter().sum());
    likely.extend(&anchors);
    let means: Vec<(usize, f64)> = likely
        .iter()
        .map(|&i| (i, distinct[i].exact.moments().0))
        .collect();
    let first_mean = distinct[first].exact.moments().0.max(1e-9);
    let mut runs: Vec<(u64, Pilot)> = Vec::new();
    for deck in decks {
        let pilot = Pilot::measure(&distinct[first].simulator, &reference(deck, settings));
        let longer = pilot.turns_per_game / first_mean;
        for &(i, mean) in &means {
            if deck == DeckMode::Burn && !distinct[i].skips {
                continue;
            }
            runs.push((
                settings.reference_games,
                pilot.with_turns_per_game(mean * longer),
            ));
        }
    }
    let fix = "use fewer --reference-games, narrow the rules with --vary or --fix, or --no-rank";
    // Each deck's models of the anchors then score every eligible rule set.
    // The screen's rounds each score every eligible rule set, with its distance to every
    // anchor so far (a subtraction per turn: 2e-9 s); the rule sets' exact pmfs are kept for it.
    let rounds = screen.caps().len() as f64;
    let longest = screen.longest().max(200);
    let anchors_at_most = (anchors.len() + screen.caps().iter().sum::<usize>()) as f64;
    let distances = eligible.len() as f64 * anchors_at_most * longest as f64 * 2e-9;
    let scoring =
        decks.len() as f64 * rounds * (screen.scoring_seconds(eligible.len()) + distances);
    let fits = Pilot::check(&settings.budget, &runs, fix)
        .and_then(|()| {
            settings.budget.memory(
                "the exact distributions the finite decks' screen compares",
                eligible.len() as f64 * (longest + 2) as f64 * 8.0,
                fix,
            )
        })
        .and_then(|()| {
            settings.budget.time(
                &format!(
                    "scoring {} rule sets under {} finite decks",
                    eligible.len(),
                    decks.len()
                ),
                scoring,
                fix,
            )
        });
    if let Err(e) = fits {
        // Work no budget could hold is the request's fault (--reference-games): refused.
        if e.beyond_any_budget {
            return Err(e);
        }
        return Ok((
            0,
            vec![format!(
                "the finite decks (shuffled, carried, burn) left out for the budget: {e}"
            )],
        ));
    }
    let mut simulated = vec![false; distinct.len()];
    // (The distance runs to the sample's longest game, at least 200 turns: a summary's screen
    // has no lengths.)
    let pmfs: Vec<Option<(Vec<f64>, f64)>> = (0..distinct.len())
        .map(|i| {
            eligible
                .contains(&i)
                .then(|| exact_pmf(distinct, i, longest))
        })
        .collect();
    let skips: Vec<bool> = distinct.iter().map(|d| d.skips).collect();
    for deck in decks {
        // Without lost turns, burning a card on one is the shuffled deck: not a hypothesis of
        // its own.
        let counts = |i: usize| deck != DeckMode::Burn || skips[i];
        let mut effects: Vec<(usize, DeckEffect)> = Vec::new();
        // The best score of a rule set simulated under this deck so far: the window of every
        // round is measured from it.
        let mut simulated_best = f64::NEG_INFINITY;
        // Simulates rule set i under the deck: its model kept, its effect an anchor's.
        let run = |i: usize, distinct: &mut [Distinct], effects: &mut Vec<(usize, DeckEffect)>| {
            let model = simulate_one(&distinct[i], deck, settings);
            progress(1);
            effects.push((i, screen.deck_effect(&distinct[i].exact, &model)));
            let score = screen.score(&model).0;
            distinct[i].decks.push((deck, Arc::new(model)));
            score
        };
        for &a in anchors.iter().filter(|&&a| counts(a)) {
            simulated_best = simulated_best.max(run(a, distinct, &mut effects));
            simulated[a] = true;
        }
        // Rounds: every rule set simulated so far is an anchor of the next round, so that the
        // rule sets near the best are ranked by the effect of a close neighbour (measured: the
        // truth of 10,000,000 shuffled-deck games of clark-program ranked 27th by the first
        // round's anchors, out of its 24).
        for cap in screen.caps() {
            let with_effect: Vec<(usize, &(Vec<f64>, f64))> = effects
                .iter()
                .filter_map(|e| pmfs[e.0].as_ref().map(|p| (e.0, p)))
                .collect();
            if with_effect.is_empty() {
                break;
            }
            let approx: Vec<(usize, f64, f64)> = eligible
                .iter()
                .filter(|&&i| counts(i) && !effects.iter().any(|e| e.0 == i))
                .filter_map(|&i| {
                    let a = nearest(pmfs[i].as_ref()?, &with_effect);
                    let effect = effects.iter().find(|e| e.0 == a).map(|e| &e.1);
                    let (score, window) = screen.score_with(&distinct[i].exact, effect);
                    Some((i, score, window))
                })
                .collect();
            let best = approx.iter().map(|a| a.1).fold(simulated_best, f64::max);
            let mut keep: Vec<(usize, f64, f64)> =
                approx.into_iter().filter(|a| best - a.1 <= a.2).collect();
            keep.sort_by(|a, b| b.1.total_cmp(&a.1));
            keep.truncate(cap);
            if keep.is_empty() {
                break;
            }
            for (i, _, _) in keep {
                simulated_best = simulated_best.max(run(i, distinct, &mut effects));
                simulated[i] = true;
            }
        }
    }
    Ok((simulated.iter().filter(|&&s| s).count(), Vec::new()))
}

/// One distinct chain simulated under a finite deck.
pub(super) fn simulate_one(d: &Distinct, deck: DeckMode, settings: &Settings) -> LengthModel {
    let r = simulate(&d.simulator, &reference(deck, settings), &|_| {});
    LengthModel::simulated(r.histogram, d.exact.clone())
}

/// One distinct chain: its exact model and, once simulated, its finite-deck models.
pub(crate) struct Distinct {
    pub(super) simulator: Simulator,
    pub(super) has_deck: bool,
    /// Whether some state loses its turn (only then does a burnt card differ from none).
    pub(super) skips: bool,
    pub(super) exact: Arc<LengthModel>,
    pub(super) decks: Vec<(DeckMode, Arc<LengthModel>)>,
}

impl Distinct {
    /// The simulator and exact distribution of `chain`, for samples up to `longest` turns.
    pub(super) fn of<S, C>(chain: &Chain<S, C>, settings: &Settings, longest: usize) -> Distinct {
        Self::with_model(chain, exact_model(chain, settings.players, longest))
    }

    /// The simulator of `chain` with an exact model computed elsewhere: the table's of a game
    /// whose tokens meet ([`super::reference::table_model`]), whose finite decks are not
    /// simulated (the simulator plays independent tokens), so it counts as having no deck.
    pub(super) fn with_table_model<S, C>(chain: &Chain<S, C>, model: LengthModel) -> Distinct {
        Distinct {
            has_deck: false,
            ..Self::with_model(chain, model)
        }
    }

    fn with_model<S, C>(chain: &Chain<S, C>, model: LengthModel) -> Distinct {
        Distinct {
            simulator: Simulator::new(chain),
            has_deck: chain.has_deck(),
            skips: (0..chain.len()).any(|s| !chain.draws(s)),
            exact: Arc::new(model),
            decks: Vec::new(),
        }
    }
}

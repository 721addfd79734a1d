//! Checking someone else's simulator from the game lengths it produced.
//!
//! 1. Goodness of fit to the reference the user names (board, rules, deck): chi-square, z of the
//!    mean, largest CDF gap, one verdict ([`fit()`]).
//! 2. Which hypotheses the data cannot reject: every board of the game (shipped, plus the one
//!    given) under every combination of the game's rule values ([`space`]) and every deck
//!    model, each a distribution of game lengths ([`model`]), compared with the best by paired
//!    likelihood tests that count the data's noise ([`set`]). The answer is that *set*; a
//!    setting is decided only when every member agrees on it, and nothing is decided from a
//!    sample too small to tell.
//!
//! The search ([`search`]): every rule set is built and its chain solved exactly (i.i.d. draws);
//! rule sets with identical chains share one distribution. The finite-deck models (a fresh
//! shuffle per game, one deck carried over, a lost turn that burns a card) need a simulation
//! each: each deck is simulated on the rule set that fits best with i.i.d. draws (the anchor),
//! its effect on the probability of each length is carried over to every other rule set to
//! rank them under that deck, and the best are simulated (within [`SCREEN_NATS`] per game of
//! the best, at most [`MAX_SIMULATED`] per deck; [`MAX_SIMULATED_SUMMARY`] for a published
//! summary, which tells fewer rule sets apart).

mod cost;
pub mod crosscheck;
pub mod fit;
pub mod lengths;
pub mod model;
mod search;
pub mod set;
pub mod space;
pub mod summary;

use std::collections::HashMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::budget::Budget;
use crate::games::{value_word, Variant};
use crate::sim::DeckMode;
use crate::stats::Summary;

pub use fit::{fit, histogram, Fit};
pub use model::LengthModel;
pub use search::{candidate, exact_model, search, Screen, Searched};
pub use set::Sample;
pub use space::{rule_space, Narrowing, RuleSpace};

/// A game still running after this many turns is left out of a reference simulation.
const MAX_TURNS: u32 = 1_000_000;
/// Rule sets whose exact i.i.d. log-likelihood per game is within this of the best are also
/// simulated under the finite-deck models.
pub const SCREEN_NATS: f64 = 0.02;
/// At most this many distinct rule sets are simulated under the finite-deck models.
pub const MAX_SIMULATED: usize = 24;
/// At most this many distinct rule sets are simulated per finite deck for `--summary`.
pub const MAX_SIMULATED_SUMMARY: usize = 96;
/// The exact distributions are computed until P(T > t) falls below this (and at least to the
/// longest game of the sample); beyond, the geometric tail continues them, which is accurate
/// to many digits once the tail is this thin.
pub const EXACT_TAIL: f64 = 1e-8;
/// Below this many games nothing is decided.
pub const MIN_GAMES_TO_DECIDE: u64 = 100;

/// A board with a rule variant and a deck: one hypothesis about the data.
#[derive(Debug, Clone)]
pub struct Candidate {
    /// The board's short name.
    pub board: String,
    /// The rule variant applied to the board.
    pub variant: Variant,
    /// How cards are drawn.
    pub deck: DeckMode,
    /// The distribution of game lengths under this hypothesis.
    pub model: Arc<LengthModel>,
    /// Which distinct distribution this is (candidates with the same id are the same).
    pub model_id: usize,
}

impl Candidate {
    /// "classic --doubles one-step, shuffled deck".
    pub fn label(&self) -> String {
        let v = self.variant.to_string();
        let sep = if v.is_empty() { "" } else { " " };
        format!("{}{sep}{v}, {} deck", self.board, self.deck.name())
    }

    /// The candidate's settings as (key, value): board, each rule it sets, deck.
    pub fn settings(&self) -> Vec<(String, String)> {
        let mut out = vec![("board".to_string(), self.board.clone())];
        for (key, value) in &self.variant.rules {
            out.push((key.clone(), value_word(value)));
        }
        out.push(("deck".to_string(), self.deck.name().to_string()));
        out
    }
}

/// How to build references.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    /// K, players in each game of the data (lengths count every player's turns).
    pub players: usize,
    /// Games of each simulated (finite-deck) reference.
    pub reference_games: u64,
    /// Seed of every reference simulation (the same for all: common random numbers).
    pub seed: u64,
    /// Time allowed.
    pub budget: Budget,
    /// The confidence set's level is 1 - alpha.
    pub alpha: f64,
}

/// One candidate in the ranking.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ranked {
    /// The candidate's label, e.g. "classic --doubles one-step, shuffled deck".
    pub candidate: String,
    /// The candidate's settings as (name, value): board, each rule, deck.
    pub settings: Vec<(String, String)>,
    /// Mean log-likelihood per game (None: some length is impossible under these rules).
    pub log_likelihood_per_game: Option<f64>,
    /// Standard error of that figure due to a simulated reference (0 for an exact one).
    pub noise_per_game: f64,
    /// The paired comparison with the best, D / se (`None` for the best and for an
    /// impossible candidate); large means the data prefers the best.
    pub z_against_best: Option<f64>,
    /// In the confidence set: not rejected against the best, and consistent.
    pub in_set: bool,
    /// Which distinct length distribution this is: candidates with the same number give the
    /// same distribution, and no data can tell them apart.
    pub distribution: usize,
    /// P-value of the chi-square test of the sample against this candidate, in [0, 1]
    /// (`None` when fewer than two bins can be formed).
    pub chi_square_p: Option<f64>,
    /// (sample mean - candidate mean) / standard error.
    pub z_mean: f64,
    /// Whether the sample passes the goodness-of-fit test against this candidate, as
    /// [`Fit::consistent`].
    pub consistent: bool,
}

/// Ranks candidates by log-likelihood, best first, and marks the confidence set.
pub fn rank(histogram: &[u64], candidates: &[Candidate], alpha: f64) -> Vec<Ranked> {
    let sample = Sample::of(histogram);
    let n = sample.games as f64;
    // One score per distinct model.
    let mut cache: HashMap<usize, set::Scored> = HashMap::new();
    let scored: Vec<set::Scored> = candidates
        .iter()
        .map(|c| {
            cache
                .entry(c.model_id)
                .or_insert_with(|| set::score(&sample, &c.model))
                .clone()
        })
        .collect();
    let places = set::against_best(&sample, &scored, alpha);
    let mut fits: HashMap<usize, Fit> = HashMap::new();
    let mut ranked: Vec<(f64, Ranked)> = candidates
        .iter()
        .zip(&scored)
        .zip(places)
        .map(|((c, s), (z, not_rejected))| {
            let f = fits
                .entry(c.model_id)
                .or_insert_with(|| fit(histogram, c))
                .clone();
            let ll = s.log_likelihood;
            let r = Ranked {
                candidate: c.label(),
                settings: c.settings(),
                log_likelihood_per_game: ll.is_finite().then_some(ll / n),
                noise_per_game: s.noise / n,
                z_against_best: z,
                in_set: not_rejected && f.consistent,
                distribution: c.model_id,
                chi_square_p: f.chi_square.as_ref().map(|c| c.p_value),
                z_mean: f.z_mean,
                consistent: f.consistent,
            };
            (ll, r)
        })
        .collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
    ranked.into_iter().map(|(_, r)| r).collect()
}

/// A setting's values among the members of the set.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Setting {
    /// The setting: "board", a rule key, or "deck".
    pub key: String,
    /// Its values in the set, best member's first.
    pub values: Vec<String>,
    /// Members that differ only in this setting have the same length distribution: with the
    /// other settings as they are, it makes no difference to any data.
    pub makes_no_difference: bool,
}

/// The settings every member of the set agrees on, and those it does not.
pub fn decide(ranking: &[Ranked]) -> (Vec<Setting>, Vec<Setting>) {
    let members: Vec<&Ranked> = ranking.iter().filter(|r| r.in_set).collect();
    let Some(first) = members.first() else {
        return (Vec::new(), Vec::new());
    };
    let (mut decided, mut undecided) = (Vec::new(), Vec::new());
    for (key, _) in &first.settings {
        let mut values: Vec<String> = Vec::new();
        for m in &members {
            if let Some((_, v)) = m.settings.iter().find(|(k, _)| k == key) {
                if !values.contains(v) {
                    values.push(v.clone());
                }
            }
        }
        let s = Setting {
            key: key.clone(),
            makes_no_difference: values.len() > 1 && no_difference(&members, key),
            values,
        };
        if s.values.len() == 1 {
            decided.push(s);
        } else {
            undecided.push(s);
        }
    }
    (decided, undecided)
}

/// Whether the members that differ only in `key` always share their distribution.
fn no_difference(members: &[&Ranked], key: &str) -> bool {
    let mut groups: HashMap<Vec<(String, String)>, usize> = HashMap::new();
    let mut compared = false;
    for m in members {
        let rest: Vec<(String, String)> = m
            .settings
            .iter()
            .filter(|(k, _)| k != key)
            .cloned()
            .collect();
        match groups.get(&rest) {
            Some(&d) if d != m.distribution => return false,
            Some(_) => compared = true,
            None => {
                groups.insert(rest, m.distribution);
            }
        }
    }
    compared
}

/// `check --json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckReport {
    /// Where the lengths came from: the path as given, or "standard input".
    pub file: String,
    /// K, players in each game of the data.
    pub players: usize,
    /// The sample's game lengths, in turns (all players' turns counted).
    pub sample: Summary,
    /// Goodness of fit to the reference given by `--board`, its variant flags and `--deck`.
    pub fit: Fit,
    /// The answer in a few sentences: the set, what is decided, what is not, and why.
    pub conclusion: String,
    /// The confidence level of the set, e.g. 0.95.
    pub level: f64,
    /// The smallest shift of the mean length this sample would notice (80 % power, 5 % test),
    /// in turns.
    pub detectable_mean_shift: f64,
    /// What was searched (`None` with `--no-rank`).
    pub searched: Option<Searched>,
    /// The labels of the candidates in the confidence set, best first.
    pub set: Vec<String>,
    /// Settings every member of the set agrees on (none when the sample is too small).
    pub decided: Vec<Setting>,
    /// Settings the set does not agree on, with the values it holds.
    pub undecided: Vec<Setting>,
    /// Every candidate, best first.
    pub ranking: Vec<Ranked>,
}

/// The answer in sentences, built from the set.
pub fn conclusion(
    report_games: u64,
    searched: &Searched,
    ranking: &[Ranked],
    decided: &[Setting],
    undecided: &[Setting],
    detectable: f64,
) -> String {
    let members = ranking.iter().filter(|r| r.in_set).count();
    let keys = searched.keys.join(", ");
    if members == 0 {
        return format!(
            "Not consistent with any of the {} hypotheses searched (boards: {}; rules varied: {}; decks: {}): your simulator probably uses a rule, a board or a deck this tool does not model.",
            searched.hypotheses,
            searched.boards.join(", "),
            if keys.is_empty() { "none".into() } else { keys },
            searched.decks.join(", ")
        );
    }
    let mut boards: Vec<&str> = Vec::new();
    for r in ranking.iter().filter(|r| r.in_set) {
        if let Some((_, b)) = r.settings.iter().find(|(k, _)| k == "board") {
            if !boards.contains(&b.as_str()) {
                boards.push(b);
            }
        }
    }
    let mut s = format!(
        "Consistent with {} under {members} of the {} hypotheses searched.",
        boards.join(" or "),
        searched.hypotheses
    );
    if report_games < MIN_GAMES_TO_DECIDE {
        s.push_str(&format!(
            " Nothing is decided: {report_games} games are too few (at least {MIN_GAMES_TO_DECIDE} are needed); a sample this small would not notice a simulator whose mean is off by less than {detectable:.1} turns."
        ));
        return s;
    }
    let list = |v: &[Setting], or: bool| -> String {
        v.iter()
            .filter(|x| !x.makes_no_difference)
            .map(|x| {
                if or {
                    format!("{} ({})", x.key, x.values.join(" or "))
                } else {
                    format!("{} {}", x.key, x.values[0])
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    s.push_str(&format!(
        " Decided: {}.",
        if decided.is_empty() {
            "nothing".into()
        } else {
            list(decided, false)
        }
    ));
    let open = list(undecided, true);
    s.push_str(&format!(
        " Undecided: {}.",
        if open.is_empty() {
            "nothing".into()
        } else {
            open
        }
    ));
    let idle: Vec<&str> = undecided
        .iter()
        .filter(|x| x.makes_no_difference)
        .map(|x| x.key.as_str())
        .collect();
    if !idle.is_empty() {
        s.push_str(&format!(
            " Makes no difference under these rules: {}.",
            idle.join(", ")
        ));
    }
    s
}

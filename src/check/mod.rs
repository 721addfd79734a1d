//! Checking someone else's simulator from the game lengths it produced.
//!
//! 1. Goodness of fit to the reference the user names (board, rules, deck): chi-square, z of the
//!    mean, largest CDF gap, and the sample's own summary tested as a published one would be
//!    ([`summary::test`]), one verdict ([`fit()`]).
//! 2. Which hypotheses the data cannot reject: every shipped board of every game (plus the
//!    one given) under every combination of its game's rule values ([`space`]) and every deck
//!    model, each a distribution of game lengths ([`model`]), compared with the best by paired
//!    likelihood tests that count the data's noise ([`set`]) and tested for fit. The answer is
//!    that *set*, at the level printed ([`rank`] says how the level is spent); a setting is
//!    decided only when every member agrees on it (never a rule of one game while the set holds
//!    another), and nothing is decided, nor rejected unless impossible, from a sample too small
//!    to test.
//!
//! Why every game: lengths from one game's simulator can fit some rule set of another game
//! when only that other game is searched, and "decided" would then claim what the search
//! never looked at.
//!
//! The search (`search`): every rule set is built and its chain solved exactly (i.i.d. draws);
//! rule sets with identical chains share one distribution, and so do distributions closer than
//! [`SAME_DISTRIBUTION`] in total variation (rounding noise must not separate them). The
//! finite-deck models (a fresh shuffle per game, one deck carried over, a lost turn that burns
//! a card) need a simulation each: each deck is simulated on anchors (for every setting and
//! value, the rule set of that value that fits best with i.i.d. draws), each anchor's effect on
//! the probability of each length is carried over to the rule sets nearest it to rank them
//! under that deck, and the best are simulated, in rounds ([`Screen`]: within [`SCREEN_NATS`]
//! per game of the best, at most [`MAX_SIMULATED`], then half and a quarter as many, per deck;
//! [`MAX_SIMULATED_SUMMARY`] for a published summary, which tells fewer rule sets apart).

mod conclusion;
mod cost;
pub mod crosscheck;
mod decks;
pub mod exercise;
pub mod fit;
pub mod landings;
pub mod lengths;
pub mod model;
pub mod outliers;
pub mod policies;
pub mod published;
mod reference;
mod search;
pub mod set;
pub mod setting;
pub mod space;
pub mod standing;
pub mod statistic;
pub mod summary;
pub mod winners;

use std::collections::HashMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::budget::Budget;
use crate::games::Variant;
use crate::sim::DeckMode;
use crate::stats::Summary;

pub use crate::stats::ZScore;
pub use conclusion::{conclusion, scope, Evidence};
pub use decks::Screen;
pub use fit::{fit, histogram, Chosen, Fit, FitError};
pub use model::{LengthModel, LengthModelError};
pub use reference::{candidate, exact_model};
pub use search::{
    combine, search, search_game, GameSearch, Searched, SearchedGame, SAME_DISTRIBUTION,
};
pub use set::{Comparison, Sample};
pub use setting::{Member, SettingList, SettingValue};
pub use space::{rule_space, rule_space_of, Narrowing, RuleSpace};

/// A game still running after this many turns is left out of a reference simulation.
const MAX_TURNS: u32 = 1_000_000;
/// Rule sets whose exact i.i.d. log-likelihood per game is within this of the best are also
/// simulated under the finite-deck models.
pub const SCREEN_NATS: f64 = 0.02;
/// The first round of the finite decks' screen simulates at most this many distinct rule sets
/// per deck besides its anchors (the next rounds half and a quarter as many).
pub const MAX_SIMULATED: usize = 24;
/// At most this many distinct rule sets are simulated per finite deck for `--summary`.
pub const MAX_SIMULATED_SUMMARY: usize = 96;
/// The exact distributions are computed until P(T > t) falls below this (and at least to the
/// longest game of the sample); beyond, the geometric tail continues them, which is accurate
/// to many digits once the tail is this thin.
pub const EXACT_TAIL: f64 = 1e-8;
/// Below this many games nothing is tested or decided: the set keeps every hypothesis under
/// which each length of the sample is possible (the paired test and the chi-square are
/// large-sample approximations).
pub const MIN_GAMES_TO_DECIDE: u64 = 100;

/// A board with a rule variant and a deck (or, for a policy game, the players' policies
/// and their number): one hypothesis about the data.
#[derive(Debug, Clone)]
pub struct Candidate {
    /// The board's game (its `game` word).
    pub game: &'static str,
    /// The board's short name.
    pub board: String,
    /// The rule variant applied to the board.
    pub variant: Variant,
    /// How cards are drawn; `None` for a game without a deck model (a policy game: its
    /// card pile is a rule).
    pub deck: Option<DeckMode>,
    /// Settings after the rules, as (key, value): a policy game's hypothesis's `policy`
    /// and `players`.
    pub extra: Vec<(String, SettingValue)>,
    /// The distribution of game lengths under this hypothesis.
    pub model: Arc<LengthModel>,
    /// Which distinct distribution this is (candidates with the same id are the same).
    pub model_id: usize,
}

impl Candidate {
    /// "classic --doubles one-step, shuffled deck"; for a policy game, the rules then "policy
    /// novice, 4 players".
    pub fn label(&self) -> String {
        let v = self.variant.to_string();
        let sep = if v.is_empty() { "" } else { " " };
        let mut label = format!("{}{sep}{v}", self.board);
        for (key, value) in &self.extra {
            match key.as_str() {
                "players" => {
                    let s = if *value == "1" { "" } else { "s" };
                    label.push_str(&format!(", {value} player{s}"));
                }
                _ => label.push_str(&format!(", {key} {value}")),
            }
        }
        if let Some(deck) = self.deck {
            label.push_str(&format!(", {} deck", deck.name()));
        }
        label
    }

    /// The candidate's settings in order: game, board, each rule it sets, the extra settings,
    /// deck; each value as its board file holds it.
    pub fn settings(&self) -> SettingList {
        let mut out = vec![
            ("game".to_string(), SettingValue::text(self.game)),
            ("board".to_string(), SettingValue::text(self.board.clone())),
        ];
        for (key, value) in &self.variant.rules {
            out.push((key.clone(), SettingValue::of_rule(value)));
        }
        out.extend(self.extra.iter().cloned());
        if let Some(deck) = self.deck {
            out.push(("deck".to_string(), SettingValue::text(deck.name())));
        }
        SettingList(out)
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
    /// The candidate's settings: game, board, each rule, deck, each value typed as in a
    /// board file.
    pub settings: SettingList,
    /// Mean log-likelihood per game; left out when some length of the sample is impossible
    /// under these rules (`comparison` is then "impossible").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub log_likelihood_per_game: Option<f64>,
    /// Standard error of that figure due to a simulated reference (0 for an exact one).
    pub noise_per_game: f64,
    /// How it was compared with the best (and why not, when it was not).
    pub comparison: Comparison,
    /// The paired comparison with the best, D / se, always finite; present only when
    /// `comparison` is "tested". Large means the data prefers the best.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub z_against_best: Option<f64>,
    /// In the confidence set: not rejected against the best, and its goodness of fit not
    /// rejected at the set's level ([`rank`]); with fewer than [`MIN_GAMES_TO_DECIDE`] games:
    /// every length of the sample possible.
    pub in_set: bool,
    /// Which distinct length distribution this is: candidates with the same number give the
    /// same distribution, and no data can tell them apart.
    pub distribution: usize,
    /// P-value of the chi-square test of the sample against this candidate, in [0, 1]
    /// (`None` when fewer than two bins can be formed).
    pub chi_square_p: Option<f64>,
    /// (sample mean - candidate mean) / standard error.
    pub z_mean: ZScore,
    /// Whether the sample passes the goodness-of-fit test against this candidate, as
    /// [`Fit::consistent`].
    pub consistent: bool,
    /// The p-value of its goodness of fit as one test ([`Fit::p_value`]: the smallest of the
    /// chi-square's and the sample's mean, sd, median, min and max, times their number); the
    /// set keeps it only above (1 - level) / 2.
    pub fit_p: f64,
}

/// The share of alpha the set spends on the paired tests against the best; the rest goes to
/// the goodness of fit (shared among its tests, [`Fit::p_value`]).
pub const PAIRED_SHARE: f64 = 0.5;

/// Ranks candidates by log-likelihood, best first, and marks the confidence set at level
/// 1 - `alpha`: a hypothesis stays when the paired test against the best does not reject it
/// at alpha / 2 (Bonferroni among the distinct distributions) and its goodness of fit does not
/// at alpha / 2 ([`Fit::p_value`] above alpha / 2: each of its tests above alpha / 2 shared
/// among them). Whichever
/// hypothesis is the truth, it is left out with probability at most alpha. With fewer than
/// [`MIN_GAMES_TO_DECIDE`] games only an impossible length leaves a hypothesis out. A sample
/// without a game is refused.
pub fn rank(
    histogram: &[u64],
    candidates: &[Candidate],
    alpha: f64,
) -> Result<Vec<Ranked>, FitError> {
    // One goodness of fit per distinct model.
    let mut fits: HashMap<usize, Fit> = HashMap::new();
    for c in candidates {
        if let std::collections::hash_map::Entry::Vacant(slot) = fits.entry(c.model_id) {
            slot.insert(fit(histogram, c)?);
        }
    }
    if candidates.is_empty() && Summary::of(histogram).is_none() {
        return Err(FitError::EmptySample);
    }
    let sample = Sample::of(histogram);
    let n = sample.games as f64;
    let small = sample.games < MIN_GAMES_TO_DECIDE;
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
    let ids: Vec<usize> = candidates.iter().map(|c| c.model_id).collect();
    let places = set::against_best(&sample, &scored, &ids, alpha * PAIRED_SHARE);
    let mut ranked: Vec<(f64, Ranked)> = candidates
        .iter()
        .zip(&scored)
        .zip(places)
        .map(|((c, s), place)| {
            let f = &fits[&c.model_id];
            let ll = s.log_likelihood;
            let mut r = Ranked {
                candidate: c.label(),
                settings: c.settings(),
                log_likelihood_per_game: ll.is_finite().then_some(ll / n),
                noise_per_game: s.noise / n,
                comparison: place.comparison,
                z_against_best: place.z,
                in_set: false,
                distribution: c.model_id,
                chi_square_p: f.chi_square.as_ref().map(|c| c.p_value),
                z_mean: f.z_mean,
                consistent: f.consistent,
                fit_p: f.p_value(),
            };
            r.in_set = place.kept && (small || r.fit_p > alpha * (1.0 - PAIRED_SHARE));
            (ll, r)
        })
        .collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
    Ok(ranked.into_iter().map(|(_, r)| r).collect())
}

/// A setting's values among the members of the set.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Setting {
    /// The setting: "game", "board", a rule key, or "deck".
    pub key: String,
    /// Its values in the set, best member's first, typed as in a board file.
    pub values: Vec<SettingValue>,
    /// When the set holds hypotheses of several games and only some have this key: the games
    /// whose rules have it (the key is then undecided). Empty when every member has it.
    pub only_in: Vec<String>,
    /// Under every other setting of the set's members, each of these values gives the same
    /// length distribution (compared among all the hypotheses searched): it makes no
    /// difference to any data.
    pub makes_no_difference: bool,
}

/// The settings every member of the set agrees on, and those it does not. A key that only
/// some members have (the set holds several games) is never decided.
pub fn decide(ranking: &[Ranked]) -> (Vec<Setting>, Vec<Setting>) {
    let members: Vec<&Ranked> = ranking.iter().filter(|r| r.in_set).collect();
    let mut keys: Vec<&str> = Vec::new();
    for m in &members {
        for (k, _) in m.settings.iter() {
            if !keys.contains(&k.as_str()) {
                keys.push(k);
            }
        }
    }
    let game_of = |m: &Ranked| -> String {
        m.settings
            .get("game")
            .map_or_else(String::new, ToString::to_string)
    };
    let (mut decided, mut undecided) = (Vec::new(), Vec::new());
    for key in keys {
        let (mut values, mut having, mut lacking) = (Vec::new(), Vec::new(), false);
        for m in &members {
            match m.settings.get(key) {
                Some(v) => {
                    if !values.contains(v) {
                        values.push(v.clone());
                    }
                    let g = game_of(m);
                    if !having.contains(&g) {
                        having.push(g);
                    }
                }
                None => lacking = true,
            }
        }
        let s = Setting {
            key: key.to_string(),
            makes_no_difference: values.len() > 1 && no_difference(ranking, &members, key),
            values,
            only_in: if lacking { having } else { Vec::new() },
        };
        if s.values.len() == 1 && s.only_in.is_empty() {
            decided.push(s);
        } else {
            undecided.push(s);
        }
    }
    (decided, undecided)
}

/// Whether `key` makes no difference: for every member of the set and every other value the
/// set holds for `key`, the hypothesis searched with that value and the member's other
/// settings exists and has the member's distribution.
fn no_difference(ranking: &[Ranked], members: &[&Ranked], key: &str) -> bool {
    let rest = |r: &Ranked| r.settings.without(key);
    let value = |r: &Ranked| r.settings.get(key).cloned();
    type Rest = Vec<(String, SettingValue)>;
    let mut by_settings: HashMap<(Rest, SettingValue), usize> = HashMap::new();
    for r in ranking {
        if let Some(v) = value(r) {
            by_settings.insert((rest(r), v), r.distribution);
        }
    }
    let values: Vec<SettingValue> = members.iter().filter_map(|m| value(m)).collect();
    members.iter().all(|m| {
        let Some(own) = value(m) else {
            return false;
        };
        let others = rest(m);
        values
            .iter()
            .filter(|v| **v != own)
            .all(|v| by_settings.get(&(others.clone(), v.clone())) == Some(&m.distribution))
    })
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
    /// The confidence level of the set, e.g. 0.95: it holds the truth with at least this
    /// probability.
    pub level: f64,
    /// The smallest shift of the mean length that the fit's test of the mean (|z| >= 4)
    /// notices at least 80 % of the time with this many games, in turns.
    pub detectable_mean_shift: f64,
    /// What was searched (`None` with `--no-rank`).
    pub searched: Option<Searched>,
    /// The candidates in the confidence set, best first: each label and its settings.
    pub set: Vec<Member>,
    /// Settings every member of the set agrees on (none when the sample is too small).
    pub decided: Vec<Setting>,
    /// Settings the set does not agree on, with the values it holds.
    pub undecided: Vec<Setting>,
    /// Every candidate, best first.
    pub ranking: Vec<Ranked>,
    /// The winners by seat, when the data gives them, against the reference.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winners: Option<winners::Winners>,
    /// Where the player stands alone, on a board of a game with decisions: between the board's
    /// policies and the best play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub standing: Option<standing::Standing>,
    /// Why the standing was left out (the budget), when it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub standing_left_out: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A ranking row with these settings (after "game" and "board"), its distribution number
    /// and whether it is in the set (the other modules' tests of `check` use it too).
    pub(super) fn row(rules: &[(&str, &str)], distribution: usize, in_set: bool) -> Ranked {
        let mut settings = vec![
            ("game".to_string(), SettingValue::text("candyland")),
            ("board".to_string(), SettingValue::text("classic")),
        ];
        settings.extend(
            rules
                .iter()
                .map(|(k, v)| (k.to_string(), SettingValue::text(*v))),
        );
        Ranked {
            candidate: format!("{rules:?}"),
            settings: SettingList(settings),
            log_likelihood_per_game: Some(-3.0),
            noise_per_game: 0.0,
            comparison: Comparison::Tested,
            z_against_best: Some(0.0),
            in_set,
            distribution,
            chi_square_p: Some(0.5),
            z_mean: ZScore::Finite(0.0),
            consistent: true,
            fit_p: 1.0,
        }
    }

    #[test]
    fn makes_no_difference_only_when_true_under_every_setting_of_the_set() {
        // The set holds (start a, skip x), (start a, skip y) with one distribution, and
        // (start b, skip x). Within the set, skip never separates two members; but outside it,
        // (start b, skip y) has another distribution than (start b, skip x): under start b the
        // rule does make a difference, so it is not "no difference" (a rule can be idle under
        // some settings of the others and not under the rest).
        let ranking = vec![
            row(&[("start", "a"), ("skip", "x")], 1, true),
            row(&[("start", "a"), ("skip", "y")], 1, true),
            row(&[("start", "b"), ("skip", "x")], 2, true),
            row(&[("start", "b"), ("skip", "y")], 3, false),
        ];
        let (_, undecided) = decide(&ranking);
        let skip = undecided.iter().find(|s| s.key == "skip").unwrap();
        assert!(!skip.makes_no_difference);
        // With the last one the same as its partner, skip makes no difference anywhere.
        let mut same = ranking.clone();
        same[3].distribution = 2;
        let (_, undecided) = decide(&same);
        let skip = undecided.iter().find(|s| s.key == "skip").unwrap();
        assert!(skip.makes_no_difference);
        // A partner that was never searched cannot vouch for it either.
        let (_, undecided) = decide(&same[..3]);
        let skip = undecided.iter().find(|s| s.key == "skip").unwrap();
        assert!(!skip.makes_no_difference);
    }

    #[test]
    fn a_key_of_one_game_is_never_decided_while_the_set_holds_another() {
        let mut race = row(&[("overshoot", "bounce")], 5, true);
        race.settings.0[0].1 = SettingValue::text("race");
        race.settings.0[1].1 = SettingValue::text("race");
        let ranking = vec![row(&[("skip", "x")], 1, true), race];
        let (decided, undecided) = decide(&ranking);
        assert!(decided.is_empty(), "{decided:?}");
        let skip = undecided.iter().find(|s| s.key == "skip").unwrap();
        assert_eq!(skip.values, ["x"]);
        assert_eq!(skip.only_in, ["candyland"]);
        let game = undecided.iter().find(|s| s.key == "game").unwrap();
        assert_eq!(game.values, ["candyland", "race"]);
    }
}

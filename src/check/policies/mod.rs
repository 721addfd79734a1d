//! The hypotheses of a policy game for `check`: a student's program plays a game with
//! computer players (Wiener's course project, for his game), and its game lengths are tested
//! against these rules and policies.
//!
//! A hypothesis is a board under a rule set ([`PolicyGame::rule_space`], narrowed by `--vary`
//! and `--fix`), a policy for every seat, and a number of players (the one
//! `--players` gives, else every count from 1 to 6). One player alone is a Markov chain of
//! its own, solved exactly ([`crate::solve::chances`]; a cyclic card pile excepted, which the
//! chain cannot follow); several players interact (occupied squares, race positions), so
//! their distribution comes from simulation, with its noise counted in every comparison
//! ([`super::model`]).
//!
//! Rule sets that give the same game (the card pile under a die, the same track and rules on
//! two boards) share one distribution. The distinct ones are too many to simulate each at
//! full size, so they go through stages: every one is simulated briefly, those the
//! paired likelihood test cannot yet reject against the best (within [`SCREEN_NATS`] per game)
//! are simulated again with more games, and the best of those get the full reference (or the
//! exact chain). A hypothesis left behind keeps the model of its last stage, whose larger
//! noise it carries: it is rejected only when even that noise cannot explain the data.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use crate::budget::OverBudget;
use crate::games::policy_game::PolicyGame;
use crate::games::{BoardSource, Variant};
use crate::input::number::count;

use super::set::{self, Sample};
use super::SCREEN_NATS;
use super::{Candidate, GameSearch, LengthModel, RuleSpace, SearchedGame, Settings};

mod models;
mod reference;
mod stages;

pub use models::{
    exact_model, exact_turns, model_of, seconds_per_game, simulated_model, smoothed, ExactRefused,
};
pub use reference::reference;
use stages::{screen, simulate_stage, solve_exact, Pace, Stage, StageRun};

/// The player counts searched when `--players` is not given: the game's two to six, and one
/// player alone.
pub const PLAYER_COUNTS: std::ops::RangeInclusive<usize> = 1..=6;

/// Games of the first, brief simulation of every distinct hypothesis.
pub const PILOT_GAMES: u64 = 250;

/// The stage after the pilot simulates a tenth of `--reference-games` for at most this many
/// distinct hypotheses, best first.
pub const MIDDLE: (u64, usize) = (10, 32);

/// The middle stage's games at least (when the reference has as many): what a hypothesis must
/// survive before its exact chain is solved.
pub const MIDDLE_GAMES: u64 = 2_000;

/// The last stage simulates `--reference-games` (one player alone: its exact chain) for at
/// most this many.
pub const FINAL: usize = 8;

/// A game still running after this many turns is stopped (`simulate`, `report`).
pub const MAX_TURNS: u32 = 100_000;

/// Where the reference simulations of a sample whose longest game is `longest` turns stop a
/// game: four times that, at least 1,000 turns. A game stopped there is left out of the
/// reference, as a program leaves out a game it cannot finish ([`model_of`]). (Some
/// rule sets make games run for thousands of turns, or forever.)
pub fn stop_after(longest: usize) -> u32 {
    (4 * longest).clamp(1_000, MAX_TURNS as usize) as u32
}

/// The most states an exact chain may have.
pub const MAX_STATES: usize = 3_000_000;

/// The exact distribution is pushed until less than this is still playing (and at least to
/// the longest game of the sample); the geometric tail continues it.
const EXACT_TAIL: f64 = super::EXACT_TAIL;

/// One distinct game: a board's track and rules, the seats' policies, the number of players.
struct Distinct<G: PolicyGame> {
    board: G,
    policies: Vec<String>,
    /// The distribution so far, and the games simulated for it (0: exact).
    model: Option<(Arc<LengthModel>, u64)>,
}

impl<G: PolicyGame> Distinct<G> {
    fn players(&self) -> usize {
        self.policies.len()
    }

    /// Whether the exact chain describes it: one player, and no pile shuffled once.
    fn exact_able(&self) -> bool {
        self.players() == 1 && self.board.draws_independent()
    }

    /// The seats' policies (every name is the board's, by construction).
    fn seat_policies(&self) -> Vec<&G::Policy> {
        self.policies
            .iter()
            .filter_map(|n| self.board.policy(n).ok())
            .collect()
    }
}

/// The seats' policies in a word: the name when every seat plays the same, else the names seat
/// by seat, comma-separated.
pub fn policy_word(policies: &[String]) -> String {
    if policies.iter().all(|p| *p == policies[0]) {
        policies[0].clone()
    } else {
        policies.join(",")
    }
}

/// A hypothesis's settings after its rules: `policy` and `players`.
fn extra(policies: &[String]) -> Vec<(String, super::SettingValue)> {
    use super::SettingValue;
    vec![
        (
            "policy".to_string(),
            SettingValue::text(policy_word(policies)),
        ),
        ("players".to_string(), SettingValue::count(policies.len())),
    ]
}

/// One board of the search: its name and its file.
#[derive(Debug, Clone)]
pub struct PolicyBoard {
    /// The name the report gives it.
    pub name: String,
    /// Its text, parsed again under every rule set.
    pub source: BoardSource,
}

/// What a policy game's search covers.
#[derive(Debug, Clone)]
pub struct PolicySpace<'a> {
    /// The boards: every shipped board of the game, and the given one.
    pub boards: &'a [PolicyBoard],
    /// The rule sets.
    pub space: &'a RuleSpace,
    /// The player counts.
    pub players: &'a [usize],
    /// Seats' policies tried besides "every seat the same policy" (`--policy a,b,...`), each
    /// on the boards that have its policies, for its number of players.
    pub mixed: &'a [Vec<String>],
    /// The cap of the exact chains (`None`: the game's default).
    pub cap: Option<u32>,
    /// Whether the best hypotheses get the last stage (their exact chain, or the whole
    /// reference simulated): when the given board is one of this game's. When another game's
    /// board is the reference, this game is one of the other games searched and its
    /// hypotheses keep the middle stage's simulations (their noise counted in every test).
    pub refine: bool,
    /// Player counts left out, with why (they contradict the winners given).
    pub left_out_players: &'a [String],
}

/// Builds every hypothesis of policy game `G` in `space` and scores them on `sample` through
/// the stages ([`MIDDLE`], [`FINAL`]); `progress` hears of the hypotheses as their pilots are done.
pub fn search_game<G: PolicyGame>(
    space: &PolicySpace,
    sample: &Sample,
    settings: &Settings,
    others_best: Option<Best>,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<GameSearch, OverBudget> {
    let fix = "narrow the search with --players, --vary or --fix, use fewer --reference-games, or skip it with --no-rank";
    let longest = sample.lengths.last().map_or(1, |l| l.0);
    let stop = stop_after(longest);
    // (board, variant, policies, distinct index)
    let mut entries: Vec<(String, Variant, Vec<String>, usize)> = Vec::new();
    let mut distinct: Vec<Distinct<G>> = Vec::new();
    let mut cap_words = None;
    let mut by_print: HashMap<String, usize> = HashMap::new();
    let mut boards: Vec<String> = Vec::new();
    let mut left_out = 0;
    for b in space.boards {
        for variant in &space.space.rule_sets {
            let Ok(board) = G::parse(&b.source.label, &b.source.text, variant) else {
                left_out += 1;
                continue;
            };
            cap_words.get_or_insert(board.cap_words());
            if !boards.contains(&b.name) {
                boards.push(b.name.clone());
            }
            for &k in space.players {
                let mut seatings: Vec<Vec<String>> = board
                    .policy_names()
                    .into_iter()
                    .map(|n| vec![n.to_string(); k])
                    .collect();
                for m in space.mixed {
                    if m.len() == k && m.iter().all(|n| board.policy(n).is_ok()) {
                        seatings.push(m.clone());
                    }
                }
                for policies in seatings {
                    let print = format!("{}|{k}", board.fingerprint(&policies));
                    let index = *by_print.entry(print).or_insert_with(|| {
                        distinct.push(Distinct {
                            board: board.clone(),
                            policies: policies.clone(),
                            model: None,
                        });
                        distinct.len() - 1
                    });
                    entries.push((b.name.clone(), variant.clone(), policies, index));
                }
            }
        }
    }
    let rule_sets = entries.len();
    // The games of each stage: the pilot; a tenth of the reference (at least
    // [`MIDDLE_GAMES`], at most the reference); the reference itself, or the exact chain.
    let reference = settings.reference_games;
    let pilot = PILOT_GAMES.min(reference);
    let middle = (reference / MIDDLE.0).max(MIDDLE_GAMES.min(reference));
    // Progress counts hypotheses: each distinct game's as its pilot is done.
    let mut weight = vec![0u64; distinct.len()];
    for e in &entries {
        weight[e.3] += 1;
    }
    let all: Vec<usize> = (0..distinct.len()).collect();
    let pilot_progress = |i: usize| progress(weight[i]);
    let mut pace = Pace::default();
    let stage = |which: &'_ [usize], games, optional| StageRun {
        which: which.to_vec(),
        games,
        stop,
        optional,
    };
    simulate_stage(
        &mut distinct,
        &stage(&all, pilot, false),
        &mut pace,
        settings,
        fix,
        &pilot_progress,
    )?;
    let progress = &|_: usize| {};
    let mut sizes = vec![pilot];
    // The stages the budget left out, with why.
    let mut left_out_stages: Vec<String> = Vec::new();
    if middle > pilot {
        let keep = screen(
            &distinct,
            sample,
            settings.alpha,
            others_best.as_ref(),
            MIDDLE.1,
        );
        let run = stage(&keep, middle, true);
        match simulate_stage(&mut distinct, &run, &mut pace, settings, fix, progress)? {
            Stage::Done => sizes.push(middle),
            Stage::LeftOut(why) => left_out_stages.push(why),
        }
    }
    // The last stage: one player alone exactly, the others with the whole reference.
    let keep = if space.refine {
        screen(
            &distinct,
            sample,
            settings.alpha,
            others_best.as_ref(),
            FINAL,
        )
    } else {
        Vec::new()
    };
    let (solve, simulate): (Vec<usize>, Vec<usize>) =
        keep.into_iter().partition(|&i| distinct[i].exact_able());
    if reference > sizes[sizes.len() - 1] {
        let run = stage(&simulate, reference, true);
        match simulate_stage(&mut distinct, &run, &mut pace, settings, fix, progress)? {
            Stage::Done => sizes.push(reference),
            Stage::LeftOut(why) => left_out_stages.push(why),
        }
    }
    let words = cap_words.unwrap_or_default();
    let cap = space.cap.unwrap_or(words.default);
    let (exact, unsolved) = solve_exact(&mut distinct, &solve, cap, longest, settings, progress);
    left_out_stages.extend(unsolved);
    let candidates: Vec<Candidate> = entries
        .iter()
        .filter_map(|(board, variant, policies, i)| {
            let (model, _) = distinct[*i].model.clone()?;
            Some(Candidate {
                game: G::KIND,
                board: board.clone(),
                variant: variant.clone(),
                deck: None,
                extra: extra(policies),
                model,
                model_id: 0,
            })
        })
        .collect();
    let mut keys = space.space.varied.clone();
    let policies: Vec<String> = entries.iter().map(|e| policy_word(&e.2)).collect();
    if policies.iter().any(|p| *p != policies[0]) {
        keys.push("policy".into());
    }
    if space.players.len() > 1 {
        keys.push("players".into());
    }
    let full = sizes[sizes.len() - 1];
    let refined = distinct
        .iter()
        .filter(|d| matches!(d.model, Some((_, g)) if g == full && sizes.len() > 1))
        .count();
    let how = format!(
        "{}: every distinct game ({}) simulated with {} games (seed {}){}; {}{}{}",
        G::KIND,
        distinct.len(),
        count(pilot),
        settings.seed,
        if middle > pilot {
            format!(
                ", those the paired test could not reject against the best of every game (or within {SCREEN_NATS} nats per game of it) again with {}, at most {}",
                count(middle),
                MIDDLE.1
            )
        } else {
            String::new()
        },
        if !space.refine {
            "the hypotheses keep those simulations (the given board is another game's)".to_string()
        } else {
            format!(
                "the best {FINAL} still in reach then {} ({exact} solved exactly, {} {}; {refined} simulated with {} games)",
                if reference > middle.max(pilot) {
                    format!(
                        "with {} games, or exactly for one player alone",
                        count(reference)
                    )
                } else {
                    "exactly for one player alone".to_string()
                },
                words.name,
                cap,
                count(full)
            )
        },
        if space.left_out_players.is_empty() {
            String::new()
        } else {
            format!("; not searched: {}", space.left_out_players.join("; "))
        },
        if left_out_stages.is_empty() {
            ""
        } else {
            "; a stage the budget left out leaves its hypotheses their last stage's simulations, whose noise every test counts"
        }
    );
    Ok(GameSearch {
        searched: SearchedGame {
            game: G::KIND.to_string(),
            boards,
            keys,
            fixed: space.space.fixed.clone(),
            rule_sets,
            left_out,
        },
        candidates,
        decks: Vec::new(),
        simulated: distinct
            .iter()
            .filter(|d| matches!(d.model, Some((_, g)) if g > 0))
            .count(),
        how: Some(how),
        notes: left_out_stages
            .into_iter()
            .map(|why| format!("{}: {why}", G::KIND))
            .collect(),
    })
}

/// The best hypothesis of the other games searched, scored on the sample, and how many
/// distinct distributions they hold.
pub struct Best {
    scored: set::Scored,
    distinct: usize,
}

/// The best of the hypotheses in `parts` (the other games searched) on `sample`.
pub fn best_of(parts: &[GameSearch], sample: &Sample) -> Option<Best> {
    let mut seen: HashSet<*const LengthModel> = HashSet::new();
    let mut best: Option<set::Scored> = None;
    for c in parts.iter().flat_map(|p| &p.candidates) {
        if !seen.insert(Arc::as_ptr(&c.model)) {
            continue;
        }
        let s = set::score(sample, &c.model);
        if best
            .as_ref()
            .is_none_or(|b| s.log_likelihood > b.log_likelihood)
        {
            best = Some(s);
        }
    }
    best.map(|scored| Best {
        scored,
        distinct: seen.len(),
    })
}

//! `simulate` on a board of a policy game: games of 1 to 6 computer players
//! ([`crate::sim::policies`]), whose interactions no chain of one player follows, within the
//! budget.

use crate::error::Result;
use serde::{Deserialize, Serialize};

use super::{policy_names, seat_policies, PolicyOptions, MAX_TURNS};
use crate::budget::Budget;
use crate::games::policy_game::{GameWords, PolicyGame};
use crate::games::BoardSource;
use crate::results::options::check_players;
use crate::sim::policies::Summary;

/// A seat's figures in a simulation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatShare {
    /// The policy's name.
    pub policy: String,
    /// Its share of the finished games won; `None` when no game finished.
    pub win: Option<f64>,
    /// Half the width of that share's 95 % confidence interval (normal approximation); `None`
    /// when no game finished.
    pub win_ci95_half: Option<f64>,
    /// Its turns skipped for lack of a legal move, per game.
    pub skips_per_game: f64,
}

/// A policy's wins over all its seats.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PolicyShare {
    /// The policy's name.
    pub policy: String,
    /// Its seats' share of the finished games won, together; `None` when no game finished.
    pub win: Option<f64>,
}

/// How often one square was landed on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Landings {
    /// The square (0 start).
    pub square: usize,
    /// What it is, in the game's words: "lettuce", "number (2)", ...
    pub kind: String,
    /// Landings per game (moves, and moves the rules make), all players together.
    pub per_game: f64,
}

/// A sample's mean and standard deviation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MeanSd {
    /// The mean.
    pub mean: f64,
    /// The standard deviation.
    pub sd: f64,
}

/// `simulate` on a board of a policy game: games of computer players.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PolicySimulation {
    /// The board's short name.
    pub board: String,
    /// Players, taking turns in seat order.
    pub players: usize,
    /// Games played.
    pub games: u64,
    /// The seed: the same seed gives the same games on any number of threads.
    pub seed: u64,
    /// How the chance squares draw: "die", "cyclic card pile" or "independent card pile".
    pub draws: String,
    /// Games still running at `max_turns` turns, stopped: the lengths count each as
    /// `max_turns` + 1 turns, the least it lasts (`turns.cut`), and no seat wins it.
    pub unfinished: u64,
    /// The turn limit.
    pub max_turns: u32,
    /// The games' lengths, in turns of all players, the stopped ones counted as `max_turns` +
    /// 1 (then `cut` says how many, the mean is a lower bound and has no interval); `None`
    /// when no game finished.
    pub turns: Option<crate::stats::Summary>,
    /// The games' lengths in rounds (turns / players), a lower bound when games were stopped;
    /// `None` when no game finished.
    pub rounds: Option<MeanSd>,
    /// Each seat's share of the finished games won, seat 1 first; empty when no game finished.
    pub win: Vec<f64>,
    /// Each seat, seat 1 first.
    pub seats: Vec<SeatShare>,
    /// Each policy's share of the wins, when the seats play different policies.
    pub policies: Vec<PolicyShare>,
    /// Turns skipped for lack of a legal move, per game, all seats together.
    pub skips_per_game: f64,
    /// The share of games in which some player skipped.
    pub games_with_skip: f64,
    /// What the winner holds at the finish (carrots, in Wiener's game); `None` when no game
    /// finished.
    pub winners_held: Option<MeanSd>,
    /// Every square from 1 to the last before home, busiest first.
    pub landings: Vec<Landings>,
    /// `histogram[n]`: finished games of n turns.
    pub histogram: Vec<u64>,
    /// How the game words its answers (text only).
    #[serde(skip)]
    pub words: GameWords,
    /// How the board was named (text only).
    #[serde(skip)]
    pub label: String,
    /// Each game's length and winner's seat (from 1; 0 when it did not finish), when kept.
    #[serde(skip)]
    pub kept: Vec<(u32, u8)>,
}

impl PolicySimulation {
    /// The figures of `s`, games played with `policies` (seat 1 first) on `board`.
    pub fn of<G: PolicyGame>(
        board: &G,
        policies: &[String],
        seed: u64,
        max_turns: u32,
        s: &Summary,
    ) -> PolicySimulation {
        let k = policies.len();
        let fin = s.finished();
        let games = s.games.max(1) as f64;
        // Figures of the finished games exist only when some game finished.
        let finished = fin > 0;
        let share = |w: u64| (w as f64 / fin.max(1) as f64, finished);
        let share = |w: u64| {
            let (p, any) = share(w);
            any.then_some(p)
        };
        // Games stopped at the turn limit count as one turn longer, the least they last, as in
        // a race's simulation: the lengths' mean is then a lower bound, with no interval.
        let turns = crate::stats::Summary::censored(&s.lengths, s.unfinished, max_turns as usize)
            .filter(|_| finished);
        let (mean, sd) = match &turns {
            Some(t) if t.cut > 0 => (t.mean, t.sd),
            _ => s.mean_sd(),
        };
        let seats = (0..k)
            .map(|i| {
                let p = share(s.wins[i]);
                SeatShare {
                    policy: policies[i].clone(),
                    win: p,
                    win_ci95_half: p.map(|p| 1.96 * (p * (1.0 - p) / fin as f64).sqrt()),
                    skips_per_game: s.skips[i] as f64 / games,
                }
            })
            .collect();
        let mut names: Vec<&String> = policies.iter().collect();
        names.sort();
        names.dedup();
        let by_policy = if names.len() > 1 {
            names
                .iter()
                .map(|name| PolicyShare {
                    policy: (*name).clone(),
                    win: share(
                        (0..k)
                            .filter(|&i| &policies[i] == *name)
                            .map(|i| s.wins[i])
                            .sum(),
                    ),
                })
                .collect()
        } else {
            Vec::new()
        };
        let cm = s.held_left as f64 / fin.max(1) as f64;
        let csd = (s.held_left_sq as f64 / fin.max(1) as f64 - cm * cm)
            .max(0.0)
            .sqrt();
        let mut landings: Vec<Landings> = s
            .landings
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != 0 && *i != board.home())
            .map(|(i, &c)| Landings {
                square: i,
                kind: board.square_words(i),
                per_game: c as f64 / games,
            })
            .collect();
        landings.sort_by(|a, b| {
            b.per_game
                .total_cmp(&a.per_game)
                .then(a.square.cmp(&b.square))
        });
        PolicySimulation {
            board: board.name().to_string(),
            players: k,
            games: s.games,
            seed,
            draws: board.draws_words(),
            unfinished: s.unfinished,
            max_turns,
            turns,
            rounds: finished.then(|| MeanSd {
                mean: mean / k as f64,
                sd: sd / k as f64,
            }),
            win: (0..k).filter_map(|i| share(s.wins[i])).collect(),
            seats,
            policies: by_policy,
            skips_per_game: s.skips.iter().sum::<u64>() as f64 / games,
            games_with_skip: s.games_with_skip as f64 / games,
            winners_held: finished.then_some(MeanSd { mean: cm, sd: csd }),
            landings,
            histogram: s.lengths.clone(),
            words: board.words(),
            label: String::new(),
            kept: Vec::new(),
        }
    }
}

/// The options of [`simulate`].
#[derive(Debug, Clone, PartialEq)]
pub struct PolicySimulateOptions {
    /// The board's changes and the seats' policies (the cap is not used).
    pub policies: PolicyOptions,
    /// Players, from 1 to 6.
    pub players: usize,
    /// Games to play.
    pub games: u64,
    /// The seed: the same seed gives the same games on any number of threads.
    pub seed: u64,
    /// A game still running after this many turns is stopped (at most [`MAX_TURNS`]).
    pub max_turns: u32,
    /// Keep each game's length and winner ([`PolicySimulation::kept`]).
    pub keep_games: bool,
}

/// The estimated seconds of `games` games of `policies` on `board`, checked against `budget`.
pub(super) fn within_budget<G: PolicyGame>(
    board: &G,
    policies: &[&G::Policy],
    games: u64,
    seed: u64,
    budget: &Budget,
    fix: &str,
) -> Result<()> {
    let per = crate::check::policies::seconds_per_game(board, policies, seed);
    let threads = rayon::current_num_threads().max(1) as f64;
    let what = format!("simulating {} games", crate::input::number::count(games));
    budget.time(&what, per * games as f64 / threads, fix)?;
    Ok(())
}

/// Games of computer players on `source`, simulated within `budget`.
pub fn simulate<G: PolicyGame>(
    source: &BoardSource,
    options: &PolicySimulateOptions,
    budget: &Budget,
) -> Result<PolicySimulation> {
    let board: G = options.policies.board(source)?;
    options.policies.no_cap(&board, "simulate")?;
    check_players(options.players)?;
    let policies = seat_policies(&board, options.policies.policy.as_deref(), options.players)?;
    let max_turns = options.max_turns.min(MAX_TURNS);
    within_budget(
        &board,
        &policies,
        options.games,
        options.seed,
        budget,
        "play fewer games with --games N",
    )?;
    let (summary, kept) = if options.keep_games {
        crate::sim::policies::simulate_kept(
            &board.table(&policies),
            options.games,
            options.seed,
            max_turns,
        )
    } else {
        (
            crate::sim::policies::simulate(
                &board.table(&policies),
                options.games,
                options.seed,
                max_turns,
            ),
            Vec::new(),
        )
    };
    let names = policy_names::<G>(&policies);
    let mut r = PolicySimulation::of(&board, &names, options.seed, max_turns, &summary);
    r.label = source.label.clone();
    r.kept = kept;
    Ok(r)
}

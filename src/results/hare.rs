//! The questions of a Hare and Tortoise board, one public function and one serde answer each:
//! one computer player alone, exactly ([`analyze`], [`HareAlone`]); several, simulated
//! ([`simulate`], [`HareSimulation`]); one game's transactions log ([`play`],
//! [`HareTranscript`]); every figure of a report ([`report`], [`HareReport`]). The kind has its
//! own step function and chain ([`crate::games::hare`]), so these stand beside the questions of
//! the one-token games. The text, JSON and CSV outputs all render these answers.

use anyhow::Result;
use serde::{Deserialize, Serialize};

use crate::budget::Budget;
use crate::games::hare::board::{Board, HareDraws};
use crate::games::hare::turn::Note;
use crate::games::hare::Policy;
use crate::games::{BoardSource, Variant};
use crate::input::error::UserError;
use crate::results::options::{bad_option, check_players};
use crate::sim::hare::Summary;
use crate::solve::hare::{self as exact, Chain, Lengths};
use crate::solve::Quantile;

/// The most states the exact chain may have.
pub const MAX_STATES: usize = 3_000_000;

/// The largest feedback set the general solver is given (its dense part grows as its cube:
/// about 6 s at 2,700 states on 2 cores).
pub const MAX_FEEDBACK: usize = 3_000;

/// The quantile levels reported, of the games that reach home.
pub const QUANTILES: [f64; 5] = [0.05, 0.5, 0.9, 0.95, 0.99];

/// The general cyclic solver's answer on the same chain.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GeneralSolve {
    /// States the solver eliminated densely (the chain's feedback set).
    pub feedback_states: usize,
    /// Expected turns until home or the cap, from the linear solve.
    pub mean: f64,
    /// The chance of reaching home, from the linear solve.
    pub home: f64,
    /// The chance that the carrots ever exceed the cap, from the linear solve.
    pub cut: f64,
}

/// The shortest game: its length.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Shortest {
    /// Its length, in turns.
    pub turns: usize,
}

/// `analyze` on a Hare and Tortoise board: one computer player alone, exactly.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HareAlone {
    /// The board's short name.
    pub board: String,
    /// Where its layout and rules come from.
    pub source: String,
    /// The rules in force: each `[rules]` key with its value.
    pub rules: serde_json::Value,
    /// The policy the player follows.
    pub policy: String,
    /// Squares between start and home.
    pub squares: usize,
    /// States of the chain: (square, carrots, lettuces, what the next turn starts with, "move
    /// again").
    pub states: usize,
    /// The chain keeps states of at most this many carrots.
    pub carrot_cap: u32,
    /// The board's hare cards are a pile shuffled once and cycled, which the chain cannot
    /// follow: it draws each card independently, with its share of the pile.
    pub cards_independent: bool,
    /// Expected turns until home, over the games that reach home.
    pub mean: f64,
    /// Standard deviation of the turns until home, over the games that reach home.
    pub sd: f64,
    /// The median turns until home; `None` when half the games that reach home had not yet
    /// reached it in the turns computed (the quantile at 0.5 then says the bound).
    pub median: Option<usize>,
    /// The quantiles at each level of [`QUANTILES`], of the games that reach home.
    pub quantiles: Vec<Quantile>,
    /// The shortest game; `None` when no game reached home in the turns computed.
    pub shortest_game: Option<Shortest>,
    /// The chance of reaching home (within the cap).
    pub home: f64,
    /// The chance that the carrots ever exceed the cap: the mass the cap leaves out of every
    /// figure.
    pub cut: f64,
    /// The chance of getting stuck forever (no way home).
    pub stuck: f64,
    /// The chance still playing after the last turn computed.
    pub unfinished_mass: f64,
    /// The distribution was pushed turn by turn until less than this was still playing.
    pub tolerance: f64,
    /// `pmf[n]`: the chance of reaching home on turn n, n = 0, 1, ...
    pub pmf: Vec<f64>,
    /// `survival[n]`: the chance still playing after turn n.
    pub survival: Vec<f64>,
    /// The general cyclic solver on the same chain, when its dense part is small enough.
    pub general_solve: Option<GeneralSolve>,
    /// Why the general solver was not run, when it was not.
    pub general_solve_skipped: Option<String>,
    /// Seconds the chain and its distribution took (text only).
    #[serde(skip)]
    pub seconds: f64,
    /// How the board was named (text only).
    #[serde(skip)]
    pub label: String,
}

/// Whether the board's hare cards form a pile shuffled once, which the one-player chain draws
/// independently instead.
pub fn cards_independent(board: &Board) -> bool {
    crate::check::hare::cyclic(board)
}

impl HareAlone {
    /// One player alone with `policy` on `board`, exactly: the chain of at most `cap`
    /// carrots, its distribution pushed until at most `tolerance` is left (or `max_turns`),
    /// and the general solver where its dense part is small.
    pub fn of(
        board: &Board,
        policy: &Policy,
        cap: u32,
        tolerance: f64,
        max_turns: usize,
    ) -> Result<HareAlone, String> {
        let started = std::time::Instant::now();
        let chain = exact::build(board, policy, cap, MAX_STATES)?;
        let l = exact::lengths(&chain, tolerance, max_turns);
        let (general_solve, general_solve_skipped) = match general_solve(&chain) {
            Ok(s) => (Some(s), None),
            Err(why) => (None, Some(why)),
        };
        Ok(HareAlone::from_parts(
            board,
            policy,
            &chain,
            &l,
            tolerance,
            general_solve,
            general_solve_skipped,
            started.elapsed().as_secs_f64(),
        ))
    }

    #[allow(clippy::too_many_arguments)]
    fn from_parts(
        board: &Board,
        policy: &Policy,
        chain: &Chain,
        l: &Lengths,
        tolerance: f64,
        general_solve: Option<GeneralSolve>,
        general_solve_skipped: Option<String>,
        seconds: f64,
    ) -> HareAlone {
        let home: f64 = l.home.iter().sum();
        let (mean, sd) = l.mean_sd();
        let quantile = |p: f64| l.quantile(p * home);
        let quantiles = QUANTILES
            .iter()
            .map(|&p| match quantile(p) {
                Some(t) => Quantile {
                    p,
                    turns: t,
                    lower_bound: false,
                },
                None => Quantile {
                    p,
                    turns: l.home.len(),
                    lower_bound: true,
                },
            })
            .collect();
        HareAlone {
            board: board.name.clone(),
            source: board.source.clone(),
            rules: serde_json::to_value(&board.rules).unwrap_or_default(),
            policy: policy.name.clone(),
            squares: board.squares.len() - 2,
            states: chain.len(),
            carrot_cap: chain.cap,
            cards_independent: cards_independent(board),
            mean,
            sd,
            median: quantile(0.5),
            quantiles,
            shortest_game: l
                .home
                .iter()
                .position(|&p| p > 0.0)
                .map(|turns| Shortest { turns }),
            home,
            cut: l.cut.iter().sum(),
            stuck: l.stuck,
            unfinished_mass: l.left,
            tolerance,
            pmf: l.home.clone(),
            survival: l.survival.clone(),
            general_solve,
            general_solve_skipped,
            seconds,
            label: String::new(),
        }
    }
}

/// The general cyclic solver on the chain, when its dense part is small enough; else why not.
pub fn general_solve(chain: &Chain) -> Result<GeneralSolve, String> {
    let form = chain.solver_form()?;
    let k = crate::solve::Sweep::<f64>::feedback_size(&form.counts);
    if k > MAX_FEEDBACK {
        return Err(format!(
            "its dense part would have {k} feedback states (more than {MAX_FEEDBACK}; the cost grows as the cube); the distribution above is exact to its tolerance; a smaller --carrot-cap (200 for the novice on the shipped boards) brings it within reach"
        ));
    }
    let s = exact::solve(chain).map_err(|e| e.to_string())?;
    Ok(GeneralSolve {
        feedback_states: s.feedback,
        mean: s.mean,
        home: s.home,
        cut: s.cut.max(0.0),
    })
}

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
    /// What it is: "hare", "number (2)", ...
    pub kind: String,
    /// Landings per game (moves and a hare's displacements), all players together.
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

/// `simulate` on a Hare and Tortoise board: games of computer players.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HareSimulation {
    /// The board's short name.
    pub board: String,
    /// Players, taking turns in seat order.
    pub players: usize,
    /// Games played.
    pub games: u64,
    /// The seed: the same seed gives the same games on any number of threads.
    pub seed: u64,
    /// How hare squares draw: "die", "cyclic card pile" or "independent card pile".
    pub hare_draws: String,
    /// Games still running at `max_turns` turns, stopped and left out of every figure.
    pub unfinished: u64,
    /// The turn limit.
    pub max_turns: u32,
    /// The finished games' lengths, in turns of all players (`None` when no game finished).
    pub turns: Option<crate::stats::Summary>,
    /// The finished games' lengths in rounds (turns / players); `None` when no game finished.
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
    /// The winner's carrots at the finish; `None` when no game finished.
    pub winners_carrots: Option<MeanSd>,
    /// Every square from 1 to the last before home, busiest first.
    pub landings: Vec<Landings>,
    /// `histogram[n]`: finished games of n turns.
    pub histogram: Vec<u64>,
    /// How the board was named (text only).
    #[serde(skip)]
    pub label: String,
    /// Each game's length and winner's seat (from 1; 0 when it did not finish), when kept.
    #[serde(skip)]
    pub kept: Vec<(u32, u8)>,
}

impl HareSimulation {
    /// The figures of `s`, games played with `policies` (seat 1 first) on `board`.
    pub fn of(
        board: &Board,
        policies: &[String],
        seed: u64,
        max_turns: u32,
        s: &Summary,
    ) -> HareSimulation {
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
        let turns = crate::stats::Summary::of(&s.lengths);
        let (mean, sd) = s.mean_sd();
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
        let cm = s.carrots_left as f64 / fin.max(1) as f64;
        let csd = (s.carrots_left_sq as f64 / fin.max(1) as f64 - cm * cm)
            .max(0.0)
            .sqrt();
        let mut landings: Vec<Landings> = s
            .landings
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != 0 && *i != board.home())
            .map(|(i, &c)| Landings {
                square: i,
                kind: board.squares[i].describe(),
                per_game: c as f64 / games,
            })
            .collect();
        landings.sort_by(|a, b| {
            b.per_game
                .total_cmp(&a.per_game)
                .then(a.square.cmp(&b.square))
        });
        HareSimulation {
            board: board.name.clone(),
            players: k,
            games: s.games,
            seed,
            hare_draws: match board.rules.hare_draws {
                HareDraws::Die => "die".to_string(),
                HareDraws::Cards => format!(
                    "{} card pile",
                    crate::games::variant::word(&board.rules.card_pile)
                ),
            },
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
            winners_carrots: finished.then_some(MeanSd { mean: cm, sd: csd }),
            landings,
            histogram: s.lengths.clone(),
            label: String::new(),
            kept: Vec::new(),
        }
    }
}

/// One event of a game, as Wiener's transactions log tells it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HareEvent {
    /// The turn, from 1, counting every player's turns.
    pub turn: u32,
    /// 1-based seat.
    pub player: usize,
    /// What happened, one kebab-case word: missed, paid, lettuce, carrots, moved, back, hare,
    /// displaced, hare-carrots, hare-lettuce, skipped, home, turn-end.
    pub event: String,
    /// The square moved from, for a move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<usize>,
    /// The square moved to, or stood on at the end of the turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<usize>,
    /// Carrots received (positive) or paid or given away (negative); at the end of a turn,
    /// the carrots held.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub carrots: Option<i64>,
    /// At the end of a turn, the lettuces still to chew.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lettuces: Option<u8>,
    /// The race position that paid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rank: Option<usize>,
    /// The die's face on a hare square (none for a card).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub face: Option<usize>,
    /// The hare's effect, as the board file names it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<String>,
    /// The line of the transactions log.
    pub text: String,
}

/// `play` on a Hare and Tortoise board: one game, event by event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HareTranscript {
    /// The board's short name.
    pub board: String,
    /// The seed: the game is the first one `simulate --seed S` plays.
    pub seed: u64,
    /// Players, taking turns in seat order.
    pub players: usize,
    /// Each seat's policy, seat 1 first.
    pub policies: Vec<String>,
    /// Every event, in order.
    pub events: Vec<HareEvent>,
    /// 1-based seat of the winner; `None` if the game hit the turn limit.
    pub winner: Option<usize>,
    /// Turns played, all players' together.
    pub length: u32,
    /// The winner's carrots at the finish.
    pub carrots_left: u32,
    /// How the board was named (text only).
    #[serde(skip)]
    pub label: String,
}

/// The square in words: "12 (number (3))", "0 (start)".
pub fn square(board: &Board, i: usize) -> String {
    format!("{i} ({})", board.squares[i].describe())
}

/// One line of Wiener's transactions log for `note`, by player `seat` (0-based).
pub fn log_line(board: &Board, seat: usize, note: Note) -> String {
    let who = format!("player {}", seat + 1);
    match note {
        Note::Missed => format!("{who} misses this turn"),
        Note::Paid { rank, carrots: c } => {
            format!("{who} is in position {rank} on its number square and receives {c} carrots")
        }
        Note::Lettuce { rank, carrots: c } => {
            format!("{who} chews a lettuce in position {rank}, receives {c} carrots")
        }
        Note::Carrots { delta } if delta >= 0 => {
            format!("{who} chews a carrot and takes {delta} carrots")
        }
        Note::Carrots { delta } => {
            format!("{who} chews a carrot and gives away {} carrots", -delta)
        }
        Note::Moved { from, to, cost } => format!(
            "{who} moves from {from} to {}, pays {cost} carrots",
            square(board, to)
        ),
        Note::Back { from, to, gain } => {
            format!("{who} moves back from {from} to tortoise square {to}, receives {gain} carrots")
        }
        Note::Hare { face, effect } => match face {
            Some(f) => format!("{who} rolls {f} on the hare square: {}", effect.words()),
            None => format!("{who} draws a hare card: {}", effect.words()),
        },
        Note::Displaced { from, to } => {
            format!("{who} goes from {from} to {}", square(board, to))
        }
        Note::HareCarrots { delta } if delta >= 0 => {
            format!("{who} receives {delta} carrots")
        }
        Note::HareCarrots { delta } => {
            format!("{who} gives away {} carrots", -delta)
        }
        Note::HareLettuce { carrots: c } => {
            format!("{who} chews a lettuce, receives {c} carrots")
        }
        Note::Skipped => format!("{who} has no legal move and skips this turn"),
        Note::Home => format!("{who} reaches home and wins"),
        Note::TurnEnd {
            square,
            carrots,
            lettuces,
        } => format!("{who} now on {square}: {carrots} carrots, {lettuces} lettuces"),
    }
}

/// `note` as an event of the transcript.
fn event(board: &Board, turn: u32, seat: usize, note: Note) -> HareEvent {
    let mut e = HareEvent {
        turn,
        player: seat + 1,
        event: String::new(),
        from: None,
        to: None,
        carrots: None,
        lettuces: None,
        rank: None,
        face: None,
        effect: None,
        text: log_line(board, seat, note),
    };
    let word = match note {
        Note::Missed => "missed",
        Note::Paid { rank, carrots } => {
            (e.rank, e.carrots) = (Some(rank), Some(i64::from(carrots)));
            "paid"
        }
        Note::Lettuce { rank, carrots } => {
            (e.rank, e.carrots) = (Some(rank), Some(i64::from(carrots)));
            "lettuce"
        }
        Note::Carrots { delta } => {
            e.carrots = Some(delta);
            "carrots"
        }
        Note::Moved { from, to, cost } => {
            (e.from, e.to, e.carrots) = (Some(from), Some(to), Some(-i64::from(cost)));
            "moved"
        }
        Note::Back { from, to, gain } => {
            (e.from, e.to, e.carrots) = (Some(from), Some(to), Some(i64::from(gain)));
            "back"
        }
        Note::Hare { face, effect } => {
            (e.face, e.effect) = (face, Some(crate::games::variant::word(&effect)));
            "hare"
        }
        Note::Displaced { from, to } => {
            (e.from, e.to) = (Some(from), Some(to));
            "displaced"
        }
        Note::HareCarrots { delta } => {
            e.carrots = Some(delta);
            "hare-carrots"
        }
        Note::HareLettuce { carrots } => {
            e.carrots = Some(i64::from(carrots));
            "hare-lettuce"
        }
        Note::Skipped => "skipped",
        Note::Home => "home",
        Note::TurnEnd {
            square,
            carrots,
            lettuces,
        } => {
            (e.to, e.carrots, e.lettuces) =
                (Some(square), Some(i64::from(carrots)), Some(lettuces));
            "turn-end"
        }
    };
    e.event = word.to_string();
    e
}

/// The first game `simulate --seed S` plays, event by event.
pub fn transcript(
    board: &Board,
    policies: &[&Policy],
    seed: u64,
    max_turns: u32,
) -> HareTranscript {
    let mut rng = crate::sim::chunk_rng(seed, 0);
    let mut events = Vec::new();
    let game = crate::sim::hare::play_game(board, policies, &mut rng, max_turns, &mut |t, s, n| {
        events.push(event(board, t, s, n))
    });
    HareTranscript {
        board: board.name.clone(),
        seed,
        players: policies.len(),
        policies: policies.iter().map(|p| p.name.clone()).collect(),
        events,
        winner: game.winner.map(|w| w + 1),
        length: game.turns,
        carrots_left: game.carrots_left,
        label: String::new(),
    }
}

/// Players in the simulated game of a report: Wiener's game has four.
pub const REPORT_PLAYERS: usize = 4;

/// A Hare and Tortoise board's report (`summary.json`): one computer player alone, exactly,
/// and Wiener's game of four, simulated.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HareReport {
    /// The board's short name.
    pub board: String,
    /// Where its layout and rules come from.
    pub source: String,
    /// Command-line changes to the board file, as flags ("" for none).
    pub variant: String,
    /// One player alone, exactly.
    pub alone: HareAlone,
    /// One player alone simulated (`--mc`), to set beside the exact distribution.
    pub alone_simulated: Option<HareSimulation>,
    /// [`REPORT_PLAYERS`] players, simulated.
    pub game: HareSimulation,
    /// The files of the report.
    pub files: Vec<String>,
}

/// The options every Hare and Tortoise question shares: the board file's changes, the seats'
/// policies and the exact chain's carrot cap.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct HareOptions {
    /// Changes to the board file's `[rules]` (`--start-carrots`, `--hare-draws`, ...).
    pub variant: Variant,
    /// The seats' policies, comma-separated: one name for every seat, or one per seat; `None`
    /// for the board's default.
    pub policy: Option<String>,
    /// The exact chain keeps states of at most this many carrots; `None` for [`CARROT_CAP`].
    pub carrot_cap: Option<u32>,
}

/// The default carrot cap of the exact chain: on both shipped boards' policies the chance of
/// ever holding more is below 1e-11 (measured and printed by every run).
pub const CARROT_CAP: u32 = crate::check::hare::CARROT_CAP;

/// The most turns a simulated game of computer players is played.
pub const MAX_TURNS: u32 = crate::check::hare::MAX_TURNS;

impl HareOptions {
    /// The board `source` with the rule changes applied.
    pub fn board(&self, source: &BoardSource) -> Result<Board, UserError> {
        crate::games::hare::parse_with(&source.label, &source.text, &self.variant)
    }

    /// The carrot cap in force.
    pub fn cap(&self) -> u32 {
        self.carrot_cap.unwrap_or(CARROT_CAP)
    }
}

/// The policy of each of `players` seats, from `flag` (one name for every seat or one per
/// seat, comma-separated) or the board's default.
pub fn seat_policies<'a>(
    board: &'a Board,
    flag: Option<&str>,
    players: usize,
) -> Result<Vec<&'a Policy>, UserError> {
    let names: Vec<&str> = match flag {
        None => vec![board.default_policy.as_str()],
        Some(list) => list.split(',').map(str::trim).collect(),
    };
    let names = match names.len() {
        1 => vec![names[0]; players],
        n if n == players => names,
        n => {
            return Err(bad_option(
                "--policy",
                format!(
                    "{n} names for {players} players; give one name (every seat) or one per seat"
                ),
            ))
        }
    };
    names
        .iter()
        .map(|n| board.policy(n).map_err(|m| bad_option("--policy", m)))
        .collect()
}

/// One player alone on `source`, exactly: the first policy `options` names (else the board's),
/// its distribution pushed turn by turn until less than `tolerance` is still playing (or
/// `max_turns`).
pub fn analyze(
    source: &BoardSource,
    options: &HareOptions,
    tolerance: f64,
    max_turns: usize,
) -> Result<HareAlone> {
    let board = options.board(source)?;
    let first = options
        .policy
        .as_deref()
        .map(|p| p.split(',').next().unwrap_or(p).trim());
    let policy = seat_policies(&board, first, 1)?[0];
    let mut a =
        HareAlone::of(&board, policy, options.cap(), tolerance, max_turns).map_err(|m| {
            UserError::Board {
                board: source.label.clone(),
                message: m,
            }
        })?;
    a.label = source.label.clone();
    Ok(a)
}

/// The options of [`simulate`].
#[derive(Debug, Clone, PartialEq)]
pub struct HareSimulateOptions {
    /// The board's changes and the seats' policies (the carrot cap is not used).
    pub hare: HareOptions,
    /// Players, from 1 to 6.
    pub players: usize,
    /// Games to play.
    pub games: u64,
    /// The seed: the same seed gives the same games on any number of threads.
    pub seed: u64,
    /// A game still running after this many turns is stopped (at most [`MAX_TURNS`]).
    pub max_turns: u32,
    /// Keep each game's length and winner ([`HareSimulation::kept`]).
    pub keep_games: bool,
}

/// The estimated seconds of `games` games of `policies` on `board`, checked against `budget`.
fn within_budget(
    board: &Board,
    policies: &[&Policy],
    games: u64,
    seed: u64,
    budget: &Budget,
    fix: &str,
) -> Result<()> {
    let per = crate::check::hare::seconds_per_game(board, policies, seed);
    let threads = rayon::current_num_threads().max(1) as f64;
    let what = format!("simulating {} games", crate::input::number::count(games));
    budget.time(&what, per * games as f64 / threads, fix)?;
    Ok(())
}

/// Games of computer players on `source`, simulated within `budget`.
pub fn simulate(
    source: &BoardSource,
    options: &HareSimulateOptions,
    budget: &Budget,
) -> Result<HareSimulation> {
    if options.hare.carrot_cap.is_some() {
        return Err(bad_option(
            "--carrot-cap",
            "is not used by simulate: the simulator keeps every carrot; it caps analyze's exact chain",
        )
        .into());
    }
    check_players(options.players)?;
    let board = options.hare.board(source)?;
    let policies = seat_policies(&board, options.hare.policy.as_deref(), options.players)?;
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
        crate::sim::hare::simulate_kept(&board, &policies, options.games, options.seed, max_turns)
    } else {
        (
            crate::sim::hare::simulate(&board, &policies, options.games, options.seed, max_turns),
            Vec::new(),
        )
    };
    let names: Vec<String> = policies.iter().map(|p| p.name.clone()).collect();
    let mut r = HareSimulation::of(&board, &names, options.seed, max_turns, &summary);
    r.label = source.label.clone();
    r.kept = kept;
    Ok(r)
}

/// The first game `simulate --seed seed` plays on `source` with `players` players, event by
/// event.
pub fn play(
    source: &BoardSource,
    options: &HareOptions,
    players: usize,
    seed: u64,
) -> Result<HareTranscript> {
    if options.carrot_cap.is_some() {
        return Err(bad_option(
            "--carrot-cap",
            "is not used by play: the simulator keeps every carrot; it caps analyze's exact chain",
        )
        .into());
    }
    check_players(players)?;
    let board = options.board(source)?;
    let policies = seat_policies(&board, options.policy.as_deref(), players)?;
    let mut t = transcript(&board, &policies, seed, 10_000);
    t.label = source.label.clone();
    Ok(t)
}

/// The options of [`report`].
#[derive(Debug, Clone, PartialEq)]
pub struct HareReportOptions {
    /// The board's changes, the seats' policies (the first for the player alone) and the
    /// carrot cap.
    pub hare: HareOptions,
    /// Games of the simulated game of [`REPORT_PLAYERS`].
    pub games: u64,
    /// Games of one player simulated beside the exact distribution, if any.
    pub mc: Option<u64>,
    /// The simulations' seed.
    pub seed: u64,
}

/// Every figure of a Hare and Tortoise board's report: one player alone exactly, and
/// [`REPORT_PLAYERS`] players simulated (each seat the policy given for it, else the
/// board's); with `mc`, games of one player beside the exact distribution.
pub fn report(
    source: &BoardSource,
    options: &HareReportOptions,
    budget: &Budget,
) -> Result<HareReport> {
    let board = options.hare.board(source)?;
    let alone = analyze(source, &options.hare, 1e-12, 100_000)?;
    let alone_policy = board
        .policy(&alone.policy)
        .map_err(|m| bad_option("--policy", m))?;
    let seats = seat_policies(&board, options.hare.policy.as_deref(), REPORT_PLAYERS)?;
    within_budget(
        &board,
        &seats,
        options.games,
        options.seed,
        budget,
        "play fewer games with --games N",
    )?;
    let names: Vec<String> = seats.iter().map(|p| p.name.clone()).collect();
    let summary =
        crate::sim::hare::simulate(&board, &seats, options.games, options.seed, MAX_TURNS);
    let game = HareSimulation::of(&board, &names, options.seed, MAX_TURNS, &summary);
    let alone_simulated = match options.mc {
        Some(n) => {
            within_budget(
                &board,
                &[alone_policy],
                n,
                options.seed,
                budget,
                "use a smaller --mc",
            )?;
            let s = crate::sim::hare::simulate(&board, &[alone_policy], n, options.seed, MAX_TURNS);
            Some(HareSimulation::of(
                &board,
                std::slice::from_ref(&alone_policy.name),
                options.seed,
                MAX_TURNS,
                &s,
            ))
        }
        None => None,
    };
    Ok(HareReport {
        board: board.name.clone(),
        source: board.source.clone(),
        variant: options.hare.variant.to_string(),
        alone,
        alone_simulated,
        game,
        files: Vec::new(),
    })
}

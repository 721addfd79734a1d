//! `analyze`, `simulate` and `play` on a Hare and Tortoise board: the flags checked, the board
//! read with the rule flags applied, and the answers of [`crate::results::hare`] rendered. The
//! flags of the other games and of what this kind does not do are refused, each by name.

use anyhow::Result;

use super::{bad_flag, check_players, json};
use crate::app::cli::{AnalyzeArgs, PlayArgs, SimulateArgs, VariantArgs};
use crate::budget::Budget;
use crate::games::hare::{self, Board, Policy};
use crate::games::BoardSource;
use crate::input::error::UserError;
use crate::output::{self, Layout, PendingFile};
use crate::results::hare::{HareAlone, HareSimulation};

/// The default carrot cap of the exact chain: on both shipped boards' policies the chance of
/// ever holding more is below 1e-11 (measured and printed by every run).
pub const DEFAULT_CARROT_CAP: u32 = crate::check::hare::CARROT_CAP;

/// The most turns a simulated game of computer players is played.
const MAX_TURNS: u32 = crate::check::hare::MAX_TURNS;

/// Refuses the first of `given` that is set: (flag, set, why it does not apply).
fn refuse(given: &[(&str, bool, &str)]) -> Result<(), UserError> {
    match given.iter().find(|(_, set, _)| *set) {
        Some((flag, _, why)) => Err(bad_flag(flag, *why)),
        None => Ok(()),
    }
}

/// Parses the board with the rule flags applied (another game's flag is refused by name).
fn board(source: &BoardSource, variant: &VariantArgs) -> Result<Board, UserError> {
    hare::parse_with(&source.label, &source.text, &variant.to_variant())
}

/// The policy of each of `players` seats, from `--policy` or the board's default.
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
            return Err(bad_flag(
                "--policy",
                format!(
                    "{n} names for {players} players; give one name (every seat) or one per seat"
                ),
            ))
        }
    };
    names
        .iter()
        .map(|n| board.policy(n).map_err(|m| bad_flag("--policy", m)))
        .collect()
}

/// The Hare and Tortoise flag given, if any (other games' boards refuse it).
pub fn hare_flag(v: &VariantArgs) -> Option<&'static str> {
    if v.policy.is_some() {
        Some("--policy")
    } else if v.carrot_cap.is_some() {
        Some("--carrot-cap")
    } else {
        None
    }
}

const NOT_HARE: &str = "does not apply to Hare and Tortoise boards";

impl AnalyzeArgs {
    /// `analyze` on a Hare and Tortoise board: the exact figures of one player alone.
    pub(crate) fn hare(&self, source: &BoardSource, layout: Layout) -> Result<String> {
        refuse(&[
            ("--exact", self.exact, "does not apply to Hare and Tortoise boards: the chain is solved in floating point (its mean is also given by the general linear solve where it runs)"),
            ("--no-exact", self.no_exact, NOT_HARE),
            ("--moments-only", self.moments_only, NOT_HARE),
            ("--pgf", self.pgf, NOT_HARE),
        ])?;
        let board = board(source, &self.variant)?;
        let policy = seat_policies(&board, self.variant.policy.as_deref(), 1)?[0];
        let cap = self.variant.carrot_cap.unwrap_or(DEFAULT_CARROT_CAP);
        let a = HareAlone::of(
            &board,
            policy,
            cap,
            self.tolerance,
            self.max_turns.unwrap_or(100_000),
        )
        .map_err(|m| UserError::Board {
            board: source.label.clone(),
            message: m,
        })?;
        Ok(if self.json {
            json("analyze", &a)?
        } else if self.csv {
            output::hare::alone_csv(&a)
        } else {
            output::hare::alone_text(&a, &source.label, layout)
        })
    }
}

/// `simulate` on a Hare and Tortoise board.
pub fn simulate_hare(
    args: &SimulateArgs,
    source: &BoardSource,
    b: &Budget,
    layout: Layout,
) -> Result<String> {
    refuse(&[(
        "--deck",
        args.deck.is_some(),
        "does not apply to Hare and Tortoise boards: the hare card pile is a rule (--card-pile)",
    )])?;
    check_players(args.players)?;
    let lengths_file = args
        .lengths
        .as_deref()
        .map(|p| PendingFile::create(p, "--lengths"))
        .transpose()?;
    let board = board(source, &args.variant)?;
    let policies = seat_policies(&board, args.variant.policy.as_deref(), args.players)?;
    let max_turns = args.max_turns.min(MAX_TURNS);
    let per = crate::check::hare::seconds_per_game(&board, &policies, args.seed);
    let threads = rayon::current_num_threads().max(1) as f64;
    b.simulated(
        args.games,
        per * args.games as f64 / threads,
        "play fewer games with --games N",
    )?;
    let (summary, games) = if lengths_file.is_some() {
        crate::sim::hare::simulate_kept(&board, &policies, args.games, args.seed, max_turns)
    } else {
        (
            crate::sim::hare::simulate(&board, &policies, args.games, args.seed, max_turns),
            Vec::new(),
        )
    };
    if let Some(file) = lengths_file {
        // One game a line: its length, and with several players the winner's seat (what
        // `check` reads back).
        let mut text = String::with_capacity(games.len() * 6);
        for (length, winner) in &games {
            if args.players > 1 && *winner > 0 {
                text.push_str(&format!("{length} {winner}\n"));
            } else {
                text.push_str(&format!("{length}\n"));
            }
        }
        file.commit(text.as_bytes())?;
    }
    let names: Vec<String> = policies.iter().map(|p| p.name.clone()).collect();
    let r = HareSimulation::of(&board, &names, args.seed, max_turns, &summary);
    Ok(if args.json {
        json("simulate", &r)?
    } else if args.csv {
        output::hare::simulation_csv(&r)
    } else {
        output::hare::simulation_text(&r, &source.label, layout)
    })
}

/// `play` on a Hare and Tortoise board: Wiener's transactions log of one game, the first one
/// `simulate --seed S` plays.
pub fn play_hare(args: &PlayArgs, source: &BoardSource, layout: Layout) -> Result<String> {
    refuse(&[
        ("--odds", args.odds, "is not available for Hare and Tortoise boards: the game of several computer players is simulated, not solved"),
        ("--deck", args.deck.is_some(), "does not apply to Hare and Tortoise boards: the hare card pile is a rule (--card-pile)"),
    ])?;
    check_players(args.players)?;
    let board = board(source, &args.variant)?;
    let policies = seat_policies(&board, args.variant.policy.as_deref(), args.players)?;
    let t = crate::results::hare::transcript(&board, &policies, args.seed, 10_000);
    Ok(if args.json {
        json("play", &t)?
    } else {
        output::hare::transcript_text(&t, &source.label, layout)
    })
}

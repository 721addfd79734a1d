//! `analyze`, `simulate` and `play` on a Hare and Tortoise board: the flags turned into the
//! options of [`crate::results::hare`], the question asked and its answer rendered. The flags
//! of the other games and of what this kind does not do are refused, each by name.

use anyhow::Result;

use super::bad_flag;
use crate::app::cli::{AnalyzeArgs, PlayArgs, SimulateArgs, VariantArgs};
use crate::app::format::Form;
use crate::budget::Budget;
use crate::games::BoardSource;
use crate::input::error::UserError;
use crate::output::PendingFile;
use crate::results::hare::{self, HareOptions, HareSimulateOptions};

/// Refuses the first of `given` that is set: (flag, set, why it does not apply).
fn refuse(given: &[(&str, bool, &str)]) -> Result<(), UserError> {
    match given.iter().find(|(_, set, _)| *set) {
        Some((flag, _, why)) => Err(bad_flag(flag, *why)),
        None => Ok(()),
    }
}

/// The options every Hare and Tortoise question shares, from the flags.
pub(crate) fn options(v: &VariantArgs) -> HareOptions {
    HareOptions {
        variant: v.to_variant(),
        policy: v.policy.clone(),
        carrot_cap: v.carrot_cap,
    }
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

/// `analyze` on a Hare and Tortoise board: the exact figures of one player alone.
pub(crate) fn analyze(
    args: &AnalyzeArgs,
    source: &BoardSource,
    b: &Budget,
    form: Form,
) -> Result<String> {
    refuse(&[
        ("--exact", args.exact, "does not apply to Hare and Tortoise boards: the chain is solved in floating point (its mean is also given by the general linear solve, or the reason it did not run)"),
        ("--no-exact", args.no_exact, NOT_HARE),
        ("--moments-only", args.moments_only, NOT_HARE),
        ("--pgf", args.pgf, NOT_HARE),
    ])?;
    let answer = hare::analyze(
        source,
        &options(&args.variant),
        args.tolerance,
        args.max_turns.unwrap_or(100_000),
        b,
    )?;
    form.render(&answer)
}

/// `simulate` on a Hare and Tortoise board; with `--lengths`, one game a line: its length and,
/// with several players, the winner's seat (what `check` reads back).
pub(crate) fn simulate(
    args: &SimulateArgs,
    source: &BoardSource,
    b: &Budget,
    form: Form,
) -> Result<String> {
    refuse(&[(
        "--deck",
        args.deck.is_some(),
        "does not apply to Hare and Tortoise boards: the hare card pile is a rule (--card-pile)",
    )])?;
    let lengths_file = args
        .lengths
        .as_deref()
        .map(|p| PendingFile::create(p, "--lengths"))
        .transpose()?;
    let answer = hare::simulate(
        source,
        &HareSimulateOptions {
            hare: options(&args.variant),
            players: args.players,
            games: args.games,
            seed: args.seed,
            max_turns: args.max_turns,
            keep_games: lengths_file.is_some(),
        },
        b,
    )?;
    if let Some(file) = lengths_file {
        file.commit(crate::output::hare::games_file(&answer).as_bytes())?;
    }
    form.render(&answer)
}

/// `play` on a Hare and Tortoise board: Wiener's transactions log of one game, the first one
/// `simulate --seed S` plays.
pub(crate) fn play(args: &PlayArgs, source: &BoardSource, form: Form) -> Result<String> {
    refuse(&[
        ("--odds", args.odds, "is not available for Hare and Tortoise boards: the game of several computer players is simulated, not solved"),
        ("--chart", args.chart.is_some(), "is not available for Hare and Tortoise boards: it draws the chances of --odds"),
        ("--deck", args.deck.is_some(), "does not apply to Hare and Tortoise boards: the hare card pile is a rule (--card-pile)"),
        ("--csv", form.format == crate::results::Format::Csv, "is not available for Hare and Tortoise boards, whose turns are transactions of different kinds: use --json"),
    ])?;
    let answer = hare::play(source, &options(&args.variant), args.players, args.seed)?;
    form.render(&answer)
}

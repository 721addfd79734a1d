//! `analyze`, `simulate`, `play` and `report` on a policy game's board
//! ([`crate::games::PolicyGame`]): the flags turned into the options of
//! [`crate::results::policies`], the question asked of the game the one dispatch chose
//! ([`crate::games::with_policy_game`]) and its answer rendered. The flags of the other games
//! and of what these games do not do are refused, each by name.

use crate::error::Result;

use super::bad_flag;
use crate::app::cli::{AnalyzeArgs, PlayArgs, SimulateArgs, VariantArgs};
use crate::app::format::Form;
use crate::budget::Budget;
use crate::games::{with_policy_game, BoardSource, PolicyGame, PolicyVisitor};
use crate::input::error::UserError;
use crate::output::PendingFile;
use crate::results::policies::{self, PolicyOptions, PolicySimulateOptions};

/// Refuses the first of `given` that is set: (flag, set, why it does not apply).
fn refuse(given: &[(&str, bool, String)]) -> Result<(), UserError> {
    match given.iter().find(|(_, set, _)| *set) {
        Some((flag, _, why)) => Err(bad_flag(flag, why.clone())),
        None => Ok(()),
    }
}

/// The options every question of a policy game shares, from the flags.
pub(crate) fn options(v: &VariantArgs) -> PolicyOptions {
    PolicyOptions {
        variant: v.to_variant(),
        policy: v.policy.clone(),
        cap: v.carrot_cap,
    }
}

/// The policy games' flag given, if any (other games' boards refuse it).
pub fn policy_flag(v: &VariantArgs) -> Option<&'static str> {
    if v.policy.is_some() {
        Some("--policy")
    } else if v.carrot_cap.is_some() {
        Some("--carrot-cap")
    } else {
        None
    }
}

/// "does not apply to T boards", for game `P`.
fn not_for<P: PolicyGame>() -> String {
    format!("does not apply to {} boards", P::TITLE)
}

/// Asks `question` when `board` is a policy game's: `None` for a race.
fn ask<V: PolicyVisitor<Output = Result<String>>>(
    board: &BoardSource,
    question: V,
) -> Result<Option<String>> {
    with_policy_game(board, question)?.transpose()
}

/// `analyze` on a policy game's board: the exact figures of one player alone.
pub(crate) fn analyze(
    args: &AnalyzeArgs,
    board: &BoardSource,
    b: &Budget,
    form: Form,
) -> Result<Option<String>> {
    struct Analyze<'a>(&'a AnalyzeArgs, &'a BoardSource, &'a Budget, Form);
    impl PolicyVisitor for Analyze<'_> {
        type Output = Result<String>;
        fn visit<P: PolicyGame>(self) -> Result<String> {
            let Analyze(args, source, b, form) = self;
            refuse(&[
                ("--exact", args.exact, format!("{}: the chain is solved in floating point (its mean is also given by the general linear solve, or the reason it did not run)", not_for::<P>())),
                ("--no-exact", args.no_exact, not_for::<P>()),
                ("--moments-only", args.moments_only, not_for::<P>()),
                ("--pgf", args.pgf, not_for::<P>()),
            ])?;
            let answer = policies::analyze::<P>(
                source,
                &options(&args.variant),
                args.tolerance,
                args.max_turns.unwrap_or(100_000),
                b,
            )?;
            form.render(&answer)
        }
    }
    ask(board, Analyze(args, board, b, form))
}

/// `simulate` on a policy game's board; with `--lengths`, one game a line: its length and,
/// with several players, the winner's seat (what `check` reads back).
pub(crate) fn simulate(
    args: &SimulateArgs,
    board: &BoardSource,
    b: &Budget,
    form: Form,
) -> Result<Option<String>> {
    struct Simulate<'a>(&'a SimulateArgs, &'a BoardSource, &'a Budget, Form);
    impl PolicyVisitor for Simulate<'_> {
        type Output = Result<String>;
        fn visit<P: PolicyGame>(self) -> Result<String> {
            let Simulate(args, source, b, form) = self;
            refuse(&[(
                "--deck",
                args.deck.is_some(),
                format!("{}: {}", not_for::<P>(), P::DECK_HINT),
            )])?;
            let lengths_file = args
                .lengths
                .as_deref()
                .map(|p| PendingFile::create(p, "--lengths"))
                .transpose()?;
            let answer = policies::simulate::<P>(
                source,
                &PolicySimulateOptions {
                    policies: options(&args.variant),
                    players: args.players,
                    games: args.games,
                    seed: args.seed,
                    max_turns: args.max_turns,
                    keep_games: lengths_file.is_some(),
                },
                b,
            )?;
            if let Some(file) = lengths_file {
                file.commit(crate::output::policies::games_file(&answer).as_bytes())?;
            }
            form.render(&answer)
        }
    }
    ask(board, Simulate(args, board, b, form))
}

/// `play` on a policy game's board: the log of one game (Wiener's transactions log, for his
/// game), the first one `simulate --seed S` plays.
pub(crate) fn play(
    args: &PlayArgs,
    board: &BoardSource,
    b: &Budget,
    form: Form,
) -> Result<Option<String>> {
    struct Play<'a>(&'a PlayArgs, &'a BoardSource, &'a Budget, Form);
    impl PolicyVisitor for Play<'_> {
        type Output = Result<String>;
        fn visit<P: PolicyGame>(self) -> Result<String> {
            let Play(args, source, b, form) = self;
            let title = P::TITLE;
            refuse(&[
                ("--odds", args.odds, format!("is not available for {title} boards: the game of several computer players is simulated, not solved")),
                ("--chart", args.chart.is_some(), format!("is not available for {title} boards: it draws the chances of --odds")),
                ("--deck", args.deck.is_some(), format!("{}: {}", not_for::<P>(), P::DECK_HINT)),
                ("--csv", form.format == crate::results::Format::Csv, format!("is not available for {title} boards, whose turns are transactions of different kinds: use --json")),
            ])?;
            if args.best {
                if args.players != 1 {
                    return Err(bad_flag(
                        "--best",
                        "the best play is solved for one player alone; play with --players 1",
                    )
                    .into());
                }
                let answer =
                    policies::play_judged::<P>(source, &options(&args.variant), args.seed, b)?;
                return form.render(&answer);
            }
            let answer =
                policies::play::<P>(source, &options(&args.variant), args.players, args.seed)?;
            form.render(&answer)
        }
    }
    ask(board, Play(args, board, b, form))
}

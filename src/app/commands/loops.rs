//! `analyze`, `simulate`, `passage` and `check` on a board that loops
//! ([`crate::games::LoopGame`]): the flags turned into the options of
//! [`crate::results::loops`], the question asked and its answer rendered. The flags of the
//! other games, and of what these boards do not do, are refused, each by name.

use crate::error::Result;

use super::bad_flag;
use crate::app::cli::{AnalyzeArgs, CheckArgs, PassageArgs, SimulateArgs};
use crate::app::format::Form;
use crate::budget::Budget;
use crate::games::BoardSource;
use crate::input::error::UserError;
use crate::output::PendingFile;
use crate::results::loops::{
    self, LandingCheckOptions, LoopOptions, LoopPassageOptions, LoopSimulateOptions, RowsAre,
};

/// Refuses the first of `given` that is set: (flag, set).
fn refuse(given: &[(&str, bool)], why: &str) -> Result<(), UserError> {
    match given.iter().find(|(_, set)| *set) {
        Some((flag, _)) => Err(bad_flag(flag, why)),
        None => Ok(()),
    }
}

const NOT_HERE: &str = "does not apply to a board that loops, which never finishes";

/// `analyze`: the long run.
pub(crate) fn analyze(
    args: &AnalyzeArgs,
    board: &BoardSource,
    b: &Budget,
    form: Form,
) -> Result<Option<String>> {
    if !crate::games::loops(board.kind()?) {
        return Ok(None);
    }
    refuse(
        &[
            ("--pgf", args.pgf),
            ("--moments-only", args.moments_only),
            ("--max-turns", args.max_turns.is_some()),
        ],
        NOT_HERE,
    )?;
    if args.orders < 2 {
        return Err(bad_flag(
            "--orders",
            "needs at least 2 orders for an interval; try 20",
        )
        .into());
    }
    let options = LoopOptions {
        variant: args.variant.to_variant(),
        exact: args.exact,
        orders: args.orders,
        seed: args.seed,
    };
    loops::analyze(board, &options, b)?
        .map(|a| form.render(&a))
        .transpose()
}

/// `simulate`: games of N turns, or one run in batches.
pub(crate) fn simulate(
    args: &SimulateArgs,
    board: &BoardSource,
    b: &Budget,
    form: Form,
) -> Result<Option<String>> {
    if !crate::games::loops(board.kind()?) {
        return Ok(None);
    }
    refuse(
        &[
            ("--deck", args.deck.is_some()),
            ("--lengths", args.lengths.is_some()),
            ("--players", args.players != 1),
            ("--csv", form.format == crate::results::Format::Csv),
        ],
        "does not apply to a board that loops: its games are counted in landings (--landings)",
    )?;
    if args.turns == 0 || args.games < 2 {
        return Err(bad_flag(
            if args.turns == 0 {
                "--turns"
            } else {
                "--games"
            },
            "must be at least 1 turn and 2 games; try --games 10000 --turns 100",
        )
        .into());
    }
    let file = args
        .landings
        .as_deref()
        .map(|p| PendingFile::create(p, "--landings"))
        .transpose()?;
    let options = LoopSimulateOptions {
        variant: args.variant.to_variant(),
        games: args.games,
        turns: args.turns,
        seed: args.seed,
        rows: if args.one_run {
            RowsAre::Batches
        } else {
            RowsAre::Games
        },
    };
    let Some(sim) = loops::simulate(board, &options, b)? else {
        return Ok(None);
    };
    if let Some(file) = file {
        let mut text = String::new();
        for row in &sim.rows {
            let cells: Vec<String> = row.iter().map(u64::to_string).collect();
            text.push_str(&cells.join(" "));
            text.push('\n');
        }
        file.commit(text.as_bytes())?;
    }
    form.render(&sim).map(Some)
}

/// `passage`: the first landing on a square.
pub(crate) fn passage(
    args: &PassageArgs,
    board: &BoardSource,
    b: &Budget,
    form: Form,
) -> Result<Option<String>> {
    if !crate::games::loops(board.kind()?) {
        return Ok(None);
    }
    refuse(
        &[
            ("--every", args.every),
            ("--players", args.players != 1),
            ("--moments-only", args.moments_only),
            ("--exact", args.exact),
            ("--csv", form.format == crate::results::Format::Csv),
        ],
        "does not apply to a board that loops: give --to SQUARE (and --from SQUARE)",
    )?;
    if !(args.tolerance > 0.0 && args.tolerance < 1.0) {
        return Err(bad_flag(
            "--tolerance",
            format!(
                "{} is not a probability between 0 and 1 (exclusive); try 1e-12",
                args.tolerance
            ),
        )
        .into());
    }
    if args.max_turns == 0 || args.max_turns > 10_000_000 {
        return Err(bad_flag("--max-turns", "give 1 to 10000000 turns; try 100000").into());
    }
    let [to] = args.to.as_slice() else {
        return Err(bad_flag("--to", "give one square, by name or number").into());
    };
    let options = LoopPassageOptions {
        variant: args.variant.to_variant(),
        to: to.clone(),
        from: args.from.clone(),
        tolerance: args.tolerance,
        max_turns: args.max_turns,
    };
    loops::passage(board, &options, b)?
        .map(|a| form.render(&a))
        .transpose()
}

/// `check`: landing counts against every hypothesis.
pub(crate) fn check(
    args: &CheckArgs,
    board: &BoardSource,
    b: &Budget,
    form: Form,
) -> Result<Option<String>> {
    if !crate::games::loops(board.kind()?) {
        return Ok(None);
    }
    refuse(
        &[
            ("--summary", args.summary.is_some()),
            ("--column", args.column.is_some()),
            ("--players", args.players.is_some()),
            ("--deck", args.deck.is_some()),
            ("--vary", !args.vary.is_empty()),
            ("--fix", !args.fix.is_empty()),
            ("--no-rank", args.no_rank),
            ("--csv", form.format == crate::results::Format::Csv),
        ],
        "does not apply to a board that loops: give the landing counts, a line per game; every rule set it searches is listed",
    )?;
    let Some(turns) = args.turns.filter(|t| *t > 0) else {
        return Err(bad_flag(
            "--turns",
            "give the turns in each game (or batch) of the data, e.g. --turns 100",
        )
        .into());
    };
    let path = args.lengths.clone().unwrap_or_else(|| "-".into());
    let text = if path == "-" {
        crate::input::files::read_stdin("landing counts", crate::input::files::MAX_LENGTHS_BYTES)?
    } else {
        crate::input::files::read_text(
            std::path::Path::new(&path),
            "landing counts",
            crate::input::files::MAX_LENGTHS_BYTES,
        )?
    };
    let options = LandingCheckOptions {
        variant: args.variant.to_variant(),
        turns,
        rows: if args.one_run {
            RowsAre::Batches
        } else {
            RowsAre::Games
        },
        level: args.level,
        reference_games: args.reference_games,
        seed: args.seed,
    };
    let label = if path == "-" {
        "standard input".to_string()
    } else {
        path.clone()
    };
    loops::check(board, &text, &label, &options, b)?
        .map(|a| form.render(&a))
        .transpose()
}

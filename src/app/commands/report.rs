//! `candyland report`: charts, report.md, report.html and summary.json for one board or all
//! shipped ones ([`crate::results::report`], drawn by [`crate::output::folder`]).

use anyhow::Result;

use crate::app::cli::ReportArgs;
use crate::app::format::Form;
use crate::app::progress::Bars;
use crate::budget::Budget;
use crate::games::{load, shipped};
use crate::input::error::UserError;
use crate::output::charts::MIN_SIZE;
use crate::output::folder;
use crate::output::Written;
use crate::results::hare::{self, HareReportOptions};
use crate::results::report::{report, ReportOptions};

/// The files of one report, by the kind of its board.
enum Job {
    Race(folder::Plan),
    Hare(folder::hare::HarePlan),
}

use super::bad_flag;

/// The largest chart side accepted by `--size`.
const MAX_SIDE: u32 = 8000;

/// Parses `--size WIDTHxHEIGHT`: each side from [`MIN_SIZE`]'s (smaller charts cannot hold
/// their text readably) up to 8000 pixels.
fn chart_size(text: &str) -> Result<(u32, u32), UserError> {
    let (min_w, min_h) = MIN_SIZE;
    let bad = || {
        bad_flag(
            "--size",
            format!("'{text}' is not WIDTHxHEIGHT, e.g. 1200x800 (the default); the smallest accepted size is {min_w}x{min_h}, the largest {MAX_SIDE}x{MAX_SIDE}"),
        )
    };
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let w: u32 = w.trim().parse().map_err(|_| bad())?;
    let h: u32 = h.trim().parse().map_err(|_| bad())?;
    if w < min_w || h < min_h {
        return Err(bad_flag(
            "--size",
            format!("{w}x{h} is too small for the charts' text to be readable; the smallest accepted size is {min_w}x{min_h} (the default is 1200x800)"),
        ));
    }
    if w > MAX_SIDE || h > MAX_SIDE {
        return Err(bad_flag(
            "--size",
            format!("{w}x{h} is too large; the largest accepted size is {MAX_SIDE}x{MAX_SIDE}"),
        ));
    }
    Ok((w, h))
}

pub(crate) fn run(args: &ReportArgs, b: &Budget, form: Form) -> Result<String> {
    let size = chart_size(&args.size)?;
    let options = ReportOptions {
        variant: args.variant.to_variant(),
        mc: args.mc,
        games: args.games,
        seed: args.seed,
    };
    options.validate()?;
    let specs: Vec<&str> = if args.all {
        shipped::SHIPPED
            .iter()
            .chain(crate::games::hare::SHIPPED)
            .map(|b| b.name)
            .collect()
    } else {
        vec![args.board.as_str()]
    };
    // Every folder is checked before the long computation: created, with every file's
    // temporary.
    let mut jobs = Vec::new();
    for spec in specs {
        let board = load::read_board(Some(spec))?;
        let (out, all, format) = (args.out.as_deref(), args.all, args.format);
        let job = if super::is_hare(&board)? {
            let (dir, plan) = folder::prepare_hare(&board, &options.variant, out, all, format)?;
            (dir, Job::Hare(plan))
        } else {
            if let Some(flag) = super::hare::hare_flag(&args.variant) {
                return Err(bad_flag(flag, "applies only to Hare and Tortoise boards").into());
            }
            let (dir, plan) = folder::prepare(&board, &options.variant, out, all, format)?;
            (dir, Job::Race(plan))
        };
        jobs.push((job, board));
    }
    let mut text = String::new();
    for ((dir, job), board) in jobs {
        let files = match job {
            Job::Race(plan) => plan.write_within(&report(&board, &options, b, &Bars)?, size, b)?,
            Job::Hare(plan) => {
                let hare_options = HareReportOptions {
                    hare: super::hare::options(&args.variant),
                    games: args.games,
                    mc: args.mc,
                    seed: args.seed,
                };
                plan.write(hare::report(&board, &hare_options, b)?, size)?
            }
        };
        text.push_str(&form.render(&Written {
            folder: dir.display().to_string(),
            files,
        })?);
    }
    Ok(text)
}

//! `candyland report`: charts, report.md, report.html and summary.json for one board or all
//! shipped ones.

use crate::output::Layout;
use anyhow::Result;

use crate::app::cli::ReportArgs;
use crate::budget::Budget;
use crate::games::load;
use crate::games::{shipped, Game, Variant};
use crate::games::{GameVisitor, Source};
use crate::input::error::UserError;
use crate::output::charts::MIN_SIZE;

use super::bad_flag;
use crate::app::progress::Progress;

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

pub(crate) fn run(args: &ReportArgs, b: &Budget, layout: Layout) -> Result<String> {
    let size = chart_size(&args.size)?;
    if args.games == 0 || args.mc == Some(0) {
        return Err(bad_flag("--games", "simulations need at least 1 game").into());
    }
    let variant = args.variant.to_variant();
    let specs: Vec<&str> = if args.all {
        shipped::SHIPPED.iter().map(|b| b.name).collect()
    } else {
        vec![args.board.as_str()]
    };
    // Check every folder before the long computation: create it and every file's temporary.
    let mut jobs = Vec::new();
    for spec in specs {
        let source = load::read_board(Some(spec))?;
        let (name, has_deck) = crate::games::with_game(&source, NameAndDeck(&variant))??;
        // The folder is named by a strict rule, never by the name itself: a board file is
        // someone else's text, and its name could be "../../somewhere" or "/etc".
        let folder = crate::output::folder::folder_name(&name);
        let dir = match (&args.out, args.all) {
            (Some(out), false) => out.clone(),
            (Some(out), true) => out.join(&folder),
            (None, _) => std::path::Path::new("reports").join(&folder),
        };
        // A folder the tool names itself (under `reports/`, or under --out with --all) is never
        // followed through a link someone planted there: it would send the report elsewhere.
        let named_here = args.out.is_none() || args.all;
        if named_here && std::fs::symlink_metadata(&dir).is_ok_and(|m| m.file_type().is_symlink()) {
            return Err(bad_flag(
                "--out",
                format!(
                    "'{}' is a symbolic link; a report folder this tool names is never followed through a link, so remove the link or give the folder with --out",
                    dir.display()
                ),
            )
            .into());
        }
        crate::output::create_folder(&dir, "--out")?;
        let plan = crate::output::folder::Plan::new(&dir, args.format, has_deck)?;
        jobs.push((dir, plan, source));
    }
    let mut text = String::new();
    for (dir, plan, source) in jobs {
        let progress = Progress::new(
            args.games.saturating_add(args.mc.unwrap_or(0)),
            "simulating for the report",
        );
        let inputs = crate::results::report::Inputs {
            source,
            variant: variant.clone(),
            mc: args.mc,
            games: args.games,
            seed: args.seed,
            budget: *b,
        };
        let report = crate::results::report::Report::compute(inputs, &|n| progress.inc(n))?;
        drop(progress);
        // Drawing: about 0.1 s of processor time for the charts at the default size (most of
        // it encoding pixels), and the board and landing charts grow with the spaces.
        let pixels = f64::from(size.0) * f64::from(size.1);
        b.time(
            "drawing the charts and writing the report",
            crate::budget::idle(0.1 * pixels / 960_000.0 + 2e-7 * report.analysis.spaces as f64),
            "",
        )?;
        let written = plan.write(&report, size)?;
        let label = format!("wrote {} files to {}: ", written.len(), dir.display());
        text.push_str(&layout.list(&label, "  ", &written, ", "));
    }
    Ok(text)
}

/// A board's name and whether it has a deck, with the variant applied: enough to plan its
/// folder before anything is computed.
struct NameAndDeck<'a>(&'a Variant);

impl GameVisitor for NameAndDeck<'_> {
    type Output = Result<(String, bool), UserError>;
    fn visit<G: Game>(self, source: Source<G>) -> Result<(String, bool), UserError> {
        let game = source.game(self.0)?;
        Ok((game.name().to_string(), game.has_deck()))
    }
}

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
        shipped::SHIPPED
            .iter()
            .chain(crate::games::hare::SHIPPED)
            .map(|b| b.name)
            .collect()
    } else {
        vec![args.board.as_str()]
    };
    // Check every folder before the long computation: create it and every file's temporary.
    let mut jobs = Vec::new();
    for spec in specs {
        let source = load::read_board(Some(spec))?;
        let hare = source.kind()? == crate::games::hare::KIND;
        let (name, has_deck) = if hare {
            let board = crate::games::hare::parse_with(&source.label, &source.text, &variant)?;
            (board.name, false)
        } else {
            if let Some(flag) = super::hare::hare_flag(&args.variant) {
                return Err(bad_flag(flag, "applies only to Hare and Tortoise boards").into());
            }
            crate::games::with_game(&source, NameAndDeck(&variant))??
        };
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
        if hare {
            let plan = crate::output::folder::hare::HarePlan::new(&dir, args.format)?;
            jobs.push((dir, Job::Hare(plan), source));
        } else {
            let plan = crate::output::folder::Plan::new(&dir, args.format, has_deck)?;
            jobs.push((dir, Job::Race(plan), source));
        }
    }
    let mut text = String::new();
    for (dir, job, source) in jobs {
        let plan = match job {
            Job::Race(plan) => plan,
            Job::Hare(plan) => {
                let report = hare_report(args, &source, &variant, b)?;
                let written = plan.write(report, size)?;
                let label = format!("wrote {} files to {}: ", written.len(), dir.display());
                text.push_str(&layout.list(&label, "  ", &written, ", "));
                continue;
            }
        };
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
        let label = inputs.source.label.clone();
        let report = crate::results::report::Report::compute(inputs, &|n| progress.inc(n))
            .map_err(|e| super::name_the_board(e, &label))?;
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

/// The files of one report, by the kind of its board.
enum Job {
    Race(crate::output::folder::Plan),
    Hare(crate::output::folder::hare::HarePlan),
}

/// A Hare and Tortoise board's report: one player alone exactly (the first `--policy`, else the
/// board's), and four players simulated with `--games` games (each seat the `--policy` given
/// for it, else the board's); `--mc` games of one player beside the exact distribution.
fn hare_report(
    args: &ReportArgs,
    source: &crate::games::BoardSource,
    variant: &Variant,
    b: &Budget,
) -> Result<crate::results::hare::HareReport> {
    use crate::results::hare::{HareAlone, HareReport, HareSimulation, REPORT_PLAYERS};
    let board = crate::games::hare::parse_with(&source.label, &source.text, variant)?;
    let policy = args.variant.policy.as_deref();
    let first = policy.map(|p| p.split(',').next().unwrap_or(p).trim());
    let alone_policy = super::hare::seat_policies(&board, first, 1)?[0];
    let seats = super::hare::seat_policies(&board, policy, REPORT_PLAYERS)?;
    let cap = args
        .variant
        .carrot_cap
        .unwrap_or(super::hare::DEFAULT_CARROT_CAP);
    let alone = HareAlone::of(&board, alone_policy, cap, 1e-12, 100_000).map_err(|m| {
        UserError::Board {
            board: source.label.clone(),
            message: m,
        }
    })?;
    let threads = rayon::current_num_threads().max(1) as f64;
    let fix = "play fewer games with --games N";
    let per = crate::check::hare::seconds_per_game(&board, &seats, args.seed);
    b.simulated(args.games, per * args.games as f64 / threads, fix)?;
    let max_turns = crate::check::hare::MAX_TURNS;
    let names: Vec<String> = seats.iter().map(|p| p.name.clone()).collect();
    let summary = crate::sim::hare::simulate(&board, &seats, args.games, args.seed, max_turns);
    let game = HareSimulation::of(&board, &names, args.seed, max_turns, &summary);
    let alone_simulated = match args.mc {
        Some(n) => {
            let per = crate::check::hare::seconds_per_game(&board, &[alone_policy], args.seed);
            b.simulated(n, per * n as f64 / threads, "use a smaller --mc")?;
            let s = crate::sim::hare::simulate(&board, &[alone_policy], n, args.seed, max_turns);
            Some(HareSimulation::of(
                &board,
                &[alone_policy.name.clone()],
                args.seed,
                max_turns,
                &s,
            ))
        }
        None => None,
    };
    Ok(HareReport {
        board: board.name.clone(),
        source: board.source.clone(),
        variant: variant.to_string(),
        alone,
        alone_simulated,
        game,
        files: Vec::new(),
    })
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

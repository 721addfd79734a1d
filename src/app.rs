//! Runs a parsed command line: validates what the user gave, drives the pipeline and writes the
//! result to standard output.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::Result;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::budget::Budget;
use crate::chain::Chain;
use crate::cli::{
    AnalyzeArgs, BoardCommand, CheckArgs, Cli, Command, CompareArgs, CrosscheckArgs, ForeverArgs,
    GenerateArgs, PlayArgs, PlayersArgs, ReportArgs, ShowArgs, SimulateArgs, SpacesArgs,
    TableFormat, ThreadArgs, TransitionsArgs, WhatifArgs,
};
use crate::config::{self, BoardSource};
use crate::verify::CrossCheck;
use crate::error::UserError;
use crate::game::{AnyCard, AnyGame, AnyState, RaceGame};
use crate::model::{shipped, Variant};
use crate::output::{self, PendingFile};
use crate::figures::{Comparison, MainFigures, PlayersReport, PlayersRow, SpacesReport};
use crate::sim::DeckMode;
use crate::sim::{simulate, SimOptions, Simulation, Simulator};
use crate::solve::players::Players;
use crate::solve::spaces::Spaces;
use crate::solve::{check_finishes, About, Analysis, Options};
use crate::whatif::WhatIf;

/// Runs one command, writing its output to `out` with anything that could drive a terminal
/// (escape sequences from a board file, say) made visible.
pub fn run(cli: Cli, out: &mut dyn Write) -> Result<()> {
    let b = &budget_flag(cli.budget)?;
    let text = match cli.command {
        Command::Analyze(args) => analyze(&args, b)?,
        Command::Simulate(args) => with_threads(args.threads, || simulate_command(&args, b))?,
        Command::Crosscheck(args) => with_threads(args.threads, || crosscheck(&args, b))?,
        Command::Players(args) => with_threads(args.threads, || players(&args, b))?,
        Command::Spaces(args) => spaces(&args, b)?,
        Command::Whatif(args) => whatif(&args, b)?,
        Command::Compare(args) => compare(&args, b)?,
        Command::Check(args) => with_threads(args.threads, || check(&args, b))?,
        Command::Transitions(args) => transitions(&args, b)?,
        Command::Play(args) => play(&args, b)?,
        Command::Generate(args) => generate(&args)?,
        Command::Forever(args) => with_threads(args.threads, || forever(&args, b))?,
        Command::Report(args) => with_threads(args.threads, || report(&args, b))?,
        Command::Boards => boards()?,
        Command::Board(BoardCommand::Show(args)) => show(&args)?,
    };
    out.write_all(output::terminal::escape(&text).as_bytes())?;
    out.flush()?;
    Ok(())
}

/// Checks `--budget`.
fn budget_flag(seconds: f64) -> Result<Budget, UserError> {
    if seconds.is_finite() && seconds > 0.0 {
        Ok(Budget::new(seconds))
    } else {
        Err(bad_flag(
            "--budget",
            format!("{seconds} is not a number of seconds above 0; try 600"),
        ))
    }
}

/// The turn limit of the distribution when `--max-turns` is not given.
const DEFAULT_MAX_TURNS: usize = 100_000;

fn analyze(args: &AnalyzeArgs, b: &Budget) -> Result<String> {
    let options = analyze_options(args, b)?;
    let variant = args.variant.to_variant();
    let board = config::load_game(Some(&args.board), &variant)?;
    let about = config::about(&board, &variant);
    let game = AnyGame::new(board);
    let started = std::time::Instant::now();
    let chain = Chain::build_within(&game, b)?;
    if check_finishes(&game, &chain).is_err() {
        // Valid input with no finite figures: report it, with the exact chance of never ending.
        let report = crate::forever::Unfinishable::of(&game, &chain, &about.board, b)?;
        return Ok(if args.json {
            json(&report)?
        } else {
            output::unfinishable_text(&report)
        });
    }
    let moments = crate::solve::Moments::within(&game, &chain, &about, b)?;
    let moments_time = started.elapsed().as_secs_f64();
    // Estimate the distribution's cost: about E + 28 sd turn-steps (the tail falls by e per sd
    // or so, and 1e-12 is e^-28), each one sparse mat-vec over the chain.
    if args.moments_only {
        return Ok(if args.json {
            json(&moments)?
        } else {
            output::moments_table(&moments, moments_time, None)
        });
    }
    // Without --max-turns, the whole distribution (to the tolerance) is what is asked for.
    let limit = args.max_turns.unwrap_or(usize::MAX);
    let steps = crate::solve::distribution_steps(&moments, limit);
    let estimate = crate::solve::distribution_seconds(&chain, steps);
    if estimate > b.seconds() && args.max_turns.is_none() {
        let note = format!(
            "the full distribution would take about {} ({steps:.0} turn-steps), more than the budget of {}; run with --max-turns N to compute its first N turns, --budget SECONDS to allow it, or --moments-only to skip it",
            crate::budget::duration(estimate),
            crate::budget::duration(b.seconds()),
        );
        return Ok(if args.json {
            json(&moments)?
        } else {
            output::moments_table(&moments, moments_time, Some(&note))
        });
    }
    let analysis = Analysis::from_moments(&game, &chain, about, &options, &moments)?;
    Ok(if args.json {
        json(&analysis)?
    } else if args.csv {
        output::distribution_csv(&analysis)
    } else {
        let mut t = output::analysis_table(&analysis, args.exact);
        if chain.len() > 100_000 {
            t.push_str(&format!(
                "\n(one turn-step of the distribution costs {:.3} ms on this board)\n",
                estimate / steps * 1e3
            ));
        }
        t
    })
}

fn generate(args: &GenerateArgs) -> Result<String> {
    let spec = crate::generate::Spec {
        spaces: args.spaces,
        seed: args.seed,
        licorice: args.licorice,
        landmarks: args.landmarks,
        shortcuts: args.shortcuts,
    };
    if args.spaces > crate::model::MAX_SPACES {
        return Err(bad_flag(
            "--spaces",
            format!("at most {} spaces are supported", crate::model::MAX_SPACES),
        )
        .into());
    }
    if args.spaces < crate::generate::MIN_SPACES {
        return Err(bad_flag(
            "--spaces",
            format!(
                "a generated board has at least {} spaces; {} is too few",
                crate::generate::MIN_SPACES,
                args.spaces
            ),
        )
        .into());
    }
    if !spec.fits() {
        return Err(bad_flag(
            "--spaces",
            format!(
                "{} spaces cannot hold {} landmarks, {} licorice spaces and {} shortcuts (each needs its own space, a shortcut two, plus the first and last); give more spaces or fewer elements",
                args.spaces, args.landmarks, args.licorice, args.shortcuts
            ),
        )
        .into());
    }
    let text = crate::generate::board_text(&spec);
    match &args.out {
        Some(path) => {
            crate::output::write_atomic(path, "--out", text.as_bytes())?;
            Ok(format!("wrote {}\n", path.display()))
        }
        None => Ok(text),
    }
}

/// Checks the numeric flags of `analyze`.
fn analyze_options(args: &AnalyzeArgs, budget: &Budget) -> Result<Options, UserError> {
    if !(args.tolerance > 0.0 && args.tolerance < 1.0) {
        return Err(UserError::BadFlag {
            flag: "--tolerance".into(),
            message: format!(
                "{} is not a probability between 0 and 1 (exclusive); try 1e-12",
                args.tolerance
            ),
        });
    }
    if args.max_turns == Some(0) {
        return Err(UserError::BadFlag {
            flag: "--max-turns".into(),
            message: "must be at least 1; try 100000".into(),
        });
    }
    Ok(Options {
        tolerance: args.tolerance,
        max_turns: args.max_turns.unwrap_or(DEFAULT_MAX_TURNS),
        // The exact fraction is computed only where it is shown.
        exact: !args.no_exact && (args.exact || args.json),
        budget: *budget,
    })
}

fn boards() -> Result<String> {
    let mut list = Vec::new();
    for b in shipped::SHIPPED {
        let board = config::parse_game(b.name, b.text, &Variant::default())?;
        list.push(board);
    }
    Ok(output::board_list(&list))
}

fn show(args: &ShowArgs) -> Result<String> {
    let variant = args.variant.to_variant();
    let board = config::load_game(Some(&args.board), &variant)?;
    Ok(output::board_table(&board, &variant))
}

/// The most players a game may have.
pub const MAX_PLAYERS: usize = 6;

/// Checks `--players`.
fn check_players(k: usize) -> Result<(), UserError> {
    if (1..=MAX_PLAYERS).contains(&k) {
        Ok(())
    } else {
        Err(bad_flag(
            "--players",
            format!("{k} is not between 1 and {MAX_PLAYERS}"),
        ))
    }
}

/// `--deck`: a shuffled deck by default where there is a deck, i.i.d. draws for a spinner (which
/// has nothing to shuffle).
fn deck_mode(flag: Option<DeckMode>, has_deck: bool) -> Result<DeckMode, UserError> {
    match (flag, has_deck) {
        (Some(DeckMode::Shuffled), false) => Err(bad_flag(
            "--deck",
            "this game is played with a spinner or die, not a deck of cards, so there is nothing to shuffle: its draws are independent; use --deck iid (the default here)",
        )),
        (Some(d), _) => Ok(d),
        (None, true) => Ok(DeckMode::Shuffled),
        (None, false) => Ok(DeckMode::Iid),
    }
}

fn bad_flag(flag: &str, message: impl Into<String>) -> UserError {
    UserError::BadFlag {
        flag: flag.into(),
        message: message.into(),
    }
}

/// Threads allowed per core: more only adds overhead (results never depend on the count).
const THREADS_PER_CORE: usize = 8;

/// Runs `f` on a rayon pool of the requested size (all cores by default).
fn with_threads(threads: ThreadArgs, f: impl FnOnce() -> Result<String> + Send) -> Result<String> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let most = THREADS_PER_CORE * cores;
    match threads.threads {
        None => f(),
        Some(0) => Err(bad_flag(
            "--threads",
            "must be at least 1; leave it out to use every core",
        )
        .into()),
        Some(n) if n > most => Err(bad_flag(
            "--threads",
            format!(
                "{n} is more than {most} ({THREADS_PER_CORE} for each of this machine's {cores} cores); results do not depend on the thread count, so leave it out to use every core"
            ),
        )
        .into()),
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()?
            .install(f),
    }
}

/// A progress bar on stderr that appears only once a run has taken more than a second and only
/// when stderr is a terminal.
struct Progress {
    bar: ProgressBar,
    shown: AtomicBool,
    terminal: bool,
}

impl Progress {
    fn new(total: u64, what: &str) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
        if let Ok(style) =
            ProgressStyle::with_template("{msg} {bar:40} {pos}/{len} games, {eta} left")
        {
            bar.set_style(style);
        }
        bar.set_message(what.to_string());
        Progress {
            bar,
            shown: AtomicBool::new(false),
            terminal: std::io::stderr().is_terminal(),
        }
    }

    fn inc(&self, n: u64) {
        self.bar.inc(n);
        if self.terminal
            && self.bar.elapsed() > Duration::from_secs(1)
            && !self.shown.swap(true, Ordering::Relaxed)
        {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

/// Bytes one kept game length takes (the number and its text).
const BYTES_PER_LENGTH: f64 = 16.0;

/// Games of the pilot run that measures how long games are when the exact mean cannot be
/// computed.
const PILOT_GAMES: u64 = 100;

/// Expected turns of one simulated game (all players' turns), for estimating a simulation's
/// cost: K times the one-player mean (an upper bound), capped by the turn limit. Where the mean
/// cannot be computed (a board too big to solve), it is measured on a pilot of a few games.
fn turns_per_game(
    game: &AnyGame,
    chain: &AnyChain,
    sim: &Simulator,
    options: &SimOptions,
    b: &Budget,
) -> f64 {
    let cap = f64::from(options.max_turns);
    if let Ok(m) = crate::solve::Moments::within(game, chain, &About::default(), b) {
        return (m.expected_turns * options.players as f64).min(cap);
    }
    let pilot = SimOptions {
        games: PILOT_GAMES.min(options.games),
        keep_lengths: false,
        ..*options
    };
    let r = simulate(sim, &pilot, &|_| {});
    let turns: f64 = r
        .histogram
        .iter()
        .enumerate()
        .map(|(t, &c)| t as f64 * c as f64)
        .sum::<f64>()
        + r.unfinished as f64 * cap;
    turns / pilot.games.max(1) as f64
}

/// What a user can change to simulate less.
const FEWER_GAMES: &str =
    "play fewer games with --games N, or stop long games sooner with --max-turns N";

fn simulate_command(args: &SimulateArgs, b: &Budget) -> Result<String> {
    if args.games == 0 {
        return Err(bad_flag("--games", "must be at least 1").into());
    }
    check_players(args.players)?;
    if args.max_turns == 0 {
        return Err(bad_flag("--max-turns", "must be at least 1").into());
    }
    let variant = args.variant.to_variant();
    let board = config::load_game(Some(&args.board), &variant)?;
    let about = config::about(&board, &variant);
    let game = AnyGame::new(board);
    let chain = Chain::build_within(&game, b)?;
    check_finishes(&game, &chain)?;
    let deck = deck_mode(args.deck, chain.has_deck())?;
    if args.lengths.is_some() {
        b.memory(
            &format!("keeping {} game lengths for --lengths", args.games),
            args.games as f64 * BYTES_PER_LENGTH,
            "play fewer games with --games N",
        )?;
    }
    let lengths_file = args
        .lengths
        .as_deref()
        .map(|p| PendingFile::create(p, "--lengths"))
        .transpose()?;
    let options = SimOptions {
        games: args.games,
        seed: args.seed,
        deck,
        players: args.players,
        max_turns: args.max_turns,
        keep_lengths: lengths_file.is_some(),
    };
    let sim = Simulator::new(&chain);
    let turns = turns_per_game(&game, &chain, &sim, &options, b);
    b.simulation(args.games, turns, FEWER_GAMES)?;
    let progress = Progress::new(args.games, "simulating");
    let result = simulate(&sim, &options, &|n| progress.inc(n));
    drop(progress);
    if let Some(file) = lengths_file {
        let mut text = String::with_capacity(result.lengths.len() * 4);
        for l in &result.lengths {
            text.push_str(&l.to_string());
            text.push('\n');
        }
        file.commit(text.as_bytes())?;
    }
    let Some(report) = Simulation::new(&about, &options, &result) else {
        return Err(bad_flag(
            "--max-turns",
            format!(
                "none of the {} games finished within {} turns; raise it",
                args.games, args.max_turns
            ),
        )
        .into());
    };
    Ok(if args.json {
        json(&report)?
    } else if args.csv {
        output::histogram_csv(&result.histogram)
    } else {
        output::simulation_table(&report)
    })
}

fn crosscheck(args: &CrosscheckArgs, b: &Budget) -> Result<String> {
    if args.games < 2 {
        return Err(bad_flag("--games", "must be at least 2").into());
    }
    let variant = args.variant.to_variant();
    let board = config::load_game(Some(&args.board), &variant)?;
    let about = config::about(&board, &variant);
    let game = AnyGame::new(board);
    let chain = Chain::build_within(&game, b)?;
    let exact = Analysis::of(&game, &chain, about, &Options::quick(b))?;
    let sim = Simulator::new(&chain);
    let decks = if chain.has_deck() { 2 } else { 1 };
    b.simulation(
        args.games.saturating_mul(decks),
        exact
            .expected_turns
            .min(f64::from(crate::verify::MAX_TURNS)),
        "simulate fewer games with --games N",
    )?;
    let progress = Progress::new(decks.saturating_mul(args.games), "cross-checking");
    let check = CrossCheck::run(&exact, &sim, args.games, args.seed, &|n| progress.inc(n));
    drop(progress);
    let check = check.ok_or_else(|| UserError::unfinished_games(args.games))?;
    Ok(if args.json {
        json(&check)?
    } else {
        output::crosscheck_table(&check)
    })
}

fn json<T: serde::Serialize>(value: &T) -> Result<String> {
    let mut s = serde_json::to_string_pretty(value)?;
    s.push('\n');
    Ok(s)
}

/// The chain of any game.
type AnyChain = Chain<AnyState, AnyCard>;

/// Loads a board with a variant and solves it (one player, exact).
fn solved(spec: &str, variant: &Variant, options: &Options) -> Result<(About, AnyChain, Analysis)> {
    let board = config::load_game(Some(spec), variant)?;
    let about = config::about(&board, variant);
    let game = AnyGame::new(board);
    let chain = Chain::build_within(&game, &options.budget)?;
    let analysis = Analysis::of(&game, &chain, about.clone(), options)?;
    Ok((about, chain, analysis))
}

fn players(args: &PlayersArgs, b: &Budget) -> Result<String> {
    let counts: Vec<usize> = match args.players {
        None => (1..=4).collect(),
        Some(k) => {
            check_players(k)?;
            vec![k]
        }
    };
    if args.games == 0 {
        return Err(bad_flag("--games", "must be at least 1").into());
    }
    let variant = args.variant.to_variant();
    let board = config::load_game(Some(&args.board), &variant)?;
    let about = config::about(&board, &variant);
    let game = AnyGame::new(board);
    let chain = Chain::build_within(&game, b)?;
    let moments = crate::solve::Moments::within(&game, &chain, &about, b)?;
    let decks = if chain.has_deck() { 2 } else { 1 };
    let most = *counts.iter().max().unwrap_or(&1) as f64;
    b.simulation(
        args.games.saturating_mul(decks * counts.len() as u64),
        (moments.expected_turns * most).min(f64::from(crate::verify::MAX_TURNS)),
        "simulate fewer games with --games N",
    )?;
    let options = Options::quick(b);
    let analysis = Analysis::from_moments(&game, &chain, about.clone(), &options, &moments)?;
    let dist = analysis.distribution();
    let sim = Simulator::new(&chain);
    let progress = Progress::new(
        args.games.saturating_mul(decks * counts.len() as u64),
        "simulating",
    );
    let mut rows = Vec::new();
    for &k in &counts {
        let run = |deck| {
            let options = SimOptions {
                games: args.games,
                seed: args.seed,
                deck,
                players: k,
                max_turns: crate::verify::MAX_TURNS,
                keep_lengths: false,
            };
            let r = simulate(&sim, &options, &|n| progress.inc(n));
            Simulation::new(&about, &options, &r)
                .ok_or_else(|| UserError::unfinished_games(args.games))
        };
        rows.push(PlayersRow {
            players: k,
            exact: Players::from_single(&dist, k),
            iid: run(DeckMode::Iid)?,
            shuffled: if chain.has_deck() {
                Some(run(DeckMode::Shuffled)?)
            } else {
                None
            },
        });
    }
    drop(progress);
    let report = PlayersReport {
        board: analysis.board.clone(),
        variant: variant.to_string(),
        games: args.games,
        seed: args.seed,
        rows,
    };
    Ok(if args.json {
        json(&report)?
    } else {
        output::players_table(&report)
    })
}

fn spaces(args: &SpacesArgs, b: &Budget) -> Result<String> {
    let variant = args.variant.to_variant();
    let board = config::load_game(Some(&args.board), &variant)?;
    let names = (0..board.len()).map(|i| board.space_name(i)).collect();
    let notes = (0..board.len()).map(|i| board.space_notes(i)).collect();
    let first_number = board.first_number();
    let name = board.name().to_string();
    let len = board.len();
    let game = AnyGame::new(board);
    let chain = Chain::build_within(&game, b)?;
    check_finishes(&game, &chain)?;
    let figures = Spaces::within(&game, &chain, len, b)?;
    let report = SpacesReport {
        board: name,
        variant: variant.to_string(),
        first_number,
        names,
        notes,
        figures,
    };
    Ok(if args.json {
        json(&report)?
    } else if args.csv {
        output::spaces_csv(&report)
    } else {
        output::spaces_table(&report)
    })
}

fn whatif(args: &WhatifArgs, b: &Budget) -> Result<String> {
    let variant = args.variant.to_variant();
    let source = config::read_board(Some(&args.board))?;
    let w = WhatIf::of(&source, &variant, b)?;
    Ok(if args.json {
        json(&w)?
    } else {
        output::whatif_table(&w)
    })
}

fn compare(args: &CompareArgs, b: &Budget) -> Result<String> {
    let variant = args.variant.to_variant();
    let options = Options::quick(b);
    let (_, _, a) = solved(&args.board_a, &variant, &options)?;
    let (_, _, b) = solved(&args.board_b, &variant, &options)?;
    let c = Comparison {
        variant: variant.to_string(),
        a: MainFigures::of(&a),
        b: MainFigures::of(&b),
    };
    Ok(if args.json {
        json(&c)?
    } else {
        output::comparison_table(&c)
    })
}

/// Parses `--size WIDTHxHEIGHT`.
fn chart_size(text: &str) -> Result<(u32, u32), UserError> {
    let bad = || {
        bad_flag(
            "--size",
            format!("'{text}' is not WIDTHxHEIGHT with each between 200 and 8000, e.g. 1200x800"),
        )
    };
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let w: u32 = w.trim().parse().map_err(|_| bad())?;
    let h: u32 = h.trim().parse().map_err(|_| bad())?;
    if !(200..=8000).contains(&w) || !(200..=8000).contains(&h) {
        return Err(bad());
    }
    Ok((w, h))
}

fn report(args: &ReportArgs, b: &Budget) -> Result<String> {
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
        let source = config::read_board(Some(spec))?;
        let board = source.game(&variant)?;
        // The folder is named by a strict rule, never by the name itself: a board file is
        // someone else's text, and its name could be "../../somewhere" or "/etc".
        let folder = crate::output::folder::folder_name(board.name());
        let dir = match (&args.out, args.all) {
            (Some(out), false) => out.clone(),
            (Some(out), true) => out.join(&folder),
            (None, _) => std::path::Path::new("reports").join(&folder),
        };
        std::fs::create_dir_all(&dir).map_err(|e| {
            bad_flag(
                "--out",
                format!("cannot create the folder '{}': {e}", dir.display()),
            )
        })?;
        let plan = crate::output::folder::Plan::new(&dir, args.format, board.has_deck())?;
        jobs.push((dir, plan, source));
    }
    let mut text = String::new();
    for (dir, plan, source) in jobs {
        let progress = Progress::new(
            args.games.saturating_add(args.mc.unwrap_or(0)),
            "simulating for the report",
        );
        let inputs = crate::output::folder::Inputs {
            source,
            variant: variant.clone(),
            size,
            mc: args.mc,
            games: args.games,
            seed: args.seed,
            budget: *b,
        };
        let written = plan.write(inputs, &|n| progress.inc(n))?;
        drop(progress);
        text.push_str(&format!(
            "wrote {} files to {}: {}\n",
            written.len(),
            dir.display(),
            written.join(", ")
        ));
    }
    Ok(text)
}

fn forever(args: &ForeverArgs, b: &Budget) -> Result<String> {
    check_players(args.players)?;
    if args.deck_order.is_none() && args.orders == 0 {
        return Err(bad_flag("--orders", "must be at least 1").into());
    }
    let variant = args.variant.to_variant();
    let board = config::load_game(Some(&args.board), &variant)?;
    let name = board.name().to_string();
    let game = AnyGame::new(board);
    let chain = Chain::build_within(&game, b)?;
    let names: Vec<String> = chain
        .cards()
        .iter()
        .map(|(c, _)| game.card_name(*c))
        .collect();
    let counts: Vec<u32> = chain.cards().iter().map(|(_, n)| *n).collect();
    if !chain.has_deck() && (args.deck_order.is_some() || args.witness.is_some()) {
        return Err(bad_flag(
            if args.deck_order.is_some() { "--deck-order" } else { "--witness" },
            "this game is played with a spinner or die, not a deck, so there is no deck order to recycle; leave the flag out",
        )
        .into());
    }
    let order = match &args.deck_order {
        None => None,
        Some(path) => {
            let file = path.display().to_string();
            let text = crate::input::read_text(
                path,
                "a deck order (one card per line)",
                crate::input::MAX_ORDER_BYTES,
            )?;
            let order = crate::forever::parse_order(&text, &names, &counts).map_err(
                |(line, message)| UserError::BadDataFile {
                    file,
                    line,
                    message,
                },
            )?;
            Some(order)
        }
    };
    let witness_file = args
        .witness
        .as_deref()
        .map(|p| PendingFile::create(p, "--witness"))
        .transpose()?;
    // A fixed deck order only exists for a deck of cards.
    let survey = (order.is_none() && chain.has_deck()).then_some((args.orders, args.seed));
    let question = crate::forever::Question {
        players: args.players,
        order: order.as_deref(),
        survey,
        max_players: 4,
        budget: *b,
    };
    let report = crate::forever::ForeverReport::new(&game, &chain, &name, &question)?;
    if let Some(file) = witness_file {
        match report.survey.as_ref().and_then(|s| s.witness.as_ref()) {
            Some(w) => {
                let header = format!(
                    "A deck order for {name} that, recycled without shuffling, never ends for {} player(s).\nFound by: candyland forever {} --orders {} --seed {}",
                    report.survey.as_ref().and_then(|s| s.witness_players).unwrap_or(1),
                    args.board,
                    args.orders,
                    args.seed
                );
                let kinds: Vec<usize> = w
                    .iter()
                    .filter_map(|n| names.iter().position(|m| m == n))
                    .collect();
                file.commit(crate::forever::format_order(&kinds, &names, &header).as_bytes())?;
            }
            None => {
                return Err(bad_flag(
                    "--witness",
                    format!(
                        "none of the {} orders tried loops, so there is no witness to write; try more with --orders N or another --seed",
                        args.orders
                    ),
                )
                .into())
            }
        }
    }
    Ok(if args.json {
        json(&report)?
    } else {
        output::forever_text(&report)
    })
}

fn check(args: &CheckArgs, b: &Budget) -> Result<String> {
    use crate::check::{candidate, conclusion, fit, histogram, rank, CheckReport, Settings};
    check_players(args.players)?;
    if args.reference_games < 1000 {
        return Err(bad_flag(
            "--reference-games",
            "must be at least 1000 for a usable reference",
        )
        .into());
    }
    const WHAT: &str = "a file of game lengths";
    let (label, text) = if args.lengths == "-" {
        let text = crate::input::read_stdin(WHAT, crate::input::MAX_LENGTHS_BYTES)?;
        ("standard input".to_string(), text)
    } else {
        let path = std::path::Path::new(&args.lengths);
        let text = crate::input::read_text(path, WHAT, crate::input::MAX_LENGTHS_BYTES)?;
        (args.lengths.clone(), text)
    };
    let lengths = crate::lengths::read_lengths(&crate::lengths::LengthsSource {
        label: &label,
        text: &text,
        column: args.column.as_deref(),
    })?;
    let sample = histogram(&lengths);
    let settings = Settings {
        players: args.players,
        reference_games: args.reference_games,
        seed: args.seed,
        budget: *b,
    };
    let variant = args.variant.to_variant();
    let source = config::read_board(Some(&args.board))?;
    let given = source.game(&variant)?;
    let (kind, deck_has_cards) = (given.kind(), given.has_deck());
    deck_mode(Some(args.deck), deck_has_cards)?;
    let reference = candidate(&source, &variant, args.deck, &settings)?.ok_or_else(|| {
        bad_flag(
            "--board",
            format!(
                "{} can go on forever; there is no distribution to check against",
                args.board
            ),
        )
    })?;
    let fit = fit(&sample, &reference);
    let mut candidates = Vec::new();
    if !args.no_rank {
        // Every shipped board of the same game, and the given file.
        let mut sources: Vec<BoardSource> = shipped::SHIPPED
            .iter()
            .map(|b| config::read_board(Some(b.name)))
            .filter(|s| s.as_ref().map_or(true, |s| s.file.kind() == kind))
            .collect::<Result<_, _>>()?;
        if shipped::find(&args.board).is_none() {
            sources.push(source.clone());
        }
        let tried = crate::model::rule_hypotheses(kind);
        let decks: &[DeckMode] = if deck_has_cards {
            &[DeckMode::Iid, DeckMode::Shuffled]
        } else {
            &[DeckMode::Iid]
        };
        let total = (sources.len() * tried.len() * decks.len()) as u64;
        if deck_has_cards {
            let mean = fit.reference_mean;
            b.simulation(
                args.reference_games.saturating_mul(total / 2),
                (mean * args.players as f64).min(1e6),
                "use fewer --reference-games, or --no-rank",
            )?;
        }
        let progress = Progress::new(total, "ranking rules");
        for src in &sources {
            for v in &tried {
                for &deck in decks {
                    if let Some(c) = candidate(src, v, deck, &settings)? {
                        candidates.push(c);
                    }
                    progress.inc(1);
                }
            }
        }
    }
    let ranking = rank(&sample, &candidates);
    let summary = crate::stats::Summary::of(&sample)
        .ok_or_else(|| bad_flag("LENGTHS", format!("{label} holds no game lengths")))?;
    let report = CheckReport {
        file: label,
        players: args.players,
        sample: summary,
        conclusion: if args.no_rank {
            fit.verdict.clone()
        } else {
            conclusion(&ranking, &fit)
        },
        fit,
        ranking,
    };
    Ok(if args.json {
        json(&report)?
    } else {
        output::check_text(&report)
    })
}

/// Bytes of one row of the transitions table (CSV or JSON), for its memory estimate.
const BYTES_PER_TRANSITION_ROW: f64 = 200.0;

fn transitions(args: &TransitionsArgs, b: &Budget) -> Result<String> {
    let variant = args.variant.to_variant();
    let board = config::load_game(Some(&args.board), &variant)?;
    let name = board.name().to_string();
    let game = AnyGame::new(board);
    let chain = Chain::build_within(&game, b)?;
    b.memory(
        "printing the move table",
        (chain.len() * chain.cards().len()) as f64 * BYTES_PER_TRANSITION_ROW,
        "use a smaller board",
    )?;
    let t = crate::transitions::transitions(&game, &chain, &name);
    Ok(match args.format {
        TableFormat::Json => json(&t)?,
        TableFormat::Csv => output::transitions_csv(&t)?,
    })
}

fn play(args: &PlayArgs, b: &Budget) -> Result<String> {
    check_players(args.players)?;
    let variant = args.variant.to_variant();
    let board = config::load_game(Some(&args.board), &variant)?;
    let name = board.name().to_string();
    let game = AnyGame::new(board);
    let chain = Chain::build_within(&game, b)?;
    check_finishes(&game, &chain)?;
    let deck = deck_mode(args.deck, chain.has_deck())?;
    let t = crate::transcript::transcript(
        &game,
        &chain,
        &name,
        args.seed,
        deck,
        args.players,
        crate::verify::MAX_TURNS,
    );
    Ok(if args.json {
        json(&t)?
    } else {
        output::transcript_text(&t)
    })
}

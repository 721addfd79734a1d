//! Runs a parsed command line: validates what the user gave, drives the pipeline and writes the
//! result to standard output.

pub mod cli;
mod commands;
mod format;
mod markdown;
mod progress;
pub mod watch;

use std::io::Write;

use crate::error::{Error, ErrorKind, Result};

use crate::app::cli::{BoardCommand, Cli, Command, ThreadArgs};
use crate::budget::Budget;
use crate::input::error::UserError;
use crate::output::{self, Layout};

use commands::bad_flag;
use format::Form;

/// Set, this environment variable makes a run print its estimates of time and memory to
/// standard error at the end (`cargo bench --bench budget` compares them with measured runs).
const SHOW_ESTIMATE: &str = "CANDYLAND_ESTIMATE";

/// The binary: parses this process's arguments, runs the command and maps an error to its
/// exit code ([`exit_code`], the one place that decides).
pub fn main() -> std::process::ExitCode {
    use clap::FromArgMatches;
    use std::process::ExitCode;
    // Ctrl-C, SIGTERM and every other catchable signal that would end the run: remove the
    // temporaries of files not yet written, then exit with 128 + the signal's number. (A run
    // killed outright cannot clean up; the next run removes what it left.)
    output::signals::clean_up_on_signals();
    // The one place that decides how wide text output (and clap's help) is.
    let layout = output::stdout_layout();
    // A command's --help lists the rule flags of its board's game.
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let mut command = cli::command_for_args(&args, layout.width());
    let matches = command
        .try_get_matches_from_mut(args)
        .unwrap_or_else(|e| e.exit());
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.format(&mut command).exit());
    let stdout = std::io::stdout();
    let result = run(cli, layout, &mut stdout.lock());
    watch::disarm();
    if std::env::var_os(SHOW_ESTIMATE).is_some() {
        eprint!("{}", watch::estimate_text());
    }
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // A closed pipe (`candyland analyze --csv | head`) is not an error.
            if e.io()
                .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            {
                return ExitCode::SUCCESS;
            }
            // A refused output folder (`report -o out/a/b/c`) leaves no empty folders behind.
            output::remove_created_folders();
            let message = format!("error: {e}");
            eprintln!("{}", output::terminal::escape(&message));
            ExitCode::from(exit_code(&e))
        }
    }
}

/// Runs one command, writing its output to `out` with anything that could drive a terminal
/// (escape sequences from a board file, say) made visible; text is laid out by `layout`
/// (JSON, CSV and board files are not). The run is watched ([`watch`]): past
/// its `--budget` the process stops with exit code 2.
pub fn run(cli: Cli, layout: Layout, out: &mut dyn Write) -> Result<()> {
    let b = &budget_flag(cli.budget)?;
    refuse_unused_policy_flags(&cli.command)?;
    watch::arm(b);
    // The one place that chooses the format.
    let f = Form {
        format: format::format(&cli.command),
        layout,
    };
    let text = match cli.command {
        Command::Analyze(args) => commands::analyze::run(&args, b, f)?,
        Command::Simulate(args) => {
            with_threads(args.threads, || commands::simulate::run(&args, b, f))?
        }
        Command::Crosscheck(args) => {
            with_threads(args.threads, || commands::crosscheck::run(&args, b, f))?
        }
        Command::Players(args) => {
            with_threads(args.threads, || commands::players::run(&args, b, f))?
        }
        Command::Odds(args) => commands::odds::run(&args, b, f)?,
        Command::Passage(args) => commands::passage::run(&args, b, f)?,
        Command::Spaces(args) => commands::spaces::run(&args, b, f)?,
        Command::Whatif(args) => commands::whatif::run(&args, b, f)?,
        Command::Compare(args) => commands::compare::run(&args, b, f)?,
        Command::Check(args) => with_threads(args.threads, || commands::check::run(&args, b, f))?,
        Command::Transitions(args) => {
            // Written as it is made, the only output that can outgrow memory: through the same
            // escaping as the rest, with nothing left to print after. A run past its budget is
            // stopped by the watch like any other (time blocked on a slow reader not counted).
            let mut w = output::terminal::Escaping::new(watch::Unwatched::new(&mut *out));
            commands::transitions::run(&args, b, f, &mut w)?;
            w.flush()?;
            watch::disarm();
            return Ok(());
        }
        Command::Play(args) => commands::play::run(&args, b, f)?,
        Command::Best(args) => commands::best::run(&args, b, f)?,
        Command::Generate(args) => commands::generate::run(&args, f)?,
        Command::Forever(args) => {
            with_threads(args.threads, || commands::forever::run(&args, b, f))?
        }
        Command::Report(args) => with_threads(args.threads, || commands::report::run(&args, b, f))?,
        Command::Boards(_) => commands::boards::list(f)?,
        Command::Board(BoardCommand::Show(args)) => commands::boards::show(&args, f)?,
        Command::Board(BoardCommand::Export(args)) => commands::boards::export(&args.board, f)?,
        Command::Help(args) => commands::help::help(args.topic.as_deref(), f)?,
        Command::Completions(args) => commands::help::completions(args.shell, f)?,
    };
    // Done within the budget: writing the answer is never stopped half-way.
    watch::disarm();
    out.write_all(output::terminal::escape(&text).as_bytes())?;
    out.flush()?;
    Ok(())
}

/// `--policy` and the cap flag choose the computer players and the exact chain of a policy
/// game's board; a command that does not use them refuses them by name rather than ignore
/// them (a command that does, on another game's board, refuses them there).
fn refuse_unused_policy_flags(command: &Command) -> Result<(), UserError> {
    let (name, variant) = match command {
        Command::Analyze(a) => ("analyze", &a.variant),
        Command::Simulate(a) => ("simulate", &a.variant),
        Command::Play(a) => ("play", &a.variant),
        Command::Best(a) => ("best", &a.variant),
        Command::Check(a) => ("check", &a.variant),
        Command::Report(a) => ("report", &a.variant),
        Command::Crosscheck(a) => ("crosscheck", &a.variant),
        Command::Players(a) => ("players", &a.variant),
        Command::Odds(a) => ("odds", &a.variant),
        Command::Passage(a) => ("passage", &a.variant),
        Command::Spaces(a) => ("spaces", &a.variant),
        Command::Whatif(a) => ("whatif", &a.variant),
        Command::Compare(a) => ("compare", &a.variant),
        Command::Transitions(a) => ("transitions", &a.variant),
        Command::Forever(a) => ("forever", &a.variant),
        Command::Board(BoardCommand::Show(a)) => ("board show", &a.variant),
        _ => return Ok(()),
    };
    let (policy, cap) = cli::uses_policy_flags(name);
    let used = |uses: bool, flag: &str, by: &str| {
        if uses {
            Ok(())
        } else {
            Err(bad_flag(
                flag,
                format!(
                    "is not used by {name}: it applies to {} boards, in {by}",
                    crate::games::policy_titles()
                ),
            ))
        }
    };
    if variant.policy.is_some() {
        used(
            policy,
            "--policy",
            "analyze, simulate, play, check and report",
        )?;
    }
    if variant.carrot_cap.is_some() {
        used(
            cap,
            "--carrot-cap",
            "analyze, check and report (the exact chain of one player)",
        )?;
    }
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
            .build()
            .map_err(|e| Error::Internal(format!("could not start {n} threads: {e}")))?
            .install(f),
    }
}

/// The exit code of a run that needs the user to fix something.
pub const USER_ERROR: u8 = 2;

/// The exit code for an error: [`USER_ERROR`] for anything the user can fix (a [`UserError`],
/// and the library's typed errors about the input: a board with no finite answer, work over the
/// budget), 1 for the rest (I/O failures such as a full disk, bugs). The one place that decides;
/// the library's errors carry no exit codes.
pub fn exit_code(e: &Error) -> u8 {
    match e.kind() {
        ErrorKind::BadInput
        | ErrorKind::OverBudget
        | ErrorKind::OverMemory
        | ErrorKind::Unsolvable => USER_ERROR,
        ErrorKind::Io | ErrorKind::Internal => 1,
    }
}

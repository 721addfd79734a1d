//! The `candyland` binary: parse, run, and map errors to exit codes (in
//! [`candyland::exit_code`], the one place that decides).

use std::process::ExitCode;

use clap::FromArgMatches;

use candyland::cli::Cli;

/// The exit code of a run stopped by Ctrl-C or SIGTERM (128 + SIGINT, as shells report it).
const INTERRUPTED: i32 = 130;

/// Set, this environment variable makes a run print its estimates of time and memory to
/// standard error at the end (`cargo bench --bench budget` compares them with measured runs).
const SHOW_ESTIMATE: &str = "CANDYLAND_ESTIMATE";

fn main() -> ExitCode {
    // Ctrl-C, SIGTERM and SIGHUP: remove the temporaries of files not yet written, then exit.
    // (A run killed outright cannot clean up; the next run removes what it left.)
    let _ = ctrlc::set_handler(|| candyland::output::remove_pending_and_exit(INTERRUPTED));
    // The one place that decides how wide text output (and clap's help) is.
    let layout = candyland::output::terminal::stdout_layout();
    let mut command = candyland::cli::command(layout.width());
    let matches = command.get_matches_mut();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.format(&mut command).exit());
    let stdout = std::io::stdout();
    let result = candyland::run(cli, layout, &mut stdout.lock());
    candyland::budget::watch::disarm();
    if std::env::var_os(SHOW_ESTIMATE).is_some() {
        eprint!("{}", candyland::budget::watch::estimate_text());
    }
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // A closed pipe (`candyland analyze --csv | head`) is not an error.
            if let Some(io) = e.downcast_ref::<std::io::Error>() {
                if io.kind() == std::io::ErrorKind::BrokenPipe {
                    return ExitCode::SUCCESS;
                }
            }
            let message = format!("error: {e:#}");
            eprintln!("{}", candyland::output::terminal::escape(&message));
            ExitCode::from(candyland::exit_code(&e))
        }
    }
}

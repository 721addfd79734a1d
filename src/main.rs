//! The `candyland` binary: parse, run, and map errors to exit codes (in
//! [`candyland::exit_code`], the one place that decides).

use std::process::ExitCode;

use clap::FromArgMatches;

use candyland::app::cli::Cli;

/// Set, this environment variable makes a run print its estimates of time and memory to
/// standard error at the end (`cargo bench --bench budget` compares them with measured runs).
const SHOW_ESTIMATE: &str = "CANDYLAND_ESTIMATE";

fn main() -> ExitCode {
    // Ctrl-C, SIGTERM and every other catchable signal that would end the run: remove the
    // temporaries of files not yet written, then exit with 128 + the signal's number. (A run
    // killed outright cannot clean up; the next run removes what it left.)
    candyland::output::signals::clean_up_on_signals();
    // The one place that decides how wide text output (and clap's help) is.
    let layout = candyland::output::stdout_layout();
    // A command's --help lists the rule flags of its board's game.
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let mut command = candyland::app::cli::command_for_args(&args, layout.width());
    let matches = command
        .try_get_matches_from_mut(args)
        .unwrap_or_else(|e| e.exit());
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.format(&mut command).exit());
    let stdout = std::io::stdout();
    let result = candyland::run(cli, layout, &mut stdout.lock());
    candyland::app::watch::disarm();
    if std::env::var_os(SHOW_ESTIMATE).is_some() {
        eprint!("{}", candyland::app::watch::estimate_text());
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
            // A refused output folder (`report -o out/a/b/c`) leaves no empty folders behind.
            candyland::output::remove_created_folders();
            let message = format!("error: {e:#}");
            eprintln!("{}", candyland::output::terminal::escape(&message));
            ExitCode::from(candyland::exit_code(&e))
        }
    }
}

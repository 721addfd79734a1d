//! The `candyland` binary: parse, run, and map errors to exit codes (the one place that does).

use std::process::ExitCode;

use clap::Parser;

use candyland::cli::Cli;
use candyland::error::UserError;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = std::io::stdout();
    match candyland::run(cli, &mut stdout.lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // A closed pipe (`candyland analyze --csv | head`) is not an error.
            if let Some(io) = e.downcast_ref::<std::io::Error>() {
                if io.kind() == std::io::ErrorKind::BrokenPipe {
                    return ExitCode::SUCCESS;
                }
            }
            eprintln!("error: {e:#}");
            if e.downcast_ref::<UserError>().is_some() {
                ExitCode::from(UserError::EXIT_CODE)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

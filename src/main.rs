//! The `candyland` binary: the command line, run by the library ([`candyland::run_command_line`]
//! parses the arguments, runs the command and decides the exit code).

fn main() -> std::process::ExitCode {
    candyland::run_command_line()
}

//! Every catchable signal that would end the run removes its temporaries first.
//!
//! A signal whose default action ends the process (`man 7 signal`: "Term" or "Core") would
//! leave the temporaries of the files being written behind. Each one that can be caught is
//! caught here: a thread of [`signal_hook::iterator`] (safe code; the handler itself only
//! writes to a pipe) receives it, [`super::remove_pending_and_exit`] deletes the temporaries
//! and the folders the run created and left empty, and the run exits with 128 + the signal's
//! number, as a shell reports a run the signal ended (130 for Ctrl-C, 143 for SIGTERM). It says
//! so on a line of its own, the progress bar's line cleared first: the shell's prompt then
//! starts on a clean line.
//!
//! Left alone, on purpose:
//! - SIGKILL and SIGSTOP cannot be caught (the next run writing the same file removes what a
//!   killed run left);
//! - SIGILL, SIGFPE, SIGSEGV, SIGBUS, SIGTRAP and SIGSYS report a fault of the program itself
//!   at the instruction that raised it: a handler that returns runs that instruction again, so
//!   they keep their default action;
//! - SIGPIPE is ignored by every Rust program (a write to a closed pipe is an error instead,
//!   and `candyland ... | head` ends quietly);
//! - a signal ignored when the run starts stays ignored (`nohup` ignores SIGHUP, a shell's
//!   `trap '' XFSZ` ignores SIGXFSZ): the caller asked for that.

#[cfg(unix)]
use signal_hook::consts::signal::*;

/// The signals caught: every catchable signal whose default action ends the process, less
/// the faults (see the module's notes).
#[cfg(unix)]
pub fn caught() -> Vec<i32> {
    let mut signals = vec![
        SIGHUP, SIGINT, SIGQUIT, SIGABRT, SIGUSR1, SIGUSR2, SIGALRM, SIGTERM, SIGXCPU, SIGXFSZ,
        SIGVTALRM, SIGPROF,
    ];
    #[cfg(target_os = "linux")]
    {
        // Linux ends the process on these too; the real-time signals have no other default.
        signals.extend([SIGIO, libc::SIGPWR, libc::SIGSTKFLT]);
        signals.extend(libc::SIGRTMIN()..=libc::SIGRTMAX());
    }
    signals
}

/// The signals ignored when the process started, from the `SigIgn` mask of
/// `/proc/self/status` (bit n - 1 for signal n); none where that cannot be read.
#[cfg(unix)]
fn ignored_at_start() -> Vec<i32> {
    let Ok(status) = std::fs::read_to_string("/proc/self/status") else {
        return Vec::new();
    };
    let mask = status
        .lines()
        .find_map(|l| l.strip_prefix("SigIgn:"))
        .and_then(|m| u64::from_str_radix(m.trim(), 16).ok())
        .unwrap_or(0);
    (1..=64).filter(|n| mask & (1u64 << (n - 1)) != 0).collect()
}

/// Starts the thread that cleans up on every signal of [`caught`] that was not ignored at the
/// start. Call it first thing in `main`, before any file is created. Errors (a signal the
/// system does not have) leave that signal with its default action.
#[cfg(unix)]
pub fn clean_up_on_signals() {
    let ignored = ignored_at_start();
    let Ok(mut signals) = signal_hook::iterator::Signals::new(std::iter::empty::<i32>()) else {
        return;
    };
    for s in caught().into_iter().filter(|s| !ignored.contains(s)) {
        let _ = signals.add_signal(s);
    }
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            say_stopped(signal);
            super::remove_pending_and_exit(128 + signal);
        }
    });
}

/// Says on standard error, on a line of its own, which signal stopped the run. On a terminal
/// the line a progress bar (or the terminal's `^C`) is on is cleared first, so that the shell's
/// prompt starts on a clean line.
#[cfg(unix)]
fn say_stopped(signal: i32) {
    use std::io::{IsTerminal, Write};
    let name = signal_hook::low_level::signal_name(signal)
        .map_or_else(|| format!("signal {signal}"), str::to_string);
    let stderr = std::io::stderr();
    let clear = if stderr.is_terminal() {
        "\r\x1b[2K"
    } else {
        ""
    };
    let _ = writeln!(
        stderr.lock(),
        "{clear}stopped by {name}; the files not yet written were removed"
    );
}

/// Elsewhere than on Unix, Ctrl-C ends the run as the system does.
#[cfg(not(unix))]
pub fn clean_up_on_signals() {}

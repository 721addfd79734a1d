//! The progress bar of long runs (on standard error, only on a terminal, only after a second).

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A progress bar on stderr that appears only once a run has taken more than a second and only
/// when stderr is a terminal.
pub(crate) struct Progress {
    bar: ProgressBar,
    shown: AtomicBool,
    terminal: bool,
}

impl Progress {
    pub(crate) fn new(total: u64, what: &str) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
        if let Ok(style) =
            // The bar takes what the terminal's width leaves, so the line never wraps.
            ProgressStyle::with_template(
                "{msg} {wide_bar} {human_pos}/{human_len} games, {rate}, {eta} left",
            )
        {
            bar.set_style(style.with_key(
                "rate",
                |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{:.2} M/s", state.per_sec() / 1e6);
                },
            ));
        }
        bar.set_message(what.to_string());
        Progress {
            bar,
            shown: AtomicBool::new(false),
            terminal: std::io::stderr().is_terminal(),
        }
    }

    pub(crate) fn inc(&self, n: u64) {
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

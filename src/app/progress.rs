//! The progress bar of long runs that count what they do (games, rule sets): on standard
//! error, only on a terminal, only after a second. Work that counts nothing is shown by the
//! budget's watch ([`super::watch`]), which steps aside while a bar is shown.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How many counting bars are on screen.
static SHOWN: AtomicUsize = AtomicUsize::new(0);

/// Whether a counting bar is on screen (the budget's watch then shows nothing).
pub(crate) fn counting_bar_shown() -> bool {
    SHOWN.load(Ordering::SeqCst) > 0
}

/// A progress bar on stderr that appears only once a run has taken more than a second and only
/// when stderr is a terminal.
pub(crate) struct Progress {
    bar: ProgressBar,
    shown: AtomicBool,
    terminal: bool,
}

impl Progress {
    /// A bar counting `total` of `unit` ("rule sets").
    pub(crate) fn counting(total: u64, what: &str, unit: &str) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
        if let Ok(style) =
            // The bar takes what the terminal's width leaves, so the line never wraps.
            ProgressStyle::with_template(&format!(
                "{{msg}} {{wide_bar}} {{human_pos}}/{{human_len}} {unit}, {{rate}}, {{eta}} left"
            ))
        {
            bar.set_style(style.with_key(
                "rate",
                |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                    let rate = state.per_sec();
                    let _ = if rate >= 1e5 {
                        write!(w, "{:.2} M/s", rate / 1e6)
                    } else {
                        write!(w, "{rate:.1}/s")
                    };
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
            SHOWN.fetch_add(1, Ordering::SeqCst);
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if self.shown.load(Ordering::Relaxed) {
            SHOWN.fetch_sub(1, Ordering::SeqCst);
        }
        self.bar.finish_and_clear();
    }
}

impl crate::budget::Counter for Progress {
    fn add(&self, n: u64) {
        self.inc(n);
    }
}

/// The command line's progress: a bar on standard error for each piece of counted work.
pub(crate) struct Bars;

impl crate::budget::Progress for Bars {
    fn start(&self, total: u64, what: &str, unit: &str) -> Box<dyn crate::budget::Counter + '_> {
        Box::new(Progress::counting(total, what, unit))
    }
}

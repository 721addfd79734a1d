//! The binary's watch over a run: it stops a run that goes past its budget, and shows what a
//! long run is doing.
//!
//! Estimates decide whether work starts; they can be wrong (a machine busier than the one the
//! rates were measured on, a board whose cost the model misses). So once [`arm`]ed, a thread
//! checks the clock every tenth of a second: past the budget (and a quarter of a second of
//! grace, for the work's own checks to stop it first with a more precise message), it removes
//! the temporaries of files not yet written and exits with code 2, naming the work that was
//! running and its estimate. After two seconds on a terminal, while no counting progress bar
//! is shown, it shows that work and how long it was expected to take.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::budget::{duration, ledger, Budget};

/// How long past the budget the watchdog waits before it stops the run.
pub const GRACE: Duration = Duration::from_millis(250);

/// How long a run goes before its work is shown.
pub const SHOW_AFTER: Duration = Duration::from_secs(2);

const TICK: Duration = Duration::from_millis(100);

/// The exit code of a stopped run: the user can fix it (a larger `--budget`, less work).
const OVER_BUDGET: i32 = 2;

/// When to stop, and the budget's length (for the message).
static DEADLINE: Mutex<Option<(Instant, f64)>> = Mutex::new(None);
static DONE: AtomicBool = AtomicBool::new(false);
/// The line that shows the running work, while it is shown.
static LINE: Mutex<Option<ProgressBar>> = Mutex::new(None);

/// Starts watching a run of `budget` (again: a later call moves the deadline).
pub fn arm(budget: &Budget) {
    let first = {
        let mut deadline = DEADLINE.lock().unwrap_or_else(|p| p.into_inner());
        let first = deadline.is_none();
        // A budget past what an instant can hold (any finite --budget is accepted: 1e19 s is
        // longer than the universe has existed) has no deadline to watch for.
        let end = Duration::try_from_secs_f64(budget.seconds())
            .ok()
            .and_then(|d| budget.started().checked_add(d + GRACE));
        if let Some(end) = end {
            *deadline = Some((end, budget.seconds()));
        }
        first
    };
    ledger::record();
    if first {
        let started = budget.started();
        let _ = std::thread::Builder::new()
            .name("budget watch".into())
            .spawn(move || watch(started));
    }
}

/// Set once output is written while the work goes on ([`Unwatched`]): the running work is no
/// longer shown, as its line on standard error would land among the output on a terminal.
static WRITING: AtomicBool = AtomicBool::new(false);

/// Standard output for a command that writes as it works: time blocked writing (a reader
/// paging through `| less`) moves the deadline back by as much, since it is not the run's
/// work; and once the output has begun the running work is no longer shown.
#[derive(Debug)]
pub struct Unwatched<W>(W);

impl<W: std::io::Write> Unwatched<W> {
    /// Writes to `inner`.
    pub fn new(inner: W) -> Unwatched<W> {
        Unwatched(inner)
    }

    fn timed<T>(&mut self, f: impl FnOnce(&mut W) -> T) -> T {
        if !WRITING.swap(true, Ordering::SeqCst) {
            let mut line = LINE.lock().unwrap_or_else(|p| p.into_inner());
            if let Some(bar) = line.take() {
                bar.finish_and_clear();
            }
        }
        let started = Instant::now();
        let result = f(&mut self.0);
        let blocked = started.elapsed();
        let mut deadline = DEADLINE.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((end, _)) = deadline.as_mut() {
            *end = end.checked_add(blocked).unwrap_or(*end);
        }
        result
    }
}

impl<W: std::io::Write> std::io::Write for Unwatched<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.timed(|w| w.write(buf))
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.timed(|w| w.flush())
    }
}

/// The work is done: nothing is stopped or shown any more.
pub fn disarm() {
    DONE.store(true, Ordering::SeqCst);
    let mut line = LINE.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(bar) = line.take() {
        bar.finish_and_clear();
    }
}

fn watch(started: Instant) {
    let terminal = std::io::stderr().is_terminal();
    loop {
        std::thread::sleep(TICK);
        if DONE.load(Ordering::SeqCst) {
            return;
        }
        let deadline = *DEADLINE.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((end, seconds)) = deadline {
            if Instant::now() >= end {
                stop(seconds);
            }
        }
        if terminal && started.elapsed() >= SHOW_AFTER {
            show();
        }
    }
}

/// Shows the running work, unless a counting progress bar is on screen.
fn show() {
    let mut line = LINE.lock().unwrap_or_else(|p| p.into_inner());
    if DONE.load(Ordering::SeqCst) || WRITING.load(Ordering::SeqCst) {
        return;
    }
    if super::progress::counting_bar_shown() {
        if let Some(bar) = line.take() {
            bar.finish_and_clear();
        }
        return;
    }
    // Work with no estimate of its own is shown as work all the same.
    let (what, estimate, at) =
        ledger::current().unwrap_or_else(|| ("working".to_string(), f64::NAN, 0.0));
    let bar = line.get_or_insert_with(|| {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        if let Ok(style) = ProgressStyle::with_template("{spinner} {wide_msg}") {
            bar.set_style(style);
        }
        bar
    });
    let since = ledger::elapsed().map_or(0.0, |now| now - at);
    let text = if estimate.is_finite() {
        format!(
            "{what}: {} of about {}",
            duration(since),
            duration(estimate)
        )
    } else {
        format!("{what}: {} so far", duration(since))
    };
    bar.set_message(crate::output::terminal::escape(&text).into_owned());
    bar.tick();
}

/// Stops the run: the message, the temporaries removed, exit code 2.
fn stop(seconds: f64) -> ! {
    {
        let mut line = LINE.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(bar) = line.take() {
            bar.finish_and_clear();
        }
    }
    let more = (2.0 * seconds).ceil();
    let message = match ledger::current() {
        Some((what, estimate, _)) => format!(
            "error: stopped at the budget of {}: {what} was estimated to take about {} but had not finished; run with --budget {more:.0} (or more) to allow it more time",
            duration(seconds),
            duration(estimate),
        ),
        None => format!(
            "error: stopped at the budget of {} before the work was done; run with --budget {more:.0} (or more) to allow it more time",
            duration(seconds)
        ),
    };
    eprintln!("{}", crate::output::terminal::escape(&message));
    crate::output::remove_pending_and_exit(OVER_BUDGET)
}

/// The run's estimates, for `CANDYLAND_ESTIMATE`: the total, then each phase with when it
/// began.
pub fn estimate_text() -> String {
    let Some((seconds, bytes, phases)) = ledger::total() else {
        return String::new();
    };
    let mut text = format!(
        "estimate: {seconds:.4} s, {bytes:.0} bytes ({} phases, machine slowdown {:.2}); measured: {:.4} s, {:.0} bytes at most, cpu {:.4} s\n",
        phases.len(),
        crate::budget::load::slowdown(),
        ledger::elapsed().unwrap_or(0.0),
        crate::budget::memory::peak_resident().unwrap_or(0.0),
        ledger::thread_cpu_seconds().unwrap_or(0.0),
    );
    for p in phases {
        text.push_str(&format!(
            "  at {:.3} s (cpu {:.3} s): {:.4} s, {:.0} bytes: {}\n",
            p.at, p.cpu_at, p.seconds, p.bytes, p.what
        ));
    }
    crate::output::terminal::escape(&text).into_owned()
}

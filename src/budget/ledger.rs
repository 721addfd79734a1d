//! The estimates a run has accepted, in order: what the watchdog names when a run goes past
//! its budget, what the progress line shows, and what `CANDYLAND_ESTIMATE=1` prints (the
//! calibration of the estimates against measured runs reads it: `cargo bench --bench budget`).
//!
//! Kept only once [`record`] is called (the binary does; the library alone records nothing).
//! Time adds up over the phases, which run one after another: a phase accepted before the
//! previous one has had its estimated time is expected to start when that one ends, so that
//! estimates made up front (a report's, before any of its work) are refused when together
//! they would not fit (`next_start`). Memory is modelled as the data a phase keeps (a chain, kept
//! lengths) plus the largest working memory of any phase (a solve's vectors, freed after it);
//! a [`scoped`] piece of work (one what-if edit) counts as working memory as a whole, since
//! what it keeps is freed when it ends.

use crate::budget::clock::Instant;
use std::sync::Mutex;

/// Resident memory of the process before any work: the binary, its libraries, the parsed
/// command line (measured: 7.7 to 8.3 MB for `analyze` on a 1,000-space board).
pub const BASE_BYTES: f64 = 8e6;

/// Time of a run before any estimate: start-up, reading and validating the board.
pub const BASE_SECONDS: f64 = 0.005;

/// One accepted estimate.
#[derive(Debug, Clone, PartialEq)]
pub struct Phase {
    /// The work, as the refusal would name it.
    pub what: String,
    /// Estimated seconds (0 for a memory-only estimate).
    pub seconds: f64,
    /// Estimated bytes (0 for a time-only estimate).
    pub bytes: f64,
    /// Seconds since recording started when the estimate was made.
    pub at: f64,
    /// Seconds of processor time the recording thread had used then (for calibrating the
    /// rates: on a busy machine a phase takes longer than it computes).
    pub cpu_at: f64,
}

/// Whether estimated memory stays for the rest of the run or only for its phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kept {
    /// Kept to the end (a chain, the lengths of `--lengths`).
    Kept,
    /// Freed when the phase ends (a solver's vectors).
    Working,
}

#[derive(Debug, Default)]
struct Frame {
    kept: f64,
    working: f64,
}

/// The estimates of one run (the process has one, [`LEDGER`]).
#[derive(Debug)]
struct Ledger {
    started: Instant,
    phases: Vec<Phase>,
    frames: Vec<Frame>,
    /// When the phases accepted so far are expected to be done.
    projected_end: Instant,
}

impl Ledger {
    fn new() -> Ledger {
        Ledger {
            started: Instant::now(),
            phases: Vec::new(),
            frames: vec![Frame::default()],
            projected_end: Instant::now(),
        }
    }

    /// Adds a phase; its time from `began` if it is already running.
    fn add(&mut self, what: &str, seconds: f64, bytes: f64, kept: Kept, began: Option<Instant>) {
        let at = self.started.elapsed().as_secs_f64();
        if seconds > 0.0 && seconds.is_finite() {
            let begin = began.unwrap_or_else(|| self.projected_end.max(Instant::now()));
            // An estimate past what an instant can hold leaves the projection at its end.
            let end = std::time::Duration::try_from_secs_f64(seconds)
                .ok()
                .and_then(|d| begin.checked_add(d));
            if let Some(end) = end {
                self.projected_end = end;
            }
        }
        match self.phases.last_mut() {
            // The memory and the time of one piece of work are one phase, and so are pieces
            // of the same work one after another (the chains of many rule sets).
            Some(last) if last.what == what => {
                last.seconds += seconds;
                last.bytes += bytes;
            }
            _ => self.phases.push(Phase {
                what: what.to_string(),
                seconds,
                bytes,
                at,
                cpu_at: thread_cpu_seconds().unwrap_or(0.0),
            }),
        }
        if let Some(frame) = self.frames.last_mut() {
            match kept {
                Kept::Kept => frame.kept += bytes,
                Kept::Working => frame.working = frame.working.max(bytes),
            }
        }
    }

    fn open(&mut self) {
        self.frames.push(Frame::default());
    }

    fn close(&mut self) {
        if self.frames.len() > 1 {
            let inner = self.frames.pop().unwrap_or_default();
            if let Some(outer) = self.frames.last_mut() {
                outer.working = outer.working.max(inner.kept + inner.working);
            }
        }
    }

    fn current(&self) -> Option<(String, f64, f64)> {
        self.phases
            .iter()
            .rev()
            .find(|p| p.seconds > 0.0)
            .map(|p| (p.what.clone(), p.seconds, p.at))
    }

    fn total(&self) -> (f64, f64, Vec<Phase>) {
        let seconds = BASE_SECONDS + self.phases.iter().map(|p| p.seconds).sum::<f64>();
        let (kept, working) = self
            .frames
            .iter()
            .fold((0.0, 0.0), |(k, w), f| (k + f.kept, f64::max(w, f.working)));
        (seconds, BASE_BYTES + kept + working, self.phases.clone())
    }
}

static LEDGER: Mutex<Option<Ledger>> = Mutex::new(None);

/// Processor time of the calling thread, from `/proc/thread-self/schedstat` (nanoseconds on
/// the CPU, its first field).
pub fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns * 1e-9)
}

std::thread_local! {
    /// Set while work already counted in an estimate runs ([`counted`]).
    static QUIET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

fn with<T>(f: impl FnOnce(&mut Ledger) -> T) -> Option<T> {
    if QUIET.with(std::cell::Cell::get) {
        return None;
    }
    let mut guard = LEDGER.lock().unwrap_or_else(|p| p.into_inner());
    guard.as_mut().map(f)
}

/// Runs `work` whose cost an estimate already counted (the chains of a search estimated as a
/// whole): the estimates it makes still refuse, but are not recorded again.
pub fn counted<T>(work: impl FnOnce() -> T) -> T {
    let before = QUIET.with(|q| q.replace(true));
    let result = work();
    QUIET.with(|q| q.set(before));
    result
}

/// Starts recording (again, from nothing).
pub fn record() {
    let mut guard = LEDGER.lock().unwrap_or_else(|p| p.into_inner());
    *guard = Some(Ledger::new());
}

/// When work accepted now would start: once the work accepted before it has had its
/// estimated time (or now, if that is past). `None` when nothing is recorded.
pub(crate) fn next_start() -> Option<Instant> {
    with(|l| l.projected_end.max(Instant::now()))
}

/// Records an accepted time estimate.
pub(crate) fn time(what: &str, seconds: f64) {
    with(|l| l.add(what, seconds, 0.0, Kept::Working, None));
}

/// Records the estimate of work that began at `began` (a probe's, made after its pilot).
pub(crate) fn time_since(what: &str, seconds: f64, began: Instant) {
    with(|l| l.add(what, seconds, 0.0, Kept::Working, Some(began)));
}

/// Records an accepted memory estimate.
pub(crate) fn memory(what: &str, bytes: f64, kept: Kept) {
    with(|l| l.add(what, 0.0, bytes, kept, None));
}

/// Runs `work` as one piece whose memory is freed when it ends: what it keeps and its
/// largest working memory count, together, as working memory of the enclosing work.
pub fn scoped<T>(work: impl FnOnce() -> T) -> T {
    with(Ledger::open);
    let result = work();
    with(Ledger::close);
    result
}

/// The latest phase with a time estimate: (what, estimated seconds, seconds since recording
/// started when it began).
pub fn current() -> Option<(String, f64, f64)> {
    with(|l| l.current()).flatten()
}

/// Seconds since recording started.
pub fn elapsed() -> Option<f64> {
    with(|l| l.started.elapsed().as_secs_f64())
}

/// The run's estimate so far: seconds (every phase, plus [`BASE_SECONDS`]) and peak bytes
/// (kept plus the largest working memory, plus [`BASE_BYTES`]), with the phases.
pub fn total() -> Option<(f64, f64, Vec<Phase>)> {
    with(|l| l.total())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_adds_up_and_memory_is_kept_plus_the_largest_working_set() {
        let mut l = Ledger::new();
        l.add("build", 1.0, 100.0, Kept::Kept, None);
        l.add("solve", 0.0, 30.0, Kept::Working, None);
        // An edit keeps its own chain (50) and solves with 40: 90 while it runs, all freed
        // after.
        l.open();
        l.add("edited chain", 0.5, 50.0, Kept::Kept, None);
        l.add("edited solve", 0.0, 40.0, Kept::Working, None);
        l.close();
        l.add("small solve", 0.0, 10.0, Kept::Working, None);
        let (seconds, bytes, phases) = l.total();
        assert!((seconds - (BASE_SECONDS + 1.5)).abs() < 1e-12, "{seconds}");
        assert_eq!(bytes, BASE_BYTES + 100.0 + 90.0);
        // The build's memory and time, then the solve; the edit's chain and solve.
        assert_eq!(phases.len(), 5);
        assert_eq!(l.current().unwrap().0, "edited chain");
    }
}

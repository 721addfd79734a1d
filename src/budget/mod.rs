//! How long a command may run and how much memory it may take, and the estimates that make a
//! command refuse at once, rather than run for an hour or exhaust the machine's memory.
//!
//! Every piece of work whose cost grows with what the user gives (the board's size, `--games`,
//! `--orders`, `--max-turns`) is estimated before it starts:
//! - from its size and a rate measured on the machine this tool was tuned on (the chain builder,
//!   the linear solves, the simulator), or measured on the spot (one turn-step of the
//!   distribution, one per-space solve, one chunk of deck orders: a *pilot*);
//! - memory from bytes per state or transition, against 80 % of the memory available.
//!
//! When the estimate is over the budget, the command stops with an [`OverBudget`] error that
//! says what the work would cost and which flag allows it (`--budget SECONDS`, or a smaller
//! `--games`, `--max-turns`, ...). The rates are rough (a few times either way): an estimate
//! decides whether to start, it is not a promise.

pub mod clock;
pub mod ledger;
pub mod load;
pub mod memory;
pub mod progress;
mod refusal;

use std::time::Duration;

use crate::budget::clock::Instant;

pub use ledger::{counted, scoped, Kept};
pub use progress::{Counter, Progress, Silent};
pub use refusal::{OverBudget, Resource};

/// Seconds a command may take unless `--budget` says otherwise.
pub const DEFAULT_SECONDS: f64 = 60.0;

/// Work estimated at less than this is never refused for time ([`Budget::time`]).
pub const SHORT: f64 = 0.02;

/// Rates of the hot loops on one core of an idle machine (the 2-core machine CI runs on,
/// measured in processor time); [`idle`] scales an estimate made from them to the machine's
/// load now. An estimate should be within a factor of 2 of the time taken, either way.
pub mod rate {
    /// Chain transitions built per second (`states_bound` x kinds of card) when the game
    /// numbers its states densely (Candy Land: 36 million in 1.0 s of processor time on a
    /// million-space board, build and renumbering included).
    pub const CHAIN_DENSE: f64 = 3e7;
    /// Chain transitions built per second when states are hashed (the games that number no
    /// states densely: 6 million in 0.57 s on a million squares with jumps).
    pub const CHAIN_HASHED: f64 = 1e7;
    /// A board file read and validated, per state of its `states_bound` per second (the board
    /// is read again for each chain; 0.05 s for a million-space Candy Land board).
    pub const BOARD_STATES: f64 = 3e7;
    /// Moves of a chain tested against a first passage's target per second (the turn
    /// replayed, the spaces it passes looked up among the target's): 1.7e7 to 2e7 measured
    /// for a run of every space of a generated board of 4e4 to 1e6 spaces, 3.8e7 for the
    /// finish, 4.8e7 on three players' product chain (where the other seats' moves are not
    /// replayed).
    pub const TARGET_MOVES: f64 = 2.8e7;
    /// Transitions and states a pass of Gauss-Seidel goes over per second (its pilot's passes
    /// and their set-up, measured on the 1.4-million-state product chain of three players of
    /// the shipped 100-square board with jumps: 9.3 million a pass, 32 passes in 0.39 s).
    pub const GAUSS_SEIDEL: f64 = 7.5e8;
    /// Operations per second of the `f64` sweep solver's sparse part (see `solve::check_solves`).
    pub const SWEEP_FLOPS: f64 = 3.5e8;
    /// Multiply-adds per second of the dense elimination of the sweep's k x k system (k^3 / 3
    /// of them): 7.3e8 to 1.0e9 measured with k = 867 to 2,028 (the product chains of three
    /// players on the slow race of 17 to 26 squares, when each of their five solves
    /// eliminated it afresh: 1.25 to 19 s).
    pub const DENSE_FLOPS: f64 = 7e8;

    /// Processor seconds of one dense elimination of a k x k system.
    pub fn dense_elimination(k: f64) -> f64 {
        k * k * k / 3.0 / DENSE_FLOPS
    }
    /// States and transitions visited per second by a breadth-first search (the loop search
    /// of `forever`: one search from each target of a backward move, two kinds of loop).
    pub const GRAPH_STEPS: f64 = 2.5e7;
}

/// Seconds that work estimated at `seconds` on an idle machine takes on this one now
/// ([`load::slowdown`] times as long). Work too short to matter to any budget is not worth
/// measuring the machine for.
pub fn idle(seconds: f64) -> f64 {
    if seconds < 0.02 {
        return seconds;
    }
    seconds * load::slowdown()
}

/// Seconds work over `units` units takes, from a sample of it timed now: `sample(every)` does
/// the work for every `every`-th unit (a hundredth of them on a large table, at least 2,000
/// units), whose time is scaled to the whole. For work whose cost per unit a fixed rate does not
/// give within a factor of 2 on every machine state (making and printing millions of rows of
/// text: allocation, the fresh memory's page faults, a shared machine's caches). Work that
/// `seconds_per_unit` says is too short to matter is not sampled.
pub fn sampled(units: usize, seconds_per_unit: f64, sample: impl FnOnce(usize)) -> f64 {
    let rough = idle(units as f64 * seconds_per_unit);
    if rough < 0.05 {
        return rough;
    }
    let every = (units / 2_000).clamp(2, 100);
    let started = Instant::now();
    sample(every);
    let seconds = started.elapsed().as_secs_f64();
    seconds * units as f64 / units.div_ceil(every).max(1) as f64
}

/// Bytes the chain takes at its peak per transition of `states_bound` x kinds of card (the
/// per-card table, the sparse matrix, the states and the board), when states are numbered
/// densely: 7.3 measured on a million-space Candy Land board (262 MB).
pub const CHAIN_BYTES_DENSE: f64 = 10.0;

/// [`CHAIN_BYTES_DENSE`] when states are hashed (the hash map too): 11.5 measured on a
/// million-square board with jumps and a six-sided die (69 MB).
pub const CHAIN_BYTES_HASHED: f64 = 16.0;

/// The share of the memory this process may still take that a command allows itself (the
/// rest is room for what the estimates leave out).
pub const MEMORY_SHARE: f64 = 0.8;

/// A command's allowance of time, counted from when it was made; memory is limited by what the
/// process may still take ([`memory::available`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Budget {
    seconds: f64,
    started: Instant,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::new(DEFAULT_SECONDS)
    }
}

impl Budget {
    /// A budget of `seconds` (at least a millisecond) from now.
    pub fn new(seconds: f64) -> Budget {
        Budget {
            seconds: seconds.max(1e-3),
            started: Instant::now(),
        }
    }

    /// No limit on time (memory is still limited).
    pub fn unlimited() -> Budget {
        Budget {
            seconds: f64::INFINITY,
            started: Instant::now(),
        }
    }

    /// The time allowed, in seconds.
    pub fn seconds(&self) -> f64 {
        self.seconds
    }

    /// When the budget started.
    pub fn started(&self) -> Instant {
        self.started
    }

    /// Seconds left (0 once it has run out).
    pub fn left(&self) -> f64 {
        (self.seconds - self.started.elapsed().as_secs_f64()).max(0.0)
    }

    /// The `--budget` that would let work of `seconds`, starting now, end inside it: the time
    /// spent so far and the work, with a fifth more for the estimates' error, in whole seconds.
    pub fn allowing(&self, seconds: f64) -> u64 {
        let spent = self.seconds - self.left();
        ((spent + seconds) * 1.2).ceil().max(1.0) as u64
    }

    /// A budget that ends once `share` of the time left now has passed (work that may be left
    /// out, so that what comes after it keeps the rest).
    pub fn share(&self, share: f64) -> Budget {
        let elapsed = self.started.elapsed().as_secs_f64();
        Budget {
            seconds: elapsed + self.left() * share.clamp(0.0, 1.0),
            started: self.started,
        }
    }

    /// Refuses work estimated to take `seconds` if it would not end within the budget (what
    /// has run already counts); `fix` names what else the user can change (the `--budget`
    /// flag is always offered).
    pub fn time(&self, what: &str, seconds: f64, fix: &str) -> Result<(), OverBudget> {
        // Work accepted earlier and not yet done comes first (when a ledger keeps it).
        let begin = ledger::next_start().unwrap_or_else(Instant::now);
        let spent = begin.saturating_duration_since(self.started).as_secs_f64();
        // Work too short to matter to any budget (as [`idle`] does not measure it) is never the
        // one refused: the run's own end is the watchdog's to enforce.
        if spent + seconds <= self.seconds || seconds < SHORT {
            ledger::time(what, seconds);
            return Ok(());
        }
        Err(self.refusal(what, seconds, spent + seconds, fix))
    }

    /// The refusal of work estimated at `seconds`, in a run that would then take `total`.
    fn refusal(&self, what: &str, seconds: f64, total: f64, fix: &str) -> OverBudget {
        let spent = total - seconds;
        // The run's start-up (under STARTUP) is not worth a budget of its own, and would make
        // the figure wobble with the machine's speed; past it, the time spent counts.
        const STARTUP: f64 = 0.05;
        let counted = if spent < STARTUP { seconds } else { total };
        let needed = if counted.is_finite() {
            (counted * 1.2).ceil().max(1.0)
        } else {
            f64::INFINITY
        };
        let fix = match (needed.is_finite() && needed < 1e9, fix.is_empty()) {
            (true, true) => format!("run with --budget {needed:.0} to allow it"),
            (true, false) => format!("{fix}, or run with --budget {needed:.0} to allow it"),
            (false, true) => "no --budget would be enough".to_string(),
            (false, false) => format!("{fix} (no --budget would be enough)"),
        };
        let budget = if spent >= self.seconds && spent.is_finite() {
            format!(
                "and the budget of {} is spent already, {} into the run",
                duration(self.seconds),
                duration(spent)
            )
        } else if spent >= 1.0 && spent.is_finite() {
            format!(
                "{} of the budget of {} is left for it",
                duration((self.seconds - spent).max(0.0)),
                duration(self.seconds)
            )
        } else {
            format!("the budget is {}", duration(self.seconds))
        };
        let cost = if seconds < 5e-4 {
            "take under 1 ms".to_string()
        } else {
            format!("take about {}", duration(seconds))
        };
        OverBudget {
            what: what.to_string(),
            cost: if budget.starts_with("and") {
                format!("{cost}, {budget}")
            } else {
                format!("{cost} ({budget})")
            },
            fix,
            needed: (needed.is_finite() && needed < 1e9).then_some(needed as u64),
            beyond_any_budget: !(needed.is_finite() && needed < 1e9),
            lacking: Resource::Time,
        }
    }

    /// Refuses a piece of work already counted in an estimate (one rule set of a search) if,
    /// alone, it would not end within the time left: unlike [`Budget::time`], nothing is
    /// recorded or reserved.
    pub fn fits(&self, what: &str, seconds: f64, fix: &str) -> Result<(), OverBudget> {
        if seconds <= self.left() || seconds < SHORT {
            return Ok(());
        }
        let spent = self.seconds - self.left();
        Err(self.refusal(what, seconds, spent + seconds, fix))
    }

    /// Refuses work estimated to need `bytes` of memory at once, working memory freed when the
    /// work ends.
    pub fn memory(&self, what: &str, bytes: f64, fix: &str) -> Result<(), OverBudget> {
        self.memory_kept(what, bytes, Kept::Working, fix)
    }

    /// Refuses work estimated to need `bytes` of memory that is `kept` (to the end of the run,
    /// or only while it works), against [`MEMORY_SHARE`] of what the process may still take.
    pub fn memory_kept(
        &self,
        what: &str,
        bytes: f64,
        kept: Kept,
        fix: &str,
    ) -> Result<(), OverBudget> {
        let available = memory::available();
        let allowed = MEMORY_SHARE * available.bytes;
        if bytes <= allowed {
            ledger::memory(what, bytes, kept);
            return Ok(());
        }
        Err(OverBudget {
            what: what.to_string(),
            cost: format!(
                "need about {} of memory, more than the {} this tool allows itself ({:.0} % of the {} {})",
                size(bytes),
                size(allowed),
                MEMORY_SHARE * 100.0,
                size(available.bytes),
                available.source.words()
            ),
            fix: if fix.is_empty() {
                "it cannot be done with the memory this process has".to_string()
            } else {
                fix.to_string()
            },
            needed: None,
            beyond_any_budget: false,
            lacking: Resource::Memory,
        })
    }

    /// Starts a probe for work whose cost shows only as it goes. Work accepted earlier and not
    /// yet done (a report estimates all its parts before doing any) is time the probed work
    /// must leave.
    pub fn probe(&self, what: &str, fix: &str) -> Probe {
        let now = Instant::now();
        let after =
            ledger::next_start().map_or(0.0, |t| t.saturating_duration_since(now).as_secs_f64());
        Probe {
            started: now,
            after,
            budget: *self,
            what: what.to_string(),
            fix: fix.to_string(),
            recorded: std::sync::atomic::AtomicBool::new(false),
        }
    }
}

/// Watches work as it goes: after [`Probe::PILOT`], the time so far is extrapolated from the
/// fraction done, and the work stops if the total would be over the budget (also when it
/// runs past the budget itself). Work that gets slower as it goes is under-estimated, so the
/// message says "at least". The first extrapolation is the work's estimate in the
/// [`ledger`].
#[derive(Debug)]
pub struct Probe {
    started: Instant,
    /// Seconds of work accepted before the probe and still to come.
    after: f64,
    budget: Budget,
    what: String,
    fix: String,
    recorded: std::sync::atomic::AtomicBool,
}

impl Probe {
    /// How long work runs before its total is extrapolated.
    pub const PILOT: Duration = Duration::from_millis(500);

    /// `done` of `total` units are done.
    pub fn check(&self, done: f64, total: f64) -> Result<(), OverBudget> {
        let elapsed = self.started.elapsed();
        if elapsed < Self::PILOT || done <= 0.0 || total <= done {
            return if self.budget.left() <= 0.0 && total > done {
                self.over(f64::INFINITY)
            } else {
                Ok(())
            };
        }
        let estimate = elapsed.as_secs_f64() * total / done;
        let before = self.budget.seconds - self.budget.left() - elapsed.as_secs_f64();
        if before.max(0.0) + estimate + self.after > self.budget.seconds {
            return self.over(estimate);
        }
        if !self
            .recorded
            .swap(true, std::sync::atomic::Ordering::Relaxed)
        {
            ledger::time_since(&self.what, estimate, self.started);
        }
        Ok(())
    }

    /// Records the work's time in the [`ledger`] if it finished before the pilot did (its
    /// measured time is then its estimate).
    pub fn finish(&self) {
        if !self
            .recorded
            .swap(true, std::sync::atomic::Ordering::Relaxed)
        {
            ledger::time_since(
                &self.what,
                self.started.elapsed().as_secs_f64(),
                self.started,
            );
        }
    }

    /// Runs `work`, giving it a watcher to call with the fraction done (0 to 1) that returns
    /// false once the work should stop; the work's result, or the probe's refusal if it
    /// stopped it.
    pub fn run<T>(&self, work: impl FnOnce(&dyn Fn(f64) -> bool) -> T) -> Result<T, OverBudget> {
        let refused = std::cell::RefCell::new(None);
        let watch = |fraction: f64| match self.check(fraction, 1.0) {
            Ok(()) => true,
            Err(e) => {
                *refused.borrow_mut() = Some(e);
                false
            }
        };
        let result = work(&watch);
        self.finish();
        match refused.into_inner() {
            Some(e) => Err(e),
            None => Ok(result),
        }
    }

    /// The refusal: the work would take `estimate` in all (from its start), after what ran
    /// before it.
    fn over(&self, estimate: f64) -> Result<(), OverBudget> {
        let before = self
            .started
            .saturating_duration_since(self.budget.started)
            .as_secs_f64();
        let mut e = self.budget.refusal(
            &self.what,
            estimate,
            before.max(0.0) + self.after + estimate,
            &self.fix,
        );
        e.cost = if estimate.is_finite() {
            e.cost.replace("take about", "take at least")
        } else {
            format!(
                "take longer than the budget of {}",
                duration(self.budget.seconds)
            )
        };
        Err(e)
    }
}

/// A duration in words: "40 ms", "12 s", "3.5 minutes", "2 hours", "4e12 years".
pub fn duration(seconds: f64) -> String {
    const MINUTE: f64 = 60.0;
    const HOUR: f64 = 3600.0;
    const DAY: f64 = 86_400.0;
    const YEAR: f64 = 365.25 * DAY;
    match seconds {
        s if !s.is_finite() => "forever".to_string(),
        s if s < 1.0 => format!("{:.0} ms", s * 1e3),
        s if s < 2.0 * MINUTE => format!("{s:.0} s"),
        s if s < 2.0 * HOUR => format!("{:.0} minutes", s / MINUTE),
        s if s < 2.0 * DAY => format!("{:.0} hours", s / HOUR),
        s if s < 2.0 * YEAR => format!("{:.0} days", s / DAY),
        s if s < 1e4 * YEAR => format!("{:.0} years", s / YEAR),
        s => format!("{:.1e} years", s / YEAR),
    }
}

/// A size in bytes in words: "512 MB", "2.3 TB".
pub fn size(bytes: f64) -> String {
    match bytes {
        b if b < 1e6 => format!("{:.0} kB", b / 1e3),
        b if b < 1e9 => format!("{:.0} MB", b / 1e6),
        b if b < 1e12 => format!("{:.1} GB", b / 1e9),
        b if b < 1e15 => format!("{:.1} TB", b / 1e12),
        b => format!("{:.1e} bytes", b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_words() {
        assert_eq!(duration(0.04), "40 ms");
        assert_eq!(duration(12.0), "12 s");
        assert_eq!(duration(600.0), "10 minutes");
        assert_eq!(duration(3.0 * 86_400.0), "3 days");
        assert_eq!(duration(f64::INFINITY), "forever");
        assert_eq!(duration(1e20), "3.2e12 years");
    }

    #[test]
    fn over_budget_names_the_cost_and_the_flag() {
        let b = Budget::new(60.0);
        assert!(b.time("x", 59.0, "").is_ok());
        let e = b
            .time("simulating 10 games", 7200.0, "give fewer --games")
            .unwrap_err();
        let text = e.to_string();
        assert!(
            text.contains("simulating 10 games would take about 2 hours"),
            "{text}"
        );
        assert!(
            text.contains("give fewer --games, or run with --budget 8640"),
            "{text}"
        );
        let e = b.memory("building", 1e18, "").unwrap_err().to_string();
        assert!(e.contains("need about 1.0e18 bytes of memory"), "{e}");
    }
}

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

use std::time::{Duration, Instant};

/// Seconds a command may take unless `--budget` says otherwise.
pub const DEFAULT_SECONDS: f64 = 60.0;

/// Rough rates of the hot loops, per core, measured on the 2-core machine CI runs on, then
/// halved: an estimate should err towards "too slow".
pub mod rate {
    /// Simulated turns per second per thread. Measured: about 4e8 on the classic board (its
    /// table fits in L1; `candyland --budget 1000 simulate --games 20000000` in 0.93 s on two
    /// threads); a board whose table misses the caches is several times slower, hence 5e7.
    pub const SIM_TURNS: f64 = 5e7;
    /// Chain transitions built per second (step function, hashing, sorting).
    pub const CHAIN_TRANSITIONS: f64 = 2e7;
    /// Multiply-adds per second of the `f64` sweep (transitions times feedback states).
    pub const SWEEP_FLOPS: f64 = 2e8;
    /// States and transitions visited per second by a breadth-first search (the loop search
    /// of `forever`: one search from each target of a backward move, two kinds of loop).
    pub const GRAPH_STEPS: f64 = 2.5e7;
}

/// Bytes the chain takes per transition at its peak (the per-card table and the sparse matrix,
/// with the states and the board: 15 measured on a million-space Candy Land board; the rest is
/// room for the bigger states of other games).
pub const CHAIN_BYTES_PER_TRANSITION: f64 = 24.0;

/// A command's allowance of time; memory is limited by the machine.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Budget {
    seconds: f64,
    memory: f64,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::new(DEFAULT_SECONDS)
    }
}

/// Work that would take longer than the budget, or more memory than the machine has.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{what} would {cost}; {fix}")]
pub struct OverBudget {
    /// The work, e.g. "simulating 1000000 games".
    pub what: String,
    /// "take about 3 hours (the budget is 60 s)" or "need about 2 TB of memory (...)".
    pub cost: String,
    /// What the user can do about it.
    pub fix: String,
}

impl Budget {
    /// A budget of `seconds` (at least a millisecond); memory: 80 % of what is available.
    pub fn new(seconds: f64) -> Budget {
        Budget {
            seconds: seconds.max(1e-3),
            memory: 0.8 * available_memory(),
        }
    }

    /// No limit on time (memory is still limited by the machine).
    pub fn unlimited() -> Budget {
        Budget {
            seconds: f64::INFINITY,
            memory: 0.8 * available_memory(),
        }
    }

    /// The time allowed, in seconds.
    pub fn seconds(&self) -> f64 {
        self.seconds
    }

    /// Refuses work estimated to take `seconds`; `fix` names what else the user can change
    /// (the `--budget` flag is always offered).
    pub fn time(&self, what: &str, seconds: f64, fix: &str) -> Result<(), OverBudget> {
        if seconds <= self.seconds {
            return Ok(());
        }
        let needed = if seconds.is_finite() {
            (seconds * 1.2).ceil().max(1.0)
        } else {
            f64::INFINITY
        };
        let fix = match (needed.is_finite() && needed < 1e9, fix.is_empty()) {
            (true, true) => format!("run with --budget {needed:.0} to allow it"),
            (true, false) => format!("{fix}, or run with --budget {needed:.0} to allow it"),
            (false, true) => "no --budget would be enough".to_string(),
            (false, false) => format!("{fix} (no --budget would be enough)"),
        };
        Err(OverBudget {
            what: what.to_string(),
            cost: format!(
                "take about {} (the budget is {})",
                duration(seconds),
                duration(self.seconds)
            ),
            fix,
        })
    }

    /// Refuses work estimated to need `bytes` of memory at once.
    pub fn memory(&self, what: &str, bytes: f64, fix: &str) -> Result<(), OverBudget> {
        if bytes <= self.memory {
            return Ok(());
        }
        Err(OverBudget {
            what: what.to_string(),
            cost: format!(
                "need about {} of memory, more than the {} this tool allows itself (80 % of the {} this machine has free)",
                size(bytes),
                size(self.memory),
                size(self.memory / 0.8)
            ),
            fix: if fix.is_empty() {
                "it cannot be done on this machine".to_string()
            } else {
                fix.to_string()
            },
        })
    }

    /// Refuses `games` simulated games of about `turns` turns each (every player's turns
    /// counted), on the current thread pool; `fix` as in [`Budget::time`].
    pub fn simulation(&self, games: u64, turns: f64, fix: &str) -> Result<(), OverBudget> {
        let threads = rayon::current_num_threads().max(1) as f64;
        let seconds = games as f64 * turns.max(1.0) / (rate::SIM_TURNS * threads);
        self.time(&format!("simulating {games} games"), seconds, fix)
    }

    /// Starts a probe for work whose cost shows only as it goes.
    pub fn probe(&self, what: &str, fix: &str) -> Probe {
        Probe {
            started: Instant::now(),
            budget: *self,
            what: what.to_string(),
            fix: fix.to_string(),
        }
    }
}

/// Watches work as it goes: after [`Probe::PILOT`], the time so far is extrapolated from the
/// fraction done, and the work stops if the total would be over the budget (also when it
/// runs past the budget itself). Work that gets slower as it goes is under-estimated, so the
/// message says "at least".
#[derive(Debug, Clone)]
pub struct Probe {
    started: Instant,
    budget: Budget,
    what: String,
    fix: String,
}

impl Probe {
    /// How long work runs before its total is extrapolated.
    pub const PILOT: Duration = Duration::from_millis(500);

    /// `done` of `total` units are done.
    pub fn check(&self, done: f64, total: f64) -> Result<(), OverBudget> {
        let elapsed = self.started.elapsed();
        if elapsed < Self::PILOT || done <= 0.0 || total <= done {
            return if elapsed.as_secs_f64() > self.budget.seconds && total > done {
                self.over(f64::INFINITY)
            } else {
                Ok(())
            };
        }
        let estimate = elapsed.as_secs_f64() * total / done;
        if estimate > self.budget.seconds {
            self.over(estimate)
        } else {
            Ok(())
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
        match refused.into_inner() {
            Some(e) => Err(e),
            None => Ok(result),
        }
    }

    fn over(&self, estimate: f64) -> Result<(), OverBudget> {
        let mut e = self
            .budget
            .time(&self.what, estimate, &self.fix)
            .expect_err("over budget");
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

/// Bytes of memory available to this process: `MemAvailable` on Linux, else 8 GiB.
fn available_memory() -> f64 {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with("MemAvailable:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse::<f64>().ok())
        })
        .map_or(8.0 * 1024.0 * 1024.0 * 1024.0, |kb| kb * 1024.0)
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

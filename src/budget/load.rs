//! How much slower than on an idle machine work runs now: the fixed rates of [`super::rate`]
//! were measured in processor time, and a machine running other work shares its cores.
//!
//! The share of a core this process gets is measured, not guessed from the load average (which
//! also counts tasks waiting on disk and lags by a minute): the calling thread spins for
//! [`SPIN`] and compares the time that passed with the processor time it was given
//! (`/proc/thread-self/schedstat`). On the 2-core machine the rates come from, with other
//! builds running, `analyze --moments-only` on a million-space board took 6.1 to 7.3 s of
//! wall-clock time for 1.15 s of processor time. Work whose cost is measured on the spot (a
//! pilot of the simulation, one step of the distribution, a probe) already runs under the
//! load and is not scaled.

use std::sync::OnceLock;
use std::time::Duration;

use crate::budget::clock::Instant;

/// How long the share of a core is measured for (once per run, when first needed).
pub const SPIN: Duration = Duration::from_millis(30);

/// Set to a number, this environment variable is the slowdown instead of the measure (for a
/// machine whose share of a core the spin misreads; a value below 1 makes every estimate that
/// many times too optimistic, which is how the tests make work outrun its estimate).
pub const OVERRIDE: &str = "CANDYLAND_SLOWDOWN";

/// The factor (1 to 50) by which single-threaded work is slower than on an idle machine, now.
/// 1 where processor time cannot be read; [`OVERRIDE`] when set (1e-6 to 50).
pub fn slowdown() -> f64 {
    static SLOWDOWN: OnceLock<f64> = OnceLock::new();
    *SLOWDOWN.get_or_init(|| {
        let given = std::env::var(OVERRIDE)
            .ok()
            .and_then(|v| v.parse::<f64>().ok());
        match given {
            Some(s) if s.is_finite() => s.clamp(1e-6, 50.0),
            _ => measure().unwrap_or(1.0),
        }
    })
}

fn measure() -> Option<f64> {
    let cpu = super::ledger::thread_cpu_seconds;
    let (started, before) = (Instant::now(), cpu()?);
    let mut spins = 0u64;
    while started.elapsed() < SPIN {
        spins = std::hint::black_box(spins + 1);
    }
    let (wall, used) = (started.elapsed().as_secs_f64(), cpu()? - before);
    Some(of(wall, used))
}

/// Wall-clock time over processor time, 1 to 50.
fn of(wall: f64, cpu: f64) -> f64 {
    if cpu <= 0.0 {
        return 50.0;
    }
    (wall / cpu).clamp(1.0, 50.0)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_slowdown_is_wall_time_over_processor_time() {
        // A whole core: no slowdown (and rounding never makes it faster than idle).
        assert_eq!(super::of(0.020, 0.020), 1.0);
        assert_eq!(super::of(0.020, 0.021), 1.0);
        // A third of a core: three times as long.
        assert!((super::of(0.021, 0.007) - 3.0).abs() < 1e-12);
        // No processor time at all (the thread never ran): the most it counts.
        assert_eq!(super::of(0.020, 0.0), 50.0);
    }
}

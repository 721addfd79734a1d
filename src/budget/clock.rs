//! The one time source of the library. Natively it is [`std::time::Instant`]. In a browser
//! (`wasm32-unknown-unknown`) `Instant::now` panics, so the embedding page gives the time
//! instead (`set_clock`: milliseconds from any fixed origin, e.g. `performance.now()`), and
//! the budget works there as on the command line; with no clock given, time stands still (every
//! estimate is still refused up front, and nothing is stopped half-way).

#[cfg(not(target_arch = "wasm32"))]
pub use std::time::Instant;

#[cfg(target_arch = "wasm32")]
pub use browser::{set_clock, Instant};

#[cfg(target_arch = "wasm32")]
mod browser {
    use std::ops::{Add, Sub};
    use std::sync::RwLock;
    use std::time::Duration;

    /// The page's clock: milliseconds from a fixed origin (none until one is set).
    static CLOCK: RwLock<Option<fn() -> f64>> = RwLock::new(None);

    /// Gives the library its time source: `now()` in milliseconds from a fixed origin.
    pub fn set_clock(now: fn() -> f64) {
        *CLOCK.write().unwrap_or_else(|e| e.into_inner()) = Some(now);
    }

    fn millis() -> f64 {
        let clock = *CLOCK.read().unwrap_or_else(|e| e.into_inner());
        clock.map_or(0.0, |now| now())
    }

    /// A moment, in milliseconds of the page's clock.
    #[derive(Debug, Clone, Copy, PartialEq)]
    pub struct Instant(f64);

    impl Instant {
        /// Now, by the page's clock.
        pub fn now() -> Instant {
            Instant(millis())
        }
        /// The time since this moment.
        pub fn elapsed(&self) -> Duration {
            Instant::now().duration_since(*self)
        }
        /// The time from `earlier` to this moment (zero if `earlier` is later).
        pub fn duration_since(&self, earlier: Instant) -> Duration {
            Duration::from_secs_f64(((self.0 - earlier.0) / 1e3).max(0.0))
        }
        /// The time from `earlier` to this moment, zero if `earlier` is later.
        pub fn saturating_duration_since(&self, earlier: Instant) -> Duration {
            self.duration_since(earlier)
        }
        /// This moment plus `d` (always representable here).
        pub fn checked_add(&self, d: Duration) -> Option<Instant> {
            Some(*self + d)
        }
        /// The later of two moments.
        pub fn max(self, other: Instant) -> Instant {
            if other.0 > self.0 {
                other
            } else {
                self
            }
        }
    }

    impl Eq for Instant {}

    impl PartialOrd for Instant {
        fn partial_cmp(&self, other: &Instant) -> Option<std::cmp::Ordering> {
            Some(self.cmp(other))
        }
    }

    impl Ord for Instant {
        fn cmp(&self, other: &Instant) -> std::cmp::Ordering {
            self.0.total_cmp(&other.0)
        }
    }

    impl Add<Duration> for Instant {
        type Output = Instant;
        fn add(self, d: Duration) -> Instant {
            Instant(self.0 + d.as_secs_f64() * 1e3)
        }
    }

    impl Sub<Instant> for Instant {
        type Output = Duration;
        fn sub(self, earlier: Instant) -> Duration {
            self.duration_since(earlier)
        }
    }
}

//! How far counted work has got (games simulated, rule sets searched). The questions that count
//! their work take a [`Progress`]; the command line draws a bar on a terminal, a library user
//! may pass [`Silent`].

/// Where a question reports counted work.
pub trait Progress: Sync {
    /// Work of `total` `unit` ("games", "rule sets") begins, described by `what` ("simulating");
    /// the counter returned is told of every piece done, and dropped when the work ends.
    fn start(&self, total: u64, what: &str, unit: &str) -> Box<dyn Counter + '_>;
}

/// The counter of one piece of counted work.
pub trait Counter: Sync {
    /// `n` more done.
    fn add(&self, n: u64);
}

/// No progress shown.
#[derive(Debug, Clone, Copy, Default)]
pub struct Silent;

impl Progress for Silent {
    fn start(&self, _: u64, _: &str, _: &str) -> Box<dyn Counter + '_> {
        Box::new(Silent)
    }
}

impl Counter for Silent {
    fn add(&self, _: u64) {}
}

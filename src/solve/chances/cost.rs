//! What the chain of one player alone costs, known before it is built, and the chain built
//! within the budget ([`build_within`]).
//!
//! Why a pilot: the chain's size has no useful bound from the board alone (squares x what a
//! player holds x its other counters is 25 times too many at the default cap of the shipped
//! policy game), but it grows steadily with the cap, since a state holds at most the cap: that
//! game's novice has 11,754 states and 0.12 million transitions at a cap of 115, 47,857 and 1.1
//! million at 600, 76,669 and 2.2 million at 1,000 (measured). So the chain is first built
//! with a cap of 50 more than the start holds (the pilot, a few hundredths of a second), and
//! timed; the whole chain's states are scaled from it by the ratio of the caps r, its
//! transitions by r^1.5 (a state holding more can afford longer moves, about as the square root
//! of what it holds: 10.5 transitions a state at 115, 23 at 600, 29 at 1,000). From 115 to 600
//! that gives 60,900 states and 1.5 million transitions, a little over what is built, which is
//! the side an estimate should err on. A pilot whose games never pass its cap is the whole
//! chain, for any larger cap.
//!
//! The estimate is checked against the memory this process may take and the time left
//! ([`Budget::memory_kept`], [`Budget::time`]) before the chain is built, and the build itself
//! stops past what the memory allows or twice what the time left allows at the rate measured,
//! so that no estimate's error can exhaust the machine: a refusal names the work and the flags
//! to change (the game's cap flag, `--budget`), with exit code 2, never an abort.

use crate::budget::clock::Instant;

use super::chain::{build, Chain, Limit, Stopped, Target};
use crate::budget::{size, Budget, Kept, OverBudget, MEMORY_SHARE};
use crate::games::chance::{CapWords, ChanceTurn};
use crate::input::number::{approx_count, count};

/// What the pilot's cap allows beyond what the start holds.
pub const PILOT_MARGIN: u32 = 50;

/// Bytes at the peak of `analyze` per transition of the chain (its rows, the distribution's
/// flat copy of them, the solver's integer counts), and per state (the state map, the
/// distribution's vectors): 113 MB measured for the novice at cap 600 (47,857 states, 1.1
/// million transitions), 237 MB at cap 1,200 with a start holding 1,000 (86,014 states).
pub const BYTES_PER_TRANSITION: f64 = 100.0;
/// See [`BYTES_PER_TRANSITION`].
pub const BYTES_PER_STATE: f64 = 200.0;

/// Seconds a transition takes to build when no pilot has been timed (0.28 s for the 1.1
/// million of the novice at cap 600, on the 2-core machine the budget's rates come from).
const SECONDS_PER_TRANSITION: f64 = 2.5e-7;

/// The flag that makes the chain smaller, in words.
fn fix(words: &CapWords) -> String {
    format!(
        "use a smaller {} (the default is {})",
        words.flag, words.default
    )
}

/// The chain's size, estimated or known.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimate {
    /// States.
    pub states: f64,
    /// Transitions.
    pub transitions: f64,
}

impl Estimate {
    /// Bytes at the peak of the work on a chain of this size.
    pub fn bytes(&self) -> f64 {
        BYTES_PER_TRANSITION * self.transitions + BYTES_PER_STATE * self.states
    }

    /// The chain capped at `cap`, from a pilot capped at `pilot_cap` of this size.
    pub fn scaled(&self, pilot_cap: u32, cap: u32) -> Estimate {
        let r = (f64::from(cap) + 1.0) / (f64::from(pilot_cap) + 1.0);
        Estimate {
            states: self.states * r,
            transitions: self.transitions * r.powf(1.5),
        }
    }
}

/// A figure estimated, in two significant digits: "61,000".
fn about(x: f64) -> String {
    let scale = 10f64.powi(x.max(1.0).log10().floor() as i32 - 1);
    approx_count((x / scale).round() * scale)
}

/// The work, in words, for messages.
fn work(words: &CapWords, cap: u32, size: Option<Estimate>) -> String {
    let noun = words.noun;
    match size {
        Some(e) => format!(
            "building the exact chain of one player alone (about {} states and {} transitions, {noun} capped at {cap})",
            about(e.states),
            about(e.transitions)
        ),
        None => format!("building the exact chain of one player alone ({noun} capped at {cap})"),
    }
}

/// The most transitions the memory this process may still take holds, at a state per 10
/// transitions.
fn transitions_allowed() -> usize {
    let allowed = MEMORY_SHARE * crate::budget::memory::available().bytes;
    (allowed / (BYTES_PER_TRANSITION + BYTES_PER_STATE / 10.0)).max(0.0) as usize
}

/// The refusal of more states than the chain may have.
fn too_many_states(what: String, max_states: usize, words: &CapWords) -> OverBudget {
    OverBudget {
        what,
        cost: format!(
            "have more than the {} states the chain may have",
            count(max_states as u64)
        ),
        fix: fix(words),
        needed: None,
        beyond_any_budget: true,
        lacking: crate::budget::Resource::Memory,
    }
}

/// What a build may not pass: `max_states`, the transitions the memory holds, and those the
/// time left allows at `per` seconds each (twice over, for the rate's error).
struct Bounds {
    words: CapWords,
    max_states: usize,
    memory: usize,
    time: usize,
    per: f64,
}

impl Bounds {
    fn limit(&self) -> Limit {
        Limit {
            states: self.max_states,
            transitions: self.memory.min(self.time),
        }
    }

    /// The refusal of a build stopped past the limit: the states, the memory or the time.
    fn refusal(&self, cap: u32, stopped: Stopped, budget: &Budget) -> OverBudget {
        let fix = fix(&self.words);
        if stopped.states > self.max_states {
            return too_many_states(work(&self.words, cap, None), self.max_states, &self.words);
        }
        let what = work(&self.words, cap, None);
        // What it had found, when that is enough to say something.
        let found = if stopped.transitions >= 1_000 {
            format!(
                ": it had {} states and {} transitions when it stopped",
                count(stopped.states as u64),
                count(stopped.transitions as u64)
            )
        } else {
            String::new()
        };
        if stopped.transitions >= self.memory {
            let available = crate::budget::memory::available();
            return OverBudget {
                what,
                cost: format!(
                    "need more memory than the {} this tool allows itself ({:.0} % of the {} {}){found}",
                    size(MEMORY_SHARE * available.bytes),
                    MEMORY_SHARE * 100.0,
                    size(available.bytes),
                    available.source.words()
                ),
                fix: fix.clone(),
                needed: None,
                beyond_any_budget: false,
                lacking: crate::budget::Resource::Memory,
            };
        }
        // At least twice what was built, at the rate measured.
        let seconds = 2.0 * self.per * stopped.transitions as f64;
        let mut e = budget
            .time(&what, seconds, &fix)
            .err()
            .unwrap_or_else(|| OverBudget {
                what,
                cost: "take longer than the time left".into(),
                fix: fix.clone(),
                needed: None,
                beyond_any_budget: false,
                lacking: crate::budget::Resource::Time,
            });
        e.cost = format!("{}{found}", e.cost.replace("take about", "take at least"));
        e
    }
}

/// The chain of `game` holding at most `cap`, built within `budget` and `max_states`, or
/// refused before it is built (see the module's documentation).
pub fn build_within<G: ChanceTurn>(
    game: &G,
    cap: u32,
    max_states: usize,
    budget: &Budget,
) -> Result<Chain<G::State>, OverBudget> {
    let words = game.cap_words();
    let start = game.held(game.start());
    let pilot_cap = cap.min(start.saturating_add(PILOT_MARGIN));
    let in_time = |per: f64| (2.0 * budget.left() / per).min(usize::MAX as f64) as usize;
    let mut bounds = Bounds {
        words,
        max_states,
        memory: transitions_allowed(),
        time: in_time(SECONDS_PER_TRANSITION),
        per: SECONDS_PER_TRANSITION,
    };
    let started = Instant::now();
    let pilot = build(game, pilot_cap, bounds.limit())
        .map_err(|stopped| bounds.refusal(cap, stopped, budget))?;
    let size = size_of(&pilot);
    let cut = pilot
        .rows
        .iter()
        .any(|row| row.iter().any(|(t, _)| *t == Target::Cut));
    if pilot_cap == cap || !cut {
        // The whole chain: no game of the pilot passes its cap, so none passes a larger one.
        budget.memory_kept(
            &work(&words, cap, Some(size)),
            size.bytes(),
            Kept::Kept,
            &fix(&words),
        )?;
        return Ok(Chain { cap, ..pilot });
    }
    bounds.per = (started.elapsed().as_secs_f64() / size.transitions.max(1.0))
        .max(SECONDS_PER_TRANSITION / 4.0);
    let estimate = size.scaled(pilot_cap, cap);
    let what = work(&words, cap, Some(estimate));
    if estimate.states > max_states as f64 {
        return Err(too_many_states(what, max_states, &words));
    }
    budget.memory_kept(&what, estimate.bytes(), Kept::Kept, &fix(&words))?;
    budget.time(&what, bounds.per * estimate.transitions, &fix(&words))?;
    // The estimate fits, so the time left holds twice as many transitions at the rate measured.
    bounds.time = in_time(bounds.per);
    build(game, cap, bounds.limit()).map_err(|stopped| bounds.refusal(cap, stopped, budget))
}

/// The size of a built chain.
fn size_of<S>(chain: &Chain<S>) -> Estimate {
    Estimate {
        states: chain.len() as f64,
        transitions: chain.rows.iter().map(Vec::len).sum::<usize>() as f64,
    }
}

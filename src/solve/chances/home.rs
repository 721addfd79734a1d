//! Why no game of one player alone reaches home, when none can: `analyze` says so in words in
//! place of the figures over the games that reach home (a mean of NaN turns, a median of 0,
//! before), and `report` and `check` refuse with it, as they refuse a race board whose games
//! can go on forever.
//!
//! Read from the chain's structure, not from its numbers: no row of the chain leads home. The
//! cause is told apart by what the chain does keep: a start beyond the cap (the chain follows
//! no game), states within the cap none of which moves home (the policy never gets there, or
//! only by holding more than the cap), or no state that leads anywhere but to a dead end.

use super::chain::{Chain, Target};
use crate::games::chance::CapWords;
use crate::input::number::probability;

/// Why no game reaches home.
#[derive(Debug, Clone, PartialEq)]
pub enum NeverHome {
    /// The player starts holding more than the cap, which the chain keeps no state
    /// beyond.
    StartOverCap {
        /// What the start holds.
        held: u32,
        /// The cap.
        cap: u32,
        /// How messages name the cap.
        words: CapWords,
    },
    /// No state within the cap moves home: every game passes the cap or gets stuck.
    WithinCap {
        /// The cap.
        cap: u32,
        /// How messages name the cap.
        words: CapWords,
        /// The chance of passing the cap.
        cut: f64,
        /// The chance of getting stuck.
        stuck: f64,
    },
    /// Every game gets stuck: no state the policy reaches moves home, and none passes the cap.
    Stuck,
}

impl NeverHome {
    /// Why no game of `chain` reaches home, or `None` when some row leads home; `cut` and
    /// `stuck` are the chances of the other two ends (from its distribution).
    pub fn of<S>(chain: &Chain<S>, cut: f64, stuck: f64) -> Option<NeverHome> {
        let leads = |end: Target| chain.rows.iter().flatten().any(|(t, _)| *t == end);
        if leads(Target::Home) {
            return None;
        }
        let held = chain.start_held;
        Some(if held > chain.cap {
            NeverHome::StartOverCap {
                held,
                cap: chain.cap,
                words: chain.words,
            }
        } else if leads(Target::Cut) {
            NeverHome::WithinCap {
                cap: chain.cap,
                words: chain.words,
                cut,
                stuck,
            }
        } else {
            NeverHome::Stuck
        })
    }

    /// The reason in words, for a player following `policy`; it names the flag that changes
    /// it where one can.
    pub fn words(&self, policy: &str) -> String {
        match *self {
            NeverHome::StartOverCap { held, cap, words } => format!(
                "the player starts with {held} {noun}, more than the {name} of {cap}, and the chain keeps no state beyond the cap; a {flag} of {held} or more follows the games",
                noun = words.noun,
                name = words.name,
                flag = words.flag,
            ),
            NeverHome::WithinCap {
                cap,
                words,
                cut,
                stuck,
            } => format!(
                "no state the chain keeps (at most {cap} {noun}) has a move home under policy {policy}: every game holds more {noun} than the cap at some point (a chance of {}) or gets stuck ({}); a larger {flag} follows the games further, if {policy} can reach home at all",
                probability(cut),
                probability(stuck),
                noun = words.noun,
                flag = words.flag,
            ),
            NeverHome::Stuck => format!(
                "under policy {policy} every game gets stuck: no state it reaches has a move home"
            ),
        }
    }
}

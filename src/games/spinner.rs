//! What the spinner games share: the weights of a spinner's faces, checked, and what a move
//! past the last square does.

use serde::{Deserialize, Serialize};

use crate::games::race::Event;
use crate::input::problems::{Problems, MAX_CARDS};

/// A move went past the last square (the token stayed or bounced back). The same event number
/// in every spinner game, after [`crate::games::jumps::LADDER`] and `CHUTE`.
pub const OVERSHOOT: Event = Event::game(2);

/// What happens when a move would go past the last square.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Default,
    Deserialize,
    Serialize,
    strum::VariantArray,
    strum::EnumMessage,
)]
#[serde(rename_all = "kebab-case")]
pub enum Overshoot {
    /// The token stays put: the last square must be reached exactly (Milton Bradley's rule).
    #[default]
    Stay,
    /// The token counts the extra squares back from the last square.
    Bounce,
    /// Reaching or passing the last square wins.
    Win,
}

/// The weights of `faces` faces from `spinner.weights` (all 1 when absent), checked: one per
/// face, each positive, adding up to at most [`MAX_CARDS`]. Empty after a problem.
pub(crate) fn weights(given: Option<&[u32]>, faces: usize, p: &mut Problems) -> Vec<u32> {
    let weights = match given {
        None => vec![1; faces],
        Some(w) if w.len() != faces => {
            p.add(
                "spinner.weights",
                format!(
                    "has {} weights for {faces} faces; give one weight per face",
                    w.len()
                ),
            );
            return Vec::new();
        }
        Some(w) => {
            for (i, &x) in w.iter().enumerate() {
                if x == 0 {
                    p.add(
                        format!("spinner.weights[{i}]"),
                        "is 0; remove the face instead, or give it a positive weight",
                    );
                }
            }
            w.to_vec()
        }
    };
    let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
    if total > MAX_CARDS {
        p.add(
            "spinner.weights",
            format!("add up to {total}; at most {MAX_CARDS} is supported (the simulator holds one entry per unit of weight), so scale them down"),
        );
        return Vec::new();
    }
    weights
}

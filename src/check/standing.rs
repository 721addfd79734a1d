//! Where a program's player stands alone, in expected turns: the answer `check` adds on a board
//! of a game with decisions ([`crate::results::check`] computes it from the best play).

use serde::{Deserialize, Serialize};

/// A player's standing alone, in expected turns.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Standing {
    /// The sample's mean length.
    pub mean: f64,
    /// Half the width of its 95 % confidence interval (1.96 sd / sqrt(n)).
    pub half_width: f64,
    /// No policy does better than this (value iteration from zero).
    pub best_lower_bound: f64,
    /// The best play found, exactly (`best`'s upper bound).
    pub best: f64,
    /// Every policy of the board alone, exactly: name and expected turns (null: never home).
    pub policies: Vec<(String, Option<f64>)>,
    /// The standing in a sentence.
    pub words: String,
}

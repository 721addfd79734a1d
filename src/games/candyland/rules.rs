//! Rule variants. Each field has a documented default (the official rules as the Hasbro
//! instructions describe them), and every shipped board states its own values explicitly.
//!
//! The same struct is the `[rules]` table of a board file and the validated model: every
//! combination of values is a playable game, so there is nothing to validate beyond the types.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::games::variant::word;

/// What a licorice space does to a token that lands on it.
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
pub enum LicoriceRule {
    /// The next turn is skipped: no card is drawn, then play goes on as usual.
    #[default]
    LoseNextTurn,
    /// The token stays until a card of the licorice space's colour is drawn; that card then moves
    /// it as usual. Every other card is a lost turn (landmark cards unless `landmark-frees`).
    StuckUntilColor,
    /// Licorice spaces are ordinary spaces.
    None,
}

/// How far a double-colour card moves.
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
pub enum DoubleMove {
    /// To the second space of that colour ahead (the official rule).
    #[default]
    TwoSteps,
    /// Like a single card: to the next space of that colour (a simulator that ignores doubles).
    OneStep,
}

/// Whether a double card follows a shortcut it lands on.
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
pub enum DoubleShortcut {
    /// Only where the move ends (the official rule: a bridge is taken when you land on it).
    #[default]
    FinalStep,
    /// Also on the first step: the second step continues from the shortcut's end.
    EachStep,
    /// A double card never follows a shortcut.
    Never,
}

/// Whether a double card is stopped by licorice.
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
pub enum DoubleLicorice {
    /// Only where the move ends (the first step passes over licorice).
    #[default]
    FinalStep,
    /// Licorice on the first step ends the move there.
    StopsMove,
    /// A double card is never caught by licorice.
    Never,
}

/// Where a landmark card may send a token.
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
pub enum LandmarkDirection {
    /// To the landmark, forward or backward (the official rule).
    #[default]
    Any,
    /// Only forward: a landmark card for a space behind you (or the one you are on) leaves you
    /// where you are.
    ForwardOnly,
}

/// Where tokens start.
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
pub enum Start {
    /// Off the board, before space 0: the first card moves to the first space of its colour.
    #[default]
    BeforeFirst,
    /// On space 0.
    FirstSpace,
}

/// The rule variants of one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default, rename_all = "kebab-case")]
pub struct Rules {
    /// What landing on licorice does. Default `lose-next-turn`.
    pub licorice: LicoriceRule,
    /// With `stuck-until-color`: a landmark card frees a stuck token (and moves it). Default false.
    pub landmark_frees: bool,
    /// How far a double card moves. Default `two-steps`.
    pub doubles: DoubleMove,
    /// Whether a double card follows a shortcut it lands on. Default `final-step`.
    pub double_shortcut: DoubleShortcut,
    /// Whether a double card is stopped by licorice. Default `final-step`.
    pub double_licorice: DoubleLicorice,
    /// Where a landmark card may send a token. Default `any`.
    pub landmark_direction: LandmarkDirection,
    /// Where tokens start. Default `before-first`.
    pub start: Start,
    /// Landing on the last space wins at once. Default false: the last space is an ordinary space
    /// and you win with a colour card that has no space of its colour ahead.
    pub land_on_last_wins: bool,
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "licorice {}", word(&self.licorice))?;
        if self.licorice == LicoriceRule::StuckUntilColor {
            let frees = if self.landmark_frees {
                "free"
            } else {
                "do not free"
            };
            write!(f, " (landmark cards {frees})")?;
        }
        write!(
            f,
            "; doubles {}, shortcut {}, licorice {}; landmarks {}; start {}; landing on the last space {}",
            word(&self.doubles),
            word(&self.double_shortcut),
            word(&self.double_licorice),
            word(&self.landmark_direction),
            word(&self.start),
            if self.land_on_last_wins { "wins" } else { "does not win" }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_rules_table_gives_the_documented_defaults() {
        let rules: Rules = toml::from_str("").unwrap();
        assert_eq!(rules, Rules::default());
        assert_eq!(rules.licorice, LicoriceRule::LoseNextTurn);
        assert_eq!(rules.doubles, DoubleMove::TwoSteps);
        assert!(!rules.land_on_last_wins);
    }

    #[test]
    fn rule_values_are_kebab_case_words() {
        let rules: Rules =
            toml::from_str("licorice = \"stuck-until-color\"\ndouble-shortcut = \"each-step\"")
                .unwrap();
        assert_eq!(rules.licorice, LicoriceRule::StuckUntilColor);
        assert_eq!(rules.double_shortcut, DoubleShortcut::EachStep);
        assert!(rules.to_string().contains("stuck-until-color"));
    }

    #[test]
    fn unknown_rule_keys_are_rejected() {
        assert!(toml::from_str::<Rules>("licorise = \"none\"").is_err());
    }
}

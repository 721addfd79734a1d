//! The rule flags every board command takes: changes to the board and its rules without
//! editing the file.

use clap::Args;

use crate::model::chutes::{OnMaxRolls, Overshoot};
use crate::model::{
    DoubleLicorice, DoubleMove, DoubleShortcut, Element, LandmarkDirection, LicoriceRule,
    RollAgain, Start, Variant,
};

/// Changes to the board and its rules, without editing the file.
#[derive(Debug, Clone, Default, Args)]
pub struct VariantArgs {
    /// Remove an element of the board (repeatable).
    #[arg(long, value_enum, value_name = "ELEMENT", help_heading = "Variants")]
    pub without: Vec<Element>,
    /// Licorice rule.
    #[arg(long, value_enum, value_name = "RULE", help_heading = "Variants")]
    pub licorice: Option<LicoriceRule>,
    /// Whether a landmark card frees a token stuck on licorice (stuck-until-color).
    #[arg(long, value_name = "BOOL", help_heading = "Variants")]
    pub landmark_frees: Option<bool>,
    /// How far a double card moves.
    #[arg(long, value_enum, value_name = "MOVE", help_heading = "Variants")]
    pub doubles: Option<DoubleMove>,
    /// Whether a double follows a shortcut on its first step.
    #[arg(long, value_enum, value_name = "WHEN", help_heading = "Variants")]
    pub double_shortcut: Option<DoubleShortcut>,
    /// Whether licorice on a double's first step stops the move.
    #[arg(long, value_enum, value_name = "WHEN", help_heading = "Variants")]
    pub double_licorice: Option<DoubleLicorice>,
    /// Where landmark cards may send a token.
    #[arg(long, value_enum, value_name = "DIRECTION", help_heading = "Variants")]
    pub landmark_direction: Option<LandmarkDirection>,
    /// Where tokens start.
    #[arg(long, value_enum, value_name = "WHERE", help_heading = "Variants")]
    pub start: Option<Start>,
    /// Whether landing on the last space wins at once.
    #[arg(long, value_name = "BOOL", help_heading = "Variants")]
    pub land_on_last_wins: Option<bool>,
    /// Chutes and Ladders: what a roll past the last square does.
    #[arg(long, value_enum, value_name = "RULE", help_heading = "Variants")]
    pub overshoot: Option<Overshoot>,
    /// Chutes and Ladders: whether each ladder or chute taken costs a turn.
    #[arg(long, value_name = "BOOL", help_heading = "Variants")]
    pub jump_costs_turn: Option<bool>,
    /// Chutes and Ladders: faces that give another roll in the same turn (e.g. 6), or none.
    #[arg(long, value_name = "FACES", help_heading = "Variants")]
    pub roll_again: Option<RollAgain>,
    /// Chutes and Ladders: the most rolls in one turn with --roll-again.
    #[arg(long, value_name = "N", help_heading = "Variants")]
    pub max_rolls: Option<u32>,
    /// Chutes and Ladders: what the last allowed roll does if it also shows a roll-again face.
    #[arg(long, value_enum, value_name = "RULE", help_heading = "Variants")]
    pub on_max_rolls: Option<OnMaxRolls>,
}

impl VariantArgs {
    /// The flags as a [`Variant`], with `--without` elements sorted and deduplicated.
    pub fn to_variant(&self) -> Variant {
        let mut without = self.without.clone();
        without.sort();
        without.dedup();
        Variant {
            without,
            licorice: self.licorice,
            landmark_frees: self.landmark_frees,
            doubles: self.doubles,
            double_shortcut: self.double_shortcut,
            double_licorice: self.double_licorice,
            landmark_direction: self.landmark_direction,
            start: self.start,
            land_on_last_wins: self.land_on_last_wins,
            overshoot: self.overshoot,
            jump_costs_turn: self.jump_costs_turn,
            roll_again: self.roll_again.clone(),
            max_rolls: self.max_rolls,
            on_max_rolls: self.on_max_rolls,
        }
    }
}

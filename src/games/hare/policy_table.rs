//! A policy as a table: for each situation a player decides in, its choice. `best` writes the
//! best play alone as one (`table = ["SQUARE CARROTS LETTUCES [chewed] [again]: CHOICE", ...]`
//! in `[policies.NAME]`, read once the board is), and the `table` step plays it: where
//! the table has no row for the situation, or its choice is not legal there (another player on
//! the square), the policy's next steps decide.

use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::choice::Choice;

/// The situation a player decides in, as a table row names it: the player after its turn has
/// begun (a number square paid, the mark settled or "chewed").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Situation {
    /// The square.
    pub pos: u8,
    /// Carrots held.
    pub carrots: u32,
    /// Lettuces still to chew.
    pub lettuces: u8,
    /// A lettuce was chewed here: the player must leave.
    pub chewed: bool,
    /// Moving again within the turn.
    pub again: bool,
}

impl Situation {
    /// The row's left side: "12 45 2", "7 30 3 chewed", "20 50 2 again".
    pub fn words(&self) -> String {
        format!(
            "{} {} {}{}{}",
            self.pos,
            self.carrots,
            self.lettuces,
            if self.chewed { " chewed" } else { "" },
            if self.again { " again" } else { "" }
        )
    }
}

/// The choices of a policy table.
pub type Table = Arc<FxHashMap<Situation, Choice>>;

//! The boards shipped in `data/boards/`, embedded in the binary so that `candyland analyze`
//! works from any directory. Each game lists its own ([`crate::games`]); this is all of them.

use std::sync::LazyLock;

pub use crate::games::game::ShippedBoard;

/// Every shipped board, game by game; the first is the default.
pub static SHIPPED: LazyLock<Vec<ShippedBoard>> = LazyLock::new(crate::games::shipped);

/// The board used when none is named.
pub const DEFAULT_BOARD: &str = "classic";

/// The shipped board with this name, if there is one (Hare and Tortoise boards included,
/// which have their own commands and are not in [`SHIPPED`]).
pub fn find(name: &str) -> Option<&'static ShippedBoard> {
    SHIPPED
        .iter()
        .chain(crate::games::hare::SHIPPED)
        .find(|b| b.name == name)
}

/// The shipped names, comma-separated, for messages.
pub fn names() -> String {
    SHIPPED
        .iter()
        .map(|b| b.name)
        .collect::<Vec<_>>()
        .join(", ")
}

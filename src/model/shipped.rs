//! The boards shipped in `data/boards/`, embedded in the binary so that `candyland analyze`
//! works from any directory.

/// A shipped board file.
#[derive(Debug, Clone, Copy)]
pub struct ShippedBoard {
    /// The name `candyland analyze NAME` accepts (the file's stem).
    pub name: &'static str,
    /// The TOML text.
    pub text: &'static str,
}

/// Every shipped board; the first is the default.
pub const SHIPPED: &[ShippedBoard] = &[
    ShippedBoard {
        name: "classic",
        text: include_str!("../../data/boards/classic.toml"),
    },
    ShippedBoard {
        name: "treats",
        text: include_str!("../../data/boards/treats.toml"),
    },
    ShippedBoard {
        name: "treats-as-coded",
        text: include_str!("../../data/boards/treats-as-coded.toml"),
    },
    ShippedBoard {
        name: "chutes-and-ladders",
        text: include_str!("../../data/boards/chutes-and-ladders.toml"),
    },
    ShippedBoard {
        name: "chutes-and-ladders-48",
        text: include_str!("../../data/boards/chutes-and-ladders-48.toml"),
    },
];

/// The board used when none is named.
pub const DEFAULT_BOARD: &str = "classic";

/// The shipped board with this name, if there is one.
pub fn find(name: &str) -> Option<&'static ShippedBoard> {
    SHIPPED.iter().find(|b| b.name == name)
}

/// The shipped names, comma-separated, for messages.
pub fn names() -> String {
    SHIPPED
        .iter()
        .map(|b| b.name)
        .collect::<Vec<_>>()
        .join(", ")
}

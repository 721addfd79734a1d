//! The kinds of square of a Hare and Tortoise track, shared by the board and the policies.

/// What a square of the track is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Square {
    /// Start (index 0): any number of players, nothing happens.
    Start,
    /// Hare: landing by a move draws from the hare table or the card pile.
    Hare,
    /// Carrot: on a later turn the player may stay and take or give carrots.
    Carrot,
    /// Lettuce: entered only with a lettuce in hand; the next turn the player may chew one.
    Lettuce,
    /// Tortoise: never entered by a forward move; the only squares a player may move back to.
    Tortoise,
    /// A number square: on the turn after arriving, a player whose race position is one of
    /// these ranks (bit `r` set for rank `r`) receives carrots for it.
    Number(u8),
    /// Home (the last index): the finish.
    Home,
}

impl Square {
    /// The kind's word, as policies and messages name it.
    pub fn kind_word(self) -> &'static str {
        match self {
            Square::Start => "start",
            Square::Hare => "hare",
            Square::Carrot => "carrot",
            Square::Lettuce => "lettuce",
            Square::Tortoise => "tortoise",
            Square::Number(_) => "number",
            Square::Home => "home",
        }
    }

    /// The square in words, e.g. "hare", "number (2)".
    pub fn describe(self) -> String {
        match self {
            Square::Number(ranks) => {
                let r: Vec<String> = (1..8)
                    .filter(|r| ranks & (1 << r) != 0)
                    .map(|r| r.to_string())
                    .collect();
                format!("number ({})", r.join(", "))
            }
            other => other.kind_word().to_string(),
        }
    }
}

/// The square kinds a policy may name.
pub const KIND_WORDS: &[&str] = &["hare", "carrot", "lettuce", "tortoise", "number"];

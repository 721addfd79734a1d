//! Where Wiener's rules are silent, each place named, with where its reading is written: a key
//! of the `[rules]` table (a user may choose another value) or a reading the step function
//! fixes, stated in the shipped board files' comments as `# - NAME: ...`. A test holds the
//! shipped boards to this list, so that a silent rule cannot go without a stated reading; and
//! every `[rules]` key is either one of these or a number or choice the text gives.

/// Where a silent rule's reading is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    /// A `[rules]` key, set in every shipped board file with a comment.
    Key(&'static str),
    /// A reading fixed by the step function, stated in the board files as `# - NAME: ...`.
    Stated,
}

/// One place where the text is silent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Silence {
    /// Its name: the key, or the word the board files' readings begin with.
    pub name: &'static str,
    /// What the text leaves open, in a line.
    pub question: &'static str,
    /// Where the reading is.
    pub written: Written,
}

const fn key(name: &'static str, question: &'static str) -> Silence {
    Silence {
        name,
        question,
        written: Written::Key(name),
    }
}

const fn stated(name: &'static str, question: &'static str) -> Silence {
    Silence {
        name,
        question,
        written: Written::Stated,
    }
}

/// Every place where R. Wiener, "A New Software Development Project Using an Old Game"
/// (Journal of Object Technology, 2007), leaves a rule open, in the order of his text.
pub const SILENCES: &[Silence] = &[
    key(
        "finish-count",
        "whether the carrots a player may finish with are counted before or after paying for the move home",
    ),
    stated(
        "race-position",
        "the race position of players level with one another (on the start)",
    ),
    stated(
        "number-square",
        "when a number square pays, and whether again after a skipped turn",
    ),
    stated(
        "carrot-stay",
        "whether a player may stay on a carrot square turn after turn, and give with fewer than 10 carrots",
    ),
    stated(
        "lettuce-leave",
        "what a player that must leave a lettuce square does when it cannot move",
    ),
    stated(
        "hare-chew-lettuce",
        "when the hare's \"chew a lettuce\" chews, and for how many carrots",
    ),
    stated(
        "hare-chew-carrot",
        "whether the hare's \"chew a carrot\" takes or gives",
    ),
    stated(
        "last-turn-free",
        "what the hare's \"your last turn free of charge\" gives back",
    ),
    stated("move-again", "what the hare's \"move again\" allows"),
    stated(
        "hare-arrival",
        "what a square reached by a hare's effect does (a hare, a tortoise or a number square)",
    ),
    key(
        "nobody-there",
        "where \"drop back\" and \"move forward one position\" go with nobody behind or ahead",
    ),
    key(
        "drop-back-behind-start",
        "where \"drop back one position\" goes when the player behind stands on the start",
    ),
    stated(
        "forward-one-home",
        "whether \"move forward one position\" may reach home",
    ),
    stated(
        "ranks-past-table",
        "which column of the hare table a fifth or sixth player reads",
    ),
    stated("game-end", "whether the later places are played out"),
];

/// The `[rules]` keys whose values the text gives (or an edition's rule book): not silences.
pub const GIVEN: &[&str] = &[
    "start-carrots",
    "start-lettuces",
    "finish-carrots",
    "rank-carrots",
    "chew-carrots",
    "tortoise-carrots",
    "hare-draws",
    "card-pile",
];

//! What the charts mark along a board's track, described without naming a game: each game
//! fills one in ([`crate::games::Game::track`]) and the chart code draws it.

/// An RGB colour for charts.
pub type Rgb = (u8, u8, u8);

/// What the board charts mark along the track, described without naming a game.
#[derive(Debug, Clone)]
pub struct Track {
    /// The number printed for index 0 (0 for 0-based spaces, 1 for squares 1..N).
    pub first_number: usize,
    /// What a position is called: "space", "square".
    pub word: String,
    /// What a position is called on an axis, e.g. "space (0-based index)".
    pub axis: String,
    /// Legend entries for the space fills: (name, colour).
    pub kinds: Vec<(String, Rgb)>,
    /// Each space's entry in `kinds`.
    pub fills: Vec<usize>,
    /// Spaces that hold a token (traps), with their legend name.
    pub traps: (String, Vec<usize>),
    /// Named spaces, with their legend name and colour.
    pub named: (String, Rgb, Vec<(usize, String)>),
    /// Moves from one index to another, by kind.
    pub jumps: Vec<Jumps>,
}

/// One kind of jump along the track, for the charts.
#[derive(Debug, Clone)]
pub struct Jumps {
    /// Legend name, e.g. "shortcut".
    pub name: String,
    /// The colour its arrows are drawn in.
    pub colour: Rgb,
    /// (from, to) as 0-based indices.
    pub moves: Vec<(usize, usize)>,
}

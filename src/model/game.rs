//! The game kinds a board file can describe, behind one [`Game`] (validated) and one
//! [`GameFile`] (as parsed).
//!
//! This is the one place that knows which games exist (with the step functions in
//! [`crate::game`]): everything the commands, solvers and reports need to say about a board
//! (its name, its spaces' names and notes, what the charts mark on the track, which rule
//! variants a checker should try) is asked of a [`Game`] here, never by matching on the kind.

use crate::model::chutes::{ChutesBoard, ChutesFile};
use crate::model::{Board, BoardFile, Card, Colour, InvalidBoard, Space};

/// The `game` key of a board file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameKind {
    /// Candy Land: a coloured track and a deck of cards (`game = "candyland"`, the default).
    CandyLand,
    /// Chutes and Ladders: squares 1..N, a spinner, ladders and chutes
    /// (`game = "chutes-and-ladders"`).
    ChutesAndLadders,
}

impl GameKind {
    /// Every game kind, in the order messages list them.
    pub const ALL: [GameKind; 2] = [GameKind::CandyLand, GameKind::ChutesAndLadders];

    /// The word used in board files.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::CandyLand => "candyland",
            GameKind::ChutesAndLadders => "chutes-and-ladders",
        }
    }

    /// The kind whose board-file word is `name`, `None` for an unknown word.
    pub fn from_name(name: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// A board file as parsed, before validation.
#[derive(Debug, Clone)]
pub enum GameFile {
    /// A parsed Candy Land board file.
    CandyLand(BoardFile),
    /// A parsed Chutes and Ladders board file.
    ChutesAndLadders(ChutesFile),
}

impl GameFile {
    /// Which game the file describes.
    pub fn kind(&self) -> GameKind {
        match self {
            GameFile::CandyLand(_) => GameKind::CandyLand,
            GameFile::ChutesAndLadders(_) => GameKind::ChutesAndLadders,
        }
    }

    /// Validates.
    pub fn validate(&self) -> Result<Game, InvalidBoard> {
        Ok(match self {
            GameFile::CandyLand(f) => Game::CandyLand(Board::from_file(f)?),
            GameFile::ChutesAndLadders(f) => Game::ChutesAndLadders(ChutesBoard::from_file(f)?),
        })
    }
}

/// A validated board of any kind.
#[derive(Debug, Clone)]
pub enum Game {
    /// A validated Candy Land board.
    CandyLand(Board),
    /// A validated Chutes and Ladders board.
    ChutesAndLadders(ChutesBoard),
}

/// An RGB colour for charts.
pub type Rgb = (u8, u8, u8);

/// What the board charts mark along the track, described without naming a game.
#[derive(Debug, Clone)]
pub struct Track {
    /// The number printed for index 0 (0 for Candy Land's 0-based spaces, 1 for squares 1..N).
    pub first_number: usize,
    /// What a position is called: "space", "square".
    pub word: String,
    /// What a position is called on an axis, e.g. "space (0-based index)".
    pub axis: String,
    /// Legend entries for the space fills: (name, colour).
    pub kinds: Vec<(String, Rgb)>,
    /// Each space's entry in `kinds`.
    pub fills: Vec<usize>,
    /// Spaces that hold a token (licorice), with their legend name.
    pub traps: (String, Vec<usize>),
    /// Named spaces (landmarks), with their legend name and colour.
    pub named: (String, Rgb, Vec<(usize, String)>),
    /// Moves from one index to another (shortcuts, ladders, chutes).
    pub jumps: Vec<Jumps>,
}

/// One kind of jump along the track, for the charts.
#[derive(Debug, Clone)]
pub struct Jumps {
    /// Legend name, e.g. "ladder".
    pub name: String,
    /// The colour its arrows are drawn in.
    pub colour: Rgb,
    /// (from, to) as 0-based indices.
    pub moves: Vec<(usize, usize)>,
}

/// The colour a Candy Land space is drawn in.
fn colour_rgb(c: Colour) -> Rgb {
    match c {
        Colour::Red => (220, 40, 40),
        Colour::Purple => (140, 60, 170),
        Colour::Yellow => (235, 190, 0),
        Colour::Blue => (40, 90, 220),
        Colour::Orange => (245, 140, 20),
        Colour::Green => (40, 160, 60),
    }
}

const LANDMARK_PINK: Rgb = (236, 112, 180);
const GREY: Rgb = (120, 120, 120);
const LADDER_GREEN: Rgb = (40, 150, 60);
const CHUTE_RED: Rgb = (210, 50, 40);
const SQUARE_BLUE: Rgb = (90, 130, 200);

impl Game {
    /// Which game this board is for.
    pub fn kind(&self) -> GameKind {
        match self {
            Game::CandyLand(_) => GameKind::CandyLand,
            Game::ChutesAndLadders(_) => GameKind::ChutesAndLadders,
        }
    }

    /// The board's short name, as `candyland analyze NAME` accepts it.
    pub fn name(&self) -> &str {
        match self {
            Game::CandyLand(b) => &b.name,
            Game::ChutesAndLadders(b) => &b.name,
        }
    }

    /// The board file's one- or two-sentence description (may be empty).
    pub fn description(&self) -> &str {
        match self {
            Game::CandyLand(b) => &b.description,
            Game::ChutesAndLadders(b) => &b.description,
        }
    }

    /// Where the board's layout and rules come from, as the file says (may be empty).
    pub fn source(&self) -> &str {
        match self {
            Game::CandyLand(b) => &b.source,
            Game::ChutesAndLadders(b) => &b.source,
        }
    }

    /// The rules in words.
    pub fn rules_text(&self) -> String {
        match self {
            Game::CandyLand(b) => b.rules.to_string(),
            Game::ChutesAndLadders(b) => b.rules.to_string(),
        }
    }

    /// The number of spaces (squares) a token can stand on.
    pub fn len(&self) -> usize {
        match self {
            Game::CandyLand(b) => b.len(),
            Game::ChutesAndLadders(b) => b.squares(),
        }
    }

    /// Never true for a validated board.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The number printed for index 0.
    pub fn first_number(&self) -> usize {
        match self {
            Game::CandyLand(_) => 0,
            Game::ChutesAndLadders(_) => 1,
        }
    }

    /// What a position is called: "space" or "square".
    pub fn space_word(&self) -> &'static str {
        match self {
            Game::CandyLand(_) => "space",
            Game::ChutesAndLadders(_) => "square",
        }
    }

    /// Whether a turn's outcome is a card from a finite deck (which can be shuffled) rather than
    /// a spin or roll (independent by nature).
    pub fn has_deck(&self) -> bool {
        match self {
            Game::CandyLand(_) => true,
            Game::ChutesAndLadders(_) => false,
        }
    }

    /// What draws are called in the plural: "cards drawn", "spins".
    pub fn draws_word(&self) -> &'static str {
        match self {
            Game::CandyLand(_) => "cards drawn",
            Game::ChutesAndLadders(_) => "spins",
        }
    }

    /// One line for `candyland boards`: size and draws.
    pub fn size_text(&self) -> String {
        match self {
            Game::CandyLand(b) => format!("{} spaces, {} cards", b.len(), b.deck().total()),
            Game::ChutesAndLadders(b) => format!(
                "{} squares, {} ladders, {} chutes",
                b.squares(),
                b.ladders().len(),
                b.chutes().len()
            ),
        }
    }

    /// The name of the space at index `i`: its colour or landmark, or "square 17".
    pub fn space_name(&self, i: usize) -> String {
        match self {
            Game::CandyLand(b) => b.space_name(i).to_string(),
            Game::ChutesAndLadders(_) => format!("square {}", i + 1),
        }
    }

    /// What is special about the space at index `i`: "licorice", "ladder to 38", ...
    pub fn space_notes(&self, i: usize) -> String {
        let mut notes = Vec::new();
        match self {
            Game::CandyLand(b) => {
                if b.is_licorice(i) {
                    notes.push("licorice".to_string());
                }
                if let Some(to) = b.shortcut(i) {
                    notes.push(format!("shortcut to {to}"));
                }
                if let Space::Landmark(l) = b.spaces()[i] {
                    let n = b
                        .deck()
                        .cards()
                        .iter()
                        .find(|(c, _)| *c == Card::Landmark(l))
                        .map_or(0, |c| c.1);
                    notes.push(format!(
                        "landmark, {n} card{}",
                        if n == 1 { "" } else { "s" }
                    ));
                }
                if i + 1 == b.len() {
                    notes.push("last space".to_string());
                }
            }
            Game::ChutesAndLadders(b) => {
                let square = i + 1;
                if let Some(to) = b.jump(square) {
                    let kind = if to > square { "ladder" } else { "chute" };
                    notes.push(format!("{kind} to {to}"));
                }
                if square == b.squares() {
                    notes.push("last square: wins".to_string());
                }
            }
        }
        notes.join("; ")
    }

    /// The draws in words, for `board show`: one (weight, name) per outcome, and a heading.
    pub fn draws_text(&self) -> (String, Vec<(u32, String)>) {
        match self {
            Game::CandyLand(b) => (
                format!("deck: {} cards", b.deck().total()),
                b.deck()
                    .cards()
                    .iter()
                    .map(|&(c, n)| (n, b.card_name(c)))
                    .collect(),
            ),
            Game::ChutesAndLadders(b) => {
                let total: u32 = b.faces().iter().map(|f| f.1).sum();
                (
                    format!("spinner: {} faces, total weight {total}", b.faces().len()),
                    b.faces()
                        .iter()
                        .map(|&(v, w)| (w, format!("move {v}")))
                        .collect(),
                )
            }
        }
    }

    /// What the charts mark along the track.
    pub fn track(&self) -> Track {
        match self {
            Game::CandyLand(b) => {
                let mut kinds: Vec<(String, Rgb)> = Colour::ALL
                    .iter()
                    .map(|&c| (c.name().to_string(), colour_rgb(c)))
                    .collect();
                kinds.push(("landmark".into(), LANDMARK_PINK));
                Track {
                    first_number: 0,
                    word: self.space_word().into(),
                    axis: "space (0-based index)".into(),
                    fills: (0..b.len())
                        .map(|i| b.colour(i).map_or(Colour::ALL.len(), Colour::index))
                        .collect(),
                    kinds,
                    traps: ("licorice".into(), b.licorice_spaces().collect()),
                    named: (
                        "landmark".into(),
                        LANDMARK_PINK,
                        b.landmarks()
                            .iter()
                            .map(|l| (l.space, l.name.clone()))
                            .collect(),
                    ),
                    jumps: vec![Jumps {
                        name: "shortcut".into(),
                        colour: GREY,
                        moves: b.shortcuts().collect(),
                    }],
                }
            }
            Game::ChutesAndLadders(b) => {
                let index = |(from, to): (usize, usize)| (from - 1, to - 1);
                Track {
                    first_number: 1,
                    word: self.space_word().into(),
                    axis: "square".into(),
                    kinds: vec![
                        ("square".into(), SQUARE_BLUE),
                        ("ladder foot".into(), LADDER_GREEN),
                        ("chute top".into(), CHUTE_RED),
                    ],
                    fills: (1..=b.squares())
                        .map(|s| match b.jump(s) {
                            None => 0,
                            Some(t) if t > s => 1,
                            Some(_) => 2,
                        })
                        .collect(),
                    traps: (String::new(), Vec::new()),
                    named: (String::new(), GREY, Vec::new()),
                    jumps: vec![
                        Jumps {
                            name: "ladder".into(),
                            colour: LADDER_GREEN,
                            moves: b.ladders().iter().copied().map(index).collect(),
                        },
                        Jumps {
                            name: "chute".into(),
                            colour: CHUTE_RED,
                            moves: b.chutes().iter().copied().map(index).collect(),
                        },
                    ],
                }
            }
        }
    }
}

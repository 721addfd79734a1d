//! `boards` and `board show`: the shipped boards, one board space by space, and a shipped
//! board's file as shipped.

use crate::error::Result;

use crate::games::shipped::{self, Group};
use crate::games::{BoardSource, Game, GameVisitor, PolicyGame, PolicyVisitor, Source, Variant};
use crate::input::error::UserError;

/// One board in the `boards` list; `boards --json` is a list of these.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardRow {
    /// The board's short name.
    pub name: String,
    /// Its game, the board file's `game` word.
    pub game: String,
    /// Its size and draws as numbers: spaces, and what else its game counts
    /// ([`crate::games::Size`]).
    pub size: crate::games::Size,
    /// The same in words, e.g. "134 spaces, 66 cards" (for the text; not in JSON).
    #[serde(skip)]
    pub size_text: String,
    /// Its description.
    pub description: String,
    /// Where its rules come from: a rule book, a simulator program, or another game.
    pub group: Group,
    /// Whether it is the board used when none is named.
    pub default: bool,
    /// Old names that still reach it.
    pub aliases: Vec<String>,
}

impl BoardRow {
    /// The row of a shipped board of any game.
    pub fn of<G: Game>(board: &G) -> BoardRow {
        let name = board.name();
        BoardRow {
            name: name.to_string(),
            game: G::KIND.to_string(),
            size: board.size(),
            size_text: board.size_text(),
            description: board.description().to_string(),
            group: Group::of(name, G::KIND),
            default: name == shipped::DEFAULT_BOARD,
            aliases: shipped::aliases_of(name)
                .into_iter()
                .map(String::from)
                .collect(),
        }
    }
}

/// The shipped boards, one row each. Its JSON is a list under `items`.
#[derive(Debug, Clone, serde::Serialize)]
#[serde(transparent)]
pub struct BoardList(pub Vec<BoardRow>);

/// Every shipped board, the policy games' (which have their own commands) last.
pub fn boards() -> Result<BoardList> {
    let mut list = Vec::new();
    for b in shipped::SHIPPED.iter() {
        let source = BoardSource::new(b.name, b.text);
        list.push(crate::games::with_game(&source, Row)??);
    }
    for b in shipped::policy_boards() {
        let source = BoardSource::new(b.name, b.text);
        if let Some(row) = crate::games::with_policy_game(&source, PolicyRow(&source))? {
            list.push(row?);
        }
    }
    for b in shipped::loop_boards() {
        let source = BoardSource::new(b.name, b.text);
        if let Some(row) = crate::games::with_loop_game(&source, LoopRow(&source))? {
            list.push(row?);
        }
    }
    Ok(BoardList(list))
}

/// The row of a shipped board that loops.
struct LoopRow<'a>(&'a BoardSource);

impl crate::games::LoopVisitor for LoopRow<'_> {
    type Output = Result<BoardRow>;
    fn visit<G: crate::games::LoopGame>(self) -> Result<BoardRow> {
        let board = G::parse(&self.0.label, &self.0.text, &Variant::default())?;
        let (size, size_text) = board.size();
        Ok(BoardRow {
            name: board.name().to_string(),
            game: G::KIND.to_string(),
            size,
            size_text,
            description: board.description().to_string(),
            group: Group::of(board.name(), G::KIND),
            default: false,
            aliases: Vec::new(),
        })
    }
}

/// The row of a shipped board of a policy game: its size and description from the board.
struct PolicyRow<'a>(&'a BoardSource);

impl PolicyVisitor for PolicyRow<'_> {
    type Output = Result<BoardRow>;
    fn visit<P: PolicyGame>(self) -> Result<BoardRow> {
        let board = P::parse(&self.0.label, &self.0.text, &Variant::default())?;
        let (size, size_text) = board.size();
        Ok(BoardRow {
            name: board.name().to_string(),
            game: P::KIND.to_string(),
            size,
            size_text,
            description: board.description().to_string(),
            group: Group::of(board.name(), P::KIND),
            default: false,
            aliases: Vec::new(),
        })
    }
}

/// One board's row of the list.
struct Row;

impl GameVisitor for Row {
    type Output = Result<BoardRow>;
    fn visit<G: Game>(self, source: Source<G>) -> Result<BoardRow> {
        Ok(BoardRow::of(&source.game(&Variant::default())?))
    }
}

/// `board`, whatever its game, with `variant` applied: every space with its number and notes.
pub fn show(board: &BoardSource, variant: &Variant) -> Result<BoardShow> {
    struct Show<'a>(&'a Variant);
    impl GameVisitor for Show<'_> {
        type Output = Result<BoardShow>;
        fn visit<G: Game>(self, source: Source<G>) -> Result<BoardShow> {
            Ok(BoardShow::of(&source.game(self.0)?, self.0))
        }
    }
    let kind = board.kind()?;
    if crate::games::plays_by_policies(kind) {
        return Err(crate::results::board::not_for_policies(board, kind).into());
    }
    crate::games::with_game(board, Show(variant))?
}

/// A shipped board's file as shipped, comments included.
pub fn export(name: &str) -> Result<String, UserError> {
    match shipped::find(name) {
        Some(b) => Ok(b.text.to_string()),
        None => Err(UserError::UnknownShipped {
            name: crate::input::text::quote(name),
            suggestion: crate::input::text::did_you_mean(name, shipped::all_names()),
            shipped: shipped::names(),
        }),
    }
}

/// `board show --json`: the expanded board, every space with its number and notes, and the
/// draws with their weights.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct BoardShow {
    /// The board's short name.
    pub board: String,
    /// Its game, the board file's `game` word.
    pub game: String,
    /// The board file's description.
    pub description: String,
    /// Where the layout and rules come from.
    pub source: String,
    /// The rules in force: each `[rules]` key of the board file with its value.
    pub rules: serde_json::Value,
    /// The rules in words.
    pub rules_text: String,
    /// Command-line changes, as flags ("" for none).
    pub variant: String,
    /// Every space in order.
    pub spaces: Vec<SpaceRow>,
    /// What the draws are, in words ("deck: 66 cards", "spinner: 6 faces, total weight 6").
    pub draws_heading: String,
    /// Every kind of draw with its weight (cards in the deck, or the face's weight).
    pub draws: Vec<DrawRow>,
    /// What the game calls its spaces, plural ("spaces", "squares"), for the text (not in
    /// JSON).
    #[serde(skip)]
    pub space_plural: String,
}

/// One space of `board show --json`.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpaceRow {
    /// Its number as printed (0-based for Candy Land, from 1 for squares).
    pub number: usize,
    /// Its name in the game's words ("red", "square 17").
    pub name: String,
    /// What is special about it ("" for nothing).
    pub notes: String,
}

/// One kind of draw of `board show --json`.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DrawRow {
    /// Cards of this kind in the deck, or the face's weight.
    pub weight: u32,
    /// The draw in words.
    pub name: String,
}

impl BoardShow {
    /// The expanded board of any game, under `variant`.
    pub fn of<G: Game>(board: &G, variant: &Variant) -> BoardShow {
        let (draws_heading, draws) = board.draws_text();
        BoardShow {
            board: board.name().to_string(),
            game: G::KIND.to_string(),
            description: board.description().to_string(),
            source: board.source().to_string(),
            rules: board.rules_json(),
            rules_text: board.rules_text(),
            variant: variant.to_string(),
            spaces: (0..board.space_count())
                .map(|i| SpaceRow {
                    number: i + board.first_number(),
                    name: board.space_name(i),
                    notes: board.space_notes(i),
                })
                .collect(),
            draws_heading,
            draws: draws
                .into_iter()
                .map(|(weight, name)| DrawRow { weight, name })
                .collect(),
            space_plural: board.space_plural(),
        }
    }
}

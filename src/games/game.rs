//! The [`Game`] trait: what every game kind offers the commands (a validated board with its
//! step function, its file schema and its words) and the [`ShippedBoard`]s each lists.
//!
//! Nothing here names a game. Each kind lives in its own folder under [`crate::games`], and
//! [`crate::games::with_game`] is the one place that chooses among them.

use std::fmt::{Debug, Display};

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::games::race::RaceGame;
use crate::games::track::Track;
use crate::input::problems::{InvalidBoard, Problems};

/// A board's size and draws as numbers (`boards --json`); what a game does not have is left
/// out.
#[derive(
    Debug, Clone, Default, PartialEq, Eq, Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct Size {
    /// Spaces (squares, cherries) on the track.
    pub spaces: usize,
    /// Cards in the deck, for a game played with cards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards: Option<u32>,
    /// Faces of the spinner or die, for a game played with one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub faces: Option<usize>,
    /// Ladders, for a game that has them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ladders: Option<usize>,
    /// Chutes, for a game that has them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chutes: Option<usize>,
}

/// What a board file says about itself, whatever its game: its short name, a description and
/// where it comes from. Every kind's validated board holds one, so the accessors of [`Game`]
/// are written once.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Identity {
    /// Short name from the board file, used in reports and by `candyland analyze NAME`.
    pub name: String,
    /// One or two sentences on what the board is (may be empty).
    pub description: String,
    /// Where the layout and rules come from (may be empty).
    pub source: String,
}

impl Identity {
    /// The file's `name`, `description` and `source`, each checked, with any problem added to
    /// `p`; `example` is the name a message suggests for an empty one.
    pub(crate) fn checked(
        name: &str,
        description: &str,
        source: &str,
        example: &str,
        p: &mut Problems,
    ) -> Identity {
        p.identity(name, description, source, example);
        Identity {
            name: name.to_string(),
            description: description.to_string(),
            source: source.to_string(),
        }
    }
}

/// A shipped board file.
#[derive(Debug, Clone, Copy)]
pub struct ShippedBoard {
    /// The name `candyland analyze NAME` accepts (the file's stem).
    pub name: &'static str,
    /// The TOML text.
    pub text: &'static str,
}

/// One edit of a board file for what-if: a label and the edited file.
pub type Edit<F> = (String, F);

/// A kind of game a board file can describe: a validated board with its step function
/// ([`RaceGame`]), plus what the commands need to read, vary and describe it.
pub trait Game: RaceGame + Clone + Debug + Send + Sync + 'static {
    /// The word of the board file's `game` key, e.g. `"candyland"`.
    const KIND: &'static str;
    /// The elements `--without` removes from this game's boards, in the order they print, each
    /// with what removing it does.
    const ELEMENTS: &'static [(&'static str, &'static str)];
    /// The boards of this kind shipped in `data/boards/`.
    const SHIPPED: &'static [ShippedBoard];
    /// The board-file schema: it only mirrors the TOML; nothing in it is checked yet.
    type File: DeserializeOwned + Clone + Debug + PartialEq + Send + Sync;
    /// The `[rules]` table of the file (every key with a default), in words by its `Display`.
    type Rules: Serialize + DeserializeOwned + Default + Display;

    /// Validates a parsed file: every problem, each with its field.
    fn from_file(file: &Self::File) -> Result<Self, InvalidBoard>;
    /// The file's `[rules]` table, for [`Variant::apply`](crate::games::Variant::apply).
    fn rules_mut(file: &mut Self::File) -> &mut Self::Rules;
    /// Removes one of [`Game::ELEMENTS`] from a parsed file.
    fn remove_element(file: &mut Self::File, element: &str) -> Result<(), InvalidBoard>;
    /// Every single-element removal of `file` (this board, validated, names the spaces), each
    /// with a label: what-if solves each.
    fn element_removals(&self, file: &Self::File) -> Vec<Edit<Self::File>>;
    /// Every rule key of the `[rules]` table a checker varies, with the values it tries (every
    /// value of an enumerated rule, both of a yes/no rule, the plausible ones of a number).
    fn rule_space() -> Vec<(&'static str, Vec<toml::Value>)>;
    /// The keys of the `[rules]` table, kebab-case (a variant may override these).
    fn rule_keys() -> Vec<String> {
        toml::Table::try_from(Self::Rules::default())
            .map(|t| t.keys().cloned().collect())
            .unwrap_or_default()
    }

    /// What the board file says about itself.
    fn identity(&self) -> &Identity;
    /// The board's short name, as `candyland analyze NAME` accepts it.
    fn name(&self) -> &str {
        &self.identity().name
    }
    /// The board file's one- or two-sentence description (may be empty).
    fn description(&self) -> &str {
        &self.identity().description
    }
    /// Where the board's layout and rules come from, as the file says (may be empty).
    fn source(&self) -> &str {
        &self.identity().source
    }
    /// The rules in force (the `[rules]` table after any variant).
    fn rules(&self) -> &Self::Rules;
    /// The rules in words.
    fn rules_text(&self) -> String {
        self.rules().to_string()
    }
    /// The rules in force as JSON: each `[rules]` key (kebab-case) with its value.
    fn rules_json(&self) -> serde_json::Value {
        serde_json::to_value(self.rules()).unwrap_or_default()
    }
    /// The number of spaces (squares) a token can stand on.
    fn space_count(&self) -> usize;
    /// The number printed for index 0 (0 for 0-based spaces, 1 for squares 1..N).
    fn first_number(&self) -> usize;
    /// What a position is called: "space", "square".
    fn space_word(&self) -> &str;
    /// [`Game::space_word`] in the plural: "squares", "cherries".
    fn space_plural(&self) -> String {
        crate::input::text::plural(self.space_word())
    }
    /// What draws are called in the plural: "cards drawn", "spins".
    fn draws_word(&self) -> &str;
    /// One line for `candyland boards`: size and draws.
    fn size_text(&self) -> String;
    /// The board's size and draws as numbers, for `boards --json`.
    fn size(&self) -> Size;
    /// The name of the space at index `i`: its colour, its name, or "square 17".
    fn space_name(&self, i: usize) -> String;
    /// What is special about the space at index `i`, in words ("" for nothing).
    fn space_notes(&self, i: usize) -> String;
    /// The draws in words, for `boards`: a heading, and one (weight, name) per outcome.
    fn draws_text(&self) -> (String, Vec<(u32, String)>);
    /// What the charts mark along the track.
    fn track(&self) -> Track;
    /// The spaces (0-based) a move from `state` with `card` passes through that start a jump
    /// it takes (a shortcut, a ladder, a chute): how a first-passage target that names a jump
    /// is hit. Default: the spaces the move passes through ([`RaceGame::passed_through`]),
    /// which hold the start of every jump taken where landing on a jump's start takes it.
    fn jump_starts(&self, state: Self::State, card: Self::Card) -> Vec<usize> {
        self.passed_through(state, card)
    }
}

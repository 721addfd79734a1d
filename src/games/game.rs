//! The [`Game`] trait: what every game kind offers the commands (a validated board with its
//! step function, its file schema and its words) and the [`ShippedBoard`]s each lists.
//!
//! Nothing here names a game. Each kind lives in its own folder under [`crate::games`], and
//! [`crate::games::with_game`] is the one place that chooses among them.

use std::fmt::Debug;

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::games::race::RaceGame;
use crate::games::track::Track;
use crate::input::problems::InvalidBoard;

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
    /// The `[rules]` table of the file (every key with a default).
    type Rules: Serialize + DeserializeOwned + Default;

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

    /// The board's short name, as `candyland analyze NAME` accepts it.
    fn name(&self) -> &str;
    /// The board file's one- or two-sentence description (may be empty).
    fn description(&self) -> &str;
    /// Where the board's layout and rules come from, as the file says (may be empty).
    fn source(&self) -> &str;
    /// The rules in force (the `[rules]` table after any variant).
    fn rules(&self) -> &Self::Rules;
    /// The rules in words.
    fn rules_text(&self) -> String;
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
        let word = self.space_word();
        match word.strip_suffix('y') {
            Some(stem) if !stem.ends_with(['a', 'e', 'o', 'u']) => format!("{stem}ies"),
            _ => format!("{word}s"),
        }
    }
    /// What draws are called in the plural: "cards drawn", "spins".
    fn draws_word(&self) -> &str;
    /// One line for `candyland boards`: size and draws.
    fn size_text(&self) -> String;
    /// The name of the space at index `i`: its colour, its name, or "square 17".
    fn space_name(&self, i: usize) -> String;
    /// What is special about the space at index `i`, in words ("" for nothing).
    fn space_notes(&self, i: usize) -> String;
    /// The draws in words, for `boards`: a heading, and one (weight, name) per outcome.
    fn draws_text(&self) -> (String, Vec<(u32, String)>);
    /// What the charts mark along the track.
    fn track(&self) -> Track;
}

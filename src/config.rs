//! From what the user typed to validated objects: a board name or path plus a [`Variant`]
//! becomes a validated board of its game. Raw flags go no further than this module.

use std::path::Path;

use crate::error::UserError;
use crate::games::Source;
use crate::model::{shipped, Game, Variant};
use crate::solve::About;

/// A board file as read, before it is parsed by its game's schema
/// ([`crate::games::with_game`] does that).
#[derive(Debug, Clone)]
pub struct BoardSource {
    /// How messages name it: the path, or "NAME (shipped board)".
    pub label: String,
    /// The file's text.
    pub text: String,
}

impl BoardSource {
    /// Board text; `label` names it in messages.
    pub fn new(label: &str, text: &str) -> BoardSource {
        BoardSource {
            label: label.to_string(),
            text: text.to_string(),
        }
    }

    /// The game its `game` key names (the default game when it names none), checked to be a
    /// game this tool knows.
    pub fn kind(&self) -> Result<&'static str, UserError> {
        crate::games::kind(self)
    }

    /// Parses the board as game `G`; a board of another game is an error naming both.
    pub fn parse<G: Game>(&self) -> Result<Source<G>, UserError> {
        let kind = self.kind()?;
        if kind != G::KIND {
            return Err(UserError::Board {
                board: self.label.clone(),
                message: format!("is a {kind} board; this needs a {} board", G::KIND),
            });
        }
        Source::parse(&self.label, &self.text)
    }
}

/// Reads a board file by shipped name or path (default: the classic board), without parsing
/// it.
pub fn read_board(spec: Option<&str>) -> Result<BoardSource, UserError> {
    let spec = spec.unwrap_or(shipped::DEFAULT_BOARD);
    if let Some(b) = shipped::find(spec) {
        return Ok(BoardSource::new(
            &format!("{} (shipped board)", b.name),
            b.text,
        ));
    }
    let path = Path::new(spec);
    if path.is_dir() {
        return Err(UserError::BoardIsDirectory { path: path.into() });
    }
    if !path.exists() {
        return Err(UserError::UnknownBoard {
            name: crate::input::quote(spec),
            suggestion: crate::input::did_you_mean(spec, shipped::SHIPPED.iter().map(|b| b.name)),
            shipped: shipped::names(),
        });
    }
    let text =
        crate::input::read_text(path, "a board file (.toml)", crate::input::MAX_BOARD_BYTES)?;
    Ok(BoardSource {
        label: spec.into(),
        text,
    })
}

/// Loads a board of game `G` by shipped name or path and applies a variant.
pub fn load<G: Game>(spec: Option<&str>, variant: &Variant) -> Result<G, UserError> {
    read_board(spec)?.parse::<G>()?.game(variant)
}

/// Parses board text as game `G`, applies the variant and validates; `label` names it in
/// messages.
pub fn parse<G: Game>(label: &str, text: &str, variant: &Variant) -> Result<G, UserError> {
    BoardSource::new(label, text).parse::<G>()?.game(variant)
}

/// Parses board text of any game, applies the variant and validates, keeping only whether it
/// is valid (and why not).
pub fn validate(label: &str, text: &str, variant: &Variant) -> Result<(), UserError> {
    struct Validate<'a>(&'a Variant);
    impl crate::games::GameVisitor for Validate<'_> {
        type Output = Result<(), UserError>;
        fn visit<G: Game>(self, source: Source<G>) -> Result<(), UserError> {
            source.game(self.0).map(drop)
        }
    }
    crate::games::with_game(&BoardSource::new(label, text), Validate(variant))?
}

/// The board's identity as reports show it.
pub fn about<G: Game>(game: &G, variant: &Variant) -> About {
    About {
        board: game.name().to_string(),
        description: game.description().to_string(),
        source: game.source().to_string(),
        rules: game.rules_text(),
        rules_json: game.rules_json(),
        variant: variant.to_string(),
        spaces: game.space_count(),
        size: game.size_text(),
        draws: game.draws_word().to_string(),
    }
}

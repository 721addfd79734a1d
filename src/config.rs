//! From what the user typed to validated objects: a board name or path plus a [`Variant`]
//! becomes a [`Board`]. Raw flags go no further than this module.

use std::path::Path;

use crate::error::UserError;
use crate::model::chutes::ChutesFile;
use crate::model::{shipped, Board, BoardFile, Game, GameFile, GameKind, Variant};
use crate::solve::About;

/// A board file as read, before any variant or validation.
#[derive(Debug, Clone)]
pub struct BoardSource {
    /// How messages name it: the path, or "NAME (shipped board)".
    pub label: String,
    /// The parsed file, of whichever game kind its `game` key names.
    pub file: GameFile,
}

impl BoardSource {
    /// Applies a variant and validates.
    pub fn game(&self, variant: &Variant) -> Result<Game, UserError> {
        let file = self.edited(variant)?;
        file.validate().map_err(|problems| UserError::InvalidBoard {
            file: self.label.clone(),
            problems,
        })
    }

    /// Applies a variant and validates a Candy Land board (an error for another game).
    pub fn board(&self, variant: &Variant) -> Result<Board, UserError> {
        candyland(&self.label, self.game(variant)?)
    }

    /// The file with a variant applied, not validated.
    pub fn edited(&self, variant: &Variant) -> Result<GameFile, UserError> {
        let mut file = self.file.clone();
        variant
            .apply(&mut file)
            .map_err(|problems| UserError::InvalidBoard {
                file: self.label.clone(),
                problems,
            })?;
        Ok(file)
    }
}

/// Loads a board of any game by shipped name or path (default: the classic board) and applies
/// a variant.
pub fn load_game(spec: Option<&str>, variant: &Variant) -> Result<Game, UserError> {
    read_board(spec)?.game(variant)
}

/// Loads a Candy Land board (an error for another game).
pub fn load_board(spec: Option<&str>, variant: &Variant) -> Result<Board, UserError> {
    let source = read_board(spec)?;
    candyland(&source.label, source.game(variant)?)
}

fn candyland(label: &str, game: Game) -> Result<Board, UserError> {
    match game {
        Game::CandyLand(b) => Ok(b),
        other => Err(UserError::BadFlag {
            flag: "BOARD".into(),
            message: format!(
                "{label} is a {} board; this needs a Candy Land board",
                other.kind().name()
            ),
        }),
    }
}

/// Reads and parses a board file by shipped name or path, without validating it.
pub fn read_board(spec: Option<&str>) -> Result<BoardSource, UserError> {
    let spec = spec.unwrap_or(shipped::DEFAULT_BOARD);
    if let Some(b) = shipped::find(spec) {
        return parse_source(&format!("{} (shipped board)", b.name), b.text);
    }
    let path = Path::new(spec);
    if path.is_dir() {
        return Err(UserError::BoardIsDirectory { path: path.into() });
    }
    if !path.exists() {
        return Err(UserError::UnknownBoard {
            name: spec.to_string(),
            shipped: shipped::names(),
        });
    }
    let text =
        crate::input::read_text(path, "a board file (.toml)", crate::input::MAX_BOARD_BYTES)?;
    parse_source(spec, &text)
}

/// Parses board text; `label` names it in messages.
pub fn parse_source(label: &str, text: &str) -> Result<BoardSource, UserError> {
    let syntax = |e: toml::de::Error| UserError::BoardSyntax {
        file: label.to_string(),
        message: crate::input::shorten_lines(&e.to_string()),
    };
    // The `game` key decides the schema; everything else is read by that game's schema.
    #[derive(serde::Deserialize)]
    struct Kind {
        game: Option<String>,
    }
    let kind: Kind = toml::from_str(text).map_err(syntax)?;
    let kind = match kind.game.as_deref() {
        None => GameKind::CandyLand,
        Some(name) => GameKind::from_name(name).ok_or_else(|| UserError::InvalidBoard {
            file: label.to_string(),
            problems: crate::model::InvalidBoard {
                problems: vec![crate::model::BoardProblem {
                    field: "game".into(),
                    message: format!(
                        "'{}' is not a game this tool knows; use \"{}\" (the default) or \"{}\"",
                        crate::input::quote(name),
                        GameKind::CandyLand.name(),
                        GameKind::ChutesAndLadders.name()
                    ),
                }],
            },
        })?,
    };
    let file = match kind {
        GameKind::CandyLand => {
            GameFile::CandyLand(toml::from_str::<BoardFile>(text).map_err(syntax)?)
        }
        GameKind::ChutesAndLadders => {
            GameFile::ChutesAndLadders(toml::from_str::<ChutesFile>(text).map_err(syntax)?)
        }
    };
    Ok(BoardSource {
        label: label.to_string(),
        file,
    })
}

/// Parses, applies the variant and validates board text of any game.
pub fn parse_game(label: &str, text: &str, variant: &Variant) -> Result<Game, UserError> {
    parse_source(label, text)?.game(variant)
}

/// Parses, applies the variant and validates Candy Land board text; `label` names it in
/// messages.
pub fn parse_board(label: &str, text: &str, variant: &Variant) -> Result<Board, UserError> {
    candyland(label, parse_game(label, text, variant)?)
}

/// The board's identity as reports show it.
pub fn about(game: &Game, variant: &Variant) -> About {
    About {
        board: game.name().to_string(),
        description: game.description().to_string(),
        source: game.source().to_string(),
        rules: game.rules_text(),
        variant: variant.to_string(),
        spaces: game.len(),
        size: game.size_text(),
        draws: game.draws_word().to_string(),
    }
}

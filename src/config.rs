//! From what the user typed to validated objects: a board name or path plus a [`Variant`]
//! becomes a [`Board`]. Raw flags go no further than this module.

use std::path::Path;

use crate::error::UserError;
use crate::model::{shipped, Board, BoardFile, Variant};
use crate::solve::About;

/// A board file as read, before any variant or validation.
#[derive(Debug, Clone)]
pub struct BoardSource {
    /// How messages name it: the path, or "NAME (shipped board)".
    pub label: String,
    pub file: BoardFile,
}

impl BoardSource {
    /// Applies a variant and validates.
    pub fn board(&self, variant: &Variant) -> Result<Board, UserError> {
        let mut file = self.file.clone();
        let invalid = |problems| UserError::InvalidBoard {
            file: self.label.clone(),
            problems,
        };
        variant.apply(&mut file).map_err(invalid)?;
        Board::from_file(&file).map_err(invalid)
    }
}

/// Loads a board by shipped name or path (default: the classic board) and applies a variant.
pub fn load_board(spec: Option<&str>, variant: &Variant) -> Result<Board, UserError> {
    read_board(spec)?.board(variant)
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
    let text = std::fs::read_to_string(path).map_err(|source| {
        if source.kind() == std::io::ErrorKind::InvalidData {
            UserError::BoardNotText { path: path.into() }
        } else {
            UserError::UnreadableBoard {
                path: path.into(),
                source,
            }
        }
    })?;
    parse_source(spec, &text)
}

/// Parses board text; `label` names it in messages.
pub fn parse_source(label: &str, text: &str) -> Result<BoardSource, UserError> {
    let file: BoardFile = toml::from_str(text).map_err(|e| UserError::BoardSyntax {
        file: label.to_string(),
        message: e.to_string(),
    })?;
    Ok(BoardSource {
        label: label.to_string(),
        file,
    })
}

/// Parses, applies the variant and validates board text; `label` names it in messages.
pub fn parse_board(label: &str, text: &str, variant: &Variant) -> Result<Board, UserError> {
    parse_source(label, text)?.board(variant)
}

/// The board's identity as reports show it.
pub fn about(board: &Board, variant: &Variant) -> About {
    About {
        board: board.name.clone(),
        description: board.description.clone(),
        source: board.source.clone(),
        rules: board.rules.to_string(),
        variant: variant.to_string(),
        spaces: board.len(),
    }
}

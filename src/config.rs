//! From what the user typed to validated objects: a board name or path plus a [`Variant`]
//! becomes a [`Board`]. Raw flags go no further than this module.

use std::path::Path;

use crate::error::UserError;
use crate::model::{shipped, Board, BoardFile, Variant};

/// Loads a board by shipped name or path (default: the classic board) and applies a variant.
pub fn load_board(spec: Option<&str>, variant: &Variant) -> Result<Board, UserError> {
    let spec = spec.unwrap_or(shipped::DEFAULT_BOARD);
    if let Some(b) = shipped::find(spec) {
        return parse_board(&format!("{} (shipped board)", b.name), b.text, variant);
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
    let text = std::fs::read_to_string(path).map_err(|source| UserError::UnreadableBoard {
        path: path.into(),
        source,
    })?;
    parse_board(spec, &text, variant)
}

/// Parses, applies the variant and validates board text; `label` names it in messages.
pub fn parse_board(label: &str, text: &str, variant: &Variant) -> Result<Board, UserError> {
    let mut file: BoardFile = toml::from_str(text).map_err(|e| UserError::BoardSyntax {
        file: label.to_string(),
        message: e.to_string(),
    })?;
    let invalid = |problems| UserError::InvalidBoard {
        file: label.to_string(),
        problems,
    };
    variant.apply(&mut file).map_err(invalid)?;
    Board::from_file(&file).map_err(invalid)
}

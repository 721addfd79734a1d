//! From what the user typed to validated objects: a board name or path plus a [`Variant`]
//! becomes a validated board of its game. Raw flags go no further than this module.

use std::path::Path;

use crate::games::BoardSource;

use crate::games::Source;
use crate::games::{shipped, Game, Variant};
use crate::input::error::UserError;

/// Reads a board file by shipped name (or an old name of one), path, or `-` for standard
/// input (default: [`shipped::DEFAULT_BOARD`]), without parsing it. A name that looks like a
/// path (it has a `/`, ends in `.toml`, ...) and names no file is "not found"; only a bare word
/// is looked up among the shipped boards.
pub fn read_board(spec: Option<&str>) -> Result<BoardSource, UserError> {
    let spec = spec.unwrap_or(shipped::DEFAULT_BOARD);
    if spec == "-" {
        return Ok(BoardSource {
            label: "standard input".into(),
            text: stdin_board()?,
        });
    }
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
        if looks_like_path(spec) {
            return Err(UserError::BoardFileNotFound { path: path.into() });
        }
        return Err(UserError::UnknownBoard {
            name: crate::input::text::quote(spec),
            suggestion: crate::input::text::did_you_mean(spec, shipped::all_names()),
            shipped: shipped::names(),
        });
    }
    let text = crate::input::files::read_text(
        path,
        "a board file (.toml)",
        crate::input::files::MAX_BOARD_BYTES,
    )?;
    Ok(BoardSource {
        label: spec.into(),
        text,
    })
}

/// Whether a board argument is meant as a path rather than a shipped board's name: it has a
/// directory separator or an extension, or starts with `.` or `~`.
fn looks_like_path(spec: &str) -> bool {
    spec.contains(['/', '\\'])
        || spec.starts_with(['.', '~'])
        || Path::new(spec).extension().is_some()
}

/// The board file on standard input, read once: a command that loads its board twice (or two
/// sides of `compare` given as `-`) gets the same text both times.
fn stdin_board() -> Result<String, UserError> {
    static TEXT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    if let Some(text) = TEXT.get() {
        return Ok(text.clone());
    }
    let text = crate::input::files::read_stdin(
        "a board file (.toml)",
        crate::input::files::MAX_BOARD_BYTES,
    )?;
    Ok(TEXT.get_or_init(|| text).clone())
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

/// What the analysis is of: the board's identity, carried into every report.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct About {
    /// The board's short name.
    pub board: String,
    /// What the board is (may be empty).
    pub description: String,
    /// Where the layout and rules come from (may be empty).
    pub source: String,
    /// The rules in force, in words.
    pub rules: String,
    /// The rules in force as JSON: each `[rules]` key with its value.
    pub rules_json: serde_json::Value,
    /// Command-line changes to the board file, as flags ("" for none).
    pub variant: String,
    /// Number of spaces (squares) on the track.
    pub spaces: usize,
    /// The board's size in words, e.g. "134 spaces, 66 cards".
    pub size: String,
    /// What one draw is called in the plural, e.g. "cards drawn" or "spins".
    pub draws: String,
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

//! The commands, one module each: each turns its flags into the options of one question of
//! the library ([`crate::results`]), asks it, and hands the answer to the renderer
//! ([`crate::output::Render`], in the form [`super::format`] chose). No figure is computed here.

pub(crate) mod analyze;
pub(crate) mod best;
pub(crate) mod boards;
pub(crate) mod check;
pub(crate) mod compare;
pub(crate) mod crosscheck;
pub(crate) mod forever;
pub(crate) mod generate;
pub(crate) mod help;
pub(crate) mod loops;
pub(crate) mod odds;
pub(crate) mod passage;
pub(crate) mod play;
pub(crate) mod players;
pub(crate) mod policies;
pub(crate) mod report;
pub(crate) mod simulate;
pub(crate) mod spaces;
pub(crate) mod transitions;
pub(crate) mod whatif;

use crate::error::Result;

use crate::games::BoardSource;

pub(crate) use crate::results::options::bad_option as bad_flag;

/// Reads the board `spec` names (a shipped name or a path). A policy game's flag
/// (`policy_flag`, when one was given) on a board of another game is refused.
pub(crate) fn board(spec: &str, policy_flag: Option<&'static str>) -> Result<BoardSource> {
    let source = crate::games::load::read_board(Some(spec))?;
    if let Some(flag) = policy_flag {
        if !crate::games::plays_by_policies(source.kind()?) {
            return Err(bad_flag(flag, crate::results::options::policies_only()).into());
        }
    }
    Ok(source)
}

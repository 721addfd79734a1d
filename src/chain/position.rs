//! A player's position named on the command line, found among the states of the one-player
//! chain.
//!
//! A position is a state of the chain, not only a space: the same space can hold a free token
//! and a held one, whose futures differ. So a state is named as every command that lists
//! states names it ([`crate::games::race::RaceGame::describe`], as `transitions` and `play` print it), and, for
//! convenience, by the number of its space when only one state stands there. Anything else is
//! an error that says what to give instead, listing the states to choose from when a number
//! is ambiguous. The text given is quoted back only shortened ([`crate::input::text::quote`]).

use crate::chain::Matrix;
use crate::games::Game;
use crate::input::text::quote;

/// Why a text names no single state.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// Neither a state's name, nor a number, nor `start`.
    #[error("'{given}' is not a position on this board; give a {word} number ({first} to {last}), start, or a state's name as `candyland transitions` prints it, e.g. '{example}'")]
    Unknown {
        /// The text as given, shortened.
        given: String,
        /// What a position is called: "space", "square".
        word: String,
        /// The first and last numbers printed on the track.
        first: usize,
        /// The last number printed on the track.
        last: usize,
        /// One state's name.
        example: String,
    },
    /// A number past either end of the track.
    #[error("there is no {word} {number} on this board: its {word}s are {first} to {last}")]
    OffTrack {
        /// What a position is called.
        word: String,
        /// The number given (shortened text when it does not fit a number).
        number: String,
        /// The first number printed on the track.
        first: usize,
        /// The last number printed on the track.
        last: usize,
    },
    /// A space no token can stand on between turns.
    #[error("no token stands on {word} {number} between turns (a move that ends there goes on or finishes the game), so it is not a position; `candyland transitions` lists the states")]
    NoState {
        /// What a position is called.
        word: String,
        /// The number given.
        number: usize,
    },
    /// Several states stand on that space.
    #[error("{word} {number} is {} different states; give the one you mean by its name: {}", names.len(), names.iter().map(|n| format!("\"{n}\"")).collect::<Vec<_>>().join(" or "))]
    Ambiguous {
        /// What a position is called.
        word: String,
        /// The number given.
        number: usize,
        /// The name of each state on that space, in chain order.
        names: Vec<String>,
    },
}

/// The chain state `text` names: `start`, a state's name as [`crate::games::race::RaceGame::describe`] gives it
/// (case and surrounding spaces ignored), or the number of a space (bare, or after the space
/// word: "47", "space 47") on which exactly one state stands.
pub fn find<G: Game>(
    game: &G,
    chain: &Matrix<G::State>,
    text: &str,
) -> Result<usize, PositionError> {
    let wanted = text.trim().to_lowercase();
    if wanted == "start" {
        return Ok(chain.start());
    }
    let states = chain.states();
    if let Some(i) = states
        .iter()
        .position(|s| game.describe(*s).to_lowercase() == wanted)
    {
        return Ok(i);
    }
    let word = game.space_word();
    let first = game.first_number();
    let last = first + game.space_count().saturating_sub(1);
    let digits = wanted
        .strip_prefix(word)
        .filter(|rest| rest.starts_with(' '))
        .unwrap_or(&wanted)
        .trim();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(PositionError::Unknown {
            given: quote(text.trim()),
            word: word.into(),
            first,
            last,
            example: states
                .get(states.len() / 2)
                .map_or_else(String::new, |s| quote(&game.describe(*s))),
        });
    }
    let off_track = || PositionError::OffTrack {
        word: word.into(),
        number: quote(digits),
        first,
        last,
    };
    let number: usize = digits.parse().map_err(|_| off_track())?;
    let index = number.checked_sub(first).ok_or_else(off_track)?;
    if index >= game.space_count() {
        return Err(off_track());
    }
    let on: Vec<usize> = (0..states.len())
        .filter(|&i| game.position(states[i]) == Some(index))
        .collect();
    match on[..] {
        [] => Err(PositionError::NoState {
            word: word.into(),
            number,
        }),
        [one] => Ok(one),
        _ => Err(PositionError::Ambiguous {
            word: word.into(),
            number,
            names: on.iter().map(|&i| game.describe(states[i])).collect(),
        }),
    }
}

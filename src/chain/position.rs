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
    /// The name of a space rather than of a position: the space's number
    /// and the states on it are what to give.
    #[error("'{given}' names {word} {number}, not a position; give its number, {number}, or {}", names.iter().map(|n| format!("'{n}'")).collect::<Vec<_>>().join(" or "))]
    SpaceName {
        /// The text as given, shortened.
        given: String,
        /// What a position is called.
        word: String,
        /// The space's number as printed.
        number: usize,
        /// The name of each state on that space, in chain order.
        names: Vec<String>,
    },
    /// The name shared by several spaces (a colour's): a number is what to give.
    #[error("'{given}' is the name of {count} {word}s, not a position; give one {word}'s number, e.g. {example} for '{example_name}'")]
    SharedName {
        /// The text as given, shortened.
        given: String,
        /// What a position is called.
        word: String,
        /// How many spaces have that name.
        count: usize,
        /// The number of the first state's space with that name.
        example: usize,
        /// That state's name.
        example_name: String,
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
        if let Some(e) = space_named(game, states, text, &wanted) {
            return Err(e);
        }
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

/// The error for a text that is the name of spaces (a named space's, a colour's) rather than of a
/// state: which number to give instead. `None` when no space has that name.
fn space_named<G: Game>(
    game: &G,
    states: &[G::State],
    text: &str,
    wanted: &str,
) -> Option<PositionError> {
    let spaces: Vec<usize> = (0..game.space_count())
        .filter(|&i| game.space_name(i).to_lowercase() == wanted)
        .collect();
    let word = game.space_word().to_string();
    let first = game.first_number();
    let on = |space: usize| -> Vec<String> {
        states
            .iter()
            .filter(|s| game.position(**s) == Some(space))
            .map(|s| game.describe(*s))
            .collect()
    };
    match spaces[..] {
        [] => None,
        [space] => {
            let names = on(space);
            Some(if names.is_empty() {
                PositionError::NoState {
                    word,
                    number: space + first,
                }
            } else {
                PositionError::SpaceName {
                    given: quote(text.trim()),
                    word,
                    number: space + first,
                    names,
                }
            })
        }
        _ => {
            let (space, name) = spaces
                .iter()
                .find_map(|&i| on(i).into_iter().next().map(|n| (i, n)))?;
            Some(PositionError::SharedName {
                given: quote(text.trim()),
                word,
                count: spaces.len(),
                example: space + first,
                example_name: name,
            })
        }
    }
}

//! The game kinds, one folder each ([`candyland`], [`race_track`], [`bump`], [`hare`]): a kind's
//! file schema, validation, rules, step function, events and words all live in its folder,
//! behind the [`Game`] trait (a race: one token a player, one draw a turn) or the
//! [`PolicyGame`] trait (computer players with fixed policies, several chances a turn). This
//! module is the one place that chooses among them: [`with_game`] reads the board file's `game`
//! key and calls a [`GameVisitor`] with the board parsed by that kind's schema, and
//! [`with_policy_game`] a [`PolicyVisitor`] for a policy game, so every command is written
//! once, generic over the game. A new kind is a new folder plus one word in the `games!` list
//! below.

pub mod bump;
pub mod candyland;
pub mod chance;
pub mod decision;
pub mod game;
pub mod hare;
pub mod load;
pub mod loop_game;
pub mod monopoly;
pub mod pig;
pub mod policy_game;
pub mod race;
pub mod race_track;
mod schema;
pub mod shipped;
pub mod track;
pub mod variant;

use crate::input::error::UserError;
use crate::input::problems::{BoardProblem, InvalidBoard};

pub use bump::Bump;
pub use candyland::CandyLand;
pub use race_track::{ChutesAndLadders, RaceTrack};

pub use game::{Edit, Game, Identity, ShippedBoard, Size};
pub use loop_game::LoopGame;
pub use policy_game::PolicyGame;
pub use race::RaceGame;
pub use track::{Jumps, Rgb, Track};
pub use variant::{value_word, values_of, Variant};

/// A board file as read, before it is parsed by its game's schema
/// ([`with_game`] does that).
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
        kind(self)
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

/// Something to do with a policy game, written once and generic over the game: what
/// [`with_policy_game`] and [`with_policy_kind`] call (the board, if any, is the visitor's).
pub trait PolicyVisitor {
    /// What the visit returns.
    type Output;
    /// Does the work for policy game `G`.
    fn visit<G: PolicyGame>(self) -> Self::Output;
}

/// Something to do with a board that loops, written once and generic over the game: what
/// [`with_loop_game`] calls (the board, if any, is the visitor's).
pub trait LoopVisitor {
    /// What the visit returns.
    type Output;
    /// Does the work for loop game `G`.
    fn visit<G: LoopGame>(self) -> Self::Output;
}

/// Something to do with a board of any race, written once and generic over the game: the
/// closure-with-a-type-parameter that [`with_game`] calls.
pub trait GameVisitor {
    /// What the visit returns.
    type Output;
    /// Does the work on a board of game `G`.
    fn visit<G: Game>(self, board: Source<G>) -> Self::Output;
}

/// A board file parsed by its game's schema, before any variant or validation.
#[derive(Debug, Clone)]
pub struct Source<G: Game> {
    /// How messages name it: the path, or "NAME (shipped board)".
    pub label: String,
    /// The parsed file.
    pub file: G::File,
}

impl<G: Game> Source<G> {
    /// Parses board text by `G`'s schema; `label` names it in messages.
    /// A file that does not fit the schema gets every such problem at once, with the board's
    /// own problems in what is left (see `games/schema.rs`).
    pub fn parse(label: &str, text: &str) -> Result<Source<G>, UserError> {
        let first = match toml::from_str::<G::File>(text) {
            Ok(file) => {
                return Ok(Source {
                    label: label.to_string(),
                    file,
                })
            }
            Err(e) => e,
        };
        let Ok(table) = toml::from_str::<toml::Table>(text) else {
            return Err(syntax(label, &first));
        };
        let read = schema::read::<G::File>(table);
        let mut problems = read.problems;
        for p in &mut problems {
            p.field = schema::with_line(text, &p.field);
        }
        if problems.is_empty() {
            // The value-based reading found nothing the text-based one did: report that one.
            return Err(syntax(label, &first));
        }
        if let (Some(file), false) = (&read.file, read.shifted) {
            if let Err(more) = G::from_file(file) {
                problems.extend(more.problems);
            }
        }
        Err(UserError::InvalidBoard {
            file: label.to_string(),
            problems: InvalidBoard { problems },
        })
    }

    /// The file with a variant applied, not validated. A flag of another game is the flag's
    /// error, not the board file's.
    pub fn edited(&self, variant: &Variant) -> Result<G::File, UserError> {
        variant.check_game::<G>(&self.label, owners_of_rule)?;
        let mut file = self.file.clone();
        variant
            .apply::<G>(&mut file)
            .map_err(|problems| self.invalid(problems))?;
        Ok(file)
    }

    /// Applies a variant and validates.
    pub fn game(&self, variant: &Variant) -> Result<G, UserError> {
        let file = self.edited(variant)?;
        G::from_file(&file).map_err(|problems| self.invalid(problems))
    }

    fn invalid(&self, problems: InvalidBoard) -> UserError {
        UserError::InvalidBoard {
            file: self.label.clone(),
            problems,
        }
    }
}

fn syntax(label: &str, e: &toml::de::Error) -> UserError {
    UserError::BoardSyntax {
        file: label.to_string(),
        message: crate::input::text::shorten_lines(&e.to_string()),
    }
}

/// The game a board's `game` key names (the first of [`KINDS`] when it names none), checked to
/// be one this tool knows.
pub fn kind(source: &BoardSource) -> Result<&'static str, UserError> {
    #[derive(serde::Deserialize)]
    struct Kind {
        game: Option<String>,
    }
    let label = source.label.as_str();
    let kind: Kind = toml::from_str(&source.text).map_err(|e| syntax(label, &e))?;
    let Some(name) = kind.game else {
        return Ok(KINDS[0]);
    };
    let every = || KINDS.iter().chain(POLICY_KINDS).chain(LOOP_KINDS).copied();
    every().find(|k| *k == name).ok_or_else(|| {
        let known: Vec<String> = every().map(|k| format!("\"{k}\"")).collect();
        UserError::InvalidBoard {
            file: label.to_string(),
            problems: InvalidBoard {
                problems: vec![BoardProblem {
                    field: "game".into(),
                    message: format!(
                        "'{}' is not a game this tool knows; use {} (the default), {} or {}",
                        crate::input::text::quote(&name),
                        known[0],
                        known[1..known.len() - 1].join(", "),
                        known[known.len() - 1]
                    ),
                }],
            },
        }
    })
}

/// Calls `visitor` with the board parsed by the schema of the game its `game` key names
/// ([`kind`]). An unknown game, a syntax error or a field the game's schema does not have is an
/// error naming the file.
pub fn with_game<V: GameVisitor>(source: &BoardSource, visitor: V) -> Result<V::Output, UserError> {
    let kind = kind(source)?;
    dispatch(kind, &source.label, &source.text, visitor)
}

/// A game's name as its box prints it, for messages ("Candy Land" for `candyland`).
pub fn title(kind: &str) -> &str {
    if kind == <CandyLand as Game>::KIND {
        "Candy Land"
    } else if kind == <ChutesAndLadders as Game>::KIND {
        "Chutes and Ladders"
    } else {
        policy_title(kind)
            .or_else(|| loop_title(kind))
            .unwrap_or(kind)
    }
}

/// Calls `visitor` when `source` is a board of a policy game ([`POLICY_KINDS`]); `None` for a
/// race, which [`with_game`] visits. The visitor holds the board.
pub fn with_policy_game<V: PolicyVisitor>(
    source: &BoardSource,
    visitor: V,
) -> Result<Option<V::Output>, UserError> {
    let kind = kind(source)?;
    Ok(with_policy_kind(kind, visitor))
}

/// Calls `visitor` when `source` is a board that loops ([`LOOP_KINDS`]); `None` for another
/// game. The visitor holds the board.
pub fn with_loop_game<V: LoopVisitor>(
    source: &BoardSource,
    visitor: V,
) -> Result<Option<V::Output>, UserError> {
    let kind = kind(source)?;
    Ok(with_loop_kind(kind, visitor))
}

/// Whether `kind` is a game whose board loops (no finish).
pub fn loops(kind: &str) -> bool {
    LOOP_KINDS.contains(&kind)
}

/// Whether `kind` is a race, the game of most commands (not a policy or loop game).
pub fn is_race(kind: &str) -> bool {
    KINDS.contains(&kind)
}

/// Whether `kind` is a game played by computer players with policies.
pub fn plays_by_policies(kind: &str) -> bool {
    POLICY_KINDS.contains(&kind)
}

/// The list of game words: the dispatch, the registry of words and the shipped boards, all
/// from one list, so that adding a kind is one entry here. The race kind is here twice, once
/// per board-file word ([`race_track::dialect`]).
macro_rules! games {
    (races: $($game:ty),+ ; policies: $($policy:ty),+ ; loops: $($looped:ty),+ $(,)?) => {
        /// The `game` word of every game whose board loops ([`LoopGame`]), after the policy
        /// games.
        pub const LOOP_KINDS: &[&str] = &[$(<$looped as LoopGame>::KIND),+];

        /// The shipped boards of every loop game, kind by kind.
        pub const LOOP_SHIPPED: &[&[ShippedBoard]] = &[$(<$looped as LoopGame>::SHIPPED),+];

        /// The title of loop game `kind`.
        fn loop_title(kind: &str) -> Option<&'static str> {
            $(
                if kind == <$looped as LoopGame>::KIND {
                    return Some(<$looped as LoopGame>::TITLE);
                }
            )+
            None
        }

        /// Calls `visitor` for loop game `kind` ([`LOOP_KINDS`]); `None` for another word.
        pub fn with_loop_kind<V: LoopVisitor>(kind: &str, visitor: V) -> Option<V::Output> {
            $(
                if kind == <$looped as LoopGame>::KIND {
                    return Some(visitor.visit::<$looped>());
                }
            )+
            None
        }

        /// The `game` word of every race kind, in the order messages list them; the first is
        /// the default.
        pub const KINDS: &[&str] = &[$(<$game as Game>::KIND),+];

        /// The `game` word of every policy game ([`PolicyGame`]), after the races.
        pub const POLICY_KINDS: &[&str] = &[$(<$policy as PolicyGame>::KIND),+];

        /// The shipped boards of every policy game, kind by kind.
        pub const POLICY_SHIPPED: &[&[ShippedBoard]] = &[$(<$policy as PolicyGame>::SHIPPED),+];

        /// The titles of the policy games, for messages: "Hare and Tortoise" ("A or B" for
        /// two).
        pub fn policy_titles() -> String {
            [$(<$policy as PolicyGame>::TITLE),+].join(" or ")
        }

        /// The title of policy game `kind`.
        fn policy_title(kind: &str) -> Option<&'static str> {
            $(
                if kind == <$policy as PolicyGame>::KIND {
                    return Some(<$policy as PolicyGame>::TITLE);
                }
            )+
            None
        }

        /// Calls `visitor` for policy game `kind` ([`POLICY_KINDS`]); `None` for another word.
        pub fn with_policy_kind<V: PolicyVisitor>(kind: &str, visitor: V) -> Option<V::Output> {
            $(
                if kind == <$policy as PolicyGame>::KIND {
                    return Some(visitor.visit::<$policy>());
                }
            )+
            None
        }

        fn dispatch<V: GameVisitor>(
            kind: &str,
            label: &str,
            text: &str,
            visitor: V,
        ) -> Result<V::Output, UserError> {
            $(
                if kind == <$game as Game>::KIND {
                    return Source::<$game>::parse(label, text).map(|s| visitor.visit(s));
                }
            )+
            // `kind` is one of KINDS (so one of the arms above returned), or a policy game,
            // which the commands that play it visit with `with_policy_game`.
            if loops(kind) {
                return Err(UserError::Board {
                    board: label.to_string(),
                    message: format!(
                        "is a {kind} board, which loops and never finishes; this command does not play it: use analyze, simulate, passage, check or report"
                    ),
                });
            }
            if plays_by_policies(kind) {
                return Err(UserError::Board {
                    board: label.to_string(),
                    message: format!(
                        "is a {kind} board; this command does not play it: use analyze, simulate or play"
                    ),
                });
            }
            Err(UserError::Board {
                board: label.to_string(),
                message: format!("'{}' is not a game this tool knows", crate::input::text::quote(kind)),
            })
        }

        /// Every `--without` element of every kind, in kind order, with what removing it does.
        pub fn elements() -> Vec<(&'static str, &'static str)> {
            let mut out: Vec<(&'static str, &'static str)> = Vec::new();
            // Kinds may share elements (ladders and chutes): each is listed once.
            $(for e in <$game as Game>::ELEMENTS {
                if !out.iter().any(|(name, _)| *name == e.0) {
                    out.push(*e);
                }
            })+
            out
        }

        /// The game words whose `[rules]` table has `key`, in kind order.
        pub fn owners_of_rule(key: &str) -> Vec<&'static str> {
            let mut out = Vec::new();
            $(
                if <$game as Game>::rule_keys().iter().any(|k| k == key) {
                    out.push(<$game as Game>::KIND);
                }
            )+
            $(
                if <$policy as PolicyGame>::rule_keys().iter().any(|k| k == key) {
                    out.push(<$policy as PolicyGame>::KIND);
                }
            )+
            $(
                if <$looped as LoopGame>::rule_keys().iter().any(|k| k == key) {
                    out.push(<$looped as LoopGame>::KIND);
                }
            )+
            out
        }

        /// The `[rules]` keys of game `kind`, as the board file and the flags name them (none
        /// for a word that is no game).
        pub fn rule_keys_of(kind: &str) -> Vec<String> {
            $(
                if kind == <$game as Game>::KIND {
                    return <$game as Game>::rule_keys();
                }
            )+
            $(
                if kind == <$policy as PolicyGame>::KIND {
                    return <$policy as PolicyGame>::rule_keys();
                }
            )+
            $(
                if kind == <$looped as LoopGame>::KIND {
                    return <$looped as LoopGame>::rule_keys();
                }
            )+
            Vec::new()
        }

        /// The `--without` elements of game `kind`, with what removing each does.
        pub fn elements_of(kind: &str) -> Vec<(&'static str, &'static str)> {
            $(
                if kind == <$game as Game>::KIND {
                    return <$game as Game>::ELEMENTS.to_vec();
                }
            )+
            Vec::new()
        }

        /// Every shipped race board, kind by kind.
        pub fn shipped() -> Vec<ShippedBoard> {
            let mut out = Vec::new();
            $(out.extend_from_slice(<$game as Game>::SHIPPED);)+
            out
        }
    };
}

games!(
    races: CandyLand, ChutesAndLadders, RaceTrack, Bump;
    policies: hare::Board, pig::Board;
    loops: monopoly::Board
);

//! What a board lets a user change without editing its file, as a page or a program offers it:
//! each rule of its game with every value it can take (what `--RULE VALUE` sets), and each
//! element `--without` removes. The same lists the command line's flags come from
//! ([`crate::games::Game::rule_space`], [`crate::games::Game::ELEMENTS`]).

use serde::{Deserialize, Serialize};

use crate::error::Result;
use crate::games::{value_word, BoardSource, Game, GameVisitor, Source, Variant};

/// One rule of the board's game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RuleChoice {
    /// The rule's key in the board file's `[rules]` (and its flag: `--KEY VALUE`).
    pub key: String,
    /// Every value it can take, as the board file writes it (a word, a number, true or false).
    pub values: Vec<toml::Value>,
    /// The same values as the command line writes them.
    pub words: Vec<String>,
    /// The board's own value, as the command line writes it.
    pub board: String,
}

/// One element of the board that `--without` removes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ElementChoice {
    /// Its name (`--without NAME`).
    pub name: String,
    /// What removing it does.
    pub what: String,
}

/// What a board lets a user change: its game's rules and the elements it can do without.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Choices {
    /// The board's name.
    pub board: String,
    /// Its game's kind, as the board file's `game` key names it.
    pub game: String,
    /// Every rule, in the order of the game's rule space.
    pub rules: Vec<RuleChoice>,
    /// Every element `--without` removes.
    pub elements: Vec<ElementChoice>,
}

/// The rules and elements of `board` (a race; a game played by computer players has none of
/// these flags, and gets empty lists, with the board named as messages name it).
///
/// ```
/// use candyland::{analyze, choices, read_board, AnalyzeOptions, Budget, Variant};
///
/// let board = read_board(None)?; // the default board
/// let c = choices(&board)?;
/// // Its first rule set to another value, as `--RULE VALUE` sets it.
/// let rule = &c.rules[0];
/// let other = rule.words.iter().position(|w| *w != rule.board).unwrap();
/// let options = AnalyzeOptions {
///     variant: Variant::default().with_rule(&rule.key, rule.values[other].clone()),
///     ..AnalyzeOptions::default()
/// };
/// analyze(&board, &options, &Budget::default())?;
/// # Ok::<(), candyland::Error>(())
/// ```
pub fn choices(board: &BoardSource) -> Result<Choices> {
    struct Of;
    impl GameVisitor for Of {
        type Output = Result<Choices>;
        fn visit<G: Game>(self, source: Source<G>) -> Result<Choices> {
            let game = source.game(&Variant::default())?;
            let rules_now = game.rules_json();
            let rules = G::rule_space()
                .into_iter()
                .map(|(key, values)| {
                    let board = rules_now
                        .get(key)
                        .and_then(|v| toml::Value::try_from(v).ok())
                        .map_or_else(String::new, |v| value_word(&v));
                    RuleChoice {
                        key: key.to_string(),
                        words: values.iter().map(value_word).collect(),
                        values,
                        board,
                    }
                })
                .collect();
            let elements = G::ELEMENTS
                .iter()
                .map(|(name, what)| ElementChoice {
                    name: name.to_string(),
                    what: what.to_string(),
                })
                .collect();
            Ok(Choices {
                board: game.name().to_string(),
                game: G::KIND.to_string(),
                rules,
                elements,
            })
        }
    }
    let kind = board.kind()?;
    if crate::games::plays_by_policies(kind) || crate::games::loops(kind) {
        return Ok(Choices {
            board: board.label.clone(),
            game: kind.to_string(),
            rules: Vec::new(),
            elements: Vec::new(),
        });
    }
    crate::games::with_game(board, Of)?
}

//! `forever` asked of a board of any game: the options as given and the deck order read.

use crate::error::Result;

use crate::budget::Budget;
use crate::games::{BoardSource, Game, Source, Variant};
use crate::input::deck_order::parse_order;
use crate::input::error::UserError;
use crate::results::board::{ask, build, Built, Question as Asked};
use crate::results::options::{bad_option, check_players};

use super::answer::ReportError;
use super::{ForeverReport, Question};

/// The most players the survey of deck orders tries.
const SURVEY_PLAYERS: usize = 4;

/// A deck order to decide, as read from a file.
#[derive(Debug, Clone, PartialEq)]
pub struct DeckOrder {
    /// How messages name the file.
    pub file: String,
    /// Its text: one card per line ([`parse_order`]).
    pub text: String,
}

/// The options of [`forever`].
#[derive(Debug, Clone, PartialEq)]
pub struct ForeverOptions {
    /// Changes to the board file (`--without`, rule overrides).
    pub variant: Variant,
    /// Players, for the tail per round and the fixed deck order.
    pub players: usize,
    /// A fixed deck order to decide instead of the survey of random ones.
    pub deck_order: Option<DeckOrder>,
    /// Random deck orders the survey tries.
    pub orders: u64,
    /// Seed of the survey.
    pub seed: u64,
    /// A deck order that never ends is wanted ([`ForeverReport::witness`]): it is an error
    /// when the survey finds none.
    pub witness: bool,
}

impl Default for ForeverOptions {
    fn default() -> ForeverOptions {
        ForeverOptions {
            variant: Variant::default(),
            players: 1,
            deck_order: None,
            orders: 10_000,
            seed: 1,
            witness: false,
        }
    }
}

impl ForeverOptions {
    /// Checks the options, naming each as the command line spells it.
    pub fn validate(&self) -> Result<(), UserError> {
        check_players(self.players)?;
        if self.deck_order.is_none() && self.orders == 0 {
            return Err(bad_option("--orders", "must be at least 1"));
        }
        Ok(())
    }
}

/// Whether the game on `board` can run forever, whatever its game, with evidence.
pub fn forever(
    board: &BoardSource,
    options: &ForeverOptions,
    budget: &Budget,
) -> Result<ForeverReport> {
    options.validate()?;
    ask(board, options, budget)
}

impl Asked for ForeverOptions {
    type Answer = ForeverReport;

    fn on<G: Game>(&self, source: Source<G>, b: &Budget) -> Result<ForeverReport> {
        forever_game(&source, self, b)
    }
}

/// [`forever`] on a board of game `G`.
pub fn forever_game<G: Game>(
    source: &Source<G>,
    options: &ForeverOptions,
    b: &Budget,
) -> Result<ForeverReport> {
    options.validate()?;
    let Built { game, about, chain } = build(source, &options.variant, b)?;
    crate::results::options::independent_players(&game, options.players)?;
    let names: Vec<String> = chain
        .cards()
        .iter()
        .map(|(c, _)| game.card_name(*c))
        .collect();
    let counts: Vec<u32> = chain.cards().iter().map(|(_, n)| *n).collect();
    if !chain.has_deck() && (options.deck_order.is_some() || options.witness) {
        return Err(bad_option(
            if options.deck_order.is_some() { "--deck-order" } else { "--witness" },
            "this game is played with a spinner or die, not a deck, so there is no deck order to recycle; leave the flag out",
        )
        .into());
    }
    let order = match &options.deck_order {
        None => None,
        Some(DeckOrder { file, text }) => Some(parse_order(text, &names, &counts).map_err(
            |(line, message)| UserError::BadDataFile {
                file: file.clone(),
                line,
                message,
            },
        )?),
    };
    // A fixed deck order only exists for a deck of cards.
    let survey = (order.is_none() && chain.has_deck()).then_some((options.orders, options.seed));
    let question = Question {
        players: options.players,
        order: order.as_deref(),
        survey,
        max_players: SURVEY_PLAYERS,
        budget: *b,
    };
    let report =
        ForeverReport::new(&game, &chain, &about.board, &question).map_err(|e| match e {
            // Each kind keeps its type, which decides the exit code.
            ReportError::OverBudget(e) => crate::Error::from(e),
            ReportError::BadOrder(e) => bad_option("--deck-order", e.to_string()).into(),
        })?;
    if options.witness && report.witness().is_none() {
        return Err(bad_option(
            "--witness",
            format!(
                "none of the {} orders tried loops, so there is no witness to write; try more with --orders N or another --seed",
                options.orders
            ),
        )
        .into());
    }
    Ok(report)
}

//! `play`: one game turn by turn ([`crate::sim::transcript`]); with the odds, each player's
//! exact chance to win after every turn.

use crate::error::Result;

use crate::budget::Budget;
use crate::check::crosscheck::MAX_TURNS;
use crate::games::{BoardSource, Game, Source, Variant};
use crate::input::error::UserError;
use crate::results::board::{ask, build, Built, Question};
use crate::results::options::{check_players, deck_mode};
use crate::sim::transcript::{visited_states, with_odds, Transcript};
use crate::sim::DeckMode;
use crate::solve::odds::Curves;
use crate::solve::{check_finishes, Options};

/// The options of [`play`].
#[derive(Debug, Clone, PartialEq)]
pub struct PlayOptions {
    /// Changes to the board file (`--without`, rule overrides).
    pub variant: Variant,
    /// Seed of the game: the first game `simulate` plays with the same seed.
    pub seed: u64,
    /// How cards are drawn; `None`: a shuffled deck for a deck of cards, i.i.d. for a spinner.
    pub deck: Option<DeckMode>,
    /// Players.
    pub players: usize,
    /// Each player's exact chance to win after every turn.
    pub odds: bool,
}

impl Default for PlayOptions {
    fn default() -> PlayOptions {
        PlayOptions {
            variant: Variant::default(),
            seed: 1,
            deck: None,
            players: 1,
            odds: false,
        }
    }
}

impl PlayOptions {
    /// Checks the options, naming each as the command line spells it.
    pub fn validate(&self) -> Result<(), UserError> {
        check_players(self.players)
    }
}

/// One game on `board`, whatever its game, turn by turn.
pub fn play(board: &BoardSource, options: &PlayOptions, budget: &Budget) -> Result<Transcript> {
    options.validate()?;
    ask(board, options, budget)
}

impl Question for PlayOptions {
    type Answer = Transcript;

    fn on<G: Game>(&self, source: Source<G>, b: &Budget) -> Result<Transcript> {
        play_game(&source, self, b)
    }
}

/// [`play`] on a board of game `G`.
pub fn play_game<G: Game>(
    source: &Source<G>,
    options: &PlayOptions,
    b: &Budget,
) -> Result<Transcript> {
    options.validate()?;
    let Built { game, about, chain } = build(source, &options.variant, b)?;
    check_finishes(&game, &chain)?;
    crate::results::options::independent_players(&game, options.players)?;
    let deck = deck_mode(options.deck, chain.has_deck())?;
    let mut t = crate::sim::transcript::transcript(
        &game,
        &chain,
        &about.board,
        options.seed,
        deck,
        options.players,
        MAX_TURNS,
    );
    if options.odds {
        let states = visited_states(&t, chain.start());
        let curves = Curves::within(
            &game,
            &chain,
            &about,
            &states,
            &Options::quick(b),
            (options.players, t.turns.len() + 1),
        )?;
        with_odds(&mut t, chain.start(), &curves);
    }
    Ok(t)
}

//! `simulate`: Monte Carlo games on one board with i.i.d. draws or a real deck, the cost
//! measured on a pilot and refused at once when it is over the budget.

use crate::error::Result;
use serde::{Serialize, Serializer};

use crate::budget::{Budget, Progress};
use crate::games::{BoardSource, Game, Source, Variant};
use crate::input::error::UserError;
use crate::results::board::{ask, build, Built, Question};
use crate::results::options::{bad_option, check_players, deck_mode};
use crate::sim::{
    simulate as run, DeckMode, Pilot, SimOptions, Simulation, Simulator, TableSimulator,
};
use crate::solve::check_finishes;

/// Bytes one kept game length takes (the number and its text).
const BYTES_PER_LENGTH: f64 = 16.0;

/// What a user can change to simulate less.
const FEWER_GAMES: &str =
    "play fewer games with --games N, or stop long games sooner with --max-turns N";

/// The options of [`simulate`].
#[derive(Debug, Clone, PartialEq)]
pub struct SimulateOptions {
    /// Changes to the board file (`--without`, rule overrides).
    pub variant: Variant,
    /// Number of games.
    pub games: u64,
    /// Seed of the random streams: the same seed gives the same results on any machine and
    /// any number of threads.
    pub seed: u64,
    /// How cards are drawn; `None`: a shuffled deck for a deck of cards, i.i.d. for a spinner.
    pub deck: Option<DeckMode>,
    /// Players sharing the deck; a game ends when the first one finishes.
    pub players: usize,
    /// A game is stopped after this many turns and counted as unfinished.
    pub max_turns: u32,
    /// Keep every finished game's length, in order ([`Simulated::lengths`]).
    pub keep_lengths: bool,
}

impl Default for SimulateOptions {
    fn default() -> SimulateOptions {
        SimulateOptions {
            variant: Variant::default(),
            games: 1_000_000,
            seed: 1,
            deck: None,
            players: 1,
            max_turns: 1_000_000,
            keep_lengths: false,
        }
    }
}

impl SimulateOptions {
    /// Checks the options, naming each as the command line spells it.
    pub fn validate(&self) -> Result<(), UserError> {
        if self.games == 0 {
            return Err(bad_option("--games", "must be at least 1"));
        }
        check_players(self.players)?;
        if self.max_turns == 0 {
            return Err(bad_option("--max-turns", "must be at least 1"));
        }
        Ok(())
    }
}

/// The answer of [`simulate`]: the summary, and the histogram and lengths it was drawn from.
/// Its JSON is the summary's.
#[derive(Debug, Clone, PartialEq)]
pub struct Simulated {
    /// The summary of the games.
    pub summary: Simulation,
    /// `histogram[n]`: finished games that lasted n turns (all players' turns).
    pub histogram: Vec<u64>,
    /// Every finished game's length, in order, when asked for.
    pub lengths: Vec<u32>,
}

impl Serialize for Simulated {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.summary.serialize(s)
    }
}

/// `options.games` games on `board`, whatever its game, counted on `progress`.
pub fn simulate(
    board: &BoardSource,
    options: &SimulateOptions,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<Simulated> {
    options.validate()?;
    ask(board, &(options, progress), budget)
}

impl Question for (&SimulateOptions, &dyn Progress) {
    type Answer = Simulated;

    fn on<G: Game>(&self, source: Source<G>, b: &Budget) -> Result<Simulated> {
        simulate_game(&source, self.0, b, self.1)
    }
}

/// [`simulate`] on a board of game `G`.
pub fn simulate_game<G: Game>(
    source: &Source<G>,
    options: &SimulateOptions,
    b: &Budget,
    progress: &dyn Progress,
) -> Result<Simulated> {
    options.validate()?;
    if options.keep_lengths {
        b.memory(
            &format!("keeping {} game lengths for --lengths", options.games),
            options.games as f64 * BYTES_PER_LENGTH,
            "play fewer games with --games N",
        )?;
    }
    let Built { game, about, chain } = build(source, &options.variant, b)?;
    check_finishes(&game, &chain)?;
    let deck = deck_mode(options.deck, chain.has_deck())?;
    let sim_options = SimOptions {
        games: options.games,
        seed: options.seed,
        deck,
        players: options.players,
        max_turns: options.max_turns,
        keep_lengths: options.keep_lengths,
    };
    // Tokens that meet: several players on the chain of the whole table.
    let table = if game.tokens_meet() && options.players > 1 {
        Some(TableSimulator::within(&game, options.players, b)?)
    } else {
        None
    };
    let own;
    let sim = match &table {
        Some(t) => t.simulator(),
        None => {
            own = Simulator::within(&chain, b)?;
            &own
        }
    };
    let walked = match &table {
        Some(_) => TableSimulator::walked(&sim_options),
        None => sim_options,
    };
    Pilot::check(
        b,
        &[(options.games, Pilot::measure(sim, &walked))],
        FEWER_GAMES,
    )?;
    let counter = progress.start(options.games, "simulating", "games");
    let result = match &table {
        Some(t) => t.simulate(&sim_options, &|n| counter.add(n)),
        None => run(sim, &sim_options, &|n| counter.add(n)),
    };
    drop(counter);
    let finished = result.histogram.iter().any(|&c| c > 0);
    let Some(summary) = Simulation::new(&about, &sim_options, &result).filter(|_| finished) else {
        return Err(bad_option(
            "--max-turns",
            format!(
                "none of the {} games finished within {} turns; raise it",
                options.games, options.max_turns
            ),
        )
        .into());
    };
    Ok(Simulated {
        summary,
        histogram: result.histogram,
        lengths: result.lengths,
    })
}

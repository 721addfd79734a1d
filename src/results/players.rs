//! `players`: K players on one board, exact from the one-player distribution (or, where it was
//! cut, from the product chain, or as bounds), next to the same game simulated with i.i.d.
//! draws and with a real deck.

use crate::error::Result;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::budget::{Budget, Progress};
use crate::check::crosscheck::MAX_TURNS;
use crate::games::{BoardSource, Game, Source, Variant};
use crate::input::error::UserError;
use crate::results::board::{ask, build, Built, Question};
use crate::results::options::{bad_option, check_players};
use crate::sim::{simulate, DeckMode, Pilot, SimOptions, Simulation, Simulator, TableSimulator};
use crate::solve::players::{table_analysis, OnePlayer, Players, Products};
use crate::solve::{Analysis, Moments, Options};

/// The options of [`players`].
#[derive(Debug, Clone, PartialEq)]
pub struct PlayersOptions {
    /// Changes to the board file (`--without`, rule overrides).
    pub variant: Variant,
    /// The number of players, 1 to [`MAX_PLAYERS`](crate::results::MAX_PLAYERS); `None` for a
    /// table of 1 to 4.
    pub players: Option<usize>,
    /// Games in each side-by-side simulation.
    pub games: u64,
    /// The finite deck simulated beside the i.i.d. draws (shuffled, carried or burn).
    pub deck: DeckMode,
    /// Seed of the simulations.
    pub seed: u64,
}

impl Default for PlayersOptions {
    fn default() -> PlayersOptions {
        PlayersOptions {
            variant: Variant::default(),
            players: None,
            games: 200_000,
            deck: DeckMode::Shuffled,
            seed: 1,
        }
    }
}

impl PlayersOptions {
    /// Checks the options, naming each as the command line spells it.
    pub fn validate(&self) -> Result<(), UserError> {
        self.counts()?;
        if self.games == 0 {
            return Err(bad_option("--games", "must be at least 1"));
        }
        if !self.deck.needs_deck() {
            return Err(bad_option(
                "--deck",
                "the i.i.d. draws are always simulated; choose the finite deck beside them: shuffled, carried or burn",
            ));
        }
        Ok(())
    }

    /// The player counts to tabulate.
    fn counts(&self) -> Result<Vec<usize>, UserError> {
        Ok(match self.players {
            None => (1..=4).collect(),
            Some(k) => {
                check_players(k)?;
                vec![k]
            }
        })
    }
}

/// `players --json`: for each number of players, the exact figures (i.i.d. draws) and the same
/// game simulated with i.i.d. draws and with one shared shuffled deck.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayersReport {
    /// The board's short name.
    pub board: String,
    /// Command-line changes to the board file, as flags ("" for none).
    pub variant: String,
    /// Games of each simulation (each number of players, each deck).
    pub games: u64,
    /// Seed of every simulation.
    pub seed: u64,
    /// One row per number of players, in increasing order (1 to 4, or the one `--players`).
    pub rows: Vec<PlayersRow>,
}

/// One number of players in `players --json`: exact figures and the two simulations.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayersRow {
    /// K, the number of players (at least 1).
    pub players: usize,
    /// The exact K-player figures with i.i.d. draws, from the one-player distribution.
    pub exact: Players,
    /// The K-player game simulated with i.i.d. draws.
    pub iid: Simulation,
    /// The game simulated with a real deck as `--deck` chose (shuffled by default); `None` for
    /// a spinner or die: nothing to shuffle. JSON `finite_deck`.
    #[serde(rename = "finite_deck")]
    pub shuffled: Option<Simulation>,
}

/// The K-player figures of `board`, whatever its game: exact (i.i.d. draws) beside two
/// simulations of `options.games` games each, counted on `progress`.
pub fn players(
    board: &BoardSource,
    options: &PlayersOptions,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<PlayersReport> {
    options.validate()?;
    ask(board, &(options, progress), budget)
}

impl Question for (&PlayersOptions, &dyn Progress) {
    type Answer = PlayersReport;

    fn on<G: Game>(&self, source: Source<G>, b: &Budget) -> Result<PlayersReport> {
        players_game(&source, self.0, b, self.1)
    }
}

/// [`players`] on a board of game `G`.
pub fn players_game<G: Game>(
    source: &Source<G>,
    options: &PlayersOptions,
    b: &Budget,
    progress: &dyn Progress,
) -> Result<PlayersReport> {
    options.validate()?;
    let counts = options.counts()?;
    let Built { game, about, chain } = build(source, &options.variant, b)?;
    let moments = Moments::within(&game, &chain, &about, b)?;
    let decks = if chain.has_deck() { 2 } else { 1 };
    let sim = Simulator::within(&chain, b)?;
    let sim_options = |k: usize, deck: DeckMode| SimOptions {
        games: options.games,
        seed: options.seed,
        deck,
        players: k,
        max_turns: MAX_TURNS,
        keep_lengths: false,
    };
    // Several players whose tokens meet play on the chain of the whole table.
    let tables: Vec<Option<TableSimulator>> = counts
        .iter()
        .map(|&k| {
            (game.tokens_meet() && k > 1)
                .then(|| TableSimulator::within(&game, k, b))
                .transpose()
        })
        .collect::<Result<_, _>>()?;
    let simulator = |i: usize| tables[i].as_ref().map_or(&sim, TableSimulator::simulator);
    let walked = |i: usize, o: SimOptions| match tables[i] {
        Some(_) => TableSimulator::walked(&o),
        None => o,
    };
    // Each run's cost measured on a pilot of its own (K players, its deck).
    let decks_run = [DeckMode::Iid, options.deck];
    let runs: Vec<(u64, Pilot)> = counts
        .iter()
        .enumerate()
        .flat_map(|(i, &k)| {
            decks_run[..decks as usize]
                .iter()
                .map(move |&deck| (i, k, deck))
        })
        .map(|(i, k, deck)| {
            let o = walked(i, sim_options(k, deck));
            (options.games, Pilot::measure(simulator(i), &o))
        })
        .collect();
    Pilot::check(b, &runs, "simulate fewer games with --games N")?;
    let solve_options = Options::quick(b);
    let analysis = Analysis::from_moments(&game, &chain, about.clone(), &solve_options, &moments)?;
    let dist = analysis.distribution();
    let one = OnePlayer {
        dist: &dist,
        mean: moments.expected_turns,
        tolerance: solve_options.tolerance,
    };
    // Where the distribution was cut, the product chains that fit the budget.
    let products = Products::within(&game, chain.len(), &one, &counts, b);
    let counter = progress.start(
        options.games.saturating_mul(decks * counts.len() as u64),
        "simulating",
        "games",
    );
    let mut rows = Vec::new();
    for (i, &k) in counts.iter().enumerate() {
        let run = |deck| {
            let sim_options = sim_options(k, deck);
            let r = match &tables[i] {
                Some(t) => t.simulate(&sim_options, &|n| counter.add(n)),
                None => simulate(&sim, &sim_options, &|n| counter.add(n)),
            };
            Simulation::new(&about, &sim_options, &r)
                .ok_or_else(|| UserError::unfinished_games(&about.board, options.games, MAX_TURNS))
        };
        rows.push(PlayersRow {
            players: k,
            exact: if tables[i].is_some() {
                // The length of the game on the chain of the whole table.
                let table = table_analysis(&game, k, &about, &solve_options)?;
                let dist = table.distribution();
                let whole = OnePlayer {
                    dist: &dist,
                    mean: table.expected_turns,
                    tolerance: solve_options.tolerance,
                };
                Players::of_table(&whole, k)
            } else {
                Players::derive(&one, k, &products)
            },
            iid: run(DeckMode::Iid)?,
            shuffled: if chain.has_deck() {
                Some(run(options.deck)?)
            } else {
                None
            },
        });
    }
    drop(counter);
    Ok(PlayersReport {
        board: analysis.board.clone(),
        variant: options.variant.to_string(),
        games: options.games,
        seed: options.seed,
        rows,
    })
}

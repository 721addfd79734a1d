//! `crosscheck`: the simulator against the exact solver on the same rules, with i.i.d. draws
//! (which must agree) and with a shuffled deck (whose difference the exact chain does not
//! capture), from [`crate::check::crosscheck`].

use crate::error::Result;

use crate::budget::{Budget, Progress};
use crate::check::crosscheck::{CrossCheck, MAX_TURNS};
use crate::games::{BoardSource, Game, Source, Variant};
use crate::input::error::UserError;
use crate::results::board::{ask, build, Built, Question};
use crate::results::options::bad_option;
use crate::sim::{DeckMode, Pilot, Simulator};
use crate::solve::{Analysis, Options};

/// The options of [`crosscheck`].
#[derive(Debug, Clone, PartialEq)]
pub struct CrosscheckOptions {
    /// Changes to the board file (`--without`, rule overrides).
    pub variant: Variant,
    /// Games in each of the two simulations (at least 2).
    pub games: u64,
    /// Seed of the random streams.
    pub seed: u64,
}

impl Default for CrosscheckOptions {
    fn default() -> CrosscheckOptions {
        CrosscheckOptions {
            variant: Variant::default(),
            games: 1_000_000,
            seed: 1,
        }
    }
}

impl CrosscheckOptions {
    /// Checks the options, naming each as the command line spells it.
    pub fn validate(&self) -> Result<(), UserError> {
        if self.games < 2 {
            return Err(bad_option("--games", "must be at least 2"));
        }
        Ok(())
    }
}

/// The simulator against the exact answer on `board`, whatever its game, the games counted on
/// `progress`.
pub fn crosscheck(
    board: &BoardSource,
    options: &CrosscheckOptions,
    budget: &Budget,
    progress: &dyn Progress,
) -> Result<CrossCheck> {
    options.validate()?;
    ask(board, &(options, progress), budget)
}

impl Question for (&CrosscheckOptions, &dyn Progress) {
    type Answer = CrossCheck;

    fn on<G: Game>(&self, source: Source<G>, b: &Budget) -> Result<CrossCheck> {
        crosscheck_game(&source, self.0, b, self.1)
    }
}

/// [`crosscheck`] on a board of game `G`.
pub fn crosscheck_game<G: Game>(
    source: &Source<G>,
    options: &CrosscheckOptions,
    b: &Budget,
    progress: &dyn Progress,
) -> Result<CrossCheck> {
    options.validate()?;
    let Built { game, about, chain } = build(source, &options.variant, b)?;
    crate::solve::check_finishes(&game, &chain)?;
    // The simulations' cost first: measured on a pilot, before the distribution is paid for.
    // The pilot's few games say little of how long a game lasts on a long board (it made the
    // estimate 2.3 times the time at 10^5 spaces): the exact E[T], one solve, says it.
    crate::solve::check_solves(&chain, 1.0, "solving for the expected length", b)?;
    let ones = vec![1.0; chain.len()];
    let mean = crate::solve::solve_f64(chain.counts(), chain.denominator(), &[&ones])
        .map_err(|f| crate::solve::failure_error(&game, &chain, f))?[0][chain.start()];
    let sim = Simulator::within(&chain, b)?;
    let decks: u64 = if chain.has_deck() { 2 } else { 1 };
    let runs: Vec<(u64, Pilot)> = [DeckMode::Iid, DeckMode::Shuffled][..decks as usize]
        .iter()
        .map(|&deck| {
            let sim_options = CrossCheck::options(options.games, options.seed, deck);
            let pilot = Pilot::measure(&sim, &sim_options);
            (options.games, pilot.with_turns_per_game(mean))
        })
        .collect();
    Pilot::check(b, &runs, "simulate fewer games with --games N")?;
    let exact = Analysis::of(&game, &chain, about, &Options::quick(b))?;
    let counter = progress.start(
        decks.saturating_mul(options.games),
        "cross-checking",
        "games",
    );
    let check = CrossCheck::run(&exact, &sim, options.games, options.seed, &|n| {
        counter.add(n)
    });
    drop(counter);
    Ok(check.ok_or_else(|| UserError::unfinished_games(&exact.board, options.games, MAX_TURNS))?)
}

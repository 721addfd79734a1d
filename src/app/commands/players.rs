//! `candyland players`: K players, exact from the one-player distribution (or, where it was cut,
//! from the product chain, or as bounds), next to simulations.

use crate::output::Layout;
use anyhow::Result;

use crate::games::Game;
use crate::games::Source;

use crate::app::cli::PlayersArgs;
use crate::budget::Budget;
use crate::check::crosscheck::MAX_TURNS;
use crate::input::error::UserError;
use crate::output;
use crate::results::figures::{PlayersReport, PlayersRow};
use crate::sim::DeckMode;
use crate::sim::{simulate, Pilot, SimOptions, Simulation, Simulator};
use crate::solve::players::{OnePlayer, Players, Products};
use crate::solve::{Analysis, Options};

use super::{bad_flag, check_players, json};
use crate::app::progress::Progress;

pub(crate) fn run(args: &PlayersArgs, b: &Budget, layout: Layout) -> Result<String> {
    player_counts(args)?;
    if args.games == 0 {
        return Err(bad_flag("--games", "must be at least 1").into());
    }
    if !args.deck.needs_deck() {
        return Err(bad_flag(
            "--deck",
            "the i.i.d. draws are always simulated; choose the finite deck beside them: shuffled, carried or burn",
        )
        .into());
    }
    super::on_board(&args.board, args, b, layout)
}

/// The player counts to tabulate: `--players K`, or 1 to 4.
fn player_counts(args: &PlayersArgs) -> Result<Vec<usize>, UserError> {
    Ok(match args.players {
        None => (1..=4).collect(),
        Some(k) => {
            check_players(k)?;
            vec![k]
        }
    })
}

impl super::BoardCommand for PlayersArgs {
    fn run_on<G: Game>(&self, source: Source<G>, b: &Budget, layout: Layout) -> Result<String> {
        let args = self;
        let counts = player_counts(args)?;
        let variant = args.variant.to_variant();
        let super::Built { game, about, chain } = super::build(&source, &variant, b)?;
        let moments = crate::solve::Moments::within(&game, &chain, &about, b)?;
        let decks = if chain.has_deck() { 2 } else { 1 };
        let sim = Simulator::within(&chain, b)?;
        let sim_options = |k: usize, deck: DeckMode| SimOptions {
            games: args.games,
            seed: args.seed,
            deck,
            players: k,
            max_turns: crate::check::crosscheck::MAX_TURNS,
            keep_lengths: false,
        };
        // Each run's cost measured on a pilot of its own (K players, its deck).
        let decks_run = [DeckMode::Iid, args.deck];
        let runs: Vec<(u64, Pilot)> = counts
            .iter()
            .flat_map(|&k| {
                decks_run[..decks as usize]
                    .iter()
                    .map(move |&deck| (k, deck))
            })
            .map(|(k, deck)| (args.games, Pilot::measure(&sim, &sim_options(k, deck))))
            .collect();
        Pilot::check(b, &runs, "simulate fewer games with --games N")?;
        let options = Options::quick(b);
        let analysis = Analysis::from_moments(&game, &chain, about.clone(), &options, &moments)?;
        let dist = analysis.distribution();
        let one = OnePlayer {
            dist: &dist,
            mean: moments.expected_turns,
            tolerance: options.tolerance,
        };
        // Where the distribution was cut, the product chains that fit the budget.
        let products = Products::within(&game, chain.len(), &one, &counts, b);
        let progress = Progress::new(
            args.games.saturating_mul(decks * counts.len() as u64),
            "simulating",
        );
        let mut rows = Vec::new();
        for &k in &counts {
            let run = |deck| {
                let options = sim_options(k, deck);
                let r = simulate(&sim, &options, &|n| progress.inc(n));
                Simulation::new(&about, &options, &r)
                    .ok_or_else(|| UserError::unfinished_games(&about.board, args.games, MAX_TURNS))
            };
            rows.push(PlayersRow {
                players: k,
                exact: Players::derive(&one, k, &products),
                iid: run(DeckMode::Iid)?,
                shuffled: if chain.has_deck() {
                    Some(run(args.deck)?)
                } else {
                    None
                },
            });
        }
        drop(progress);
        let report = PlayersReport {
            board: analysis.board.clone(),
            variant: variant.to_string(),
            games: args.games,
            seed: args.seed,
            rows,
        };
        Ok(if args.json {
            json("players", &report)?
        } else if args.csv {
            output::players_csv(&report)?
        } else {
            output::players_table(&report, layout)
        })
    }
}

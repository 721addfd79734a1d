//! `candyland simulate`: Monte Carlo, with the cost estimated before the run.

use crate::output::Layout;
use anyhow::Result;

use crate::games::Game;
use crate::games::Source;

use crate::app::cli::SimulateArgs;
use crate::budget::Budget;
use crate::output::{self, PendingFile};
use crate::sim::{simulate, Pilot, SimOptions, Simulation, Simulator};
use crate::solve::check_finishes;

use super::{bad_flag, check_players, deck_mode, json};
use crate::app::progress::Progress;

/// Bytes one kept game length takes (the number and its text).
const BYTES_PER_LENGTH: f64 = 16.0;

/// What a user can change to simulate less.
const FEWER_GAMES: &str =
    "play fewer games with --games N, or stop long games sooner with --max-turns N";

pub(crate) fn run(args: &SimulateArgs, b: &Budget, layout: Layout) -> Result<String> {
    if args.games == 0 {
        return Err(bad_flag("--games", "must be at least 1").into());
    }
    check_players(args.players)?;
    if args.max_turns == 0 {
        return Err(bad_flag("--max-turns", "must be at least 1").into());
    }
    super::on_board(&args.board, args, b, layout)
}

impl super::BoardCommand for SimulateArgs {
    fn run_hare(
        &self,
        source: &crate::games::BoardSource,
        b: &Budget,
        layout: Layout,
    ) -> Result<String> {
        super::hare::simulate_hare(self, source, b, layout)
    }
    fn hare_flag(&self) -> Option<&'static str> {
        super::hare::hare_flag(&self.variant)
    }
    fn run_on<G: Game>(&self, source: Source<G>, b: &Budget, layout: Layout) -> Result<String> {
        let args = self;
        // The output is checked (its temporary created) before any work, so that a bad path
        // fails at once.
        let lengths_file = args
            .lengths
            .as_deref()
            .map(|p| PendingFile::create(p, "--lengths"))
            .transpose()?;
        if lengths_file.is_some() {
            b.memory(
                &format!("keeping {} game lengths for --lengths", args.games),
                args.games as f64 * BYTES_PER_LENGTH,
                "play fewer games with --games N",
            )?;
        }
        let variant = args.variant.to_variant();
        let super::Built { game, about, chain } = super::build(&source, &variant, b)?;
        check_finishes(&game, &chain)?;
        let deck = deck_mode(args.deck, chain.has_deck())?;
        let options = SimOptions {
            games: args.games,
            seed: args.seed,
            deck,
            players: args.players,
            max_turns: args.max_turns,
            keep_lengths: lengths_file.is_some(),
        };
        let sim = Simulator::within(&chain, b)?;
        Pilot::check(
            b,
            &[(args.games, Pilot::measure(&sim, &options))],
            FEWER_GAMES,
        )?;
        let progress = Progress::new(args.games, "simulating");
        let result = simulate(&sim, &options, &|n| progress.inc(n));
        drop(progress);
        if let Some(file) = lengths_file {
            let mut text = String::with_capacity(result.lengths.len() * 4);
            for l in &result.lengths {
                text.push_str(&l.to_string());
                text.push('\n');
            }
            file.commit(text.as_bytes())?;
        }
        let finished = result.histogram.iter().any(|&c| c > 0);
        let Some(report) = Simulation::new(&about, &options, &result).filter(|_| finished) else {
            return Err(bad_flag(
                "--max-turns",
                format!(
                    "none of the {} games finished within {} turns; raise it",
                    args.games, args.max_turns
                ),
            )
            .into());
        };
        Ok(if args.json {
            json("simulate", &report)?
        } else if args.csv {
            output::histogram_csv(&result.histogram)
        } else {
            output::simulation_table(&report, layout)
        })
    }
}

//! `candyland crosscheck`: the simulator against the exact solver ([`crate::check::crosscheck`]).

use crate::output::Layout;
use anyhow::Result;

use crate::games::Game;
use crate::games::Source;

use crate::app::cli::CrosscheckArgs;
use crate::budget::Budget;
use crate::check::crosscheck::CrossCheck;
use crate::input::error::UserError;
use crate::output;
use crate::sim::Simulator;
use crate::solve::{Analysis, Options};

use super::{bad_flag, json};
use crate::app::progress::Progress;

pub(crate) fn run(args: &CrosscheckArgs, b: &Budget, layout: Layout) -> Result<String> {
    if args.games < 2 {
        return Err(bad_flag("--games", "must be at least 2").into());
    }
    super::on_board(&args.board, args, b, layout)
}

impl super::BoardCommand for CrosscheckArgs {
    fn run_on<G: Game>(&self, source: Source<G>, b: &Budget, layout: Layout) -> Result<String> {
        let args = self;
        let variant = args.variant.to_variant();
        let super::Built { game, about, chain } = super::build(&source, &variant, b)?;
        let exact = Analysis::of(&game, &chain, about, &Options::quick(b))?;
        let sim = Simulator::new(&chain);
        let decks = if chain.has_deck() { 2 } else { 1 };
        b.simulation(
            args.games.saturating_mul(decks),
            exact
                .expected_turns
                .min(f64::from(crate::check::crosscheck::MAX_TURNS)),
            "simulate fewer games with --games N",
        )?;
        let progress = Progress::new(decks.saturating_mul(args.games), "cross-checking");
        let check = CrossCheck::run(&exact, &sim, args.games, args.seed, &|n| progress.inc(n));
        drop(progress);
        let check = check.ok_or_else(|| {
            UserError::unfinished_games(
                &exact.board,
                args.games,
                crate::check::crosscheck::MAX_TURNS,
            )
        })?;
        Ok(if args.json {
            json("crosscheck", &check)?
        } else if args.csv {
            output::crosscheck_csv(&check)?
        } else {
            output::crosscheck_table(&check, layout)
        })
    }
}

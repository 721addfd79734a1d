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
use crate::sim::{DeckMode, Pilot, Simulator};
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
        crate::solve::check_finishes(&game, &chain)?;
        // The simulations' cost first: measured on a pilot, before the distribution is paid for.
        let sim = Simulator::within(&chain, b)?;
        let decks: u64 = if chain.has_deck() { 2 } else { 1 };
        let runs: Vec<(u64, Pilot)> = [DeckMode::Iid, DeckMode::Shuffled][..decks as usize]
            .iter()
            .map(|&deck| {
                let options = CrossCheck::options(args.games, args.seed, deck);
                (args.games, Pilot::measure(&sim, &options))
            })
            .collect();
        Pilot::check(b, &runs, "simulate fewer games with --games N")?;
        let exact = Analysis::of(&game, &chain, about, &Options::quick(b))?;
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

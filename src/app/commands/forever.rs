//! `candyland forever`: can the game run forever, with fixed deck orders read and written.

use crate::output::Layout;
use anyhow::Result;

use crate::games::Game;
use crate::games::Source;

use crate::app::cli::ForeverArgs;
use crate::budget::Budget;
use crate::input::error::UserError;
use crate::output::{self, PendingFile};

use super::{bad_flag, check_players, json};

pub(crate) fn run(args: &ForeverArgs, b: &Budget, layout: Layout) -> Result<String> {
    check_players(args.players)?;
    if args.deck_order.is_none() && args.orders == 0 {
        return Err(bad_flag("--orders", "must be at least 1").into());
    }
    super::on_board(&args.board, args, b, layout)
}

impl super::BoardCommand for ForeverArgs {
    fn run_on<G: Game>(&self, source: Source<G>, b: &Budget, layout: Layout) -> Result<String> {
        let args = self;
        // The deck order is read and the witness's file checked (its temporary created) before
        // any work: a bad path fails at once, and the witness cannot replace the order read.
        let order_text = match &args.deck_order {
            None => None,
            Some(path) => Some((
                path.display().to_string(),
                crate::input::files::read_text(
                    path,
                    "a deck order (one card per line)",
                    crate::input::files::MAX_ORDER_BYTES,
                )?,
            )),
        };
        let witness_file = args
            .witness
            .as_deref()
            .map(|p| PendingFile::create(p, "--witness"))
            .transpose()?;
        let variant = args.variant.to_variant();
        let super::Built { game, about, chain } = super::build(&source, &variant, b)?;
        let name = about.board;
        let names: Vec<String> = chain
            .cards()
            .iter()
            .map(|(c, _)| game.card_name(*c))
            .collect();
        let counts: Vec<u32> = chain.cards().iter().map(|(_, n)| *n).collect();
        if !chain.has_deck() && (args.deck_order.is_some() || args.witness.is_some()) {
            return Err(bad_flag(
                if args.deck_order.is_some() { "--deck-order" } else { "--witness" },
                "this game is played with a spinner or die, not a deck, so there is no deck order to recycle; leave the flag out",
            )
            .into());
        }
        let order = match order_text {
            None => None,
            Some((file, text)) => {
                let order = crate::results::forever::parse_order(&text, &names, &counts).map_err(
                    |(line, message)| UserError::BadDataFile {
                        file,
                        line,
                        message,
                    },
                )?;
                Some(order)
            }
        };
        // A fixed deck order only exists for a deck of cards.
        let survey = (order.is_none() && chain.has_deck()).then_some((args.orders, args.seed));
        let question = crate::results::forever::Question {
            players: args.players,
            order: order.as_deref(),
            survey,
            max_players: 4,
            budget: *b,
        };
        let report = crate::results::forever::ForeverReport::new(&game, &chain, &name, &question)?;
        if let Some(file) = witness_file {
            match report
                .survey
                .as_ref()
                .and_then(|s| Some((s.witness.as_ref()?, s.witness_players?)))
            {
                Some((w, players)) => {
                    let header = format!(
                        "A deck order for {name} that, recycled without shuffling, never ends for {players} player(s).\nFound by: candyland forever {} --orders {} --seed {}",
                        args.board,
                        args.orders,
                        args.seed
                    );
                    let kinds: Vec<usize> = w
                        .iter()
                        .filter_map(|n| names.iter().position(|m| m == n))
                        .collect();
                    file.commit(crate::results::forever::format_order(&kinds, &names, &header).as_bytes())?;
                }
                None => {
                    return Err(bad_flag(
                        "--witness",
                        format!(
                            "none of the {} orders tried loops, so there is no witness to write; try more with --orders N or another --seed",
                            args.orders
                        ),
                    )
                    .into())
                }
            }
        }
        Ok(if args.json {
            json("forever", &report)?
        } else if args.csv {
            output::forever_csv(&report)?
        } else {
            output::forever_text(&report, layout)
        })
    }
}

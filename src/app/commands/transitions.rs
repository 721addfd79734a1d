//! `candyland transitions`: the complete move table.

use crate::output::Layout;
use anyhow::Result;

use crate::games::Game;
use crate::games::Source;

use crate::app::cli::TransitionsArgs;
use crate::budget::Budget;
use crate::output;

use super::json;

/// Bytes of one row of the transitions table (CSV or JSON), for its memory estimate.
const BYTES_PER_TRANSITION_ROW: f64 = 200.0;

pub(crate) fn run(args: &TransitionsArgs, b: &Budget) -> Result<String> {
    // CSV and JSON only: no text to lay out.
    super::on_board(&args.board, args, b, Layout::default())
}

impl super::BoardCommand for TransitionsArgs {
    fn run_on<G: Game>(&self, source: Source<G>, b: &Budget, _: Layout) -> Result<String> {
        let args = self;
        let variant = args.variant.to_variant();
        let super::Built { game, about, chain } = super::build(&source, &variant, b)?;
        let name = about.board;
        if args.dot {
            b.memory(
                "drawing the state graph",
                (chain.len() * chain.cards().len()) as f64 * BYTES_PER_TRANSITION_ROW,
                "use a smaller board",
            )?;
            return Ok(output::dot(&crate::results::transitions::graph(
                &game, &chain, &name,
            )));
        }
        if args.fundamental {
            let options =
                crate::solve::fundamental::FundamentalOptions::all(*b).rows(args.from.clone());
            let n = crate::solve::fundamental::fundamental(&game, &chain, &name, &options)
                .map_err(|e| match e {
                    crate::solve::fundamental::FundamentalError::From(e) => {
                        super::bad_flag("--from", e.to_string()).into()
                    }
                    other => anyhow::Error::from(other),
                })?;
            return Ok(if args.json {
                json("transitions", &n)?
            } else {
                output::fundamental_csv(&n)?
            });
        }
        b.memory(
            "printing the move table",
            (chain.len() * chain.cards().len()) as f64 * BYTES_PER_TRANSITION_ROW,
            "use a smaller board",
        )?;
        let t = crate::results::transitions::transitions(&game, &chain, &name);
        Ok(if args.json {
            json("transitions", &t)?
        } else if args.aggregate {
            output::transitions_matrix_csv(&t)?
        } else {
            output::transitions_csv(&t)?
        })
    }
}

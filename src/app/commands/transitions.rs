//! `candyland transitions`: the complete move table.

use crate::output::Layout;
use anyhow::Result;

use crate::games::Game;
use crate::games::Source;

use crate::app::cli::TransitionsArgs;
use crate::budget::Budget;
use crate::output;

use super::json;

/// Bytes at the peak and processor seconds of one row (a state and a kind of card) of the
/// table as CSV, aggregated CSV and JSON: measured on a 10^5-space board (1.8 million rows:
/// 0.92 GB in 2.7 s, 1.2 GB in 3.1 s, 6.4 GB in 14 s). The time of a table long enough to
/// matter is measured on a sample of it instead ([`crate::budget::sampled`]): the rate per row
/// of a 10^5-space board was 2.5 times too fast at 10^6, where 10 GB of fresh memory is touched.
const CSV_ROW: (f64, f64) = (560.0, 1.5e-6);
const AGGREGATE_ROW: (f64, f64) = (700.0, 1.7e-6);
const JSON_ROW: (f64, f64) = (3700.0, 7.5e-6);

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
                (chain.len() * chain.cards().len()) as f64 * CSV_ROW.0,
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
        let rows = (chain.len() * chain.cards().len()) as f64;
        let (bytes, seconds) = if args.json {
            JSON_ROW
        } else if args.aggregate {
            AGGREGATE_ROW
        } else {
            CSV_ROW
        };
        let what = format!("printing the move table ({rows:.0} rows)");
        let fix = if args.json {
            "use a smaller board, or CSV (the default), which takes a sixth of the memory"
        } else {
            "use a smaller board"
        };
        b.memory_kept(&what, rows * bytes, crate::budget::Kept::Kept, fix)?;
        let print = |t: &crate::results::transitions::Transitions| -> Result<String> {
            Ok(if args.json {
                json("transitions", t)?
            } else if args.aggregate {
                output::transitions_matrix_csv(t)?
            } else {
                output::transitions_csv(t)?
            })
        };
        let per_state = seconds * chain.cards().len() as f64;
        let estimate = crate::budget::sampled(chain.len(), per_state, |every| {
            let sample =
                crate::results::transitions::transitions_sample(&game, &chain, &name, every);
            let _ = print(&sample);
        });
        b.time(&what, estimate, fix)?;
        print(&crate::results::transitions::transitions(
            &game, &chain, &name,
        ))
    }
}

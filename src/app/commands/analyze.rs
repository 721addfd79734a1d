//! `candyland analyze`: exact one-player figures, the moments alone on boards too big for the
//! distribution.

use crate::output::Layout;
use anyhow::Result;

use crate::games::Game;
use crate::games::Source;

use crate::app::cli::AnalyzeArgs;
use crate::budget::Budget;
use crate::input::error::UserError;
use crate::output;
use crate::solve::{check_finishes, Analysis, Options};

use super::json;

/// The turn limit of the distribution when `--max-turns` is not given.
const DEFAULT_MAX_TURNS: usize = 100_000;

pub(crate) fn run(args: &AnalyzeArgs, b: &Budget, layout: Layout) -> Result<String> {
    analyze_options(args, b)?;
    super::on_board(&args.board, args, b, layout)
}

impl super::BoardCommand for AnalyzeArgs {
    fn run_hare(
        &self,
        source: &crate::games::BoardSource,
        _: &Budget,
        layout: Layout,
    ) -> Result<String> {
        self.hare(source, layout)
    }
    fn hare_flag(&self) -> Option<&'static str> {
        super::hare::hare_flag(&self.variant)
    }
    fn run_on<G: Game>(&self, source: Source<G>, b: &Budget, layout: Layout) -> Result<String> {
        let args = self;
        let options = analyze_options(args, b)?;
        let variant = args.variant.to_variant();
        let started = std::time::Instant::now();
        let super::Built { game, about, chain } = super::build(&source, &variant, b)?;
        if check_finishes(&game, &chain).is_err() {
            // Valid input with no finite figures: report it, with the exact chance of never ending.
            let report = crate::results::forever::Unfinishable::of(&game, &chain, &about.board, b)?;
            return Ok(if args.json {
                json("analyze", &report)?
            } else {
                output::unfinishable_text(&report, layout)
            });
        }
        if args.pgf {
            let pgf = crate::solve::pgf::pgf(&game, &chain, &about, b)?;
            return Ok(if args.json {
                json("analyze", &pgf)?
            } else {
                output::pgf_text(&pgf, layout)
            });
        }
        if args.moments_only {
            // The per-card table is not needed for the moments: freed before the solves.
            let matrix = chain.into_matrix();
            let moments = crate::solve::Moments::within(&game, &matrix, &about, b)?;
            let moments_time = started.elapsed().as_secs_f64();
            return Ok(if args.json {
                json("analyze", &moments)?
            } else {
                output::moments_table(&moments, moments_time, None, layout)
            });
        }
        let moments = crate::solve::Moments::within(&game, &chain, &about, b)?;
        let moments_time = started.elapsed().as_secs_f64();
        // Estimate the distribution's cost: about E + 28 sd turn-steps (the tail falls by e per sd
        // or so, and 1e-12 is e^-28), each one sparse mat-vec over the chain.
        // Without --max-turns, the whole distribution (to the tolerance) is what is asked for.
        let limit = args.max_turns.unwrap_or(usize::MAX);
        let steps = crate::solve::distribution_steps(&moments, args.tolerance, limit);
        let estimate = crate::solve::distribution_seconds(&chain, steps);
        if estimate > b.left() && args.max_turns.is_none() {
            let note = format!(
                "the full distribution would take about {} ({steps:.0} turn-steps), more than the budget of {}; run with --max-turns N to compute its first N turns, --budget SECONDS to allow it, or --moments-only to skip it",
                crate::budget::duration(estimate),
                crate::budget::duration(b.seconds()),
            );
            return Ok(if args.json {
                json("analyze", &moments)?
            } else {
                output::moments_table(&moments, moments_time, Some(&note), layout)
            });
        }
        let analysis = Analysis::from_moments(&game, &chain, about, &options, &moments)?;
        Ok(if args.json {
            json("analyze", &analysis)?
        } else if args.csv {
            output::distribution_csv(&analysis)
        } else {
            let mut t = output::analysis_table(&analysis, args.exact, layout);
            if chain.len() > 100_000 {
                t.push_str(&format!(
                    "\n(one turn-step of the distribution costs {:.3} ms on this board)\n",
                    estimate / steps * 1e3
                ));
            }
            t
        })
    }
}

/// Checks the numeric flags of `analyze`.
fn analyze_options(args: &AnalyzeArgs, budget: &Budget) -> Result<Options, UserError> {
    if !(args.tolerance > 0.0 && args.tolerance < 1.0) {
        return Err(UserError::BadFlag {
            flag: "--tolerance".into(),
            message: format!(
                "{} is not a probability between 0 and 1 (exclusive); try 1e-12",
                args.tolerance
            ),
        });
    }
    if args.max_turns == Some(0) {
        return Err(UserError::BadFlag {
            flag: "--max-turns".into(),
            message: "must be at least 1; try 100000".into(),
        });
    }
    Ok(Options {
        tolerance: args.tolerance,
        max_turns: args.max_turns.unwrap_or(DEFAULT_MAX_TURNS),
        // The exact fraction is computed only where it is shown.
        exact: !args.no_exact && (args.exact || args.json),
        budget: *budget,
    })
}

//! Runs a parsed command line: validates what the user gave, drives the pipeline and writes the
//! result to standard output.

use std::io::Write;

use anyhow::Result;

use crate::chain::Chain;
use crate::cli::{AnalyzeArgs, BoardCommand, Cli, Command, ShowArgs};
use crate::config;
use crate::error::UserError;
use crate::game::CandyLand;
use crate::model::{shipped, Board, Variant};
use crate::output;
use crate::solve::{About, Analysis, Options};

/// Runs one command, writing its output to `out`.
pub fn run(cli: Cli, out: &mut dyn Write) -> Result<()> {
    let text = match cli.command {
        Command::Analyze(args) => analyze(&args)?,
        Command::Boards => boards()?,
        Command::Board(BoardCommand::Show(args)) => show(&args)?,
    };
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}

fn analyze(args: &AnalyzeArgs) -> Result<String> {
    let options = analyze_options(args)?;
    let variant = args.variant.to_variant();
    let board = config::load_board(Some(&args.board), &variant)?;
    let about = about(&board, &variant);
    let game = CandyLand::new(board);
    let chain = Chain::build(&game);
    let analysis = Analysis::of(&game, &chain, about, &options)?;
    Ok(if args.json {
        let mut s = serde_json::to_string_pretty(&analysis)?;
        s.push('\n');
        s
    } else if args.csv {
        output::distribution_csv(&analysis)
    } else {
        output::analysis_table(&analysis, args.exact)
    })
}

/// Checks the numeric flags of `analyze`.
fn analyze_options(args: &AnalyzeArgs) -> Result<Options, UserError> {
    if !(args.tolerance > 0.0 && args.tolerance < 1.0) {
        return Err(UserError::BadFlag {
            flag: "--tolerance".into(),
            message: format!(
                "{} is not a probability between 0 and 1 (exclusive); try 1e-12",
                args.tolerance
            ),
        });
    }
    if args.max_turns == 0 {
        return Err(UserError::BadFlag {
            flag: "--max-turns".into(),
            message: "must be at least 1; try 100000".into(),
        });
    }
    Ok(Options {
        tolerance: args.tolerance,
        max_turns: args.max_turns,
        exact: !args.no_exact,
    })
}

/// The board's identity as reports show it.
pub fn about(board: &Board, variant: &Variant) -> About {
    About {
        board: board.name.clone(),
        description: board.description.clone(),
        source: board.source.clone(),
        rules: board.rules.to_string(),
        variant: variant.to_string(),
        spaces: board.len(),
    }
}

fn boards() -> Result<String> {
    let mut list = Vec::new();
    for b in shipped::SHIPPED {
        let board = config::parse_board(b.name, b.text, &Variant::default())?;
        list.push(board);
    }
    Ok(output::board_list(&list))
}

fn show(args: &ShowArgs) -> Result<String> {
    let variant = args.variant.to_variant();
    let board = config::load_board(Some(&args.board), &variant)?;
    Ok(output::board_table(&board, &variant))
}

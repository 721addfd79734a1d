//! Analyses every shipped board from Rust code, as shipped and, for the Candy Land boards,
//! without their shortcuts: the exact expected length (as a float and the size of the exact
//! fraction) and the median. A board of any game goes through the same [`analyze`] call.
//!
//! Run with `cargo run --release --example analyze_board`.

use candyland::{analyze, read_board, AnalyzeAnswer, AnalyzeOptions, Budget, Variant, SHIPPED};

fn main() -> Result<(), candyland::Error> {
    for shipped in SHIPPED.iter() {
        let board = read_board(Some(shipped.name))?;
        let mut variants = vec![Variant::default()];
        if board.kind()? == "candyland" {
            variants.push(Variant::default().without("shortcuts"));
        }
        for variant in variants {
            let options = AnalyzeOptions {
                variant,
                ..AnalyzeOptions::default()
            };
            match analyze(&board, &options, &Budget::default())? {
                AnalyzeAnswer::Figures { analysis: a, .. } => {
                    let label = if a.variant.is_empty() {
                        "as shipped"
                    } else {
                        &a.variant
                    };
                    // The exact value is a BigRational: its digits, numerator and denominator.
                    let digits = a.expected_turns_exact.as_ref().map_or(0, |e| {
                        e.numer().to_string().len() + e.denom().to_string().len() + 1
                    });
                    println!(
                        "{} ({label}): E[T] = {:.4} turns ({digits} digits exactly), median {}, {} states",
                        a.board, a.expected_turns, a.median, a.states
                    );
                }
                // A game that can go on forever, or moments only: no median to print.
                _ => println!(
                    "{}: no distribution (see `candyland analyze`)",
                    shipped.name
                ),
            }
        }
    }
    Ok(())
}

//! How long does one player's game last? The exact expected length (as a fraction too), the
//! spread and the median of a board, from the library alone.
//!
//! `cargo run --example analyze -- chutes-and-ladders` (a shipped board's name or a board
//! file's path; `candy-land-1984` by default).

use candyland::{
    analyze, read_board, render, AnalyzeAnswer, AnalyzeOptions, Budget, Format, Layout,
};

fn main() -> Result<(), candyland::Error> {
    let name = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "candy-land-1984".into());
    let board = read_board(Some(&name))?;
    match analyze(&board, &AnalyzeOptions::default(), &Budget::default())? {
        AnalyzeAnswer::Figures { analysis: a, .. } => {
            let exact = a.expected_turns_exact.map(|e| e.to_string());
            println!("{}: E[T] = {:.4} turns", a.board, a.expected_turns);
            println!("  exactly {}", exact.unwrap_or_default());
            println!(
                "  sd {:.4}, median {}, mode {}",
                a.std_dev, a.median, a.mode
            );
        }
        // Moments only, or a game that can go on forever: its JSON says what there is.
        other => println!("{}", render(&other, Format::Json, Layout::default())?),
    }
    Ok(())
}

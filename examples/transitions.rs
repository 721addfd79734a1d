//! The move table: every state and card with its exact probability and next state, here the
//! first rows, as another simulator's move logic can be tested against entry by entry.
//!
//! `cargo run --example transitions -- hi-ho-cherry-o`

use candyland::{read_board, transitions, Budget, TransitionsAnswer, TransitionsOptions};

fn main() -> Result<(), candyland::Error> {
    let name = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "candy-land-1984".into());
    let board = read_board(Some(&name))?;
    let TransitionsAnswer::Moves(t) =
        transitions(&board, &TransitionsOptions::default(), &Budget::default())?
    else {
        unreachable!("the move table was asked for");
    };
    println!(
        "{}: every probability is count / {}",
        t.board, t.denominator
    );
    for row in t.rows.iter().take(8) {
        println!(
            "{:<24} {:<16} {}/{} -> {}",
            row.from.name, row.card, row.p_exact.num, row.p_exact.den, row.to.name
        );
    }
    Ok(())
}

//! The shipped boards, as `candyland boards` lists them, and one board's spaces and deck, as
//! `candyland board show` gives them.
//!
//! `cargo run --example boards -- treats` (a shipped board's name or a board file's path;
//! `candy-land-1984` by default).

use candyland::{boards, read_board, show, Variant};

fn main() -> Result<(), candyland::Error> {
    for row in boards()?.0 {
        let default = if row.default { " (the default)" } else { "" };
        println!("{}{default}: {}, {}", row.name, row.game, row.size_text);
    }
    let name = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "candy-land-1984".into());
    let board = show(&read_board(Some(&name))?, &Variant::default())?;
    println!(
        "\n{}: {} {}, the first {:?}",
        board.board,
        board.spaces.len(),
        board.space_plural,
        board.spaces.first().map(|s| &s.name)
    );
    Ok(())
}

//! Does the first seat have an edge? Each seat's exact chance to win with 1 to 4 players,
//! next to a simulation of the same games with a real shuffled deck.
//!
//! `cargo run --release --example players -- candy-land-1984`

use candyland::{players, read_board, Budget, PlayersOptions, Silent};

fn main() -> Result<(), candyland::Error> {
    let name = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "candy-land-1984".into());
    let board = read_board(Some(&name))?;
    let options = PlayersOptions {
        games: 20_000,
        ..PlayersOptions::default()
    };
    let report = players(&board, &options, &Budget::default(), &Silent)?;
    for row in &report.rows {
        let exact: Vec<String> = row
            .exact
            .first_finisher
            .win
            .iter()
            .map(|p| format!("{:.3}", p))
            .collect();
        let deck = row.shuffled.as_ref().map(|s| s.win_share.clone());
        println!(
            "{} players: win (exact) {}, shuffled deck {:?}",
            row.players,
            exact.join(" "),
            deck
        );
    }
    Ok(())
}

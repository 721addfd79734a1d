//! Who wins from here? Two players mid-game, on spaces 80 and 47, the second to move: each
//! one's exact chance to win and how many rounds the game has left.
//!
//! `cargo run --example odds`

use candyland::{odds, read_board, Budget, OddsOptions};

fn main() -> Result<(), candyland::Error> {
    let board = read_board(Some("candy-land-1984"))?;
    let options = OddsOptions {
        at: vec!["80".into(), "47".into()],
        to_move: 2,
        ..OddsOptions::default()
    };
    let r = odds(&board, &options, &Budget::default())?;
    for (seat, p) in r.seats.iter().zip(&r.win) {
        println!("seat {} on {}: P(win) = {p:.4}", seat.seat, seat.state.name);
    }
    println!("rounds left: {:.2} on average", r.rounds.mean);
    Ok(())
}

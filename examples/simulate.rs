//! Monte Carlo: 100,000 games of two players sharing one shuffled deck; the mean length with
//! its 95 % interval and each seat's share of wins.
//!
//! `cargo run --release --example simulate -- candy-land-1984`

use candyland::{read_board, simulate, Budget, Silent, SimulateOptions};

fn main() -> Result<(), candyland::Error> {
    let name = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "candy-land-1984".into());
    let board = read_board(Some(&name))?;
    let options = SimulateOptions {
        games: 100_000,
        players: 2,
        ..SimulateOptions::default()
    };
    let s = simulate(&board, &options, &Budget::default(), &Silent)?.summary;
    println!(
        "{} games, {:?} deck: mean {:.3} turns (95 % CI {:?}), wins by seat {:?}",
        s.games, s.deck, s.turns.mean, s.turns.mean_ci95, s.win_share
    );
    Ok(())
}

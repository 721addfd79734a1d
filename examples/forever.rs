//! Can the game run forever? The certificate that it ends, the spectral radius of its tail,
//! and how many of 1,000 fixed deck orders, recycled without shuffling, never end.
//!
//! `cargo run --release --example forever -- candy-land-1984`

use candyland::{forever, read_board, Budget, ForeverOptions};

fn main() -> Result<(), candyland::Error> {
    let name = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "candy-land-1984".into());
    let board = read_board(Some(&name))?;
    let options = ForeverOptions {
        orders: 1_000,
        ..ForeverOptions::default()
    };
    let r = forever(&board, &options, &Budget::default())?;
    println!(
        "{}: ends surely {}, P(never ends) = {}, rho = {:.6}",
        r.board, r.ends_surely, r.never_finish, r.rho
    );
    for row in r.survey.iter().flat_map(|s| &s.rows) {
        println!(
            "  {} player(s): {} orders never end",
            row.players, row.looping
        );
    }
    Ok(())
}

//! Is the simulator right? 100,000 games with i.i.d. draws against the exact distribution,
//! and a real shuffled deck against the i.i.d. answer (the finite-deck effect).
//!
//! `cargo run --release --example crosscheck -- candy-land-1984`

use candyland::{crosscheck, read_board, Budget, CrosscheckOptions, Silent};

fn main() -> Result<(), candyland::Error> {
    let name = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "candy-land-1984".into());
    let board = read_board(Some(&name))?;
    let options = CrosscheckOptions {
        games: 100_000,
        ..CrosscheckOptions::default()
    };
    let c = crosscheck(&board, &options, &Budget::default(), &Silent)?;
    println!(
        "exact E[T] {:.4}; i.i.d. draws: {}",
        c.exact.mean, c.iid.verdict
    );
    if let Some(deck) = &c.shuffled {
        println!("shuffled deck: {}", deck.statement);
    }
    Ok(())
}

//! Which spaces are landed on most? The expected landings per game on every space, exactly,
//! and the five busiest.
//!
//! `cargo run --example spaces -- chutes-and-ladders`

use candyland::{read_board, spaces, Budget, SpacesOptions};

fn main() -> Result<(), candyland::Error> {
    let name = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "candy-land-1984".into());
    let board = read_board(Some(&name))?;
    let r = spaces(&board, &SpacesOptions::default(), &Budget::default())?;
    let mut busiest: Vec<_> = r.spaces.iter().filter(|s| !s.figures.finish).collect();
    busiest.sort_by(|a, b| {
        b.figures
            .expected_landings
            .total_cmp(&a.figures.expected_landings)
    });
    for s in busiest.iter().take(5) {
        println!(
            "{:>4} {:<16} {:.3} landings per game",
            s.number, s.name, s.figures.expected_landings
        );
    }
    Ok(())
}

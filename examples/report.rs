//! Every figure of a report at once (the command line draws them into charts and pages): the
//! main figures, 1 to 4 players, what each element costs, and a shuffled deck simulated.
//!
//! `cargo run --release --example report -- candy-land-1984`

use candyland::{read_board, report, Budget, ReportOptions, Silent};

fn main() -> Result<(), candyland::Error> {
    let name = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "candy-land-1984".into());
    let board = read_board(Some(&name))?;
    let options = ReportOptions {
        games: 50_000,
        ..ReportOptions::default()
    };
    let r = report(&board, &options, &Budget::default(), &Silent)?;
    println!("{}: E[T] = {:.4}", r.about.board, r.analysis.expected_turns);
    for p in &r.players {
        println!(
            "  {} players: seat 1 wins {:.3}",
            p.players, p.first_finisher.win[0]
        );
    }
    for c in &r.whatif.by_kind {
        println!("  {}: {:+.4}", c.change, c.difference.unwrap_or(f64::NAN));
    }
    if let Some((_, deck)) = &r.shuffled {
        println!("  shuffled deck: mean {:.3}", deck.mean);
    }
    Ok(())
}

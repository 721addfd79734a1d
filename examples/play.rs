//! One game turn by turn, two players, with each one's exact chance to win after every turn.
//!
//! `cargo run --example play -- candy-land-1984`

use candyland::{play, read_board, Budget, PlayOptions};

fn main() -> Result<(), candyland::Error> {
    let name = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "candy-land-1984".into());
    let board = read_board(Some(&name))?;
    let options = PlayOptions {
        players: 2,
        seed: 4,
        odds: true,
        ..PlayOptions::default()
    };
    let t = play(&board, &options, &Budget::default())?;
    for turn in &t.turns {
        let to = turn.to.as_ref().map_or("the finish", |s| s.name.as_str());
        let win = turn.win.as_ref().map(|w| format!("{:.2}", w[0]));
        println!(
            "{:>3}  player {}  {:<16} -> {:<20} P(player 1 wins) {}",
            turn.turn,
            turn.player,
            turn.card.as_deref().unwrap_or("(lost turn)"),
            to,
            win.unwrap_or_default()
        );
    }
    println!("winner: {:?}", t.winner);
    Ok(())
}

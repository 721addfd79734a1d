//! Is another simulator right? Here the "other simulator" is this one: 2,000 games of candy-land-1984
//! with i.i.d. draws, checked against the exact answer and against every board, rule set and
//! deck model searched. The set the data cannot reject should hold the rules they came from.
//!
//! `cargo run --release --example check`

use candyland::{
    check, read_board, simulate, Budget, CheckAnswer, CheckData, CheckOptions, DeckMode, Silent,
    SimulateOptions,
};

fn main() -> Result<(), candyland::Error> {
    let board = read_board(Some("candy-land-1984"))?;
    let games = SimulateOptions {
        games: 2_000,
        seed: 7,
        deck: Some(DeckMode::Iid),
        keep_lengths: true,
        ..SimulateOptions::default()
    };
    let lengths = simulate(&board, &games, &Budget::default(), &Silent)?.lengths;
    let data = CheckData::Lengths {
        label: "2,000 simulated games".into(),
        lengths,
    };
    let options = CheckOptions {
        reference_games: 10_000,
        ..CheckOptions::default()
    };
    if let CheckAnswer::Lengths(r) = check(&board, &data, &options, &Budget::new(600.0), &Silent)? {
        println!("{}", r.conclusion);
        let set: Vec<&str> = r.set.iter().map(|m| m.candidate.as_str()).collect();
        println!("consistent with: {}", set.join("; "));
    }
    Ok(())
}

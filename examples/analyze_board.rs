//! Analyses a board from Rust code: the shipped classic board as it is, then without licorice,
//! printing the exact expected length (as a float and a fraction) and the median.
//!
//! Run with `cargo run --release --example analyze_board`.

use candyland::chain::Chain;
use candyland::config::{about, load_game};
use candyland::game::AnyGame;
use candyland::model::{Element, Variant};
use candyland::solve::{Analysis, Options};

fn main() -> anyhow::Result<()> {
    let without_licorice = Variant {
        without: vec![Element::Licorice],
        ..Variant::default()
    };
    for variant in [Variant::default(), without_licorice] {
        // Board file -> validated game -> chain of reachable states -> exact solve.
        let board = load_game(Some("classic"), &variant)?;
        let description = about(&board, &variant);
        let game = AnyGame::new(board);
        let chain = Chain::build(&game);
        let a = Analysis::of(&game, &chain, description, &Options::default())?;
        let label = if a.variant.is_empty() {
            "as shipped"
        } else {
            &a.variant
        };
        // The exact value is a BigRational: its digits, numerator and denominator together.
        let digits = a.expected_turns_exact.as_ref().map_or(0, |e| {
            e.numer().to_string().len() + e.denom().to_string().len() + 1
        });
        println!(
            "{} ({label}): E[T] = {:.4} turns ({digits} digits exactly), median {}, {} states",
            a.board, a.expected_turns, a.median, a.states
        );
    }
    Ok(())
}

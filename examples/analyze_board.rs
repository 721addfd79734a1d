//! Analyses boards from Rust code: every shipped board as it is and with one element of its
//! game removed, printing the exact expected length (as a float and the size of the exact
//! fraction) and the median.
//!
//! One function does it for every game: `analyze` is generic over [`Game`], and
//! [`games::with_game`] calls it with the board parsed by the schema its `game` key names.
//!
//! Run with `cargo run --release --example analyze_board`.

use candyland::chain::Chain;
use candyland::games::load::{about, read_board};
use candyland::games::{self, GameVisitor, Source};
use candyland::games::{shipped, Game, Variant};
use candyland::solve::{Analysis, Options};

/// Board file -> validated game -> chain of reachable states -> exact solve, for any game.
fn analyze<G: Game>(source: &Source<G>, variant: &Variant) -> anyhow::Result<Analysis> {
    let game = source.game(variant)?;
    let chain = Chain::build(&game);
    Ok(Analysis::of(
        &game,
        &chain,
        about(&game, variant),
        &Options::default(),
    )?)
}

/// Prints the board as shipped and without the first element its game knows.
struct Print;

impl GameVisitor for Print {
    type Output = anyhow::Result<()>;

    fn visit<G: Game>(self, source: Source<G>) -> anyhow::Result<()> {
        let (element, _) = G::ELEMENTS[0];
        for variant in [Variant::default(), Variant::default().without(element)] {
            let a = analyze(&source, &variant)?;
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
}

fn main() -> anyhow::Result<()> {
    for board in shipped::SHIPPED.iter() {
        games::with_game(&read_board(Some(board.name))?, Print)??;
    }
    Ok(())
}

//! When does a token first reach a target? The chance of ever landing on licorice, exactly,
//! and when that first happens.
//!
//! `cargo run --example passage`

use candyland::{
    passage, read_board, Budget, PassageAnswer, PassageAsked, PassageOptions, PassageQuestion,
    Variant,
};

fn main() -> Result<(), candyland::Error> {
    let board = read_board(Some("candy-land-1984"))?;
    let asked = PassageAsked {
        variant: Variant::default(),
        question: PassageQuestion::To(PassageOptions::new(vec!["licorice".into()])?),
    };
    if let PassageAnswer::To(p) = passage(&board, &asked, &Budget::default())? {
        let exact = p.probability_exact.map(|e| format!("{}/{}", e.num, e.den));
        println!(
            "P(ever on {}) = {:.6} = {}",
            p.target,
            p.probability,
            exact.unwrap_or_default()
        );
        println!(
            "first reached after {:.2} turns on average, given it is",
            p.mean.unwrap_or(f64::NAN)
        );
    }
    Ok(())
}

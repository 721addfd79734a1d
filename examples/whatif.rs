//! What does each kind of element cost or save? The exact change in the expected length when
//! every element of a kind is removed (licorice, shortcuts, ...; ladders, chutes).
//!
//! `cargo run --example whatif -- chutes-and-ladders`

use candyland::{read_board, whatif, Budget, WhatIfAnswer, WhatIfOptions};

fn main() -> Result<(), candyland::Error> {
    let name = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "candy-land-1984".into());
    let board = read_board(Some(&name))?;
    let WhatIfAnswer::Removals(w) = whatif(&board, &WhatIfOptions::default(), &Budget::default())?
    else {
        unreachable!("removals were asked for");
    };
    println!("{}: E[T] = {:.4}", w.board, w.expected_turns);
    for c in &w.by_kind {
        match c.difference {
            Some(d) => println!("  {:<30} {d:+.4}", c.change),
            None => println!("  {:<30} {}", c.change, c.unsolved.as_deref().unwrap_or("")),
        }
    }
    Ok(())
}

//! Two boards side by side: candy-land-1984 as shipped and without its licorice.
//!
//! `cargo run --example compare`

use candyland::{compare, read_board, Budget, Side, Variant};

fn main() -> Result<(), candyland::Error> {
    let shipped = Side {
        board: read_board(Some("candy-land-1984"))?,
        variant: Variant::default(),
    };
    let no_licorice = Side {
        board: read_board(Some("candy-land-1984"))?,
        variant: Variant::default().with_rule("licorice", "none"),
    };
    let c = compare(
        &shipped,
        &no_licorice,
        &Variant::default(),
        &Budget::default(),
    )?;
    println!(
        "{}: E[T] {:.4}; {}: E[T] {:.4}; difference {:+.4}",
        c.a.board,
        c.a.expected_turns,
        c.b_variant,
        c.b.expected_turns,
        c.b.expected_turns - c.a.expected_turns
    );
    Ok(())
}

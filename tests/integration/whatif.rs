//! What-if rows equal separate exact runs of the modified board files.

use approx::assert_relative_eq;

use candyland::budget::Budget;
use candyland::config::read_board;
use candyland::games::CandyLand;
use candyland::model::Variant;
use candyland::whatif::WhatIf;

use crate::common::{analysis, tol};

fn row(w: &WhatIf, change: &str) -> f64 {
    w.by_kind
        .iter()
        .chain(&w.by_element)
        .find(|c| c.change == change)
        .unwrap_or_else(|| panic!("no row {change:?}"))
        .expected_turns
        .unwrap()
}

#[test]
fn whatif_rows_equal_analyze_on_the_edited_files() {
    let classic = crate::shipped_text("classic");
    let w = WhatIf::of(
        &read_board(Some("classic"))
            .unwrap()
            .parse::<CandyLand>()
            .unwrap(),
        &Variant::default(),
        &Budget::default(),
    )
    .unwrap();
    assert_relative_eq!(
        w.expected_turns,
        analysis(classic).expected_turns,
        max_relative = tol::SAME_QUANTITY
    );
    let edits: [(&str, &str, &str); 5] = [
        (
            "without licorice on 47 (yellow)",
            "licorice = [47, 85, 120]",
            "licorice = [85, 120]",
        ),
        (
            "without shortcut 4 -> 58",
            "shortcuts = [{ from = 4, to = 58 }, { from = 33, to = 46 }]",
            "shortcuts = [{ from = 33, to = 46 }]",
        ),
        (
            "without the Plumpy card (1)",
            "\"Plumpy\" = 1",
            "\"Plumpy\" = 0",
        ),
        (
            "without licorice",
            "licorice = [47, 85, 120]",
            "licorice = []",
        ),
        (
            "without shortcuts",
            "shortcuts = [{ from = 4, to = 58 }, { from = 33, to = 46 }]",
            "shortcuts = []",
        ),
    ];
    for (change, from, to) in edits {
        assert!(classic.contains(from), "{from}");
        let edited = classic.replace(from, to);
        let exact = analysis(&edited).expected_turns;
        assert_relative_eq!(row(&w, change), exact, max_relative = tol::SAME_QUANTITY);
    }
    // Ranked by the size of the effect.
    let sizes: Vec<f64> = w
        .by_element
        .iter()
        .map(|c| c.difference.unwrap().abs())
        .collect();
    assert!(sizes.windows(2).all(|p| p[0] >= p[1]));
    assert_eq!(w.by_element.len(), 3 + 2 + 6);
}

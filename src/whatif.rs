//! What-if: the exact effect on the expected length of removing board elements, by kind and one
//! at a time. The model says which elements a board has and lists the edits
//! ([`crate::model::Element::of`], [`crate::model::element_removals`]); every row here is a full
//! exact solve of the edited file, the same as `candyland analyze` on that file would give.

use serde::{Deserialize, Serialize};

use crate::chain::Chain;
use crate::config::BoardSource;
use crate::error::UserError;
use crate::game::AnyGame;
use crate::model::{element_removals, Element, Game, GameFile, Variant};
use crate::solve::{check_finishes, spaces::expected_remaining};

/// One modified board.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Change {
    pub change: String,
    /// E[T] of the modified board; `None` if it can no longer always finish.
    pub expected_turns: Option<f64>,
    /// Modified minus original E[T] (negative: the element makes games longer).
    pub difference: Option<f64>,
}

/// Every what-if row of one board. This struct is `whatif --json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WhatIf {
    pub board: String,
    pub variant: String,
    pub expected_turns: f64,
    /// Removing every element of a kind.
    pub by_kind: Vec<Change>,
    /// Removing one element, ranked by the size of the effect.
    pub by_element: Vec<Change>,
}

/// E[T] of a validated board, or `None` if some reachable state cannot finish.
pub fn expected_turns(board: Game) -> Option<f64> {
    let game = AnyGame::new(board);
    let chain = Chain::build(&game);
    check_finishes(&game, &chain).ok()?;
    Some(expected_remaining(&chain).ok()?[chain.start()])
}

impl WhatIf {
    pub fn of(source: &BoardSource, variant: &Variant) -> Result<WhatIf, UserError> {
        let base_game = source.game(variant)?;
        let base = expected_turns(base_game.clone()).ok_or_else(|| UserError::BadFlag {
            flag: "BOARD".into(),
            message: format!(
                "{} can go on forever, so removing elements has no finite effect to measure",
                source.label
            ),
        })?;
        let base_file = source.edited(variant)?;
        let solve = |change: String, file: &GameFile| -> Change {
            let e = file.validate().ok().and_then(expected_turns);
            Change {
                change,
                expected_turns: e,
                difference: e.map(|e| e - base),
            }
        };

        let mut by_kind = Vec::new();
        for element in Element::of(base_game.kind()) {
            let mut v = variant.clone();
            if v.without.contains(&element) {
                continue;
            }
            v.without.push(element);
            if let Ok(file) = source.edited(&v) {
                by_kind.push(solve(format!("without {}", element.name()), &file));
            }
        }

        let mut by_element: Vec<Change> = element_removals(&base_file, &base_game)
            .into_iter()
            .map(|(label, file)| solve(label, &file))
            .collect();
        by_element.sort_by(|a, b| {
            let size = |c: &Change| c.difference.map_or(f64::INFINITY, f64::abs);
            size(b).total_cmp(&size(a))
        });
        Ok(WhatIf {
            board: base_game.name().to_string(),
            variant: variant.to_string(),
            expected_turns: base,
            by_kind,
            by_element,
        })
    }
}

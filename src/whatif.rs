//! What-if: the exact effect on the expected length of removing board elements, by kind (all
//! licorice, all landmarks, all shortcuts) and one at a time (each licorice space, each
//! shortcut, each landmark's cards). Every row is a full exact solve of the modified board
//! file, the same as `candyland analyze` on that file would give.

use serde::{Deserialize, Serialize};

use crate::chain::Chain;
use crate::config::BoardSource;
use crate::error::UserError;
use crate::game::CandyLand;
use crate::model::{Board, BoardFile, Element, Variant};
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
pub fn expected_turns(board: Board) -> Option<f64> {
    let game = CandyLand::new(board);
    let chain = Chain::build(&game);
    check_finishes(&game, &chain).ok()?;
    Some(expected_remaining(&chain).ok()?[chain.start()])
}

impl WhatIf {
    pub fn of(source: &BoardSource, variant: &Variant) -> Result<WhatIf, UserError> {
        let base_board = source.board(variant)?;
        let base = expected_turns(base_board.clone()).ok_or_else(|| UserError::BadFlag {
            flag: "BOARD".into(),
            message: format!(
                "{} can go on forever, so removing elements has no finite effect to measure",
                source.label
            ),
        })?;
        let mut base_file = source.file.clone();
        variant
            .apply(&mut base_file)
            .map_err(|problems| UserError::InvalidBoard {
                file: source.label.clone(),
                problems,
            })?;
        let solve = |change: String, file: &BoardFile| -> Change {
            let e = Board::from_file(file).ok().and_then(expected_turns);
            Change {
                change,
                expected_turns: e,
                difference: e.map(|e| e - base),
            }
        };

        let mut by_kind = Vec::new();
        for element in [Element::Licorice, Element::Landmarks, Element::Shortcuts] {
            let mut v = variant.clone();
            if v.without.contains(&element) {
                continue;
            }
            v.without.push(element);
            let mut file = source.file.clone();
            if v.apply(&mut file).is_ok() {
                by_kind.push(solve(format!("without {}", element.name()), &file));
            }
        }

        let mut by_element = Vec::new();
        for (i, &space) in base_file.board.licorice.iter().enumerate() {
            let mut file = base_file.clone();
            file.board.licorice.remove(i);
            let name = base_board.space_name(space);
            by_element.push(solve(
                format!("without licorice on {space} ({name})"),
                &file,
            ));
        }
        for (i, s) in base_file.board.shortcuts.iter().enumerate() {
            let mut file = base_file.clone();
            file.board.shortcuts.remove(i);
            by_element.push(solve(
                format!("without shortcut {} -> {}", s.from, s.to),
                &file,
            ));
        }
        for (name, &count) in &base_file.deck.landmark {
            if count == 0 {
                continue;
            }
            let mut file = base_file.clone();
            file.deck.landmark.insert(name.clone(), 0);
            let cards = if count == 1 { "card" } else { "cards" };
            by_element.push(solve(
                format!("without the {name} {cards} ({count})"),
                &file,
            ));
        }
        by_element.sort_by(|a, b| {
            let size = |c: &Change| c.difference.map_or(f64::INFINITY, f64::abs);
            size(b).total_cmp(&size(a))
        });
        Ok(WhatIf {
            board: base_board.name.clone(),
            variant: variant.to_string(),
            expected_turns: base,
            by_kind,
            by_element,
        })
    }
}

//! A policy table's rows read from the board file ([`attach`]), once the board is: a row names
//! squares and choices of the track, checked against it.

use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::board::{Board, HareFile};
use super::choices::parse_choice;
use super::policy_table::{Situation, Table};
use super::square::Square;
use crate::input::problems::{InvalidBoard, Problems};

/// Reads every policy's table of `file` into `board`, each problem naming its row.
pub fn attach(board: &mut Board, file: &HareFile) -> Result<(), InvalidBoard> {
    let mut p = Problems::default();
    for (name, pf) in &file.policies {
        if pf.table.is_empty() {
            continue;
        }
        let table = parse_table(&format!("policies.{name}"), &pf.table, board, &mut p);
        if let Some(policy) = board.policies.get_mut(name) {
            policy.table = table;
        }
    }
    if p.is_empty() {
        Ok(())
    } else {
        Err(p.into_invalid())
    }
}

/// The most carrots a table row may name.
const MOST_CARROTS: u32 = 1_000_000;

/// Reads the rows of `policies.NAME.table` (`at`) on `board`'s track; problems go to `p`,
/// each naming its row.
fn parse_table(at: &str, rows: &[String], board: &Board, p: &mut Problems) -> Option<Table> {
    let mut table = FxHashMap::default();
    let before = p.len();
    let lettuces = board.rules.start_lettuces.max(0) as u64;
    let home = board.home();
    for (i, row) in rows.iter().enumerate() {
        let field = format!("{at}.table[{i}]");
        let Some((left, right)) = row.split_once(':') else {
            p.add(field, "a row is 'SQUARE CARROTS LETTUCES [chewed] [again]: CHOICE', e.g. '12 45 2: forward 17'");
            continue;
        };
        let words: Vec<&str> = left.split_whitespace().collect();
        let number = |k: usize, most: u64| -> Option<u64> {
            words
                .get(k)
                .and_then(|w| w.parse::<u64>().ok())
                .filter(|&v| v <= most)
        };
        let (Some(pos), Some(carrots), Some(lett)) = (
            number(0, home.saturating_sub(1) as u64),
            number(1, u64::from(MOST_CARROTS)),
            number(2, lettuces),
        ) else {
            p.add(
                field,
                format!("'{}' is not a situation of this board: a square from 0 to {}, carrots from 0 to {MOST_CARROTS}, lettuces from 0 to {lettuces}", crate::input::text::quote(left.trim()), home.saturating_sub(1)),
            );
            continue;
        };
        let flags = &words[3.min(words.len())..];
        let chewed = flags.contains(&"chewed");
        let again = flags.contains(&"again");
        if flags.iter().any(|f| *f != "chewed" && *f != "again")
            || flags.len() > usize::from(chewed) + usize::from(again)
        {
            p.add(
                field,
                "after the lettuces a row may say 'chewed' and 'again', once each",
            );
            continue;
        }
        let pos = pos as usize;
        if chewed && board.squares[pos] != Square::Lettuce {
            p.add(
                field,
                format!("square {pos} is not a lettuce square: no lettuce is chewed there"),
            );
            continue;
        }
        match parse_choice(board, pos, right.trim()) {
            Ok(choice) => {
                let s = Situation {
                    pos: pos as u8,
                    carrots: carrots as u32,
                    lettuces: lett as u8,
                    chewed,
                    again,
                };
                if table.insert(s, choice).is_some() {
                    p.add(field, format!("a second row for '{}'; keep one", s.words()));
                }
            }
            Err(why) => p.add(field, why),
        }
    }
    (p.len() == before).then(|| Arc::new(table))
}

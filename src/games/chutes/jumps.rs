//! The ladders and chutes of a board file, checked: each jump goes the way its kind says, one
//! per square, none from square 0 or the last square, and chains only when asked for (never a
//! cycle).

use super::ChutesSection;
use crate::model::Problems;

/// Square -> where its jump leads, the ladders, the chutes, and which field each jump comes
/// from (for messages).
pub(super) type JumpTable = (
    Vec<Option<usize>>,
    Vec<(usize, usize)>,
    Vec<(usize, usize)>,
    Vec<Option<String>>,
);

/// Reads and checks the ladders and chutes of a board of `n` squares.
pub(super) fn jumps(board: &ChutesSection, n: usize, p: &mut Problems) -> JumpTable {
    let mut jump: Vec<Option<usize>> = vec![None; n + 1];
    let mut ladders = Vec::new();
    let mut chutes = Vec::new();
    let mut origin: Vec<Option<String>> = vec![None; n + 1];
    for (kind, list, up) in [
        ("ladders", &board.ladders, true),
        ("chutes", &board.chutes, false),
    ] {
        for (i, j) in list.iter().enumerate() {
            let field = format!("board.{kind}[{i}]");
            let what = if up { "a ladder" } else { "a chute" };
            if j.from == 0 || j.from >= n {
                p.add(
                    &field,
                    format!(
                        "starts on square {}; {what} must start on a square from 1 to {} (none on the last square, which wins)",
                        j.from,
                        n.saturating_sub(1)
                    ),
                );
                continue;
            }
            if j.to == 0 || j.to > n {
                p.add(
                    &field,
                    format!("ends on square {}; squares are numbered 1 to {n}", j.to),
                );
                continue;
            }
            if up && j.to <= j.from {
                p.add(
                    &field,
                    format!(
                        "goes from {} down to {}; a ladder goes up: swap the squares or list it under `chutes`",
                        j.from, j.to
                    ),
                );
                continue;
            }
            if !up && j.to >= j.from {
                p.add(
                    &field,
                    format!(
                        "goes from {} up to {}; a chute goes down: swap the squares or list it under `ladders`",
                        j.from, j.to
                    ),
                );
                continue;
            }
            if let Some(first) = &origin[j.from] {
                p.add(
                    &field,
                    format!(
                        "starts on square {}, like {first}; a square can start only one jump",
                        j.from
                    ),
                );
                continue;
            }
            origin[j.from] = Some(field);
            jump[j.from] = Some(j.to);
            if up {
                ladders.push((j.from, j.to));
            } else {
                chutes.push((j.from, j.to));
            }
        }
    }
    (jump, ladders, chutes, origin)
}

/// Checks jumps that end on another jump's start.
pub(super) fn check_chains(
    jump: &[Option<usize>],
    origin: &[Option<String>],
    chain_jumps: bool,
    n: usize,
    p: &mut Problems,
) {
    // A jump that ends on another jump's start: an error unless chaining is asked for, and
    // then a cycle of jumps is an error (a token would never come to rest).
    for from in 1..n {
        let Some(to) = jump[from] else { continue };
        if jump[to].is_none() {
            continue;
        }
        let field = origin[from].clone().unwrap_or_default();
        if !chain_jumps {
            p.add(
                field,
                format!(
                    "ends on square {to}, where another jump starts; move one of them, or set `chain-jumps = true` in [rules] to follow both"
                ),
            );
            continue;
        }
        let mut at = to;
        for _ in 0..=n {
            match jump[at] {
                Some(next) if next == from => {
                    p.add(
                        field.clone(),
                        format!("starts a cycle of jumps through square {to}; a token would never come to rest, so break the cycle"),
                    );
                    break;
                }
                Some(next) => at = next,
                None => break,
            }
        }
    }
}

//! Ladders and chutes (snakes), shared by the game kinds that have them: the file's jump entry,
//! its checks (each jump goes the way its kind says, one per square, none from square 0 or the
//! last square, chains only when asked for and never a cycle), and following them in a step.

use serde::{Deserialize, Serialize};

use crate::model::Problems;
use crate::race::{Event, Events};

/// A ladder was climbed.
pub const LADDER: Event = Event::game(0);
/// A chute was slid down.
pub const CHUTE: Event = Event::game(1);

/// A ladder or a chute, by square number (1-based, as printed on the board).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Jump {
    /// The square the jump starts on (1-based).
    pub from: usize,
    /// The square the jump ends on (1-based).
    pub to: usize,
    /// Taking this jump costs a turn (the player's next turn is skipped), whatever the
    /// `jump-costs-turn` rule says. Default false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub costs_turn: bool,
}

/// The checked jumps of a board of N squares.
#[derive(Debug, Clone)]
pub struct JumpTable {
    /// `to[k]`: where landing on square k sends a token (index 0 unused).
    to: Vec<Option<usize>>,
    /// `costs[k]`: the jump from square k costs a turn on its own.
    costs: Vec<bool>,
    /// The ladders as (from, to), in file order.
    pub ladders: Vec<(usize, usize)>,
    /// The chutes as (from, to), in file order.
    pub chutes: Vec<(usize, usize)>,
}

impl JumpTable {
    /// Where landing on `square` sends a token directly, if a jump starts there.
    pub fn jump(&self, square: usize) -> Option<usize> {
        self.to.get(square).copied().flatten()
    }

    /// Follows the jumps that start on `square` (more than one only with chained jumps, which
    /// validation keeps free of cycles), adding [`LADDER`] or [`CHUTE`] to `events`. Returns
    /// where the token comes to rest and the turns the jumps cost: one per jump under
    /// `every_jump_costs`, else one per jump marked `costs-turn`.
    pub fn follow(
        &self,
        mut square: usize,
        every_jump_costs: bool,
        events: &mut Events,
    ) -> (usize, u8) {
        let mut owed = 0u8;
        while let Some(to) = self.jump(square) {
            *events = events.with(if to > square { LADDER } else { CHUTE });
            if every_jump_costs || self.costs[square] {
                owed = owed.saturating_add(1);
            }
            square = to;
        }
        (square, owed)
    }

    /// Whether the jump from `square` costs a turn on its own.
    pub fn costs_turn(&self, square: usize) -> bool {
        self.costs.get(square).copied().unwrap_or(false)
    }

    /// Whether some jump costs a turn on its own.
    pub fn any_costs_turn(&self) -> bool {
        self.costs.iter().any(|&c| c)
    }
}

/// Reads and checks the ladders and chutes (`board.ladders`, `board.chutes`) of a board of `n`
/// squares, and whether they chain; `chain_jumps` allows a jump to end where another starts.
pub(crate) fn jumps(
    ladders: &[Jump],
    chutes: &[Jump],
    n: usize,
    chain_jumps: bool,
    p: &mut Problems,
) -> JumpTable {
    let mut jump: Vec<Option<usize>> = vec![None; n + 1];
    let mut costs = vec![false; n + 1];
    let mut up_list = Vec::new();
    let mut down_list = Vec::new();
    let mut origin: Vec<Option<String>> = vec![None; n + 1];
    for (kind, list, up) in [("ladders", ladders, true), ("chutes", chutes, false)] {
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
            costs[j.from] = j.costs_turn;
            if up {
                up_list.push((j.from, j.to));
            } else {
                down_list.push((j.from, j.to));
            }
        }
    }
    check_chains(&jump, &origin, chain_jumps, n, p);
    JumpTable {
        to: jump,
        costs,
        ladders: up_list,
        chutes: down_list,
    }
}

/// Checks jumps that end on another jump's start.
fn check_chains(
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

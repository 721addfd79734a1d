//! The squares of a race and their ladders and chutes: the file's `[board]` table and jump
//! entries, their checks (each jump goes the way its kind says, one per square, none from
//! square 0 or the last square, chains only when asked for and never a cycle), following them
//! in a step, a token's [`Square`] with the turns it owes, `--without ladders|chutes`, and the
//! chart's marks.

use serde::{Deserialize, Serialize};

use super::events::{CHUTE, LADDER};
use crate::games::race::{Event, Events, Next, Outcome, Turn};
use crate::games::{Edit, Jumps, Rgb, Track};
use crate::input::problems::Problems;

/// `[board]`: the number of squares and the jumps.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SquaresSection {
    /// N: squares are numbered 1..N; reaching N wins. Tokens start before square 1 (square 0).
    pub squares: usize,
    /// Jumps up: landing on `from` moves you to `to > from`.
    #[serde(default)]
    pub ladders: Vec<Jump>,
    /// Jumps down: landing on `from` moves you to `to < from`.
    #[serde(default)]
    pub chutes: Vec<Jump>,
}

/// The elements `--without` removes from a board of squares.
pub const ELEMENTS: &[(&str, &str)] = &[
    (
        "ladders",
        "Every ladder is removed (Chutes and Ladders, race)",
    ),
    (
        "chutes",
        "Every chute is removed (Chutes and Ladders, race)",
    ),
];

impl SquaresSection {
    /// Removes one of [`ELEMENTS`] (checked against them before).
    pub fn remove(&mut self, element: &str) {
        match element {
            "ladders" => self.ladders.clear(),
            "chutes" => self.chutes.clear(),
            _ => {}
        }
    }
}

/// Every single-jump removal of a file whose `[board]` is `board(file)`, each labelled.
pub fn removals<F: Clone>(base: &F, board: fn(&mut F) -> &mut SquaresSection) -> Vec<Edit<F>> {
    let mut out = Vec::new();
    let mut copy = base.clone();
    let (ladders, chutes) = {
        let b = board(&mut copy);
        (b.ladders.clone(), b.chutes.clone())
    };
    for (kind, list) in [("ladder", &ladders), ("chute", &chutes)] {
        for (i, j) in list.iter().enumerate() {
            let mut f = base.clone();
            let b = board(&mut f);
            if kind == "ladder" {
                b.ladders.remove(i);
            } else {
                b.chutes.remove(i);
            }
            out.push((format!("without {kind} {} -> {}", j.from, j.to), f));
        }
    }
    out
}

/// One player's state on a board of squares. Derived order: by square, so most moves go
/// forward.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square {
    /// 0 before the first square, else 1..N-1.
    pub at: u32,
    /// Turns still to be skipped (a jump that costs a turn).
    pub owed: u8,
}

impl Square {
    /// The start, square 0.
    pub const START: Square = Square { at: 0, owed: 0 };

    /// A turn from this state: skipped while it owes turns.
    pub fn turn(self) -> Turn<Square> {
        if self.owed > 0 {
            Turn::Skip(Outcome {
                next: Next::At(Square {
                    at: self.at,
                    owed: self.owed - 1,
                }),
                events: Events::NONE.with(Event::TURN_LOST),
            })
        } else {
            Turn::Draw
        }
    }

    /// The state's name: `place` (the square's), and the turns it owes.
    pub fn describe(self, place: String) -> String {
        match self.owed {
            0 => place,
            1 => format!("{place}, owes a turn"),
            k => format!("{place}, owes {k} turns"),
        }
    }

    /// The 0-based index of the square (none at the start).
    pub fn position(self) -> Option<usize> {
        (self.at > 0).then(|| self.at as usize - 1)
    }
}

/// The squares a move landed on (`landed`, 0-based) other than where it comes to rest, sorted
/// and without repeats: what [`crate::games::race::RaceGame::passed_through`] reports.
pub fn passed_through(mut landed: Vec<usize>, outcome: Outcome<Square>) -> Vec<usize> {
    let rest = match outcome.next {
        Next::At(t) => t.position(),
        Next::Finished => None,
    };
    landed.retain(|&p| Some(p) != rest);
    landed.sort_unstable();
    landed.dedup();
    landed
}

/// An upper bound on the states of a board of `n` squares: free, or owing a turn when a jump
/// can cost one.
pub fn states_bound(n: usize, jumps_cost: bool) -> usize {
    n.saturating_mul(if jumps_cost { 2 } else { 1 })
}

const GREY: Rgb = (120, 120, 120);
const LADDER_GREEN: Rgb = (40, 150, 60);
const CHUTE_RED: Rgb = (210, 50, 40);
const SQUARE_BLUE: Rgb = (90, 130, 200);

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

    /// What square `square` (1-based) of a board of `n` squares called `word` has, in words
    /// ("" for nothing).
    pub fn notes(&self, square: usize, n: usize, word: &str) -> String {
        let mut notes = Vec::new();
        if let Some(to) = self.jump(square) {
            let kind = if to > square { "ladder" } else { "chute" };
            notes.push(format!("{kind} to {to}"));
            if self.costs_turn(square) {
                notes.push("costs a turn".to_string());
            }
        }
        if square == n {
            notes.push(format!("last {word}: wins"));
        }
        notes.join("; ")
    }

    /// The chart's marks for a board of `n` squares called `word`.
    pub fn track(&self, n: usize, word: &str) -> Track {
        let index = |(from, to): (usize, usize)| (from - 1, to - 1);
        Track {
            first_number: 1,
            word: word.into(),
            axis: word.into(),
            kinds: vec![
                (word.into(), SQUARE_BLUE),
                ("ladder foot".into(), LADDER_GREEN),
                ("chute top".into(), CHUTE_RED),
            ],
            fills: (1..=n)
                .map(|s| match self.jump(s) {
                    None => 0,
                    Some(t) if t > s => 1,
                    Some(_) => 2,
                })
                .collect(),
            traps: (String::new(), Vec::new()),
            named: (String::new(), GREY, Vec::new()),
            jumps: vec![
                Jumps {
                    name: "ladder".into(),
                    colour: LADDER_GREEN,
                    moves: self.ladders.iter().copied().map(index).collect(),
                },
                Jumps {
                    name: "chute".into(),
                    colour: CHUTE_RED,
                    moves: self.chutes.iter().copied().map(index).collect(),
                },
            ],
        }
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

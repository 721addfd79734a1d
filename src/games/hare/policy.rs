//! A computer player's policy as data: an ordered list of steps, the first that applies decides
//! the turn (Wiener's Novice is such a list). A policy that may choose at random chooses
//! uniformly among the legal moves, so a game of computer players is a Markov chain.

use serde::Deserialize;

use super::choice::Choice;
use super::policy_table::{Situation, Table};
use super::square::{Square, KIND_WORDS};
use crate::input::problems::Problems;

/// One step of a policy, tried in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// On a lettuce square with a lettuce, not yet chewed there: chew it.
    ChewLettuce,
    /// If moving home is legal: move home.
    Finish,
    /// Move to the nearest legal square ahead of this kind.
    Nearest(&'static str),
    /// On a carrot square at or after `give-from` with more carrots than the finish allows:
    /// stay and give carrots.
    GiveCarrots,
    /// At or after `late-from` with more than `late-carrots`: move to square `late-target`.
    LateTarget,
    /// Any legal move, uniformly at random.
    Random,
    /// The cheapest legal move forward (the nearest square).
    Cheapest,
    /// Back to the tortoise square behind, if legal.
    Tortoise,
    /// On a carrot square: stay and chew (take, or give by the give rule).
    ChewCarrot,
    /// The policy table's choice for the situation, if it has one and it is legal.
    Table,
}

/// The step words a policy file may use (`nearest-KIND` for each square kind).
pub const STEP_WORDS: &[&str] = &[
    "chew-lettuce",
    "finish",
    "nearest-KIND",
    "give-carrots",
    "late-target",
    "random",
    "cheapest",
    "tortoise",
    "chew-carrot",
    "table",
];

/// `[policies.NAME]` as written.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct PolicyFile {
    /// The steps, in the order they are tried.
    pub steps: Vec<String>,
    /// What the policy is, in a sentence.
    #[serde(default)]
    pub description: String,
    /// The square from which the policy gives carrots away when it holds more than the finish
    /// allows (default: never).
    pub give_from: Option<i64>,
    /// `late-target`: from this square on ...
    pub late_from: Option<i64>,
    /// ... with more than this many carrots ...
    pub late_carrots: Option<i64>,
    /// ... move to this (carrot) square.
    pub late_target: Option<i64>,
    /// Whether `random` counts staying to chew on a carrot square as one of its choices.
    #[serde(default)]
    pub random_stays: bool,
    /// The `table` step's rows: `SQUARE CARROTS LETTUCES [chewed] [again]: CHOICE`.
    #[serde(default)]
    pub table: Vec<String>,
}

/// A validated policy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Policy {
    /// Its name in the board file.
    pub name: String,
    /// The steps.
    pub steps: Vec<Step>,
    /// See [`PolicyFile::give_from`]; `usize::MAX` for never.
    pub give_from: usize,
    /// (from, carrots, target) of the late move.
    pub late: Option<(usize, u32, usize)>,
    /// See [`PolicyFile::random_stays`].
    pub random_stays: bool,
    /// The `table` step's choices ([`super::policy_table`]), read once the board is.
    pub table: Option<Table>,
}

impl Policy {
    /// Validates `[policies.NAME]` against the track; problems go to `p`.
    pub(crate) fn from_file(
        name: &str,
        f: &PolicyFile,
        squares: &[Square],
        p: &mut Problems,
    ) -> Option<Policy> {
        let at = format!("policies.{name}");
        let before = p_len(p);
        if crate::input::problems::text_problem(
            name,
            crate::input::problems::MAX_NAME_CHARS,
            "name it",
        )
        .is_some()
            || !name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            p.add(
                at.clone(),
                "a policy's name is letters, digits, '-' and '_' only",
            );
        }
        p.prose(&format!("{at}.description"), &f.description);
        let home = squares.len() - 1;
        let has = |word: &str| squares.iter().any(|s| s.kind_word() == word);
        let mut steps = Vec::new();
        if f.steps.is_empty() {
            p.add(
                format!("{at}.steps"),
                "no steps; list at least one, e.g. [\"random\"]",
            );
        }
        for (i, word) in f.steps.iter().enumerate() {
            let field = format!("{at}.steps[{i}]");
            let step = match word.as_str() {
                "chew-lettuce" => Step::ChewLettuce,
                "finish" => Step::Finish,
                "give-carrots" => Step::GiveCarrots,
                "late-target" => Step::LateTarget,
                "random" => Step::Random,
                "cheapest" => Step::Cheapest,
                "tortoise" => Step::Tortoise,
                "chew-carrot" => Step::ChewCarrot,
                "table" => Step::Table,
                w => {
                    match w.strip_prefix("nearest-") {
                        Some(kind) => match KIND_WORDS.iter().find(|k| **k == kind) {
                            Some(&"tortoise") => {
                                p.add(field, "a forward move never ends on a tortoise square; name another kind");
                                continue;
                            }
                            Some(&k) if !has(k) => {
                                p.add(
                                field,
                                format!("the track has no {k} square; name a kind it has or remove the step"),
                            );
                                continue;
                            }
                            Some(&k) => Step::Nearest(k),
                            None => {
                                p.add(
                                    field,
                                    format!(
                                        "'{}' is not a square kind; use one of {}",
                                        crate::input::text::quote(kind),
                                        KIND_WORDS.join(", ")
                                    ),
                                );
                                continue;
                            }
                        },
                        None => {
                            p.add(
                                field,
                                format!(
                                    "'{}' is not a step; use one of {}",
                                    crate::input::text::quote(w),
                                    STEP_WORDS.join(", ")
                                ),
                            );
                            continue;
                        }
                    }
                }
            };
            steps.push(step);
        }
        let square = |key: &str, v: Option<i64>, p: &mut Problems| -> Option<usize> {
            let v = v?;
            if v < 0 || v as usize > home {
                p.add(
                    format!("{at}.{key}"),
                    format!("{v} is not a square of the track (0 to {home})"),
                );
                return None;
            }
            Some(v as usize)
        };
        let give_from = square("give-from", f.give_from, p).unwrap_or(usize::MAX);
        let late_from = square("late-from", f.late_from, p);
        let late_target = square("late-target", f.late_target, p);
        if let Some(t) = late_target {
            if squares[t] != Square::Carrot {
                p.add(
                    format!("{at}.late-target"),
                    format!(
                        "square {t} is a {} square, not a carrot square: the late move goes to a carrot square to give carrots away; name one (the track's carrot squares: {})",
                        squares[t].kind_word(),
                        carrot_list(squares)
                    ),
                );
            }
        }
        let late_carrots = match f.late_carrots {
            Some(c) if !(0..=100_000).contains(&c) => {
                p.add(
                    format!("{at}.late-carrots"),
                    format!("{c} is not a number of carrots from 0 to 100000"),
                );
                None
            }
            c => c.map(|c| c as u32),
        };
        let late = match (late_from, late_carrots, late_target) {
            (Some(a), Some(b), Some(c)) => Some((a, b, c)),
            _ => None,
        };
        if steps.contains(&Step::LateTarget)
            && (f.late_from.is_none() || f.late_carrots.is_none() || f.late_target.is_none())
        {
            p.add(
                format!("{at}.steps"),
                "the late-target step needs late-from, late-carrots and late-target",
            );
        }
        if steps.contains(&Step::Table) == f.table.is_empty() {
            p.add(
                format!("{at}.table"),
                "a policy with a table lists the step \"table\" (first, to play it), and the step needs the table",
            );
        }
        if p_len(p) > before {
            return None;
        }
        Some(Policy {
            name: name.to_string(),
            steps,
            give_from,
            late,
            random_stays: f.random_stays,
            table: None,
        })
    }

    /// Whether the policy gives carrots (rather than take them) when it chews a carrot at
    /// `pos` holding `carrots`: at or after `give-from`, with more than the finish allows and
    /// enough to give.
    pub fn gives(&self, pos: usize, carrots: u32, finish: u32, chew: u32) -> bool {
        pos >= self.give_from && carrots > finish && carrots >= chew
    }

    /// The table's choice in situation `s`, if the policy has a table with a row for it.
    pub fn table_choice(&self, s: &Situation) -> Option<Choice> {
        self.table.as_ref()?.get(s).copied()
    }
}

fn p_len(p: &Problems) -> usize {
    p.len()
}

fn carrot_list(squares: &[Square]) -> String {
    let list: Vec<String> = squares
        .iter()
        .enumerate()
        .filter(|(_, s)| **s == Square::Carrot)
        .map(|(i, _)| i.to_string())
        .collect();
    if list.is_empty() {
        "none".into()
    } else {
        list.join(", ")
    }
}

//! The board file of `game = "pig"` and its validation: the goal, the die, and the computer
//! players' policies (hold at a turn total, or a table of choices), every problem named.

use std::collections::BTreeMap;
use std::sync::Arc;

use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};

use super::player::{Choice, Player};
use crate::input::problems::{InvalidBoard, Problems};

/// The largest goal: the states count points one by one.
pub const MAX_GOAL: i64 = 1_000;
/// The most faces of the die.
pub const MAX_FACES: i64 = 100;

/// The `[rules]` table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields, default)]
pub struct PigRules {
    /// The score that wins, banked or reached by the turn's total (the game ends at once).
    pub goal: i64,
    /// Faces of the die: 1 loses the turn total, any other adds its number.
    pub faces: i64,
}

impl Default for PigRules {
    fn default() -> PigRules {
        PigRules {
            goal: 100,
            faces: 6,
        }
    }
}

/// The keys of the `[rules]` table, kebab-case.
pub fn rule_keys() -> Vec<String> {
    toml::Table::try_from(PigRules::default())
        .map(|t| t.keys().cloned().collect())
        .unwrap_or_default()
}

impl PigRules {
    /// The rules with the variant's rule overrides applied.
    pub fn with(&self, variant: &crate::games::Variant) -> Result<PigRules, InvalidBoard> {
        crate::games::variant::override_rules(self, super::KIND, &rule_keys(), variant)
    }
}

/// `[policies.NAME]` as written.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub struct PolicyFile {
    /// What the policy is, in a sentence.
    #[serde(default)]
    pub description: String,
    /// Hold once the turn's total reaches this.
    pub hold_at: Option<i64>,
    /// Choices by situation: "SCORE TOTAL: roll" or "SCORE TOTAL: hold"; where no row
    /// says, `hold-at` decides, or the player holds.
    #[serde(default)]
    pub table: Vec<String>,
}

/// A validated policy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Policy {
    /// Its name in the board file.
    pub name: String,
    /// Hold once the turn's total reaches this (`u32::MAX`: only where the table says).
    pub hold_at: u32,
    /// The table's choices by (score, turn total).
    pub table: Arc<FxHashMap<(u32, u32), Choice>>,
}

impl Policy {
    /// The policy's choice in `p`'s situation: a turn starts with a roll; then the table's row,
    /// else hold at `hold-at`.
    pub fn choice(&self, p: Player) -> Choice {
        if p.total == 0 {
            return Choice::Roll;
        }
        match self.table.get(&(p.score, p.total)) {
            Some(&c) => c,
            None if p.total >= self.hold_at || self.hold_at == u32::MAX => Choice::Hold,
            None => Choice::Roll,
        }
    }
}

/// A whole `game = "pig"` board file.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PigFile {
    /// `"pig"`.
    pub game: String,
    /// Short name.
    pub name: String,
    /// One or two sentences on what the board is.
    #[serde(default)]
    pub description: String,
    /// Where the rules come from.
    #[serde(default)]
    pub source: String,
    /// The policy every seat plays unless `--policy` says otherwise.
    pub policy: String,
    /// The rules.
    #[serde(default)]
    pub rules: PigRules,
    /// The computer players' policies, by name.
    #[serde(default)]
    pub policies: BTreeMap<String, PolicyFile>,
}

/// A validated board: the rules and the policies.
#[derive(Debug, Clone)]
pub struct Board {
    /// The board's name.
    pub name: String,
    /// One or two sentences on what the board is (may be empty).
    pub description: String,
    /// Where it comes from.
    pub source: String,
    /// The goal.
    pub goal: u32,
    /// Faces of the die.
    pub faces: u32,
    /// The rules as written (for `rules_json`).
    pub rules: PigRules,
    /// The policies by name.
    pub policies: BTreeMap<String, Policy>,
    /// The default policy's name.
    pub default_policy: String,
}

impl Board {
    /// Validates a parsed file, naming every offending field.
    pub fn from_file(file: &PigFile) -> Result<Board, InvalidBoard> {
        let mut p = Problems::default();
        if file.game != super::KIND {
            p.add(
                "game",
                format!("'{}' is not \"pig\"", crate::input::text::quote(&file.game)),
            );
        }
        p.prose("description", &file.description);
        p.prose("source", &file.source);
        let r = &file.rules;
        if !(2..=MAX_GOAL).contains(&r.goal) {
            p.add(
                "rules.goal",
                format!("{} is not a goal from 2 to {MAX_GOAL}", r.goal),
            );
        }
        if !(2..=MAX_FACES).contains(&r.faces) {
            p.add(
                "rules.faces",
                format!("{} is not a number of faces from 2 to {MAX_FACES}", r.faces),
            );
        }
        let goal = r.goal.clamp(2, MAX_GOAL) as u32;
        let mut policies = BTreeMap::new();
        for (name, f) in &file.policies {
            if let Some(policy) = policy(name, f, goal, &mut p) {
                policies.insert(name.clone(), policy);
            }
        }
        if file.policies.is_empty() {
            p.add(
                "policies",
                "no policy; give at least one [policies.NAME] table, e.g. hold-at = 20",
            );
        } else if !file.policies.contains_key(&file.policy) {
            p.add(
                "policy",
                format!(
                    "'{}' is not one of the board's policies ({}); name one of them",
                    crate::input::text::quote(&file.policy),
                    file.policies.keys().cloned().collect::<Vec<_>>().join(", ")
                ),
            );
        }
        if !p.is_empty() {
            return Err(p.into_invalid());
        }
        Ok(Board {
            name: file.name.clone(),
            description: file.description.clone(),
            source: file.source.clone(),
            goal,
            faces: r.faces as u32,
            rules: r.clone(),
            policies,
            default_policy: file.policy.clone(),
        })
    }

    /// The policy named `name`, or an error listing the board's policies.
    pub fn policy(&self, name: &str) -> Result<&Policy, String> {
        self.policies.get(name).ok_or_else(|| {
            format!(
                "'{}' is not one of this board's policies ({})",
                crate::input::text::quote(name),
                self.policies.keys().cloned().collect::<Vec<_>>().join(", ")
            )
        })
    }
}

/// Validates `[policies.NAME]`; problems go to `p`.
fn policy(name: &str, f: &PolicyFile, goal: u32, p: &mut Problems) -> Option<Policy> {
    let at = format!("policies.{name}");
    let before = p.len();
    if name.is_empty()
        || name.len() > 40
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        p.add(
            at.clone(),
            "a policy's name is 1 to 40 letters, digits, '-' and '_'",
        );
    }
    p.prose(&format!("{at}.description"), &f.description);
    let hold_at = match f.hold_at {
        Some(h) if !(1..=i64::from(goal)).contains(&h) => {
            p.add(
                format!("{at}.hold-at"),
                format!("{h} is not a turn total from 1 to the goal {goal}"),
            );
            u32::MAX
        }
        Some(h) => h as u32,
        None => u32::MAX,
    };
    if f.hold_at.is_none() && f.table.is_empty() {
        p.add(at.clone(), "no hold-at and no table: give hold-at = N (hold once the turn's total reaches N), a table of choices, or both");
    }
    let mut table = FxHashMap::default();
    for (i, row) in f.table.iter().enumerate() {
        let field = format!("{at}.table[{i}]");
        let parsed = row.split_once(':').and_then(|(left, right)| {
            let nums: Vec<u32> = left
                .split_whitespace()
                .filter_map(|w| w.parse().ok())
                .collect();
            let choice = match right.trim() {
                "roll" => Choice::Roll,
                "hold" => Choice::Hold,
                _ => return None,
            };
            (nums.len() == 2 && left.split_whitespace().count() == 2)
                .then(|| ((nums[0], nums[1]), choice))
        });
        match parsed {
            Some(((score, total), choice)) if total >= 1 && score.checked_add(total).is_some_and(|s| s < goal) => {
                if table.insert((score, total), choice).is_some() {
                    p.add(field, format!("a second row for score {score}, turn total {total}; keep one"));
                }
            }
            Some(((score, total), _)) => p.add(
                field,
                format!("score {score} with turn total {total} is not a situation of the game: the total is at least 1 and the two add up to less than the goal {goal}"),
            ),
            None => p.add(field, "a row is 'SCORE TOTAL: roll' or 'SCORE TOTAL: hold', e.g. '40 12: roll'"),
        }
    }
    (p.len() == before).then(|| Policy {
        name: name.to_string(),
        hold_at,
        table: Arc::new(table),
    })
}

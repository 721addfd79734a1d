//! The policy games' part of `check`'s search ([`crate::games::PolicyGame`]): their boards
//! and rule sets, each game through the one dispatch ([`crate::games::with_policy_kind`]),
//! searched from lengths only, last, so that their stages screen against the best of every
//! game searched before them.

use crate::check::lengths::Games;
use crate::check::policies::{best_of, search_game, PolicyBoard, PolicySpace, PLAYER_COUNTS};
use crate::check::set::Sample;
use crate::check::{rule_space_of, GameSearch, Narrowing, RuleSpace, Settings};
use crate::games::{with_policy_kind, BoardSource, PolicyGame, PolicyVisitor, POLICY_KINDS};

use super::CheckOptions;

/// How a policy game's boards are searched: the player counts (with those the winners rule
/// out), the seats' policies besides "all the same", the cap of the exact chains.
#[derive(Debug, Clone)]
pub(super) struct PolicyPlan {
    pub(super) players: Vec<usize>,
    /// Whether the given board is this game's ([`PolicySpace::refine`]).
    pub(super) given: bool,
    pub(super) left_out_players: Vec<String>,
    pub(super) mixed: Vec<Vec<String>>,
    /// The cap (`None`: each game's default).
    pub(super) cap: Option<u32>,
}

impl PolicyPlan {
    /// A policy game's search as one of the other games: the given players (else one), as
    /// every other game is searched.
    pub(super) fn other(options: &CheckOptions) -> PolicyPlan {
        PolicyPlan {
            players: vec![options.players()],
            given: false,
            left_out_players: Vec::new(),
            mixed: Vec::new(),
            cap: options.cap,
        }
    }

    /// The search of a given policy game's board: the given players (else every count from
    /// 1 to 6 that the winners, if given, allow), with the seatings `mixed` besides "every seat
    /// the same policy".
    pub(super) fn of(options: &CheckOptions, games: &Games, mixed: Vec<Vec<String>>) -> PolicyPlan {
        let mut plan = PolicyPlan {
            players: match options.players {
                Some(k) => vec![k],
                None => PLAYER_COUNTS.collect(),
            },
            given: true,
            left_out_players: Vec::new(),
            mixed,
            cap: options.cap,
        };
        if let (None, Some(w)) = (options.players, &games.winners) {
            let most = *PLAYER_COUNTS.end();
            let allowed = crate::check::winners::players_allowed(&games.lengths, w, most);
            if !allowed.is_empty() {
                plan.left_out_players = plan
                    .players
                    .iter()
                    .filter(|k| !allowed.contains(k))
                    .map(|k| {
                        format!("{k} players (a winner is not the seat whose turn ends its game)")
                    })
                    .collect();
                plan.players = allowed;
            }
        }
        plan
    }
}

/// The given board of a policy game, with its kind, and the plan of its game.
pub(super) struct Given {
    pub(super) kind: &'static str,
    pub(super) board: PolicyBoard,
    pub(super) plan: PolicyPlan,
}

/// What the policy games' search needs: the narrowing, the given board if it is a policy
/// game's, and the plan of every other policy game.
pub(super) struct Policies<'a> {
    pub(super) narrowing: &'a Narrowing,
    pub(super) given: Option<&'a Given>,
    pub(super) other: &'a PolicyPlan,
}

impl Policies<'_> {
    /// The plan and the given board of game `kind`.
    fn of(&self, kind: &str) -> (&PolicyPlan, Option<PolicyBoard>) {
        match self.given {
            Some(g) if g.kind == kind => (&g.plan, Some(g.board.clone())),
            _ => (self.other, None),
        }
    }

    /// The rule set x board x seating combinations of every policy game (for the progress).
    pub(super) fn steps(&self) -> u64 {
        POLICY_KINDS
            .iter()
            .filter_map(|kind| with_policy_kind(kind, Count(self)))
            .sum()
    }

    /// Searches policy game `kind` on `sample`, screened against the best of `parts`: its
    /// part, or why it was left out (`Err`: its refusal, which the caller decides on).
    pub(super) fn search(
        &self,
        kind: &str,
        sample: &Sample,
        settings: &Settings,
        parts: &[GameSearch],
        tell: &(dyn Fn(u64) + Sync),
    ) -> Option<Result<Result<GameSearch, String>, crate::budget::OverBudget>> {
        with_policy_kind(
            kind,
            Search {
                policies: self,
                sample,
                settings,
                parts,
                tell,
            },
        )
    }
}

/// The boards of game `G` searched (every shipped one, and `given`) and the rule space, or why
/// the game is left out (`--vary` or `--fix` names a rule it does not have).
pub(super) fn policy_space<G: PolicyGame>(
    narrowing: &Narrowing,
    given: Option<PolicyBoard>,
) -> Result<(Vec<PolicyBoard>, RuleSpace), String> {
    let keys = G::rule_keys();
    let missing: Vec<&str> = narrowing
        .vary
        .iter()
        .flatten()
        .chain(narrowing.fix.iter().map(|(k, _)| k))
        .map(String::as_str)
        .filter(|k| !keys.iter().any(|own| own == k))
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "{} (it has no rule {}, which --vary or --fix names)",
            G::KIND,
            missing.join(", ")
        ));
    }
    let space = rule_space_of(G::KIND, G::rule_space(), narrowing)
        .map_err(|e| format!("{} ({})", G::KIND, e.message))?;
    let mut boards: Vec<PolicyBoard> = G::SHIPPED
        .iter()
        .filter(|b| given.as_ref().is_none_or(|g| g.name != b.name))
        .map(|b| PolicyBoard {
            name: b.name.to_string(),
            source: BoardSource::new(&format!("{} (shipped board)", b.name), b.text),
        })
        .collect();
    boards.extend(given);
    Ok((boards, space))
}

/// Counts one policy game's combinations.
struct Count<'a, 'b>(&'a Policies<'b>);

impl PolicyVisitor for Count<'_, '_> {
    type Output = u64;
    fn visit<G: PolicyGame>(self) -> u64 {
        let (plan, given) = self.0.of(G::KIND);
        let Ok((boards, space)) = policy_space::<G>(self.0.narrowing, given) else {
            return 0;
        };
        let policies: usize = boards
            .iter()
            .filter_map(|b| G::parse(&b.source.label, &b.source.text, &Default::default()).ok())
            .map(|b| b.policy_names().len() + plan.mixed.len())
            .max()
            .unwrap_or(1);
        (boards.len() * space.rule_sets.len() * plan.players.len() * policies) as u64
    }
}

/// Searches one policy game.
struct Search<'a, 'b> {
    policies: &'a Policies<'b>,
    sample: &'a Sample,
    settings: &'a Settings,
    parts: &'a [GameSearch],
    tell: &'a (dyn Fn(u64) + Sync),
}

impl PolicyVisitor for Search<'_, '_> {
    type Output = Result<Result<GameSearch, String>, crate::budget::OverBudget>;
    fn visit<G: PolicyGame>(self) -> Self::Output {
        let (plan, given) = self.policies.of(G::KIND);
        let (boards, space) = match policy_space::<G>(self.policies.narrowing, given) {
            Ok(part) => part,
            Err(why) => return Ok(Err(why)),
        };
        let ps = PolicySpace {
            boards: &boards,
            space: &space,
            players: &plan.players,
            mixed: &plan.mixed,
            cap: plan.cap,
            refine: plan.given,
            left_out_players: &plan.left_out_players,
        };
        let others_best = best_of(self.parts, self.sample);
        search_game::<G>(&ps, self.sample, self.settings, others_best, self.tell).map(Ok)
    }
}

//! What `check` searches: the given board's game (its shipped boards and the given one, under
//! the narrowed rule space), then every other game's shipped boards, each left out, and said
//! so, when it does not fit what is left of the budget.

use anyhow::{Context, Result};

use crate::budget::Progress;
use crate::check::hare::{HareBoard, HareSpace};
use crate::check::lengths::Games;
use crate::check::{
    combine, rule_space, rule_space_of, search_game, Candidate, GameSearch, Narrowing, RuleSpace,
    Screen, Searched, Settings,
};
use crate::games::{hare, load, shipped, BoardSource, Game, GameVisitor, Source, Variant};
use crate::results::options::bad_option;

use super::{board_name, CheckOptions};

/// The search of boards, rules and decks: the hypotheses and what was searched.
pub(super) type Found = (Vec<Candidate>, Searched);

/// What `check` searches: the given board's game (its shipped boards and the given one, under
/// the narrowed rule space) and every other game's shipped boards.
pub(super) struct Plan<'a, G: Game> {
    pub(super) sources: Vec<(String, Source<G>)>,
    pub(super) space: RuleSpace,
    pub(super) narrowing: Narrowing,
    pub(super) progress: &'a dyn Progress,
    /// The Hare and Tortoise part (searched from lengths only).
    pub(super) hare: HarePlan,
}

/// How the Hare and Tortoise boards are searched: the player counts (with those the winners
/// rule out), the seats' policies besides "all the same", the carrot cap.
pub(super) struct HarePlan {
    pub(super) players: Vec<usize>,
    /// Whether the given board is a Hare and Tortoise one ([`HareSpace::refine`]).
    pub(super) given: bool,
    pub(super) left_out_players: Vec<String>,
    pub(super) mixed: Vec<Vec<String>>,
    pub(super) cap: u32,
}

impl HarePlan {
    /// The Hare and Tortoise search as one of the other games: the given players (else one),
    /// as every other game is searched.
    pub(super) fn other(options: &CheckOptions) -> HarePlan {
        HarePlan {
            players: vec![options.players()],
            given: false,
            left_out_players: Vec::new(),
            mixed: Vec::new(),
            cap: options.cap(),
        }
    }

    /// The search of a given Hare and Tortoise board: the given players (else every count from
    /// 1 to 6 that the winners, if given, allow), with the seatings `mixed` besides "every seat
    /// the same policy".
    pub(super) fn of(options: &CheckOptions, games: &Games, mixed: Vec<Vec<String>>) -> HarePlan {
        let mut plan = HarePlan {
            players: match options.players {
                Some(k) => vec![k],
                None => crate::check::hare::PLAYER_COUNTS.collect(),
            },
            given: true,
            left_out_players: Vec::new(),
            mixed,
            cap: options.cap(),
        };
        if let (None, Some(w)) = (options.players, &games.winners) {
            let most = *crate::check::hare::PLAYER_COUNTS.end();
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

impl<G: Game> Plan<'_, G> {
    /// Searches every game, the given board's first, and merges their hypotheses.
    pub(super) fn search(&self, screen: Screen, settings: &Settings) -> Result<Found> {
        let steps = (self.sources.len() * self.space.rule_sets.len()) as u64;
        let first = |tell: &(dyn Fn(u64) + Sync)| -> Result<GameSearch> {
            Ok(search_game(
                &self.sources,
                &self.space,
                screen,
                settings,
                tell,
            )?)
        };
        search_all(
            screen,
            settings,
            &self.narrowing,
            None,
            &self.hare,
            Some((G::KIND, steps, &first)),
            self.progress,
        )
    }
}

/// One game searched first: its kind, its steps, and its search.
type First<'a> = (
    &'static str,
    u64,
    &'a dyn Fn(&(dyn Fn(u64) + Sync)) -> Result<GameSearch>,
);

/// The share of the time left each other game may take when the given board's game comes last.
const OTHERS_SHARE: f64 = 1.0 / 3.0;

/// Searches `first` (the given board's game), then every other game's shipped boards (every
/// Hare and Tortoise board, with `given` among them when it is one), and merges their
/// hypotheses. Hare and Tortoise is searched from lengths only.
pub(super) fn search_all(
    screen: Screen,
    settings: &Settings,
    narrowing: &Narrowing,
    given: Option<HareBoard>,
    hare_plan: &HarePlan,
    first: Option<First>,
    progress: &dyn Progress,
) -> Result<Found> {
    let except = first.as_ref().map_or(hare::KIND, |f| f.0);
    let others = other_games(except);
    let mut steps = first.as_ref().map_or(0, |f| f.1);
    for (kind, boards) in &others {
        if let Outcome::Count(n) = visit(
            kind,
            boards,
            narrowing,
            Task::Count,
            screen,
            settings,
            &|_| {},
        )? {
            steps += n as u64;
        }
    }
    let hare_part = hare_space(narrowing, given);
    if let (Ok((boards, space)), Screen::Lengths(_)) = (&hare_part, screen) {
        let policies: usize = boards
            .iter()
            .filter_map(|b| hare::parse(&b.source.label, &b.source.text).ok())
            .map(|b| b.policies.len() + hare_plan.mixed.len())
            .max()
            .unwrap_or(1);
        steps += (boards.len() * space.rule_sets.len() * hare_plan.players.len() * policies) as u64;
    }
    let counter = progress.start(steps, "searching rules and decks", "rule sets");
    let tell = |n| counter.add(n);
    let mut parts = Vec::new();
    let mut left_out = Vec::new();
    if let Some((_, _, search)) = &first {
        parts.push(search(&tell)?);
    }
    // When the given board's game is searched last (Hare and Tortoise), each other game may take
    // a third of the time left, so that most of it stays for the given one.
    let share = if first.is_some() { 1.0 } else { OTHERS_SHARE };
    // Another game that does not fit in what is left of the budget is left out, and said so
    // with the --budget that would include it (through its share, when it had one): the set
    // is then among the hypotheses searched.
    // (Work no budget could hold is the request's fault, and refused.)
    let over = |kind: &str, e: &anyhow::Error, from: f64| {
        e.chain()
            .find_map(|c| c.downcast_ref::<crate::budget::OverBudget>())
            .filter(|o| !o.beyond_any_budget)
            .map(|o| {
                let advice = o.needed.map_or(String::new(), |n| {
                    let whole = (from + (n as f64 - from).max(0.0) / share).ceil();
                    format!("; run with --budget {whole:.0} to include it")
                });
                // The cost without its account of the share's budget, which is not the user's.
                let cost = o.cost.split(" (").next().unwrap_or(&o.cost);
                format!(
                    "{kind} (left out for the budget: {} would {cost}{advice})",
                    o.what
                )
            })
    };
    let for_others = |s: &Settings| Settings {
        budget: s.budget.share(share),
        ..*s
    };
    for (kind, boards) in &others {
        let from = settings.budget.seconds() - settings.budget.left();
        let outcome = visit(
            kind,
            boards,
            narrowing,
            Task::Search,
            screen,
            &for_others(settings),
            &tell,
        );
        match outcome {
            Ok(Outcome::Searched(part)) => parts.push(part),
            Ok(Outcome::LeftOut(why)) => left_out.push(why),
            Ok(Outcome::Count(_)) => {}
            Err(e) => left_out.push(over(kind, &e, from).ok_or(e)?),
        }
    }
    // Hare and Tortoise last: its stages screen its hypotheses against the best of every game
    // searched (its part still comes first when the given board is one of its).
    match (&hare_part, screen) {
        (Ok((boards, space)), Screen::Lengths(sample)) => {
            let hs = HareSpace {
                boards,
                space,
                players: &hare_plan.players,
                mixed: &hare_plan.mixed,
                cap: hare_plan.cap,
                refine: hare_plan.given,
                left_out_players: &hare_plan.left_out_players,
            };
            let others_best = crate::check::hare::best_of(&parts, sample);
            match crate::check::hare::search_game(&hs, sample, settings, others_best, &tell) {
                Ok(part) => {
                    let at = if first.is_some() { parts.len() } else { 0 };
                    parts.insert(at, part);
                }
                // Hare and Tortoise as another game is left out when it does not fit; as the
                // given board's game it is the answer, and its refusal ends the run.
                Err(e) if first.is_some() => {
                    let e = anyhow::Error::new(e);
                    left_out.push(over(hare::KIND, &e, 0.0).ok_or(e)?)
                }
                Err(e) => return Err(e.into()),
            }
        }
        (Ok(_), Screen::Mean(_)) => left_out.push(format!(
            "{} (a published summary is checked against the games with exact references; check its lengths instead)",
            hare::KIND
        )),
        (Err(why), _) => left_out.push(why.clone()),
    }
    drop(counter);
    Ok(combine(parts, left_out, screen, settings)?)
}

/// The Hare and Tortoise boards searched (every shipped one, and `given`) and the rule space,
/// or why the game is left out (`--vary` or `--fix` names a rule it does not have).
fn hare_space(
    narrowing: &Narrowing,
    given: Option<HareBoard>,
) -> std::result::Result<(Vec<HareBoard>, RuleSpace), String> {
    let keys = hare::board::rule_keys();
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
            hare::KIND,
            missing.join(", ")
        ));
    }
    let space = rule_space_of(hare::KIND, hare::board::rule_space(), narrowing)
        .map_err(|e| format!("{} ({})", hare::KIND, e.message))?;
    let mut boards: Vec<HareBoard> = hare::SHIPPED
        .iter()
        .filter(|b| given.as_ref().is_none_or(|g| g.name != b.name))
        .map(|b| HareBoard {
            name: b.name.to_string(),
            source: BoardSource::new(&format!("{} (shipped board)", b.name), b.text),
        })
        .collect();
    boards.extend(given);
    Ok((boards, space))
}

/// The shipped boards of every game but `except`, game by game (Hare and Tortoise boards, which
/// have their own search, are not among them).
fn other_games(except: &str) -> Vec<(&'static str, Vec<BoardSource>)> {
    let mut out: Vec<(&'static str, Vec<BoardSource>)> = Vec::new();
    for b in shipped::SHIPPED.iter() {
        let source = BoardSource::new(&format!("{} (shipped board)", b.name), b.text);
        let Ok(kind) = source.kind() else { continue };
        if kind == except {
            continue;
        }
        match out.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, boards)) => boards.push(source),
            None => out.push((kind, vec![source])),
        }
    }
    out
}

/// What to do with another game.
#[derive(Clone, Copy)]
enum Task {
    /// Count its board x rule set combinations.
    Count,
    /// Search it.
    Search,
}

/// What came of another game.
enum Outcome {
    Count(usize),
    Searched(GameSearch),
    /// Not searched, with why.
    LeftOut(String),
}

/// Runs `task` on another game's shipped `boards` (all of game `kind`).
fn visit(
    kind: &str,
    boards: &[BoardSource],
    narrowing: &Narrowing,
    task: Task,
    screen: Screen,
    settings: &Settings,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Outcome> {
    let visitor = OtherGame {
        boards,
        narrowing,
        task,
        screen,
        settings,
        progress,
    };
    // The cause keeps its type (a budget refusal is the user's to fix: exit 2).
    crate::games::with_game(&boards[0], visitor)?
        .with_context(|| format!("searching the {kind} boards"))
}

/// Another game's search, generic over the game.
struct OtherGame<'a> {
    boards: &'a [BoardSource],
    narrowing: &'a Narrowing,
    task: Task,
    screen: Screen<'a>,
    settings: &'a Settings,
    progress: &'a (dyn Fn(u64) + Sync),
}

impl GameVisitor for OtherGame<'_> {
    type Output = Result<Outcome>;

    fn visit<H: Game>(self, _first: Source<H>) -> Result<Outcome> {
        // `vary` and `fix` name rules of the given board's game: another game is searched
        // only when it has every one of them.
        let keys: Vec<&str> = H::rule_space().iter().map(|(k, _)| *k).collect();
        let named = self
            .narrowing
            .vary
            .iter()
            .flatten()
            .chain(self.narrowing.fix.iter().map(|(k, _)| k));
        let missing: Vec<&str> = named
            .map(String::as_str)
            .filter(|k| !keys.contains(k))
            .collect();
        if !missing.is_empty() {
            return Ok(Outcome::LeftOut(format!(
                "{} (it has no rule {}, which --vary or --fix names)",
                H::KIND,
                missing.join(", ")
            )));
        }
        let space = rule_space::<H>(self.narrowing).map_err(|e| bad_option("--fix", e.message))?;
        if let Task::Count = self.task {
            return Ok(Outcome::Count(self.boards.len() * space.rule_sets.len()));
        }
        let mut sources = Vec::new();
        for b in self.boards {
            let name = board_name(&b.label).to_string();
            sources.push((name, b.parse::<H>()?));
        }
        let part = search_game(&sources, &space, self.screen, self.settings, self.progress)?;
        Ok(Outcome::Searched(part))
    }
}

/// The boards searched of the given board's game, each with the name the report gives it:
/// every shipped board of the game and the given one (`name`, as the user named it), the given
/// one with the elements `--without` removes.
pub(super) fn searched_boards<G: Game>(
    name: &str,
    source: &Source<G>,
    variant: &Variant,
    given: &G,
) -> Result<Vec<(String, Source<G>)>> {
    let removed = variant
        .without
        .iter()
        .fold(Variant::default(), |v, e| v.without(e));
    let given_name = if removed.is_default() {
        given.name().to_string()
    } else {
        format!("{} {removed}", given.name())
    };
    let given_source = Source {
        label: source.label.clone(),
        file: source.edited(&removed)?,
    };
    let mut sources = Vec::new();
    for s in shipped::SHIPPED.iter() {
        let shipped = load::read_board(Some(s.name))?;
        if shipped.kind()? == G::KIND && s.name != name {
            sources.push((s.name.to_string(), shipped.parse::<G>()?));
        }
    }
    sources.push((given_name, given_source));
    Ok(sources)
}

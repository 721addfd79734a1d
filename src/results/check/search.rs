//! What `check` searches: the given board's game (its shipped boards and the given one, under
//! the narrowed rule space), then every other game's shipped boards, each left out, and said
//! so, when it does not fit what is left of the budget.

use crate::error::{Context, Result};

use crate::budget::Progress;
use crate::check::{
    combine, rule_space, search_game, Candidate, GameSearch, Narrowing, RuleSpace, Screen,
    Searched, Settings,
};
use crate::games::{load, shipped, BoardSource, Game, GameVisitor, Source, Variant, POLICY_KINDS};
use crate::results::options::bad_option;

use super::board_name;
use super::policy_search::{Policies, PolicyPlan};

/// The search of boards, rules and decks: the hypotheses and what was searched.
pub(super) type Found = (Vec<Candidate>, Searched);

/// What `check` searches: the given board's game (its shipped boards and the given one, under
/// the narrowed rule space) and every other game's shipped boards.
pub(super) struct Plan<'a, G: Game> {
    pub(super) sources: Vec<(String, Source<G>)>,
    pub(super) space: RuleSpace,
    pub(super) narrowing: Narrowing,
    pub(super) progress: &'a dyn Progress,
    /// How the policy games are searched (from lengths only), as other games.
    pub(super) policies: PolicyPlan,
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
            &Policies {
                narrowing: &self.narrowing,
                given: None,
                other: &self.policies,
            },
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

/// Searches `first` (the given board's game), then every other game's shipped boards, then
/// every policy game's (with the given board among them when it is one), and merges their
/// hypotheses. Policy games are searched from lengths only.
pub(super) fn search_all(
    screen: Screen,
    settings: &Settings,
    narrowing: &Narrowing,
    policies: &Policies,
    first: Option<First>,
    progress: &dyn Progress,
) -> Result<Found> {
    let given_kind = policies.given.map(|g| g.kind);
    let except = first.as_ref().map(|f| f.0).or(given_kind).unwrap_or("");
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
    if let Screen::Lengths(_) = screen {
        steps += policies.steps();
    }
    let counter = progress.start(steps, "searching rules and decks", "rule sets");
    let tell = |n| counter.add(n);
    let mut parts = Vec::new();
    let mut left_out = Vec::new();
    if let Some((_, _, search)) = &first {
        parts.push(search(&tell)?);
    }
    // When the given board's game is searched last (a policy game), each other game may take
    // a third of the time left, so that most of it stays for the given one.
    let share = if first.is_some() { 1.0 } else { OTHERS_SHARE };
    // Another game that does not fit in what is left of the budget is left out, and said so
    // with the --budget that would include it (through its share, when it had one): the set
    // is then among the hypotheses searched.
    // (Work no budget could hold is the request's fault, and refused.)
    let over = |kind: &str, e: &crate::Error, from: f64| {
        e.over_budget().filter(|o| !o.beyond_any_budget).map(|o| {
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
    // The policy games last: their stages screen their hypotheses against the best of every
    // game searched (the given board's game's part still comes first).
    for kind in POLICY_KINDS {
        let given = given_kind == Some(*kind);
        let Screen::Lengths(sample) = screen else {
            left_out.push(format!(
                "{kind} (a published summary is checked against the games with exact references; check its lengths instead)"
            ));
            continue;
        };
        match policies.search(kind, sample, settings, &parts, &tell) {
            Some(Ok(Ok(part))) => {
                let at = if given { 0 } else { parts.len() };
                parts.insert(at, part);
            }
            Some(Ok(Err(why))) => left_out.push(why),
            // Another policy game is left out when it does not fit; the given board's game is
            // the answer, and its refusal ends the run.
            Some(Err(e)) if !given => {
                let e = crate::Error::from(e);
                left_out.push(over(kind, &e, 0.0).ok_or(e)?)
            }
            Some(Err(e)) => return Err(e.into()),
            None => {}
        }
    }
    drop(counter);
    Ok(combine(parts, left_out, screen, settings)?)
}

/// The shipped race boards of every game but `except`, game by game (the policy games' boards
/// have their own search).
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
        .context_with(|| format!("searching the {kind} boards"))
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

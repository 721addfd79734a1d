//! `candyland check`: another simulator's lengths (or a published summary of them) against the
//! exact answer, and the set of boards, rules and decks the data cannot reject.

use crate::output::Layout;
use anyhow::Result;

use crate::app::cli::CheckArgs;
use crate::budget::Budget;
use crate::check::summary::{self, Published};
use crate::check::hare::{HareBoard, HareSpace};
use crate::check::lengths::Games;
use crate::check::{
    candidate, combine, conclusion, decide, fit, histogram, rank, rule_space, rule_space_of,
    search_game, Candidate, CheckReport, Evidence, GameSearch, Narrowing, RuleSpace, Sample,
    Screen, Settings,
};
use crate::games::hare;
use crate::games::load;
use crate::games::BoardSource;
use crate::games::{shipped, Game, Variant};
use crate::games::{GameVisitor, Source};
use crate::output;
use crate::stats::{Summary, Z_LIMIT};

use super::{bad_flag, check_players, deck_mode, json};
use crate::app::progress::Progress;

/// The games to check (their lengths, and the winners if given), from a file or standard
/// input, with how messages name them.
fn read_sample(args: &CheckArgs, file: &str, b: &Budget) -> Result<(String, Games)> {
    const WHAT: &str = "a file of game lengths";
    // The text, and the lengths read from it (4 bytes each, at most one per 2 bytes of text).
    let memory = |bytes: f64| {
        b.memory_kept(
            &format!("reading {} of game lengths", crate::budget::size(bytes)),
            3.0 * bytes,
            crate::budget::Kept::Kept,
            "check a sample of the games",
        )
    };
    let (label, text) = if file == "-" {
        let text = crate::input::files::read_stdin(WHAT, crate::input::files::MAX_LENGTHS_BYTES)?;
        memory(text.len() as f64)?;
        ("standard input".to_string(), text)
    } else {
        let path = std::path::Path::new(file);
        if let Ok(meta) = std::fs::metadata(path) {
            memory(meta.len() as f64)?;
        }
        let text =
            crate::input::files::read_text(path, WHAT, crate::input::files::MAX_LENGTHS_BYTES)?;
        (file.to_string(), text)
    };
    let games = crate::check::lengths::read_games(
        &crate::check::lengths::LengthsSource {
            label: &label,
            text: &text,
            column: args.column.as_deref(),
        },
        args.winner_column.as_deref(),
    )?;
    if let Some(winners) = &games.winners {
        let k = match args.players {
            Some(k) => k,
            None => {
                let most = winners.iter().copied().max().unwrap_or(1);
                if most > 1 {
                    return Err(bad_flag(
                        "--players",
                        format!(
                            "{label} names winners up to seat {most}: give the number of players its games were played with (--players K)"
                        ),
                    )
                    .into());
                }
                1
            }
        };
        if let Some(i) = winners.iter().position(|&w| w as usize > k) {
            return Err(bad_flag(
                "--players",
                format!(
                    "{k} players, but game {} of {label} was won by seat {}; give the number of players the data was played with",
                    i + 1,
                    winners[i]
                ),
            )
            .into());
        }
    }
    Ok((label, games))
}

/// `--vary` and `--fix` as a [`Narrowing`]; a key both varied and fixed, or fixed twice, is
/// refused.
fn narrowing(args: &CheckArgs) -> Result<Narrowing> {
    let mut fix: Vec<(String, String)> = Vec::new();
    for f in &args.fix {
        let (k, v) = f.split_once('=').ok_or_else(|| {
            bad_flag(
                "--fix",
                format!(
                    "'{}' is not KEY=VALUE; write e.g. --fix doubles=two-steps",
                    crate::input::text::quote(f)
                ),
            )
        })?;
        let (k, v) = (k.trim().to_string(), v.trim().to_string());
        if let Some((_, before)) = fix.iter().find(|(key, _)| *key == k) {
            return Err(bad_flag(
                "--fix",
                format!(
                    "{} is fixed twice ({}={} and {}={}); fix each rule once",
                    crate::input::text::quote(&k),
                    crate::input::text::quote(&k),
                    crate::input::text::quote(before),
                    crate::input::text::quote(&k),
                    crate::input::text::quote(&v)
                ),
            )
            .into());
        }
        if args.vary.contains(&k) {
            return Err(bad_flag(
                "--fix",
                format!(
                    "{} is both varied (--vary) and fixed (--fix {}={}): a rule is either tried at every value or held at one; drop one of the two",
                    crate::input::text::quote(&k),
                    crate::input::text::quote(&k),
                    crate::input::text::quote(&v)
                ),
            )
            .into());
        }
        fix.push((k, v));
    }
    Ok(Narrowing {
        vary: (!args.vary.is_empty()).then(|| args.vary.clone()),
        fix,
    })
}

pub(crate) fn run(args: &CheckArgs, b: &Budget, layout: Layout) -> Result<String> {
    check_players(args.players.unwrap_or(1))?;
    if args.reference_games < 1000 {
        return Err(bad_flag(
            "--reference-games",
            "must be at least 1000 for a usable reference",
        )
        .into());
    }
    if !(args.level > 0.5 && args.level < 1.0) {
        return Err(bad_flag(
            "--level",
            format!(
                "{} is not a confidence level between 0.5 and 1; try 0.95",
                args.level
            ),
        )
        .into());
    }
    narrowing(args)?;
    super::on_board(&args.board, args, b, layout)
}

impl super::BoardCommand for CheckArgs {
    fn run_on<G: Game>(&self, source: Source<G>, b: &Budget, layout: Layout) -> Result<String> {
        let args = self;
        let settings = Settings {
            players: args.players.unwrap_or(1),
            reference_games: args.reference_games,
            seed: args.seed,
            budget: *b,
            alpha: 1.0 - args.level,
        };
        let variant = args.variant.to_variant();
        let given = source.game(&variant)?;
        deck_mode(Some(args.deck), given.has_deck())?;
        let narrowed = narrowing(args)?;
        let space = rule_space::<G>(&narrowed).map_err(|e| {
            bad_flag(
                if args.vary.is_empty() {
                    "--fix"
                } else {
                    "--vary"
                },
                e.message,
            )
        })?;
        let plan = Plan {
            sources: searched_boards(args, &source, &variant, &given)?,
            space,
            narrowing: narrowed,
            hare: None,
        };
        if let Some(text) = &args.summary {
            let published = Published::parse(text).map_err(|e| bad_flag("--summary", e))?;
            return summary_report(
                args, &published, &source, &variant, &plan, &settings, layout,
            );
        }
        let file = args.lengths.as_deref().unwrap_or("-");
        let (label, games) = read_sample(args, file, b)?;
        let hist = histogram(&games.lengths);
        let summary = Summary::of(&hist)
            .ok_or_else(|| bad_flag("LENGTHS", format!("{label} holds no game lengths")))?;
        let reference = candidate(&source, &variant, args.deck, summary.max, &settings)?
            .ok_or_else(|| forever(&args.board))?;
        let mut plan = plan;
        plan.hare = Some(HarePlan::of(args, &games, Vec::new())?);
        let search = |screen: Screen, settings: &Settings| plan.search(screen, settings);
        report(args, label, &games, &hist, summary, &reference, &settings, search, layout)
    }

    fn run_hare(&self, source: &BoardSource, b: &Budget, layout: Layout) -> Result<String> {
        check_hare(self, source, b, layout)
    }

    fn hare_flag(&self) -> Option<&'static str> {
        // `--carrot-cap` serves the search's Hare and Tortoise part whatever the board.
        self.variant.policy.is_some().then_some("--policy")
    }
}

/// The whole report: the fit to `reference`, and unless `--no-rank` the search `search` does
/// (the set, what it decides and what it does not), in the output the flags ask for.
#[allow(clippy::too_many_arguments)]
fn report(
    args: &CheckArgs,
    label: String,
    games: &Games,
    hist: &[u64],
    summary: Summary,
    reference: &Candidate,
    settings: &Settings,
    search: impl FnOnce(
        Screen,
        &Settings,
    ) -> Result<(Vec<crate::check::Candidate>, crate::check::Searched)>,
    layout: Layout,
) -> Result<String> {
    let given_fit = fit(hist, reference);
    let detectable = detectable_by_fit(reference, summary.games, args.reference_games);
    let winners = games
        .winners
        .as_ref()
        .map(|w| crate::check::winners::test(&games.lengths, w, settings.players, &reference.model));
    let mut report = CheckReport {
        file: label,
        players: settings.players,
        sample: summary,
        conclusion: given_fit.verdict.clone(),
        fit: given_fit,
        level: args.level,
        detectable_mean_shift: detectable,
        searched: None,
        set: Vec::new(),
        decided: Vec::new(),
        undecided: Vec::new(),
        ranking: Vec::new(),
        winners,
    };
    if !args.no_rank {
        search_lengths(&mut report, hist, search, settings)?;
    }
    if let Some(w) = &report.winners {
        if w.off_turn > 0 {
            report.conclusion.push_str(&format!(" Winners: {}.", w.verdict));
        }
    }
    Ok(if args.json {
        json("check", &report)?
    } else if args.csv {
        output::ranking_csv(&report)?
    } else {
        output::check_text(&report, layout)
    })
}

/// `check` with a Hare and Tortoise board as the reference: its rules, `--policy` and
/// `--players` (one player alone by default), exact alone and simulated otherwise; the search
/// covers every Hare and Tortoise board, rule set, policy and player count, and every other
/// game's shipped boards.
fn check_hare(args: &CheckArgs, source: &BoardSource, b: &Budget, layout: Layout) -> Result<String> {
    if args.summary.is_some() {
        return Err(bad_flag(
            "--summary",
            "is not available with a Hare and Tortoise board: its references of several players are simulated, and a summary is checked against exact ones; give the lengths",
        )
        .into());
    }
    if args.deck != crate::sim::DeckMode::Iid {
        return Err(bad_flag(
            "--deck",
            "does not apply to Hare and Tortoise boards: the hare card pile is a rule (--card-pile)",
        )
        .into());
    }
    let k = args.players.unwrap_or(1);
    let settings = Settings {
        players: k,
        reference_games: args.reference_games,
        seed: args.seed,
        budget: *b,
        alpha: 1.0 - args.level,
    };
    let variant = args.variant.to_variant();
    let board = hare::parse_with(&source.label, &source.text, &variant)?;
    let policies = super::hare::seat_policies(&board, args.variant.policy.as_deref(), k)?;
    let cap = args
        .variant
        .carrot_cap
        .unwrap_or(crate::check::hare::CARROT_CAP);
    let narrowed = narrowing(args)?;
    let file = args.lengths.as_deref().unwrap_or("-");
    let (label, games) = read_sample(args, file, b)?;
    let hist = histogram(&games.lengths);
    let summary = Summary::of(&hist)
        .ok_or_else(|| bad_flag("LENGTHS", format!("{label} holds no game lengths")))?;
    let reference = crate::check::hare::reference(
        &board,
        source.label.clone(),
        &variant,
        &policies,
        cap,
        summary.max,
        &settings,
    )?;
    let mixed: Vec<Vec<String>> = {
        let names: Vec<String> = policies.iter().map(|p| p.name.clone()).collect();
        if names.iter().any(|n| *n != names[0]) {
            vec![names]
        } else {
            Vec::new()
        }
    };
    let given = HareBoard {
        name: board.name.clone(),
        source: source.clone(),
    };
    let mut plan = HarePlan::of(args, &games, mixed)?;
    plan.cap = cap;
    let search = |screen: Screen, settings: &Settings| {
        search_all(screen, settings, &narrowed, Some(given), &plan, None)
    };
    report(args, label, &games, &hist, summary, &reference, &settings, search, layout)
}

/// The error for a reference board whose game can go on forever.
fn forever(board: &str) -> crate::input::error::UserError {
    bad_flag(
        "--board",
        format!(
            "{board} can go on forever, so there is no distribution of game lengths to check against; `candyland forever {board}` gives the chance that a game never ends. Check against a board whose games always end"
        ),
    )
}

/// The smallest shift of the mean that the fit's test of the mean (|z| >= [`Z_LIMIT`]) notices
/// 80 % of the time with `games` games: its standard error is the reference's sd / sqrt(n),
/// with a simulated reference's own noise added.
fn detectable_by_fit(reference: &Candidate, games: u64, reference_games: u64) -> f64 {
    let (_, sd) = reference.model.moments();
    let n = games as f64;
    let se = if reference.model.histogram().is_some() {
        (sd * sd / n + sd * sd / reference_games as f64).sqrt()
    } else {
        sd / n.sqrt()
    };
    crate::check::set::detectable_mean_shift(se, Z_LIMIT)
}

/// The words describing the fit's test of the mean, for the power sentence.
const FIT_TEST: &str = "the fit's test of the mean, |z| >= 4";

/// What `check` searches: the given board's game (its shipped boards and the given one, under
/// the narrowed rule space) and every other game's shipped boards.
struct Plan<G: Game> {
    sources: Vec<(String, Source<G>)>,
    space: RuleSpace,
    narrowing: Narrowing,
    /// The Hare and Tortoise part (searched from lengths only).
    hare: Option<HarePlan>,
}

/// How the Hare and Tortoise boards are searched: the player counts (with those the winners
/// rule out), the seats' policies besides "all the same", the carrot cap.
struct HarePlan {
    players: Vec<usize>,
    left_out_players: Vec<String>,
    mixed: Vec<Vec<String>>,
    cap: u32,
}

impl HarePlan {
    /// `--players` (else every count from 1 to 6 that the winners, if given, allow).
    fn of(args: &CheckArgs, games: &Games, mixed: Vec<Vec<String>>) -> Result<HarePlan> {
        let cap = args
            .variant
            .carrot_cap
            .unwrap_or(crate::check::hare::CARROT_CAP);
        if let Some(k) = args.players {
            return Ok(HarePlan {
                players: vec![k],
                left_out_players: Vec::new(),
                mixed,
                cap,
            });
        }
        let every: Vec<usize> = crate::check::hare::PLAYER_COUNTS.collect();
        let (players, left_out_players) = match &games.winners {
            Some(w) => {
                let allowed = crate::check::winners::players_allowed(
                    &games.lengths,
                    w,
                    *crate::check::hare::PLAYER_COUNTS.end(),
                );
                if allowed.is_empty() {
                    (every, Vec::new())
                } else {
                    let out: Vec<String> = every
                        .iter()
                        .filter(|k| !allowed.contains(k))
                        .map(|k| format!("{k} players (a winner is not the seat whose turn ends its game)"))
                        .collect();
                    (allowed, out)
                }
            }
            None => (every, Vec::new()),
        };
        Ok(HarePlan {
            players,
            left_out_players,
            mixed,
            cap,
        })
    }
}

impl<G: Game> Plan<G> {
    /// Searches every game, the given board's first, and merges their hypotheses.
    fn search(
        &self,
        screen: Screen,
        settings: &Settings,
    ) -> Result<(Vec<crate::check::Candidate>, crate::check::Searched)> {
        let steps = (self.sources.len() * self.space.rule_sets.len()) as u64;
        search_all(
            screen,
            settings,
            &self.narrowing,
            None,
            self.hare.as_ref().unwrap_or(&HarePlan {
                players: vec![settings.players],
                left_out_players: Vec::new(),
                mixed: Vec::new(),
                cap: crate::check::hare::CARROT_CAP,
            }),
            Some((
                G::KIND,
                steps,
                &|tell: &(dyn Fn(u64) + Sync)| {
                    Ok(search_game(
                        &self.sources,
                        &self.space,
                        screen,
                        settings,
                        tell,
                    )?)
                },
            )),
        )
    }
}

/// One game searched first: its kind, its steps, and its search.
type First<'a> = (
    &'static str,
    u64,
    &'a dyn Fn(&(dyn Fn(u64) + Sync)) -> Result<GameSearch>,
);

/// Searches `first` (the given board's game), then every other game's shipped boards (every
/// Hare and Tortoise board, with `given` among them when it is one), and merges their
/// hypotheses. Hare and Tortoise is searched from lengths only.
fn search_all(
    screen: Screen,
    settings: &Settings,
    narrowing: &Narrowing,
    given: Option<HareBoard>,
    hare_plan: &HarePlan,
    first: Option<First>,
) -> Result<(Vec<crate::check::Candidate>, crate::check::Searched)> {
    let except = first.as_ref().map_or(hare::KIND, |f| f.0);
    let others = other_games(except);
    let mut steps = first.as_ref().map_or(0, |f| f.1);
    for (kind, boards) in &others {
        if let Outcome::Count(n) =
            visit(kind, boards, narrowing, Task::Count, screen, settings, &|_| {})?
        {
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
    let progress = Progress::counting(steps, "searching rules and decks", "rule sets");
    let tell = |n| progress.inc(n);
    let mut parts = Vec::new();
    let mut left_out = Vec::new();
    if let Some((_, _, search)) = &first {
        parts.push(search(&tell)?);
    }
    for (kind, boards) in &others {
        match visit(kind, boards, narrowing, Task::Search, screen, settings, &tell)? {
            Outcome::Searched(part) => parts.push(part),
            Outcome::LeftOut(why) => left_out.push(why),
            Outcome::Count(_) => {}
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
                left_out_players: &hare_plan.left_out_players,
            };
            let others_best = crate::check::hare::best_of(&parts, sample);
            let part = crate::check::hare::search_game(&hs, sample, settings, others_best, &tell)?;
            let at = if first.is_some() { parts.len() } else { 0 };
            parts.insert(at, part);
        }
        (Ok(_), Screen::Mean(_)) => left_out.push(format!(
            "{} (a published summary is checked against the games with exact references; check its lengths instead)",
            hare::KIND
        )),
        (Err(why), _) => left_out.push(why.clone()),
    }
    drop(progress);
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
    crate::games::with_game(&boards[0], visitor)?
        .map_err(|e| anyhow::anyhow!("searching the {kind} boards: {e}"))
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
        // `--vary` and `--fix` name rules of the given board's game: another game is searched
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
        let space = rule_space::<H>(self.narrowing).map_err(|e| bad_flag("--fix", e.message))?;
        if let Task::Count = self.task {
            return Ok(Outcome::Count(self.boards.len() * space.rule_sets.len()));
        }
        let mut sources = Vec::new();
        for b in self.boards {
            let name = b.label.trim_end_matches(" (shipped board)").to_string();
            sources.push((name, b.parse::<H>()?));
        }
        let part = search_game(&sources, &space, self.screen, self.settings, self.progress)?;
        Ok(Outcome::Searched(part))
    }
}

/// The search of boards, rules and decks for lengths, written into the report: the set, what
/// it decides and what it does not.
fn search_lengths(
    report: &mut CheckReport,
    hist: &[u64],
    search: impl FnOnce(
        Screen,
        &Settings,
    ) -> Result<(Vec<crate::check::Candidate>, crate::check::Searched)>,
    settings: &Settings,
) -> Result<()> {
    let sample = Sample::of(hist);
    let (candidates, searched) = search(Screen::Lengths(&sample), settings)?;
    let ranking = rank(hist, &candidates, settings.alpha);
    let (decided, undecided) = decide(&ranking);
    let small = report.sample.games < crate::check::MIN_GAMES_TO_DECIDE;
    let decided = if small { Vec::new() } else { decided };
    // The best fit in the set, when even it fails a goodness-of-fit test at the set's level.
    let best_fit = ranking
        .iter()
        .filter(|r| r.in_set)
        .max_by(|a, b| a.fit_p.total_cmp(&b.fit_p));
    let marginal = best_fit
        .filter(|r| !small && r.fit_p < settings.alpha)
        .map(|r| (r.candidate.as_str(), r.fit_p, settings.alpha));
    let mut text = conclusion(&Evidence {
        games: report.sample.games,
        searched: &searched,
        ranking: &ranking,
        decided: &decided,
        undecided: &undecided,
        detectable: (report.detectable_mean_shift, FIT_TEST),
        marginal,
        impossible: "some length of the sample is impossible under it",
    });
    if !report.fit.consistent {
        text.push_str(&format!(
            " Against the reference you chose it is {}.",
            report.fit.verdict
        ));
    }
    report.conclusion = text;
    report.set = ranking
        .iter()
        .filter(|r| r.in_set)
        .map(|r| r.candidate.clone())
        .collect();
    report.decided = decided;
    report.undecided = undecided;
    report.searched = Some(searched);
    report.ranking = ranking;
    Ok(())
}

/// The boards searched of the given board's game, each with the name the report gives it:
/// every shipped board of the game and the given one, the given one with the elements
/// `--without` removes.
fn searched_boards<G: Game>(
    args: &CheckArgs,
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
        if shipped.kind()? == G::KIND && s.name != args.board {
            sources.push((s.name.to_string(), shipped.parse::<G>()?));
        }
    }
    sources.push((given_name, given_source));
    Ok(sources)
}

/// `check --summary`: which hypotheses a published summary is consistent with (with
/// `--no-rank`, only the reference's tests).
fn summary_report<G: Game>(
    args: &CheckArgs,
    published: &Published,
    source: &Source<G>,
    variant: &Variant,
    plan: &Plan<G>,
    settings: &Settings,
    layout: Layout,
) -> Result<String> {
    let (candidates, searched) = if args.no_rank {
        (Vec::new(), None)
    } else {
        let (c, s) = plan.search(Screen::Mean(published.mean), settings)?;
        (c, Some(s))
    };
    let reference =
        candidate(source, variant, args.deck, 1, settings)?.ok_or_else(|| forever(&args.board))?;
    let report = summary::SummaryReport::of(
        published,
        &reference,
        &candidates,
        searched,
        settings.reference_games,
        args.level,
    );
    Ok(if args.json {
        json("check", &report)?
    } else if args.csv {
        output::summary_csv(&report)?
    } else {
        output::summary_text(&report, layout)
    })
}

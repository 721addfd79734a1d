//! The answers of `check`: the fit to the reference (or, none named, to the best of the
//! set), the winners' test, the set and what it decides, for lengths and for a summary.

use crate::error::{ErrorKind, Result};

use crate::budget::{Budget, Progress};
use crate::check::lengths::Games;
use crate::check::policies::PolicyBoard;
use crate::check::summary::{Published, SummaryReport};
use crate::check::{
    candidate, conclusion, decide, fit, histogram, rank, Candidate, CheckReport, Evidence, Fit,
    Sample, Screen, Settings,
};
use crate::games::{BoardSource, Game, PolicyGame, Source};
use crate::results::options::bad_option;
use crate::sim::DeckMode;
use crate::stats::{Summary, Z_LIMIT};

use super::policy_search::{Given, Policies, PolicyPlan};
use super::search::{search_all, Found, Plan};
use super::{forever, read_games, CheckAnswer, CheckData, CheckOptions};

/// The answer for lengths: the fit to `reference`, the winners' test if given, and unless
/// `options.rank` is false the search `search` does (the set, what it decides and what it
/// does not).
#[allow(clippy::too_many_arguments)]
pub(super) fn lengths_report(
    options: &CheckOptions,
    label: String,
    games: &Games,
    hist: &[u64],
    summary: Summary,
    reference: &Candidate,
    settings: &Settings,
    search: impl FnOnce(Screen, &Settings) -> Result<Found>,
) -> Result<CheckReport> {
    let mut given_fit = fit_of(hist, games, reference)?;
    if !options.named {
        given_fit.reference.chosen = crate::check::Chosen::DefaultBoard;
    }
    let detectable = detectable_by_fit(reference, summary.games);
    let winners = games.winners.as_ref().map(|w| {
        crate::check::winners::test(&games.lengths, w, settings.players, &reference.model)
    });
    let mut report = CheckReport {
        file: label,
        players: settings.players,
        sample: summary,
        conclusion: given_fit.verdict.clone(),
        fit: given_fit,
        level: options.level,
        detectable_mean_shift: detectable,
        searched: None,
        set: Vec::new(),
        decided: Vec::new(),
        undecided: Vec::new(),
        ranking: Vec::new(),
        winners,
        standing: None,
        standing_left_out: None,
    };
    if options.rank {
        // No reference named: the fit (and the winners' test) is to the best hypothesis of the
        // set, or of the search when the set is empty, before the answer is worded.
        let refit = |report: &mut CheckReport, best: &Candidate, in_set: bool| -> Result<()> {
            report.fit = fit_of(hist, games, best)?;
            report.fit.reference.chosen = if in_set {
                crate::check::Chosen::BestOfSet
            } else {
                crate::check::Chosen::MostLikely
            };
            report.detectable_mean_shift = detectable_by_fit(best, report.sample.games);
            report.winners = games.winners.as_ref().map(|w| {
                crate::check::winners::test(&games.lengths, w, settings.players, &best.model)
            });
            Ok(())
        };
        let refit = (!options.named).then_some(refit);
        search_lengths(&mut report, hist, search, settings, refit)?;
    }
    if let Some(w) = &report.winners {
        if w.off_turn > 0 {
            report
                .conclusion
                .push_str(&format!(" Winners: {}.", w.verdict));
        }
    }
    Ok(report)
}

/// The fit of the sample (`hist`, of `games`) to `reference`, its outliers placed in the input
/// and, when they decide an inconsistent verdict, named in it.
fn fit_of(hist: &[u64], games: &Games, reference: &Candidate) -> Result<Fit> {
    use crate::check::outliers::{locate, words, Side};
    let mut f = fit(hist, reference).map_err(|e| bad_option("LENGTHS", e.to_string()))?;
    locate(&mut f.outliers, &games.lengths, &games.lines, games.place);
    // The groups that decide the verdict: an impossible length, and the longest (shortest)
    // games when the test of the longest (shortest) game fails the fit's floor.
    let fails = |name: &str| {
        f.statistics
            .iter()
            .any(|t| t.statistic == name && t.p_value <= crate::stats::P_FLOOR)
    };
    let n = games.lengths.len() as u64;
    let said: Vec<String> = f
        .outliers
        .iter()
        .filter(|o| match o.side {
            Side::Impossible => true,
            Side::Long => fails("max"),
            Side::Short => fails("min"),
        })
        .map(|o| words(o, n))
        .collect();
    if !f.consistent && !said.is_empty() {
        f.verdict
            .push_str(&format!("; decided by {}", said.join("; ")));
    }
    Ok(f)
}

/// `check` with a policy game's board as the reference: its rules, the policies and the
/// players (one player alone by default), exact alone and simulated otherwise; the search
/// covers every board of the game, rule set, policy and player count, and every other game's
/// shipped boards.
pub(super) fn check_policies<P: PolicyGame>(
    source: &BoardSource,
    data: &CheckData,
    options: &CheckOptions,
    b: &Budget,
    progress: &dyn Progress,
) -> Result<CheckAnswer> {
    if let CheckData::Summary(_) = data {
        return Err(bad_option(
            "--summary",
            format!("is not available with a {} board: its references of several players are simulated, and a summary is checked against exact ones; give the lengths", P::TITLE),
        )
        .into());
    }
    if options.deck != DeckMode::Iid {
        return Err(bad_option(
            "--deck",
            format!("does not apply to {} boards: {}", P::TITLE, P::DECK_HINT),
        )
        .into());
    }
    let settings = options.settings(b);
    let variant = &options.variant;
    let board = P::parse(&source.label, &source.text, variant)?;
    let policies = crate::results::policies::seat_policies(
        &board,
        options.policy.as_deref(),
        settings.players,
    )?;
    let narrowed = options.narrowing()?;
    let (label, games) = read_games(data, options, b)?;
    let hist = histogram(&games.lengths);
    let summary = Summary::of(&hist)
        .ok_or_else(|| bad_option("LENGTHS", format!("{label} holds no game lengths")))?;
    let reference = crate::check::policies::reference(
        &board,
        source.label.clone(),
        variant,
        &policies,
        options.cap.unwrap_or(board.cap_words().default),
        summary.max,
        &settings,
    )?;
    let names = crate::results::policies::policy_names::<P>(&policies);
    let mixed = if names.iter().any(|n| *n != names[0]) {
        vec![names]
    } else {
        Vec::new()
    };
    let given = Given {
        kind: P::KIND,
        board: PolicyBoard {
            name: board.name().to_string(),
            source: source.clone(),
        },
        plan: PolicyPlan::of(options, &games, mixed),
    };
    let other = PolicyPlan::other(options);
    let search = |screen: Screen, settings: &Settings| {
        let policies = Policies {
            narrowing: &narrowed,
            given: Some(&given),
            other: &other,
        };
        search_all(screen, settings, &narrowed, &policies, None, progress)
    };
    let cap = options.cap.unwrap_or(board.cap_words().default);
    let moments = (summary.mean, summary.sd, summary.games);
    let mut report = lengths_report(
        options, label, &games, &hist, summary, &reference, &settings, search,
    )?;
    if settings.players == 1 {
        // Where the player stands alone: between the board's policies and the best play. The
        // fit stands without it: a budget too small for the best play leaves it out, saying
        // why.
        // Half the time left at most, so that the fit's answer is never lost to it.
        let (share, half) = (b.share(0.5), 0.5 * b.left());
        match super::standing::standing(&board, source, variant, moments, cap, &share) {
            Ok(s) => report.standing = Some(s),
            Err(e) if e.kind() == ErrorKind::OverBudget => {
                report.standing_left_out = Some(format!(
                    "the best play alone did not fit in half the time the budget had left ({half:.1} s); a larger --budget lets it run (`candyland best {}` solves it alone)",
                    super::board_name(&source.label)
                ));
            }
            Err(e) if e.kind() == ErrorKind::OverMemory => {
                report.standing_left_out = Some(e.to_string());
            }
            Err(e) => return Err(e),
        }
    }
    Ok(CheckAnswer::Lengths(report))
}

/// The smallest shift of the mean that the fit's test of the mean (|z| >= [`Z_LIMIT`]) notices
/// 80 % of the time with `games` games: its standard error is the reference's sd / sqrt(n),
/// with a simulated reference's own noise added.
fn detectable_by_fit(reference: &Candidate, games: u64) -> f64 {
    let (_, sd) = reference.model.moments();
    let n = games as f64;
    let noise = reference
        .model
        .reference_games()
        .map_or(0.0, |big_n| sd * sd / big_n as f64);
    let se = (sd * sd / n + noise).sqrt();
    crate::check::set::detectable_mean_shift(se, Z_LIMIT)
}

/// The words describing the fit's test of the mean, for the power sentence.
const FIT_TEST: &str = "the fit's test of the mean, |z| >= 4";

/// The search of boards, rules and decks for lengths, written into the report: the set, what
/// it decides and what it does not.
/// With `refit` (no reference named), the fit is first redone to the best hypothesis of the
/// set (by likelihood), or of the search when the set is empty.
fn search_lengths(
    report: &mut CheckReport,
    hist: &[u64],
    search: impl FnOnce(Screen, &Settings) -> Result<Found>,
    settings: &Settings,
    refit: Option<impl FnOnce(&mut CheckReport, &Candidate, bool) -> Result<()>>,
) -> Result<()> {
    let sample = Sample::of(hist);
    let (candidates, searched) = search(Screen::Lengths(&sample), settings)?;
    let ranking = rank(hist, &candidates, settings.alpha)
        .map_err(|e| bad_option("LENGTHS", e.to_string()))?;
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
    let named = refit.is_none();
    if let Some(refit) = refit {
        // (A ranking whose every hypothesis is impossible has no most likely one.)
        let best = ranking.iter().find(|r| r.in_set).or(ranking
            .first()
            .filter(|r| r.log_likelihood_per_game.is_some()));
        let found = best.and_then(|r| {
            let c = candidates.iter().find(|c| c.label() == r.candidate)?;
            Some((c, r.in_set))
        });
        if let Some((c, in_set)) = found {
            refit(report, c, in_set)?;
        }
    }
    let mut text = conclusion(&Evidence {
        games: report.sample.games,
        searched: &searched,
        ranking: &ranking,
        decided: &decided,
        undecided: &undecided,
        detectable: (report.detectable_mean_shift, FIT_TEST),
        marginal,
        impossible: "some length of the sample is impossible under it",
        tell: &tell(&ranking, report),
    });
    if named && !report.fit.consistent {
        text.push_str(&format!(
            " Against the reference you chose it is {}.",
            report.fit.verdict
        ));
    }
    report.conclusion = text;
    report.set = ranking
        .iter()
        .filter(|r| r.in_set)
        .map(|r| crate::check::Member {
            candidate: r.candidate.clone(),
            settings: r.settings.clone(),
        })
        .collect();
    report.decided = decided;
    report.undecided = undecided;
    report.searched = Some(searched);
    report.ranking = ranking;
    Ok(())
}

/// What could tell whether the data follow a searched rule set at all: the winners by seat
/// (for several players, when not given), and one game turn by turn from `play` on the best
/// hypothesis's board.
fn tell(ranking: &[crate::check::Ranked], report: &CheckReport) -> String {
    let best = ranking.iter().find(|r| r.in_set).or(ranking.first());
    let board = best.and_then(|r| r.settings.get("board")).map_or_else(
        || crate::games::shipped::DEFAULT_BOARD.to_string(),
        |b| b.to_string(),
    );
    let players = if report.players > 1 {
        format!(" --players {}", report.players)
    } else {
        String::new()
    };
    let play = format!(
        "a game of your program's turn by turn against `candyland play {board}{players} --seed 1` can tell"
    );
    if report.players > 1 && report.winners.is_none() {
        format!("each game's winning seat, a second number on each line, tests the seats too, and {play}")
    } else {
        play
    }
}

/// A published summary: which hypotheses it is consistent with (without the search, only the
/// reference's tests).
pub(super) fn summary_report<G: Game>(
    name: &str,
    options: &CheckOptions,
    published: &Published,
    source: &Source<G>,
    plan: &Plan<G>,
    settings: &Settings,
) -> Result<SummaryReport> {
    let (candidates, searched) = if options.rank {
        let (c, s) = plan.search(Screen::Mean(published.mean), settings)?;
        (c, Some(s))
    } else {
        (Vec::new(), None)
    };
    // Computed to the published longest game, as the lengths' own reference is.
    let longest = published.max.unwrap_or(1);
    let reference = candidate(source, &options.variant, options.deck, longest, settings)?
        .ok_or_else(|| forever(name))?;
    Ok(SummaryReport::of(
        published,
        &reference,
        &candidates,
        searched,
        options.level,
        options.named,
    ))
}

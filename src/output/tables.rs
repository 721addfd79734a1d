//! `--csv` for the commands whose tables hold several figures per row (`players`, `odds`,
//! `compare`, `crosscheck`, `forever`'s survey, `check`'s ranking): one header line, then one row per table row, the columns
//! named by the JSON's keys (a nested key joined with `_`, e.g. `turns_mean`), numbers in full
//! precision, an empty cell for no value.

use crate::check::crosscheck::CrossCheck;
use crate::check::summary::SummaryReport;
use crate::check::CheckReport;
use crate::results::compare::Comparison;
use crate::results::forever::ForeverReport;
use crate::results::odds::OddsReport;
use crate::results::players::PlayersReport;
use crate::stats::Summary;

/// The rows as CSV under `header`.
fn write(header: &[&str], rows: Vec<Vec<String>>) -> crate::Result<String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(header)?;
    for row in rows {
        super::csv_cells::record(&mut w, row)?;
    }
    Ok(String::from_utf8(w.into_inner()?)?)
}

fn num(x: f64) -> String {
    x.to_string()
}

/// A z as the JSON writes it: a number, or "+infinity" / "-infinity".
fn z_word(z: crate::check::ZScore) -> String {
    match z {
        crate::check::ZScore::Finite(x) => num(x),
        infinite => infinite.to_string(),
    }
}

fn opt<T: ToString>(x: Option<T>) -> String {
    x.map_or(String::new(), |x| x.to_string())
}

/// `players --csv`: one row per number of players and seat: the exact figures (i.i.d. draws),
/// with whether the one-player distribution was cut, how the first-finisher figures were
/// computed (the JSON's `route`: with `cut_distribution` the means are lower bounds and the
/// chance to win is at most `win` + `undecided`), then each simulation's share of wins for that
/// seat.
pub(crate) fn players_csv(r: &PlayersReport) -> crate::Result<String> {
    let header = [
        "players",
        "seat",
        "win",
        "mean_place",
        "turns_mean",
        "turns_median",
        "rounds_mean",
        "rounds_median",
        "everyone_turns_mean",
        "everyone_rounds_mean",
        "truncated",
        "route",
        "undecided",
        "iid_win",
        "finite_deck",
        "finite_deck_win",
    ];
    let mut rows = Vec::new();
    for row in &r.rows {
        // (Empty cells until everyone finishes for a game whose tokens meet.)
        let (f, e) = (&row.exact.first_finisher, row.exact.everyone.as_ref());
        for seat in 0..row.players {
            let finite = row.shuffled.as_ref();
            rows.push(vec![
                row.players.to_string(),
                (seat + 1).to_string(),
                num(f.win[seat]),
                opt(e.map(|e| e.mean_place[seat])),
                num(f.turns.mean),
                f.turns.median.to_string(),
                num(f.rounds.mean),
                f.rounds.median.to_string(),
                opt(e.map(|e| e.turns.mean)),
                opt(e.map(|e| e.rounds.mean)),
                row.exact.truncated.to_string(),
                f.route.name().to_string(),
                num(f.undecided),
                num(row.iid.win_share[seat]),
                opt(finite.map(|s| s.deck.name())),
                opt(finite.map(|s| s.win_share[seat])),
            ]);
        }
    }
    write(&header, rows)
}

/// `compare --csv`: one row per figure, as the table shows them; the columns `a` and `b` are
/// the two sides (the JSON's `a` and `b`).
pub(crate) fn comparison_csv(c: &Comparison) -> crate::Result<String> {
    let (a, b) = (&c.a, &c.b);
    let mut rows: Vec<(String, f64, f64)> = vec![
        ("states".into(), a.states as f64, b.states as f64),
        ("mean".into(), a.expected_turns, b.expected_turns),
        ("sd".into(), a.std_dev, b.std_dev),
        ("draws_mean".into(), a.draws.mean, b.draws.mean),
        (
            "shortest_game_turns".into(),
            a.shortest_game.turns as f64,
            b.shortest_game.turns as f64,
        ),
        ("median".into(), a.median as f64, b.median as f64),
        ("mode".into(), a.mode as f64, b.mode as f64),
    ];
    for (qa, qb) in a.quantiles.iter().zip(&b.quantiles) {
        let name = format!("quantile_{}", qa.p);
        rows.push((name, qa.turns as f64, qb.turns as f64));
    }
    for (ta, tb) in a.longer_than.iter().zip(&b.longer_than) {
        let name = format!("tail_{}", ta.turns);
        rows.push((name, ta.probability, tb.probability));
    }
    let rows = rows
        .into_iter()
        .map(|(figure, x, y)| vec![figure, num(x), num(y), num(y - x)])
        .collect();
    write(&["figure", "a", "b", "difference"], rows)
}

/// `crosscheck --csv`: one row per simulation (i.i.d. draws, then the finite deck), with the
/// exact figures it is checked against.
pub(crate) fn crosscheck_csv(c: &CrossCheck) -> crate::Result<String> {
    let header = [
        "deck",
        "games",
        "mean",
        "mean_ci95_low",
        "mean_ci95_high",
        "cut",
        "sd",
        "min",
        "median",
        "max",
        "exact_mean",
        "exact_sd",
        "exact_median",
        "z_mean",
        "chi_square_p_value",
        "mean_difference",
        "consistent",
    ];
    let sample = |deck: &str, s: &Summary| {
        vec![
            deck.to_string(),
            s.games.to_string(),
            num(s.mean),
            opt(s.mean_ci95.map(|c| c[0])),
            opt(s.mean_ci95.map(|c| c[1])),
            s.cut.to_string(),
            num(s.sd),
            s.min.to_string(),
            s.median.to_string(),
            s.max.to_string(),
            num(c.exact.mean),
            num(c.exact.sd),
            c.exact.median.to_string(),
        ]
    };
    let mut iid = sample("iid", &c.iid.sample);
    iid.extend([
        num(c.iid.z_mean),
        opt(c.iid.chi_square.as_ref().map(|x| x.p_value)),
        String::new(),
        c.iid.consistent.to_string(),
    ]);
    let mut rows = vec![iid];
    if let Some(f) = &c.shuffled {
        let mut finite = sample("shuffled", &f.sample);
        finite.extend([
            String::new(),
            String::new(),
            num(f.mean_difference),
            String::new(),
        ]);
        rows.push(finite);
    }
    write(&header, rows)
}

/// `forever --csv`: the survey of random deck orders, one row per number of players (only the
/// header when there was no survey).
pub(crate) fn forever_csv(r: &ForeverReport) -> crate::Result<String> {
    let header = [
        "players",
        "orders",
        "looping",
        "fraction",
        "ci95_low",
        "ci95_high",
    ];
    let rows = r
        .survey
        .iter()
        .flat_map(|s| {
            s.rows.iter().map(|row| {
                vec![
                    row.players.to_string(),
                    s.orders.to_string(),
                    row.looping.to_string(),
                    num(row.fraction),
                    num(row.ci95[0]),
                    num(row.ci95[1]),
                ]
            })
        })
        .collect();
    write(&header, rows)
}

/// `odds --csv`: one row per seat: its state, its chance to win, and the turns it would still
/// need alone.
pub(crate) fn odds_csv(r: &OddsReport) -> crate::Result<String> {
    let header = [
        "seat",
        "to_move",
        "state",
        "position",
        "name",
        "win",
        "alone_mean",
    ];
    let rows = r
        .seats
        .iter()
        .zip(&r.win)
        .map(|(s, &win)| {
            vec![
                s.seat.to_string(),
                (s.seat == r.to_move).to_string(),
                s.state.state.to_string(),
                opt(s.state.position),
                s.state.name.clone(),
                num(win),
                num(s.alone.mean),
            ]
        })
        .collect();
    write(&header, rows)
}

/// `check --csv`: the ranking, best first (only the header with `--no-rank`), each setting of
/// the hypotheses in a column of its own after the label (its key as the head, its value as
/// its flag takes it; empty where a hypothesis has no such setting).
pub(crate) fn ranking_csv(r: &CheckReport) -> crate::Result<String> {
    let mut keys: Vec<&str> = Vec::new();
    for (key, _) in r.ranking.iter().flat_map(|c| c.settings.iter()) {
        if !keys.contains(&key.as_str()) {
            keys.push(key);
        }
    }
    let before = ["rank", "candidate"];
    let after = [
        "log_likelihood_per_game",
        "noise_per_game",
        "comparison",
        "z_against_best",
        "in_set",
        "distribution",
        "chi_square_p",
        "z_mean",
        "consistent",
    ];
    let header: Vec<&str> = before
        .into_iter()
        .chain(keys.iter().copied())
        .chain(after)
        .collect();
    let rows = r
        .ranking
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let settings = keys
                .iter()
                .map(|k| c.settings.get(k).map_or(String::new(), ToString::to_string));
            [(i + 1).to_string(), c.candidate.clone()]
                .into_iter()
                .chain(settings)
                .chain([
                    opt(c.log_likelihood_per_game),
                    num(c.noise_per_game),
                    c.comparison.word().to_string(),
                    opt(c.z_against_best),
                    c.in_set.to_string(),
                    c.distribution.to_string(),
                    opt(c.chi_square_p),
                    z_word(c.z_mean),
                    c.consistent.to_string(),
                ])
                .collect()
        })
        .collect();
    write(&header, rows)
}

/// `check --summary --csv`: the reference's test of each published statistic.
pub(crate) fn summary_csv(r: &SummaryReport) -> crate::Result<String> {
    let rows = r
        .reference
        .iter()
        .map(|t| vec![t.statistic.clone(), num(t.published), num(t.p_value)])
        .collect();
    write(&["statistic", "published", "p_value"], rows)
}

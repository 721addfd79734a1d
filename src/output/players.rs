//! `players`: K players, exact and simulated side by side. A figure the cut distribution only
//! bounds is printed as a bound (">"), with what was left out said below the tables.

use crate::input::number::count;
use std::fmt::Write;

use crate::sim::{DeckMode, Simulation};
use crate::solve::players::{Everyone, Players, Route};

use super::Layout;
use crate::results::players::PlayersReport;

/// The exact columns' heads, under their units ([`units_line`]).
const HEAD: [&str; 5] = ["players", "mean", "median", "mean", "median"];
/// The narrowest width of each exact column: players, mean rounds, median, mean turns, median.
const WIDTHS: [usize; 5] = [7, 11, 6, 10, 6];

/// The `players` table.
pub(crate) fn players_table(r: &PlayersReport, layout: Layout) -> String {
    let mut s = String::new();
    let variant = if r.variant.is_empty() {
        String::new()
    } else {
        format!(" ({})", r.variant)
    };
    let finite = r
        .rows
        .iter()
        .find_map(|row| row.shuffled.as_ref().map(|s| s.deck));
    let simulated = match finite {
        Some(d) => format!("{} deck", d.name()),
        None => "simulated".to_string(),
    };
    let route = |route| {
        r.rows
            .iter()
            .any(|row| row.exact.first_finisher.route == route)
    };
    let (product, bounds) = (route(Route::ProductChain), route(Route::CutDistribution));
    s.push_str(&layout.hang("", "  ", &format!("{}{variant}: several players", r.board)));
    let mut exact = "i.i.d. draws, derived from the one-player distribution".to_string();
    if product {
        exact.push_str(", and where that was cut from the product chain of the players' tokens");
    }
    if bounds {
        exact.push_str(" (bounds where the product chain did not fit: see the notes)");
    }
    if route(Route::TableChain) {
        exact = "i.i.d. draws; one player from its own distribution, several on the chain of the whole table (their tokens meet, so they are not independent)".to_string();
    }
    s.push_str(&layout.labelled("  exact: ", &exact));
    let sim = format!(
        "{} games {} (seed {})",
        count(r.games),
        match finite {
            Some(DeckMode::Shuffled) => "with one shared shuffled deck".to_string(),
            Some(d) => format!("with {}", d.phrase()),
            None => "with independent spins (the game has no deck)".to_string(),
        },
        r.seed
    );
    s.push_str(&layout.labelled("  simulated: ", &sim));
    s.push('\n');
    first_finisher(&mut s, r, &simulated, layout);
    let _ = writeln!(s, "\nEach seat's chance of winning (exact | {simulated})");
    for row in r.rows.iter().filter(|row| row.players > 1) {
        let ff = &row.exact.first_finisher;
        let sim = row.shuffled.as_ref().unwrap_or(&row.iid);
        let at_least = if ff.undecided > 0.0 { ">= " } else { "" };
        let mut seats: Vec<String> = ff
            .win
            .iter()
            .zip(&sim.win_share)
            .enumerate()
            .map(|(i, (w, sim))| format!("seat {} {at_least}{:.4} | {:.4}", i + 1, w, sim))
            .collect();
        if ff.undecided > 0.0 || sim.unfinished > 0 {
            seats.push(format!(
                "undecided {:.4} | {:.4}",
                ff.undecided,
                sim.unfinished as f64 / sim.games as f64
            ));
        }
        let label = format!("  {} players: ", row.players);
        let rest = " ".repeat(label.len());
        s.push_str(&layout.list(&label, &rest, &seats, ";  "));
    }
    everyone(&mut s, r, layout);
    notes(&mut s, r, layout);
    s
}

/// The column widths of the exact figures: at least [`WIDTHS`], wider for bounds.
fn widths(cells: &[[String; 5]]) -> [usize; 5] {
    let mut w = WIDTHS;
    for row in cells {
        for (w, c) in w.iter_mut().zip(row) {
            *w = (*w).max(c.len());
        }
    }
    w
}

/// One line of exact figures in `widths`.
fn line(cells: &[String; 5], w: &[usize; 5]) -> String {
    format!(
        "  {:>a$}  {:>b$} {:>c$}  {:>d$} {:>e$}",
        cells[0],
        cells[1],
        cells[2],
        cells[3],
        cells[4],
        a = w[0],
        b = w[1],
        c = w[2],
        d = w[3],
        e = w[4]
    )
}

/// The line over the exact columns' heads: the unit of each pair, "rounds" and "turns".
fn units_line(w: &[usize; 5]) -> String {
    let (rounds, turns) = (w[1] + 1 + w[2], w[3] + 1 + w[4]);
    format!(
        "  {:a$}  {:-^rounds$}  {:-^turns$}",
        "",
        " rounds ",
        " turns ",
        a = w[0]
    )
}

/// A simulation's mean game length: with its 95 % CI, or as a lower bound with the games cut.
fn simulated_mean(sim: &Simulation) -> String {
    let t = &sim.turns;
    match t.mean_ci95 {
        Some([low, high]) if t.cut == 0 => format!("{:.3} ({low:.3} to {high:.3})", t.mean),
        _ => format!(
            "> {:.3} ({} of {} games cut at {} turns)",
            t.mean,
            count(t.cut),
            count(t.games),
            count(u64::from(sim.max_turns))
        ),
    }
}

/// The table of games played until the first player finishes, exact and simulated; the
/// simulated figures go on a line of their own under a row when the line is too short.
fn first_finisher(s: &mut String, r: &PlayersReport, simulated: &str, layout: Layout) {
    let sims: Vec<String> = r
        .rows
        .iter()
        .map(|row| simulated_mean(row.shuffled.as_ref().unwrap_or(&row.iid)))
        .collect();
    let cells: Vec<[String; 5]> = r
        .rows
        .iter()
        .map(|row| {
            let f = &row.exact.first_finisher;
            [
                row.players.to_string(),
                f.rounds.mean_figure().text(3),
                f.rounds.median_text(),
                f.turns.mean_figure().text(3),
                f.turns.median_text(),
            ]
        })
        .collect();
    let head = HEAD.map(String::from);
    let w = widths(&cells);
    let exact_width = line(&head, &w).len();
    let sim_head = format!("{simulated}: mean turns (95% CI)");
    let widest = sims
        .iter()
        .map(String::len)
        .max()
        .unwrap_or(0)
        .max(sim_head.len());
    let inline = exact_width + 2 + widest <= layout.width();
    let _ = writeln!(s, "Until the first player finishes");
    let _ = writeln!(s, "{}", units_line(&w));
    let _ = writeln!(
        s,
        "{}{}",
        line(&head, &w),
        if inline {
            format!("  {sim_head}")
        } else {
            String::new()
        }
    );
    for (cells, sim) in cells.iter().zip(&sims) {
        let exact = line(cells, &w);
        if inline {
            let _ = writeln!(s, "{exact:<exact_width$}  {sim}");
        } else {
            let _ = writeln!(s, "{exact}");
            s.push_str(&layout.labelled(&format!("{}{simulated}: ", " ".repeat(11)), sim));
        }
    }
    // "3 players: within 19 rounds 50 %, ... of the time", as `odds` phrases it.
    let _ = writeln!(s, "\nRounds until the first player finishes (exact)");
    for row in &r.rows {
        let quantiles = &row.exact.first_finisher.rounds_quantiles;
        // Past a cut distribution a quantile is only known to lie beyond it: the smallest
        // such level is said as "fewer than p % within L rounds" (the larger ones follow).
        let within: Vec<String> = quantiles
            .iter()
            .filter(|q| !q.lower_bound)
            .map(|q| {
                let unit = if q.rounds == 1 { "round" } else { "rounds" };
                format!("{} {unit} {:.0} %", count(q.rounds as u64), q.p * 100.0)
            })
            .collect();
        let beyond = quantiles.iter().find(|q| q.lower_bound).map(|q| {
            format!(
                "fewer than {:.0} % within {} rounds (computed no further)",
                q.p * 100.0,
                count(q.rounds.saturating_sub(1) as u64)
            )
        });
        let text = match (within.is_empty(), beyond) {
            (true, None) => continue,
            (false, None) => format!("within {} of the time", within.join(", ")),
            (true, Some(beyond)) => beyond,
            (false, Some(beyond)) => {
                format!("within {} of the time; {beyond}", within.join(", "))
            }
        };
        let k = row.players;
        let label = format!("  {k} player{}: ", if k == 1 { "" } else { "s" });
        s.push_str(&layout.labelled(&label, &text));
    }
}

/// The table of games played until everyone finishes.
fn everyone(s: &mut String, r: &PlayersReport, layout: Layout) {
    s.push('\n');
    // A game whose tokens meet has its figures only until the first player finishes.
    let rows: Vec<(&crate::results::players::PlayersRow, &Everyone)> = r
        .rows
        .iter()
        .filter_map(|row| row.exact.everyone.as_ref().map(|e| (row, e)))
        .collect();
    if rows.is_empty() {
        s.push_str(&layout.hang(
            "",
            "  ",
            "Playing until everyone finishes: not computed (the tokens meet, so the finished players' absence changes the others' game; the figures above are until the first player finishes)",
        ));
        return;
    }
    let left_out: Vec<String> = r
        .rows
        .iter()
        .filter(|row| row.exact.everyone.is_none())
        .map(|row| row.players.to_string())
        .collect();
    let cut = r.rows.iter().any(|row| row.exact.truncated);
    s.push_str(&layout.hang(
        "",
        "  ",
        if cut {
            "Playing until everyone finishes (finished players sit out; figures marked > are bounds)"
        } else {
            "Playing until everyone finishes (exact; finished players sit out)"
        },
    ));
    let cells: Vec<[String; 5]> = rows
        .iter()
        .map(|(row, e)| {
            [
                row.players.to_string(),
                e.rounds.mean_figure().text(3),
                e.rounds.median_text(),
                e.turns.mean_figure().text(3),
                e.turns.median_text(),
            ]
        })
        .collect();
    let head = HEAD.map(String::from);
    let w = widths(&cells);
    let exact_width = line(&head, &w).len();
    let places = if exact_width + 2 + 22 <= layout.width() {
        "expected place by seat"
    } else {
        "places"
    };
    let _ = writeln!(s, "{}", units_line(&w));
    let _ = writeln!(s, "{}  {places}", line(&head, &w));
    for ((_, e), cells) in rows.iter().zip(&cells) {
        let figures = format!("{}  ", line(cells, &w));
        let places: Vec<String> = match &e.mean_place_range {
            None => e.mean_place.iter().map(|p| format!("{p:.4}")).collect(),
            Some(ranges) => ranges
                .iter()
                .map(|[low, high]| format!("{low:.4} to {high:.4}"))
                .collect(),
        };
        let rest = " ".repeat(figures.len());
        s.push_str(&layout.list(&figures, &rest, &places, ", "));
    }
    if !left_out.is_empty() {
        s.push_str(&layout.hang(
            "",
            "  ",
            &format!(
                "  not computed for {} players: their tokens meet, so the finished players' absence changes the others' game",
                left_out.join(", ")
            ),
        ));
    }
}

/// What the figures leave out: the cut distribution, the product chains used, and why they
/// could not be used where bounds are printed.
fn notes(s: &mut String, r: &PlayersReport, layout: Layout) {
    let Some(first) = r.rows.first() else {
        return;
    };
    let exact: Vec<&Players> = r.rows.iter().map(|row| &row.exact).collect();
    let mut notes = Vec::new();
    if first.exact.truncated {
        notes.push(first.exact.cut().sentence());
        let product: Vec<String> = exact
            .iter()
            .filter(|p| p.first_finisher.route == Route::ProductChain)
            .map(|p| p.players.to_string())
            .collect();
        if !product.is_empty() {
            notes.push(format!(
                "the means and seat chances until the first player finishes with {} players are exact all the same: solved on the product chain of the tokens (the medians come from the cut distribution)",
                product.join(", ")
            ));
        }
        if exact.iter().any(|p| p.first_finisher.undecided > 0.0) {
            notes.push(
                "each seat's chance is at least the figure shown and at most that plus the chance left undecided"
                    .to_string(),
            );
        }
        if let Some(why) = exact.iter().find_map(|p| p.why_bounds.as_deref()) {
            notes.push(format!("exact values need the product chain: {why}"));
        }
    }
    if r.rows.iter().any(|row| {
        row.iid.unfinished > 0 || row.shuffled.as_ref().is_some_and(|s| s.unfinished > 0)
    }) {
        notes.push(format!(
            "simulated games still running after {} turns were stopped: each counts as one turn more, the least it lasts, so those means are lower bounds, and is won by no seat",
            first.iid.max_turns
        ));
    }
    if !notes.is_empty() {
        s.push('\n');
    }
    for note in notes {
        s.push_str(&layout.labelled("note: ", &note));
    }
}

impl super::Render for PlayersReport {
    fn text(&self, layout: Layout) -> String {
        players_table(self, layout)
    }

    fn json(&self) -> Option<crate::Result<String>> {
        super::render::json("players", self)
    }

    fn csv(&self) -> Option<crate::Result<String>> {
        Some(super::tables::players_csv(self))
    }
}

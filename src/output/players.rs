//! `players`: K players, exact and simulated side by side.

use std::fmt::Write;

use crate::sim::DeckMode;

use super::Layout;
use crate::figures::PlayersReport;

/// Columns of a row's exact figures: players, mean rounds, median, mean turns, median.
const EXACT: usize = 2 + 7 + 2 + 11 + 1 + 6 + 2 + 10 + 1 + 6;

/// The `players` table.
pub fn players_table(r: &PlayersReport, layout: Layout) -> String {
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
    s.push_str(&layout.hang("", "  ", &format!("{}{variant}: several players", r.board)));
    s.push_str(&layout.labelled(
        "  exact: ",
        "i.i.d. draws, derived from the one-player distribution",
    ));
    let sim = format!(
        "{} games {} (seed {})",
        r.games,
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
        let seats: Vec<String> = row
            .exact
            .first_finisher
            .win
            .iter()
            .zip(&row.shuffled.as_ref().unwrap_or(&row.iid).win_share)
            .enumerate()
            .map(|(i, (w, sim))| format!("seat {} {:.4} | {:.4}", i + 1, w, sim))
            .collect();
        let label = format!("  {} players: ", row.players);
        let rest = " ".repeat(label.len());
        s.push_str(&layout.list(&label, &rest, &seats, ";  "));
    }
    everyone(&mut s, r, layout);
    s
}

/// The table of games played until the first player finishes, exact and simulated; the
/// simulated figures go on a line of their own under a row when the line is too short.
fn first_finisher(s: &mut String, r: &PlayersReport, simulated: &str, layout: Layout) {
    let sims: Vec<String> = r
        .rows
        .iter()
        .map(|row| {
            let t = &row.shuffled.as_ref().unwrap_or(&row.iid).turns;
            format!(
                "{:.3} ({:.3} to {:.3})",
                t.mean, t.mean_ci95[0], t.mean_ci95[1]
            )
        })
        .collect();
    let head = format!("{simulated}: mean, 95% CI");
    let widest = sims
        .iter()
        .map(String::len)
        .max()
        .unwrap_or(0)
        .max(head.len());
    let inline = EXACT + 2 + widest <= layout.width();
    let _ = writeln!(s, "Until the first player finishes");
    let _ = writeln!(
        s,
        "  {:>7}  {:>11} {:>6}  {:>10} {:>6}{}",
        "players",
        "mean rounds",
        "median",
        "mean turns",
        "median",
        if inline {
            format!("  {head}")
        } else {
            String::new()
        }
    );
    for (row, sim) in r.rows.iter().zip(&sims) {
        let f = &row.exact.first_finisher;
        let exact = format!(
            "  {:>7}  {:>11.3} {:>6}  {:>10.3} {:>6}",
            row.players, f.rounds.mean, f.rounds.median, f.turns.mean, f.turns.median,
        );
        if inline {
            let _ = writeln!(s, "{exact}  {sim}");
        } else {
            let _ = writeln!(s, "{exact}");
            s.push_str(&layout.labelled(&format!("{}{simulated}: ", " ".repeat(11)), sim));
        }
    }
}

/// The table of games played until everyone finishes.
fn everyone(s: &mut String, r: &PlayersReport, layout: Layout) {
    s.push('\n');
    s.push_str(&layout.hang(
        "",
        "  ",
        "Playing until everyone finishes (exact; finished players sit out)",
    ));
    let places = if EXACT + 2 + 22 <= layout.width() {
        "expected place by seat"
    } else {
        "places"
    };
    let _ = writeln!(
        s,
        "  {:>7}  {:>11} {:>6}  {:>10} {:>6}  {places}",
        "players", "mean rounds", "median", "mean turns", "median"
    );
    for row in &r.rows {
        let e = &row.exact.everyone;
        let figures = format!(
            "  {:>7}  {:>11.3} {:>6}  {:>10.3} {:>6}  ",
            row.players, e.rounds.mean, e.rounds.median, e.turns.mean, e.turns.median,
        );
        let places: Vec<String> = e.mean_place.iter().map(|p| format!("{p:.4}")).collect();
        let rest = " ".repeat(figures.len());
        s.push_str(&layout.list(&figures, &rest, &places, ", "));
    }
}

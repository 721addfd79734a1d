//! `players`: K players, exact and simulated side by side.

use std::fmt::Write;

use crate::sim::DeckMode;

use crate::figures::PlayersReport;

/// The `players` table.
pub fn players_table(r: &PlayersReport) -> String {
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
    let _ = writeln!(
        s,
        "{}{variant}: several players\n  exact: i.i.d. draws, derived from the one-player distribution\n  simulated: {} games {} (seed {})\n",
        r.board,
        r.games,
        match finite {
            Some(DeckMode::Shuffled) => "with one shared shuffled deck".to_string(),
            Some(d) => format!("with {}", d.phrase()),
            None => "with independent spins (the game has no deck)".to_string(),
        },
        r.seed
    );
    let _ = writeln!(s, "Until the first player finishes");
    let _ = writeln!(
        s,
        "  {:>7}  {:>11} {:>6}  {:>10} {:>6}  {:>32}",
        "players",
        "mean rounds",
        "median",
        "mean turns",
        "median",
        format!("{simulated}: mean turns, 95% CI")
    );
    for row in &r.rows {
        let f = &row.exact.first_finisher;
        let t = &row.shuffled.as_ref().unwrap_or(&row.iid).turns;
        let _ = writeln!(
            s,
            "  {:>7}  {:>11.3} {:>6}  {:>10.3} {:>6}  {:>12.3} ({:.3} to {:.3})",
            row.players,
            f.rounds.mean,
            f.rounds.median,
            f.turns.mean,
            f.turns.median,
            t.mean,
            t.mean_ci95[0],
            t.mean_ci95[1]
        );
    }
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
        let _ = writeln!(s, "  {} players: {}", row.players, seats.join(";  "));
    }
    let _ = writeln!(
        s,
        "\nPlaying until everyone finishes (exact; finished players sit out)"
    );
    let _ = writeln!(
        s,
        "  {:>7}  {:>11} {:>6}  {:>10} {:>6}  expected finishing place by seat",
        "players", "mean rounds", "median", "mean turns", "median"
    );
    for row in &r.rows {
        let e = &row.exact.everyone;
        let places: Vec<String> = e.mean_place.iter().map(|p| format!("{p:.4}")).collect();
        let _ = writeln!(
            s,
            "  {:>7}  {:>11.3} {:>6}  {:>10.3} {:>6}  {}",
            row.players,
            e.rounds.mean,
            e.rounds.median,
            e.turns.mean,
            e.turns.median,
            places.join(", ")
        );
    }
    s
}

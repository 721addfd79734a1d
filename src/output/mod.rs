//! Human tables and CSV. JSON is the serde form of the result structs, nothing hand-assembled.

mod file;
pub mod report;
pub mod terminal;

use std::fmt::Write;

pub use file::{remove_pending, write_atomic, PendingFile};

use crate::check::{CheckReport, Transcript, Transitions};
use crate::crosscheck::CrossCheck;
use crate::forever::ForeverReport;
use crate::model::{Game, Variant};
use crate::report::{Comparison, PlayersReport, SpacesReport};
use crate::sim::Simulation;
use crate::solve::Analysis;
use crate::stats::Summary;
use crate::whatif::WhatIf;

/// Bars of the text histogram are at most this wide.
const BAR_WIDTH: usize = 40;
/// The text histogram has about this many bins.
const BINS: usize = 24;

/// The `analyze` table.
pub fn analysis_table(a: &Analysis, exact: bool) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{}: {}", a.board, a.description);
    let _ = writeln!(s, "  {}", a.size);
    if !a.source.is_empty() {
        let _ = writeln!(s, "  source: {}", a.source);
    }
    let _ = writeln!(s, "  rules: {}", a.rules);
    if !a.variant.is_empty() {
        let _ = writeln!(s, "  variant: {}", a.variant);
    }
    let _ = writeln!(
        s,
        "\nOne player, exact (absorbing Markov chain with {} states)",
        a.states
    );
    let mut row = |label: &str, value: String| {
        let _ = writeln!(s, "  {label:<26}{value}");
    };
    row("expected turns", format!("{:.6}", a.expected_turns));
    if exact && !a.expected_turns_exact.is_empty() {
        row("  exactly", a.expected_turns_exact.clone());
    }
    row("standard deviation", format!("{:.6}", a.std_dev));
    row(
        &format!("expected {}", a.draws),
        format!("{:.6}", a.expected_cards),
    );
    row(
        "shortest game",
        format!("{} turns ({})", a.min_turns, a.shortest_game.join(", ")),
    );
    // Past a cut distribution a quantile is only known to be above the cut.
    let turns = |t: usize, lower_bound: bool| {
        if lower_bound {
            format!("> {} turns", t - 1)
        } else {
            format!("{t} turns")
        }
    };
    row("median", turns(a.median, a.median_lower_bound));
    let mut mode = format!("{} turns", a.mode);
    if !a.secondary_modes.is_empty() {
        let peaks: Vec<String> = a.secondary_modes.iter().map(|m| m.to_string()).collect();
        let _ = write!(mode, " (other peaks at {})", peaks.join(", "));
    }
    if !a.mode_settled {
        mode = format!(
            "unknown (the distribution was cut; {} turns is the most likely length before the cut)",
            a.mode
        );
    }
    row("mode", mode);
    for q in &a.quantiles {
        row(
            &format!("{}% of games end by", q.p * 100.0),
            turns(q.turns, q.lower_bound),
        );
    }
    for t in &a.longer_than {
        let bound = if t.upper_bound { "<= " } else { "" };
        row(
            &format!("P(longer than {} turns)", t.turns),
            format!("{bound}{:.6e}", t.probability),
        );
    }
    let _ = writeln!(
        s,
        "  (distribution computed to turn {}; mass left out {:.1e})",
        a.pmf.len() - 1,
        a.unfinished_mass
    );
    if a.truncated {
        let _ = writeln!(
            s,
            "  warning: the distribution was cut at turn {} by --max-turns, with {:.1e} of the games still running (more than --tolerance {:e}): figures marked > or <= are bounds",
            a.pmf.len() - 1,
            a.unfinished_mass,
            a.tolerance,
        );
    }
    s.push_str(&histogram(a));
    s
}

/// A text histogram of the pmf, up to the last reported quantile.
fn histogram(a: &Analysis) -> String {
    let end = a
        .quantiles
        .last()
        .map_or(a.pmf.len() - 1, |q| q.turns)
        .max(1);
    let width = nice_width(end.div_ceil(BINS));
    let bins: Vec<(usize, usize, f64)> = (0..)
        .map(|i| (i * width + 1, (i + 1) * width))
        .take_while(|&(lo, _)| lo <= end)
        .map(|(lo, hi)| {
            let p = (lo..=hi).filter_map(|n| a.pmf.get(n)).sum();
            (lo, hi, p)
        })
        .collect();
    let top = bins.iter().map(|b| b.2).fold(0.0, f64::max);
    let mut s = format!("\nLength distribution (probability of each {width}-turn range)\n");
    for (lo, hi, p) in bins {
        let bar = "#".repeat(((p / top) * BAR_WIDTH as f64).round() as usize);
        let range = if width == 1 {
            format!("{lo:>9}")
        } else {
            format!("{lo:>4}-{hi:<4}")
        };
        let line = format!("  {range}  {p:.4}  {bar}");
        let _ = writeln!(s, "{}", line.trim_end());
    }
    s
}

/// The smallest of 1, 2, 5, 10, 20, 50, ... that is at least `w`.
fn nice_width(w: usize) -> usize {
    let mut base = 1;
    loop {
        for m in [1, 2, 5] {
            if base * m >= w {
                return base * m;
            }
        }
        base *= 10;
    }
}

/// The distribution as CSV: turn, pmf, cdf, survival.
pub fn distribution_csv(a: &Analysis) -> String {
    let mut s = String::from("turn,pmf,cdf,survival\n");
    let mut survival = 1.0;
    for (n, p) in a.pmf.iter().enumerate().skip(1) {
        survival -= p;
        let _ = writeln!(s, "{n},{p:e},{:e},{:e}", 1.0 - survival, survival.max(0.0));
    }
    s
}

/// The `boards` list.
pub fn board_list(boards: &[Game]) -> String {
    let mut s = String::new();
    for b in boards {
        let _ = writeln!(s, "{:<22}{}. {}", b.name(), b.size_text(), b.description());
    }
    s.push_str("\nAnalyze one with `candyland analyze NAME`; see its spaces with `candyland board show NAME`.\n");
    s
}

/// The `board show` table: every space with its number and what is special about it.
pub fn board_table(board: &Game, variant: &Variant) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{}: {}", board.name(), board.description());
    if !board.source().is_empty() {
        let _ = writeln!(s, "source: {}", board.source());
    }
    if !variant.is_default() {
        let _ = writeln!(s, "variant: {variant}");
    }
    let _ = writeln!(s, "rules: {}", board.rules_text());
    let numbering = if board.first_number() == 0 {
        "indices are 0-based"
    } else {
        "numbered from 1"
    };
    let _ = writeln!(s, "\n{} {}s ({numbering})", board.len(), board.space_word());
    for i in 0..board.len() {
        let line = format!(
            "  {:>5}  {:<16}{}",
            i + board.first_number(),
            board.space_name(i),
            board.space_notes(i)
        );
        let _ = writeln!(s, "{}", line.trim_end());
    }
    let (heading, draws) = board.draws_text();
    let _ = writeln!(s, "\n{heading}");
    for (n, name) in draws {
        let _ = writeln!(s, "  {n:>4}  {name}");
    }
    s
}

/// A simulated histogram as CSV: turns, games, frequency.
pub fn histogram_csv(histogram: &[u64]) -> String {
    let total: u64 = histogram.iter().sum();
    let mut s = String::from("turns,games,frequency\n");
    for (t, &c) in histogram.iter().enumerate().filter(|(_, c)| **c > 0) {
        let _ = writeln!(s, "{t},{c},{:e}", c as f64 / total as f64);
    }
    s
}

fn summary_rows(s: &mut String, unit: &str, x: &Summary) {
    let _ = writeln!(
        s,
        "  {:<26}{:.4}  (95% CI {:.4} to {:.4})",
        format!("mean {unit}"),
        x.mean,
        x.mean_ci95[0],
        x.mean_ci95[1]
    );
    let _ = writeln!(s, "  {:<26}{:.4}", "standard deviation", x.sd);
    let _ = writeln!(
        s,
        "  {:<26}{} / {} / {}",
        "min / median / max", x.min, x.median, x.max
    );
    let q: Vec<String> = x
        .quantiles
        .iter()
        .map(|q| format!("{}% {}", q.p * 100.0, q.turns))
        .collect();
    let _ = writeln!(s, "  {:<26}{}", "quantiles", q.join(", "));
}

/// The `simulate` table.
pub fn simulation_table(r: &Simulation) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{}: Monte Carlo, {}", r.board, r.deck.phrase());
    let _ = writeln!(s, "  rules: {}", r.rules);
    if !r.variant.is_empty() {
        let _ = writeln!(s, "  variant: {}", r.variant);
    }
    let _ = writeln!(
        s,
        "  {} games, {} player{}, seed {}\n",
        r.games,
        r.players,
        if r.players == 1 { "" } else { "s" },
        r.seed
    );
    let unit = if r.players == 1 {
        "turns"
    } else {
        "turns (all players)"
    };
    summary_rows(&mut s, unit, &r.turns);
    if let Some(rounds) = &r.rounds {
        let _ = writeln!(s);
        summary_rows(&mut s, "rounds", rounds);
    }
    let _ = writeln!(s, "  {:<26}{:.4}", "cards drawn per game", r.cards_per_game);
    if r.players > 1 {
        let shares: Vec<String> = r
            .win_share
            .iter()
            .enumerate()
            .map(|(i, w)| format!("seat {} {:.4}", i + 1, w))
            .collect();
        let _ = writeln!(s, "  {:<26}{}", "wins", shares.join(", "));
    }
    if r.unfinished > 0 {
        let _ = writeln!(
            s,
            "  warning: {} games hit --max-turns and are left out of these figures",
            r.unfinished
        );
    }
    s
}

/// The `crosscheck` report.
pub fn crosscheck_table(c: &CrossCheck) -> String {
    let mut s = String::new();
    let variant = if c.variant.is_empty() {
        String::new()
    } else {
        format!(" ({})", c.variant)
    };
    let _ = writeln!(
        s,
        "{}{variant}: exact solver against {} simulated games per deck (seed {})\n",
        c.board, c.games, c.seed
    );
    let _ = writeln!(
        s,
        "  {:<26}{:.4} (sd {:.4}, median {})",
        "exact mean turns", c.exact_mean, c.exact_sd, c.exact_median
    );
    let _ = writeln!(s, "\n1. i.i.d. draws against the exact distribution");
    summary_rows(&mut s, "turns", &c.iid.sample);
    let _ = writeln!(s, "  {:<26}{:+.3}", "z of the mean", c.iid.z_mean);
    if let Some(chi) = &c.iid.chi_square {
        let _ = writeln!(
            s,
            "  {:<26}{:.2} on {} degrees of freedom, p = {:.4}",
            "chi-square", chi.statistic, chi.degrees_of_freedom, chi.p_value
        );
    }
    let _ = writeln!(
        s,
        "  {:<26}{:.5} at {} turns",
        "largest CDF gap", c.iid.max_cdf_gap, c.iid.max_cdf_gap_at
    );
    let _ = writeln!(s, "  {}", c.iid.verdict);
    let Some(sh) = &c.shuffled else {
        let _ = writeln!(
            s,
            "\n2. no deck: the draws are spins of a spinner (or rolls of a die), independent by nature, so the i.i.d. model above is the real game"
        );
        return s;
    };
    let _ = writeln!(
        s,
        "\n2. a real shuffled deck against the exact i.i.d. answer"
    );
    summary_rows(&mut s, "turns", &sh.sample);
    let _ = writeln!(
        s,
        "  {:<26}{:+.4}  (95% CI {:+.4} to {:+.4})",
        "difference in mean", sh.mean_difference, sh.difference_ci95[0], sh.difference_ci95[1]
    );
    let _ = writeln!(
        s,
        "  {:<26}{:+}",
        "difference in median", sh.median_difference
    );
    let _ = writeln!(s, "  {}", sh.statement);
    s
}

/// The `players` table.
pub fn players_table(r: &PlayersReport) -> String {
    let mut s = String::new();
    let variant = if r.variant.is_empty() {
        String::new()
    } else {
        format!(" ({})", r.variant)
    };
    let deck = r.rows.iter().all(|row| row.shuffled.is_some());
    let simulated = if deck { "shuffled deck" } else { "simulated" };
    let _ = writeln!(
        s,
        "{}{variant}: several players\n  exact: i.i.d. draws, derived from the one-player distribution\n  simulated: {} games {} (seed {})\n",
        r.board,
        r.games,
        if deck {
            "with one shared shuffled deck"
        } else {
            "with independent spins (the game has no deck)"
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
            f.mean_rounds,
            f.median_rounds,
            f.mean_turns,
            f.median_turns,
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
            e.mean_rounds,
            e.median_rounds,
            e.mean_turns,
            e.median_turns,
            places.join(", ")
        );
    }
    s
}

/// The `spaces` table.
pub fn spaces_table(r: &SpacesReport) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{}: per space (one player, exact)", r.board);
    if !r.variant.is_empty() {
        let _ = writeln!(s, "  variant: {}", r.variant);
    }
    let _ = writeln!(
        s,
        "\n  {:>5}  {:<16}{:>10}{:>10}{:>9}{:>10}{:>9}{:>9}  notes",
        "space", "name", "remaining", "landings", "P(land)", "turns on", "P(stuck)", "lost"
    );
    for f in &r.figures.spaces {
        let number = f.space + r.first_number;
        let remaining = f
            .expected_remaining
            .map_or("-".to_string(), |e| format!("{e:.3}"));
        let (stuck, lost) = if f.p_caught > 0.0 || f.expected_turns_lost > 0.0 {
            (
                format!("{:.4}", f.p_caught),
                format!("{:.3}", f.expected_turns_lost),
            )
        } else {
            ("".to_string(), "".to_string())
        };
        let line = format!(
            "  {:>5}  {:<16}{:>10}{:>10.4}{:>9.4}{:>10.4}{:>9}{:>9}  {}",
            number,
            r.names[f.space],
            remaining,
            f.expected_landings,
            f.p_land,
            f.expected_turns_on,
            stuck,
            lost,
            r.notes[f.space]
        );
        let _ = writeln!(s, "{}", line.trim_end());
    }
    let _ = writeln!(
        s,
        "\n  remaining: expected turns left standing there (free); landings: expected moves that land\n  there per game (to rest, or to take a jump from it); turns on: expected turns begun there;\n  P(stuck): chance of being caught by a trap there (licorice) at least once; lost: expected\n  turns lost there per game."
    );
    let _ = writeln!(
        s,
        "\nExpected events per game (those that cannot happen here left out)"
    );
    for e in r.figures.events.iter().filter(|e| e.expected > 0.0) {
        let _ = writeln!(s, "  {:<20}{:.4}", e.event, e.expected);
    }
    let _ = writeln!(s, "  {:<20}{:.4}", "draws", r.figures.cards);
    s
}

/// The `spaces` table as CSV.
pub fn spaces_csv(r: &SpacesReport) -> String {
    let mut s = String::from(
        "space,name,expected_remaining,expected_landings,p_land,expected_turns_on,p_caught,expected_turns_lost\n",
    );
    for f in &r.figures.spaces {
        let number = f.space + r.first_number;
        let remaining = f
            .expected_remaining
            .map_or(String::new(), |e| e.to_string());
        let name = r.names[f.space].replace(',', " ");
        let _ = writeln!(
            s,
            "{},{name},{remaining},{},{},{},{},{}",
            number,
            f.expected_landings,
            f.p_land,
            f.expected_turns_on,
            f.p_caught,
            f.expected_turns_lost
        );
    }
    s
}

fn change_row(s: &mut String, c: &crate::whatif::Change) {
    match (c.expected_turns, c.difference, &c.unsolved) {
        (Some(e), Some(d), _) => {
            let _ = writeln!(s, "  {:<44}{:>12.4}{:>+12.4}", c.change, e, d);
        }
        (_, _, why) => {
            let why = why.as_deref().unwrap_or("no figure");
            let _ = writeln!(s, "  {:<44}{:>12}{:>12}", c.change, "-", "-");
            let _ = writeln!(s, "      ({why})");
        }
    }
}

/// The `whatif` table.
pub fn whatif_table(w: &WhatIf) -> String {
    let mut s = String::new();
    let variant = if w.variant.is_empty() {
        String::new()
    } else {
        format!(" ({})", w.variant)
    };
    let _ = writeln!(
        s,
        "{}{variant}: exact effect of removing board elements on the expected length\n  one player, i.i.d. draws; expected turns as the board is: {:.4}\n",
        w.board, w.expected_turns
    );
    let _ = writeln!(
        s,
        "  {:<44}{:>12}{:>12}",
        "change", "E[turns]", "difference"
    );
    for c in &w.by_kind {
        change_row(&mut s, c);
    }
    let _ = writeln!(s, "\n  One element at a time, largest effect first");
    for c in &w.by_element {
        change_row(&mut s, c);
    }
    s
}

/// The `compare` table.
pub fn comparison_table(c: &Comparison) -> String {
    let mut s = String::new();
    if !c.variant.is_empty() {
        let _ = writeln!(s, "variant (both boards): {}\n", c.variant);
    }
    let (a, b) = (&c.a, &c.b);
    let _ = writeln!(
        s,
        "  {:<26}{:>14}{:>14}{:>14}",
        "", a.board, b.board, "difference"
    );
    let mut row = |label: &str, x: f64, y: f64, digits: usize| {
        let _ = writeln!(
            s,
            "  {label:<26}{x:>14.digits$}{y:>14.digits$}{:>+14.digits$}",
            y - x
        );
    };
    row("states", a.states as f64, b.states as f64, 0);
    row("expected turns", a.expected_turns, b.expected_turns, 4);
    row("standard deviation", a.std_dev, b.std_dev, 4);
    row(
        "expected cards drawn",
        a.expected_cards,
        b.expected_cards,
        4,
    );
    row("shortest game", a.min_turns as f64, b.min_turns as f64, 0);
    row("median", a.median as f64, b.median as f64, 0);
    row("mode", a.mode as f64, b.mode as f64, 0);
    for (qa, qb) in a.quantiles.iter().zip(&b.quantiles) {
        row(
            &format!("{}% end by", qa.p * 100.0),
            qa.turns as f64,
            qb.turns as f64,
            0,
        );
    }
    for (ta, tb) in a.longer_than.iter().zip(&b.longer_than) {
        row(
            &format!("P(longer than {})", ta.turns),
            ta.probability,
            tb.probability,
            6,
        );
    }
    s
}

/// A loop's steps and the probability of one repetition.
fn loop_steps(s: &mut String, l: &crate::forever::LoopReport) {
    for step in &l.steps {
        let _ = writeln!(s, "     {step}");
    }
    let _ = writeln!(
        s,
        "   Each repetition has probability {} = {:.6}.",
        l.probability, l.probability_f64
    );
}

/// The `forever` report.
pub fn forever_text(r: &ForeverReport) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{}: can the game run forever? ({} states)\n",
        r.board, r.states
    );
    let _ = writeln!(s, "1. With random draws, does every game end?");
    if r.ends_surely {
        let _ = writeln!(
            s,
            "   Yes, with probability 1: every one of the {} reachable states can reach the finish.",
            r.states
        );
        if let Some(c) = &r.certificate {
            if let Some(&(d, p)) = c.windows.first() {
                let _ = writeln!(
                    s,
                    "   Certificate: from every state the finish is reached within {d} turns with probability at least {p:.4e},\n   so P(T > n) <= (1 - p)^floor(n/d) for every n (with longer windows too: best rate {:.6} per turn).",
                    r.bound_rate.unwrap_or(f64::NAN)
                );
            }
            let bounds: Vec<String> = r
                .bounds
                .iter()
                .map(|(n, b)| format!("P(T > {n}) <= {b:.3e}"))
                .collect();
            let _ = writeln!(s, "   Rigorous bounds: {}", bounds.join(", "));
        }
        let _ = write!(
            s,
            "   Exact tail: the spectral radius of Q is rho = {:.6}, so P(T > n) ~ C rho^n",
            r.rho
        );
        if let Some(c) = r.tail_c {
            let _ = write!(s, " with C = {c:.4}");
        }
        let _ = writeln!(
            s,
            ": each turn ends {:.2} % of the games still running.",
            (1.0 - r.rho) * 100.0
        );
        if let (Some(p), Some(x)) = (r.longer_than_200, r.one_in) {
            let _ = writeln!(
                s,
                "   One game in {x:.0} lasts longer than 200 turns (P = {p:.3e})."
            );
        }
        if r.players > 1 {
            let _ = writeln!(
                s,
                "   With {} players the game outlasts n rounds with probability ~ (rho^{})^n = {:.6}^n.",
                r.players, r.players, r.rho_players
            );
        }
    } else {
        let _ = writeln!(
            s,
            "   NO: {} reachable state(s) cannot reach the finish, so some games never end.",
            r.trapped_count
        );
        for t in &r.trapped {
            let _ = writeln!(s, "     - {t}");
        }
        let _ = writeln!(
            s,
            "   P(a game never ends) = {} = {:.6}",
            r.never_finish, r.never_finish_f64
        );
    }
    let _ = writeln!(s, "\n2. Is there a longest game?");
    match (r.longest_game, &r.shortest_loop) {
        (Some(n), _) => {
            let _ = writeln!(
                s,
                "   Yes: no state can be revisited, and no game lasts more than {n} turns."
            );
        }
        (None, Some(l)) => {
            let _ = writeln!(
                s,
                "   No: a game can return to a state it was in, and repeat that loop any number of times.\n   Shortest loop, from {} ({} turn{} to get there):",
                l.start,
                l.reach.len(),
                if l.reach.len() == 1 { "" } else { "s" }
            );
            loop_steps(&mut s, l);
            if let Some(m) = &r.moving_loop {
                let _ = writeln!(
                    s,
                    "   Shortest loop that never stands still, from {}:",
                    m.start
                );
                loop_steps(&mut s, m);
            }
        }
        (None, None) => {
            let _ = writeln!(s, "   No longest game could be determined.");
        }
    }
    let _ = writeln!(
        s,
        "\n3. Shortest possible game: {} turns, for example:",
        r.shortest_game_turns
    );
    for step in &r.shortest_game {
        let _ = writeln!(s, "     {step}");
    }
    let _ = write!(
        s,
        "   That sequence has probability {:.6e}",
        r.shortest_game_probability_f64
    );
    if let Some(p) = r.p_min_length {
        let _ = write!(
            s,
            "; a game of exactly {} turns, any way, {p:.6e}",
            r.shortest_game_turns
        );
    }
    let _ = writeln!(s, ".");
    if r.fixed_order.is_none() && r.survey.is_none() {
        let _ = writeln!(
            s,
            "\n4. No deck to recycle: the game is played with a spinner, whose spins are independent."
        );
        return s;
    }
    let _ = writeln!(
        s,
        "\n4. A fixed deck recycled without shuffling (the game is then deterministic)"
    );
    if let Some(f) = &r.fixed_order {
        match (f.ends, f.loops) {
            (Some((turns, winner)), _) => {
                let _ = writeln!(
                    s,
                    "   This order ends: after {turns} turns, seat {} wins.",
                    winner + 1
                );
            }
            (_, Some((start, period))) => {
                let _ = writeln!(
                    s,
                    "   This order NEVER ends for {} player(s): from turn {start} the game repeats every {period} turns.",
                    r.players
                );
            }
            _ => {}
        }
    }
    if let Some(v) = &r.survey {
        let _ = writeln!(
            s,
            "   {} random orders (seed {}), each recycled until the game ends or repeats:",
            v.orders, v.seed
        );
        for row in &v.rows {
            if row.looping == 0 {
                let _ = writeln!(
                    s,
                    "     {} player(s): none loops; 95 % upper bound on the fraction {:.2e}",
                    row.players, row.ci95[1]
                );
            } else {
                let _ = writeln!(
                    s,
                    "     {} player(s): {} loop forever, {:.4} % (95 % CI {:.4} % to {:.4} %)",
                    row.players,
                    row.looping,
                    row.fraction * 100.0,
                    row.ci95[0] * 100.0,
                    row.ci95[1] * 100.0
                );
            }
        }
        if let (Some(w), Some(k)) = (&v.witness, v.witness_players) {
            let _ = writeln!(
                s,
                "   A witness that loops forever for {k} player(s) (write it with --witness FILE, check it with --deck-order FILE):\n     {}",
                w.join(", ")
            );
        }
    }
    s
}

/// The `check` report.
pub fn check_text(r: &CheckReport) -> String {
    let mut s = String::new();
    let x = &r.sample;
    let _ = writeln!(
        s,
        "{}: {} games{}\n",
        r.file,
        x.games,
        if r.players > 1 {
            format!(
                ", {} players (lengths count every player's turns)",
                r.players
            )
        } else {
            String::new()
        }
    );
    let _ = writeln!(s, "  {:<24}{:>12}{:>14}", "", "your data", "reference");
    let _ = writeln!(
        s,
        "  {:<24}{:>12.4}{:>14.4}",
        "mean turns", x.mean, r.fit.reference_mean
    );
    let _ = writeln!(
        s,
        "  {:<24}{:>12}",
        "min / median / max",
        format!("{} / {} / {}", x.min, x.median, x.max)
    );
    let _ = writeln!(
        s,
        "  reference: {} ({})",
        r.fit.reference, r.fit.reference_kind
    );
    if let Some(c) = &r.fit.chi_square {
        let _ = writeln!(
            s,
            "  chi-square {:.2} on {} degrees of freedom, p = {:.4e}; z of the mean {:+.2}; largest CDF gap {:.4} at {} turns",
            c.statistic, c.degrees_of_freedom, c.p_value, r.fit.z_mean, r.fit.max_cdf_gap, r.fit.max_cdf_gap_at
        );
    }
    let _ = writeln!(s, "  verdict: {}", r.fit.verdict);
    if !r.ranking.is_empty() {
        let _ = writeln!(
            s,
            "\nWhich rules fit best: {} candidates by log-likelihood per game (+- its noise from a simulated reference); top 10",
            r.ranking.len()
        );
        for (i, c) in r.ranking.iter().take(10).enumerate() {
            let ll = c
                .log_likelihood_per_game
                .map_or("impossible".to_string(), |l| {
                    format!("{l:.5} +- {:.5}", c.noise_per_game)
                });
            let p = c
                .chi_square_p
                .map_or("-".to_string(), |p| format!("{p:.2e}"));
            let mut tags = Vec::new();
            if c.tied_with_best {
                tags.push("tied with the best");
            }
            if c.consistent {
                tags.push("consistent");
            }
            let _ = writeln!(
                s,
                "  {:>2}. {}\n      {ll}, chi-square p = {p} {}",
                i + 1,
                c.candidate,
                tags.join(", ")
            );
        }
    }
    let _ = writeln!(s, "\n{}", r.conclusion);
    s
}

/// The move table as CSV.
pub fn transitions_csv(t: &Transitions) -> anyhow::Result<String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "state",
        "state_name",
        "card",
        "count",
        "probability",
        "next",
        "next_name",
        "events",
    ])?;
    for r in &t.rows {
        w.write_record([
            r.state.to_string(),
            r.state_name.clone(),
            r.card.clone(),
            r.count.to_string(),
            r.probability.clone(),
            r.next.map_or(String::new(), |n| n.to_string()),
            r.next_name.clone(),
            r.events.join(" "),
        ])?;
    }
    Ok(String::from_utf8(w.into_inner()?)?)
}

/// A game transcript, one line per turn.
pub fn transcript_text(t: &Transcript) -> String {
    let mut s = format!(
        "{}: one game, {} player{}, {}, seed {}\n",
        t.board,
        t.players,
        if t.players == 1 { "" } else { "s" },
        t.deck.phrase(),
        t.seed
    );
    for r in &t.turns {
        let card = r.card.clone().unwrap_or_else(|| "(lost turn)".into());
        let events = if r.events.is_empty() {
            String::new()
        } else {
            format!("  [{}]", r.events.join(", "))
        };
        let _ = writeln!(
            s,
            "  turn {:>4}  player {}  {:<16} {} -> {}{events}",
            r.turn, r.player, card, r.from, r.to
        );
    }
    match t.winner {
        Some(w) => {
            let _ = writeln!(s, "Player {w} wins after {} turns.", t.turns.len());
        }
        None => {
            let _ = writeln!(s, "Stopped after {} turns without a winner.", t.turns.len());
        }
    }
    s
}

/// The `analyze --moments-only` table.
pub fn moments_table(m: &crate::solve::Moments, seconds: f64, note: Option<&str>) -> String {
    let mut s = format!(
        "{}: {} spaces, {} states (one player, exact moments)\n",
        m.board, m.spaces, m.states
    );
    let _ = writeln!(s, "  {:<26}{:.6}", "expected turns", m.expected_turns);
    let _ = writeln!(s, "  {:<26}{:.6}", "standard deviation", m.std_dev);
    let _ = writeln!(s, "  {:<26}{:.6}", "variance", m.variance);
    let _ = writeln!(s, "  {:<26}{:.6}", "expected cards drawn", m.expected_cards);
    let _ = writeln!(s, "  (chain built and solved in {seconds:.2} s)");
    if let Some(note) = note {
        let _ = writeln!(s, "  note: {note}");
    }
    s
}

/// What `analyze` prints for a game that can go on forever.
pub fn unfinishable_text(u: &crate::forever::Unfinishable) -> String {
    let mut s = format!(
        "{}: this game can go on forever.\n  {} of its {} reachable states cannot reach the finish:\n",
        u.board, u.trapped_count, u.states
    );
    for t in &u.trapped {
        let _ = writeln!(s, "    - {t}");
    }
    let _ = writeln!(
        s,
        "  P(a game never ends) = {} = {:.6}, so the expected length is infinite.\n  `candyland forever` explains how, and how likely each way is.",
        u.never_finish, u.never_finish_f64
    );
    s
}

//! What the commands print for a Hare and Tortoise board, from the result structs of
//! [`crate::results::hare`]: the exact figures of one player alone, the simulated figures of
//! several, and Wiener's transactions log of one game; the CSV of each.

use crate::input::number::{count, plain, probability};
use std::fmt::Write as _;

use super::render::{json, Render};
use super::Layout;
use crate::results::hare::{HareAlone, HareSimulation, HareTranscript};

impl Render for HareAlone {
    fn text(&self, layout: Layout) -> String {
        alone_text(self, &self.label, layout)
    }
    fn json(&self) -> Option<anyhow::Result<String>> {
        json("analyze", self)
    }
    fn csv(&self) -> Option<anyhow::Result<String>> {
        Some(Ok(alone_csv(self)))
    }
}

impl Render for HareSimulation {
    fn text(&self, layout: Layout) -> String {
        simulation_text(self, &self.label, layout)
    }
    fn json(&self) -> Option<anyhow::Result<String>> {
        json("simulate", self)
    }
    fn csv(&self) -> Option<anyhow::Result<String>> {
        Some(Ok(simulation_csv(self)))
    }
}

impl Render for HareTranscript {
    fn text(&self, layout: Layout) -> String {
        transcript_text(self, &self.label, layout)
    }
    fn json(&self) -> Option<anyhow::Result<String>> {
        json("play", self)
    }
}

/// The games a simulation kept, one a line: the length and, with several players, the
/// winner's seat (`83 2`: 83 turns, seat 2 won); what `check` reads back. A game of several
/// players stopped at the turn limit has no winner and is left out (the text and JSON count
/// them as `unfinished`).
pub fn games_file(r: &HareSimulation) -> String {
    let mut text = String::with_capacity(r.kept.len() * 6);
    for (length, winner) in &r.kept {
        if r.players == 1 {
            let _ = writeln!(text, "{length}");
        } else if *winner > 0 {
            let _ = writeln!(text, "{length} {winner}");
        }
    }
    text
}

/// A mean and standard deviation, "-" when there is none (no game finished).
pub fn mean_sd(m: Option<&crate::results::hare::MeanSd>, digits: usize) -> String {
    m.map_or("-".to_string(), |m| {
        format!("mean {:.*}, sd {:.*}", digits, m.mean, digits, m.sd)
    })
}

/// A count of turns that may be unknown: "12 turns", or "-" when the turns computed did not
/// reach it.
pub fn turns_or_dash(turns: Option<usize>) -> String {
    turns.map_or("-".to_string(), |t| format!("{t} turns"))
}

/// The label width of the figure tables.
const LABEL: usize = 26;

/// `analyze`'s table.
pub fn alone_text(a: &HareAlone, label: &str, layout: Layout) -> String {
    let mut t = layout.para(
        "",
        &format!(
            "Hare and Tortoise, {label}: one player alone, policy {}",
            a.policy
        ),
    );
    if a.cards_independent {
        t.push_str(&layout.para(
            "  ",
            "Hare cards drawn independently (each card its share of the pile): the chain cannot follow a pile shuffled once; simulate plays the cyclic pile.",
        ));
    }
    t.push_str(&layout.para(
        "  ",
        &format!(
            "exact chain: {} states (carrots capped at {}), {:.1} s",
            crate::input::number::count(a.states as u64),
            a.carrot_cap,
            a.seconds
        ),
    ));
    t.push('\n');
    let q = |p: f64| {
        a.quantiles
            .iter()
            .find(|x| x.p == p)
            .map_or("-".to_string(), |x| {
                if x.lower_bound {
                    format!("> {}", x.turns - 1)
                } else {
                    x.turns.to_string()
                }
            })
    };
    let rows: Vec<(&str, String)> = vec![
        ("expected turns", format!("{:.4}", a.mean)),
        ("standard deviation", format!("{:.4}", a.sd)),
        (
            "shortest game",
            turns_or_dash(a.shortest_game.as_ref().map(|s| s.turns)),
        ),
        ("median", format!("{} turns", q(0.5))),
        ("5% of games end by", format!("{} turns", q(0.05))),
        ("95% of games end by", format!("{} turns", q(0.95))),
        ("99% of games end by", format!("{} turns", q(0.99))),
        ("P(reaching home)", format!("{:.12}", a.home)),
        (
            "P(carrots over the cap)",
            format!("{} (left out of every figure)", probability(a.cut)),
        ),
        ("P(stuck forever)", probability(a.stuck)),
    ];
    for (label, value) in rows {
        t.push_str(&layout.row("  ", label, LABEL, &value));
    }
    t.push_str(&layout.para(
        "  ",
        &format!(
            "(turn by turn, until less than {:.1e} of the games were still playing; figures over the games that reach home)",
            a.unfinished_mass.max(f64::MIN_POSITIVE)
        ),
    ));
    t.push('\n');
    let general = match (&a.general_solve, &a.general_solve_skipped) {
        (Some(s), _) => format!(
            "cyclic chain, {} feedback states: expected turns until home or the cap {:.6}, P(home) {:.12}, P(the cap) {}",
            s.feedback_states,
            s.mean,
            s.home,
            probability(s.cut)
        ),
        (None, Some(why)) => format!("not run: {why}"),
        (None, None) => "not run".to_string(),
    };
    t.push_str(&layout.labelled("General linear solve: ", &general));
    t
}

/// `analyze --csv`: turn, pmf, cdf, survival (of reaching home).
pub fn alone_csv(a: &HareAlone) -> String {
    let mut s = String::from("turn,pmf,cdf,survival\n");
    let mut cdf = 0.0;
    for (n, p) in a.pmf.iter().enumerate().skip(1) {
        cdf += p;
        let survival = a.survival.get(n).copied().unwrap_or(0.0);
        let _ = writeln!(
            s,
            "{n},{},{},{}",
            plain(*p),
            plain(cdf.min(1.0)),
            plain(survival)
        );
    }
    s
}

/// What `simulate` prints.
pub fn simulation_text(r: &HareSimulation, label: &str, layout: Layout) -> String {
    let k = r.players;
    let names: Vec<&str> = r.seats.iter().map(|s| s.policy.as_str()).collect();
    let mut t = layout.para(
        "",
        &format!(
            "Hare and Tortoise, {label}: {k} player{} ({}), {} games, seed {}; hare squares: {}",
            if k == 1 { "" } else { "s" },
            names.join(", "),
            count(r.games),
            r.seed,
            if r.hare_draws == "die" {
                "a die read in the hare table"
            } else {
                &r.hare_draws
            }
        ),
    );
    if r.unfinished > 0 {
        t.push_str(&layout.para(
            "  ",
            &format!(
                "{} games ({:.3}%) still running after {} turns were stopped: every figure below is over the finished games only",
                count(r.unfinished),
                100.0 * r.unfinished as f64 / r.games as f64,
                r.max_turns
            ),
        ));
    }
    let Some(x) = &r.turns else {
        t.push_str("  No game finished.\n");
        return t;
    };
    t.push('\n');
    let half = x.mean_ci95.map_or(0.0, |[lo, hi]| (hi - lo) / 2.0);
    let rows: Vec<(&str, String)> = vec![
        (
            "length (all turns)",
            format!("mean {:.3} ± {half:.3} (95%), sd {:.3}", x.mean, x.sd),
        ),
        (
            "min / median / max turns",
            format!("{} / {} / {}", x.min, x.median, x.max),
        ),
        ("rounds", mean_sd(r.rounds.as_ref(), 3)),
        (
            "turns skipped per game",
            format!(
                "{:.4} (no legal move); games with a skip {:.2}%",
                r.skips_per_game,
                100.0 * r.games_with_skip
            ),
        ),
        (
            "winner's carrots",
            format!("{} at the finish", mean_sd(r.winners_carrots.as_ref(), 2)),
        ),
    ];
    for (label, value) in rows {
        t.push_str(&layout.row("  ", label, LABEL, &value));
    }
    t.push_str("\nWins by seat:\n");
    for (i, s) in r.seats.iter().enumerate() {
        t.push_str(&layout.row(
            "  ",
            &format!("seat {} ({})", i + 1, s.policy),
            LABEL,
            &match (s.win, s.win_ci95_half) {
                (Some(w), Some(h)) => format!("{:.2}% ± {:.2}", 100.0 * w, 100.0 * h),
                _ => "-".to_string(),
            },
        ));
    }
    if !r.policies.is_empty() {
        t.push_str("Wins by policy (all its seats together):\n");
        for p in &r.policies {
            t.push_str(
                &layout.row(
                    "  ",
                    &p.policy,
                    LABEL,
                    &p.win
                        .map_or("-".to_string(), |w| format!("{:.2}%", 100.0 * w)),
                ),
            );
        }
    }
    let busiest: Vec<String> = r
        .landings
        .iter()
        .take(5)
        .map(|l| format!("{} ({}) {:.2}", l.square, l.kind, l.per_game))
        .collect();
    t.push('\n');
    t.push_str(&layout.list(
        "Busiest squares (landings per game): ",
        "  ",
        &busiest,
        "; ",
    ));
    t
}

/// `simulate --csv`: the histogram of the finished games' lengths.
pub fn simulation_csv(r: &HareSimulation) -> String {
    super::simulate::histogram_csv(&r.histogram)
}

/// `play`: Wiener's transactions log, one line per event.
pub fn transcript_text(r: &HareTranscript, label: &str, layout: Layout) -> String {
    let mut out = layout.para(
        "",
        &format!(
            "Hare and Tortoise, {label}: {} player(s) ({}), seed {}",
            r.players,
            r.policies.join(", "),
            r.seed
        ),
    );
    out.push_str("Transactions log (turn, what happened):\n");
    for e in &r.events {
        let first = if e.event == "turn-end" {
            "             ".to_string()
        } else {
            format!("{:>5}  ", e.turn)
        };
        let rest = " ".repeat(first.len() + 2);
        out.push_str(&layout.hang(&first, &rest, &e.text));
    }
    out.push_str(&match r.winner {
        Some(w) => layout.para(
            "",
            &format!(
                "Player {w} wins after {} turns (all players'), with {} carrots.",
                r.length, r.carrots_left
            ),
        ),
        None => layout.para(
            "",
            &format!(
                "No player reached home in {} turns; the game was stopped.",
                r.length
            ),
        ),
    });
    out
}

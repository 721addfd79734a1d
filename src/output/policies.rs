//! What the commands print for a board of a policy game, from the result structs of
//! [`crate::results::policies`]: the simulated figures of several players and the log of one
//! game (Wiener's transactions log, for his game), the CSV of each (one player alone's exact
//! figures are [`super::policies_alone`]'s). The game's own words come with each answer.

use crate::input::number::count;
use std::fmt::Write as _;

use super::render::{json, Render};
use super::Layout;
use crate::games::policy_game::LogEvent;
use crate::results::policies::{MeanSd, PolicySimulation, PolicyTranscript};

impl Render for PolicySimulation {
    fn text(&self, layout: Layout) -> String {
        simulation_text(self, &self.label, layout)
    }
    fn json(&self) -> Option<crate::Result<String>> {
        json("simulate", self)
    }
    fn csv(&self) -> Option<crate::Result<String>> {
        Some(Ok(simulation_csv(self)))
    }
}

impl<E: serde::Serialize + LogEvent> Render for PolicyTranscript<E> {
    fn text(&self, layout: Layout) -> String {
        transcript_text(self, &self.label, layout)
    }
    fn json(&self) -> Option<crate::Result<String>> {
        json("play", self)
    }
}

/// The games a simulation kept, one a line: the length and, with several players, the
/// winner's seat (`83 2`: 83 turns, seat 2 won); what `check` reads back. A game of several
/// players stopped at the turn limit has no winner and is left out (the text and JSON count
/// them as `unfinished`).
pub fn games_file(r: &PolicySimulation) -> String {
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
pub fn mean_sd(m: Option<&MeanSd>, digits: usize) -> String {
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

/// What `simulate` prints.
pub fn simulation_text(r: &PolicySimulation, label: &str, layout: Layout) -> String {
    let k = r.players;
    let names: Vec<&str> = r.seats.iter().map(|s| s.policy.as_str()).collect();
    let mut t = layout.para(
        "",
        &format!(
            "{}, {label}: {k} player{} ({}), {} games, seed {}; {}",
            r.words.title,
            if k == 1 { "" } else { "s" },
            names.join(", "),
            count(r.games),
            r.seed,
            draws_text(r)
        ),
    );
    let Some(x) = &r.turns else {
        t.push_str("  No game finished.\n");
        t.push_str(&stopped_warning(r, layout));
        return t;
    };
    t.push('\n');
    // Stopped games count as one turn longer than the limit: lower bounds, marked (as a race's).
    let cut = x.cut > 0;
    let more = if cut { "> " } else { "" };
    // (`more` marks the rounds' mean too: turns over players.)
    let length = match x.mean_ci95 {
        Some([lo, hi]) if !cut => {
            format!(
                "mean {:.3} ± {:.3} (95%), sd {:.3}",
                x.mean,
                (hi - lo) / 2.0,
                x.sd
            )
        }
        _ => format!(
            "mean {}, sd {:.3} (of the lengths as counted)",
            super::simulate::sample_mean(x, 3, "turns"),
            x.sd
        ),
    };
    let bound = |t: usize, lower: bool| {
        if lower {
            format!("> {}", t.saturating_sub(1))
        } else {
            t.to_string()
        }
    };
    let winners_held = format!("winner's {}", r.words.held.noun);
    let rows: Vec<(&str, String)> = vec![
        ("length (all turns)", length),
        (
            "min / median / max turns",
            format!(
                "{} / {} / {}",
                x.min,
                bound(x.median, x.median_lower_bound),
                bound(x.max, cut)
            ),
        ),
        (
            "rounds",
            mean_sd(r.rounds.as_ref(), 3).replacen("mean ", &format!("mean {more}"), 1),
        ),
        (
            "turns skipped per game",
            format!(
                "{:.4} (no legal move); games with a skip {:.2}%",
                r.skips_per_game,
                100.0 * r.games_with_skip
            ),
        ),
        (
            &winners_held,
            format!("{} at the finish", mean_sd(r.winners_held.as_ref(), 2)),
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
    t.push_str(&stopped_warning(r, layout));
    t
}

/// The warning of games stopped at the turn limit, as a race's simulation words it; "" when
/// none was.
fn stopped_warning(r: &PolicySimulation, layout: Layout) -> String {
    if r.unfinished == 0 {
        return String::new();
    }
    if r.turns.is_none() {
        return layout.labelled(
            "  warning: ",
            &format!(
                "every one of the {} games was stopped at --max-turns {} before anyone finished: no length, win or {} to give",
                count(r.games),
                r.max_turns,
                r.words.held.noun
            ),
        );
    }
    layout.labelled(
        "  warning: ",
        &format!(
            "{} of the {} games were stopped at --max-turns {} before anyone finished: each counts as {} turns, the least it lasts, so the means are lower bounds (figures marked >), and none of them is won by any seat (the wins and the winner's {} are over the finished games)",
            count(r.unfinished),
            count(r.games),
            r.max_turns,
            u64::from(r.max_turns) + 1,
            r.words.held.noun
        ),
    )
}

/// `simulate --csv`: the histogram of the finished games' lengths.
pub fn simulation_csv(r: &PolicySimulation) -> String {
    super::simulate::histogram_csv(&r.histogram)
}

/// The squares where chance decides and how they draw, in the game's words.
fn draws_text(r: &PolicySimulation) -> String {
    let how = if r.draws == "die" {
        r.words.die
    } else {
        &r.draws
    };
    format!("{}: {how}", r.words.draws_at)
}

/// `play`: the game's log (Wiener's transactions log, for his game), one line per event.
pub fn transcript_text<E: LogEvent>(
    r: &PolicyTranscript<E>,
    label: &str,
    layout: Layout,
) -> String {
    let mut out = layout.para(
        "",
        &format!(
            "{}, {label}: {} player(s) ({}), seed {}",
            r.words.title,
            r.players,
            r.policies.join(", "),
            r.seed
        ),
    );
    out.push_str("Transactions log (turn, what happened):\n");
    for e in &r.events {
        let first = if e.ends_turn() {
            "             ".to_string()
        } else {
            format!("{:>5}  ", e.turn())
        };
        let rest = " ".repeat(first.len() + 2);
        out.push_str(&layout.hang(&first, &rest, e.text()));
    }
    out.push_str(&match r.winner {
        Some(w) => layout.para(
            "",
            &format!(
                "Player {w} wins after {} turns (all players'), with {} {}.",
                r.length, r.held_left, r.words.held.noun
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
    if !r.decisions.is_empty() {
        out.push_str(&decisions_text(r, layout));
    }
    out
}

/// `play --best`: each decision beside the best play alone, then the costliest.
fn decisions_text<E>(r: &PolicyTranscript<E>, layout: Layout) -> String {
    let mut out = String::from("\n");
    out.push_str(&layout.para(
        "",
        "Decisions against the best play alone (expected turns from the decision to the finish, its own turn counted, after each choice and playing best from then on):",
    ));
    out.push_str(&format!(
        "  {:>5}  {:<22} {:>9}  {:<22} {:>9} {:>8}\n",
        "turn", "made", "turns", "best", "turns", "lost"
    ));
    for d in &r.decisions {
        out.push_str(&format!(
            "  {:>5}  {:<22} {:>9.3}  {:<22} {:>9.3} {:>8.3}\n",
            d.turn, d.made, d.made_turns, d.best, d.best_turns, d.lost
        ));
    }
    let total: f64 = r.decisions.iter().map(|d| d.lost).sum();
    let mut worst: Vec<_> = r.decisions.iter().filter(|d| d.lost > 1e-9).collect();
    worst.sort_by(|a, b| b.lost.total_cmp(&a.lost));
    let named: Vec<String> = worst
        .iter()
        .take(3)
        .map(|d| {
            format!(
                "turn {} ({} instead of {}, {:.3} turns)",
                d.turn, d.made, d.best, d.lost
            )
        })
        .collect();
    out.push_str(&layout.para(
        "",
        &format!(
            "{} of {} decisions were not the best; together they cost {total:.3} expected turns{}",
            worst.len(),
            r.decisions.len(),
            if named.is_empty() {
                ".".to_string()
            } else {
                format!("; the costliest: {}.", named.join("; "))
            }
        ),
    ));
    out
}

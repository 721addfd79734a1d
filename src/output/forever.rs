//! `forever`: can the game run forever, every answer with its evidence.

use crate::input::deck_order::format_order;
use crate::input::number::{approx_count, count, probability};
use std::fmt::Write;

use super::Layout;
use crate::results::forever::ForeverReport;

/// A loop's steps and the probability of one repetition.
fn loop_steps(s: &mut String, l: &crate::results::forever::LoopReport, layout: Layout) {
    steps(s, &l.steps, layout);
    let each = format!(
        "Each repetition has probability {} = {}.",
        l.probability,
        probability(l.probability.float)
    );
    s.push_str(&layout.hang("   ", "     ", &each));
}

/// Moves, one a line, a wrapped move hanging under its first word.
fn steps(s: &mut String, steps: &[crate::results::forever::StepReport], layout: Layout) {
    for step in steps {
        s.push_str(&layout.hang("     ", "       ", &step.text));
    }
}

/// The deck order of `report`'s survey that never ends, as a file
/// [`crate::input::deck_order::parse_order`] reads, with a header saying what it is and how it
/// was found (`found_by`: the command line); `None` when the survey found none. The file
/// `forever --witness` writes.
pub fn witness_file(report: &ForeverReport, found_by: &str) -> Option<String> {
    let (order, players) = report.witness()?;
    let header = format!(
        "A deck order for {} that, recycled without shuffling, never ends for {players} player(s).\nFound by: {found_by}",
        report.board
    );
    let kinds: Vec<usize> = (0..order.len()).collect();
    Some(format_order(&kinds, order, &header))
}

/// The `forever` report.
pub(crate) fn forever_text(r: &ForeverReport, layout: Layout) -> String {
    let head = format!(
        "{}: can the game run forever? ({} states)",
        r.board,
        count(r.states as u64)
    );
    let mut s = layout.hang("", "  ", &head);
    s.push('\n');
    ends(&mut s, r, layout);
    longest(&mut s, r, layout);
    shortest(&mut s, r, layout);
    fixed_deck(&mut s, r, layout);
    s
}

/// Part 1: does every game end, with the certificate, bounds and tail.
fn ends(s: &mut String, r: &ForeverReport, layout: Layout) {
    let _ = writeln!(s, "1. With random draws, does every game end?");
    // Each statement a paragraph of its own, wrapped lines indented under its first word.
    let say = |s: &mut String, text: String| s.push_str(&layout.hang("   ", "     ", &text));
    if !r.ends_surely {
        say(
            s,
            format!(
                "NO: {} reachable state(s) cannot reach the finish, so some games never end.",
                r.trapped_count
            ),
        );
        for t in &r.trapped {
            s.push_str(&layout.hang("     - ", "       ", &t.name));
        }
        let never = format!(
            "P(a game never ends) = {} = {:.6}",
            r.never_finish, r.never_finish.float
        );
        s.push_str(&layout.hang("   ", "     ", &never));
        return;
    }
    say(
        s,
        format!(
            "Yes, with probability 1: every one of the {} reachable states can reach the finish.",
            r.states
        ),
    );
    if let Some(c) = &r.certificate {
        if let Some(&(d, p)) = c.windows.first() {
            say(s, format!(
                "Certificate: from every state the finish is reached within {d} turns with probability at least {}, so P(T > n) <= (1 - p)^floor(n/d) for every n (with longer windows too: best rate {:.6} per turn).",
                probability(p),
                c.rate()
            ));
        }
        let bounds: Vec<String> = r
            .tail_bounds
            .iter()
            .map(|t| format!("P(T > {}) <= {}", t.turns, probability(t.probability)))
            .collect();
        s.push_str(&layout.list("   Rigorous bounds: ", "     ", &bounds, ", "));
    }
    let longer_than_200 = r
        .tail
        .iter()
        .find(|t| t.turns == 200)
        .map(|t| t.probability);
    let c = match (r.tail_c, longer_than_200) {
        (Some(c), _) => format!(" with C = {c:.4}"),
        (None, Some(_)) => " (only far past the computed turns: C is beyond 1e308)".to_string(),
        (None, None) => String::new(),
    };
    say(s, format!(
        "Exact tail: the spectral radius of Q is rho = {:.6}, so P(T > n) ~ C rho^n{c}: each turn ends {:.2} % of the games still running.",
        r.rho,
        (1.0 - r.rho) * 100.0
    ));
    if let (Some(p), Some(x)) = (longer_than_200, r.one_in) {
        say(
            s,
            if x.is_finite() {
                format!(
                    "One game in {} lasts longer than 200 turns (P = {}).",
                    approx_count(x),
                    probability(p)
                )
            } else {
                // P so small that 1 / P is beyond the floating-point range.
                format!(
                    "Practically no game lasts longer than 200 turns (P = {}).",
                    probability(p)
                )
            },
        );
    }
    if r.players > 1 {
        say(
            s,
            format!(
            "With {} players the game outlasts n rounds with probability ~ (rho^{})^n = {:.6}^n.",
            r.players, r.players, r.rho_players
        ),
        );
    }
}

/// Part 2: is there a longest game, or the shortest loops.
fn longest(s: &mut String, r: &ForeverReport, layout: Layout) {
    let _ = writeln!(s, "\n2. Is there a longest game?");
    let say = |s: &mut String, text: String| s.push_str(&layout.hang("   ", "     ", &text));
    match (r.longest_game, &r.shortest_loop) {
        (Some(n), _) => say(
            s,
            format!("Yes: no state can be revisited, and no game lasts more than {n} turns."),
        ),
        (None, Some(l)) => {
            say(
                s,
                "No: a game can return to a state it was in, and repeat that loop any number of times.".to_string(),
            );
            say(
                s,
                format!(
                    "Shortest loop, from {} ({} turn{} to get there):",
                    l.start.name,
                    l.reach.len(),
                    if l.reach.len() == 1 { "" } else { "s" }
                ),
            );
            loop_steps(s, l, layout);
            if let Some(m) = &r.moving_loop {
                say(
                    s,
                    format!(
                        "Shortest loop that never stands still, from {}:",
                        m.start.name
                    ),
                );
                loop_steps(s, m, layout);
            }
        }
        (None, None) => say(s, "No longest game could be determined.".to_string()),
    }
}

/// Part 3: the shortest game and its probability, if any game can finish.
fn shortest(s: &mut String, r: &ForeverReport, layout: Layout) {
    let Some(shortest) = &r.shortest_game else {
        s.push('\n');
        s.push_str(&layout.hang(
            "3. ",
            "   ",
            "No shortest game: no game can finish, since the finish cannot be reached from the start.",
        ));
        return;
    };
    let _ = writeln!(
        s,
        "\n3. Shortest possible game: {} turns, for example:",
        shortest.turns
    );
    steps(s, &shortest.steps, layout);
    let mut text = format!(
        "That sequence has probability {}",
        probability(shortest.probability.float)
    );
    if let Some(p) = shortest.p_length {
        let _ = write!(
            text,
            "; a game of exactly {} turns, any way, {}",
            shortest.turns,
            probability(p)
        );
    }
    text.push('.');
    s.push_str(&layout.hang("   ", "     ", &text));
}

/// Part 4: fixed deck orders recycled without shuffling.
fn fixed_deck(s: &mut String, r: &ForeverReport, layout: Layout) {
    s.push('\n');
    if r.fixed_order.is_none() && r.survey.is_none() {
        s.push_str(&layout.hang(
            "4. ",
            "   ",
            "No deck to recycle: the game is played with a spinner, whose spins are independent.",
        ));
        return;
    }
    s.push_str(&layout.hang(
        "4. ",
        "   ",
        "A fixed deck recycled without shuffling (the game is then deterministic)",
    ));
    let say = |s: &mut String, text: String| s.push_str(&layout.hang("   ", "     ", &text));
    if let Some(f) = &r.fixed_order {
        match (f.ends, f.loops) {
            (Some((turns, winner)), _) => say(
                s,
                format!("This order ends: after {turns} turns, seat {} wins.", winner + 1),
            ),
            (_, Some((start, period))) => say(
                s,
                format!(
                    "This order NEVER ends for {} player(s): from turn {start} the game repeats every {period} turns.",
                    r.players
                ),
            ),
            _ => {}
        }
    }
    if let Some(v) = &r.survey {
        say(
            s,
            format!(
                "{} random orders (seed {}), each recycled until the game ends or repeats:",
                count(v.orders),
                v.seed
            ),
        );
        for row in &v.rows {
            let text = if row.looping == 0 {
                format!(
                    "{} player(s): none loops; 95 % upper bound on the fraction {}",
                    row.players,
                    probability(row.ci95[1])
                )
            } else {
                format!(
                    "{} player(s): {} loop forever, {:.4} % (95 % CI {:.4} % to {:.4} %)",
                    row.players,
                    count(row.looping),
                    row.fraction * 100.0,
                    row.ci95[0] * 100.0,
                    row.ci95[1] * 100.0
                )
            };
            s.push_str(&layout.hang("     ", "       ", &text));
        }
        if let (Some(w), Some(k)) = (&v.witness, v.witness_players) {
            say(
                s,
                format!(
                    "A witness that loops forever for {k} player(s) (write it with --witness FILE, check it with --deck-order FILE):"
                ),
            );
            s.push_str(&layout.list("     ", "     ", w, ", "));
        }
    }
}

impl super::Render for ForeverReport {
    fn text(&self, layout: Layout) -> String {
        forever_text(self, layout)
    }

    fn json(&self) -> Option<crate::Result<String>> {
        super::render::json("forever", self)
    }

    /// The survey of deck orders.
    fn csv(&self) -> Option<crate::Result<String>> {
        Some(super::tables::forever_csv(self))
    }
}

//! `forever`: can the game run forever, every answer with its evidence.

use std::fmt::Write;

use crate::forever::ForeverReport;

/// A loop's steps and the probability of one repetition.
fn loop_steps(s: &mut String, l: &crate::forever::LoopReport) {
    for step in &l.steps {
        let _ = writeln!(s, "     {}", step.text);
    }
    let _ = writeln!(
        s,
        "   Each repetition has probability {} = {:.6}.",
        l.probability, l.probability.float
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
    ends(&mut s, r);
    longest(&mut s, r);
    shortest(&mut s, r);
    fixed_deck(&mut s, r);
    s
}

/// Part 1: does every game end, with the certificate, bounds and tail.
fn ends(s: &mut String, r: &ForeverReport) {
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
                .tail_bounds
                .iter()
                .map(|t| format!("P(T > {}) <= {:.3e}", t.turns, t.probability))
                .collect();
            let _ = writeln!(s, "   Rigorous bounds: {}", bounds.join(", "));
        }
        let _ = write!(
            s,
            "   Exact tail: the spectral radius of Q is rho = {:.6}, so P(T > n) ~ C rho^n",
            r.rho
        );
        let longer_than_200 = r
            .tail
            .iter()
            .find(|t| t.turns == 200)
            .map(|t| t.probability);
        match (r.tail_c, longer_than_200) {
            (Some(c), _) => {
                let _ = write!(s, " with C = {c:.4}");
            }
            (None, Some(_)) => {
                let _ = write!(s, " (only far past the computed turns: C is beyond 1e308)");
            }
            (None, None) => {}
        }
        let _ = writeln!(
            s,
            ": each turn ends {:.2} % of the games still running.",
            (1.0 - r.rho) * 100.0
        );
        if let (Some(p), Some(x)) = (longer_than_200, r.one_in) {
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
            let _ = writeln!(s, "     - {}", t.name);
        }
        let _ = writeln!(
            s,
            "   P(a game never ends) = {} = {:.6}",
            r.never_finish, r.never_finish.float
        );
    }
}

/// Part 2: is there a longest game, or the shortest loops.
fn longest(s: &mut String, r: &ForeverReport) {
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
                l.start.name,
                l.reach.len(),
                if l.reach.len() == 1 { "" } else { "s" }
            );
            loop_steps(s, l);
            if let Some(m) = &r.moving_loop {
                let _ = writeln!(
                    s,
                    "   Shortest loop that never stands still, from {}:",
                    m.start.name
                );
                loop_steps(s, m);
            }
        }
        (None, None) => {
            let _ = writeln!(s, "   No longest game could be determined.");
        }
    }
}

/// Part 3: the shortest game and its probability.
fn shortest(s: &mut String, r: &ForeverReport) {
    let _ = writeln!(
        s,
        "\n3. Shortest possible game: {} turns, for example:",
        r.shortest_game.turns
    );
    for step in &r.shortest_game.steps {
        let _ = writeln!(s, "     {}", step.text);
    }
    let _ = write!(
        s,
        "   That sequence has probability {:.6e}",
        r.shortest_game.probability.float
    );
    if let Some(p) = r.shortest_game.p_length {
        let _ = write!(
            s,
            "; a game of exactly {} turns, any way, {p:.6e}",
            r.shortest_game.turns
        );
    }
    let _ = writeln!(s, ".");
}

/// Part 4: fixed deck orders recycled without shuffling.
fn fixed_deck(s: &mut String, r: &ForeverReport) {
    if r.fixed_order.is_none() && r.survey.is_none() {
        let _ = writeln!(
            s,
            "\n4. No deck to recycle: the game is played with a spinner, whose spins are independent."
        );
        return;
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
}

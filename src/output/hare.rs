//! What the commands print for a Hare and Tortoise board: the exact figures of one player
//! alone, the simulated figures of several, and Wiener's transactions log of one game.

use std::fmt::Write as _;

use crate::games::hare::board::{Board, HareDraws};
use crate::games::hare::turn::Note;
use crate::sim::hare::Summary;
use crate::solve::hare::{Lengths, Solved};

/// The square in words: "12 (number (3))", "0 (start)".
pub fn square(board: &Board, i: usize) -> String {
    format!("{i} ({})", board.squares[i].describe())
}

/// What `analyze` found for one player alone.
pub struct Alone<'a> {
    /// The board's label.
    pub label: &'a str,
    /// The policy's name.
    pub policy: &'a str,
    /// States of the chain.
    pub states: usize,
    /// The carrot cap.
    pub cap: u32,
    /// The distribution.
    pub lengths: &'a Lengths,
    /// The general solver's answer, or why it was not run.
    pub solved: Result<Solved, String>,
    /// Seconds taken.
    pub seconds: f64,
    /// Whether the board's cards are a cyclic pile the chain draws independently.
    pub cards_independent: bool,
}

/// `analyze`'s table.
pub fn alone_text(a: &Alone) -> String {
    let mut t = String::new();
    let l = a.lengths;
    let cut: f64 = l.cut.iter().sum();
    let home: f64 = l.home.iter().sum();
    let _ = writeln!(
        t,
        "Hare and Tortoise, {}: one player alone, policy {}",
        a.label, a.policy
    );
    if a.cards_independent {
        let _ = writeln!(
            t,
            "Hare cards drawn independently (each card its share of the pile): the chain cannot follow a pile shuffled once; simulate plays the cyclic pile."
        );
    }
    let _ = writeln!(
        t,
        "Exact chain: {} states (carrots capped at {}), {:.1} s",
        a.states, a.cap, a.seconds
    );
    let (mean, sd) = l.mean_sd();
    let q = |p: f64| {
        l.quantile(p * home)
            .map_or("-".to_string(), |v| v.to_string())
    };
    // No game reached home in the turns computed: there is no shortest one to print.
    let shortest = l
        .home
        .iter()
        .position(|&p| p > 0.0)
        .map_or("-".to_string(), |t| t.to_string());
    let _ = writeln!(
        t,
        "Turns until home: mean {mean:.4}, sd {sd:.4}, median {}, 5% {}, 95% {}, shortest game {shortest}",
        q(0.5),
        q(0.05),
        q(0.95)
    );
    let _ = writeln!(
        t,
        "  (turn by turn, until less than {:.1e} of the games were still playing; figures over the games that reach home)",
        l.left.max(f64::MIN_POSITIVE)
    );
    let _ = writeln!(t, "Chance of reaching home: {home:.12}");
    let _ = writeln!(
        t,
        "Chance the carrots ever exceed the cap of {} (left out of the figures): {cut:.3e}",
        a.cap
    );
    let _ = writeln!(t, "Chance of getting stuck forever: {:.3e}", l.stuck);
    match &a.solved {
        Ok(s) => {
            let _ = writeln!(
                t,
                "General linear solve (cyclic chain, {} feedback states): expected turns until home or the cap {:.6}, chance of home {:.12}, of the cap {:.3e}",
                s.feedback, s.mean, s.home, s.cut.max(0.0)
            );
        }
        Err(why) => {
            let _ = writeln!(t, "General linear solve: not run: {why}");
        }
    }
    t
}

/// What `simulate` prints.
pub fn summary_text(
    board: &Board,
    label: &str,
    policies: &[String],
    seed: u64,
    max_turns: u32,
    s: &Summary,
) -> String {
    let mut t = String::new();
    let k = policies.len();
    let draws = match board.rules.hare_draws {
        HareDraws::Die => "a die read in the hare table".to_string(),
        HareDraws::Cards => format!("{:?} card pile", board.rules.card_pile).to_lowercase(),
    };
    let _ = writeln!(
        t,
        "Hare and Tortoise, {label}: {k} player{} ({}), {} games, seed {seed}; hare squares: {draws}",
        if k == 1 { "" } else { "s" },
        policies.join(", "),
        s.games
    );
    let fin = s.finished();
    if s.unfinished > 0 {
        let _ = writeln!(
            t,
            "{} games ({:.3}%) still running after {max_turns} turns were stopped: every figure below is over the finished games only",
            s.unfinished,
            100.0 * s.unfinished as f64 / s.games as f64
        );
    }
    if fin == 0 {
        let _ = writeln!(t, "No game finished.");
        return t;
    }
    let (mean, sd) = s.mean_sd();
    let se = sd / (fin as f64).sqrt();
    let _ = writeln!(
        t,
        "Length (turns of all players): mean {mean:.3} ± {:.3} (95%), sd {sd:.3}; rounds: mean {:.3}",
        1.96 * se,
        mean / k as f64
    );
    let _ = writeln!(t, "Wins by seat:");
    for (i, w) in s.wins.iter().enumerate() {
        let p = *w as f64 / fin as f64;
        let half = 1.96 * (p * (1.0 - p) / fin as f64).sqrt();
        let _ = writeln!(
            t,
            "  seat {} ({}): {:.2}% ± {:.2}",
            i + 1,
            policies[i],
            100.0 * p,
            100.0 * half
        );
    }
    let mut names: Vec<&String> = policies.iter().collect();
    names.sort();
    names.dedup();
    if names.len() > 1 {
        let _ = writeln!(t, "Wins by policy (all its seats together):");
        for name in names {
            let w: u64 = (0..k)
                .filter(|&i| &policies[i] == name)
                .map(|i| s.wins[i])
                .sum();
            let _ = writeln!(t, "  {name}: {:.2}%", 100.0 * w as f64 / fin as f64);
        }
    }
    let skips: u64 = s.skips.iter().sum();
    let _ = writeln!(
        t,
        "Turns skipped for lack of a legal move: {:.4} per game; games with a skip: {:.2}%",
        skips as f64 / s.games as f64,
        100.0 * s.games_with_skip as f64 / s.games as f64
    );
    let cm = s.carrots_left as f64 / fin as f64;
    let csd = (s.carrots_left_sq as f64 / fin as f64 - cm * cm)
        .max(0.0)
        .sqrt();
    let _ = writeln!(
        t,
        "Winner's carrots at the finish: mean {cm:.2}, sd {csd:.2}"
    );
    let mut busiest: Vec<(usize, u64)> = s
        .landings
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != 0 && *i != board.home())
        .map(|(i, &c)| (i, c))
        .collect();
    busiest.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let list: Vec<String> = busiest
        .iter()
        .take(5)
        .map(|&(i, c)| format!("{} {:.2}", square(board, i), c as f64 / s.games as f64))
        .collect();
    let _ = writeln!(
        t,
        "Busiest squares (landings per game): {}",
        list.join("; ")
    );
    t
}

/// One line of Wiener's transactions log for `note`, by player `seat` (0-based).
pub fn log_line(board: &Board, seat: usize, note: Note) -> String {
    let who = format!("player {}", seat + 1);
    match note {
        Note::Missed => format!("{who} misses this turn"),
        Note::Paid { rank, carrots: c } => {
            format!("{who} is in position {rank} on its number square and receives {c} carrots")
        }
        Note::Lettuce { rank, carrots: c } => {
            format!("{who} chews a lettuce in position {rank}, receives {c} carrots")
        }
        Note::Carrots { delta } if delta >= 0 => {
            format!("{who} chews a carrot and takes {delta} carrots")
        }
        Note::Carrots { delta } => {
            format!("{who} chews a carrot and gives away {} carrots", -delta)
        }
        Note::Moved { from, to, cost } => format!(
            "{who} moves from {from} to {}, pays {cost} carrots",
            square(board, to)
        ),
        Note::Back { from, to, gain } => {
            format!("{who} moves back from {from} to tortoise square {to}, receives {gain} carrots")
        }
        Note::Hare { face, effect } => match face {
            Some(f) => format!("{who} rolls {f} on the hare square: {}", effect.words()),
            None => format!("{who} draws a hare card: {}", effect.words()),
        },
        Note::Displaced { from, to } => {
            format!("{who} goes from {from} to {}", square(board, to))
        }
        Note::HareCarrots { delta } if delta >= 0 => {
            format!("{who} receives {delta} carrots")
        }
        Note::HareCarrots { delta } => {
            format!("{who} gives away {} carrots", -delta)
        }
        Note::HareLettuce { carrots: c } => {
            format!("{who} chews a lettuce, receives {c} carrots")
        }
        Note::Skipped => format!("{who} has no legal move and skips this turn"),
        Note::Home => format!("{who} reaches home and wins"),
        Note::TurnEnd {
            square,
            carrots,
            lettuces,
        } => format!("      {who} now on {square}: {carrots} carrots, {lettuces} lettuces"),
    }
}

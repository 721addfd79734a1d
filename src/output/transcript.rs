//! `play`: one game turn by turn.

use std::fmt::Write;

use crate::transcript::Transcript;

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
    if let Some(start) = &t.start_win {
        let deck = if t.deck.needs_deck() {
            "; the cards left in this game's deck are not counted"
        } else {
            ""
        };
        let _ = writeln!(
            s,
            "  P(win): each player's exact chance to win from there, players 1 to {} (i.i.d. draws{deck})",
            t.players
        );
        let _ = writeln!(s, "  before the first turn  P(win) {}", chances(start));
    }
    for r in &t.turns {
        let card = r.card.clone().unwrap_or_else(|| "(lost turn)".into());
        let events = if r.events.is_empty() {
            String::new()
        } else {
            format!("  [{}]", r.events.join(", "))
        };
        let win = r
            .win
            .as_ref()
            .map_or_else(String::new, |w| format!("  P(win) {}", chances(w)));
        let _ = writeln!(
            s,
            "  turn {:>4}  player {}  {:<16} {} -> {}{events}{win}",
            r.turn,
            r.player,
            card,
            r.from.name,
            r.to.as_ref().map_or("finish", |t| t.name.as_str())
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

/// Chances to win, by seat.
fn chances(win: &[f64]) -> String {
    let each: Vec<String> = win.iter().map(|w| format!("{w:.4}")).collect();
    each.join(" ")
}

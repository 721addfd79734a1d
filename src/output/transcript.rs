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

//! `play`: one game turn by turn.

use std::fmt::Write;

use super::Layout;
use crate::sim::transcript::Transcript;

/// The card's column: wide enough for "Queen Frostine" and "(lost turn)".
const CARD: usize = 16;

/// A game transcript, one line per turn.
pub(crate) fn transcript_text(t: &Transcript, layout: Layout) -> String {
    let head = format!(
        "{}: one game, {} player{}, {}, seed {}",
        t.board,
        t.players,
        if t.players == 1 { "" } else { "s" },
        t.deck.phrase(),
        t.seed
    );
    let mut s = layout.hang("", "  ", &head);
    if let Some(start) = &t.start_win {
        let deck = if t.deck.needs_deck() {
            "; the cards left in this game's deck are not counted"
        } else {
            ""
        };
        let what = if t.odds_truncated {
            format!(
                "each player's chance to win from there, at least (the turn limit cut the distributions: every chance marked >= is a lower bound), players 1 to {} (i.i.d. draws{deck})",
                t.players
            )
        } else {
            format!(
                "each player's exact chance to win from there, players 1 to {} (i.i.d. draws{deck})",
                t.players
            )
        };
        s.push_str(&layout.labelled("  P(win): ", &what));
        let _ = writeln!(
            s,
            "  before the first turn  P(win) {}",
            chances(start, t.odds_truncated)
        );
    }
    for r in &t.turns {
        let card = r.card.clone().unwrap_or_else(|| "(lost turn)".into());
        // The move, its events and the chances, as many to a line as fit, wrapped lines under
        // the move.
        let to = r.to.as_ref().map_or("finish", |t| t.name.as_str());
        let mut parts = vec![format!("{} -> {to}", r.from.name)];
        if !r.events.is_empty() {
            parts.push(format!("[{}]", r.events.join(", ")));
        }
        if let Some(w) = &r.win {
            parts.push(format!("P(win) {}", chances(w, t.odds_truncated)));
        }
        let turn = format!("  turn {:>4}  player {}  ", r.turn, r.player);
        let rest = " ".repeat((turn.len() + CARD + 1).min(layout.width() / 2));
        if card.chars().count() <= CARD {
            let first = format!("{turn}{card:<CARD$} ");
            s.push_str(&layout.items(&first, &rest, &parts, "  "));
        } else {
            // A card too long for its column: the move starts on the next line.
            s.push_str(&layout.hang(&turn, &" ".repeat(turn.len()), &card));
            s.push_str(&layout.items(&rest, &rest, &parts, "  "));
        }
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

/// Chances to win, by seat; ">=" before each when they are lower bounds.
fn chances(win: &[f64], lower_bounds: bool) -> String {
    let mark = if lower_bounds { ">=" } else { "" };
    let each: Vec<String> = win.iter().map(|w| format!("{mark}{w:.4}")).collect();
    each.join(" ")
}

impl super::Render for Transcript {
    fn text(&self, layout: Layout) -> String {
        transcript_text(self, layout)
    }

    fn json(&self) -> Option<anyhow::Result<String>> {
        super::render::json("play", self)
    }
}

/// A game's transcript with the file its chart of the chances to win was written to.
pub struct Played<'a> {
    /// The game.
    pub transcript: &'a Transcript,
    /// Where the chart was written, if it was.
    pub chart: Option<String>,
}

impl super::Render for Played<'_> {
    fn text(&self, layout: Layout) -> String {
        let mut text = transcript_text(self.transcript, layout);
        if let Some(path) = &self.chart {
            let _ = writeln!(text, "Chart of the chances to win: {path}");
        }
        text
    }

    fn json(&self) -> Option<anyhow::Result<String>> {
        self.transcript.json()
    }
}

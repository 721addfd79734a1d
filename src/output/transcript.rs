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

    fn json(&self) -> Option<crate::Result<String>> {
        super::render::json("play", self)
    }

    fn csv(&self) -> Option<crate::Result<String>> {
        Some(transcript_csv(self))
    }
}

/// `play --csv`: one row per turn; the state after the game's last turn is the finish (empty
/// cells); with `--odds`, `win_1` ... `win_K`, each seat's chance to win after the turn (a row
/// `turn` 0 holds the chances before the first turn).
fn transcript_csv(t: &Transcript) -> crate::Result<String> {
    let mut header: Vec<String> = [
        "turn",
        "player",
        "card",
        "from",
        "from_name",
        "to",
        "to_name",
        "events",
    ]
    .map(String::from)
    .to_vec();
    let odds = t.start_win.is_some();
    if odds {
        header.extend((1..=t.players).map(|seat| format!("win_{seat}")));
    }
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(&header)?;
    let chances = |win: &Option<Vec<f64>>| -> Vec<String> {
        win.iter().flatten().map(|p| p.to_string()).collect()
    };
    if odds {
        let mut row = vec![String::from("0"); 1];
        row.extend(std::iter::repeat_n(String::new(), 7));
        row.extend(chances(&t.start_win));
        super::csv_cells::record(&mut w, row)?;
    }
    for turn in &t.turns {
        let (to, to_name) = match &turn.to {
            Some(to) => (to.state.to_string(), to.name.clone()),
            None => (String::new(), "finish".to_string()),
        };
        let mut row = vec![
            turn.turn.to_string(),
            turn.player.to_string(),
            turn.card.clone().unwrap_or_default(),
            turn.from.state.to_string(),
            turn.from.name.clone(),
            to,
            to_name,
            turn.events.join(" "),
        ];
        if odds {
            row.extend(chances(&turn.win));
        }
        super::csv_cells::record(&mut w, row)?;
    }
    Ok(String::from_utf8(w.into_inner()?)?)
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

    fn json(&self) -> Option<crate::Result<String>> {
        self.transcript.json()
    }

    fn csv(&self) -> Option<crate::Result<String>> {
        super::Render::csv(self.transcript)
    }
}

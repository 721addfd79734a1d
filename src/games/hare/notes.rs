//! What happened during a turn in words: Wiener's transactions log, one line a note, and the
//! same as an event of `play --json`, for a student to compare with a program turn by turn.

use serde::{Deserialize, Serialize};

use super::board::Board;
use super::turn::Note;

/// One event of a game, as Wiener's transactions log tells it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Transaction {
    /// The turn, from 1, counting every player's turns.
    pub turn: u32,
    /// 1-based seat.
    pub player: usize,
    /// What happened, one kebab-case word: missed, paid, lettuce, carrots, moved, back, hare,
    /// displaced, hare-carrots, hare-lettuce, skipped, home, turn-end.
    pub event: String,
    /// The square moved from, for a move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<usize>,
    /// The square moved to, or stood on at the end of the turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<usize>,
    /// Carrots received (positive) or paid or given away (negative); at the end of a turn,
    /// the carrots held.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub carrots: Option<i64>,
    /// At the end of a turn, the lettuces still to chew.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lettuces: Option<u8>,
    /// The race position that paid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rank: Option<usize>,
    /// The die's face on a hare square (none for a card).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub face: Option<usize>,
    /// The hare's effect, as the board file names it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub effect: Option<String>,
    /// The line of the transactions log.
    pub text: String,
}

/// The square in words: "12 (number (3))", "0 (start)".
pub fn square(board: &Board, i: usize) -> String {
    format!("{i} ({})", board.squares[i].describe())
}

/// One line of Wiener's transactions log for `note`, by player `seat` (0-based).
pub fn log_line(board: &Board, who: &str, note: Note) -> String {
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
        } => format!("{who} now on {square}: {carrots} carrots, {lettuces} lettuces"),
    }
}

/// `note` as an event of the transcript.
pub fn event(board: &Board, turn: u32, seat: usize, note: Note) -> Transaction {
    let mut e = Transaction {
        turn,
        player: seat + 1,
        event: String::new(),
        from: None,
        to: None,
        carrots: None,
        lettuces: None,
        rank: None,
        face: None,
        effect: None,
        text: log_line(board, &format!("player {}", seat + 1), note),
    };
    let word = match note {
        Note::Missed => "missed",
        Note::Paid { rank, carrots } => {
            (e.rank, e.carrots) = (Some(rank), Some(i64::from(carrots)));
            "paid"
        }
        Note::Lettuce { rank, carrots } => {
            (e.rank, e.carrots) = (Some(rank), Some(i64::from(carrots)));
            "lettuce"
        }
        Note::Carrots { delta } => {
            e.carrots = Some(delta);
            "carrots"
        }
        Note::Moved { from, to, cost } => {
            (e.from, e.to, e.carrots) = (Some(from), Some(to), Some(-i64::from(cost)));
            "moved"
        }
        Note::Back { from, to, gain } => {
            (e.from, e.to, e.carrots) = (Some(from), Some(to), Some(i64::from(gain)));
            "back"
        }
        Note::Hare { face, effect } => {
            (e.face, e.effect) = (face, Some(crate::games::variant::word(&effect)));
            "hare"
        }
        Note::Displaced { from, to } => {
            (e.from, e.to) = (Some(from), Some(to));
            "displaced"
        }
        Note::HareCarrots { delta } => {
            e.carrots = Some(delta);
            "hare-carrots"
        }
        Note::HareLettuce { carrots } => {
            e.carrots = Some(i64::from(carrots));
            "hare-lettuce"
        }
        Note::Skipped => "skipped",
        Note::Home => "home",
        Note::TurnEnd {
            square,
            carrots,
            lettuces,
        } => {
            (e.to, e.carrots, e.lettuces) =
                (Some(square), Some(i64::from(carrots)), Some(lettuces));
            "turn-end"
        }
    };
    e.event = word.to_string();
    e
}

impl crate::games::policy_game::LogEvent for Transaction {
    fn turn(&self) -> u32 {
        self.turn
    }

    fn text(&self) -> &str {
        &self.text
    }

    fn ends_turn(&self) -> bool {
        self.event == "turn-end"
    }
}

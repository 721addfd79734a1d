//! What happened during a turn of Pig, as a line of the log and an event of `play --json`.

use serde::{Deserialize, Serialize};

use super::turn::Note;

/// One event of a game of Pig.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PigEvent {
    /// The turn, from 1, counting every player's turns.
    pub turn: u32,
    /// 1-based seat.
    pub player: usize,
    /// What happened, one kebab-case word: rolled, pigged, held, home, turn-end.
    pub event: String,
    /// The die's face, for a roll.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub face: Option<u32>,
    /// The turn's total after a roll, the total banked by a hold, or lost to a 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total: Option<u32>,
    /// The score banked, after a hold, at home and at the end of a turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<u32>,
    /// The line of the log.
    pub text: String,
}

/// One line of the log for `note`, by `who`.
pub fn log_line(who: &str, note: Note) -> String {
    match note {
        Note::Rolled { face, total } => format!("{who} rolls {face}: turn total {total}"),
        Note::Pigged { lost } => format!("{who} rolls 1 and loses the turn total of {lost}"),
        Note::Held { total, score } => format!("{who} holds, banking {total}: score {score}"),
        Note::Home { score } => format!("{who} reaches {score} and wins"),
        Note::TurnEnd { score } => format!("{who} has {score}"),
    }
}

/// `note` as an event of the transcript.
pub fn event(turn: u32, seat: usize, note: Note) -> PigEvent {
    let mut e = PigEvent {
        turn,
        player: seat + 1,
        event: String::new(),
        face: None,
        total: None,
        score: None,
        text: log_line(&format!("player {}", seat + 1), note),
    };
    let word = match note {
        Note::Rolled { face, total } => {
            (e.face, e.total) = (Some(face), Some(total));
            "rolled"
        }
        Note::Pigged { lost } => {
            (e.face, e.total) = (Some(1), Some(lost));
            "pigged"
        }
        Note::Held { total, score } => {
            (e.total, e.score) = (Some(total), Some(score));
            "held"
        }
        Note::Home { score } => {
            e.score = Some(score);
            "home"
        }
        Note::TurnEnd { score } => {
            e.score = Some(score);
            "turn-end"
        }
    };
    e.event = word.to_string();
    e
}

impl crate::games::policy_game::LogEvent for PigEvent {
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

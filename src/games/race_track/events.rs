//! The events of a race, counted by the event figures and shown in transcripts: the ladders and
//! chutes taken, a move past the last square, the backward, to-start and to-square faces, and
//! the extra rolls of a roll-again turn.

use crate::games::race::Event;

/// A ladder was climbed.
pub const LADDER: Event = Event::game(0);
/// A chute was slid down.
pub const CHUTE: Event = Event::game(1);
/// A move went past the last square (the token stayed or bounced back).
pub const OVERSHOOT: Event = Event::game(2);
/// A face moved the token back.
pub const BACK: Event = Event::game(3);
/// A face sent the token back to the start.
pub const TO_START: Event = Event::game(4);
/// A face sent the token to a given square.
pub const TO_SQUARE: Event = Event::game(5);
/// A roll-again face gave another roll in the same turn.
pub const ROLL_AGAIN: Event = Event::game(6);

/// The events every race lists, in the order they are listed.
pub const EVERY_RACE: [(Event, &str); 4] = [
    (Event::TURN_LOST, "turn-lost"),
    (LADDER, "ladder"),
    (CHUTE, "chute"),
    (OVERSHOOT, "overshoot"),
];

/// The events a race may list besides, in the order they are listed: those its board-file
/// word always lists, and the others once the board can have them.
pub const OPTIONAL: [(Event, &str); 4] = [
    (ROLL_AGAIN, "roll-again"),
    (BACK, "back"),
    (TO_START, "to-start"),
    (TO_SQUARE, "to-square"),
];

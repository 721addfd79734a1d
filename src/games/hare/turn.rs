//! The rules of Hare and Tortoise as one step function, [`play_turn`]: one player's turn (or the
//! part of it up to a "move again") on a table of players, its chances drawn from a
//! [`Chance`]. The exact chain builder runs it with a chance that enumerates every outcome; the
//! simulator and `play` run it with a seeded generator. The rules are written nowhere else.

use super::board::{BehindStart, Board, Effect, HareDraws, Nobody, Square};
pub use super::choice::Choice;
use super::moves::occupied;
pub use super::moves::Giver;
pub use super::moves::{decide, legal, Action, Legal, Squares};
pub use super::player::{cost, rank, Mark, Player};
use super::policy::Policy;
pub use crate::games::chance::{Chance, Phase};

/// What happened during a turn, for the transactions log and the counters. Squares are
/// indices (0 start), carrots counts, ranks race positions (1 first).
#[allow(missing_docs)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Note {
    /// The turn was lost to "miss a turn".
    Missed,
    /// A number square paid `carrots` for race position `rank`.
    Paid { rank: usize, carrots: u32 },
    /// Chewed a lettuce for `carrots` (race position `rank`).
    Lettuce { rank: usize, carrots: u32 },
    /// Took (positive) or gave (negative) carrots on a carrot square.
    Carrots { delta: i64 },
    /// Moved forward, paying `cost`.
    Moved { from: usize, to: usize, cost: u32 },
    /// Moved back to a tortoise square, receiving `gain`.
    Back { from: usize, to: usize, gain: u32 },
    /// Drew on a hare square: die face (1-based) or `None` for a card.
    Hare { face: Option<usize>, effect: Effect },
    /// A hare's effect moved the player.
    Displaced { from: usize, to: usize },
    /// A hare's effect changed the carrots.
    HareCarrots { delta: i64 },
    /// A hare's "chew a lettuce" chewed one for `carrots`.
    HareLettuce { carrots: u32 },
    /// No legal move (or none the policy makes): the turn is skipped.
    Skipped,
    /// Reached home: the game is over.
    Home,
    /// The turn is over (told by the game, not the step function): where the player stands.
    TurnEnd {
        square: usize,
        carrots: u32,
        lettuces: u8,
    },
}

/// The mark a player has after arriving on `square` by any means.
fn arrival(board: &Board, square: usize) -> Mark {
    match board.squares[square] {
        Square::Number(_) => Mark::Arrived,
        _ => Mark::Settled,
    }
}

/// Plays `seat`'s turn (from a "move again", only the move) with `policy`, drawing from
/// `chance` and telling `log` what happens.
pub fn play_turn<C: Chance, L: FnMut(Note)>(
    board: &Board,
    policy: &Policy,
    players: &mut [Player],
    seat: usize,
    chance: &mut C,
    log: &mut L,
) -> Phase {
    if let Some(phase) = begin_turn(board, players, seat, log) {
        return phase;
    }
    let legal = legal(board, players, seat);
    let me = players[seat];
    let choice = decide(board, policy, &me, &legal, chance);
    act(
        board,
        Giver::Policy(policy),
        choice,
        players,
        seat,
        chance,
        log,
    )
}

/// What a turn does before its move: a missed turn is lost (`Some`: the turn is over), a
/// number square arrived on last turn pays. A move again does neither.
pub fn begin_turn<L: FnMut(Note)>(
    board: &Board,
    players: &mut [Player],
    seat: usize,
    log: &mut L,
) -> Option<Phase> {
    if players[seat].again {
        return None;
    }
    match players[seat].mark {
        Mark::Missing => {
            players[seat].mark = Mark::Settled;
            log(Note::Missed);
            return Some(Phase::Done);
        }
        Mark::Arrived => {
            let rk = rank(players, seat);
            if let Square::Number(ranks) = board.squares[usize::from(players[seat].pos)] {
                if rk < 8 && ranks & (1 << rk) != 0 {
                    let carrots = board.rules.rank_carrots as u32 * rk as u32;
                    players[seat].carrots += carrots;
                    log(Note::Paid { rank: rk, carrots });
                }
            }
            players[seat].mark = Mark::Settled;
        }
        _ => {}
    }
    None
}

/// The move of a turn begun ([`begin_turn`]): `choice` made (`None`: the turn is skipped), a
/// hare's "chew a carrot" answered by the choice or else by `giver`.
pub fn act<C: Chance, L: FnMut(Note)>(
    board: &Board,
    giver: Giver,
    choice: Option<Choice>,
    players: &mut [Player],
    seat: usize,
    chance: &mut C,
    log: &mut L,
) -> Phase {
    let r = &board.rules;
    let rank_carrots = r.rank_carrots as u32;
    let me = players[seat];
    players[seat].again = false;
    let Some(choice) = choice else {
        log(Note::Skipped);
        return Phase::Done;
    };
    let giver = match choice.hare_gives {
        Some(gives) => Giver::Fixed(gives),
        None => giver,
    };
    let pos = usize::from(me.pos);
    match choice.action {
        Action::ChewLettuce => {
            let rk = rank(players, seat);
            let carrots = rank_carrots * rk as u32;
            let p = &mut players[seat];
            p.lettuces -= 1;
            p.carrots += carrots;
            p.mark = Mark::Chewed;
            log(Note::Lettuce { rank: rk, carrots });
            Phase::Done
        }
        Action::Carrots(delta) => {
            let p = &mut players[seat];
            p.carrots = (i64::from(p.carrots) + delta) as u32;
            p.mark = Mark::Settled;
            log(Note::Carrots { delta });
            Phase::Done
        }
        Action::Back(t) => {
            let gain = r.tortoise_carrots as u32 * (pos - t) as u32;
            let p = &mut players[seat];
            p.pos = t as u8;
            p.carrots += gain;
            p.mark = Mark::Settled;
            log(Note::Back {
                from: pos,
                to: t,
                gain,
            });
            Phase::Done
        }
        Action::Forward(t) => {
            let paid = cost(t - pos);
            {
                let p = &mut players[seat];
                p.carrots -= paid;
                p.pos = t as u8;
                p.mark = arrival(board, t);
            }
            log(Note::Moved {
                from: pos,
                to: t,
                cost: paid,
            });
            if t == board.home() {
                log(Note::Home);
                return Phase::Home;
            }
            if board.squares[t] == Square::Hare {
                return hare(board, giver, players, seat, paid, chance, log);
            }
            Phase::Done
        }
    }
}

/// A hare square's draw and its effect, for `seat` just arrived having paid `paid`.
fn hare<C: Chance, L: FnMut(Note)>(
    board: &Board,
    giver: Giver,
    players: &mut [Player],
    seat: usize,
    paid: u32,
    chance: &mut C,
    log: &mut L,
) -> Phase {
    let r = &board.rules;
    let rk = rank(players, seat);
    let (face, effect) = match r.hare_draws {
        HareDraws::Die => {
            let face = chance.pick(board.die.len());
            let row = &board.die[face];
            (Some(face + 1), row[rk.min(row.len()) - 1])
        }
        HareDraws::Cards => (None, board.pile[chance.card(board.pile.len())]),
    };
    log(Note::Hare { face, effect });
    let pos = usize::from(players[seat].pos);
    let home = board.home();
    let mut to = None;
    match effect {
        Effect::MissTurn => players[seat].mark = Mark::Missing,
        Effect::BackToCarrot => {
            to = (1..pos)
                .rev()
                .find(|&t| board.squares[t] == Square::Carrot && !occupied(players, seat, t));
        }
        Effect::ForwardToCarrot => {
            to = (pos + 1..home)
                .find(|&t| board.squares[t] == Square::Carrot && !occupied(players, seat, t));
        }
        Effect::DropBack => {
            let behind = players
                .iter()
                .enumerate()
                .filter(|(i, p)| *i != seat && usize::from(p.pos) < pos)
                .map(|(_, p)| usize::from(p.pos))
                .max();
            let first = match (behind, r.nobody_there) {
                (Some(0), _) if r.drop_back_behind_start == BehindStart::Stay => None,
                (Some(b), _) => Some(b.saturating_sub(1)),
                (None, Nobody::Stay) => None,
                (None, Nobody::OneSquare) => Some(pos - 1),
            };
            to = first.map(|mut t| {
                while occupied(players, seat, t) {
                    t -= 1;
                }
                t
            });
        }
        Effect::ForwardOne => {
            let ahead = players
                .iter()
                .enumerate()
                .filter(|(i, p)| *i != seat && usize::from(p.pos) > pos)
                .map(|(_, p)| usize::from(p.pos))
                .min();
            let first = match (ahead, r.nobody_there) {
                (Some(a), _) => Some(a + 1),
                (None, Nobody::Stay) => None,
                (None, Nobody::OneSquare) => Some(pos + 1),
            };
            to = first.and_then(|t| (t..home).find(|&t| !occupied(players, seat, t)));
        }
        Effect::ChewCarrot => {
            let me = players[seat];
            let delta = giver.delta(board, &me);
            players[seat].carrots = (i64::from(me.carrots) + delta) as u32;
            log(Note::HareCarrots { delta });
        }
        Effect::ChewLettuce => {
            if players[seat].lettuces > 0 {
                let carrots = r.rank_carrots as u32 * rk as u32;
                players[seat].lettuces -= 1;
                players[seat].carrots += carrots;
                log(Note::HareLettuce { carrots });
            }
        }
        Effect::LastTurnFree => {
            players[seat].carrots += paid;
            log(Note::HareCarrots {
                delta: i64::from(paid),
            });
        }
        Effect::MoveAgain => {
            players[seat].again = true;
            return Phase::Again;
        }
    }
    if let Some(t) = to {
        players[seat].pos = t as u8;
        players[seat].mark = arrival(board, t);
        log(Note::Displaced { from: pos, to: t });
    }
    Phase::Done
}

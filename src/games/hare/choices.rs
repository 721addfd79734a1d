//! Every choice a situation allows ([`choices`]): what the best-play solver chooses among; and
//! a policy table's choice read back from its words ([`parse_choice`]).

use super::board::{Board, Effect, HareDraws, Square};
use super::choice::{Action, Choice};
use super::moves::Legal;
use super::player::{cost, Player};

/// Whether a hare square of `board` may tell a player to chew a carrot.
fn hare_may_chew(board: &Board) -> bool {
    match board.rules.hare_draws {
        HareDraws::Die => board.die.iter().flatten().any(|e| *e == Effect::ChewCarrot),
        HareDraws::Cards => board.pile.contains(&Effect::ChewCarrot),
    }
}

/// Every choice the rules allow `me` (`legal`), into `out`: chew the lettuce, take or give
/// carrots, back to the tortoise square, every square forward, and for a hare square where a
/// carrot may be chewed after paying with carrots to give, both answers to it.
pub fn choices(board: &Board, me: &Player, legal: &Legal, out: &mut Vec<Choice>) {
    out.clear();
    let chew = board.rules.chew_carrots;
    if legal.lettuce {
        out.push(Choice::by_policy(Action::ChewLettuce));
    }
    if legal.carrot {
        out.push(Choice::by_policy(Action::Carrots(chew)));
        if i64::from(me.carrots) >= chew {
            out.push(Choice::by_policy(Action::Carrots(-chew)));
        }
    }
    if let Some(t) = legal.back {
        out.push(Choice::by_policy(Action::Back(t)));
    }
    let may_chew = hare_may_chew(board);
    let pos = usize::from(me.pos);
    for t in legal.forward.iter() {
        let action = Action::Forward(t);
        let left = i64::from(me.carrots) - i64::from(cost(t - pos));
        if board.squares[t] == Square::Hare && may_chew {
            out.push(Choice {
                action,
                hare_gives: Some(false),
            });
            if left >= chew {
                out.push(Choice {
                    action,
                    hare_gives: Some(true),
                });
            }
        } else {
            out.push(Choice::by_policy(action));
        }
    }
}

/// A choice read from its words ([`Choice::words`]) at square `pos` of `board`; `Err` says
/// what is wrong and what a row may say.
pub fn parse_choice(board: &Board, pos: usize, words: &str) -> Result<Choice, String> {
    let parts: Vec<&str> = words.split_whitespace().collect();
    let square = |w: &str| -> Result<usize, String> {
        w.parse::<usize>()
            .ok()
            .filter(|&t| t <= board.home())
            .ok_or_else(|| {
                format!(
                    "'{}' is not a square of the track (0 to {})",
                    crate::input::text::quote(w),
                    board.home()
                )
            })
    };
    let kind = board.squares[pos];
    let chew = board.rules.chew_carrots;
    let choice = match parts.as_slice() {
        ["lettuce"] if kind == Square::Lettuce => Choice::by_policy(Action::ChewLettuce),
        ["take"] if kind == Square::Carrot => Choice::by_policy(Action::Carrots(chew)),
        ["give"] if kind == Square::Carrot => Choice::by_policy(Action::Carrots(-chew)),
        ["lettuce"] | ["take"] | ["give"] => {
            return Err(format!(
                "'{}' is not possible on square {pos}, a {} square",
                parts[0],
                kind.kind_word()
            ))
        }
        ["back", t] => {
            let t = square(t)?;
            if t >= pos || board.squares[t] != Square::Tortoise {
                return Err(format!("square {t} is not a tortoise square behind square {pos}"));
            }
            Choice::by_policy(Action::Back(t))
        }
        ["forward", t, rest @ ..] => {
            let t = square(t)?;
            if t <= pos {
                return Err(format!("square {t} is not ahead of square {pos}"));
            }
            let hare_gives = match rest {
                [] => None,
                ["give"] | ["take"] if board.squares[t] != Square::Hare => {
                    return Err(format!("square {t} is not a hare square: leave out '{}'", rest[0]))
                }
                ["give"] => Some(true),
                ["take"] => Some(false),
                _ => return Err(format!("'{}' after the square is neither give nor take", crate::input::text::quote(&rest.join(" ")))),
            };
            Choice {
                action: Action::Forward(t),
                hare_gives,
            }
        }
        _ => {
            return Err(format!(
                "'{}' is not a choice; write lettuce, take, give, back SQUARE or forward SQUARE [give|take]",
                crate::input::text::quote(words)
            ))
        }
    };
    Ok(choice)
}

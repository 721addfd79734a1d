//! The moves of a turn: those the rules allow a player on the table now ([`legal`]), and the
//! one its policy makes of them ([`decide`]). [`super::turn::play_turn`] plays it.

use super::board::{Board, FinishCount, Square};
pub use super::choice::Action;
use super::choice::Choice;
use super::player::{cost, Mark, Player};
use super::policy::{Policy, Step};
use crate::games::chance::Chance;

/// The squares a player may move forward to, nearest (cheapest) first, held in place: the step
/// function runs millions of times, and an allocation per turn was a third of its time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Squares {
    len: usize,
    squares: [u8; super::board::MAX_SQUARES + 2],
}

impl Default for Squares {
    fn default() -> Squares {
        Squares {
            len: 0,
            squares: [0; super::board::MAX_SQUARES + 2],
        }
    }
}

impl Squares {
    fn push(&mut self, square: usize) {
        self.squares[self.len] = square as u8;
        self.len += 1;
    }

    /// How many squares.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The `i`-th nearest.
    pub fn get(&self, i: usize) -> usize {
        usize::from(self.squares[..self.len][i])
    }

    /// The nearest, if any.
    pub fn first(&self) -> Option<usize> {
        (self.len > 0).then(|| usize::from(self.squares[0]))
    }

    /// Whether `square` is one of them.
    pub fn contains(&self, square: usize) -> bool {
        self.iter().any(|t| t == square)
    }

    /// The squares, nearest first.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.squares[..self.len].iter().map(|&t| usize::from(t))
    }

    /// The squares as a list, nearest first.
    pub fn to_vec(&self) -> Vec<usize> {
        self.iter().collect()
    }
}

/// The moves the rules allow `seat` now.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Legal {
    /// Squares it may move forward to, nearest (cheapest) first; home among them if allowed.
    pub forward: Squares,
    /// The tortoise square behind, if it may move back to it.
    pub back: Option<usize>,
    /// Whether it may chew a lettuce here.
    pub lettuce: bool,
    /// Whether it may stay and take or give carrots here.
    pub carrot: bool,
}

pub(super) fn occupied(players: &[Player], seat: usize, square: usize) -> bool {
    square != 0
        && players
            .iter()
            .enumerate()
            .any(|(i, p)| i != seat && usize::from(p.pos) == square)
}

/// The legal moves of `seat` (Wiener's rules: no forward move onto a tortoise square, none onto
/// an occupied square, none onto a lettuce square without a lettuce, back only to the tortoise
/// square immediately behind, home only with no lettuce and few enough carrots).
pub fn legal(board: &Board, players: &[Player], seat: usize) -> Legal {
    let me = players[seat];
    let pos = usize::from(me.pos);
    let home = board.home();
    let r = &board.rules;
    let mut forward = Squares::default();
    for t in pos + 1..=home {
        let c = cost(t - pos);
        if c > me.carrots {
            break;
        }
        let ok = match board.squares[t] {
            Square::Tortoise | Square::Start => false,
            Square::Lettuce => me.lettuces > 0,
            Square::Home => {
                let held = match r.finish_count {
                    FinishCount::AfterPaying => me.carrots - c,
                    FinishCount::BeforePaying => me.carrots,
                };
                me.lettuces == 0 && i64::from(held) <= r.finish_carrots
            }
            _ => true,
        };
        if ok && !occupied(players, seat, t) {
            forward.push(t);
        }
    }
    let back = (1..pos)
        .rev()
        .find(|&t| board.squares[t] == Square::Tortoise)
        .filter(|&t| !occupied(players, seat, t));
    let square = board.squares[pos];
    Legal {
        forward,
        back,
        lettuce: !me.again
            && square == Square::Lettuce
            && me.lettuces > 0
            && me.mark != Mark::Chewed,
        carrot: !me.again && square == Square::Carrot,
    }
}

/// Who answers a hare's "chew a carrot": a policy's give rule, or a choice made before.
#[derive(Debug, Clone, Copy)]
pub enum Giver<'a> {
    /// The policy's give rule ([`Policy::gives`]).
    Policy(&'a Policy),
    /// Give (true) or take (false).
    Fixed(bool),
}

impl Giver<'_> {
    /// The carrots taken (positive) or given (negative) by chewing a carrot now; giving needs
    /// at least the carrots given.
    pub fn delta(self, board: &Board, me: &Player) -> i64 {
        let r = &board.rules;
        let chew = r.chew_carrots as u32;
        let gives = match self {
            Giver::Policy(policy) => policy.gives(
                usize::from(me.pos),
                me.carrots,
                r.finish_carrots as u32,
                chew,
            ),
            Giver::Fixed(gives) => gives && me.carrots >= chew,
        };
        if gives {
            -(chew as i64)
        } else {
            chew as i64
        }
    }
}

/// Whether the rules allow the choice now (`legal`, for `me`): a table's choice is made
/// only when they do.
pub fn allowed(choice: &Choice, board: &Board, me: &Player, legal: &Legal) -> bool {
    match choice.action {
        Action::ChewLettuce => legal.lettuce,
        Action::Carrots(d) => {
            legal.carrot && (d > 0 || me.carrots >= board.rules.chew_carrots as u32)
        }
        Action::Back(t) => legal.back == Some(t),
        Action::Forward(t) => legal.forward.contains(t),
    }
}

/// The carrots `policy` takes (positive) or gives (negative) when it chews a carrot.
pub(super) fn carrot_delta(board: &Board, policy: &Policy, me: &Player) -> i64 {
    Giver::Policy(policy).delta(board, me)
}

/// The policy's choice: the first of its steps that applies (a random step draws from
/// `chance`); `None` when none does.
pub fn decide<C: Chance>(
    board: &Board,
    policy: &Policy,
    me: &Player,
    legal: &Legal,
    chance: &mut C,
) -> Option<Choice> {
    let home = board.home();
    let pos = usize::from(me.pos);
    for step in &policy.steps {
        if *step == Step::Table {
            match policy.table_choice(&me.situation()) {
                Some(c) if allowed(&c, board, me, legal) => return Some(c),
                _ => continue,
            }
        }
        let action = match *step {
            Step::Table => None,
            Step::ChewLettuce => legal.lettuce.then_some(Action::ChewLettuce),
            Step::Finish => legal
                .forward
                .contains(home)
                .then_some(Action::Forward(home)),
            Step::Nearest(kind) => legal
                .forward
                .iter()
                .find(|&t| t != home && board.squares[t].kind_word() == kind)
                .map(Action::Forward),
            Step::GiveCarrots => (legal.carrot && carrot_delta(board, policy, me) < 0)
                .then(|| Action::Carrots(carrot_delta(board, policy, me))),
            Step::LateTarget => policy.late.and_then(|(from, carrots, target)| {
                (pos >= from && me.carrots > carrots && legal.forward.contains(target))
                    .then_some(Action::Forward(target))
            }),
            Step::Random => {
                // The choices, in order: every square forward, the tortoise square behind,
                // staying to chew a carrot.
                let forward = legal.forward.len();
                let back = usize::from(legal.back.is_some());
                let stay = usize::from(policy.random_stays && legal.carrot);
                let n = forward + back + stay;
                (n > 0).then(|| {
                    let k = chance.pick(n);
                    match legal.back {
                        _ if k < forward => Action::Forward(legal.forward.get(k)),
                        Some(t) if k < forward + back => Action::Back(t),
                        _ => Action::Carrots(carrot_delta(board, policy, me)),
                    }
                })
            }
            Step::Cheapest => legal.forward.first().map(Action::Forward),
            Step::Tortoise => legal.back.map(Action::Back),
            Step::ChewCarrot => legal
                .carrot
                .then(|| Action::Carrots(carrot_delta(board, policy, me))),
        };
        if action.is_some() {
            return action.map(Choice::by_policy);
        }
    }
    None
}

//! The rules of Hare and Tortoise as one step function, [`play_turn`]: one player's turn (or the
//! part of it up to a "move again") on a table of players, its chances drawn from a
//! [`Chance`]. The exact chain builder runs it with a chance that enumerates every outcome; the
//! simulator and `play` run it with a seeded generator. The rules are written nowhere else.

use super::board::{Board, Effect, FinishCount, HareDraws, Nobody, Square};
use super::policy::{Policy, Step};

/// What a player's next turn starts with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mark {
    /// The next turn is lost (a hare's "miss a turn").
    Missing,
    /// Arrived on a number square last turn: it pays at the start of the next turn.
    Arrived,
    /// Chewed a lettuce on this lettuce square: the player must leave it.
    Chewed,
    /// Nothing pending.
    Settled,
}

/// Everything about one player that the future depends on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Player {
    /// The square (0 start).
    pub pos: u8,
    /// Carrots held.
    pub carrots: u32,
    /// Lettuces still to chew.
    pub lettuces: u8,
    /// What the next turn starts with.
    pub mark: Mark,
    /// In the middle of a turn, about to move again (a hare's "move again").
    pub again: bool,
}

impl Player {
    /// A player at the start with the board's carrots and lettuces.
    pub fn start(board: &Board) -> Player {
        Player {
            pos: 0,
            carrots: board.rules.start_carrots as u32,
            lettuces: board.rules.start_lettuces as u8,
            mark: Mark::Settled,
            again: false,
        }
    }
}

/// The chances of a turn: a uniform choice among `n`, and a hare card.
pub trait Chance {
    /// A uniformly random number in `0..n` (`n >= 1`).
    fn pick(&mut self, n: usize) -> usize;
    /// The next hare card: independent by default (each card its share of the pile).
    fn card(&mut self, pile: &[Effect]) -> Effect {
        pile[self.pick(pile.len())]
    }
}

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

/// Where a call of [`play_turn`] leaves the turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// The turn is over.
    Done,
    /// The player moves again in the same turn (call [`play_turn`] again).
    Again,
    /// The player reached home.
    Home,
}

/// The carrots a move of `n` squares costs: 1 + 2 + ... + n.
pub fn cost(n: usize) -> u32 {
    (n * (n + 1) / 2) as u32
}

/// The race position of `seat`: 1 + the players strictly ahead.
pub fn rank(players: &[Player], seat: usize) -> usize {
    let me = players[seat].pos;
    1 + players.iter().filter(|p| p.pos > me).count()
}

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

fn occupied(players: &[Player], seat: usize, square: usize) -> bool {
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

/// What a player does with its turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Chew a lettuce on this lettuce square.
    ChewLettuce,
    /// Stay on this carrot square and take (positive) or give (negative) carrots.
    Carrots(i64),
    /// Move forward to this square.
    Forward(usize),
    /// Move back to this tortoise square.
    Back(usize),
}

/// The carrots `policy` takes (positive) or gives (negative) when it chews a carrot.
fn carrot_delta(board: &Board, policy: &Policy, me: &Player) -> i64 {
    let r = &board.rules;
    let chew = r.chew_carrots as u32;
    if policy.gives(
        usize::from(me.pos),
        me.carrots,
        r.finish_carrots as u32,
        chew,
    ) {
        -(chew as i64)
    } else {
        chew as i64
    }
}

/// The policy's action: the first of its steps that applies (a random step draws from
/// `chance`); `None` when none does.
pub fn decide<C: Chance>(
    board: &Board,
    policy: &Policy,
    me: &Player,
    legal: &Legal,
    chance: &mut C,
) -> Option<Action> {
    let home = board.home();
    let pos = usize::from(me.pos);
    for step in &policy.steps {
        let action = match *step {
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
            return action;
        }
    }
    None
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
    let r = &board.rules;
    let rank_carrots = r.rank_carrots as u32;
    if !players[seat].again {
        match players[seat].mark {
            Mark::Missing => {
                players[seat].mark = Mark::Settled;
                log(Note::Missed);
                return Phase::Done;
            }
            Mark::Arrived => {
                let rk = rank(players, seat);
                if let Square::Number(ranks) = board.squares[usize::from(players[seat].pos)] {
                    if rk < 8 && ranks & (1 << rk) != 0 {
                        let carrots = rank_carrots * rk as u32;
                        players[seat].carrots += carrots;
                        log(Note::Paid { rank: rk, carrots });
                    }
                }
                players[seat].mark = Mark::Settled;
            }
            _ => {}
        }
    }
    let legal = legal(board, players, seat);
    let me = players[seat];
    players[seat].again = false;
    let Some(action) = decide(board, policy, &me, &legal, chance) else {
        log(Note::Skipped);
        return Phase::Done;
    };
    let pos = usize::from(me.pos);
    match action {
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
                return hare(board, policy, players, seat, paid, chance, log);
            }
            Phase::Done
        }
    }
}

/// A hare square's draw and its effect, for `seat` just arrived having paid `paid`.
fn hare<C: Chance, L: FnMut(Note)>(
    board: &Board,
    policy: &Policy,
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
        HareDraws::Cards => (None, chance.card(&board.pile)),
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
            let delta = carrot_delta(board, policy, &me);
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

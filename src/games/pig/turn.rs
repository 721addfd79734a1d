//! The rules of Pig as one step function, [`roll_or_hold`]: one roll or a hold, from a player's
//! score and turn total. A policy's turn ([`Alone`], [`Table`]) and a player choosing
//! ([`Deciding`]) all run it; the exact chains enumerate its die, the simulator samples it.

use super::board::{Board, Policy};
pub use super::player::{Choice, Player};
use crate::games::chance::{CapWords, Chance, ChanceTurn, Phase, TableTurn};
use crate::games::decision::DecisionTurn;

/// What happened during a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Note {
    /// Rolled `face`, the turn's total now `total`.
    Rolled { face: u32, total: u32 },
    /// Rolled a 1: the turn's total is lost.
    Pigged { lost: u32 },
    /// Held: the total banked, the score now `score`.
    Held { total: u32, score: u32 },
    /// Reached the goal: the game is over.
    Home { score: u32 },
    /// The turn is over (told by the game): the score.
    TurnEnd { score: u32 },
}

/// One roll (or the hold) of `choice` for `p` on `board`: where it leaves the player, the die
/// drawn from `chance`. A turn starts with a roll whatever the choice; a 1 loses the total
/// and ends the turn; reaching the goal, banked or not, wins at once.
pub fn roll_or_hold<C: Chance, L: FnMut(Note)>(
    board: &Board,
    choice: Choice,
    p: &mut Player,
    chance: &mut C,
    log: &mut L,
) -> Phase {
    if choice == Choice::Hold && p.total > 0 {
        p.score += p.total;
        log(Note::Held {
            total: p.total,
            score: p.score,
        });
        p.total = 0;
        return Phase::Done;
    }
    let face = chance.pick(board.faces as usize) as u32 + 1;
    if face == 1 {
        log(Note::Pigged { lost: p.total });
        p.total = 0;
        return Phase::Done;
    }
    p.total += face;
    log(Note::Rolled {
        face,
        total: p.total,
    });
    if p.score + p.total >= board.goal {
        p.score += p.total;
        p.total = 0;
        log(Note::Home { score: p.score });
        return Phase::Home;
    }
    Phase::Again
}

/// Pig has nothing to cap: a player's points never pass the goal.
pub(super) fn cap_words() -> CapWords {
    CapWords {
        noun: "points",
        one: "point",
        name: "",
        flag: "",
        default: u32::MAX,
    }
}

/// States within a turn go up in score + total; the hold, at the same sum, after the rolls.
fn order_key(p: Player) -> (u64, u64, u64) {
    (u64::from(p.score + p.total), u64::from(p.score), 0)
}

/// One player alone following a policy.
#[derive(Debug, Clone, Copy)]
pub struct Alone<'a> {
    /// The board.
    pub board: &'a Board,
    /// The policy.
    pub policy: &'a Policy,
}

impl ChanceTurn for Alone<'_> {
    type State = Player;

    fn start(&self) -> Player {
        Player { score: 0, total: 0 }
    }

    fn play<C: Chance>(&self, state: Player, chance: &mut C) -> Option<Player> {
        let mut p = state;
        let phase = roll_or_hold(
            self.board,
            self.policy.choice(p),
            &mut p,
            chance,
            &mut |_| {},
        );
        (phase != Phase::Home).then_some(p)
    }

    fn mid_turn(&self, state: Player) -> bool {
        state.total > 0
    }

    fn progress(&self, state: Player) -> usize {
        (state.score + state.total) as usize
    }

    fn held(&self, _: Player) -> u32 {
        0
    }

    fn cap_words(&self) -> CapWords {
        cap_words()
    }

    fn order_key(&self, state: Player) -> (u64, u64, u64) {
        order_key(state)
    }
}

/// One player alone choosing to roll or hold.
#[derive(Debug, Clone, Copy)]
pub struct Deciding<'a> {
    /// The board.
    pub board: &'a Board,
}

impl DecisionTurn for Deciding<'_> {
    type State = Player;
    type Choice = Choice;

    fn start(&self) -> Player {
        Player { score: 0, total: 0 }
    }

    fn choices(&self, state: Player, out: &mut Vec<Choice>) {
        out.clear();
        out.push(Choice::Roll);
        if state.total > 0 {
            out.push(Choice::Hold);
        }
    }

    fn skip(&self) -> Choice {
        Choice::Roll
    }

    fn play<C: Chance>(&self, state: Player, choice: Choice, chance: &mut C) -> Option<Player> {
        let mut p = state;
        let phase = roll_or_hold(self.board, choice, &mut p, chance, &mut |_| {});
        (phase != Phase::Home).then_some(p)
    }

    fn mid_turn(&self, state: Player) -> bool {
        state.total > 0
    }

    fn held(&self, _: Player) -> u32 {
        0
    }

    fn cap_words(&self) -> CapWords {
        cap_words()
    }

    fn order_key(&self, state: Player) -> (u64, u64, u64) {
        order_key(state)
    }

    fn choice_words(&self, choice: Choice) -> String {
        choice.words().to_string()
    }
}

/// Players at a table, each following its policy; they take turns, and never meet.
#[derive(Debug, Clone, Copy)]
pub struct Table<'a> {
    /// The board.
    pub board: &'a Board,
    /// Each seat's policy, seat 0 first.
    pub policies: &'a [&'a Policy],
}

impl TableTurn for Table<'_> {
    type Player = Player;
    type Note = Note;

    fn seats(&self) -> usize {
        self.policies.len()
    }

    fn spaces(&self) -> usize {
        self.board.goal as usize + 1
    }

    fn start(&self) -> Player {
        Player { score: 0, total: 0 }
    }

    fn cyclic_pile(&self) -> Option<usize> {
        None
    }

    fn play<C: Chance, L: FnMut(Note)>(
        &self,
        players: &mut [Player],
        seat: usize,
        chance: &mut C,
        log: &mut L,
    ) -> Phase {
        let p = &mut players[seat];
        let choice = self.policies[seat].choice(*p);
        roll_or_hold(self.board, choice, p, chance, log)
    }

    fn landed(&self, note: Note) -> Option<usize> {
        match note {
            Note::Held { score, .. } | Note::Home { score } => {
                Some(score.min(self.board.goal) as usize)
            }
            _ => None,
        }
    }

    fn skipped(&self, _: Note) -> bool {
        false
    }

    fn turn_end(&self, p: Player) -> Note {
        Note::TurnEnd { score: p.score }
    }

    fn held(&self, p: Player) -> u32 {
        p.score
    }
}

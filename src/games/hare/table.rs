//! Several players at a table, each with a fixed policy, as turns of several chances
//! ([`TableTurn`]): what the simulator of [`crate::sim::policies`] plays.

use super::board::{Board, CardPile, HareDraws};
use super::policy::Policy;
use super::turn::{play_turn, Note, Phase, Player};
use crate::games::chance::{Chance, TableTurn};

/// The players at a table on `board`, seat `i` following `policies[i]`.
#[derive(Debug, Clone, Copy)]
pub struct Table<'a> {
    /// The board, its rules applied.
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
        self.board.squares.len()
    }

    fn start(&self) -> Player {
        Player::start(self.board)
    }

    fn cyclic_pile(&self) -> Option<usize> {
        let rules = &self.board.rules;
        (rules.hare_draws == HareDraws::Cards && rules.card_pile == CardPile::Cyclic)
            .then_some(self.board.pile.len())
    }

    fn play<C: Chance, L: FnMut(Note)>(
        &self,
        players: &mut [Player],
        seat: usize,
        chance: &mut C,
        log: &mut L,
    ) -> Phase {
        play_turn(self.board, self.policies[seat], players, seat, chance, log)
    }

    fn landed(&self, note: Note) -> Option<usize> {
        match note {
            Note::Moved { to, .. } | Note::Displaced { to, .. } | Note::Back { to, .. } => Some(to),
            _ => None,
        }
    }

    fn skipped(&self, note: Note) -> bool {
        note == Note::Skipped
    }

    fn turn_end(&self, p: Player) -> Note {
        Note::TurnEnd {
            square: usize::from(p.pos),
            carrots: p.carrots,
            lettuces: p.lettuces,
        }
    }

    fn held(&self, p: Player) -> u32 {
        p.carrots
    }
}

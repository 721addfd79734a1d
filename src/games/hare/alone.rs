//! One player alone under a fixed policy, as a turn of several chances
//! ([`ChanceTurn`]): what the exact chain of [`crate::solve::chances`] is built from.

use super::board::Board;
use super::policy::Policy;
use super::turn::{play_turn, Phase, Player};
use crate::games::chance::{CapWords, Chance, ChanceTurn};

/// A player alone on `board`, following `policy`.
#[derive(Debug, Clone, Copy)]
pub struct Alone<'a> {
    /// The board, its rules applied.
    pub board: &'a Board,
    /// The policy the player follows.
    pub policy: &'a Policy,
}

impl ChanceTurn for Alone<'_> {
    type State = Player;

    fn start(&self) -> Player {
        Player::start(self.board)
    }

    fn play<C: Chance>(&self, state: Player, chance: &mut C) -> Option<Player> {
        let mut players = [state];
        let phase = play_turn(
            self.board,
            self.policy,
            &mut players,
            0,
            chance,
            &mut |_| {},
        );
        (phase != Phase::Home).then_some(players[0])
    }

    fn mid_turn(&self, state: Player) -> bool {
        state.again
    }

    fn progress(&self, state: Player) -> usize {
        usize::from(state.pos)
    }

    fn held(&self, state: Player) -> u32 {
        state.carrots
    }

    fn cap_words(&self) -> CapWords {
        cap_words()
    }

    fn order_key(&self, p: Player) -> (u64, u64, u64) {
        order_key(p)
    }
}

/// How messages name the carrots a player holds and the exact chain's cap on them.
pub(super) fn cap_words() -> CapWords {
    CapWords {
        noun: "carrots",
        one: "carrot",
        name: "carrot cap",
        flag: "--carrot-cap",
        default: super::CARROT_CAP,
    }
}

/// Lettuces only go down; 10 x square + carrots goes up with every forward move of up to 18
/// squares (it gains 10n - n(n+1)/2), with chewing and with the carrots a square pays, and
/// stays put when moving back to a tortoise square (which the square, descending, then
/// puts later). What remains backward (giving carrots away, a hare sending the player back
/// to a carrot square) is few. Then the mark and "move again", in their declared order.
pub(super) fn order_key(p: Player) -> (u64, u64, u64) {
    (
        u64::from(u8::MAX - p.lettuces),
        10 * u64::from(p.pos) + u64::from(p.carrots),
        (u64::from(u8::MAX - p.pos) << 8 | p.mark as u64) << 1 | u64::from(p.again),
    )
}

//! One player alone who decides ([`DecisionTurn`]): at every turn the choices the rules allow
//! ([`super::choices::choices`]), played by the same step function as the policies
//! ([`super::turn::begin_turn`], [`super::turn::act`]). What [`crate::solve::best`] solves.

use super::alone::{cap_words, order_key};
use super::board::Board;
use super::choice::Choice;
use super::choices::choices;
use super::moves::Giver;
use super::turn::{act, begin_turn, legal, Phase, Player};
use crate::games::chance::{CapWords, Chance};
use crate::games::decision::DecisionTurn;

/// A player alone on `board`, choosing its moves.
#[derive(Debug, Clone, Copy)]
pub struct Deciding<'a> {
    /// The board, its rules applied.
    pub board: &'a Board,
}

impl Deciding<'_> {
    /// The player of `state` once its turn has begun, and whether the turn is already over (a
    /// missed turn).
    pub fn begun(&self, state: Player) -> (Player, bool) {
        let mut players = [state];
        let over = begin_turn(self.board, &mut players, 0, &mut |_| {}).is_some();
        (players[0], over)
    }
}

impl DecisionTurn for Deciding<'_> {
    type State = Player;
    type Choice = Option<Choice>;

    fn start(&self) -> Player {
        Player::start(self.board)
    }

    fn choices(&self, state: Player, out: &mut Vec<Option<Choice>>) {
        out.clear();
        let (me, over) = self.begun(state);
        if over {
            return;
        }
        let legal = legal(self.board, &[me], 0);
        let mut all = Vec::new();
        choices(self.board, &me, &legal, &mut all);
        out.extend(all.into_iter().map(Some));
    }

    fn skip(&self) -> Option<Choice> {
        None
    }

    fn play<C: Chance>(
        &self,
        state: Player,
        choice: Option<Choice>,
        chance: &mut C,
    ) -> Option<Player> {
        let mut players = [state];
        if begin_turn(self.board, &mut players, 0, &mut |_| {}).is_some() {
            return Some(players[0]);
        }
        // A choice always fixes the hare's answer where it matters: the giver is never asked.
        let giver = Giver::Fixed(false);
        let phase = act(
            self.board,
            giver,
            choice,
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

    fn held(&self, state: Player) -> u32 {
        state.carrots
    }

    fn cap_words(&self) -> CapWords {
        cap_words()
    }

    fn order_key(&self, state: Player) -> (u64, u64, u64) {
        order_key(state)
    }

    fn choice_words(&self, choice: Option<Choice>) -> String {
        choice.map_or_else(|| "skip".to_string(), |c| c.words())
    }

    /// The same move; a hare's "chew a carrot" answered alike where both say how.
    fn same_choice(&self, made: Option<Choice>, offered: Option<Choice>) -> bool {
        match (made, offered) {
            (Some(a), Some(b)) => {
                a.action == b.action
                    && (a.hare_gives.is_none()
                        || b.hare_gives.is_none()
                        || a.hare_gives == b.hare_gives)
            }
            (a, b) => a == b,
        }
    }
}

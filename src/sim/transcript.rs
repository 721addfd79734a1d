//! `candyland play`: one game turn by turn, the first game that `simulate --seed S` plays, as
//! the log the seed programs print; with `--odds`, each player's exact chance to win after
//! every turn ([`with_odds`]).

use serde::{Deserialize, Serialize};

use crate::chain::{Chain, FINISH};
use crate::games::Game;
use crate::sim::{chunk_rng, DeckMode, Iid, Observer, Simulator};
use crate::solve::odds::Curves;
use crate::solve::vocabulary::StateRef;

/// One turn of a transcript.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TurnRecord {
    /// The turn's number, from 1, counting every player's turns.
    pub turn: u32,
    /// 1-based seat.
    pub player: usize,
    /// The card drawn; `None` for a lost turn.
    pub card: Option<String>,
    /// The player's state before the turn.
    pub from: StateRef,
    /// The state after the turn; `None` when this turn finishes the game.
    pub to: Option<StateRef>,
    /// What happened on the turn, one kebab-case word each, e.g. "shortcut", "turn-lost".
    pub events: Vec<String>,
    /// With `--odds`: P(player i wins) after this turn, by seat (i.i.d. draws); 1 for the
    /// winner and 0 for the others after the finishing turn. In JSON only with `--odds`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub win: Option<Vec<f64>>,
}

/// `play --json`: one game, turn by turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Transcript {
    /// The board's short name.
    pub board: String,
    /// The seed: the game is the first one `simulate --seed S` plays.
    pub seed: u64,
    /// How cards were drawn.
    pub deck: DeckMode,
    /// Number of players, taking turns in seat order.
    pub players: usize,
    /// Every turn played, in order.
    pub turns: Vec<TurnRecord>,
    /// 1-based seat of the winner; `None` if the game hit the turn limit.
    pub winner: Option<usize>,
    /// With `--odds`: P(player i wins) before the first turn, by seat. In JSON only with
    /// `--odds`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_win: Option<Vec<f64>>,
    /// With `--odds`: the turn limit cut some of the distributions they come from, so each
    /// chance is a lower bound (the chances of a turn then sum to less than 1). In JSON only
    /// when true.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub odds_truncated: bool,
}

/// One game, turn by turn: the first game that `simulate --seed S` plays.
pub fn transcript<G: Game>(
    game: &G,
    chain: &Chain<G::State, G::Card>,
    board: &str,
    seed: u64,
    deck: DeckMode,
    players: usize,
    max_turns: u32,
) -> Transcript {
    let sim = Simulator::new(chain);
    let mut rng = chunk_rng(seed, 0);
    let mut log = Log {
        game,
        chain,
        sim: &sim,
        turns: Vec::new(),
    };
    let mut seats = vec![0; players];
    let d = chain.denominator();
    let played = match deck {
        DeckMode::Iid => {
            sim.play_observed(&mut rng, &mut Iid::new(d), &mut seats, max_turns, &mut log)
        }
        deck => sim.play_observed(
            &mut rng,
            &mut deck.source(d),
            &mut seats,
            max_turns,
            &mut log,
        ),
    };
    let (turns, winner) = (log.turns, played.winner.map(|w| w + 1));
    Transcript {
        board: board.to_string(),
        seed,
        deck,
        players,
        turns,
        winner,
        start_win: None,
        odds_truncated: false,
    }
}

/// Every chain state a token stands on before or after some turn of `t`, `start` included.
pub fn visited_states(t: &Transcript, start: usize) -> Vec<usize> {
    let mut states: Vec<usize> = std::iter::once(start)
        .chain(
            t.turns
                .iter()
                .filter_map(|r| r.to.as_ref().map(|t| t.state)),
        )
        .collect();
    states.sort_unstable();
    states.dedup();
    states
}

/// Adds each player's chance to win before the first turn and after every turn, from where
/// the tokens stand and whose turn is next ([`Curves::odds`]); `curves` must cover
/// [`visited_states`]. After the finishing turn the game is decided: 1 for the winner.
pub fn with_odds(t: &mut Transcript, start: usize, curves: &Curves) {
    let k = t.players;
    let mut tokens = vec![start; k];
    t.start_win = Some(curves.odds(&tokens, 0).win);
    t.odds_truncated = curves.truncated();
    for r in &mut t.turns {
        let seat = r.player - 1;
        r.win = Some(match r.to.as_ref().map(|t| t.state) {
            Some(state) => {
                tokens[seat] = state;
                curves.odds(&tokens, (seat + 1) % k).win
            }
            None => (0..k).map(|i| if i == seat { 1.0 } else { 0.0 }).collect(),
        });
    }
}

/// Writes down every turn of a game, in words.
struct Log<'a, G: Game> {
    game: &'a G,
    chain: &'a Chain<G::State, G::Card>,
    sim: &'a Simulator,
    turns: Vec<TurnRecord>,
}

impl<G: Game> Observer for Log<'_, G> {
    fn after_turn(&mut self, seat: usize, from: u32, card: Option<u32>, to: u32) {
        let (game, chain) = (self.game, self.chain);
        let s = self.sim.state_index(from);
        let kind = card.map_or(0, |c| self.sim.kind(c));
        let to_state = (to != FINISH).then(|| self.sim.state_index(to));
        self.turns.push(TurnRecord {
            turn: self.turns.len() as u32 + 1,
            player: seat + 1,
            card: card.map(|_| game.card_name(chain.cards()[kind].0)),
            from: StateRef::of(game, s, chain.states()[s]),
            to: to_state.map(|t| StateRef::of(game, t, chain.states()[t])),
            events: chain
                .events(game, s, kind)
                .iter()
                .map(|e| game.event_name(e))
                .collect(),
            win: None,
        });
    }
}

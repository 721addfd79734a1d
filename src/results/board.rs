//! The board a question is asked of: read once as a [`BoardSource`] of any game, then parsed by
//! its game's schema ([`crate::games::with_game`]), so that every question is written once,
//! generic over the game.

use crate::error::Result;

use crate::budget::Budget;
use crate::chain::Chain;
use crate::games::load::About;
use crate::games::{BoardSource, Game, GameVisitor, PolicyGame, PolicyVisitor, Source, Variant};
use crate::input::error::UserError;

/// A board with a variant applied, its identity and its chain: where most questions start.
pub struct Built<G: Game> {
    /// The validated board.
    pub game: G,
    /// Its identity, carried into every answer.
    pub about: About,
    /// Its chain of reachable states.
    pub chain: Chain<G::State, G::Card>,
}

/// Applies `variant` to the board, validates it and builds its chain within the budget.
pub fn build<G: Game>(source: &Source<G>, variant: &Variant, budget: &Budget) -> Result<Built<G>> {
    let game = source.game(variant)?;
    let about = crate::games::load::about(&game, variant);
    let chain = Chain::build_within(&game, budget)?;
    Ok(Built { game, about, chain })
}

/// A question asked of a board of any game: [`ask`] calls it with the board parsed by its
/// game's schema.
pub(crate) trait Question {
    /// The answer.
    type Answer;
    /// The answer on a board of game `G`.
    fn on<G: Game>(&self, source: Source<G>, budget: &Budget) -> Result<Self::Answer>;
    /// The answer on a board of policy game `P` ([`PolicyGame`]), whose turn draws several
    /// chances and whose players interact; by default the question is not asked of it.
    fn policies<P: PolicyGame>(
        &self,
        board: &BoardSource,
        _budget: &Budget,
    ) -> Result<Self::Answer> {
        Err(not_for_policies(board, P::KIND).into())
    }
}

/// The refusal of a question a policy game's board (of game `kind`) cannot answer.
pub(crate) fn not_for_policies(board: &BoardSource, kind: &str) -> UserError {
    UserError::Board {
        board: board.label.clone(),
        message: format!(
            "is a {kind} board; this command does not play it: use analyze, simulate or play"
        ),
    }
}

struct OnPolicies<'a, Q>(&'a Q, &'a BoardSource, &'a Budget);

impl<Q: Question> PolicyVisitor for OnPolicies<'_, Q> {
    type Output = Result<Q::Answer>;
    fn visit<P: PolicyGame>(self) -> Result<Q::Answer> {
        self.0.policies::<P>(self.1, self.2)
    }
}

struct On<'a, Q>(&'a Q, &'a Budget);

impl<Q: Question> GameVisitor for On<'_, Q> {
    type Output = Result<Q::Answer>;
    fn visit<G: Game>(self, source: Source<G>) -> Result<Q::Answer> {
        self.0.on(source, self.1)
    }
}

/// Asks `question` of `board`, whatever its game.
pub(crate) fn ask<Q: Question>(
    board: &BoardSource,
    question: &Q,
    budget: &Budget,
) -> Result<Q::Answer> {
    if let Some(answer) =
        crate::games::with_policy_game(board, OnPolicies(question, board, budget))?
    {
        return answer;
    }
    crate::games::with_game(board, On(question, budget))?
        .map_err(|e| name_the_board(e, &board.label))
}

/// A [`crate::solve::SolveError`] (the board's games can go on forever, a chance too small to
/// compute) says what is wrong with *a* board; the board file is named before it, since the
/// message alone does not say which file to change.
pub fn name_the_board(e: crate::Error, label: &str) -> crate::Error {
    if matches!(e.root(), crate::Error::Unsolvable(_)) {
        e.context(label.to_string())
    } else {
        e
    }
}

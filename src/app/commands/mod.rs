//! The commands, one module each: each checks its flags, runs the library's analyses and
//! renders the result ([`crate::output`]). [`crate::run`] only dispatches to them.

pub(crate) mod analyze;
pub(crate) mod boards;
pub(crate) mod check;
pub(crate) mod compare;
pub(crate) mod crosscheck;
pub(crate) mod forever;
pub(crate) mod generate;
pub(crate) mod hare;
pub(crate) mod help;
pub(crate) mod odds;
pub(crate) mod passage;
pub(crate) mod play;
pub(crate) mod players;
pub(crate) mod report;
pub(crate) mod simulate;
pub(crate) mod spaces;
pub(crate) mod transitions;
pub(crate) mod whatif;

use anyhow::Result;

use crate::budget::Budget;
use crate::games::Game;
use crate::games::{GameVisitor, Source};
use crate::input::error::UserError;
use crate::output::Layout;
use crate::sim::DeckMode;

/// The most players a game may have.
pub const MAX_PLAYERS: usize = 6;

/// Checks `--players`.
pub(crate) fn check_players(k: usize) -> Result<(), UserError> {
    if (1..=MAX_PLAYERS).contains(&k) {
        Ok(())
    } else {
        Err(bad_flag(
            "--players",
            format!("{k} is not between 1 and {MAX_PLAYERS}"),
        ))
    }
}

/// `--deck`: a shuffled deck by default where there is a deck, i.i.d. draws for a spinner (which
/// has nothing to shuffle).
pub(crate) fn deck_mode(flag: Option<DeckMode>, has_deck: bool) -> Result<DeckMode, UserError> {
    match (flag, has_deck) {
        (Some(d), false) if d.needs_deck() => Err(bad_flag(
            "--deck",
            "this game is played with a spinner or die, not a deck of cards, so there is nothing to shuffle: its draws are independent; use --deck iid (the default here)",
        )),
        (Some(d), _) => Ok(d),
        (None, true) => Ok(DeckMode::Shuffled),
        (None, false) => Ok(DeckMode::Iid),
    }
}

pub(crate) fn bad_flag(flag: &str, message: impl Into<String>) -> UserError {
    UserError::BadFlag {
        flag: flag.into(),
        message: message.into(),
    }
}

/// `value` as `command`'s `--json` document ([`crate::output::json::document`]).
pub(crate) fn json<T: serde::Serialize>(command: &str, value: &T) -> Result<String> {
    Ok(crate::output::json::document(command, value)?)
}

/// A board with the flags' variant applied, its identity and its chain: where most commands
/// start.
pub(crate) struct Built<G: Game> {
    pub game: G,
    pub about: crate::games::load::About,
    pub chain: crate::chain::Chain<G::State, G::Card>,
}

/// Applies `variant` to the board, validates it and builds its chain within the budget.
pub(crate) fn build<G: Game>(
    source: &Source<G>,
    variant: &crate::games::Variant,
    budget: &Budget,
) -> Result<Built<G>> {
    let game = source.game(variant)?;
    let about = crate::games::load::about(&game, variant);
    let chain = crate::chain::Chain::build_within(&game, budget)?;
    Ok(Built { game, about, chain })
}

/// A command that works on one board, written once for every game: its flags implement this,
/// and [`on_board`] calls it with the board parsed by its game's schema.
pub(crate) trait BoardCommand {
    /// Runs the command on a board of game `G`, its text laid out by `layout`.
    fn run_on<G: Game>(&self, source: Source<G>, budget: &Budget, layout: Layout)
        -> Result<String>;
    /// Runs the command on a Hare and Tortoise board, which has its own step function and
    /// chain ([`crate::games::hare`]); by default the command does not play it.
    fn run_hare(
        &self,
        source: &crate::games::BoardSource,
        _budget: &Budget,
        _layout: Layout,
    ) -> Result<String> {
        Err(UserError::Board {
            board: source.label.clone(),
            message: format!(
                "is a {} board; this command does not play it: use analyze, simulate, play, check or report",
                crate::games::hare::KIND
            ),
        }
        .into())
    }
    /// The Hare and Tortoise flag given (`--policy`, `--carrot-cap`), which other boards reject.
    fn hare_flag(&self) -> Option<&'static str> {
        None
    }
}

struct On<'a, C>(&'a C, &'a Budget, Layout);

impl<C: BoardCommand> GameVisitor for On<'_, C> {
    type Output = Result<String>;
    fn visit<G: Game>(self, source: Source<G>) -> Result<String> {
        self.0.run_on(source, self.1, self.2)
    }
}

/// Reads the board `spec` names and runs `command` on it, whatever its game.
pub(crate) fn on_board<C: BoardCommand>(
    spec: &str,
    command: &C,
    budget: &Budget,
    layout: Layout,
) -> Result<String> {
    let source = crate::games::load::read_board(Some(spec))?;
    if source.kind()? == crate::games::hare::KIND {
        return command.run_hare(&source, budget, layout);
    }
    if let Some(flag) = command.hare_flag() {
        return Err(bad_flag(flag, "applies only to Hare and Tortoise boards").into());
    }
    crate::games::with_game(&source, On(command, budget, layout))?
        .map_err(|e| name_the_board(e, &source.label))
}

/// A [`crate::solve::SolveError`] (the board's games can go on forever, a chance too small to
/// compute) says what is wrong with *a* board; the board file is named before it, since the
/// message alone does not say which file to change.
pub(crate) fn name_the_board(e: anyhow::Error, label: &str) -> anyhow::Error {
    if e.chain().any(|c| c.is::<crate::solve::SolveError>()) {
        e.context(label.to_string())
    } else {
        e
    }
}

//! `analyze`, `simulate` and `play` on a Hare and Tortoise board: the glue between the flags
//! and [`crate::games::hare`], which has its own chain and simulator.

use anyhow::Result;

use super::bad_flag;
use crate::app::cli::{AnalyzeArgs, PlayArgs, SimulateArgs, VariantArgs};
use crate::app::format::Form;
use crate::games::hare::{self, Board, Policy};
use crate::games::BoardSource;
use crate::input::error::UserError;
use crate::output::hare as report;
use crate::output::Plain;
use crate::results::options::check_players;
use crate::results::Format;
use crate::sim::hare as simulate;
use crate::solve::hare as exact;

/// The default carrot cap of the exact chain: on both shipped boards' policies the chance of
/// ever holding more is below 1e-11 (measured and printed by every run).
pub const DEFAULT_CARROT_CAP: u32 = 600;
/// The most states the exact chain may have.
const MAX_STATES: usize = 3_000_000;
/// The largest feedback set the general solver is given (its dense part grows as its cube:
/// about 6 s at 2,700 states on 2 cores).
pub const MAX_FEEDBACK: usize = 3_000;

/// Parses the board and refuses the flags of other games.
fn board(source: &BoardSource, variant: &VariantArgs) -> Result<Board, UserError> {
    if !variant.to_variant().is_default() {
        return Err(bad_flag(
            "--without and the rule flags",
            "do not apply to Hare and Tortoise boards; edit the board file's [rules] table instead",
        ));
    }
    hare::parse(&source.label, &source.text)
}

/// The policy of each of `players` seats, from `--policy` or the board's default.
pub fn seat_policies<'a>(
    board: &'a Board,
    flag: Option<&str>,
    players: usize,
) -> Result<Vec<&'a Policy>, UserError> {
    let names: Vec<&str> = match flag {
        None => vec![board.default_policy.as_str()],
        Some(list) => list.split(',').map(str::trim).collect(),
    };
    let names = match names.len() {
        1 => vec![names[0]; players],
        n if n == players => names,
        n => {
            return Err(bad_flag(
                "--policy",
                format!(
                    "{n} names for {players} players; give one name (every seat) or one per seat"
                ),
            ))
        }
    };
    names
        .iter()
        .map(|n| board.policy(n).map_err(|m| bad_flag("--policy", m)))
        .collect()
}

impl AnalyzeArgs {
    /// `analyze` on a Hare and Tortoise board: the exact figures of one player alone.
    pub(crate) fn hare(&self, source: &BoardSource, form: Form) -> Result<String> {
        if form.format != Format::Text || self.exact || self.moments_only {
            return Err(bad_flag(
                "--json, --csv, --exact, --moments-only",
                "are not available for Hare and Tortoise boards yet; the table is",
            )
            .into());
        }
        let board = board(source, &self.variant)?;
        let policy = seat_policies(&board, self.variant.policy.as_deref(), 1)?[0];
        let cap = self.variant.carrot_cap.unwrap_or(DEFAULT_CARROT_CAP);
        let started = std::time::Instant::now();
        let chain =
            exact::build(&board, policy, cap, MAX_STATES).map_err(|m| UserError::Board {
                board: source.label.clone(),
                message: m,
            })?;
        let lengths = exact::lengths(&chain, self.tolerance, self.max_turns.unwrap_or(100_000));
        let solved = general_solve(&chain);
        let text = report::alone_text(&report::Alone {
            label: &source.label,
            policy: &policy.name,
            states: chain.len(),
            cap,
            lengths: &lengths,
            solved,
            seconds: started.elapsed().as_secs_f64(),
            cards_independent: board.rules.hare_draws == hare::board::HareDraws::Cards
                && board.rules.card_pile == hare::board::CardPile::Cyclic,
        });
        form.render(&Plain(text))
    }
}

/// The general cyclic solver on the chain, when its dense part is small enough.
pub fn general_solve(chain: &exact::Chain) -> Result<exact::Solved, String> {
    let form = chain.solver_form()?;
    let k = crate::solve::Sweep::<f64>::feedback_size(&form.counts);
    if k > MAX_FEEDBACK {
        return Err(format!(
            "its dense part would have {k} feedback states (more than {MAX_FEEDBACK}; the cost grows as the cube); the distribution above is exact to its tolerance; --carrot-cap 200 runs it"
        ));
    }
    exact::solve(chain).map_err(|e| e.to_string())
}

/// The Hare and Tortoise flag given, if any.
pub fn hare_flag(v: &VariantArgs) -> Option<&'static str> {
    if v.policy.is_some() {
        Some("--policy")
    } else if v.carrot_cap.is_some() {
        Some("--carrot-cap")
    } else {
        None
    }
}

/// `simulate` on a Hare and Tortoise board.
pub(crate) fn simulate_hare(
    args: &SimulateArgs,
    source: &BoardSource,
    form: Form,
) -> Result<String> {
    if form.format != Format::Text || args.lengths.is_some() || args.deck.is_some() {
        return Err(bad_flag(
            "--json, --csv, --lengths, --deck",
            "are not available for Hare and Tortoise boards yet (the card pile is a board rule: rules.card-pile)",
        )
        .into());
    }
    if args.variant.carrot_cap.is_some() {
        return Err(bad_flag("--carrot-cap", "applies to analyze only").into());
    }
    check_players(args.players)?;
    let board = board(source, &args.variant)?;
    let policies = seat_policies(&board, args.variant.policy.as_deref(), args.players)?;
    let max_turns = args.max_turns.min(100_000);
    let summary = simulate::simulate(&board, &policies, args.games, args.seed, max_turns);
    let names: Vec<String> = policies.iter().map(|p| p.name.clone()).collect();
    form.render(&Plain(report::summary_text(
        &board,
        &source.label,
        &names,
        args.seed,
        max_turns,
        &summary,
    )))
}

/// `play` on a Hare and Tortoise board: Wiener's transactions log of one game, the first one
/// `simulate --seed S` plays.
pub(crate) fn play_hare(args: &PlayArgs, source: &BoardSource, form: Form) -> Result<String> {
    if form.format != Format::Text || args.odds || args.deck.is_some() {
        return Err(bad_flag(
            "--json, --odds, --deck",
            "are not available for Hare and Tortoise boards",
        )
        .into());
    }
    if args.variant.carrot_cap.is_some() {
        return Err(bad_flag("--carrot-cap", "applies to analyze only").into());
    }
    check_players(args.players)?;
    let board = board(source, &args.variant)?;
    let policies = seat_policies(&board, args.variant.policy.as_deref(), args.players)?;
    let mut rng = crate::sim::chunk_rng(args.seed, 0);
    let mut lines: Vec<String> = Vec::new();
    let game = simulate::play_game(
        &board,
        &policies,
        &mut rng,
        10_000,
        &mut |turn, seat, note| {
            lines.push(format!(
                "{turn:>5}  {}",
                report::log_line(&board, seat, note)
            ));
        },
    );
    let names: Vec<String> = policies.iter().map(|p| p.name.clone()).collect();
    let mut out = format!(
        "Hare and Tortoise, {}: {} player(s) ({}), seed {}\nTransactions log (turn, what happened):\n",
        source.label,
        policies.len(),
        names.join(", "),
        args.seed
    );
    for l in &lines {
        out.push_str(l);
        out.push('\n');
    }
    match game.winner {
        Some(w) => out.push_str(&format!(
            "Player {} wins after {} turns (all players'), with {} carrots.\n",
            w + 1,
            game.turns,
            game.carrots_left
        )),
        None => out.push_str(&format!(
            "No player reached home in {} turns; the game was stopped.\n",
            game.turns
        )),
    }
    form.render(&Plain(out))
}

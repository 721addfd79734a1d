//! The reference of `check` on a board of a policy game: the board's rules and the seats'
//! policies, exact for one player alone (its chain) and simulated for several. A reference
//! whose games cannot all reach home is refused, naming the board and why: there is no
//! distribution of game lengths to check against (as a race board whose games can go on
//! forever is refused).

use std::sync::Arc;

use super::models::{exact_model, model_of, seconds_per_game, ExactRefused};
use super::{extra, policy_word, stop_after, Distinct};
use crate::check::{Candidate, Settings};
use crate::games::policy_game::PolicyGame;
use crate::games::Variant;
use crate::input::error::UserError;
use crate::input::number::count;

/// The reference of `check` on a board of a policy game: its rules, `policies` (one per
/// seat), exact for one player alone where the chain can follow the game, else simulated with
/// `--reference-games` games.
pub fn reference<G: PolicyGame>(
    board: &G,
    label: String,
    variant: &Variant,
    policies: &[&G::Policy],
    cap: u32,
    longest: usize,
    settings: &Settings,
) -> crate::Result<Candidate> {
    let d = Distinct {
        board: board.clone(),
        policies: crate::games::policy_game::policy_names::<G>(policies),
        model: None,
    };
    let model = if d.exact_able() {
        exact_model(board, policies[0], cap, longest, &settings.budget).map_err(|e| match e {
            ExactRefused::Budget(e) => crate::Error::from(e),
            ExactRefused::NotEveryGame(message) => UserError::Board {
                board: label.clone(),
                message,
            }
            .into(),
        })?
    } else {
        let per = seconds_per_game(board, policies, settings.seed);
        let threads = rayon::current_num_threads().max(1) as f64;
        settings.budget.time(
            &format!(
                "simulating {} games",
                crate::input::number::count(settings.reference_games)
            ),
            per * settings.reference_games as f64 / threads,
            "use fewer --reference-games",
        )?;
        let stop = stop_after(longest);
        let s = crate::sim::policies::simulate(
            &board.table(policies),
            settings.reference_games,
            settings.seed,
            stop,
        );
        if s.finished() == 0 {
            return Err(UserError::Board {
                board: label,
                message: format!(
                    "no game can reach home: none of the {} reference games of {} ({}) ended within {} turns, so there is no distribution of game lengths to check against",
                    count(s.games),
                    if policies.len() == 1 { "one player".to_string() } else { format!("{} players", policies.len()) },
                    policy_word(&d.policies),
                    count(u64::from(stop))
                ),
            }
            .into());
        }
        // The sample is this tool's own simulation: a model it cannot make is a bug.
        model_of(&s, stop).map_err(|e| {
            crate::Error::Internal(format!("the reference games make no distribution: {e}"))
        })?
    };
    Ok(Candidate {
        game: G::KIND,
        board: board.name().to_string(),
        variant: variant.clone(),
        deck: None,
        extra: extra(&d.policies),
        model: Arc::new(model),
        model_id: 0,
    })
}

//! Where a program's player stands: its games' mean length alone, against the exact expected
//! turns of every policy of the board and the best play ([`crate::results::best`]). What a
//! student who wrote a computer player asks: how good is it, and how good could it be?

use crate::budget::Budget;
use crate::check::standing::Standing;
use crate::error::Result;
use crate::games::policy_game::PolicyGame;
use crate::games::{BoardSource, Variant};
use crate::results::policies::PolicyAlone;

/// The standing of a sample of one player's games (mean `mean`, sd `sd`, `n` games) on
/// `board`, within `budget`.
pub fn standing<G: PolicyGame>(
    board: &G,
    source: &BoardSource,
    variant: &Variant,
    (mean, sd, n): (f64, f64, u64),
    cap: u32,
    budget: &Budget,
) -> Result<Standing> {
    let tolerances = (1e-12, 100_000);
    // The best play under a name the board does not use.
    let names = board.policy_names();
    let name = (0..)
        .map(|i| {
            if i == 0 {
                "best".to_string()
            } else {
                format!("best-{i}")
            }
        })
        .find(|n| !names.contains(&n.as_str()))
        .unwrap_or_default();
    let solved =
        crate::results::best::solve(board, source, variant, &name, cap, tolerances, budget)?;
    let best = solved.best.mean.unwrap_or(f64::NAN);
    let mut policies = Vec::new();
    for name in board.policy_names() {
        let Ok(policy) = board.policy(name) else {
            continue;
        };
        let a = PolicyAlone::of(board, policy, cap, tolerances, budget)?;
        policies.push((name.to_string(), a.mean));
    }
    let half_width = 1.96 * sd / (n as f64).sqrt();
    let lower = solved.values.lower[solved.g.start];
    let (mut fewer, mut more, mut within) = (Vec::new(), Vec::new(), Vec::new());
    for (name, m) in &policies {
        let Some(m) = m else { continue };
        let named = format!("{name} ({m:.4})");
        if mean + half_width < *m {
            fewer.push(named);
        } else if mean - half_width > *m {
            more.push(named);
        } else {
            within.push(named);
        }
    }
    let mut words = format!(
        "{mean:.4} ± {half_width:.4} turns (95 %): {:.4} more than the best play ({best:.4}; no policy does better than {lower:.4})",
        mean - best
    );
    for (list, how) in [
        (&fewer, "fewer than"),
        (&more, "more than"),
        (&within, "as many as (within the interval)"),
    ] {
        if !list.is_empty() {
            words.push_str(&format!("; {how} {}", list.join(", ")));
        }
    }
    Ok(Standing {
        mean,
        half_width,
        best_lower_bound: lower,
        best,
        policies,
        words,
    })
}

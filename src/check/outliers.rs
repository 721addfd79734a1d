//! The games that decide a rejection by an extreme: a length the reference cannot produce, or
//! games so long (or so short) that n games would show one only with a chance the fit rejects.
//!
//! A true outlier in a correct program is rare but possible; a loop that never ends in a buggy
//! one is common. Either way the author must be able to find the game, so each outlier names
//! where its games are in the input.

use serde::{Deserialize, Serialize};

use super::model::LengthModel;
use super::statistic::{some_in, Event};
use crate::input::number::{count, probability};
use crate::stats::P_FLOOR;

/// Games listed by where they are in the input, at most.
pub const LISTED: usize = 5;

/// Which way a group of games is extreme.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// A length the reference gives probability 0.
    Impossible,
    /// Games this long or longer.
    Long,
    /// Games this short or shorter.
    Short,
}

/// A group of games the reference all but rules out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Outlier {
    /// Impossible, long or short.
    pub side: Side,
    /// The length, in turns: exactly this (impossible), at least (long) or at most (short).
    pub turns: usize,
    /// The most extreme length of the group, in turns.
    pub extreme: usize,
    /// Games of the sample in the group.
    pub games: u64,
    /// The chance under the reference of so extreme a sample: against an exact reference, that
    /// at least one of its n games is as extreme as `turns`; against a simulated one, that at
    /// least `games` of the pooled games this extreme (the sample's and the reference's) are
    /// the sample's. 0 for an impossible length.
    pub chance: f64,
    /// Against a simulated reference: its games as extreme as `turns`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference_games: Option<u64>,
    /// Where the first of its games are in the input, in order (at most [`LISTED`]): their
    /// line in a file of lengths, their element in a JSON array, their place in a list given
    /// to the library.
    pub lines: Vec<u64>,
    /// What `lines` count: "line", "element" or "game".
    pub place: String,
}

/// The groups of games of the sample (`histogram[t]` games of length t) that `model` all but
/// rules out: each impossible length, the longest games while their chance ([`Outlier::chance`])
/// is at most half the fit's floor ([`P_FLOOR`]), and the shortest likewise. Against an exact
/// reference one such game fails the two-sided test of the longest (shortest) game on its own;
/// against a simulated one the chance is the pooled games' count, which that test (of one
/// game) does not use, so the verdict names a group only when that test fails too.
pub fn find(histogram: &[u64], model: &LengthModel) -> Vec<Outlier> {
    let n: u64 = histogram.iter().sum();
    let present: Vec<usize> = (0..histogram.len()).filter(|&t| histogram[t] > 0).collect();
    let mut out: Vec<Outlier> = present
        .iter()
        .filter(|&&t| model.p(t) <= 0.0 && model.log_p(t) == f64::NEG_INFINITY)
        .map(|&t| Outlier {
            side: Side::Impossible,
            turns: t,
            extreme: t,
            games: histogram[t],
            chance: 0.0,
            reference_games: None,
            lines: Vec::new(),
            place: "game".to_string(),
        })
        .collect();
    let possible: Vec<usize> = present
        .iter()
        .copied()
        .filter(|&t| model.log_p(t) > f64::NEG_INFINITY)
        .collect();
    // Games of the sample at least t long, and at most t short.
    let at_least = |t: usize| histogram.iter().skip(t).sum::<u64>();
    let at_most = |t: usize| histogram.iter().take(t + 1).sum::<u64>();
    let event = |side: Side, t: usize| match side {
        Side::Long => (Event::Longer(t - 1), at_least(t)),
        _ => (Event::Within(t), at_most(t)),
    };
    let flag = P_FLOOR / 2.0;
    for (side, order) in [
        (
            Side::Long,
            possible.iter().rev().copied().collect::<Vec<_>>(),
        ),
        (Side::Short, possible.clone()),
    ] {
        let chance = |t: usize| {
            if side == Side::Long && t == 0 {
                return 1.0;
            }
            let (e, x) = event(side, t);
            some_in(n, model, e, x)
        };
        let flagged: Vec<usize> = order
            .iter()
            .copied()
            .take_while(|&t| chance(t) <= flag)
            .collect();
        if let (Some(&first), Some(&last)) = (flagged.first(), flagged.last()) {
            let (e, x) = event(side, last);
            out.push(Outlier {
                side,
                turns: last,
                extreme: first,
                games: x,
                chance: chance(last),
                reference_games: match e {
                    Event::Longer(t) => model.games_longer(t),
                    Event::Within(t) => model.games_within(t),
                },
                lines: Vec::new(),
                place: "game".to_string(),
            });
        }
    }
    out
}

/// Fills each outlier's `lines` from the games in input order (`lengths[i]` at `lines[i]`, a
/// `place` of the input).
pub fn locate(outliers: &mut [Outlier], lengths: &[u32], lines: &[u32], place: &str) {
    for o in outliers.iter_mut() {
        o.place = place.to_string();
        let inside = |l: usize| match o.side {
            Side::Impossible => l == o.turns,
            Side::Long => l >= o.turns,
            Side::Short => l <= o.turns,
        };
        o.lines = lengths
            .iter()
            .zip(lines)
            .filter(|(&l, _)| inside(l as usize))
            .map(|(_, &at)| u64::from(at))
            .take(LISTED)
            .collect();
    }
}

/// "1 game of 900 turns (line 4,711): under these rules a game that long has chance about
/// 3.0e-10 in 300,001 games", of a sample of `games` games.
pub fn words(o: &Outlier, games: u64) -> String {
    let place = o.place.as_str();
    let s = |k: u64| if k == 1 { "" } else { "s" };
    let span = if o.turns == o.extreme {
        format!("{} turns", count(o.turns as u64))
    } else {
        let (a, b) = if o.turns < o.extreme {
            (o.turns, o.extreme)
        } else {
            (o.extreme, o.turns)
        };
        format!("{} to {} turns", count(a as u64), count(b as u64))
    };
    let mut at: Vec<String> = o.lines.iter().map(|&l| count(l)).collect();
    if o.games > o.lines.len() as u64 && !at.is_empty() {
        at.push(format!(
            "and {} more",
            count(o.games - o.lines.len() as u64)
        ));
    }
    let at = if at.is_empty() {
        String::new()
    } else {
        format!(" ({place}{} {})", s(o.lines.len() as u64), at.join(", "))
    };
    let head = format!("{} game{} of {span}{at}", count(o.games), s(o.games));
    let one = o.games == 1 && o.turns == o.extreme;
    let what = match (o.side, one) {
        (Side::Impossible, _) => return format!("{head}: impossible under these rules"),
        (Side::Long, true) => "a game that long".to_string(),
        (Side::Short, true) => "a game that short".to_string(),
        (Side::Long, false) => format!("a game of {} turns or more", count(o.turns as u64)),
        (Side::Short, false) => format!("a game of {} turns or fewer", count(o.turns as u64)),
    };
    match o.reference_games {
        None => format!(
            "{head}: under these rules {what} has chance about {} in {} games",
            probability(o.chance),
            count(games)
        ),
        Some(y) => format!(
            "{head}: the simulated reference has {} such game{}, and that at least {} of the {} pooled ones {} yours has chance about {} (two-sample)",
            count(y),
            s(y),
            count(o.games),
            count(o.games + y),
            if o.games == 1 { "is" } else { "are" },
            probability(o.chance)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// T = 1, 2 or 3 with probability 1/2, 1/2 - 1e-9, 1e-9.
    fn model() -> LengthModel {
        LengthModel::exact(vec![0.0, 0.5, 0.5 - 1e-9, 1e-9], vec![1.0, 0.5, 1e-9, 0.0]).unwrap()
    }

    #[test]
    fn a_length_the_reference_all_but_rules_out_is_named_with_its_chance_and_place() {
        // 1,000 games: 500 of 1 turn, 499 of 2, one of 3 at line 7. Some game of 3 turns in
        // 1,000 has chance 1 - (1 - 1e-9)^1000 = 1.0e-6, under P_FLOOR / 2: flagged.
        let h = [0, 500, 499, 1];
        let mut found = find(&h, &model());
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(
            (found[0].side, found[0].turns, found[0].games),
            (Side::Long, 3, 1)
        );
        assert!(
            (found[0].chance / 1e-6 - 1.0).abs() < 1e-6,
            "{}",
            found[0].chance
        );
        let lengths = [1, 2, 1, 1, 2, 2, 3, 1];
        let lines: Vec<u32> = (1..=8).collect();
        locate(&mut found, &lengths, &lines, "line");
        assert_eq!(found[0].lines, [7]);
        let text = words(&found[0], 1000);
        assert_eq!(
            text,
            "1 game of 3 turns (line 7): under these rules a game that long has chance about 1e-6 in 1,000 games"
        );
    }

    #[test]
    fn an_impossible_length_is_its_own_outlier_and_a_likely_one_is_none() {
        // A game of 4 turns cannot happen; games of 1 and 2 turns are what the model expects.
        let h = [0, 10, 10, 0, 2];
        let found = find(&h, &model());
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(
            (found[0].side, found[0].turns, found[0].games),
            (Side::Impossible, 4, 2)
        );
        assert!(words(&found[0], 22).ends_with("impossible under these rules"));
        assert!(find(&[0, 10, 10], &model()).is_empty());
    }
}

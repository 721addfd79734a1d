//! A published summary of game lengths (`check --summary "games=10000 mean=38.6897 median=33
//! min=4 max=242"`): parsed, and refused when no set of whole-number lengths can have it, each
//! refusal naming the rule it breaks.

use serde::{Deserialize, Serialize};

mod error;
mod rules;

use crate::input::text::quote;
use crate::stats::Summary;

pub use error::SummaryError;

/// A published summary of `games` games.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Published {
    /// Number of games (required).
    pub games: u64,
    /// Mean length.
    pub mean: Option<f64>,
    /// Standard deviation of the lengths.
    pub sd: Option<f64>,
    /// Median length (x.5 for the average of the two middle games).
    pub median: Option<f64>,
    /// Shortest game.
    pub min: Option<usize>,
    /// Longest game.
    pub max: Option<usize>,
}

/// The most games a published summary may count.
pub const MAX_GAMES: u64 = 1_000_000_000_000;

/// The keys of a summary, in the order they are listed.
const KEYS: [&str; 6] = ["games", "mean", "sd", "median", "min", "max"];

impl Published {
    /// Parses `key=value` pairs separated by spaces or commas: games (required), mean, sd,
    /// median, min, max, each at most once, and checks them against each other (a game lasts
    /// at least 1 turn; min <= median <= max; min <= mean <= max; the sd no larger than the
    /// range allows). Each message names the pair and the rule it breaks.
    pub fn parse(text: &str) -> Result<Published, SummaryError> {
        let mut p = Published::default();
        let mut games = None;
        let mut seen: Vec<(&str, &str)> = Vec::new();
        for pair in text.split([' ', ',']).filter(|s| !s.trim().is_empty()) {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| SummaryError::NotKeyValue(quote(pair)))?;
            let key = key.trim();
            let Some(&key) = KEYS.iter().find(|k| **k == key) else {
                return Err(SummaryError::UnknownStatistic(quote(key)));
            };
            if let Some((_, before)) = seen.iter().find(|(k, _)| *k == key) {
                return Err(SummaryError::Repeated {
                    key,
                    first: quote(before),
                    second: quote(value),
                });
            }
            seen.push((key, value));
            match key {
                "games" => games = Some(whole(key, value, MAX_GAMES, "games")?),
                "mean" => p.mean = Some(turns(key, value)?),
                "sd" => {
                    p.sd = Some(number(
                        key,
                        value,
                        0.0,
                        "a standard deviation is at least 0",
                    )?)
                }
                "median" => {
                    let m = turns(key, value)?;
                    if (2.0 * m).fract() != 0.0 {
                        return Err(SummaryError::Median(quote(value)));
                    }
                    p.median = Some(m);
                }
                "min" => {
                    p.min = Some(
                        whole(key, value, crate::check::lengths::MAX_LENGTH, "turns")? as usize,
                    )
                }
                _ => {
                    p.max = Some(
                        whole(key, value, crate::check::lengths::MAX_LENGTH, "turns")? as usize,
                    )
                }
            }
        }
        p.games = games.ok_or(SummaryError::NoGames)?;
        if p.mean.is_none()
            && p.sd.is_none()
            && p.median.is_none()
            && p.min.is_none()
            && p.max.is_none()
        {
            return Err(SummaryError::NoStatistic);
        }
        let rounding = |key: &str| {
            seen.iter()
                .find(|(k, _)| *k == key)
                .map_or(0.0, |(_, v)| rules::half_unit(v))
        };
        p.consistent(&rules::Rounding {
            mean: rounding("mean"),
            sd: rounding("sd"),
        })?;
        Ok(p)
    }

    /// A sample's own summary, as `check` on its lengths tests it.
    pub fn of_sample(s: &Summary) -> Published {
        Published {
            games: s.games,
            mean: Some(s.mean),
            sd: Some(s.sd),
            median: Some(s.median as f64),
            min: Some(s.min),
            max: Some(s.max),
        }
    }

    /// The statistics given, as (name, value).
    pub fn statistics(&self) -> Vec<(&'static str, f64)> {
        let mut out = Vec::new();
        if let Some(m) = self.mean {
            out.push(("mean", m));
        }
        if let Some(s) = self.sd.filter(|_| self.games > 1) {
            out.push(("sd", s));
        }
        if let Some(m) = self.median {
            out.push(("median", m));
        }
        if let Some(m) = self.min {
            out.push(("min", m as f64));
        }
        if let Some(m) = self.max {
            out.push(("max", m as f64));
        }
        out
    }
}

/// A published statistic: a finite number, at least `least` (`rule` says why).
fn number(
    key: &'static str,
    value: &str,
    least: f64,
    rule: &'static str,
) -> Result<f64, SummaryError> {
    let v = value.trim();
    let x: f64 = v.parse().map_err(|_| SummaryError::NotANumber {
        key,
        value: quote(v),
    })?;
    if !x.is_finite() {
        return Err(SummaryError::NotFinite {
            key,
            value: quote(v),
        });
    }
    if x < least {
        return Err(SummaryError::TooSmall {
            key,
            value: quote(v),
            negative: x < 0.0,
            rule,
        });
    }
    Ok(x)
}

/// A game length statistic: at least 1 turn, at most the longest game accepted.
fn turns(key: &'static str, value: &str) -> Result<f64, SummaryError> {
    let x = number(key, value, 1.0, "a game lasts at least 1 turn")?;
    let most = crate::check::lengths::MAX_LENGTH;
    if x > most as f64 {
        return Err(SummaryError::TooLong {
            key,
            value: quote(value.trim()),
            most,
        });
    }
    Ok(x)
}

/// A published count: a whole number from 1 to `most` (`unit` names what it counts).
fn whole(
    key: &'static str,
    value: &str,
    most: u64,
    unit: &'static str,
) -> Result<u64, SummaryError> {
    let v = value.trim();
    let x = if unit == "games" {
        number(
            key,
            v,
            1.0,
            "games is the number of games summarised, at least 1",
        )?
    } else {
        turns(key, v)?
    };
    if x > most as f64 {
        return Err(SummaryError::TooLarge {
            key,
            value: quote(v),
            most,
            unit,
        });
    }
    if x.fract() != 0.0 {
        return Err(SummaryError::NotWhole {
            key,
            value: quote(v),
            unit,
        });
    }
    Ok(x as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parsing_names_the_bad_pair() {
        let p = Published::parse("games=10000 mean=38.6897 median=33 min=4 max=242").unwrap();
        assert_eq!(p.games, 10000);
        assert_eq!(p.max, Some(242));
        assert_eq!(Published::parse("mean=3"), Err(SummaryError::NoGames));
        assert_eq!(
            Published::parse("games=3 mode=4"),
            Err(SummaryError::UnknownStatistic("mode".into()))
        );
        assert_eq!(Published::parse("games=3"), Err(SummaryError::NoStatistic));
        assert!(Published::parse("mean=3")
            .unwrap_err()
            .to_string()
            .contains("games=N"));
    }

    #[test]
    fn each_rejection_is_its_own_error() {
        use SummaryError as E;
        let err = |text: &str| Published::parse(text).unwrap_err();
        assert_eq!(err("games=3 mean"), E::NotKeyValue("mean".into()));
        assert!(matches!(
            err("games=3 mean=1 mean=2"),
            E::Repeated { key: "mean", .. }
        ));
        assert!(matches!(
            err("games=3 mean=x"),
            E::NotANumber { key: "mean", .. }
        ));
        assert!(matches!(
            err("games=3 mean=NaN"),
            E::NotFinite { key: "mean", .. }
        ));
        assert!(matches!(
            err("games=3 sd=-1"),
            E::TooSmall {
                key: "sd",
                negative: true,
                ..
            }
        ));
        assert!(matches!(
            err("games=3 mean=0.5"),
            E::TooSmall {
                key: "mean",
                negative: false,
                ..
            }
        ));
        assert!(matches!(
            err("games=3 max=1e9"),
            E::TooLong { key: "max", .. }
        ));
        assert!(matches!(
            err("games=1e13 mean=3"),
            E::TooLarge {
                key: "games",
                unit: "games",
                ..
            }
        ));
        assert!(matches!(
            err("games=2.5 mean=3"),
            E::NotWhole { key: "games", .. }
        ));
        assert_eq!(err("games=3 median=3.25"), E::Median("3.25".into()));
        assert_eq!(
            err("games=3 min=5 max=4"),
            E::MinAboveMax { min: 5.0, max: 4.0 }
        );
        assert!(matches!(
            err("games=3 mean=3 min=4"),
            E::OutsideRange {
                name: "mean",
                below: true,
                ..
            }
        ));
        assert_eq!(err("games=1 mean=3 max=4"), E::OneGame);
        assert!(matches!(
            err("games=10 sd=6 min=1 max=10"),
            E::SpreadTooWide { .. }
        ));
    }

    #[test]
    fn statistics_that_contradict_each_other_are_refused_naming_the_rule() {
        for (text, needle) in [
            ("games=10 median=50 max=10", "median=50 is above max=10"),
            ("games=10 min=4 max=3", "min=4 is above max=3"),
            (
                "games=10 min=0",
                "min=0: too small; a game lasts at least 1 turn",
            ),
            (
                "games=10 mean=-1",
                "mean=-1: negative; a game lasts at least 1 turn",
            ),
            ("games=10 mean=abc", "mean=abc: not a number"),
            ("games=10 mean=3 min=4", "mean=3 is below min=4"),
            ("games=10 mean=30 max=20", "mean=30 is above max=20"),
            (
                "games=1e30 mean=3",
                "games=1e30: too large, at most 1000000000000 games",
            ),
            ("games=2.5 mean=3", "games=2.5: not a whole number of games"),
            ("games=0 mean=3", "games=0: too small"),
            (
                "games=10 mean=3 games=20",
                "games is given twice (games=10 and games=20)",
            ),
            ("games=10 mean=3 mean=4", "mean is given twice"),
            (
                "games=10 max=170141183460469231731687303715884105728",
                "too large, at most 10000000 turns",
            ),
            (
                "games=10 mean=1e30",
                "mean=1e30: too large, at most 10000000 turns",
            ),
            (
                "games=10 median=3.25",
                "median=3.25: a median of game lengths is a whole number",
            ),
            (
                "games=10 sd=-2",
                "sd=-2: negative; a standard deviation is at least 0",
            ),
            (
                "games=10 sd=6 min=1 max=10",
                "sd=6 is more than games between min=1 and max=10",
            ),
            (
                "games=1 mean=3 max=4",
                "games=1: the mean, median, min and max of one game",
            ),
            ("games=10 mean=inf", "not a finite number"),
        ] {
            let e = Published::parse(text).unwrap_err().to_string();
            assert!(e.contains(needle), "{text}: {e}");
        }
        // The sd bound by hand: 10 games between 1 and 10 spread at most (10 - 1) / 2
        // sqrt(10 / 9) = 4.7434 (five games at 1, five at 10); 4.74 passes, 4.75 and 4.8 do
        // not, and 5 passes: it is 4.7434 rounded to a whole number.
        assert!(Published::parse("games=10 sd=4.74 min=1 max=10").is_ok());
        assert!(Published::parse("games=10 sd=4.75 min=1 max=10").is_err());
        assert!(Published::parse("games=10 sd=4.8 min=1 max=10").is_err());
        assert!(Published::parse("games=10 sd=5 min=1 max=10").is_ok());
        assert!(Published::parse("games=1 mean=3 median=3 min=3 max=3 sd=0").is_ok());
    }
}

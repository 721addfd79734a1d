//! Why a published summary is refused, each message saying how to write it.

/// What is wrong with a published summary, each message saying how to write it. Values the
/// user gave are kept quoted (shortened and made safe to show).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SummaryError {
    /// A piece that is not `key=value`.
    #[error(
        "'{0}' is not key=value; write e.g. \"games=10000 mean=38.7 median=33 min=4 max=242\""
    )]
    NotKeyValue(String),
    /// A key that is not one of the statistics.
    #[error("'{0}' is not a statistic; use games, mean, sd, median, min, max")]
    UnknownStatistic(String),
    /// A statistic given twice.
    #[error("{key} is given twice ({key}={first} and {key}={second}); give each statistic once")]
    Repeated {
        /// The statistic.
        key: &'static str,
        /// Its first value.
        first: String,
        /// Its second value.
        second: String,
    },
    /// A value that is not a number.
    #[error("{key}={value}: not a number; write e.g. {key}=38")]
    NotANumber {
        /// The statistic.
        key: &'static str,
        /// The value given.
        value: String,
    },
    /// An infinite or NaN value.
    #[error("{key}={value}: not a finite number")]
    NotFinite {
        /// The statistic.
        key: &'static str,
        /// The value given.
        value: String,
    },
    /// A value below the least the statistic can be.
    #[error("{key}={value}: {}; {rule}", if *.negative { "negative" } else { "too small" })]
    TooSmall {
        /// The statistic.
        key: &'static str,
        /// The value given.
        value: String,
        /// Whether it is negative.
        negative: bool,
        /// Why it cannot be that small.
        rule: &'static str,
    },
    /// A game length above the longest this tool accepts.
    #[error("{key}={value}: too large, at most {most} turns (the longest game this tool accepts)")]
    TooLong {
        /// The statistic.
        key: &'static str,
        /// The value given.
        value: String,
        /// The longest game accepted.
        most: u64,
    },
    /// A count above the most accepted.
    #[error("{key}={value}: too large, at most {most} {unit}")]
    TooLarge {
        /// The statistic.
        key: &'static str,
        /// The value given.
        value: String,
        /// The most accepted.
        most: u64,
        /// What it counts: games or turns.
        unit: &'static str,
    },
    /// A count that is not a whole number.
    #[error("{key}={value}: not a whole number of {unit}")]
    NotWhole {
        /// The statistic.
        key: &'static str,
        /// The value given.
        value: String,
        /// What it counts: games or turns.
        unit: &'static str,
    },
    /// A median that is neither whole nor halfway between two whole numbers.
    #[error("median={0}: a median of game lengths is a whole number of turns, or halfway between two (x.5)")]
    Median(String),
    /// No `games=N`.
    #[error("games=N is required (the number of games summarised, at least 1)")]
    NoGames,
    /// Only `games=N`.
    #[error("give at least one of mean, sd, median, min, max")]
    NoStatistic,
    /// The shortest game longer than the longest.
    #[error("min={min} is above max={max}: the shortest game cannot be longer than the longest")]
    MinAboveMax {
        /// The shortest game.
        min: f64,
        /// The longest game.
        max: f64,
    },
    /// A mean or median outside min..max.
    #[error("{name}={value} is {} {bound}={limit}: a {name} lies between the shortest and the longest game", if *.below { "below" } else { "above" })]
    OutsideRange {
        /// "mean" or "median".
        name: &'static str,
        /// Its value.
        value: f64,
        /// Whether it is below `min` (else above `max`).
        below: bool,
        /// "min" or "max".
        bound: &'static str,
        /// The value of that bound.
        limit: f64,
    },
    /// One game whose statistics differ.
    #[error("games=1: the mean, median, min and max of one game are its length, and its sd is 0; give the same length for each")]
    OneGame,
    /// An sd larger than the range allows.
    #[error("sd={sd} is more than games between min={min} and max={max} can spread: at most {bound:.4} ((max - min) / 2 x sqrt(games / (games - 1)))")]
    SpreadTooWide {
        /// The sd given.
        sd: f64,
        /// The shortest game.
        min: f64,
        /// The longest game.
        max: f64,
        /// The largest sd they allow.
        bound: f64,
    },
}

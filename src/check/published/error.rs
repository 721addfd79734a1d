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
    /// A mean that no whole-number total over the games gives.
    #[error("games={games} mean={mean}: the mean of {games} whole numbers of turns is a whole number over {games}, and no total of turns gives {mean} (even rounded to its last digit); check the games or the mean")]
    MeanNotOfWholeLengths {
        /// The games.
        games: u64,
        /// The mean given.
        mean: f64,
    },
    /// A median halfway between two lengths for an odd number of games.
    #[error("games={games} median={median}: with an odd number of games the median is the middle game's length, a whole number of turns")]
    HalfMedianOfOddGames {
        /// The games.
        games: u64,
        /// The median given.
        median: f64,
    },
    /// A mean too close to the shortest or the longest game for the range.
    #[error("mean={mean} with min={min} and max={max} over {games} games: when the longest game is longer than the shortest, the mean is at least min + (max - min) / games = {least} and at most max - (max - min) / games = {most} (one game at one end, all the others at the other); if the mean was rounded, give its decimals")]
    MeanAtAnEnd {
        /// The mean given.
        mean: f64,
        /// The shortest game.
        min: f64,
        /// The longest game.
        max: f64,
        /// The games.
        games: u64,
        /// The least mean they allow.
        least: f64,
        /// The largest mean they allow.
        most: f64,
    },
    /// An sd smaller than the range forces.
    #[error("sd={sd} is less than games between min={min} and max={max} can spread: at least {bound:.4} ((max - min) / sqrt(2 games), the shortest and the longest game alone)")]
    SpreadTooNarrow {
        /// The sd given.
        sd: f64,
        /// The shortest game.
        min: f64,
        /// The longest game.
        max: f64,
        /// The least sd they allow.
        bound: f64,
    },
    /// A median further from the mean than the sd allows.
    #[error("median={median} is {gap} turns from mean={mean}, more than the sd={sd} allows: a median lies within one standard deviation of the mean (at most {bound:.4} here)")]
    MedianFarFromMean {
        /// The median given.
        median: f64,
        /// The mean given.
        mean: f64,
        /// Their distance.
        gap: f64,
        /// The sd given.
        sd: f64,
        /// The largest distance the sd allows, with rounding.
        bound: f64,
    },
    /// An sd no whole numbers with this mean can have.
    #[error("sd={sd} with mean={mean} over {games} games: whole numbers of turns with that mean spread {}; give the sd to more digits or check it", if *.zero_allowed { format!("either not at all (sd 0) or by at least {least:.4}") } else { format!("by at least {least:.4}") })]
    SpreadBelowWholeLengths {
        /// The sd given.
        sd: f64,
        /// The mean given.
        mean: f64,
        /// The games.
        games: u64,
        /// The smallest positive sd whole numbers with that mean have.
        least: f64,
        /// Whether an sd of 0 is possible (the mean can be a whole number).
        zero_allowed: bool,
    },
}

//! A z-score that may be infinite: a sample whose every game has the same length has no spread,
//! and a difference over a standard error of 0 is not a number but a certainty.

use serde::{Deserialize, Serialize};

/// A z-score, possibly infinite: a number, or in JSON the word "+infinity" or "-infinity" (a
/// standard error of 0 with a difference that is not). An infinite z is never consistent.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum ZScore {
    /// A finite z.
    Finite(f64),
    /// An infinite z, by its sign.
    Infinite(Infinity),
}

/// The sign of an infinite z.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Infinity {
    /// The sample's mean is above.
    #[serde(rename = "+infinity")]
    Plus,
    /// The sample's mean is below.
    #[serde(rename = "-infinity")]
    Minus,
}

impl ZScore {
    /// Its two-sided normal p-value, 2 Phi(-|z|) (0 when infinite).
    pub fn p_value(self) -> f64 {
        use statrs::distribution::{ContinuousCDF, Normal};
        match self {
            ZScore::Finite(z) => 2.0 * Normal::standard().cdf(-z.abs()),
            ZScore::Infinite(_) => 0.0,
        }
    }

    /// The z of a `difference` over its standard error `se`: 0 when both are 0 (no difference
    /// and no spread), infinite when only `se` is.
    pub fn of(difference: f64, se: f64) -> ZScore {
        if se > 0.0 && (difference / se).is_finite() {
            ZScore::Finite(difference / se)
        } else if difference == 0.0 || difference.is_nan() {
            ZScore::Finite(0.0)
        } else if difference > 0.0 {
            ZScore::Infinite(Infinity::Plus)
        } else {
            ZScore::Infinite(Infinity::Minus)
        }
    }

    /// As an `f64` (possibly infinite).
    pub fn value(self) -> f64 {
        match self {
            ZScore::Finite(z) => z,
            ZScore::Infinite(Infinity::Plus) => f64::INFINITY,
            ZScore::Infinite(Infinity::Minus) => f64::NEG_INFINITY,
        }
    }
}

impl std::fmt::Display for ZScore {
    /// "+1.23", or "+infinity".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ZScore::Finite(z) => write!(f, "{z:+.2}"),
            ZScore::Infinite(Infinity::Plus) => f.write_str("+infinity"),
            ZScore::Infinite(Infinity::Minus) => f.write_str("-infinity"),
        }
    }
}

//! The words every `--json` output shares for values the solvers produce: an exact rational
//! beside its float ([`Exact`]), a state of the chain ([`StateRef`]), a mean on its own
//! ([`Mean`]). They live with the solvers because the solvers' result structs are serialized
//! with them; the document around them and the JSON Schemas are [`crate::output::json`]'s.

use num_rational::BigRational;
use num_traits::ToPrimitive;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// An exact rational value: numerator and denominator as decimal strings, and the nearest f64.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Exact {
    /// The numerator, in lowest terms (with the sign), as decimal digits.
    pub num: String,
    /// The denominator, positive, as decimal digits (1 for a whole number).
    pub den: String,
    /// The nearest f64.
    pub float: f64,
}

impl From<&BigRational> for Exact {
    fn from(r: &BigRational) -> Exact {
        Exact {
            num: r.numer().to_string(),
            den: r.denom().to_string(),
            float: r.to_f64().unwrap_or(f64::NAN),
        }
    }
}

impl std::fmt::Display for Exact {
    /// "num/den".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}

impl Exact {
    /// The value, or `None` when a digit string does not parse.
    pub fn value(&self) -> Option<BigRational> {
        Some(BigRational::new(
            self.num.parse().ok()?,
            self.den.parse().ok()?,
        ))
    }
}

/// Serializes an `Option<BigRational>` field as `null` or an [`Exact`].
pub mod exact_option {
    use num_rational::BigRational;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::Exact;

    /// `null` or `{num, den, float}`.
    pub fn serialize<S: Serializer>(value: &Option<BigRational>, s: S) -> Result<S::Ok, S::Error> {
        value.as_ref().map(Exact::from).serialize(s)
    }

    /// Reads what [`serialize`] writes.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<BigRational>, D::Error> {
        Option::<Exact>::deserialize(d)?
            .map(|e| {
                e.value()
                    .ok_or_else(|| serde::de::Error::custom("num and den must be whole numbers"))
            })
            .transpose()
    }
}

/// Serializes a `BigRational` field as an [`Exact`].
pub mod exact {
    use num_rational::BigRational;
    use serde::{Serialize, Serializer};

    use super::Exact;

    /// `{num, den, float}`.
    pub fn serialize<S: Serializer>(value: &BigRational, s: S) -> Result<S::Ok, S::Error> {
        Exact::from(value).serialize(s)
    }
}

/// A state of the chain as JSON names it: its index (as `transitions` numbers them), the
/// number of the space or square it stands on, and its name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StateRef {
    /// The state's index in the chain; the finish is the number of transient states.
    pub state: usize,
    /// The number of the space or square it stands on, as the board prints it; null off the
    /// board (before the first square) and for the finish.
    pub position: Option<usize>,
    /// Its name, e.g. "space 47 (yellow)" or "square 38", or "finish".
    pub name: String,
}

impl StateRef {
    /// State `index` of a chain of `game`, which is `state`.
    pub fn of<G: crate::games::Game>(game: &G, index: usize, state: G::State) -> StateRef {
        StateRef {
            state: index,
            position: game.position(state).map(|i| i + game.first_number()),
            name: game.describe(state),
        }
    }

    /// The finish of a chain with `n` transient states.
    pub fn finish(n: usize) -> StateRef {
        StateRef {
            state: n,
            position: None,
            name: "finish".into(),
        }
    }
}

/// An expected value on its own, e.g. `{"mean": 31.17}` under `alone`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Mean {
    /// The expected value.
    pub mean: f64,
}

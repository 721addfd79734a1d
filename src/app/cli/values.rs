//! Flag values that are library types: clap's [`ValueEnum`] for them lives here, so that the
//! library does not depend on clap.

use clap::builder::PossibleValue;
use clap::ValueEnum;

use crate::output::charts::Format;
use crate::sim::DeckMode;

/// `--deck iid|shuffled`: the library's [`DeckMode`] as a flag value (clap stays in this layer).
impl ValueEnum for DeckMode {
    fn value_variants<'a>() -> &'a [DeckMode] {
        &DeckMode::ALL
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let help = match self {
            DeckMode::Iid => "Each card independently from a full deck (the Markov model)",
            DeckMode::Shuffled => {
                "A freshly shuffled deck each game, drawn without replacement, reshuffled when empty"
            }
            DeckMode::Carried => {
                "One deck carried over from game to game, reshuffled only when it runs out"
            }
            DeckMode::Burn => "A freshly shuffled deck each game; a lost turn still burns a card",
        };
        Some(PossibleValue::new(self.name()).help(help))
    }
}

/// `--deck shuffled|carried|burn`: a finite deck only (`players` always simulates the i.i.d.
/// draws beside it).
pub fn finite_deck() -> impl clap::builder::TypedValueParser<Value = DeckMode> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(
        DeckMode::ALL
            .iter()
            .filter(|d| d.needs_deck())
            .filter_map(|d| d.to_possible_value()),
    )
    .map(|name| {
        DeckMode::ALL
            .into_iter()
            .find(|d| d.name() == name)
            .unwrap_or(DeckMode::Shuffled)
    })
}

/// `--format png|svg`: the library's chart [`Format`] as a flag value.
impl ValueEnum for Format {
    fn value_variants<'a>() -> &'a [Format] {
        &[Format::Png, Format::Svg]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let help = match self {
            Format::Png => "A PNG bitmap (RGB, 8 bits per channel)",
            Format::Svg => "An SVG vector drawing",
        };
        Some(PossibleValue::new(self.extension()).help(help))
    }
}

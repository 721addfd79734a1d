//! Monopoly as a [`LoopGame`]: the board's accessors, and the roll ([`super::roll`])
//! enumerated over every card draw for the exact chain, or sampled for the simulator.

use rand::seq::SliceRandom;
use rand::{Rng, RngExt as _};

use super::board::{Board, RENT_LEVELS};
use super::file::SquareKind;
use super::roll::{Draw, Token};
use super::rules::{rule_keys, rule_space, Cards, JailPolicy};
use crate::games::loop_game::{LoopGame, Outcome};
use crate::games::{ShippedBoard, Size, Variant};
use crate::input::error::UserError;

/// The names of the rent levels of a property's table.
const LEVELS: [&str; RENT_LEVELS] = [
    "unimproved",
    "1 house",
    "2 houses",
    "3 houses",
    "4 houses",
    "hotel",
];

/// The kinds of square in a chart's legend order.
const KINDS: [SquareKind; 10] = [
    SquareKind::Property,
    SquareKind::Railroad,
    SquareKind::Utility,
    SquareKind::Chance,
    SquareKind::CommunityChest,
    SquareKind::Jail,
    SquareKind::Go,
    SquareKind::Tax,
    SquareKind::FreeParking,
    SquareKind::GoToJail,
];

/// The enumeration's source of draws: a script of choices, extended with the first card
/// whenever the roll draws past it, and the pile sizes seen at each draw.
#[derive(Default)]
struct Script {
    choices: Vec<usize>,
    sizes: Vec<usize>,
    at: usize,
}

impl Draw for Script {
    fn card(&mut self, available: usize) -> usize {
        let i = self.at;
        self.at += 1;
        if i == self.choices.len() {
            self.choices.push(0);
            self.sizes.push(available);
        }
        self.sizes[i] = available;
        self.choices[i]
    }
}

impl Script {
    /// The next script in odometer order after a run that drew `self.at` cards; false when
    /// every script has been run.
    fn next(&mut self) -> bool {
        self.choices.truncate(self.at);
        self.sizes.truncate(self.at);
        self.at = 0;
        while let Some(last) = self.choices.last_mut() {
            *last += 1;
            if *last < *self.sizes.last().unwrap_or(&0) {
                return true;
            }
            self.choices.pop();
            self.sizes.pop();
        }
        false
    }
}

/// Draws cards with a random number generator.
struct Random<'r, R: Rng>(&'r mut R);

impl<R: Rng> Draw for Random<'_, R> {
    fn card(&mut self, available: usize) -> usize {
        self.0.random_range(0..available)
    }
}

impl LoopGame for Board {
    const KIND: &'static str = super::KIND;
    const TITLE: &'static str = "Monopoly";
    const SHIPPED: &'static [ShippedBoard] = super::SHIPPED;
    type State = Token;

    fn rule_keys() -> Vec<String> {
        rule_keys()
    }

    fn rule_space() -> Vec<(&'static str, Vec<toml::Value>)> {
        rule_space()
    }

    fn parse(label: &str, text: &str, variant: &Variant) -> Result<Board, UserError> {
        super::parse_with(label, text, variant)
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn source(&self) -> &str {
        &self.source
    }

    fn description(&self) -> &str {
        &self.description
    }

    fn size(&self) -> (Size, String) {
        let cards = (self.chance.len() + self.chest.len()) as u32;
        let text = format!(
            "{} squares in a loop, {} dice of {} faces, {} Chance and {} Community Chest cards",
            self.squares.len(),
            self.dice,
            self.faces,
            self.chance.len(),
            self.chest.len()
        );
        let size = Size {
            spaces: self.squares.len(),
            cards: Some(cards),
            faces: Some(self.faces as usize),
            ..Default::default()
        };
        (size, text)
    }

    fn rules_json(&self) -> serde_json::Value {
        serde_json::to_value(&self.rules).unwrap_or_default()
    }

    fn squares(&self) -> usize {
        self.squares.len()
    }

    fn square_name(&self, i: usize) -> &str {
        &self.squares[i].name
    }

    fn square_kind(&self, i: usize) -> &'static str {
        self.squares[i].kind.words()
    }

    fn square_kinds(&self) -> Vec<&'static str> {
        KINDS.iter().map(|k| k.words()).collect()
    }

    fn kind_groups(&self) -> Vec<(&'static str, Vec<&'static str>)> {
        let words = |kinds: &[SquareKind]| kinds.iter().map(|k| k.words()).collect();
        vec![
            ("property", words(&[SquareKind::Property])),
            (
                "chance or community chest",
                words(&[SquareKind::Chance, SquareKind::CommunityChest]),
            ),
            ("jail", words(&[SquareKind::Jail])),
            (
                "railroad or utility",
                words(&[SquareKind::Railroad, SquareKind::Utility]),
            ),
            (
                "go, tax, free parking, go to jail",
                words(&[
                    SquareKind::Go,
                    SquareKind::Tax,
                    SquareKind::FreeParking,
                    SquareKind::GoToJail,
                ]),
            ),
        ]
    }

    fn counting_words(&self) -> &'static str {
        "A roll is counted where it leaves the token (Project Euler 84 and T. Collins count so): a roll onto Chance that a card sends to GO counts on GO, and a roll onto Go To Jail counts in jail (unless go-to-jail-counted says otherwise)."
    }

    fn group(&self, i: usize) -> Option<&str> {
        self.squares[i].group.as_deref()
    }

    fn rent(&self, i: usize) -> Option<&[i64]> {
        self.squares[i].rent.as_ref().map(|r| &r[..])
    }

    fn rent_levels(&self) -> &'static [&'static str] {
        &LEVELS
    }

    fn holding_square(&self) -> Option<usize> {
        Some(self.jail as usize)
    }

    fn start(&self) -> Token {
        Token::start()
    }

    fn counted(&self, s: &Token) -> usize {
        s.counted as usize
    }

    fn ends_turn(&self, s: &Token) -> bool {
        s.ends_turn()
    }

    fn held_back(&self, s: &Token) -> bool {
        s.jail > 0
    }

    fn outcomes(&self, s: &Token) -> Vec<Outcome<Token>> {
        let dice = self.dice_outcomes();
        let all = u64::from(self.faces).pow(u32::from(self.dice));
        let mut out: Vec<Outcome<Token>> = Vec::new();
        for (d, ways) in dice {
            let mut script = Script::default();
            loop {
                let state = self.roll(*s, d, &mut script);
                let of = all * script.sizes.iter().map(|k| *k as u64).product::<u64>();
                out.push(Outcome {
                    state,
                    ways: u64::from(ways),
                    of,
                });
                if !script.next() {
                    break;
                }
            }
        }
        out
    }

    fn sample(&self, s: &Token, rng: &mut impl Rng) -> Token {
        let total = u32::from(self.faces).pow(u32::from(self.dice));
        // One roll of the dice, the same table the chain enumerates.
        let mut code = rng.random_range(0..total);
        let mut sum = 0u8;
        let mut first = None;
        let mut double = self.dice > 1;
        for _ in 0..self.dice {
            let face = (code % u32::from(self.faces)) as u8 + 1;
            code /= u32::from(self.faces);
            sum += face;
            double &= *first.get_or_insert(face) == face;
        }
        self.roll(*s, super::Dice { sum, double }, &mut Random(rng))
    }

    fn ordered(&self) -> bool {
        self.rules.cards == Cards::Cycled
    }

    fn shuffled(&self, rng: &mut impl Rng) -> Board {
        let mut b = self.clone();
        b.chance.shuffle(rng);
        b.chest.shuffle(rng);
        b
    }

    fn unordered(&self) -> Board {
        let mut b = self.clone();
        b.rules.cards = Cards::Independent;
        b
    }

    fn alternatives(&self) -> Vec<(String, Board)> {
        let mut out = Vec::new();
        let policies = [self.rules.jail, JailPolicy::ShortStay, JailPolicy::LongStay];
        for (i, jail) in policies.into_iter().enumerate() {
            if i > 0 && jail == self.rules.jail {
                continue;
            }
            let mut b = self.unordered();
            b.rules.jail = jail;
            out.push((jail_words(jail).to_string(), b));
        }
        out
    }

    fn at_square(&self, i: usize) -> Token {
        Token {
            square: i as u8,
            counted: i as u8,
            ..Token::start()
        }
    }

    fn cards_words(&self) -> String {
        let jail = jail_words(self.rules.jail);
        match self.rules.cards {
            Cards::Independent => format!("independent card draws, {jail}"),
            Cards::Cycled => format!("cycled piles in the board file's order, {jail}"),
        }
    }
}

/// A jail policy in words.
fn jail_words(jail: JailPolicy) -> &'static str {
    match jail {
        JailPolicy::ShortStay => "short stay in jail",
        JailPolicy::LongStay => "long stay in jail",
    }
}

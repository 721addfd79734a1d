//! A validated Monopoly board: the squares, dice, piles and rules of a board file, checked
//! whole by [`Board::from_file`], which names every offending field.

use super::file::{CardFile, MonopolyFile, Nearest, SquareKind};
use super::rules::MonopolyRules;
use crate::input::problems::{InvalidBoard, Problems};

/// The most squares a board may have (a square is stored in a `u8`).
pub const MAX_SQUARES: usize = 200;
/// The most cards a pile may hold (a pile position is stored in a `u8`).
pub const MAX_PILE: usize = 64;
/// The most dice, and the most faces of each: every roll's outcomes are enumerated.
pub const MAX_DICE: i64 = 4;
/// See [`MAX_DICE`].
pub const MAX_FACES: i64 = 12;
/// Rent levels of a property: unimproved, 1 to 4 houses, a hotel.
pub const RENT_LEVELS: usize = 6;

/// Which pile a card comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pile {
    /// Chance.
    Chance,
    /// Community Chest.
    Chest,
}

impl Pile {
    /// Both piles.
    pub const BOTH: [Pile; 2] = [Pile::Chance, Pile::Chest];

    /// The pile's name, as the board prints it.
    pub fn words(self) -> &'static str {
        match self {
            Pile::Chance => "Chance",
            Pile::Chest => "Community Chest",
        }
    }

    /// The bit of [`super::Token::held`] for this pile's kept card.
    pub fn bit(self) -> u8 {
        match self {
            Pile::Chance => 1,
            Pile::Chest => 2,
        }
    }
}

/// What a card does to the token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Nothing (money only).
    Stay,
    /// Forward to this square.
    To(u8),
    /// Back this many squares.
    Back(u8),
    /// Forward to the nearest square of this kind.
    Nearest(Nearest),
    /// To jail.
    Jail,
    /// Kept to leave jail.
    Keep,
}

/// One validated square.
#[derive(Debug, Clone, PartialEq)]
pub struct Square {
    /// Its name.
    pub name: String,
    /// What it is.
    pub kind: SquareKind,
    /// A property's colour group.
    pub group: Option<String>,
    /// A property's rent table ([`RENT_LEVELS`] values).
    pub rent: Option<[i64; RENT_LEVELS]>,
}

/// A validated board.
#[derive(Debug, Clone, PartialEq)]
pub struct Board {
    /// The short name.
    pub name: String,
    /// What the board is.
    pub description: String,
    /// Where it comes from.
    pub source: String,
    /// Dice rolled each roll.
    pub dice: u8,
    /// Faces of each die.
    pub faces: u8,
    /// The squares, GO first.
    pub squares: Vec<Square>,
    /// The jail square.
    pub jail: u8,
    /// Each pile's cards, top first, with their texts.
    pub chance: Vec<(Action, String)>,
    /// See [`Board::chance`].
    pub chest: Vec<(Action, String)>,
    /// The rules.
    pub rules: MonopolyRules,
}

impl Board {
    /// Validates a board file, naming every problem.
    pub fn from_file(file: &MonopolyFile) -> Result<Board, InvalidBoard> {
        let mut p = Problems::default();
        p.identity(
            &file.name,
            &file.description,
            &file.source,
            "name = \"monopoly\"",
        );
        if file.finish.is_some() {
            p.add(
                "finish",
                "a Monopoly board loops from its last square back to GO and has no finish; leave `finish` out",
            );
        }
        if !(1..=MAX_DICE).contains(&file.rules.dice) {
            p.add(
                "rules.dice",
                format!(
                    "{} dice: use 1 to {MAX_DICE} (the rule book rolls 2)",
                    file.rules.dice
                ),
            );
        }
        if !(2..=MAX_FACES).contains(&file.rules.faces) {
            p.add(
                "rules.faces",
                format!(
                    "{} faces: a die needs 2 to {MAX_FACES} faces (the rule book's have 6)",
                    file.rules.faces
                ),
            );
        }
        let n = file.squares.len();
        if !(2..=MAX_SQUARES).contains(&n) {
            p.add(
                "squares",
                format!("{n} squares: a board needs 2 to {MAX_SQUARES} (the US board has 40)"),
            );
        }
        let squares = squares(file, &mut p);
        let find = |name: &str| squares.iter().position(|s| s.name == name);
        let of_kind = |k: SquareKind| squares.iter().filter(|s| s.kind == k).count();
        if squares.first().is_some_and(|s| s.kind != SquareKind::Go) || of_kind(SquareKind::Go) != 1
        {
            p.add(
                "squares",
                "the first square, and only it, must be of kind \"go\"",
            );
        }
        if of_kind(SquareKind::Jail) != 1 {
            p.add(
                "squares",
                "a board needs exactly one square of kind \"jail\"",
            );
        }
        let jail = squares
            .iter()
            .position(|s| s.kind == SquareKind::Jail)
            .unwrap_or(0) as u8;
        let mut pile = |name: &str, cards: &[CardFile], kind: SquareKind| {
            let field = format!("cards.{name}");
            if cards.len() > MAX_PILE {
                p.add(
                    &field,
                    format!("{} cards: a pile holds at most {MAX_PILE}", cards.len()),
                );
            }
            if cards.is_empty() && of_kind(kind) > 0 {
                p.add(&field, format!("the board has {} squares but no cards to draw there; list the pile's cards", kind.words()));
            }
            if cards.iter().filter(|c| c.keep).count() > 1 {
                p.add(
                    &field,
                    "at most one card of a pile may be kept (`keep = true`)",
                );
            }
            if !cards.is_empty() && cards.iter().all(|c| c.keep) {
                p.add(
                    &field,
                    "a pile needs a card besides the one a player keeps: while it is kept, the pile would have nothing to draw; add a card",
                );
            }
            let mut out = Vec::new();
            for (i, c) in cards.iter().enumerate() {
                let field = format!("{field}[{i}]");
                p.name(
                    &format!("{field}.text"),
                    &c.text,
                    "write the card's text as printed",
                );
                out.push((action(c, &field, &find, n, &mut p), c.text.clone()));
            }
            out
        };
        let chance = pile("chance", &file.cards.chance, SquareKind::Chance);
        let chest = pile(
            "community_chest",
            &file.cards.community_chest,
            SquareKind::CommunityChest,
        );
        for (kind, nearest) in [
            (SquareKind::Railroad, Nearest::Railroad),
            (SquareKind::Utility, Nearest::Utility),
        ] {
            let sends = chance
                .iter()
                .chain(&chest)
                .any(|(a, _)| *a == Action::Nearest(nearest));
            if sends && of_kind(kind) == 0 {
                p.add("cards", format!("a card sends the token to the nearest {}, and the board has none; add one or change the card", kind.words()));
            }
        }
        if !p.is_empty() {
            return Err(p.into_invalid());
        }
        let board = Board {
            name: file.name.clone(),
            description: file.description.clone(),
            source: file.source.clone(),
            dice: file.rules.dice as u8,
            faces: file.rules.faces as u8,
            squares,
            jail,
            chance,
            chest,
            rules: file.rules.clone(),
        };
        board.check_chains()?;
        Ok(board)
    }

    /// A pile's cards.
    pub fn pile(&self, pile: Pile) -> &[(Action, String)] {
        match pile {
            Pile::Chance => &self.chance,
            Pile::Chest => &self.chest,
        }
    }

    /// The pile drawn on square `s`, if any.
    pub fn pile_at(&self, s: u8) -> Option<Pile> {
        match self.squares[s as usize].kind {
            SquareKind::Chance => Some(Pile::Chance),
            SquareKind::CommunityChest => Some(Pile::Chest),
            _ => None,
        }
    }

    /// Where `action` drawn on square `s` moves the token (None: it does not move it).
    pub fn destination(&self, s: u8, action: Action) -> Option<u8> {
        let n = self.squares.len();
        match action {
            Action::To(t) => Some(t),
            Action::Back(k) => Some(((s as usize + n - k as usize % n) % n) as u8),
            Action::Nearest(kind) => {
                let want = match kind {
                    Nearest::Railroad => SquareKind::Railroad,
                    Nearest::Utility => SquareKind::Utility,
                };
                (1..=n)
                    .map(|k| (s as usize + k) % n)
                    .find(|&t| self.squares[t].kind == want)
                    .map(|t| t as u8)
            }
            Action::Stay | Action::Jail | Action::Keep => None,
        }
    }

    /// With `card-moves-draw`, a card may move the token to another card square, which
    /// draws again; a board where that can happen twice in a row is refused, so a roll
    /// draws at most two cards.
    fn check_chains(&self) -> Result<(), InvalidBoard> {
        if !self.rules.card_moves_draw {
            return Ok(());
        }
        let onward = |s: u8| -> Vec<u8> {
            let Some(pile) = self.pile_at(s) else {
                return Vec::new();
            };
            self.pile(pile)
                .iter()
                .filter_map(|(a, _)| self.destination(s, *a))
                .filter(|t| self.pile_at(*t).is_some())
                .collect()
        };
        for s in 0..self.squares.len() as u8 {
            for t in onward(s) {
                if let Some(u) = onward(t).first() {
                    let mut p = Problems::default();
                    p.add("cards", format!(
                        "a card drawn on {} moves the token to {}, whose card can move it to {}, another card square: a roll may draw at most two cards; change a card or set card-moves-draw = false",
                        self.squares[s as usize].name, self.squares[t as usize].name, self.squares[*u as usize].name));
                    return Err(p.into_invalid());
                }
            }
        }
        Ok(())
    }
}

fn squares(file: &MonopolyFile, p: &mut Problems) -> Vec<Square> {
    let mut out: Vec<Square> = Vec::new();
    for (i, s) in file.squares.iter().enumerate() {
        let field = format!("squares[{i}]");
        p.name(
            &format!("{field}.name"),
            &s.name,
            "write the square's name as the board prints it",
        );
        if out.iter().any(|o| o.name == s.name) {
            p.add(format!("{field}.name"), format!("'{}' names two squares; cards and flags name squares, so give each its own name", crate::input::text::quote(&s.name)));
        }
        let rent = match (&s.rent, s.kind) {
            (Some(r), SquareKind::Property)
                if r.len() == RENT_LEVELS && r.iter().all(|v| *v >= 0) =>
            {
                let mut a = [0; RENT_LEVELS];
                a.copy_from_slice(r);
                Some(a)
            }
            (Some(r), SquareKind::Property) => {
                p.add(format!("{field}.rent"), format!("{} values: a rent table has {RENT_LEVELS} whole numbers of at least 0 (unimproved, 1 to 4 houses, a hotel)", r.len()));
                None
            }
            (Some(_), kind) => {
                p.add(
                    format!("{field}.rent"),
                    format!(
                        "a {} square has no rent table; leave `rent` out",
                        kind.words()
                    ),
                );
                None
            }
            (None, _) => None,
        };
        match (&s.group, s.kind) {
            (None, SquareKind::Property) => p.add(
                format!("{field}.group"),
                "a property needs its colour group",
            ),
            (Some(_), kind) if kind != SquareKind::Property => p.add(
                format!("{field}.group"),
                format!(
                    "a {} square has no colour group; leave `group` out",
                    kind.words()
                ),
            ),
            _ => {}
        }
        out.push(Square {
            name: s.name.clone(),
            kind: s.kind,
            group: s.group.clone(),
            rent,
        });
    }
    let properties = file
        .squares
        .iter()
        .filter(|s| s.kind == SquareKind::Property);
    let with_rent = properties.clone().filter(|s| s.rent.is_some()).count();
    if with_rent > 0 && with_rent < properties.count() {
        if let Some(i) = file
            .squares
            .iter()
            .position(|s| s.kind == SquareKind::Property && s.rent.is_none())
        {
            p.add(format!("squares[{i}].rent"), "some properties have a rent table and this one has none: give every property its table (unimproved, 1 to 4 houses, a hotel), or none");
        }
    }
    out
}

fn action(
    c: &CardFile,
    field: &str,
    find: &dyn Fn(&str) -> Option<usize>,
    n: usize,
    p: &mut Problems,
) -> Action {
    let given = [
        c.to.is_some(),
        c.back.is_some(),
        c.nearest.is_some(),
        c.jail,
        c.keep,
    ];
    if given.iter().filter(|g| **g).count() > 1 {
        p.add(
            field,
            "a card does one thing: give at most one of to, back, nearest, jail and keep",
        );
        return Action::Stay;
    }
    if let Some(name) = &c.to {
        return match find(name) {
            Some(t) => Action::To(t as u8),
            None => {
                p.add(
                    format!("{field}.to"),
                    format!(
                        "'{}' is not a square of this board; use a square's name",
                        crate::input::text::quote(name)
                    ),
                );
                Action::Stay
            }
        };
    }
    if let Some(k) = c.back {
        if k < 1 || k as usize >= n.max(2) {
            p.add(
                format!("{field}.back"),
                format!("{k}: move back 1 to {} squares", n.max(2) - 1),
            );
            return Action::Stay;
        }
        return Action::Back(k as u8);
    }
    if let Some(kind) = c.nearest {
        return Action::Nearest(kind);
    }
    if c.jail {
        return Action::Jail;
    }
    if c.keep {
        return Action::Keep;
    }
    Action::Stay
}

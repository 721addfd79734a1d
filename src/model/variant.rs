//! Variants from the command line: board elements removed (`--without`) and rule overrides,
//! applied to the parsed file before validation so that a variant is checked like any board.

use std::fmt;

use crate::model::chutes::{ChutesFile, OnMaxRolls, Overshoot};
use crate::model::game::{Game, GameFile, GameKind};
use crate::model::{
    BoardFile, BoardProblem, Colour, DoubleLicorice, DoubleMove, DoubleShortcut, InvalidBoard,
    LandmarkDirection, LicoriceRule, Start,
};

/// A board element that `--without` removes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, clap::ValueEnum)]
pub enum Element {
    /// Every licorice space becomes an ordinary space.
    Licorice,
    /// Landmark cards leave the deck and landmark spaces leave the board.
    Landmarks,
    /// Every shortcut is removed.
    Shortcuts,
    /// Every ladder is removed (Chutes and Ladders).
    Ladders,
    /// Every chute is removed (Chutes and Ladders).
    Chutes,
}

impl Element {
    /// The word `--without` accepts and messages print.
    pub fn name(self) -> &'static str {
        match self {
            Element::Licorice => "licorice",
            Element::Landmarks => "landmarks",
            Element::Shortcuts => "shortcuts",
            Element::Ladders => "ladders",
            Element::Chutes => "chutes",
        }
    }

    /// The game whose boards have this element.
    pub fn game(self) -> GameKind {
        match self {
            Element::Licorice | Element::Landmarks | Element::Shortcuts => GameKind::CandyLand,
            Element::Ladders | Element::Chutes => GameKind::ChutesAndLadders,
        }
    }

    /// The elements of one game's boards.
    pub fn of(game: GameKind) -> Vec<Element> {
        [
            Element::Licorice,
            Element::Landmarks,
            Element::Shortcuts,
            Element::Ladders,
            Element::Chutes,
        ]
        .into_iter()
        .filter(|e| e.game() == game)
        .collect()
    }
}

/// "Roll again" faces from the command line: a list, or none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RollAgain(pub Vec<u32>);

impl std::str::FromStr for RollAgain {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        if s == "none" {
            return Ok(RollAgain(Vec::new()));
        }
        s.split(',')
            .map(|f| {
                f.trim()
                    .parse::<u32>()
                    .map_err(|_| format!("'{f}' is not a face; give faces like 6 or 5,6, or none"))
            })
            .collect::<Result<_, _>>()
            .map(RollAgain)
    }
}

impl fmt::Display for RollAgain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("none");
        }
        let faces: Vec<String> = self.0.iter().map(u32::to_string).collect();
        f.write_str(&faces.join(","))
    }
}

/// Changes to a board file: elements removed and rules overridden. The default changes nothing.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Variant {
    /// Elements to remove (`--without`), in the order given.
    pub without: Vec<Element>,
    /// `--licorice`: overrides `rules.licorice` (Candy Land).
    pub licorice: Option<LicoriceRule>,
    /// `--landmark-frees`: overrides `rules.landmark-frees` (Candy Land).
    pub landmark_frees: Option<bool>,
    /// `--doubles`: overrides `rules.doubles` (Candy Land).
    pub doubles: Option<DoubleMove>,
    /// `--double-shortcut`: overrides `rules.double-shortcut` (Candy Land).
    pub double_shortcut: Option<DoubleShortcut>,
    /// `--double-licorice`: overrides `rules.double-licorice` (Candy Land).
    pub double_licorice: Option<DoubleLicorice>,
    /// `--landmark-direction`: overrides `rules.landmark-direction` (Candy Land).
    pub landmark_direction: Option<LandmarkDirection>,
    /// `--start`: overrides `rules.start` (Candy Land).
    pub start: Option<Start>,
    /// `--land-on-last-wins`: overrides `rules.land-on-last-wins` (Candy Land).
    pub land_on_last_wins: Option<bool>,
    /// `--overshoot`: overrides `rules.overshoot` (Chutes and Ladders).
    pub overshoot: Option<Overshoot>,
    /// `--jump-costs-turn`: overrides `rules.jump-costs-turn` (Chutes and Ladders).
    pub jump_costs_turn: Option<bool>,
    /// `--roll-again`: overrides `rules.roll-again` (Chutes and Ladders).
    pub roll_again: Option<RollAgain>,
    /// `--max-rolls`: overrides `rules.max-rolls` (Chutes and Ladders).
    pub max_rolls: Option<u32>,
    /// `--on-max-rolls`: overrides `rules.on-max-rolls` (Chutes and Ladders).
    pub on_max_rolls: Option<OnMaxRolls>,
}

impl Variant {
    /// Whether the variant changes nothing (no removals, no overrides).
    pub fn is_default(&self) -> bool {
        *self == Variant::default()
    }

    /// Applies the variant to a parsed board file.
    ///
    /// `--without landmarks` undoes what the file says about landmarks. In the compact form the
    /// landmarks are insertions into the colour pattern, so removing them lets the pattern fill
    /// those spaces: the length and every index in the file stay as written (this is how the
    /// Python program of seed 002 builds its "No Specials" board). In the explicit form the
    /// landmark entries are deleted and licorice and shortcut indices are renumbered so that they
    /// keep pointing at the same spaces.
    pub fn apply(&self, file: &mut GameFile) -> Result<(), InvalidBoard> {
        self.check_kind(file.kind())?;
        match file {
            GameFile::CandyLand(f) => self.apply_candyland(f),
            GameFile::ChutesAndLadders(f) => {
                self.apply_chutes(f);
                Ok(())
            }
        }
    }

    /// The flags that do not apply to this kind of game, as problems.
    fn check_kind(&self, kind: GameKind) -> Result<(), InvalidBoard> {
        let mut problems = Vec::new();
        for e in &self.without {
            if e.game() != kind {
                let valid: Vec<&str> = Element::of(kind).iter().map(|e| e.name()).collect();
                problems.push(BoardProblem {
                    field: "--without".into(),
                    message: format!(
                        "a {} board has no {}; use one of: {}",
                        kind.name(),
                        e.name(),
                        valid.join(", ")
                    ),
                });
            }
        }
        let candyland = [
            ("--licorice", self.licorice.is_some()),
            ("--landmark-frees", self.landmark_frees.is_some()),
            ("--doubles", self.doubles.is_some()),
            ("--double-shortcut", self.double_shortcut.is_some()),
            ("--double-licorice", self.double_licorice.is_some()),
            ("--landmark-direction", self.landmark_direction.is_some()),
            ("--start", self.start.is_some()),
            ("--land-on-last-wins", self.land_on_last_wins.is_some()),
        ];
        let chutes = [
            ("--overshoot", self.overshoot.is_some()),
            ("--jump-costs-turn", self.jump_costs_turn.is_some()),
            ("--roll-again", self.roll_again.is_some()),
            ("--max-rolls", self.max_rolls.is_some()),
            ("--on-max-rolls", self.on_max_rolls.is_some()),
        ];
        let (foreign, owner) = match kind {
            GameKind::CandyLand => (&chutes[..], GameKind::ChutesAndLadders),
            GameKind::ChutesAndLadders => (&candyland[..], GameKind::CandyLand),
        };
        for (flag, set) in foreign {
            if *set {
                problems.push(BoardProblem {
                    field: flag.to_string(),
                    message: format!(
                        "is a rule of {} boards and this is a {} board; leave it out",
                        owner.name(),
                        kind.name()
                    ),
                });
            }
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(InvalidBoard { problems })
        }
    }

    fn apply_chutes(&self, file: &mut ChutesFile) {
        for element in &self.without {
            match element {
                Element::Ladders => file.board.ladders.clear(),
                Element::Chutes => file.board.chutes.clear(),
                _ => {}
            }
        }
        let r = &mut file.rules;
        if let Some(v) = self.overshoot {
            r.overshoot = v;
        }
        if let Some(v) = self.jump_costs_turn {
            r.jump_costs_turn = v;
        }
        if let Some(v) = &self.roll_again {
            r.roll_again = v.0.clone();
        }
        if let Some(v) = self.max_rolls {
            r.max_rolls = v;
        }
        if let Some(v) = self.on_max_rolls {
            r.on_max_rolls = v;
        }
    }

    fn apply_candyland(&self, file: &mut BoardFile) -> Result<(), InvalidBoard> {
        for element in &self.without {
            match element {
                Element::Licorice => file.board.licorice.clear(),
                Element::Shortcuts => file.board.shortcuts.clear(),
                Element::Landmarks => remove_landmarks(file)?,
                Element::Ladders | Element::Chutes => {}
            }
        }
        let r = &mut file.rules;
        if let Some(v) = self.licorice {
            r.licorice = v;
        }
        if let Some(v) = self.landmark_frees {
            r.landmark_frees = v;
        }
        if let Some(v) = self.doubles {
            r.doubles = v;
        }
        if let Some(v) = self.double_shortcut {
            r.double_shortcut = v;
        }
        if let Some(v) = self.double_licorice {
            r.double_licorice = v;
        }
        if let Some(v) = self.landmark_direction {
            r.landmark_direction = v;
        }
        if let Some(v) = self.start {
            r.start = v;
        }
        if let Some(v) = self.land_on_last_wins {
            r.land_on_last_wins = v;
        }
        Ok(())
    }
}

fn remove_landmarks(file: &mut BoardFile) -> Result<(), InvalidBoard> {
    file.deck.landmark.clear();
    file.board.landmarks.clear();
    let Some(spaces) = &file.board.spaces else {
        return Ok(());
    };
    // New index of each old space; None for a removed landmark.
    let mut renumber = Vec::with_capacity(spaces.len());
    let mut kept = Vec::with_capacity(spaces.len());
    for s in spaces {
        if Colour::from_name(s).is_some() {
            renumber.push(Some(kept.len()));
            kept.push(s.clone());
        } else {
            renumber.push(None);
        }
    }
    let mut problems = Vec::new();
    let mut map = |field: String, old: usize| -> usize {
        match renumber.get(old) {
            Some(Some(new)) => *new,
            Some(None) => {
                problems.push(BoardProblem {
                    field,
                    message: format!("points at landmark space {old}, which --without landmarks removes; point it at a colour space"),
                });
                old
            }
            // Out of range: left for validation to report.
            None => old,
        }
    };
    for (i, l) in file.board.licorice.iter_mut().enumerate() {
        *l = map(format!("board.licorice[{i}]"), *l);
    }
    for (i, s) in file.board.shortcuts.iter_mut().enumerate() {
        s.from = map(format!("board.shortcuts[{i}].from"), s.from);
        s.to = map(format!("board.shortcuts[{i}].to"), s.to);
    }
    file.board.spaces = Some(kept);
    if problems.is_empty() {
        Ok(())
    } else {
        Err(InvalidBoard { problems })
    }
}

impl fmt::Display for Variant {
    /// The variant as command-line flags, e.g. `--without licorice --doubles one-step`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = self
            .without
            .iter()
            .map(|e| format!("--without {}", e.name()))
            .collect();
        let mut flag = |name: &str, value: Option<String>| {
            if let Some(v) = value {
                parts.push(format!("--{name} {v}"));
            }
        };
        use clap::ValueEnum;
        fn word<T: ValueEnum>(v: Option<T>) -> Option<String> {
            v.and_then(|v| v.to_possible_value().map(|p| p.get_name().to_string()))
        }
        flag("licorice", word(self.licorice));
        flag("landmark-frees", self.landmark_frees.map(|b| b.to_string()));
        flag("doubles", word(self.doubles));
        flag("double-shortcut", word(self.double_shortcut));
        flag("double-licorice", word(self.double_licorice));
        flag("landmark-direction", word(self.landmark_direction));
        flag("start", word(self.start));
        flag(
            "land-on-last-wins",
            self.land_on_last_wins.map(|b| b.to_string()),
        );
        flag("overshoot", word(self.overshoot));
        flag(
            "jump-costs-turn",
            self.jump_costs_turn.map(|b| b.to_string()),
        );
        flag(
            "roll-again",
            self.roll_again.as_ref().map(|r| r.to_string()),
        );
        flag("max-rolls", self.max_rolls.map(|m| m.to_string()));
        flag("on-max-rolls", word(self.on_max_rolls));
        f.write_str(&parts.join(" "))
    }
}

/// One edit of a board file for what-if: a label and the edited file.
pub type Edit = (String, GameFile);

/// Every single-element removal of a board file (after its variant): each licorice space, each
/// shortcut, each landmark's cards; each ladder, each chute. The what-if module solves each.
/// `game` is `file` validated (it names the spaces).
pub fn element_removals(file: &GameFile, game: &Game) -> Vec<Edit> {
    let mut out = Vec::new();
    match file {
        GameFile::CandyLand(base) => {
            for (i, &space) in base.board.licorice.iter().enumerate() {
                let mut f = base.clone();
                f.board.licorice.remove(i);
                out.push((
                    format!("without licorice on {space} ({})", game.space_name(space)),
                    GameFile::CandyLand(f),
                ));
            }
            for (i, s) in base.board.shortcuts.iter().enumerate() {
                let mut f = base.clone();
                f.board.shortcuts.remove(i);
                out.push((
                    format!("without shortcut {} -> {}", s.from, s.to),
                    GameFile::CandyLand(f),
                ));
            }
            for (name, &count) in &base.deck.landmark {
                if count == 0 {
                    continue;
                }
                let mut f = base.clone();
                f.deck.landmark.insert(name.clone(), 0);
                let cards = if count == 1 { "card" } else { "cards" };
                out.push((
                    format!("without the {name} {cards} ({count})"),
                    GameFile::CandyLand(f),
                ));
            }
        }
        GameFile::ChutesAndLadders(base) => {
            for (i, j) in base.board.ladders.iter().enumerate() {
                let mut f = base.clone();
                f.board.ladders.remove(i);
                out.push((
                    format!("without ladder {} -> {}", j.from, j.to),
                    GameFile::ChutesAndLadders(f),
                ));
            }
            for (i, j) in base.board.chutes.iter().enumerate() {
                let mut f = base.clone();
                f.board.chutes.remove(i);
                out.push((
                    format!("without chute {} -> {}", j.from, j.to),
                    GameFile::ChutesAndLadders(f),
                ));
            }
        }
    }
    out
}

/// The rule variants a checker tries for one kind of game: the settings simulators of that game
/// disagree on.
pub fn rule_hypotheses(kind: GameKind) -> Vec<Variant> {
    let mut out = Vec::new();
    match kind {
        GameKind::CandyLand => {
            for licorice in [
                LicoriceRule::LoseNextTurn,
                LicoriceRule::StuckUntilColor,
                LicoriceRule::None,
            ] {
                for (doubles, double_shortcut) in [
                    (DoubleMove::TwoSteps, DoubleShortcut::FinalStep),
                    (DoubleMove::TwoSteps, DoubleShortcut::EachStep),
                    (DoubleMove::OneStep, DoubleShortcut::FinalStep),
                ] {
                    for start in [Start::BeforeFirst, Start::FirstSpace] {
                        out.push(Variant {
                            licorice: Some(licorice),
                            doubles: Some(doubles),
                            double_shortcut: Some(double_shortcut),
                            start: Some(start),
                            ..Variant::default()
                        });
                    }
                }
            }
        }
        GameKind::ChutesAndLadders => {
            for overshoot in [Overshoot::Stay, Overshoot::Bounce, Overshoot::Win] {
                for jump_costs_turn in [false, true] {
                    for roll_again in [Vec::new(), vec![6]] {
                        out.push(Variant {
                            overshoot: Some(overshoot),
                            jump_costs_turn: Some(jump_costs_turn),
                            roll_again: Some(RollAgain(roll_again)),
                            ..Variant::default()
                        });
                    }
                }
            }
        }
    }
    out
}

//! Variants from the command line: board elements removed (`--without`) and rule overrides,
//! applied to the parsed file before validation so that a variant is checked like any board.

use std::fmt;

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
}

impl Element {
    pub fn name(self) -> &'static str {
        match self {
            Element::Licorice => "licorice",
            Element::Landmarks => "landmarks",
            Element::Shortcuts => "shortcuts",
        }
    }
}

/// Changes to a board file: elements removed and rules overridden. The default changes nothing.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Variant {
    pub without: Vec<Element>,
    pub licorice: Option<LicoriceRule>,
    pub landmark_frees: Option<bool>,
    pub doubles: Option<DoubleMove>,
    pub double_shortcut: Option<DoubleShortcut>,
    pub double_licorice: Option<DoubleLicorice>,
    pub landmark_direction: Option<LandmarkDirection>,
    pub start: Option<Start>,
    pub land_on_last_wins: Option<bool>,
}

impl Variant {
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
    pub fn apply(&self, file: &mut BoardFile) -> Result<(), InvalidBoard> {
        for element in &self.without {
            match element {
                Element::Licorice => file.board.licorice.clear(),
                Element::Shortcuts => file.board.shortcuts.clear(),
                Element::Landmarks => remove_landmarks(file)?,
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
        f.write_str(&parts.join(" "))
    }
}

//! From [`BoardFile`] to [`Board`]: every check a board file must pass, each problem reported
//! with the field it concerns and how to fix it.

use std::collections::{BTreeMap, HashMap, HashSet};

use crate::games::Identity;
use crate::input::problems::{InvalidBoard, Problems, MAX_NAME_CHARS, MAX_SPACES};

/// What to write instead of an empty or invisible landmark name.
const LANDMARK_HINT: &str =
    "give a colour or a landmark's name, e.g. \"Gumdrop Mountains\" (listed in [deck.landmark])";

use super::deck::deck;
use super::file::BoardSection;
use super::{Board, BoardFile, Colour, Landmark, LandmarkId, LicoriceRule, Space, Start};

fn colour_list() -> String {
    Colour::ALL.map(Colour::name).join(", ")
}

impl Board {
    /// Validates a parsed board file. All problems are collected, not just the first.
    pub fn from_file(file: &BoardFile) -> Result<Board, InvalidBoard> {
        let mut p = Problems::default();
        let identity = Identity::checked(
            &file.name,
            &file.description,
            &file.source,
            "my-board",
            &mut p,
        );
        let layout = track(&file.board, &file.deck.landmark, &mut p);
        let board = layout.and_then(|(spaces, landmarks)| {
            let n = spaces.len();
            let licorice = licorice(&file.board.licorice, &spaces, &landmarks, &mut p);
            let shortcut = shortcuts(file, &spaces, &licorice, &mut p);
            let deck = deck(file, &spaces, &landmarks, &mut p);
            if file.rules.start == Start::FirstSpace && n > 0 {
                if licorice[0] && file.rules.licorice != LicoriceRule::None {
                    p.add(
                        "board.licorice",
                        "space 0 is licorice but tokens start on it (rules.start = \"first-space\"); move the licorice or start before the first space",
                    );
                }
                if shortcut[0].is_some() {
                    p.add(
                        "board.shortcuts",
                        "a shortcut starts on space 0 but tokens start there (rules.start = \"first-space\"); move it or start before the first space",
                    );
                }
            }
            Some(Board {
                identity,
                spaces,
                licorice,
                // Sparse: a few shortcuts on a track of up to millions of spaces.
                shortcuts: shortcut
                    .iter()
                    .enumerate()
                    .filter_map(|(from, to)| to.map(|to| (from, to)))
                    .collect(),
                landmarks,
                deck: deck?,
                rules: file.rules,
            })
        });
        match board {
            Some(board) if p.is_empty() => Ok(board),
            _ => Err(p.into_invalid()),
        }
    }
}

/// Where a space came from in the file, for messages (formatted only when needed: a board may
/// have millions of spaces).
#[derive(Debug, Clone, Copy)]
enum Origin {
    Space(usize),
    Landmark(usize),
    Pattern(usize),
}

impl Origin {
    fn field(self) -> String {
        match self {
            Origin::Space(i) => format!("board.spaces[{i}]"),
            Origin::Landmark(j) => format!("board.landmarks[{j}]"),
            Origin::Pattern(i) => format!("board.pattern (space {i})"),
        }
    }
}

/// Expands the explicit or compact form into spaces and landmarks.
fn track(
    b: &BoardSection,
    declared: &BTreeMap<String, u32>,
    p: &mut Problems,
) -> Option<(Vec<Space>, Vec<Landmark>)> {
    let compact = b.pattern.is_some() || b.length.is_some() || !b.landmarks.is_empty();
    let names: Vec<(Origin, &str)> = match (&b.spaces, compact) {
        (Some(_), true) => {
            p.add(
                "board",
                "has both `spaces` and the compact form (`pattern`, `length`, `landmarks`); keep one of the two",
            );
            return None;
        }
        (None, false) => {
            p.add(
                "board",
                "has no spaces; give either `spaces = [...]` or `pattern = [...]` with `length = N`",
            );
            return None;
        }
        (Some(list), false) => list
            .iter()
            .enumerate()
            .map(|(i, s)| (Origin::Space(i), s.as_str()))
            .collect(),
        (None, true) => expand_compact(b, p)?,
    };
    if names.is_empty() {
        p.add("board", "the board has no spaces; add at least one");
        return None;
    }
    if names.len() > MAX_SPACES {
        p.add(
            "board",
            format!(
                "has {} spaces; at most {MAX_SPACES} are supported",
                names.len()
            ),
        );
        return None;
    }
    let mut spaces = Vec::with_capacity(names.len());
    let mut landmarks: Vec<Landmark> = Vec::new();
    let mut seen: HashMap<&str, usize> = HashMap::new();
    // Landmark names on the board, and the [deck.landmark] keys that name none of them: a space
    // whose name is a slip away from such a key is one typo, reported once, at the key.
    let on_board: HashSet<&str> = names
        .iter()
        .filter(|(origin, _)| !matches!(origin, Origin::Pattern(_)))
        .map(|&(_, name)| name)
        .collect();
    let stray_keys: Vec<&str> = declared
        .keys()
        .map(String::as_str)
        .filter(|k| !on_board.contains(k))
        .collect();
    let mut undeclared: Vec<(&str, usize)> = Vec::new();
    for (i, &(origin, name)) in names.iter().enumerate() {
        if let Some(c) = Colour::from_name(name) {
            spaces.push(Space::Colour(c));
        } else if let (Origin::Space(_), Some(problem)) = (
            origin,
            crate::input::problems::text_problem(name, MAX_NAME_CHARS, LANDMARK_HINT),
        ) {
            // A landmark's name in the explicit form is checked like one in the compact form
            // (where `expand_compact` checked it); its space stays unknown.
            p.add(origin.field(), problem);
            spaces.push(Space::Landmark(super::deck::UNKNOWN));
        } else if matches!(origin, Origin::Pattern(_)) {
            // A pattern entry that is not a colour was reported once, with its index in the
            // pattern (`expand_compact`); its spaces stay unknown so that the other checks run.
            spaces.push(Space::Landmark(super::deck::UNKNOWN));
        } else if declared.contains_key(name) {
            if let Some(first) = seen.insert(name, i) {
                p.add(
                    origin.field(),
                    format!(
                        "landmark '{name}' is already space {first}; landmark names must be unique so that its card has one destination"
                    ),
                );
            }
            // Fewer than MAX_SPACES landmarks, so the id fits.
            spaces.push(Space::Landmark(landmarks.len() as LandmarkId));
            landmarks.push(Landmark {
                name: name.to_string(),
                space: i,
            });
        } else {
            undeclared.push((name, i));
            if crate::input::text::near_miss(name, stray_keys.iter().copied()).is_some() {
                // The key's message below says it: the space is spelt right, the key is not.
                spaces.push(Space::Landmark(super::deck::UNKNOWN));
                continue;
            }
            p.add(
                origin.field(),
                format!(
                    "'{name}'{} is neither a colour ({}) nor a landmark listed in [deck.landmark]; fix the spelling or add `\"{name}\" = COUNT` to [deck.landmark] (0 if no card leads there)",
                    crate::input::text::did_you_mean(
                        name,
                        Colour::ALL.map(Colour::name).into_iter().chain(declared.keys().map(String::as_str))
                    ),
                    colour_list()
                ),
            );
            spaces.push(Space::Landmark(super::deck::UNKNOWN));
        }
    }
    for key in stray_keys {
        let hint = match undeclared
            .iter()
            .find(|(name, _)| crate::input::text::near_miss(key, [*name]).is_some())
        {
            Some((name, i)) => format!(
                " (did you mean '{}', space {i}?); correct the key's spelling",
                crate::input::text::quote(name)
            ),
            None => "; add the space to the board or remove the card".to_string(),
        };
        p.add(
            format!("deck.landmark.\"{key}\""),
            format!("no space is the landmark '{key}'{hint}"),
        );
    }
    Some((spaces, landmarks))
}

/// Compact form: the pattern repeated, with each landmark at its final index.
fn expand_compact<'b>(b: &'b BoardSection, p: &mut Problems) -> Option<Vec<(Origin, &'b str)>> {
    let pattern = b.pattern.as_deref().unwrap_or_default();
    let Some(length) = b.length else {
        p.add(
            "board.length",
            "is missing; the compact form needs the number of spaces, landmarks included",
        );
        return None;
    };
    if pattern.is_empty() {
        p.add(
            "board.pattern",
            format!(
                "is empty; list the repeating colours, e.g. [\"red\", \"purple\"] (colours: {})",
                colour_list()
            ),
        );
        return None;
    }
    // A bad colour is reported here, once; its spaces are left unknown and the checks go on.
    for (i, c) in pattern.iter().enumerate() {
        if Colour::from_name(c).is_none() {
            p.add(
                format!("board.pattern[{i}]"),
                format!(
                    "'{c}'{} is not a colour; colours are {}",
                    crate::input::text::did_you_mean(c, Colour::ALL.map(Colour::name)),
                    colour_list()
                ),
            );
        }
    }
    let mut ok = true;
    if length > MAX_SPACES {
        p.add(
            "board.length",
            format!("is {length}; at most {MAX_SPACES} spaces are supported"),
        );
        return None;
    }
    let mut at: Vec<Option<(usize, &str)>> = vec![None; length];
    for (i, l) in b.landmarks.iter().enumerate() {
        let field = format!("board.landmarks[{i}]");
        p.name(&format!("{field}.name"), &l.name, LANDMARK_HINT);
        if Colour::from_name(&l.name).is_some() {
            p.add(
                format!("{field}.name"),
                format!("'{}' is a colour; a landmark needs its own name", l.name),
            );
            ok = false;
        } else if l.at >= length {
            p.add(
                format!("{field}.at"),
                format!(
                    "{} is past the last space ({}); indices are 0-based",
                    l.at,
                    length.saturating_sub(1)
                ),
            );
            ok = false;
        } else if let Some((j, _)) = at[l.at] {
            p.add(
                format!("{field}.at"),
                format!(
                    "space {} already holds board.landmarks[{j}]; give each landmark its own space",
                    l.at
                ),
            );
            ok = false;
        } else {
            at[l.at] = Some((i, l.name.as_str()));
        }
    }
    if !ok {
        return None;
    }
    let mut next = 0;
    let names = at
        .into_iter()
        .enumerate()
        .map(|(i, slot)| match slot {
            Some((j, name)) => (Origin::Landmark(j), name),
            None => {
                let c = pattern[next % pattern.len()].as_str();
                next += 1;
                (Origin::Pattern(i), c)
            }
        })
        .collect();
    Some(names)
}

fn licorice(
    indices: &[usize],
    spaces: &[Space],
    landmarks: &[Landmark],
    p: &mut Problems,
) -> Vec<bool> {
    let n = spaces.len();
    let mut licorice = vec![false; n];
    for (i, &s) in indices.iter().enumerate() {
        let field = format!("board.licorice[{i}]");
        if s >= n {
            p.add(
                field,
                format!(
                    "{s} is past the last space ({}); indices are 0-based",
                    n - 1
                ),
            );
        } else if licorice[s] {
            p.add(field, format!("space {s} is listed twice; list it once"));
        } else if s == n - 1 {
            p.add(
                field,
                format!("space {s} is the last space; licorice there could stop a token at the finish line, put it earlier"),
            );
        } else if spaces[s] == Space::Landmark(super::deck::UNKNOWN) {
            // What the space is was reported already; it may be meant as a colour.
            licorice[s] = true;
        } else if let Space::Landmark(l) = spaces[s] {
            let name = landmarks.get(l as usize).map_or("?", |l| l.name.as_str());
            p.add(
                field,
                format!("space {s} is the landmark '{name}'; licorice must be on a colour space (its colour frees a stuck token)"),
            );
        } else {
            licorice[s] = true;
        }
    }
    licorice
}

fn shortcuts(
    file: &BoardFile,
    spaces: &[Space],
    licorice: &[bool],
    p: &mut Problems,
) -> Vec<Option<usize>> {
    let n = spaces.len();
    let list = &file.board.shortcuts;
    let mut shortcut = vec![None; n];
    let starts: HashSet<usize> = list.iter().map(|s| s.from).collect();
    for (i, s) in list.iter().enumerate() {
        let field = format!("board.shortcuts[{i}]");
        let mut ok = true;
        for (end, v) in [("from", s.from), ("to", s.to)] {
            if v >= n {
                p.add(
                    format!("{field}.{end}"),
                    format!(
                        "{v} is past the last space ({}); indices are 0-based",
                        n - 1
                    ),
                );
                ok = false;
            }
        }
        if !ok {
            continue;
        }
        if s.from == s.to {
            p.add(
                field,
                format!("leads from space {} to itself; remove it", s.from),
            );
        } else if shortcut[s.from].is_some() {
            p.add(
                format!("{field}.from"),
                format!(
                    "space {} already starts a shortcut; one shortcut per space",
                    s.from
                ),
            );
        } else if matches!(spaces[s.from], Space::Landmark(l) if l != super::deck::UNKNOWN) {
            p.add(
                format!("{field}.from"),
                format!(
                    "space {} is a landmark; shortcuts start on colour spaces",
                    s.from
                ),
            );
        } else if licorice[s.from] {
            p.add(
                format!("{field}.from"),
                format!(
                    "space {} is licorice; a space is either licorice or a shortcut start",
                    s.from
                ),
            );
        } else if starts.contains(&s.to) {
            p.add(
                format!("{field}.to"),
                format!("space {} starts another shortcut; chains or cycles of shortcuts are not allowed, point this one at the final space", s.to),
            );
        } else {
            shortcut[s.from] = Some(s.to);
        }
    }
    shortcut
}

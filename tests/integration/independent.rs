//! An independent Candy Land simulator, written from the rules as prose, against the tool's
//! exact answer for the `clark-program` board.
//!
//! Nothing here uses the crate's chain, simulator, step function (`candyland::game`) or
//! validated model (`candyland::internals::games`): the board file is parsed with `toml` into the small
//! structs below, the rules are coded again from the description that follows, and the exact
//! answer is read from the binary's JSON output. A rules bug in the tool's step function that
//! moves the mean by less than one turn (an order of shortcut and licorice, a double that stops
//! where it should not) makes the two disagree.
//!
//! # The rules of `classic`, as simulated here
//!
//! They are those of the Python program in Chris Clark's "Adventures in Candy Land" (2021, a
//! blog post), as `data/boards/clark-program.toml` records them and `data/boards/FORMAT.md` defines
//! the rule values.
//!
//! - **Track**: 134 spaces, numbered from 0. The six colours repeat red, purple, yellow, blue,
//!   orange, green along the track; the six character spaces (Plumpy at 8, Mr. Mint at 17,
//!   Jolly at 42, Gramma Nut at 74, Princess Lolly at 94, Queen Frostine at 103) sit at those
//!   final indices and the colour sequence simply skips over them. Licorice spaces are 47
//!   (yellow), 85 (blue) and 120 (red); the shortcuts go from 4 (orange) to 58 and from 33
//!   (purple) to 46.
//! - **Deck**: 66 cards: eight single cards and two double cards of each colour, and one card per
//!   character. Every turn draws one card, independently, from the full deck.
//! - **Start**: the token starts off the board, just before space 0.
//! - **Licorice** ("stuck until colour"): a token on a licorice space stays there until a card
//!   of that space's colour is drawn (a single or a double); that card then moves it as usual.
//!   Every other card, character cards included, is a lost turn, which still counts as a turn.
//! - **Character card**: the token goes to that character's space, forward or backward (from
//!   anywhere not stuck on licorice).
//! - **Colour card**: a single card makes one step, a double card two. A step moves the token to
//!   the next space of the card's colour strictly ahead of it. If the token then stands at the
//!   start of a shortcut, it follows the shortcut (on every step of a double, so the second step
//!   of a double continues from the shortcut's end). If it then stands on licorice, the move is
//!   over: a double whose first step reaches licorice stops there.
//! - **End**: a step that finds no space of its colour ahead wins; the game is over and that
//!   turn counts. Reaching the last space (133, purple) does not win by itself: the next colour
//!   card wins, and a character card sends the token back.

use std::collections::BTreeMap;

use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::Deserialize;

use crate::common::candyland;

/// The board file, read as text at compile time.
const CLASSIC: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/data/boards/clark-program.toml"
));

/// The colours, in the order the letters of the write-up abbreviate them.
const COLOURS: [(&str, &str); 6] = [
    ("red", "R"),
    ("purple", "P"),
    ("yellow", "Y"),
    ("blue", "B"),
    ("orange", "O"),
    ("green", "G"),
];

// ---------------------------------------------------------------------------------------------
// The board file, parsed into our own structs (unknown keys such as `name` are ignored here).

#[derive(Debug, Deserialize)]
struct FileToml {
    board: BoardToml,
    deck: DeckToml,
    rules: BTreeMap<String, toml::Value>,
}

#[derive(Debug, Deserialize)]
struct BoardToml {
    /// Explicit form: every space in order.
    spaces: Option<Vec<String>>,
    /// Compact form: the repeated colour sequence, the length and the landmarks' final indices.
    pattern: Option<Vec<String>>,
    length: Option<usize>,
    #[serde(default)]
    landmarks: Vec<LandmarkToml>,
    #[serde(default)]
    licorice: Vec<usize>,
    #[serde(default)]
    shortcuts: Vec<ShortcutToml>,
}

#[derive(Debug, Deserialize)]
struct LandmarkToml {
    name: String,
    at: usize,
}

#[derive(Debug, Deserialize)]
struct ShortcutToml {
    from: usize,
    to: usize,
}

#[derive(Debug, Deserialize)]
struct DeckToml {
    #[serde(default)]
    single: BTreeMap<String, u32>,
    #[serde(default)]
    double: BTreeMap<String, u32>,
    #[serde(default)]
    landmark: BTreeMap<String, u32>,
}

fn colour_index(name: &str) -> Option<usize> {
    COLOURS.iter().position(|(c, _)| *c == name)
}

/// The spaces in order, each a colour or a landmark name; the compact form is expanded: the
/// landmarks take their indices and the pattern, repeated, fills the other spaces in order.
fn expand(board: &BoardToml) -> Vec<String> {
    if let Some(spaces) = &board.spaces {
        return spaces.clone();
    }
    let pattern = board.pattern.as_ref().expect("pattern or spaces");
    let length = board.length.expect("length with pattern");
    let mut next_colour = pattern.iter().cycle();
    (0..length)
        .map(|i| match board.landmarks.iter().find(|l| l.at == i) {
            Some(l) => l.name.clone(),
            None => next_colour.next().expect("non-empty pattern").clone(),
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// The board as the simulator sees it.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Card {
    /// Steps (1 or 2) to the next space of a colour.
    Colour { colour: usize, steps: u8 },
    /// A jump to a landmark's space.
    Landmark { space: usize },
}

struct Board {
    /// Each space's colour, or `None` for a landmark space.
    colour: Vec<Option<usize>>,
    licorice: Vec<bool>,
    shortcut: Vec<Option<usize>>,
    /// The whole deck, one entry per physical card: a uniform index draws a kind with
    /// probability count / deck size.
    deck: Vec<Card>,
}

fn load(text: &str) -> (FileToml, Vec<String>, Board) {
    let file: FileToml = toml::from_str(text).expect("the board file parses");
    let names = expand(&file.board);
    let n = names.len();
    let colour: Vec<Option<usize>> = names.iter().map(|s| colour_index(s)).collect();
    let mut licorice = vec![false; n];
    for &i in &file.board.licorice {
        licorice[i] = true;
    }
    let mut shortcut = vec![None; n];
    for s in &file.board.shortcuts {
        shortcut[s.from] = Some(s.to);
    }
    let mut deck = Vec::new();
    for (counts, steps) in [(&file.deck.single, 1), (&file.deck.double, 2)] {
        for (name, &count) in counts {
            let colour = colour_index(name).expect("a colour card names a colour");
            deck.extend(std::iter::repeat_n(
                Card::Colour { colour, steps },
                count as usize,
            ));
        }
    }
    for (name, &count) in &file.deck.landmark {
        let space = names
            .iter()
            .position(|s| s == name)
            .expect("a landmark card has its space");
        deck.extend(std::iter::repeat_n(
            Card::Landmark { space },
            count as usize,
        ));
    }
    let board = Board {
        colour,
        licorice,
        shortcut,
        deck,
    };
    (file, names, board)
}

// ---------------------------------------------------------------------------------------------
// The simulator.

/// The one rule this module can change on purpose, to show that the comparison has power.
#[derive(Debug, Clone, Copy)]
struct Rules {
    /// True (classic): licorice reached by the first step of a double ends the move there.
    /// False: licorice catches a double only where its second step ends.
    double_stops_on_licorice: bool,
}

const CLASSIC_RULES: Rules = Rules {
    double_stops_on_licorice: true,
};

/// Plays one one-player game and returns its number of turns.
fn play(board: &Board, rules: Rules, rng: &mut Xoshiro256PlusPlus) -> u64 {
    // `None`: off the board, before space 0.
    let mut at: Option<usize> = None;
    let mut turns = 0u64;
    loop {
        turns += 1;
        assert!(turns < 1_000_000, "a game that never ends");
        let card = board.deck[rng.random_range(0..board.deck.len())];
        if let Some(p) = at {
            if board.licorice[p] {
                let frees =
                    matches!(card, Card::Colour { colour, .. } if Some(colour) == board.colour[p]);
                if !frees {
                    continue; // a lost turn
                }
            }
        }
        match card {
            Card::Landmark { space } => at = Some(space),
            Card::Colour { colour, steps } => {
                for step in 1..=steps {
                    let from = at.map_or(0, |p| p + 1);
                    let Some(next) =
                        (from..board.colour.len()).find(|&i| board.colour[i] == Some(colour))
                    else {
                        return turns; // no space of this colour ahead: a win
                    };
                    let landed = board.shortcut[next].unwrap_or(next);
                    at = Some(landed);
                    if board.licorice[landed] && (step == steps || rules.double_stops_on_licorice) {
                        break;
                    }
                }
            }
        }
    }
}

/// What a run of games measures.
struct Sample {
    games: u64,
    mean: f64,
    /// Games that lasted more than 50 turns.
    over_50: u64,
}

fn run(board: &Board, rules: Rules, games: u64, seed: u64) -> Sample {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut total = 0u64;
    let mut over_50 = 0u64;
    for _ in 0..games {
        let t = play(board, rules, &mut rng);
        total += t;
        over_50 += u64::from(t > 50);
    }
    Sample {
        games,
        mean: total as f64 / games as f64,
        over_50,
    }
}

// ---------------------------------------------------------------------------------------------
// The exact answer, from the binary.

struct Exact {
    mean: f64,
    sd: f64,
    /// P(a game lasts more than 50 turns).
    longer_than_50: f64,
}

/// Runs `candyland analyze classic --json` with extra flags and reads the figures compared here.
fn exact(flags: &[&str]) -> Exact {
    let out = candyland()
        .args(["analyze", "clark-program", "--json"])
        .args(flags)
        .output()
        .expect("the binary runs");
    assert!(out.status.success(), "analyze failed: {out:?}");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON output");
    let longer_than_50 = json["tail"]
        .as_array()
        .expect("tail")
        .iter()
        .find(|e| e["turns"].as_u64() == Some(50))
        .expect("a longer_than entry for 50 turns")["probability"]
        .as_f64()
        .expect("a probability");
    Exact {
        mean: json["mean"].as_f64().expect("mean"),
        sd: json["sd"].as_f64().expect("sd"),
        longer_than_50,
    }
}

/// z-scores of the sample mean and of the 50-turn tail against the exact answer.
fn z_scores(s: &Sample, e: &Exact) -> (f64, f64) {
    let n = s.games as f64;
    let z_mean = (s.mean - e.mean) / (e.sd / n.sqrt());
    let p = e.longer_than_50;
    let z_tail = (s.over_50 as f64 / n - p) / (p * (1.0 - p) / n).sqrt();
    (z_mean, z_tail)
}

// ---------------------------------------------------------------------------------------------
// The tests.

/// The board printed in the write-up (its `print` of the expanded board), one space per entry;
/// its annotations give licorice at 47, 85, 120 and shortcuts 4 -> 58 and 33 -> 46.
const PRINTED: &str = "R|P|Y|B|O|G|R|P|Plumpy|Y|B|O|G|R|P|Y|B|Mr. Mint|O|G|R|P|Y|B|O|G|R|P|Y|B|\
O|G|R|P|Y|B|O|G|R|P|Y|B|Jolly|O|G|R|P|Y|B|O|G|R|P|Y|B|O|G|R|P|Y|B|O|G|R|P|Y|B|O|G|R|P|Y|B|O|\
Gramma Nut|G|R|P|Y|B|O|G|R|P|Y|B|O|G|R|P|Y|B|O|G|Princess Lolly|R|P|Y|B|O|G|R|P|Queen Frostine|\
Y|B|O|G|R|P|Y|B|O|G|R|P|Y|B|O|G|R|P|Y|B|O|G|R|P|Y|B|O|G|R|P";

#[test]
fn the_board_file_expands_to_the_board_printed_in_the_write_up() {
    let (file, names, board) = load(CLASSIC);
    let abbreviated: Vec<&str> = names
        .iter()
        .map(|s| match COLOURS.iter().find(|(c, _)| c == s) {
            Some((_, letter)) => *letter,
            None => s.as_str(),
        })
        .collect();
    assert_eq!(abbreviated, PRINTED.split('|').collect::<Vec<_>>());
    assert_eq!(file.board.licorice, [47, 85, 120]);
    let shortcuts: Vec<(usize, usize)> = file
        .board
        .shortcuts
        .iter()
        .map(|s| (s.from, s.to))
        .collect();
    assert_eq!(shortcuts, [(4, 58), (33, 46)]);
    // create_cards: the six characters once, each colour 8 times, each double twice.
    assert_eq!(board.deck.len(), 66);
    for (colour, (name, _)) in COLOURS.iter().enumerate() {
        for (steps, count) in [(1, 8), (2, 2)] {
            let n = board
                .deck
                .iter()
                .filter(|&&c| c == Card::Colour { colour, steps })
                .count();
            assert_eq!(n, count, "{name} x{steps}");
        }
    }
    let landmarks = board
        .deck
        .iter()
        .filter(|c| matches!(c, Card::Landmark { .. }))
        .count();
    assert_eq!(landmarks, 6);
}

/// The simulator codes the rules of the module doc; if the file's rules change, it must too.
#[test]
fn the_file_has_the_rules_simulated_here() {
    let (file, _, _) = load(CLASSIC);
    let rule = |key: &str| file.rules.get(key).map(|v| v.to_string());
    let expected = [
        ("licorice", "\"stuck-until-color\""),
        ("landmark-frees", "false"),
        ("doubles", "\"two-steps\""),
        ("double-shortcut", "\"each-step\""),
        ("double-licorice", "\"stops-move\""),
        ("landmark-direction", "\"any\""),
        ("start", "\"before-first\""),
        ("land-on-last-wins", "false"),
    ];
    for (key, value) in expected {
        assert_eq!(rule(key).as_deref(), Some(value), "rule {key}");
    }
    assert_eq!(
        file.rules.len(),
        expected.len(),
        "a rule this module does not know"
    );
}

/// One million games of the independent simulator against the exact answer.
///
/// The exact figures come from `candyland analyze classic --json`: `expected_turns` and
/// `std_dev` (the chain's exact mean and standard deviation of the number of turns; 40.7635 and
/// 27.4120 when this test was written) and the `longer_than` entry for 50 turns, P(turns > 50)
/// (0.262898). With n = 1,000,000 games the standard error of the mean is sd / sqrt(n) = 0.027
/// turns, that of the tail sqrt(p (1 - p) / n) = 0.00044.
#[test]
fn a_million_independent_games_agree_with_the_exact_answer() {
    let (_, _, board) = load(CLASSIC);
    let exact = exact(&[]);
    let sample = run(&board, CLASSIC_RULES, 1_000_000, 2026);
    let (z_mean, z_tail) = z_scores(&sample, &exact);
    eprintln!(
        "classic: sample mean {:.4} (exact {:.4}), z = {z_mean:.2}; P(> 50) {:.5} (exact {:.5}), z = {z_tail:.2}",
        sample.mean,
        exact.mean,
        sample.over_50 as f64 / sample.games as f64,
        exact.longer_than_50
    );
    assert!(z_mean.abs() < 4.0, "mean: z = {z_mean}");
    assert!(z_tail.abs() < 4.0, "P(> 50 turns): z = {z_tail}");
}

/// The comparison has power: one deliberate rule change worth less than one turn (licorice
/// catches a double only where it ends, not on its first step) is clearly rejected.
///
/// The exact classic answer comes from `candyland analyze classic --json` as above; the exact
/// answer of the changed rule from `candyland analyze classic --double-licorice final-step
/// --json` (mean 39.7795, 0.98 turns shorter). With 200,000 games the standard error of the
/// mean is 0.061 turns, so the change is about 16 standard errors away from classic; the
/// simulator's variant must also agree with the tool's answer for that variant, so the
/// rejection comes from the rule and not from a second bug.
#[test]
fn a_rule_change_of_less_than_one_turn_is_rejected() {
    let (_, _, board) = load(CLASSIC);
    let variant = Rules {
        double_stops_on_licorice: false,
    };
    let sample = run(&board, variant, 200_000, 2027);
    let (z_mean, z_tail) = z_scores(&sample, &exact(&[]));
    let changed = exact(&["--double-licorice", "final-step"]);
    let (z_same, _) = z_scores(&sample, &changed);
    eprintln!(
        "variant: sample mean {:.4}; against classic z = {z_mean:.2} (tail z = {z_tail:.2}); \
         against the variant's exact mean {:.4}, z = {z_same:.2}",
        sample.mean, changed.mean
    );
    assert!(
        z_mean.abs() > 8.0,
        "the changed rule is not rejected: z = {z_mean}"
    );
    assert!(
        z_same.abs() < 4.0,
        "the changed rule disagrees with its own exact answer: z = {z_same}"
    );
}

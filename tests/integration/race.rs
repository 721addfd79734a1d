//! The race kind (`game = "race"`, and `"chutes-and-ladders"`, a second word for it): tiny
//! boards solved by hand (derivations in the comments), every rule on either word, Hi Ho!
//! Cherry-O against an independent rational solve written here from the rule book's words,
//! Chutes and Ladders written with either word, what each word keeps of its own (rules shown and
//! searched, events, words), Monte Carlo against exact, and every command end to end.

use approx::assert_relative_eq;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

use candyland::internals::chain::Chain;
use candyland::internals::games::load::About;
use candyland::internals::games::race_track::{Spin, Square};
use candyland::internals::games::Variant;
use candyland::internals::games::{ChutesAndLadders, RaceGame, RaceTrack};
use candyland::internals::solve::{exact_expected_turns, Analysis, Options};

use crate::common::{board, exact_text, run, tol};

/// The exact analysis of a race board under a variant.
fn exact(toml: &str, variant: &Variant) -> Analysis {
    let g: RaceTrack = board(toml, variant);
    let chain = Chain::build(&g);
    Analysis::of(&g, &chain, About::default(), &Options::default()).expect("solvable")
}

fn race(squares: usize, faces: &str, extra: &str) -> String {
    format!(
        "game = \"race\"\nname = \"tiny\"\n[board]\nsquares = {squares}\n{extra}\n[spinner]\nfaces = {faces}\n"
    )
}

fn win() -> Variant {
    Variant::default().with_rule("overshoot", "win")
}

#[test]
fn three_cherries_with_a_back_to_start_face_by_hand() {
    // N = 3, faces +1, +2, back to the start, each 1/3; a move past 3 wins. E_k from k picked:
    //   E2 = 1 + E0/3                       (+1 and +2 both win)
    //   E1 = 1 + E2/3 + E0/3                (+2 wins)
    //   E0 = 1 + E1/3 + E2/3 + E0/3
    // With x = E0: E2 = 1 + x/3, E1 = 4/3 + 4x/9, so x = 16/9 + 16x/27, x = 48/11.
    let toml = race(3, "[1, 2, { start = true }]", "");
    assert_eq!(exact_text(&exact(&toml, &win())), "48/11");
}

#[test]
fn backward_and_to_square_faces_by_hand() {
    // N = 2, faces +2 and back 1 (floored at the start), 1/2 each: from 0 a back stays at 0, so
    // E0 = 1 + E0/2 = 2.
    let toml = race(2, "[2, { back = 1 }]", "");
    assert_eq!(exact_text(&exact(&toml, &Variant::default())), "2/1");
    // N = 3, faces +1 and "to 2", 1/2 each: E2 = 1 + E2/2 (a +1 wins) = 2; E1 = 1 + E2 = 3;
    // E0 = 1 + E1/2 + E2/2 = 7/2.
    let toml = race(3, "[1, { to = 2 }]", "");
    assert_eq!(exact_text(&exact(&toml, &Variant::default())), "7/2");
    // back-by = 1 overrides the face's count: N = 3, faces +1 and back 2, 1/2 each, from 1:
    // back 2 and back 1 both floor at 0 there, so only the square 2 differs.
    //   back 2 as printed: E2 = 1 + E0/2, E1 = 1 + E2/2 + E0/2, E0 = 1 + E1/2 + E0/2
    //     -> E0 = 2 + E1, E1 = 3/2 + 3 E0/4 -> E0 = 2 + 3/2 + 3 E0/4 -> E0 = 14.
    //   back-by = 1: E2 = 1 + E1/2, E1 = 1 + E2/2 + E0/2, E0 = 2 + E1
    //     -> E1 = 1 + 1/2 + E1/4 + 1 + E1/2 -> E1 = 10, E0 = 12.
    let toml = race(3, "[1, { back = 2 }]", "");
    assert_eq!(exact_text(&exact(&toml, &Variant::default())), "14/1");
    let by_one = Variant::default().with_rule("back-by", 1);
    assert_eq!(exact_text(&exact(&toml, &by_one)), "12/1");
}

#[test]
fn a_jump_that_costs_a_turn_on_its_own_by_hand() {
    // N = 3, one face +1, a ladder 1 -> 2 that costs a turn: spin to 1 and climb to 2 (turn 1),
    // the next turn is lost (turn 2), then +1 wins (turn 3): T = 3 exactly. Without the cost,
    // T = 2. The same on the chutes-and-ladders kind, which shares the jumps.
    let toml = race(
        3,
        "[1]",
        "ladders = [{ from = 1, to = 2, costs-turn = true }]",
    );
    assert_eq!(exact_text(&exact(&toml, &Variant::default())), "3/1");
    let free = race(3, "[1]", "ladders = [{ from = 1, to = 2 }]");
    assert_eq!(exact_text(&exact(&free, &Variant::default())), "2/1");
    let chutes = toml.replace("game = \"race\"", "game = \"chutes-and-ladders\"");
    let g: ChutesAndLadders = board(&chutes, &Variant::default());
    let e = exact_expected_turns(&Chain::build(&g)).unwrap();
    assert_eq!(e.to_string(), "3");
}

/// E[T] of Hi Ho! Cherry-O from the rule book's words alone, by Gauss-Jordan elimination in
/// rationals (no step function, no chain): E_k = 1 + (1/7) sum over the faces of E_next, with
/// 1-4 picked (10 or more wins), bird and dog putting `back` cherries back (to 0 at most) and
/// the spilled basket putting all back.
fn cherry_o_by_elimination(back: usize) -> BigRational {
    let n = 10;
    let r = |x: i64| BigRational::from_integer(BigInt::from(x));
    // Rows: (I - Q) E = 1, augmented.
    let mut m = vec![vec![r(0); n + 1]; n];
    for (k, row) in m.iter_mut().enumerate() {
        row[k] += r(1);
        row[n] = r(1);
        let mut next: Vec<usize> = (1..=4).map(|p| k + p).filter(|&t| t < n).collect();
        next.push(k.saturating_sub(back));
        next.push(k.saturating_sub(back));
        next.push(0);
        for t in next {
            row[t] -= BigRational::new(BigInt::one(), BigInt::from(7));
        }
    }
    for c in 0..n {
        let p = (c..n).find(|&i| !m[i][c].is_zero()).unwrap();
        m.swap(c, p);
        let pivot = m[c][c].clone();
        for x in m[c].iter_mut() {
            *x /= pivot.clone();
        }
        let pivot_row = m[c].clone();
        for (i, row) in m.iter_mut().enumerate() {
            if i != c && !row[c].is_zero() {
                let f = row[c].clone();
                for (x, y) in row.iter_mut().zip(&pivot_row) {
                    *x -= f.clone() * y;
                }
            }
        }
    }
    m[0][n].clone()
}

#[test]
fn hi_ho_cherry_o_reproduces_the_published_15_8_with_two_cherries_back() {
    let text = crate::shipped_text("hi-ho-cherry-o");
    for (back_by, back) in [(0, 2), (2, 2), (1, 1)] {
        let v = Variant::default().with_rule("back-by", back_by);
        let a = exact(text, &v);
        let by_hand = cherry_o_by_elimination(back);
        assert_eq!(
            a.expected_turns_exact.as_ref(),
            Some(&by_hand),
            "back-by {back_by}"
        );
    }
    // The published one-player mean (Hi Ho! Cherry-O's published mean) is 15.8: the shipped rule, the bird and the dog
    // putting 2 cherries back. Putting 1 back gives 13.4, not 15.8.
    let a = exact(text, &Variant::default());
    assert_eq!(format!("{:.1}", a.expected_turns), "15.8");
    assert_eq!(exact_text(&a), "494813746/31313403");
    let one = exact(text, &Variant::default().with_rule("back-by", 1));
    assert_eq!(format!("{:.1}", one.expected_turns), "13.4");
}

/// A shipped Chutes and Ladders board with the other word: the same file.
fn as_race(chutes_text: &str) -> String {
    chutes_text.replace("game = \"chutes-and-ladders\"", "game = \"race\"")
}

#[test]
fn chutes_and_ladders_written_as_a_race_gives_the_same_exact_figures() {
    for name in ["chutes-and-ladders", "chutes-and-ladders-48"] {
        let text = crate::shipped_text(name);
        let rewritten = as_race(text);
        for v in [
            Variant::default(),
            Variant::default().with_rule("overshoot", "bounce"),
            win(),
            Variant::default().with_rule("jump-costs-turn", true),
            Variant::default()
                .with_rule("roll-again", vec![6])
                .with_rule("on-max-rolls", "forfeit"),
        ] {
            let c: ChutesAndLadders = board(text, &v);
            let r: RaceTrack = board(&rewritten, &v);
            let (cc, rc) = (Chain::build(&c), Chain::build(&r));
            assert_eq!(
                exact_expected_turns(&cc).unwrap(),
                exact_expected_turns(&rc).unwrap(),
                "{name} {v}"
            );
            let a = Analysis::of(
                &c,
                &cc,
                About::default(),
                &Options::quick(&Default::default()),
            );
            let b = Analysis::of(
                &r,
                &rc,
                About::default(),
                &Options::quick(&Default::default()),
            );
            let (a, b) = (a.unwrap(), b.unwrap());
            assert_eq!(a.pmf, b.pmf, "{name} {v}");
            assert_relative_eq!(a.variance, b.variance, max_relative = tol::SAME_QUANTITY);
        }
    }
}

#[test]
fn iid_simulation_of_cherry_o_fits_the_exact_distribution() {
    let text = crate::shipped_text("hi-ho-cherry-o");
    for v in [
        Variant::default(),
        Variant::default().with_rule("back-by", 1),
    ] {
        let g: RaceTrack = board(text, &v);
        crate::common::assert_iid_simulation_fits(&g, 200_000, 1717, &v.to_string());
    }
}

#[test]
fn every_command_runs_on_hi_ho_cherry_o_in_its_own_words() {
    let b = "hi-ho-cherry-o";
    let (code, out, err) = run(&["analyze", b, "--exact"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("expected turns            15.801979"), "{out}");
    assert!(out.contains("expected spins"), "{out}");
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("report");
    let lengths = dir.path().join("lengths.txt");
    let (code, _, err) = run(&[
        "simulate",
        b,
        "--games",
        "5000",
        "--seed",
        "3",
        "--lengths",
        lengths.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    crate::common::assert_every_command_runs(
        b,
        &[
            &["analyze", b, "--back-by", "1", "--overshoot", "stay"],
            &["check", lengths.to_str().unwrap(), "--board", b],
            &[
                "report",
                b,
                "--out",
                report.to_str().unwrap(),
                "--mc",
                "2000",
            ],
        ],
    );
    let (_, out, _) = run(&["board", "show", b]);
    assert!(
        out.contains("bird: back 2") && out.contains("spilled basket: back to the start"),
        "{out}"
    );
    let (_, out, _) = run(&["transitions", b, "--csv"]);
    assert!(
        out.contains("no cherries picked") && out.contains("to-start"),
        "{out}"
    );
}

#[test]
fn the_format_example_of_a_race_is_a_valid_board() {
    // FORMAT.md's race example, every kind of face and both kinds of jump cost, solves.
    let format = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/boards/FORMAT.md"
    ))
    .unwrap();
    let section = &format[format.find("## Races on numbered squares").unwrap()..];
    let start = section.find("```toml").unwrap() + "```toml".len();
    let block = &section[start..start + section[start..].find("```").unwrap()];
    let a = exact(block, &Variant::default());
    assert!(a.expected_turns.is_finite() && a.expected_turns > 1.0);
}

#[test]
fn whatif_leaves_out_elements_a_board_does_not_have() {
    // Hi Ho! Cherry-O has no ladders and no chutes: no "without ladders +0" rows.
    let (code, out, err) = run(&["whatif", "hi-ho-cherry-o"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        !out.contains("without ladders") && !out.contains("without chutes"),
        "{out}"
    );
    assert!(out.contains("no elements to remove"), "{out}");
    // A race with ladders gets its rows.
    let (_, out, _) = run(&["whatif", "chutes-and-ladders"]);
    assert!(
        out.contains("without ladders") && out.contains("without chutes"),
        "{out}"
    );
}

#[test]
fn roll_again_on_a_race_board_by_hand() {
    // N = 4, faces +1 and +2 (1/2 each), "roll a 2, go again", at most 2 rolls, a move past 4
    // wins. A turn: [1] (1/2), [2,1] (1/4), [2,2] (1/4).
    // With `move`: E3 = 1; E2 = 1 + E3/2 = 3/2 (a first 2 wins); E1 = 1 + E2/2 = 7/4 ([2,1]
    // goes 3 then 4); E0 = 1 + E1/2 + E3/4 ([2,1] rests on 3, [2,2] wins) = 17/8.
    let toml = race(4, "[1, 2]", "");
    let again = win()
        .with_rule("roll-again", vec![2])
        .with_rule("max-rolls", 2);
    assert_eq!(exact_text(&exact(&toml, &again)), "17/8");
    // With `forfeit`, [2,2] cancels the whole turn (even a first 2 that would win):
    //   E3 = 1 + E3/4                  -> E3 = 4/3
    //   E2 = 1 + E3/2 + E2/4           -> E2 = 20/9
    //   E1 = 1 + E2/2 + E1/4           -> E1 = 76/27
    //   E0 = 1 + E1/2 + E3/4 + E0/4    -> (3/4) E0 = 74/27, E0 = 296/81.
    let forfeit = again.with_rule("on-max-rolls", "forfeit");
    assert_eq!(exact_text(&exact(&toml, &forfeit)), "296/81");
    // A backward face is never a roll-again face: roll-again names forward moves.
    let (code, _, err) = run(&["analyze", "hi-ho-cherry-o", "--roll-again", "6"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("rules.roll-again[0]")
            && err.contains("no face of the spinner moves forward 6"),
        "{err}"
    );
}

#[test]
fn a_chutes_and_ladders_board_may_use_every_face_and_its_own_words() {
    // The hand-solved boards of `backward_and_to_square_faces_by_hand`, written with the
    // Chutes and Ladders word: the same answers (2 and 7/2).
    let chutes = |faces: &str| {
        race(2, faces, "").replace("game = \"race\"", "game = \"chutes-and-ladders\"")
    };
    let g: ChutesAndLadders = board(&chutes("[2, { back = 1 }]"), &Variant::default());
    assert_eq!(
        exact_expected_turns(&Chain::build(&g)).unwrap().to_string(),
        "2"
    );
    let to = chutes("[1, { to = 2 }]").replace("squares = 2", "squares = 3");
    let g: ChutesAndLadders = board(&to, &Variant::default());
    assert_eq!(
        exact_expected_turns(&Chain::build(&g)).unwrap().to_string(),
        "7/2"
    );
    // `back-by` is a rule of either word: on the shipped board (no backward face) it changes
    // nothing, and a rule set away from its default is shown with the word's own.
    let (code, out, err) = run(&["analyze", "chutes-and-ladders", "--back-by", "1", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let keys: Vec<&str> = v["rules"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        [
            "overshoot",
            "jump-costs-turn",
            "back-by",
            "roll-again",
            "max-rolls",
            "on-max-rolls",
            "chain-jumps"
        ]
    );
    let exact_mean = |args: &[&str]| -> serde_json::Value {
        let (code, out, err) = run(args);
        assert_eq!(code, 0, "{err}");
        serde_json::from_str::<serde_json::Value>(&out).unwrap()["mean_exact"].clone()
    };
    assert_eq!(
        exact_mean(&[
            "analyze",
            "chutes-and-ladders",
            "--back-by",
            "1",
            "--exact",
            "--json"
        ]),
        exact_mean(&["analyze", "chutes-and-ladders", "--exact", "--json"])
    );
}

#[test]
fn each_word_keeps_the_rules_it_is_described_and_searched_by() {
    use candyland::internals::check::{rule_space, Narrowing};
    use candyland::internals::games::Game;
    // The hypotheses `check` tries are those of the two kinds this one replaced.
    let chutes = rule_space::<ChutesAndLadders>(&Narrowing::default()).unwrap();
    assert_eq!(
        chutes.varied,
        [
            "overshoot",
            "jump-costs-turn",
            "roll-again",
            "max-rolls",
            "on-max-rolls",
            "chain-jumps"
        ]
    );
    let race = rule_space::<RaceTrack>(&Narrowing::default()).unwrap();
    // overshoot 3 x jump-costs-turn 2 x back-by 3 x chain-jumps 2 = 36.
    assert_eq!(
        race.varied,
        ["overshoot", "jump-costs-turn", "back-by", "chain-jumps"]
    );
    assert_eq!(race.rule_sets.len(), 36);
    // The rules JSON: the word's own keys, then any rule the board sets away from its default.
    let cherry: RaceTrack = board(crate::shipped_text("hi-ho-cherry-o"), &Variant::default());
    let keys =
        |j: serde_json::Value| -> Vec<String> { j.as_object().unwrap().keys().cloned().collect() };
    assert_eq!(
        keys(cherry.rules_json()),
        ["overshoot", "jump-costs-turn", "back-by", "chain-jumps"]
    );
    let again: RaceTrack = board(
        crate::shipped_text("hi-ho-cherry-o"),
        &Variant::default().with_rule("roll-again", vec![4]),
    );
    assert_eq!(
        keys(again.rules_json()),
        [
            "overshoot",
            "jump-costs-turn",
            "back-by",
            "roll-again",
            "chain-jumps"
        ]
    );
    assert!(
        again.rules_text().contains("roll again on 4"),
        "{}",
        again.rules_text()
    );
    // The events: each word's own always, the others once the board can have them.
    let names = |g: &dyn RaceGame<State = Square, Card = Spin>| -> Vec<&'static str> {
        g.events().into_iter().map(|e| e.1).collect()
    };
    let shipped: ChutesAndLadders = board(
        crate::shipped_text("chutes-and-ladders"),
        &Variant::default(),
    );
    assert_eq!(
        names(&shipped),
        ["turn-lost", "ladder", "chute", "overshoot", "roll-again"]
    );
    assert_eq!(
        names(&again),
        [
            "turn-lost",
            "ladder",
            "chute",
            "overshoot",
            "roll-again",
            "back",
            "to-start",
            "to-square"
        ]
    );
}

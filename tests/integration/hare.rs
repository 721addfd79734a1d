//! Hare and Tortoise (Wiener, Journal of Object Technology, 2007): every rule on tiny tracks
//! with the answer derived by hand, the exact one-player chain against an independent solve
//! and against the simulator, and bad board files.

use std::collections::HashMap;

use assert_cmd::Command;
use candyland::internals::games::hare::turn::{
    legal, play_turn, Chance, Mark, Note, Phase, Player,
};
use candyland::internals::games::hare::Alone;
use candyland::internals::games::hare::Table;
use candyland::internals::games::hare::{parse, Board};
use candyland::internals::sim::policies as simulate;
use candyland::internals::solve::chances::{self as exact, Target};

/// A board of `squares` with the given extra `[rules]` lines, a one-row die table `die`, and
/// policies `random` (just "random") and the shipped-style `cheapest`.
fn board(squares: &str, rules: &str, die: &str) -> Board {
    let lettuces = if rules.contains("start-lettuces") {
        ""
    } else {
        "start-lettuces = 0\n"
    };
    let text = format!(
        r#"game = "hare-and-tortoise"
name = "tiny"
squares = "{squares}"
policy = "random"
[rules]
{lettuces}{rules}
[hare]
die = [{die}]
[policies.random]
steps = ["random"]
[policies.cheapest]
steps = ["chew-lettuce", "finish", "cheapest", "tortoise", "chew-carrot"]
"#
    );
    parse("tiny", &text).unwrap_or_else(|e| panic!("{e}"))
}

/// A limit of `states` states, and transitions without limit.
fn limit(states: usize) -> exact::Limit {
    exact::Limit {
        states,
        transitions: usize::MAX,
    }
}

/// Chances that always pick 0, recording how many choices each pick had.
struct First(Vec<usize>);
impl Chance for First {
    fn pick(&mut self, n: usize) -> usize {
        self.0.push(n);
        0
    }
}

fn at(pos: u8, carrots: u32, lettuces: u8) -> Player {
    Player {
        pos,
        carrots,
        lettuces,
        mark: Mark::Settled,
        again: false,
    }
}

#[test]
fn moving_n_squares_costs_the_triangle_number_and_tortoise_squares_are_not_entered_forward() {
    // Track 1 C, 2 C, 3 T, 4 C, home 5; 10 carrots at the start: moves cost 1, 3, (6: square 3
    // is a tortoise), 10, 15 -> squares 1, 2 and 4 only (home 5 would cost 15 > 10).
    let b = board(
        "C C T C",
        "start-carrots = 10\nfinish-carrots = 100",
        "[\"miss-turn\"]",
    );
    let l = legal(&b, &[at(0, 10, 0)], 0);
    assert_eq!(l.forward.to_vec(), vec![1, 2, 4]);
    // With 15 carrots home costs exactly 15 and leaves 0 <= 100: legal.
    let l = legal(&b, &[at(0, 15, 0)], 0);
    assert_eq!(l.forward.to_vec(), vec![1, 2, 4, 5]);
}

#[test]
fn occupied_squares_lettuce_without_lettuce_and_home_with_too_many_carrots_are_illegal() {
    // Track 1 C, 2 L, 3 C, home 4. Player 0 on the start with 100 carrots, no lettuce; player 1
    // on square 1. Square 1 occupied, 2 a lettuce square without a lettuce, 3 fine (cost 6),
    // home costs 10 and leaves 90 > the finish limit 20 (Wiener: at most 20 carrots).
    let b = board("C L C", "", "[\"miss-turn\"]");
    let players = [at(0, 100, 0), at(1, 65, 0)];
    assert_eq!(legal(&b, &players, 0).forward.to_vec(), vec![3]);
    // With 30 carrots home leaves 20: allowed after paying; before paying (30 > 20) not.
    assert_eq!(
        legal(&b, &[at(0, 30, 0), at(1, 65, 0)], 0).forward.to_vec(),
        vec![3, 4]
    );
    let before = board(
        "C L C",
        "finish-count = \"before-paying\"",
        "[\"miss-turn\"]",
    );
    assert_eq!(
        legal(&before, &[at(0, 30, 0), at(1, 65, 0)], 0)
            .forward
            .to_vec(),
        vec![3]
    );
    // A lettuce in hand makes square 2 legal and home illegal (lettuces must be chewed).
    assert_eq!(
        legal(&b, &[at(0, 30, 1), at(1, 65, 0)], 0).forward.to_vec(),
        vec![2, 3]
    );
}

#[test]
fn moving_back_reaches_only_the_tortoise_square_immediately_behind_for_ten_a_square() {
    // Track 1 T, 2 C, 3 T, 4 C, 5 C, home 6. From 5 the tortoise behind is 3 (not 1): back 2
    // squares for 20 carrots. If 3 is occupied there is no back move (1 may not be skipped to).
    let b = board("T C T C C", "start-carrots = 0", "[\"miss-turn\"]");
    assert_eq!(legal(&b, &[at(5, 0, 0)], 0).back, Some(3));
    assert_eq!(legal(&b, &[at(5, 0, 0), at(3, 0, 0)], 0).back, None);
    // Alone with 0 carrots the only move is back: 0 + 10 x 2 = 20 carrots on square 3.
    let mut players = [at(5, 0, 0)];
    let p = b.policy("cheapest").unwrap();
    let phase = play_turn(&b, p, &mut players, 0, &mut First(vec![]), &mut |_| {});
    assert_eq!(phase, Phase::Done);
    assert_eq!((players[0].pos, players[0].carrots), (3, 20));
}

#[test]
fn a_lettuce_is_chewed_for_ten_times_the_race_position_and_the_square_must_then_be_left() {
    // Track 1 L, 2 C, home 3. Player 0 on the lettuce square with 1 lettuce, player 1 ahead on
    // square 2: race position 2, so chewing gives 10 x 2 = 20 carrots and marks the square as
    // chewed; next turn chewing is no longer legal.
    let b = board("L C", "start-lettuces = 1", "[\"miss-turn\"]");
    let p = b.policy("cheapest").unwrap();
    let mut players = [at(1, 5, 1), at(2, 5, 0)];
    play_turn(&b, p, &mut players, 0, &mut First(vec![]), &mut |_| {});
    assert_eq!((players[0].carrots, players[0].lettuces), (25, 0));
    assert_eq!(players[0].mark, Mark::Chewed);
    assert!(!legal(&b, &players, 0).lettuce);
}

#[test]
fn a_number_square_pays_on_the_next_turn_only_when_the_race_position_matches() {
    // Track 1 2 (a "2" square), 2 C, home 3. Player 0 arrives on square 1 (cost 1) behind
    // player 1 on square 2: next turn it is second and receives 10 x 2 = 20 before moving.
    let b = board(
        "2 C",
        "start-carrots = 30\nfinish-carrots = 0",
        "[\"miss-turn\"]",
    );
    let p = b.policy("cheapest").unwrap();
    let mut players = [at(0, 30, 0), at(2, 5, 0)];
    play_turn(&b, p, &mut players, 0, &mut First(vec![]), &mut |_| {});
    assert_eq!(
        (players[0].pos, players[0].carrots, players[0].mark),
        (1, 29, Mark::Arrived)
    );
    let mut notes = Vec::new();
    play_turn(&b, p, &mut players, 0, &mut First(vec![]), &mut |n| {
        notes.push(n)
    });
    assert_eq!(
        notes[0],
        Note::Paid {
            rank: 2,
            carrots: 20
        }
    );
    // Then it would move, but square 2 is occupied and home (cost 3, leaving 46 > 0) is not
    // allowed: it skips.
    assert_eq!(notes[1], Note::Skipped);
    // Alone (first place) the "2" square pays nothing.
    let mut alone = [Player {
        mark: Mark::Arrived,
        ..at(1, 29, 0)
    }];
    let mut notes = Vec::new();
    play_turn(&b, p, &mut alone, 0, &mut First(vec![]), &mut |n| {
        notes.push(n)
    });
    assert!(!notes.iter().any(|n| matches!(n, Note::Paid { .. })));
}

#[test]
fn hare_effects_miss_refund_carrot_squares_and_moving_past_the_player_ahead() {
    // Track 1 H, 2 C, 3 H, 4 C, home 5; the die has one face per test.
    let run = |die: &str, players: &mut [Player], seat: usize, target: usize| {
        let b = board("H C H C", "start-carrots = 50\nfinish-carrots = 0", die);
        let p = b.policy("cheapest").unwrap();
        let mut notes = Vec::new();
        // Cheapest from `pos` goes to the next free square; make it the hare square `target`.
        assert_eq!(legal(&b, players, seat).forward.first(), Some(target));
        let phase = play_turn(&b, p, players, seat, &mut First(vec![]), &mut |n| {
            notes.push(n)
        });
        (phase, notes)
    };
    // Miss a turn: the next turn is lost.
    let mut ps = [at(0, 50, 0)];
    run("[\"miss-turn\"]", &mut ps, 0, 1);
    assert_eq!(ps[0].mark, Mark::Missing);
    // Last turn free: 2 -> 3 costs 1 and is given back: 50.
    let mut ps = [at(2, 50, 0)];
    run("[\"last-turn-free\"]", &mut ps, 0, 3);
    assert_eq!((ps[0].pos, ps[0].carrots), (3, 50));
    // Back to the carrot square: from 3 to 2, carrots 50 - 1.
    let mut ps = [at(2, 50, 0)];
    run("[\"back-to-carrot\"]", &mut ps, 0, 3);
    assert_eq!((ps[0].pos, ps[0].carrots), (2, 49));
    // Forward one position: the player ahead is on 4, so to 5? No: home is never reached by a
    // hare, and 4 is occupied, so the player stays on 1.
    let mut ps = [at(0, 50, 0), at(4, 50, 0)];
    run("[\"forward-one\"]", &mut ps, 0, 1);
    assert_eq!(ps[0].pos, 1);
    // With the player ahead on 2: to square 3.
    let mut ps = [at(0, 50, 0), at(2, 50, 0)];
    run("[\"forward-one\"]", &mut ps, 0, 1);
    assert_eq!(ps[0].pos, 3);
    // Drop back alone: nobody behind, the player stays (rule nobody-there = "stay").
    let mut ps = [at(0, 50, 0)];
    run("[\"drop-back\"]", &mut ps, 0, 1);
    assert_eq!(ps[0].pos, 1);
    // Move again: the phase says so, and the next call moves on without a new turn's checks.
    let mut ps = [at(0, 50, 0)];
    let (phase, _) = run("[\"move-again\"]", &mut ps, 0, 1);
    assert_eq!(phase, Phase::Again);
    assert!(ps[0].again);
}

#[test]
fn one_player_on_a_one_hare_track_takes_seven_quarters_of_a_turn() {
    // Track 1 H, home 2; 3 carrots, no lettuce, finish with at most 100; policy "random";
    // die faces: miss a turn, last turn free (each 1/2).
    // From 0 the legal moves are 1 (cost 1) and home (cost 3), each 1/2:
    // - home: 1 turn (chance 1/2);
    // - square 1 with 2 carrots, then the die:
    //   - miss a turn: the next turn is lost, the one after goes home (cost 1): 3 turns (1/4);
    //   - last turn free: 3 carrots again, next turn home: 2 turns (1/4).
    // E[T] = 1/2 + 3/4 + 2/4 = 7/4; P(T=1) = 1/2, P(T=2) = P(T=3) = 1/4.
    let b = board(
        "H",
        "start-carrots = 3\nfinish-carrots = 100",
        "[\"miss-turn\"], [\"last-turn-free\"]",
    );
    let chain = exact::build(
        &Alone {
            board: &b,
            policy: b.policy("random").unwrap(),
        },
        100,
        limit(1000),
    )
    .unwrap();
    let l = exact::lengths(&chain, 1e-15, 100);
    assert_eq!(l.home[1..4], [0.5, 0.25, 0.25]);
    let s = candyland::internals::solve::chances::general::solve(&chain).unwrap();
    assert!((s.mean - 1.75).abs() < 1e-12, "{}", s.mean);
    assert!((s.home - 1.0).abs() < 1e-12 && s.cut == 0.0 && s.stuck == 0.0);
}

#[test]
fn a_player_that_can_never_get_home_is_counted_as_stuck_not_solved_forever() {
    // Track 1 C, home 2; 1 carrot, finish with at most 0, policy "random" (moves only): from
    // 0 the only move is to 1 (cost 1, leaving 0), and home costs 1 more than it has, with no
    // tortoise square behind: stuck with chance 1.
    let b = board(
        "C",
        "start-carrots = 1\nfinish-carrots = 0",
        "[\"miss-turn\"]",
    );
    // The chain is the start alone, stuck with chance 1 on the first turn; nothing reaches
    // home and `analyze` says why.
    let chain = exact::build(
        &Alone {
            board: &b,
            policy: b.policy("random").unwrap(),
        },
        100,
        limit(1000),
    )
    .unwrap();
    assert_eq!(chain.len(), 1);
    let l = exact::lengths(&chain, 1e-15, 100);
    assert_eq!((l.stuck, l.left), (1.0, 0.0));
    assert!(l.home.iter().all(|&p| p == 0.0));
    assert_eq!(
        candyland::internals::solve::chances::home::NeverHome::of(&chain, 0.0, l.stuck),
        Some(candyland::internals::solve::chances::home::NeverHome::Stuck)
    );
}

/// Expected turns from the start by plain value iteration over `exact::outcomes`, with its own
/// state map: an independent route (no CSR, no common denominator, no sweep).
fn value_iteration(b: &Board, policy: &str, cap: u32) -> f64 {
    let p = b.policy(policy).unwrap();
    let start = Player::start(b);
    let mut rows: HashMap<Player, Vec<(Option<Player>, f64)>> = HashMap::new();
    let mut todo = vec![start];
    while let Some(s) = todo.pop() {
        if rows.contains_key(&s) {
            continue;
        }
        let outs: Vec<(Option<Player>, f64)> = exact::outcomes(
            &Alone {
                board: b,
                policy: p,
            },
            s,
        )
        .into_iter()
        .map(|(t, den)| (t.filter(|q| q.carrots <= cap), 1.0 / den as f64))
        .collect();
        for (t, _) in &outs {
            if let Some(q) = t {
                todo.push(*q);
            }
        }
        rows.insert(s, outs);
    }
    let mut y: HashMap<Player, f64> = rows.keys().map(|k| (*k, 0.0)).collect();
    for _ in 0..5000 {
        let mut change: f64 = 0.0;
        for (s, row) in &rows {
            let v = if s.again { 0.0 } else { 1.0 }
                + row
                    .iter()
                    .map(|(t, p)| p * t.map_or(0.0, |q| y[&q]))
                    .sum::<f64>();
            change = change.max((v - y[s]).abs());
            y.insert(*s, v);
        }
        if change < 1e-13 {
            break;
        }
    }
    y[&start]
}

#[test]
fn the_general_solver_agrees_with_value_iteration_on_a_reduced_wiener_board() {
    // The first 20 squares of the shipped board, 30 carrots, one lettuce, cap 120: the chain has
    // cycles (tortoise moves, hare moves back to carrot squares, giving carrots away).
    let text = include_str!("../../data/boards/hare-and-tortoise.toml")
        .replace(
            "H C H 3 C H L T 4 2   T 3 C H T F 2 4 T 3\nC L 2 T H C 4 3 2 T   H F C H 2 3 T C H C\n2 L T 3 4 H 2 F C T   H 3 2 4 C T L H C 2\nH L H",
            "H C H 3 C H L T 4 2   T 3 C H T F 2 4 T 3",
        )
        .replace("start-carrots = 65", "start-carrots = 30")
        .replace("start-lettuces = 3", "start-lettuces = 1")
        .replace("give-from = 56", "give-from = 15")
        .replace("late-from = 56", "late-from = 15")
        .replace("late-target = 59", "late-target = 13");
    let b = parse("reduced", &text).unwrap_or_else(|e| panic!("{e}"));
    for policy in ["novice", "cheapest"] {
        let chain = exact::build(
            &Alone {
                board: &b,
                policy: b.policy(policy).unwrap(),
            },
            120,
            limit(100_000),
        )
        .unwrap();
        let s = candyland::internals::solve::chances::general::solve(&chain).unwrap();
        let v = value_iteration(&b, policy, 120);
        assert!(
            (s.mean - v).abs() < 1e-8,
            "{policy}: sweep {} vs iteration {v}",
            s.mean
        );
        // The turn-by-turn distribution's mean over all endings is the same number.
        let l = exact::lengths(&chain, 1e-14, 100_000);
        let all: f64 = l
            .home
            .iter()
            .zip(&l.cut)
            .enumerate()
            .map(|(t, (h, c))| t as f64 * (h + c))
            .sum();
        assert!(
            (all - s.mean).abs() < 1e-8,
            "{policy}: distribution {all} vs {}",
            s.mean
        );
        assert!((s.home + s.cut + s.stuck - 1.0).abs() < 1e-10);
        assert!(
            chain
                .rows
                .iter()
                .flatten()
                .all(|(t, _)| *t != Target::Stuck)
                || s.stuck > 0.0
        );
    }
}

#[test]
fn one_player_exact_mean_matches_the_simulator_on_the_shipped_board() {
    // The cheapest policy alone on Wiener's board (cap 200: chance of exceeding it ~1e-7, far
    // below what 20,000 games can see); seed fixed; |z| < 4.
    let b = parse(
        "shipped",
        include_str!("../../data/boards/hare-and-tortoise.toml"),
    )
    .unwrap();
    let p = b.policy("cheapest").unwrap();
    let chain = exact::build(
        &Alone {
            board: &b,
            policy: p,
        },
        200,
        limit(1_000_000),
    )
    .unwrap();
    let l = exact::lengths(&chain, 1e-12, 100_000);
    let (mean, sd) = l.mean_sd();
    let s = simulate::simulate(
        &Table {
            board: &b,
            policies: &[p],
        },
        20_000,
        7,
        10_000,
    );
    assert_eq!(s.unfinished, 0);
    let (sim, _) = s.mean_sd();
    let z = (sim - mean) / (sd / (s.finished() as f64).sqrt());
    assert!(z.abs() < 4.0, "exact {mean}, simulated {sim}, z {z}");
}

fn run(args: &[&str]) -> assert_cmd::assert::Assert {
    Command::cargo_bin("candyland").unwrap().args(args).assert()
}

#[test]
fn bad_hare_boards_exit_2_naming_the_field() {
    let good = include_str!("../../data/boards/hare-and-tortoise.toml");
    let cases = [
        // A lettuce count below 0.
        (good.replace("start-lettuces = 3", "start-lettuces = -1"), "rules.start-lettuces"),
        // An impossible track: no square between start and home.
        (
            good.replace("H L H\n", "").replace(
                "H C H 3 C H L T 4 2   T 3 C H T F 2 4 T 3\nC L 2 T H C 4 3 2 T   H F C H 2 3 T C H C\n2 L T 3 4 H 2 F C T   H 3 2 4 C T L H C 2\n",
                "",
            ),
            "squares",
        ),
        // A policy naming a square kind the track lacks: no lettuce square (and so the
        // lettuces can never be chewed).
        (good.replace(" L ", " C "), "policies.novice.steps[2]"),
        // The late move to a square that is not a carrot square.
        (good.replace("late-target = 59", "late-target = 58"), "policies.novice.late-target"),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (i, (text, field)) in cases.iter().enumerate() {
        let path = dir.path().join(format!("bad{i}.toml"));
        std::fs::write(&path, text).unwrap();
        run(&["analyze", path.to_str().unwrap()])
            .code(2)
            .stderr(predicates::str::contains(*field));
    }
    run(&["simulate", "hare-and-tortoise", "--policy", "expert"])
        .code(2)
        .stderr(predicates::str::contains("--policy"));
    run(&["analyze", "clark-program", "--policy", "novice"]).code(2);
}

#[test]
fn play_prints_wieners_transactions_log() {
    let out = run(&["play", "hare-and-tortoise", "--players", "4", "--seed", "3"]).success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.contains("player 1 moves from 0 to"), "{text}");
    assert!(text.contains("pays"));
    assert!(text.contains("wins after") || text.contains("stopped"));
}

#[test]
fn a_table_of_no_players_plays_no_turn() {
    // With no policy given there is no one to move: the transcript divided by zero (a panic).
    // Now no turn is played and no one wins; a simulation of such a table finishes no game.
    let shipped = &candyland::internals::games::hare::SHIPPED[0];
    let b = parse(shipped.name, shipped.text).unwrap();
    let t = candyland::internals::results::policies::transcript(&b, &[], 7, 100);
    assert_eq!((t.players, t.length, t.winner), (0, 0, None));
    assert!(t.events.is_empty());
    let s = simulate::simulate(
        &Table {
            board: &b,
            policies: &[],
        },
        10,
        7,
        100,
    );
    assert_eq!((s.games, s.finished()), (10, 0));
}

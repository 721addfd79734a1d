//! Hare and Tortoise where Wiener's text is silent or speaks: every silent rule of
//! `games::hare::readings` has a key or a stated reading in each shipped board file; the
//! drop-back from behind the start under both readings; the Novice that cannot move skips, as
//! Wiener's computer players must, and `novice-chews` keeps the earlier reading.

use candyland::internals::games::hare::readings::{Written, GIVEN, SILENCES};
use candyland::internals::games::hare::turn::{play_turn, Chance, Mark, Note, Player};
use candyland::internals::games::hare::{board::rule_keys, parse, SHIPPED};

use crate::common::candyland;

/// The silent rules `text` (a board file) has no reading for: a key not set in its `[rules]`
/// with a comment on the line above, or a stated reading with no `# - NAME:` line.
fn missing(text: &str) -> Vec<&'static str> {
    let lines: Vec<&str> = text.lines().collect();
    SILENCES
        .iter()
        .filter(|s| match s.written {
            Written::Key(k) => !lines.iter().enumerate().any(|(i, l)| {
                l.starts_with(&format!("{k} ="))
                    && i > 0
                    && lines[..i].iter().rev().take(3).any(|l| l.starts_with('#'))
            }),
            Written::Stated => !lines
                .iter()
                .any(|l| l.starts_with(&format!("# - {}: ", s.name))),
        })
        .map(|s| s.name)
        .collect()
}

#[test]
fn every_silent_rule_has_a_key_or_a_stated_reading_in_each_shipped_board() {
    for board in SHIPPED {
        assert_eq!(missing(board.text), Vec::<&str>::new(), "{}", board.name);
        // Every reading stated names a silence of the list (none left over from a rule that
        // has since become a key).
        for line in board.text.lines() {
            if let Some(rest) = line.strip_prefix("# - ") {
                let name = rest.split(':').next().unwrap_or("");
                assert!(
                    SILENCES.iter().any(|s| s.name == name),
                    "{}: '{line}' names no silence",
                    board.name
                );
            }
        }
    }
    // Every key of [rules] is a silence or a value the text gives, and every silence's key
    // is a key of [rules].
    let keys = rule_keys();
    for k in &keys {
        let silent = SILENCES
            .iter()
            .any(|s| matches!(s.written, Written::Key(x) if x == k));
        assert!(
            silent || GIVEN.contains(&k.as_str()),
            "[rules] {k}: silent or given?"
        );
    }
    for s in SILENCES {
        if let Written::Key(k) = s.written {
            assert!(keys.iter().any(|x| x == k), "{k} is not a [rules] key");
        }
    }
    // The check can fail: a board without its drop-back key, or without a stated reading.
    let text = SHIPPED[0].text;
    let without_key: String = text
        .lines()
        .filter(|l| !l.starts_with("drop-back-behind-start ="))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(missing(&without_key), ["drop-back-behind-start"]);
    let without_reading = text.replace("# - race-position: ", "# race position: ");
    assert_eq!(missing(&without_reading), ["race-position"]);
}

/// Chances that always pick the first outcome.
struct First;
impl Chance for First {
    fn pick(&mut self, _n: usize) -> usize {
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
fn dropping_back_behind_a_player_on_the_start_follows_the_key() {
    // Track 1 H, 2 C, 3 H, 4 C, home 5; the die's one face is "drop back one position". Seat 1
    // moves from the start onto the hare square 1 (the cheapest move); the player behind it,
    // seat 0, is on the start, where no square lies behind. "start": seat 1 goes back to the
    // start (square 0) beside it; "stay": it stays on 1.
    for (reading, expected) in [("start", 0), ("stay", 1)] {
        let text = format!(
            "game = \"hare-and-tortoise\"\nname = \"tiny\"\nsquares = \"H C H C\"\npolicy = \"cheapest\"\n[rules]\nstart-lettuces = 0\nstart-carrots = 50\nfinish-carrots = 0\ndrop-back-behind-start = \"{reading}\"\n[hare]\ndie = [[\"drop-back\"]]\n[policies.cheapest]\nsteps = [\"cheapest\"]\n"
        );
        let b = parse("tiny", &text).unwrap_or_else(|e| panic!("{e}"));
        let p = b.policy("cheapest").unwrap();
        let mut players = [at(0, 50, 0), at(0, 50, 0)];
        play_turn(&b, p, &mut players, 1, &mut First, &mut |_| {});
        assert_eq!(players[1].pos, expected, "{reading}");
        // Nobody behind at all (seat 0 moved on first): the other key decides, and "stay"
        // keeps seat 1 on the hare square either way.
        let mut players = [at(3, 50, 0), at(0, 50, 0)];
        play_turn(&b, p, &mut players, 1, &mut First, &mut |_| {});
        assert_eq!(players[1].pos, 1, "{reading}, nobody behind");
    }
}

#[test]
fn a_novice_that_cannot_move_skips_and_novice_chews_chews() {
    // Wiener's board, one player on carrot square 2 with no carrot to pay for a move and no
    // tortoise square behind it (the first is 8): no square can be moved to. Wiener: "that
    // player must simply skip that turn"; the earlier reading, kept as novice-chews, takes 10.
    let b = parse("hare-and-tortoise", SHIPPED[0].text).unwrap_or_else(|e| panic!("{e}"));
    for (policy, carrots, note) in [
        ("novice", 0, Note::Skipped),
        ("novice-chews", 10, Note::Carrots { delta: 10 }),
    ] {
        let p = b.policy(policy).unwrap();
        let mut players = [at(2, 0, 3)];
        let mut notes = Vec::new();
        play_turn(&b, p, &mut players, 0, &mut First, &mut |n| notes.push(n));
        assert_eq!(notes, [note], "{policy}");
        assert_eq!(
            (players[0].pos, players[0].carrots),
            (2, carrots),
            "{policy}"
        );
    }
}

#[test]
fn play_logs_a_skip_for_a_novice_on_a_carrot_square_with_no_legal_move() {
    // Seed 4 of four Novices on Wiener's board: player 1 ends turn 17 on carrot square 21
    // with 1 carrot and skips turn 21 for want of a legal move (found by playing seeds 1 to 4;
    // the earlier reading would have taken 10 carrots there).
    let out = candyland()
        .args(["play", "hare-and-tortoise", "-p", "4", "--seed", "4"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let log = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = log.lines().map(str::trim).collect();
    let skip_on_carrot = lines.iter().enumerate().any(|(i, l)| {
        l.contains("has no legal move and skips") && {
            let who = player(l);
            lines[..i]
                .iter()
                .rev()
                .find(|p| p.contains(" now on ") && player(p) == who)
                .is_some_and(|p| carrot_square(p))
        }
    });
    assert!(skip_on_carrot, "{log}");
    assert!(!log.contains("chews a carrot and takes"), "{log}");
}

/// "player N" of a log line.
fn player(line: &str) -> &str {
    let at = line.find("player ").unwrap_or(0);
    let rest = &line[at..];
    let end = rest[7..].find(' ').map_or(rest.len(), |e| e + 7);
    &rest[..end]
}

/// Whether a turn-end line ("player 2 now on 59: ...") stands on a carrot square of Wiener's
/// board.
fn carrot_square(line: &str) -> bool {
    let square: usize = line
        .split(" now on ")
        .nth(1)
        .and_then(|r| r.split(':').next())
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(0);
    let squares: Vec<&str> = SHIPPED[0]
        .text
        .split("\"\"\"")
        .nth(1)
        .unwrap_or("")
        .split_whitespace()
        .collect();
    square > 0 && squares.get(square - 1) == Some(&"C")
}

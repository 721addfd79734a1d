//! Help made for a terminal: every command's `--help` fits 80 columns when piped and lists
//! only the rule flags of its board's game (the default board's when none is named), with one
//! line pointing at `candyland help rules`; `help format` and `help json` are laid out text,
//! not Markdown, and hold nothing meant only for the tool's developers.

use crate::common::candyland;

use super::cli::stdout;

/// Each game's own rule flags (a flag of one game only), as its board file's `[rules]` keys.
const CANDY_LAND: [&str; 3] = ["--licorice", "--doubles", "--land-on-last-wins"];
const CHUTES: [&str; 2] = ["--roll-again", "--on-max-rolls"];
const RACE: [&str; 1] = ["--back-by"];
const HARE: [&str; 4] = [
    "--start-carrots",
    "--hare-draws",
    "--policy",
    "--carrot-cap",
];

/// The commands with rule flags, as `candyland --help` names them.
const BOARD_COMMANDS: [&str; 15] = [
    "analyze",
    "simulate",
    "crosscheck",
    "players",
    "odds",
    "passage",
    "spaces",
    "whatif",
    "compare",
    "check",
    "transitions",
    "play",
    "forever",
    "report",
    "board show",
];

fn help(args: &[&str]) -> String {
    let text = stdout(args);
    for line in text.lines() {
        assert!(line.chars().count() <= 80, "{args:?}: {line}");
    }
    text
}

/// Whether the help lists `flag` as a flag of its own (not only mentions it in prose).
fn lists(text: &str, flag: &str) -> bool {
    text.lines()
        .any(|l| l.trim_start().starts_with(&format!("{flag} ")) || l.trim() == flag)
}

#[test]
fn every_commands_help_fits_80_columns_and_lists_only_its_games_rule_flags() {
    let top = help(&["--help"]);
    let commands: Vec<&str> = top
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| !l.is_empty())
        .filter(|l| l.starts_with("  ") && !l.starts_with("    "))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(commands.len() >= 19, "{commands:?}");
    for command in commands
        .iter()
        .map(|c| vec![*c])
        .chain([vec!["board", "show"]])
    {
        for flag in ["-h", "--help"] {
            let mut args = command.clone();
            args.push(flag);
            let text = help(&args);
            let name = command.join(" ");
            // No board named: the default board is Candy Land's, so its flags and no other
            // game's (before this, `analyze --help` listed all 24 rule flags in 169 lines).
            for other in CHUTES.iter().chain(&RACE).chain(&HARE) {
                assert!(!lists(&text, other), "{name} {flag} lists {other}:\n{text}");
            }
            if BOARD_COMMANDS.contains(&name.as_str()) {
                for own in CANDY_LAND {
                    assert!(lists(&text, own), "{name} {flag} lacks {own}:\n{text}");
                }
                assert!(text.contains("candyland help rules"), "{name}:\n{text}");
            }
        }
    }
}

#[test]
fn a_named_boards_game_gives_the_flags() {
    let chutes = help(&["analyze", "chutes-and-ladders", "--help"]);
    for flag in CHUTES {
        assert!(lists(&chutes, flag), "{chutes}");
    }
    // (Chutes and Ladders boards take the races' --back-by too.)
    for flag in CANDY_LAND.iter().chain(&HARE) {
        assert!(!lists(&chutes, flag), "{flag}:\n{chutes}");
    }
    // `--without` offers only the board's own elements.
    assert!(
        chutes.contains("ladders") && !chutes.contains("licorice"),
        "{chutes}"
    );
    assert!(chutes.contains("Candy Land"), "{chutes}");
    // Flags before the board, a flag's value that looks like a board, `-h`.
    let race = help(&["simulate", "-n", "5", "hi-ho-cherry-o", "-h"]);
    assert!(
        lists(&race, "--back-by") && !lists(&race, "--licorice"),
        "{race}"
    );
    // `check` names its board with --board; Hare and Tortoise's flags where the command uses
    // them.
    let hare = help(&["check", "--board", "hare-and-tortoise", "--help"]);
    for flag in HARE {
        assert!(lists(&hare, flag), "{flag}:\n{hare}");
    }
    assert!(
        !lists(&hare, "--licorice") && !lists(&hare, "--without"),
        "{hare}"
    );
    // `players` never plays Hare and Tortoise, and simulates i.i.d. draws always: `--deck`
    // offers only the finite decks it accepts.
    let players = help(&["players", "--help"]);
    assert!(!lists(&players, "--policy"), "{players}");
    assert!(
        !players.contains("iid") && players.contains("carried"),
        "{players}"
    );
    // The flags still parse, and another game's is refused by name.
    let out = candyland()
        .args(["analyze", "chutes-and-ladders", "--licorice", "none"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--licorice"));
}

#[test]
fn help_rules_lists_every_games_flags() {
    let text = help(&["help", "rules"]);
    for flag in CANDY_LAND.iter().chain(&CHUTES).chain(&RACE).chain(&HARE) {
        assert!(lists(&text, flag), "{flag}:\n{text}");
    }
    assert!(!lists(&text, "--help"), "{text}");
    // `help analyze` is `analyze --help`.
    assert_eq!(help(&["help", "analyze"]), help(&["analyze", "--help"]));
}

#[test]
fn help_format_and_json_are_text_for_a_terminal() {
    for topic in ["format", "json"] {
        let text = help(&["help", topic]);
        for markdown in ["](#", "```", "|---", "**", "\n# ", "\n## "] {
            assert!(!text.contains(markdown), "{topic}: {markdown}");
        }
        for internal in ["CANDYLAND_BLESS", "cargo test", "this folder", "schemars"] {
            assert!(!text.contains(internal), "{topic}: {internal}");
        }
    }
    let format = help(&["help", "format"]);
    // Headings underlined, table rows as labelled items, TOML examples kept as written.
    assert!(
        format.starts_with("Board file format\n=================\n"),
        "{format}"
    );
    assert!(
        format.contains("- `licorice`\n    values (default first): "),
        "{format}"
    );
    assert!(format.contains("  [deck.single]"), "{format}");
    let json = help(&["help", "json"]);
    assert!(
        json.contains("- expected length\n    key: `mean`"),
        "{json}"
    );
    // Wider terminals get wider text, up to the help's limit.
    let wide = candyland()
        .env("COLUMNS", "100")
        .args(["help", "format"])
        .output()
        .unwrap();
    let wide = String::from_utf8(wide.stdout).unwrap();
    assert!(wide.lines().any(|l| l.chars().count() > 80));
    assert!(wide.lines().all(|l| l.chars().count() <= 100));
}

#[test]
fn analyze_help_fits_a_screen_and_help_rules_says_what_each_value_does() {
    // `analyze --help` on the default board was 136 lines, most of them a paragraph on each
    // value of each Candy Land rule. The board's rule flags now name their values on their
    // help line, and `help rules` keeps the paragraph on each value.
    let help = stdout(&["analyze", "--help"]);
    let lines = help.lines().count();
    assert!(lines <= 100, "analyze --help is {lines} lines:\n{help}");
    // Lines wrap at the width: the words are compared, not the lines.
    let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
    let help = words(&help);
    assert!(help.contains("Licorice rule: lose-next-turn, stuck-until-color, none"));
    assert!(help.contains("`candyland help rules` lists every game's, with what each value does"));
    let rules = words(&stdout(&["help", "rules"]));
    assert!(rules.contains("stuck-until-color: The token stays until a card of the licorice"));
}

//! Help fitted to the board's game: a command's `--help` lists the rule flags of the game of
//! the board named on the command line (of the default board when none is named), and one line
//! points at `candyland help rules` for the other games' flags, which the command accepts only
//! on their boards. The flags stay defined (a flag of another game is refused by name, with the
//! flags the board takes); only the help leaves them out.

use std::ffi::OsString;

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{Args, Command};

use crate::games::{self, hare};

/// The commands that play Hare and Tortoise boards.
const HARE_COMMANDS: [&str; 5] = ["analyze", "simulate", "play", "check", "report"];

/// The commands that play boards that loop.
const LOOP_COMMANDS: [&str; 4] = ["analyze", "simulate", "passage", "check"];

/// Whether `command` uses `--policy` (the computer players of a Hare and Tortoise game) and
/// `--carrot-cap` (the exact chain of one player).
pub fn uses_policy_flags(command: &str) -> (bool, bool) {
    let policy = HARE_COMMANDS.contains(&command);
    let cap = ["analyze", "check", "report", "best"].contains(&command);
    (policy, cap)
}

/// The command line as clap sees it ([`super::command`]), with the help of the command that
/// `args` (the whole command line, program name first) asks help for fitted to its board's
/// game.
pub fn command_for_args(args: &[OsString], width: usize) -> Command {
    let cli = super::command(width);
    let tokens: Vec<String> = args
        .iter()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let asks_help = tokens
        .iter()
        .take_while(|t| *t != "--")
        .any(|t| t == "-h" || t == "--help");
    if !asks_help {
        return cli;
    }
    // The subcommand: the first word that is not a global flag or its value.
    let mut i = 0;
    while i < tokens.len() && tokens[i].starts_with('-') {
        i += if tokens[i] == "--budget" { 2 } else { 1 };
    }
    let Some(name) = tokens.get(i).cloned() else {
        return cli;
    };
    if name == "board" {
        let Some(inner) = tokens.get(i + 1).cloned() else {
            return cli;
        };
        let rest = tokens[i + 2..].to_vec();
        let path = format!("board {inner}");
        return cli.mut_subcommands(move |board| {
            if board.get_name() != "board" {
                return board;
            }
            board.mut_subcommands(|sub| {
                if sub.get_name() == inner {
                    let named = board_named(&sub, &rest);
                    fit(sub, &path, named.as_deref())
                } else {
                    sub
                }
            })
        });
    }
    let rest = tokens[i + 1..].to_vec();
    cli.mut_subcommands(move |sub| {
        if sub.get_name() == name {
            let named = board_named(&sub, &rest);
            fit(sub, &name, named.as_deref())
        } else {
            sub
        }
    })
}

/// The board named among a command's arguments `tokens`: `--board`'s value, or else the first
/// argument that is neither a flag nor a flag's value (its first word, for `compare`'s sides).
fn board_named(sub: &Command, tokens: &[String]) -> Option<String> {
    let takes_value = |arg: Option<&clap::Arg>| arg.is_some_and(|a| a.get_action().takes_values());
    let mut positionals: Vec<&str> = Vec::new();
    let mut flag_board = None;
    let mut i = 0;
    while i < tokens.len() {
        let t = tokens[i].as_str();
        if t == "--" {
            positionals.extend(tokens[i + 1..].iter().map(String::as_str));
            break;
        }
        if let Some(long) = t.strip_prefix("--") {
            if let Some((key, value)) = long.split_once('=') {
                if key == "board" {
                    flag_board = Some(value.to_string());
                }
                i += 1;
                continue;
            }
            let arg = sub.get_arguments().find(|a| a.get_long() == Some(long));
            if long == "budget" || takes_value(arg) {
                if long == "board" {
                    flag_board = tokens.get(i + 1).cloned();
                }
                i += 2;
            } else {
                i += 1;
            }
            continue;
        }
        if t.len() > 1 && t.starts_with('-') {
            let short = t.chars().nth(1);
            let arg = sub.get_arguments().find(|a| a.get_short() == short);
            i += if t.chars().count() == 2 && takes_value(arg) {
                2
            } else {
                1
            };
            continue;
        }
        positionals.push(t);
        i += 1;
    }
    flag_board.or_else(|| {
        positionals
            .first()
            .and_then(|p| p.split_whitespace().next())
            .map(str::to_string)
    })
}

/// The game of board `named` (a shipped name or a file's path); the default board's when none
/// is named, or when it is standard input or cannot be read (the run itself says what is wrong
/// with it).
fn game_of(named: Option<&str>) -> &'static str {
    let read = |spec: Option<&str>| {
        crate::games::load::read_board(spec)
            .and_then(|b| b.kind())
            .ok()
    };
    named
        .filter(|n| *n != "-")
        .and_then(|n| read(Some(n)))
        .or_else(|| read(None))
        .unwrap_or(games::KINDS[0])
}

/// A game's name in the help ("Hi Ho! Cherry-O" races are the `race` kind).
fn game_name(kind: &str) -> String {
    if kind == <games::RaceTrack as games::Game>::KIND {
        "race (Hi Ho! Cherry-O)".to_string()
    } else {
        games::title(kind).to_string()
    }
}

/// `sub`'s help with the rule flags of the game of board `named` only (see the module's doc);
/// a command without rule flags is left as it is. `name` is the command's name
/// (`board show` for a subcommand of `board`).
pub fn fit(sub: Command, name: &str, named: Option<&str>) -> Command {
    if !sub.get_arguments().any(|a| a.get_id() == "without") {
        return sub;
    }
    let kind = game_of(named);
    let (policy, cap) = uses_policy_flags(name);
    let plays_hare = policy;
    let own = games::rule_keys_of(kind);
    let elements = games::elements_of(kind);
    let mut kinds: Vec<&'static str> = games::KINDS.to_vec();
    if plays_hare {
        kinds.push(hare::KIND);
    }
    let plays_loops = LOOP_COMMANDS.contains(&name);
    if plays_loops {
        kinds.extend(games::LOOP_KINDS);
    }
    let loop_board = games::loops(kind);
    let others: Vec<String> = kinds
        .iter()
        .filter(|k| **k != kind)
        .map(|k| game_name(k))
        .collect();
    let hare_board = kind == hare::KIND;
    let sub = sub.mut_args(|arg| {
        let Some(long) = arg.get_long().map(str::to_string) else {
            return arg;
        };
        match long.as_str() {
            "policy" => arg.hide(!(hare_board && policy)),
            "carrot-cap" => arg.hide(!(hare_board && cap)),
            // The flags of the questions only a board that loops asks.
            "turns" | "one-run" | "landings" | "orders" => arg.hide(!loop_board),
            "seed" if name == "analyze" => arg.hide(!loop_board),
            "without" if elements.is_empty() => arg.hide(true),
            "without" => arg.value_parser(PossibleValuesParser::new(
                elements
                    .iter()
                    .map(|(element, help)| PossibleValue::new(*element).help(*help)),
            )),
            key if !games::owners_of_rule(key).is_empty() && !own.iter().any(|k| k == key) => {
                arg.hide(true)
            }
            // The board's own rules: each value named on one line, what each does in
            // `candyland help rules`, so that a command's help fits a terminal.
            key if !games::owners_of_rule(key).is_empty() => compact(arg),
            _ => arg,
        }
    });
    let list = match others.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        Some((last, _)) => last.clone(),
        None => return sub,
    };
    sub.after_help(format!(
        "The rule flags of {list} boards are not listed here: `candyland help rules` lists every game's, with what each value does, `candyland {name} BOARD --help` those of BOARD's game."
    ))
}

/// A rule flag whose values are named in its help line, without the paragraph on each.
fn compact(arg: clap::Arg) -> clap::Arg {
    let values: Vec<String> = arg
        .get_possible_values()
        .iter()
        .filter(|v| !v.is_hide_set())
        .map(|v| v.get_name().to_string())
        .collect();
    if values.len() < 2 {
        return arg;
    }
    let help = arg.get_help().map(|h| h.to_string()).unwrap_or_default();
    arg.hide_possible_values(true)
        .help(format!("{help}: {}", values.join(", ")))
        .long_help(None::<&'static str>)
}

/// `candyland help rules`: every game's rule flags, grouped by game.
pub fn rules_command(width: usize) -> Command {
    let about = "The rule flags of every game. The commands about a board (analyze, simulate, players, ...) take the flags of their board's game and refuse another game's, naming the flags the board takes; `candyland COMMAND BOARD --help` lists those of BOARD's game. Each flag overrides the key of the same name in the board file's [rules] table.";
    super::VariantArgs::augment_args(Command::new("candyland COMMAND BOARD"))
        .about(about)
        .override_usage("candyland COMMAND BOARD [RULE FLAGS]")
        .disable_help_flag(true)
        .term_width(width.min(super::MAX_HELP_WIDTH))
}

//! The one integration test binary. Modules:
//! - `tiny_boards`: boards small enough to solve by hand, derivations in the comments;
//! - `invariants`: properties every chain and solution must have, on every shipped board;
//! - `shipped`: the shipped boards load, match their sources and solve;
//! - `bad_input`: bad board files and flags give clear errors and exit code 2;
//! - `json`, `json_csv`, `json_shapes`: every JSON against its schema, the CSV beside it, and
//!   the shapes a script reads (typed settings, names beside numbers, a note on what a cut
//!   document left out);
//! - `cli`, `cli_commands`, `cli_help`: the binary end to end, JSON parsed back with
//!   `deny_unknown_fields`; help, flags and tables (`help_fit`: help for a terminal, each
//!   command's rule flags those of its board's game; `formats`: CSV and JSON forms, and no deck
//!   words for a game without a deck);
//! - `simulation`: Monte Carlo against the exact answers, determinism, published figures;
//! - `independent`: a simulator written from the rules as prose, against the exact answer;
//! - `players`, `players_cut`, `spaces`, `whatif`: the multi-player (also on a cut
//!   distribution), per-space and what-if figures;
//! - `odds`: the chances to win mid-game (`odds`, `play --odds`) against the product chain,
//!   simulation and `players` (`odds_play`: the chances of a transcript);
//! - `chutes`: Chutes and Ladders through the same engine, by hand and end to end;
//! - `hare`, `hare_check`, `hare_output`: Hare and Tortoise by hand on tiny tracks, `check` on
//!   its programs' lengths and winners, its JSON, CSV, flags and report (`hare_guarantees`: a
//!   player that never reaches home, cut distributions and samples, policy names, the general
//!   solver; `hare_budget`: its chain under `--budget` and memory limits);
//! - `race`: the general race kind (Hi Ho! Cherry-O), by hand, against an independent solve,
//!   against the Chutes and Ladders kind, and end to end;
//! - `passage`, `chain_tools`: first passage and hitting chances, the fundamental matrix, the
//!   state graph and the length's generating function, by hand and by independent eliminations
//!   (`passage_scale`: a target of every space of a large board, three players' product chain
//!   by Gauss-Seidel, and their estimates; `transitions_stream`: the tables written as they
//!   are made are the answers kept in memory, and a reader that stops early ends them quietly);
//! - `width`: every command's text output fits 80 columns when piped, 60 under `COLUMNS=60`;
//! - `exactness`: figures drawn from a cut distribution or a censored sample say so;
//! - `budget`: work over `--budget` refused or stopped with exit 2, memory limits respected;
//! - `editions`: the printed edition by its rule book (the default) against a published exact
//!   analysis; the program boards' names and old names; how `boards` groups them;
//! - `messages`: messages that point at the real mistake (a deck key's typo, another game's
//!   flag, a missing path, a CSV header, a landmark as a position), `-` as a board;
//! - `plain_words`: what a user reads cites sources in plain words, never the team's own words;
//! - `architecture` (`architecture_syntax`: reading Rust as text): the source tree keeps its
//!   stages in order, with no import circle (`architecture_length`: and no file over 500 lines
//!   but the few listed as being split);
//! - `hostile`, `hostile_numbers`: hostile input and numbers;
//! - `shared`, `shared_text`, `shared_signals`: shared folders, hostile text, interrupted runs;
//! - `report`, `report_page`: the report folder's charts and pages; report.html on a phone
//!   (chart text sizes, tables) and the command line a report quotes;
//! - `library`: every question asked from Rust gives what the binary prints (`library_boards`:
//!   a board's rule choices, the printed boxes, `analyze` of a game of computer players);
//! - `web_page`: the web page (wasm) in headless Chromium against the command line;
//! - `public_api`: the library's public surface is the blessed short list;
//! - `toolchain`: `rust-version` is at least what every locked dependency declares.

mod architecture;
mod architecture_length;
mod architecture_syntax;
mod bad_input;
mod best;
mod budget;
mod bump;
mod chain_tools;
mod check;
mod check_calibration;
mod check_coverage;
mod check_edges;
mod check_inputs;
mod check_levels;
mod check_set;
mod check_table;
mod chutes;
mod cli;
mod cli_commands;
mod cli_help;
mod common;
mod editions;
mod exactness;
mod forever;
mod formats;
mod hare;
mod hare_budget;
mod hare_check;
mod hare_guarantees;
mod hare_output;
mod hare_readings;
mod help_fit;
mod hostile;
mod hostile_numbers;
mod independent;
mod invariants;
mod json;
mod json_csv;
mod json_shapes;
mod library;
mod library_boards;
mod loops;
mod loops_check;
mod messages;
mod odds;
mod odds_play;
mod passage;
mod passage_scale;
mod plain_words;
mod players;
mod players_cut;
mod properties;
mod public_api;
mod race;
mod readme;
mod report;
mod report_page;
mod shared;
mod shared_signals;
mod shared_text;
mod shipped;
mod simulation;
mod spaces;
mod tiny_boards;
mod toolchain;
mod transitions_stream;
mod web_page;
mod whatif;
mod width;

/// The text of a shipped board.
fn shipped_text(name: &str) -> &'static str {
    candyland::internals::games::shipped::find(name)
        .expect("shipped board")
        .text
}

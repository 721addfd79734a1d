//! The exact engine for a web page: the library built for `wasm32-unknown-unknown`, behind a
//! small C ABI that plain `WebAssembly.instantiate` can call (no generated glue).
//!
//! The page writes a request (JSON) into the buffer [`request_buffer`] returns, calls [`ask`]
//! and reads the answer (JSON) at [`answer_pointer`], [`ask`]'s return value long. Every figure
//! comes from the library's question functions and its renderer, the same code as the command
//! line's: the page only lays them out. The one import is the page's clock, `env.now_ms`,
//! which the library's budget runs on (a browser has no `std::time::Instant`).
//!
//! A request: `{"ask": QUESTION, "board": BOARD, "rules": {KEY: VALUE}, "without": [ELEMENT],
//! "players": K, "budget": SECONDS}`, where BOARD is `{"name": SHIPPED}` or `{"file": NAME,
//! "text": TOML}` and QUESTION one of `boards`, `choices`, `analyze`, `players`, `forever`,
//! `whatif`. The answer: `{"ok": true, "answer": JSON, "text": TEXT}` (the command's `--json`
//! and its text at 80 columns), or `{"ok": false, "kind": KIND, "error": MESSAGE}`.

use std::cell::RefCell;

use serde::Deserialize;
use serde_json::{json, Value};

use candyland::{
    AnalyzeOptions, BoardSource, Budget, ErrorKind, ForeverOptions, Format, Layout, PlayersOptions,
    Render, Variant, WhatIfOptions,
};

mod clock;

/// Games simulated beside the exact figures of several players (a real, shared deck).
const PLAYERS_GAMES: u64 = 20_000;

/// Random fixed deck orders `forever` tries for a loop (the command line's default is more;
/// the page says how many it tried, as the answer does).
const FOREVER_ORDERS: u64 = 200;

/// The budget of one question when the request gives none, in seconds.
const DEFAULT_BUDGET: f64 = 30.0;

thread_local! {
    /// The request, written by the page.
    static REQUEST: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// The last answer, read by the page.
    static ANSWER: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Makes room for a request of `len` bytes and returns where the page writes it.
#[no_mangle]
pub extern "C" fn request_buffer(len: usize) -> usize {
    REQUEST.with(|r| {
        let mut r = r.borrow_mut();
        r.clear();
        r.resize(len, 0);
        r.as_mut_ptr() as usize
    })
}

/// Answers the request written at [`request_buffer`]; returns the answer's length in bytes.
#[no_mangle]
pub extern "C" fn ask() -> usize {
    clock::install();
    let request = REQUEST.with(|r| r.borrow().clone());
    let answer = match serde_json::from_slice::<Request>(&request) {
        Ok(request) => answer(&request),
        Err(e) => refusal(ErrorKind::BadInput, &format!("not a request: {e}")),
    };
    let bytes = answer.to_string().into_bytes();
    let len = bytes.len();
    ANSWER.with(|a| *a.borrow_mut() = bytes);
    len
}

/// Where the last answer is.
#[no_mangle]
pub extern "C" fn answer_pointer() -> usize {
    ANSWER.with(|a| a.borrow().as_ptr() as usize)
}

/// A board as the page gives it.
#[derive(Deserialize)]
#[serde(untagged)]
enum BoardRequest {
    /// A shipped board, by name.
    Shipped { name: String },
    /// A board file the user opened or dropped.
    File { file: String, text: String },
}

#[derive(Deserialize)]
struct Request {
    ask: String,
    board: Option<BoardRequest>,
    #[serde(default)]
    rules: serde_json::Map<String, Value>,
    #[serde(default)]
    without: Vec<String>,
    players: Option<usize>,
    budget: Option<f64>,
    /// Columns of the text answers (the command line's 80 when not given).
    width: Option<usize>,
}

fn answer(request: &Request) -> Value {
    match run(request) {
        Ok(v) => v,
        Err(e) => refusal(e.kind(), &e.to_string()),
    }
}

fn refusal(kind: ErrorKind, message: &str) -> Value {
    json!({"ok": false, "kind": format!("{kind:?}"), "error": message})
}

/// The answer's `--json` and its text, as the command line prints them at `width` columns.
fn rendered(answer: &dyn Render, width: usize) -> candyland::Result<Value> {
    let json: Value =
        serde_json::from_str(&candyland::render(answer, Format::Json, Layout::default())?)
            .map_err(|e| candyland::Error::Internal(e.to_string()))?;
    let text = candyland::render(answer, Format::Text, Layout::new(width))?;
    Ok(json!({"ok": true, "answer": json, "text": text}))
}

fn run(request: &Request) -> candyland::Result<Value> {
    let budget = Budget::new(request.budget.unwrap_or(DEFAULT_BUDGET));
    let width = request.width.unwrap_or(80);
    let rendered = |answer: &dyn Render| rendered(answer, width);
    if request.ask == "boards" {
        // The shipped boards, the headings `candyland boards` groups them under, and the
        // printed boxes with the board for each.
        let mut v = rendered(&candyland::boards()?)?;
        let groups: Vec<Value> = candyland::Group::ALL
            .iter()
            .map(|g| json!({"group": g, "heading": g.heading()}))
            .collect();
        v["groups"] = json!(groups);
        v["boxes"] = json!(candyland::BOXES);
        return Ok(v);
    }
    let board = match &request.board {
        None => candyland::read_board(None)?,
        Some(BoardRequest::Shipped { name }) => candyland::read_board(Some(name))?,
        Some(BoardRequest::File { file, text }) => BoardSource::new(file, text),
    };
    let variant = variant(request)?;
    match request.ask.as_str() {
        "choices" => {
            let c = candyland::choices(&board)?;
            Ok(json!({"ok": true, "answer": c}))
        }
        "analyze" => {
            let options = AnalyzeOptions {
                variant,
                ..AnalyzeOptions::default()
            };
            rendered(&candyland::analyze(&board, &options, &budget)?)
        }
        "players" => {
            let options = PlayersOptions {
                variant,
                players: request.players,
                games: PLAYERS_GAMES,
                ..PlayersOptions::default()
            };
            rendered(&candyland::players(
                &board,
                &options,
                &budget,
                &candyland::Silent,
            )?)
        }
        "forever" => {
            let options = ForeverOptions {
                variant,
                players: request.players.unwrap_or(1),
                orders: FOREVER_ORDERS,
                ..ForeverOptions::default()
            };
            rendered(&candyland::forever(&board, &options, &budget)?)
        }
        "whatif" => {
            let options = WhatIfOptions {
                variant,
                ..WhatIfOptions::default()
            };
            rendered(&candyland::whatif(&board, &options, &budget)?)
        }
        other => Err(candyland::UserError::BadFlag {
            flag: "ask".into(),
            message: format!(
                "'{other}' is not a question of this page; ask boards, choices, analyze, players, forever or whatif"
            ),
        }
        .into()),
    }
}

/// The rule values and removed elements the page set, as the command line's flags set them.
fn variant(request: &Request) -> candyland::Result<Variant> {
    let mut v = Variant::default();
    for element in &request.without {
        v = v.without(element);
    }
    for (key, value) in &request.rules {
        let value =
            toml::Value::deserialize(value.clone()).map_err(|e| candyland::UserError::BadFlag {
                flag: format!("--{key}"),
                message: format!("{value} is not a rule's value: {e}"),
            })?;
        v = v.with_rule(key, value);
    }
    Ok(v)
}

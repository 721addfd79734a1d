//! The one JSON vocabulary of every `--json` output, and its JSON Schemas.
//!
//! Why one place: a script that reads `analyze --json` should read `players --json` or
//! `crosscheck --json` without a new dictionary. So every document is an object that starts with
//! `schema_version` ([`SCHEMA_VERSION`]) and `command`, and the same quantity has the same key in
//! every command (`candyland help json` lists them; `schemas/` holds one JSON Schema per
//! command, generated from the result structs by [`schema`] and checked against real output by
//! the tests):
//!
//! - a game's length, in turns unless its parent object says `rounds` or `draws`: `mean`, `sd`,
//!   `variance`, `median`, `mode`, `quantiles` (`[{p, turns}]`), `tail` (`[{turns, probability}]`,
//!   P(T > turns)), `shortest_game` (`{turns, draws}`), `pmf`;
//! - each seat's chance to win: `win` (a list, seat 1 first);
//! - a sample of simulated games: `games`, `mean`, `sd`, `mean_ci95`, `min`, `median`, `max`;
//! - an exact value `x` beside its float: `x_exact` = [`Exact`] `{num, den, float}` (decimal
//!   strings, which outgrow any JSON number);
//! - a state of the chain: [`StateRef`] `{state, position, name}`.

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Map, Value};

/// The version of the vocabulary: raised when a key changes meaning or goes away (new keys do
/// not raise it).
pub const SCHEMA_VERSION: u32 = 3;

pub use crate::solve::vocabulary::{exact, exact_option, Exact, Mean, StateRef};

/// `value` as a `--json` document of `command`: `schema_version` and `command` first, then
/// `value`'s own keys.
pub fn document<T: Serialize>(command: &str, value: &T) -> serde_json::Result<String> {
    let mut doc = Map::new();
    doc.insert("schema_version".into(), SCHEMA_VERSION.into());
    doc.insert("command".into(), command.into());
    match serde_json::to_value(value)? {
        Value::Object(body) => doc.extend(body),
        other => {
            doc.insert("items".into(), other);
        }
    }
    let mut s = serde_json::to_string_pretty(&Value::Object(doc))?;
    s.push('\n');
    Ok(s)
}

/// Reads a document [`document`] wrote back into its result struct: `schema_version` and
/// `command` are checked and set aside.
pub fn read<T: serde::de::DeserializeOwned>(text: &str) -> serde_json::Result<T> {
    use serde::de::Error;
    let mut doc: Map<String, Value> = serde_json::from_str(text)?;
    match doc.remove("schema_version") {
        Some(v) if v == SCHEMA_VERSION => {}
        other => {
            return Err(serde_json::Error::custom(format!(
                "schema_version {other:?} is not {SCHEMA_VERSION}"
            )))
        }
    }
    doc.remove("command");
    let body = match doc.remove("items") {
        Some(items) if doc.is_empty() => items,
        Some(items) => {
            doc.insert("items".into(), items);
            Value::Object(doc)
        }
        None => Value::Object(doc),
    };
    serde_json::from_value(body)
}

/// One of the shapes a command's document can take.
pub struct Shape {
    schema: Value,
    defs: Map<String, Value>,
}

impl Shape {
    /// The shape of `T` as [`document`] writes it.
    pub fn of<T: JsonSchema>() -> Shape {
        let settings = schemars::generate::SchemaSettings::draft2020_12().for_serialize();
        let mut root = settings
            .into_generator()
            .into_root_schema_for::<T>()
            .to_value();
        let defs = match root.as_object_mut().and_then(|o| o.remove("$defs")) {
            Some(Value::Object(d)) => d,
            _ => Map::new(),
        };
        if let Some(o) = root.as_object_mut() {
            o.remove("$schema");
            o.remove("title");
        }
        Shape { schema: root, defs }
    }
}

/// The JSON Schema (draft 2020-12) of `command`'s `--json` documents: one of `shapes`, each an
/// object with `schema_version` and `command` first. Every object forbids keys it does not
/// list, so a new key is a schema change the tests see.
pub fn schema(command: &str, shapes: Vec<Shape>) -> Value {
    let mut defs = Map::new();
    let mut variants: Vec<Value> = Vec::new();
    for mut shape in shapes {
        defs.append(&mut shape.defs);
        let mut s = shape.schema;
        if s.get("type").and_then(Value::as_str) == Some("object") {
            envelope(&mut s, command);
        } else {
            s = serde_json::json!({
                "type": "object",
                "properties": { "items": s },
                "required": ["items"],
            });
            envelope(&mut s, command);
        }
        variants.push(s);
    }
    let mut root = Map::new();
    root.insert(
        "$schema".into(),
        "https://json-schema.org/draft/2020-12/schema".into(),
    );
    root.insert(
        "title".into(),
        format!("candyland {command} --json (schema version {SCHEMA_VERSION})").into(),
    );
    if variants.len() == 1 {
        if let Some(Value::Object(o)) = variants.pop() {
            root.extend(o);
        }
    } else {
        root.insert("oneOf".into(), Value::Array(variants));
    }
    if !defs.is_empty() {
        root.insert("$defs".into(), Value::Object(defs));
    }
    let mut root = Value::Object(root);
    close_objects(&mut root);
    root
}

/// Adds `schema_version` and `command` in front of an object schema's properties.
fn envelope(s: &mut Value, command: &str) {
    let Some(o) = s.as_object_mut() else { return };
    let mut props = Map::new();
    props.insert(
        "schema_version".into(),
        serde_json::json!({ "const": SCHEMA_VERSION }),
    );
    props.insert("command".into(), serde_json::json!({ "const": command }));
    if let Some(Value::Object(p)) = o.remove("properties") {
        props.extend(p);
    }
    o.insert("properties".into(), Value::Object(props));
    let mut required = vec![Value::from("schema_version"), Value::from("command")];
    if let Some(Value::Array(r)) = o.remove("required") {
        required.extend(r);
    }
    o.insert("required".into(), Value::Array(required));
}

/// Every object schema with listed properties forbids the others.
fn close_objects(v: &mut Value) {
    match v {
        Value::Object(o) => {
            if o.contains_key("properties") && !o.contains_key("additionalProperties") {
                o.insert("additionalProperties".into(), false.into());
            }
            o.values_mut().for_each(close_objects);
        }
        Value::Array(a) => a.iter_mut().for_each(close_objects),
        _ => {}
    }
}

/// The shape of `play --json` of every policy game (its log's events are the game's own).
fn policy_shapes() -> Vec<Shape> {
    struct Transcript;
    impl crate::games::PolicyVisitor for Transcript {
        type Output = Shape;
        fn visit<P: crate::games::PolicyGame>(self) -> Shape {
            Shape::of::<crate::results::policies::PolicyTranscript<P::Event>>()
        }
    }
    crate::games::POLICY_KINDS
        .iter()
        .filter_map(|kind| crate::games::with_policy_kind(kind, Transcript))
        .collect()
}

/// Every command with a `--json`, and `report`'s `summary.json`: the command's name (as
/// `command` in its documents) and the JSON Schema of its documents. `schemas/NAME.schema.json`
/// holds each (a space in the name becomes `-`); a test keeps them equal.
pub fn schemas() -> Vec<(&'static str, Value)> {
    use crate::check::crosscheck;
    use crate::results::{compare, forever, odds, players, policies, spaces, transitions};
    use crate::sim::transcript;
    use crate::{check, output, sim, solve};
    let shapes: Vec<(&'static str, Vec<Shape>)> = vec![
        (
            "analyze",
            vec![
                Shape::of::<solve::Analysis>(),
                Shape::of::<solve::Moments>(),
                Shape::of::<forever::Unfinishable>(),
                Shape::of::<solve::pgf::Pgf>(),
                Shape::of::<policies::PolicyAlone>(),
                Shape::of::<crate::results::loops::LoopAnalysis>(),
            ],
        ),
        (
            "passage",
            vec![
                Shape::of::<solve::passage::Passage>(),
                Shape::of::<solve::passage::HittingChances>(),
                Shape::of::<crate::results::loops::LoopPassage>(),
            ],
        ),
        ("players", vec![Shape::of::<players::PlayersReport>()]),
        ("best", vec![Shape::of::<crate::results::best::BestPlay>()]),
        ("odds", vec![Shape::of::<odds::OddsReport>()]),
        ("spaces", vec![Shape::of::<spaces::SpacesReport>()]),
        (
            "whatif",
            vec![
                Shape::of::<crate::results::whatif::WhatIf>(),
                Shape::of::<crate::results::whatif::RuleRanking>(),
            ],
        ),
        ("compare", vec![Shape::of::<compare::Comparison>()]),
        (
            "simulate",
            vec![
                Shape::of::<sim::Simulation>(),
                Shape::of::<policies::PolicySimulation>(),
                Shape::of::<crate::results::loops::LoopSimulation>(),
            ],
        ),
        ("crosscheck", vec![Shape::of::<crosscheck::CrossCheck>()]),
        (
            "check",
            vec![
                Shape::of::<check::CheckReport>(),
                Shape::of::<check::summary::SummaryReport>(),
                Shape::of::<crate::results::loops::LandingCheck>(),
            ],
        ),
        ("forever", vec![Shape::of::<forever::ForeverReport>()]),
        (
            "transitions",
            vec![
                Shape::of::<transitions::Transitions>(),
                Shape::of::<transitions::TransitionMatrix>(),
                Shape::of::<solve::fundamental::Fundamental>(),
            ],
        ),
        (
            "play",
            vec![Shape::of::<transcript::Transcript>()]
                .into_iter()
                .chain(policy_shapes())
                .collect(),
        ),
        ("boards", vec![Shape::of::<Vec<output::BoardRow>>()]),
        ("board show", vec![Shape::of::<output::BoardShow>()]),
        (
            "report",
            vec![
                Shape::of::<output::summary::ReportSummary>(),
                Shape::of::<policies::PolicyReport>(),
                Shape::of::<crate::results::loops::LoopReport>(),
            ],
        ),
    ];
    shapes
        .into_iter()
        .map(|(command, shapes)| (command, schema(command, shapes)))
        .collect()
}

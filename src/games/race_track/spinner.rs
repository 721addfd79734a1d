//! The spinner of a race: its faces read from the file and checked (a number moves forward, a
//! table names a move: forward, back, to a square, back to the start), their weights, and the
//! weighted outcomes of one turn, where "roll again" makes a turn a sequence of rolls.

use std::collections::HashSet;

use super::{Face, OnMaxRolls, Overshoot, RaceRules, RaceSpinner};
use crate::input::problems::{Problems, MAX_CARDS, MAX_SPACES};

/// The most outcomes one turn may have once "roll again" sequences are expanded.
pub const MAX_OUTCOMES: usize = 100_000;

/// The outcome of one turn: the faces rolled, in order (indices into
/// [`RaceBoard::faces`](super::RaceBoard::faces)), and its integer weight; the weights of all
/// of a board's turns add up to the common denominator of their probabilities.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TurnRolls {
    /// Indices of the faces rolled, in order; every roll but the last showed a roll-again face.
    pub faces: Vec<usize>,
    /// Integer weight of this outcome: its probability is `weight / W` without roll-again and
    /// `weight / W^m` with it (W the spinner's total weight, m = `max-rolls`).
    pub weight: u32,
    /// The turn is cancelled (the last allowed roll showed a roll-again face under `forfeit`).
    pub forfeit: bool,
}

/// The faces of `[spinner]`, each with its name and weight; empty after a problem.
pub(super) fn faces(
    s: &RaceSpinner,
    n: usize,
    rules: &RaceRules,
    p: &mut Problems,
) -> Vec<(Face, String, u32)> {
    if s.faces.is_empty() {
        p.add(
            "spinner.faces",
            "is empty; list each face: a number moves forward, or a table such as { name = \"bird\", back = 2 }",
        );
        return Vec::new();
    }
    let mut faces: Vec<(Face, String)> = Vec::new();
    // The names seen: a board may have a hundred thousand faces.
    let mut names: HashSet<String> = HashSet::new();
    for (i, v) in s.faces.iter().enumerate() {
        let field = format!("spinner.faces[{i}]");
        if let Some((face, name)) = face(&field, v, n, p) {
            if !names.insert(name.clone()) {
                p.add(
                    &field,
                    format!("is named '{}' like an earlier face; give each face its own `name`, or merge them with `weights`", crate::input::text::quote(&name)),
                );
            }
            faces.push((face, name));
        }
    }
    if rules.overshoot == Overshoot::Bounce {
        if let Some(big) = faces.iter().find_map(|(f, _)| match f {
            Face::Forward(k) if *k as usize > n => Some(*k),
            _ => None,
        }) {
            p.add(
                "rules.overshoot",
                format!("\"bounce\" needs every forward face to be at most the number of squares ({n}), but a face moves {big}; use \"stay\" or \"win\""),
            );
        }
    }
    let weights = weights(s.weights.as_deref(), s.faces.len(), p);
    if weights.len() != faces.len() {
        return Vec::new();
    }
    faces
        .into_iter()
        .zip(weights)
        .map(|((f, name), w)| (f, name, w))
        .collect()
}

/// One face: a positive integer (forward), or a table with one move and an optional name.
fn face(field: &str, v: &toml::Value, n: usize, p: &mut Problems) -> Option<(Face, String)> {
    const HOW: &str = "give a number of squares forward, or a table with one of forward = N, back = N, to = SQUARE, start = true (and optionally name = \"...\")";
    let positive = |at: String, v: &toml::Value, p: &mut Problems| match v.as_integer() {
        Some(k) if k >= 1 && k <= MAX_SPACES as i64 => Some(k as u32),
        _ => {
            p.add(
                at,
                format!(
                    "is {}; give a whole number of squares from 1 to {MAX_SPACES}",
                    shown(v)
                ),
            );
            None
        }
    };
    let table = match v {
        toml::Value::Integer(_) => {
            return positive(field.to_string(), v, p).map(|k| (Face::Forward(k), k.to_string()));
        }
        toml::Value::Table(t) => t,
        other => {
            p.add(field, format!("is {}; {HOW}", shown(other)));
            return None;
        }
    };
    let moves: Vec<&String> = table.keys().filter(|k| *k != "name").collect();
    if let Some(bad) = moves
        .iter()
        .find(|k| !["forward", "back", "to", "start"].contains(&k.as_str()))
    {
        p.add(
            format!("{field}.{}", crate::input::text::quote(bad)),
            format!("is not a face key; {HOW}"),
        );
        return None;
    }
    if moves.len() != 1 {
        p.add(field, format!("has {} moves; {HOW}", moves.len()));
        return None;
    }
    let key = moves[0].as_str();
    let value = &table[key];
    let face = match key {
        "forward" => Face::Forward(positive(format!("{field}.forward"), value, p)?),
        "back" => Face::Back(positive(format!("{field}.back"), value, p)?),
        "to" => match value.as_integer() {
            Some(k) if k >= 0 && k as usize <= n => Face::To(k as u32),
            _ => {
                p.add(
                    format!("{field}.to"),
                    format!(
                        "is {}; give a square from 0 (the start) to {n} (the last, which wins)",
                        shown(value)
                    ),
                );
                return None;
            }
        },
        _ => match value.as_bool() {
            Some(true) => Face::Start,
            _ => {
                p.add(
                    format!("{field}.start"),
                    format!("is {}; write start = true for a face that sends the token back to the start", shown(value)),
                );
                return None;
            }
        },
    };
    let name = match table.get("name") {
        None => default_name(face),
        Some(toml::Value::String(s)) => {
            p.name(
                &format!("{field}.name"),
                s,
                "give the face a name, e.g. \"bird\", or leave `name` out for the default",
            );
            s.clone()
        }
        Some(other) => {
            p.add(
                format!("{field}.name"),
                format!(
                    "is {}; give the face's name as text, e.g. name = \"bird\"",
                    shown(other)
                ),
            );
            return None;
        }
    };
    Some((face, name))
}

/// A face's name when the file gives none: "3", "back 2", "to 5", "start".
fn default_name(face: Face) -> String {
    match face {
        Face::Forward(k) => k.to_string(),
        Face::Back(k) => format!("back {k}"),
        Face::To(k) => format!("to {k}"),
        Face::Start => "start".into(),
    }
}

/// A TOML value in a message, shortened and made safe.
fn shown(v: &toml::Value) -> String {
    crate::input::text::quote(&v.to_string())
}

/// The weights of `faces` faces from `spinner.weights` (all 1 when absent), checked: one per
/// face, each positive, adding up to at most [`MAX_CARDS`]. Empty after a problem.
pub(crate) fn weights(given: Option<&[u32]>, faces: usize, p: &mut Problems) -> Vec<u32> {
    let weights = match given {
        None => vec![1; faces],
        Some(w) if w.len() != faces => {
            p.add(
                "spinner.weights",
                format!(
                    "has {} weights for {faces} faces; give one weight per face",
                    w.len()
                ),
            );
            return Vec::new();
        }
        Some(w) => {
            for (i, &x) in w.iter().enumerate() {
                if x == 0 {
                    p.add(
                        format!("spinner.weights[{i}]"),
                        "is 0; remove the face instead, or give it a positive weight",
                    );
                }
            }
            w.to_vec()
        }
    };
    let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
    if total > MAX_CARDS {
        p.add(
            "spinner.weights",
            format!("add up to {total}; at most {MAX_CARDS} is supported (the simulator holds one entry per unit of weight), so scale them down"),
        );
        return Vec::new();
    }
    weights
}

/// Expands the faces into the weighted outcomes of one turn. Without roll-again each face is
/// one outcome. With it, a sequence of k rolls (all but the last showing a roll-again face, or
/// k = max-rolls) has probability prod(w) / W^k, written over the common denominator W^m as
/// prod(w) * W^(m-k): these weights add up to exactly W^m.
pub(super) fn turns(
    faces: &[(Face, String, u32)],
    rules: &RaceRules,
    p: &mut Problems,
) -> Vec<TurnRolls> {
    if faces.is_empty() {
        return Vec::new();
    }
    if rules.roll_again.is_empty() {
        return faces
            .iter()
            .enumerate()
            .map(|(i, &(_, _, w))| TurnRolls {
                faces: vec![i],
                weight: w,
                forfeit: false,
            })
            .collect();
    }
    let again: Vec<bool> = faces
        .iter()
        .map(|(f, _, _)| matches!(f, Face::Forward(k) if rules.roll_again.contains(k)))
        .collect();
    for (i, f) in rules.roll_again.iter().enumerate() {
        if !faces.iter().any(|(v, _, _)| *v == Face::Forward(*f)) {
            p.add(
                format!("rules.roll-again[{i}]"),
                format!("is {f}, but no face of the spinner moves forward {f}; list how far the faces that roll again move, e.g. [6]"),
            );
        }
    }
    let m = rules.max_rolls;
    if !(2..=20).contains(&m) {
        p.add(
            "rules.max-rolls",
            format!("is {m}; with roll-again give 2 to 20 rolls per turn (an unlimited turn has no finite set of outcomes)"),
        );
        return Vec::new();
    }
    let w_total: u64 = faces.iter().map(|&(_, _, w)| u64::from(w)).sum();
    let denominator = (0..m).try_fold(1u64, |d, _| d.checked_mul(w_total));
    if denominator.is_none_or(|d| d > MAX_CARDS) {
        p.add(
            "rules.max-rolls",
            format!("{m} rolls of a spinner of total weight {w_total} give more than {MAX_CARDS} equally likely turns (the simulator holds one entry per turn); lower max-rolls (at most 7 for a six-face spinner)"),
        );
        return Vec::new();
    }
    let mut out = Vec::new();
    // Depth-first over sequences; `prefix` holds roll-again faces only.
    let mut stack: Vec<(Vec<usize>, u64)> = vec![(Vec::new(), 1)];
    while let Some((prefix, weight)) = stack.pop() {
        let k = prefix.len() as u32 + 1;
        for (i, &(_, _, w)) in faces.iter().enumerate() {
            let mut seq = prefix.clone();
            seq.push(i);
            let wk = weight * u64::from(w);
            if again[i] && k < m {
                stack.push((seq, wk));
                continue;
            }
            let scale = w_total.pow(m - k);
            out.push(TurnRolls {
                faces: seq,
                weight: (wk * scale) as u32,
                forfeit: again[i] && rules.on_max_rolls == OnMaxRolls::Forfeit,
            });
            if out.len() > MAX_OUTCOMES {
                p.add(
                    "rules.max-rolls",
                    format!("one turn would have more than {MAX_OUTCOMES} outcomes; lower max-rolls or list fewer roll-again faces"),
                );
                return Vec::new();
            }
        }
    }
    out.sort_by(|a, b| a.faces.cmp(&b.faces));
    out
}

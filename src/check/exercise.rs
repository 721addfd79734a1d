//! `check`'s inputs on arbitrary bytes, for fuzzing: a lengths file (one per line, a JSON
//! array, a CSV column) and a `--summary` string, each read and, when valid, run through the
//! set and the summary tests against a few small exact models, checking what must hold (every
//! p-value in [0, 1], no NaN, a summary's statistics in order, no null figure in the JSON). A
//! panic or a failed check is a bug: the fuzzer (`fuzz/`, target `lengths`) and the seeded
//! test pass of the test suite both call [`lengths_and_summary`].

use std::sync::{Arc, LazyLock};

use crate::chain::Chain;
use crate::check::lengths::{read_lengths, LengthsSource, MAX_LENGTH};
use crate::games::RaceTrack;
use crate::games::Variant;
use crate::sim::DeckMode;
use crate::stats::Summary;

use super::summary::{Published, SummaryReport};
use super::{decide, exact_model, fit, histogram, rank, Candidate, LengthModel, Ranked};

/// Samples with a longer game than this (or more games) are read but not ranked, so that each
/// input runs in milliseconds.
const MAX_RANKED_LENGTH: u32 = 5_000;
const MAX_RANKED_GAMES: usize = 20_000;

/// Three hypotheses: the first shipped board of the race kind (a short spinner race) as
/// shipped and with its `back-by` rule at 1, and a game that always lasts 3 turns (no spread:
/// infinite z's and zero standard errors).
static MODELS: LazyLock<Vec<Arc<LengthModel>>> = LazyLock::new(|| {
    let mut out = Vec::new();
    let race = crate::games::shipped().into_iter().find(|b| {
        crate::games::BoardSource::new(b.name, b.text)
            .kind()
            .is_ok_and(|k| k == <RaceTrack as crate::games::Game>::KIND)
    });
    for variant in [
        Variant::default(),
        Variant::default().with_rule("back-by", toml::Value::Integer(1)),
    ] {
        let Some(race) = race else { break };
        if let Ok(game) = crate::games::load::load::<RaceTrack>(Some(race.name), &variant) {
            out.push(Arc::new(exact_model(&Chain::build(&game), 1, 1)));
        }
    }
    if let Ok(always_3) = LengthModel::exact(vec![0.0, 0.0, 0.0, 1.0], vec![1.0, 1.0, 1.0, 0.0]) {
        out.push(Arc::new(always_3));
    }
    out
});

/// The hypotheses as candidates of one search.
fn candidates() -> Vec<Candidate> {
    MODELS
        .iter()
        .enumerate()
        .map(|(i, model)| Candidate {
            game: "race",
            board: format!("model-{i}"),
            variant: Variant::default(),
            deck: Some(DeckMode::Iid),
            extra: Vec::new(),
            model: model.clone(),
            model_id: i,
        })
        .collect()
}

/// Reads `data` as a lengths file (each way) and as a `--summary`, and checks each valid one.
pub fn lengths_and_summary(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for column in [None, Some("turns")] {
        let source = LengthsSource {
            label: "fuzz input",
            text,
            column,
        };
        if let Ok(lengths) = read_lengths(&source) {
            assert!(!lengths.is_empty());
            assert!(lengths
                .iter()
                .all(|&l| l >= 1 && u64::from(l) <= MAX_LENGTH));
            sample(&lengths);
        }
    }
    if let Ok(published) = Published::parse(text) {
        summary(&published);
    }
}

/// A probability, checked.
fn probability(p: f64, what: &str) {
    assert!((0.0..=1.0).contains(&p), "{what} = {p}");
}

/// Ranks a valid sample against the models and checks the answer.
fn sample(lengths: &[u32]) {
    let longest = lengths.iter().copied().max().unwrap_or(0);
    if longest > MAX_RANKED_LENGTH || lengths.len() > MAX_RANKED_GAMES {
        return;
    }
    let hist = histogram(lengths);
    let s = Summary::of(&hist).expect("a non-empty sample");
    assert!(s.min <= s.median && s.median <= s.max, "{s:?}");
    assert!(s.min as f64 <= s.mean + 1e-9 && s.mean <= s.max as f64 + 1e-9);
    let candidates = candidates();
    let ranking = rank(&hist, &candidates, 0.05).expect("a sample with games ranks");
    for r in &ranking {
        check_row(r);
    }
    let (decided, undecided) = decide(&ranking);
    for setting in decided.iter().chain(&undecided) {
        assert!(!setting.values.is_empty());
    }
    let f = fit(&hist, &candidates[0]).expect("a sample with games fits");
    for t in &f.statistics {
        probability(t.p_value, &t.statistic);
    }
    probability(f.p_value(), "fit p");
    let json = serde_json::to_value(&ranking).expect("serialisable");
    assert_no_null(&json, "");
}

/// One ranking row: its figures are probabilities or finite, and only a possible hypothesis
/// is in the set.
fn check_row(r: &Ranked) {
    probability(r.fit_p, "fit_p");
    if let Some(p) = r.chi_square_p {
        probability(p, "chi_square_p");
    }
    assert!(!r.z_mean.value().is_nan());
    if let Some(z) = r.z_against_best {
        assert!(z.is_finite(), "z {z}");
    }
    if r.in_set {
        assert!(r.log_likelihood_per_game.is_some(), "{r:?}");
    }
}

/// No null anywhere but a chi-square that could not be computed.
fn assert_no_null(v: &serde_json::Value, path: &str) {
    match v {
        serde_json::Value::Null => assert!(path.ends_with("/chi_square_p"), "null at {path}"),
        serde_json::Value::Array(items) => {
            for (i, x) in items.iter().enumerate() {
                assert_no_null(x, &format!("{path}/{i}"));
            }
        }
        serde_json::Value::Object(map) => {
            for (k, x) in map {
                assert_no_null(x, &format!("{path}/{k}"));
            }
        }
        _ => {}
    }
}

/// Tests a valid summary against the models and checks the answer.
fn summary(p: &Published) {
    assert!(p.games >= 1);
    let lengths: Vec<f64> = [p.min.map(|m| m as f64), p.median, p.max.map(|m| m as f64)]
        .into_iter()
        .flatten()
        .collect();
    assert!(lengths.windows(2).all(|w| w[0] <= w[1]), "{p:?}");
    assert!(lengths.iter().all(|&l| l >= 1.0));
    if let Some(mean) = p.mean {
        assert!(p.min.is_none_or(|m| m as f64 <= mean) && p.max.is_none_or(|m| mean <= m as f64));
    }
    let candidates = candidates();
    let report = SummaryReport::of(p, &candidates[0], &candidates, None, 0.95, true);
    for t in &report.reference {
        probability(t.p_value, &t.statistic);
    }
    probability(report.threshold, "threshold");
    assert!(report.detectable_mean_shift >= 0.0 && !report.detectable_mean_shift.is_nan());
    for row in &report.candidates {
        probability(row.min_p, "min_p");
    }
}

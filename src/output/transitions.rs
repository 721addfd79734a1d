//! `transitions`: the move table as CSV.

use crate::transitions::Transitions;

/// The move table as CSV.
pub fn transitions_csv(t: &Transitions) -> anyhow::Result<String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "state",
        "state_name",
        "card",
        "count",
        "probability",
        "next",
        "next_name",
        "events",
    ])?;
    for r in &t.rows {
        w.write_record([
            r.state.to_string(),
            r.state_name.clone(),
            r.card.clone(),
            r.count.to_string(),
            r.probability.clone(),
            r.next.map_or(String::new(), |n| n.to_string()),
            r.next_name.clone(),
            r.events.join(" "),
        ])?;
    }
    Ok(String::from_utf8(w.into_inner()?)?)
}

//! `transitions`: the move table as CSV, made to load in one line in pandas or R: numeric
//! probabilities beside the exact fractions, the finish as a state id of its own (the number of
//! transient states), no column named like a reserved word (R's `read.csv` renames `next`).

use crate::results::transitions::Transitions;

/// The move table as CSV, one row per state and kind of card; `n` transient states, so the
/// finish is state `n`.
pub(crate) fn transitions_csv(t: &Transitions) -> crate::Result<String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "from",
        "from_name",
        "card",
        "count",
        "p",
        "p_exact",
        "to",
        "to_name",
        "events",
    ])?;
    for r in &t.rows {
        super::csv_cells::record(
            &mut w,
            [
                r.from.state.to_string(),
                r.from.name.clone(),
                r.card.clone(),
                r.count.to_string(),
                r.p.to_string(),
                format!("{}/{}", r.p_exact.num, r.p_exact.den),
                r.to.state.to_string(),
                r.to.name.clone(),
                r.events.join(" "),
            ],
        )?;
    }
    Ok(String::from_utf8(w.into_inner()?)?)
}

/// The transition matrix as CSV, one row per (state, next state) with the cards merged, and
/// the finish (state `n`) absorbing: every state's probabilities add up to exactly 1.
pub(crate) fn transitions_matrix_csv(t: &Transitions) -> crate::Result<String> {
    let m = crate::results::transitions::aggregate(t);
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "from",
        "from_name",
        "to",
        "to_name",
        "count",
        "p",
        "p_exact",
    ])?;
    for e in m.matrix {
        super::csv_cells::record(
            &mut w,
            [
                e.from.state.to_string(),
                e.from.name,
                e.to.state.to_string(),
                e.to.name,
                e.count.to_string(),
                e.p.to_string(),
                e.p_exact.to_string(),
            ],
        )?;
    }
    Ok(String::from_utf8(w.into_inner()?)?)
}

impl super::Render for crate::results::transitions::TransitionsAnswer {
    /// The tables are CSV, the state graph DOT.
    fn text(&self, _: super::Layout) -> String {
        use crate::results::transitions::TransitionsAnswer;
        match self {
            TransitionsAnswer::Graph(g) => super::dot::dot(g),
            _ => match self.csv() {
                Some(Ok(csv)) => csv,
                // Writing CSV to memory does not fail.
                _ => String::new(),
            },
        }
    }

    fn json(&self) -> Option<crate::Result<String>> {
        use crate::results::transitions::TransitionsAnswer;
        match self {
            TransitionsAnswer::Graph(_) => None,
            _ => super::render::json("transitions", self),
        }
    }

    fn csv(&self) -> Option<crate::Result<String>> {
        use crate::results::transitions::TransitionsAnswer;
        match self {
            TransitionsAnswer::Moves(t) => Some(transitions_csv(t)),
            TransitionsAnswer::Matrix(t) => Some(transitions_matrix_csv(t)),
            TransitionsAnswer::Fundamental(n) => Some(super::passage::fundamental_csv(n)),
            TransitionsAnswer::Graph(_) => None,
        }
    }
}

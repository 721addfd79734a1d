//! `transitions --dot`: the state graph in Graphviz's DOT language (`dot -Tsvg`), one node per
//! state (the start a box, trap states filled, the finish a double circle) and one edge per
//! (state, next state) labelled with its exact chance; jumps drawn dashed and coloured,
//! moves caught by a trap in red.

use std::fmt::Write;

use crate::results::transitions::StateGraph;

/// A DOT string literal: quotes and backslashes escaped (control characters never reach a
/// name: board text is checked for them).
fn quoted(text: &str) -> String {
    let mut s = String::with_capacity(text.len() + 2);
    s.push('"');
    for c in text.chars() {
        match c {
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            '\n' | '\r' => s.push(' '),
            c => s.push(c),
        }
    }
    s.push('"');
    s
}

/// The graph as DOT.
pub(crate) fn dot(g: &StateGraph) -> String {
    let n = g.states.len();
    let mut s = String::new();
    let _ = writeln!(s, "digraph {} {{", quoted(&g.board));
    let _ = writeln!(s, "  rankdir=LR;");
    let _ = writeln!(s, "  node [shape=ellipse, fontsize=10];");
    let _ = writeln!(s, "  edge [fontsize=8];");
    for (i, st) in g.states.iter().enumerate() {
        let mut attrs = vec![format!("label={}", quoted(&st.name))];
        if i == g.start {
            attrs.push("shape=box".into());
        }
        if g.on_trap[i] {
            attrs.push("style=filled".into());
            attrs.push("fillcolor=\"#444444\"".into());
            attrs.push("fontcolor=white".into());
            attrs.push(format!("tooltip={}", quoted(&g.trap_word)));
        }
        let _ = writeln!(s, "  s{i} [{}];", attrs.join(", "));
    }
    let _ = writeln!(s, "  s{n} [label=\"finish\", shape=doublecircle];");
    let d = u64::from(g.denominator);
    for e in &g.edges {
        let r = num_rational::Ratio::new(e.count, d);
        let mut attrs = vec![format!("label=\"{}/{}\"", r.numer(), r.denom())];
        if e.jump {
            attrs.push("style=dashed".into());
            attrs.push("color=\"#1f77b4\"".into());
        }
        if e.caught {
            attrs.push("color=\"#d62728\"".into());
        }
        let _ = writeln!(s, "  s{} -> s{} [{}];", e.from, e.to, attrs.join(", "));
    }
    s.push_str("}\n");
    s
}

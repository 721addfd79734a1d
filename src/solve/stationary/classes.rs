//! The closed classes of a chain: the sets of states that, once entered, are never left and
//! every state of which reaches every other. A finite chain's long run lives in them: with one
//! closed class the stationary law is unique and zero outside it (Kemeny and Snell, "Finite
//! Markov Chains", 1960, ch. II).

use crate::chain::Counts;

/// The closed classes of the chain whose transitions are `counts`, each a sorted list of
/// states, by Tarjan's strongly connected components (iterative, so a long chain cannot
/// overflow the stack).
pub fn closed_classes(counts: &Counts) -> Vec<Vec<usize>> {
    let n = counts.rows();
    const NONE: usize = usize::MAX;
    let mut index = vec![NONE; n];
    let mut low = vec![0usize; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<usize> = Vec::new();
    let mut component = vec![NONE; n];
    let mut components: Vec<Vec<usize>> = Vec::new();
    let mut next = 0usize;
    let successors = |s: usize| -> Vec<usize> {
        counts
            .outer_view(s)
            .map(|row| {
                row.iter()
                    .filter(|(_, c)| **c > 0)
                    .map(|(t, _)| t)
                    .collect()
            })
            .unwrap_or_default()
    };
    for root in 0..n {
        if index[root] != NONE {
            continue;
        }
        // Each frame: a state and the position in its successors.
        let mut frames: Vec<(usize, Vec<usize>, usize)> = vec![(root, successors(root), 0)];
        index[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some((v, succ, at)) = frames.last_mut() {
            let v = *v;
            if *at < succ.len() {
                let w = succ[*at];
                *at += 1;
                if index[w] == NONE {
                    index[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    let s = successors(w);
                    frames.push((w, s, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            frames.pop();
            if let Some((parent, _, _)) = frames.last() {
                low[*parent] = low[*parent].min(low[v]);
            }
            if low[v] == index[v] {
                let id = components.len();
                let mut members = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    component[w] = id;
                    members.push(w);
                    if w == v {
                        break;
                    }
                }
                members.sort_unstable();
                components.push(members);
            }
        }
    }
    components
        .into_iter()
        .enumerate()
        .filter(|(id, members)| {
            members
                .iter()
                .all(|&s| successors(s).iter().all(|&t| component[t] == *id))
        })
        .map(|(_, members)| members)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(n: usize, edges: &[(usize, usize)]) -> Counts {
        let mut tri = sprs::TriMatI::<u32, u32>::new((n, n));
        for &(s, t) in edges {
            tri.add_triplet(s, t, 1);
        }
        tri.to_csr()
    }

    #[test]
    fn a_cycle_is_one_closed_class() {
        let c = counts(3, &[(0, 1), (1, 2), (2, 0)]);
        assert_eq!(closed_classes(&c), vec![vec![0, 1, 2]]);
    }

    #[test]
    fn transient_states_lead_into_two_closed_classes() {
        // 0 -> 1 or 3; {1, 2} is a cycle; 3 stays put; 0 is transient.
        let c = counts(4, &[(0, 1), (0, 3), (1, 2), (2, 1), (3, 3)]);
        let mut classes = closed_classes(&c);
        classes.sort();
        assert_eq!(classes, vec![vec![1, 2], vec![3]]);
    }
}

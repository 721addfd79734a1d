//! Products with Q read straight from the integer counts: no `f64` copy of Q and no transposed
//! copy, so the distribution of a million-space board costs no memory beyond its vectors.
//!
//! Every entry is the probability `count as f64 / D as f64`, the very value a `f64` copy of Q
//! would hold (looked up in a table of those quotients when D is small), so the results are
//! bit for bit those of a CSR product with that copy.

use super::{Chain, Counts};

/// count -> count / D as `f64`.
pub struct Probabilities {
    d: f64,
    table: Vec<f64>,
}

/// Decks up to this size get a table of the quotients.
const TABLE_SIZE: u32 = 1 << 16;

impl Probabilities {
    /// The quotients for a deck of `d` cards.
    pub fn new(d: u32) -> Probabilities {
        let df = f64::from(d);
        let table = if d <= TABLE_SIZE {
            (0..=d).map(|c| f64::from(c) / df).collect()
        } else {
            Vec::new()
        };
        Probabilities { d: df, table }
    }

    /// count / D.
    #[inline]
    pub fn of(&self, count: u32) -> f64 {
        match self.table.get(count as usize) {
            Some(&p) => p,
            None => f64::from(count) / self.d,
        }
    }
}

impl<S, C> Chain<S, C> {
    /// next = pi Q (the state distribution one turn on), overwriting `next`. Rows of states
    /// with no mass are skipped; each entry of `next` adds its contributions in state order,
    /// as a row of Q^T would.
    pub fn step_forward(&self, p: &Probabilities, pi: &[f64], next: &mut [f64]) {
        push(self.counts(), p, pi, next);
    }

    /// out = base + Q f (with base = r: the chance of finishing within one more turn, from
    /// each state), overwriting `out`; each entry adds its terms to base in column order.
    pub fn step_back(&self, p: &Probabilities, base: &[f64], f: &[f64], out: &mut [f64]) {
        pull(self.counts(), p, Some(base), f, out);
    }
}

/// out = base + Q f for a counts matrix (base 0 when `None`), overwriting `out`: one value per
/// state, read along its row (a function of the next state, averaged over one turn).
pub fn pull(counts: &Counts, p: &Probabilities, base: Option<&[f64]>, f: &[f64], out: &mut [f64]) {
    let (indptr, indices, data) = (counts.indptr(), counts.indices(), counts.data());
    let indptr = indptr.raw_storage();
    for (s, o) in out.iter_mut().enumerate() {
        let (from, to) = (indptr[s] as usize, indptr[s + 1] as usize);
        *o = indices[from..to]
            .iter()
            .zip(&data[from..to])
            .fold(base.map_or(0.0, |b| b[s]), |acc, (&t, &c)| {
                acc + p.of(c) * f[t as usize]
            });
    }
}

/// next = pi Q for a counts matrix.
pub fn push(counts: &Counts, p: &Probabilities, pi: &[f64], next: &mut [f64]) {
    next.iter_mut().for_each(|x| *x = 0.0);
    let (indptr, indices, data) = (counts.indptr(), counts.indices(), counts.data());
    let indptr = indptr.raw_storage();
    for (s, &mass) in pi.iter().enumerate() {
        if mass == 0.0 {
            continue;
        }
        let (from, to) = (indptr[s] as usize, indptr[s + 1] as usize);
        for (&t, &c) in indices[from..to].iter().zip(&data[from..to]) {
            next[t as usize] += p.of(c) * mass;
        }
    }
}

//! The length's probability generating function P(z) = E\[z^T\] = sum_n P(T = n) z^n, as a
//! ratio of two polynomials with exact integer coefficients, and the linear recurrence the
//! distribution obeys.
//!
//! With Q = C / D (integer counts C over the deck size D) and f the finishing counts,
//! P(T = n) = e_s^T Q^(n-1) f / D = w_(n-1) / D^n with the integers w_j = e_s^T C^j f. The
//! sequence w obeys the recurrence of its minimal polynomial, monic with integer coefficients
//! (a monic factor of C's characteristic polynomial, by Gauss's lemma), of order L <= n:
//! w_j + c_1 w_(j-1) + ... + c_L w_(j-L) = 0 for j >= L. Then W(x) = sum w_j x^j = R(x) / C(x)
//! with C(x) = 1 + c_1 x + ... + c_L x^L and R = W C mod x^L, and with x = z / D,
//!
//!   P(z) = x R(x) / C(x) = (sum_j r_j D^(L-1-j) z^(j+1)) / (sum_i c_i D^(L-i) z^i),
//!
//! in lowest terms (the minimal polynomial of a sequence is the reduced denominator of its
//! generating function). The c_i are found by Berlekamp-Massey modulo primes near 2^62 (the
//! true polynomial is the only one of its length for 2n terms, so each prime gives its
//! reduction), joined by the Chinese remainder theorem until the modulus exceeds twice the
//! bound |c_i| <= C(L, i) D^i (Q's eigenvalues are at most 1 in size), then checked exactly on
//! all 2n terms: a recurrence of order L <= n that holds on 2n terms holds forever.
//!
//! From P: E\[T\] = P'(1), Var\[T\] = P''(1) + P'(1) - P'(1)^2, and
//! P(T = n) = -(c_1 / D) P(T = n - 1) - ... - (c_L / D^L) P(T = n - L) for n > L.

use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use serde::{Deserialize, Serialize};

use crate::budget::{Budget, OverBudget};
use crate::chain::Matrix;
use crate::games::race::RaceGame;
use crate::solve::vocabulary::Exact;
use crate::solve::{check_finishes, SolveError};

/// The most states for which the generating function is computed (its coefficients have
/// about L log2(2D) bits each, L <= n).
pub const PGF_STATES: usize = 500;

/// Why the generating function could not be given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PgfError {
    /// The chain is larger than [`PGF_STATES`].
    #[error("the generating function is computed for chains of up to {PGF_STATES} states (its coefficients grow to thousands of digits); this one has {states}. The moments and the distribution (`candyland analyze`) work at any size")]
    TooLarge {
        /// The chain's states.
        states: usize,
    },
    /// The chain cannot be solved.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// Over the budget.
    #[error(transparent)]
    OverBudget(#[from] OverBudget),
}

/// The linear recurrence of the length's distribution.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Recurrence {
    /// L, its order.
    pub order: usize,
    /// P(T = n) = sum_i a_i P(T = n - i) for every n >= `from_turn` (= L + 1).
    pub from_turn: usize,
    /// a_1 .. a_L, exactly.
    pub coefficients: Vec<Exact>,
}

/// `analyze --pgf --json`: P(z) = E\[z^T\] = numerator(z) / denominator(z).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Pgf {
    /// The board's short name.
    pub board: String,
    /// Command-line changes to the board file ("" for none).
    pub variant: String,
    /// Transient states of the chain.
    pub states: usize,
    /// The numerator's integer coefficients, of z^0 first, as decimal strings.
    pub numerator: Vec<String>,
    /// The denominator's integer coefficients, of z^0 first (its constant term positive).
    pub denominator: Vec<String>,
    /// E\[T\] = P'(1), exactly.
    pub mean_exact: Exact,
    /// Var\[T\] = P''(1) + P'(1) - P'(1)^2, exactly.
    pub variance_exact: Exact,
    /// E\[T\] as a float.
    pub mean: f64,
    /// sd of T from the exact variance.
    pub sd: f64,
    /// The recurrence P(T = n) obeys.
    pub recurrence: Recurrence,
}

/// The generating function of the length of `game`'s chain, from its start.
pub fn pgf<G: RaceGame>(
    game: &G,
    chain: &Matrix<G::State>,
    about: &crate::solve::About,
    budget: &Budget,
) -> Result<Pgf, PgfError> {
    check_finishes(game, chain)?;
    let n = chain.len();
    if n > PGF_STATES {
        return Err(PgfError::TooLarge { states: n });
    }
    let d = u64::from(chain.denominator());
    let bits = 2.0 * n as f64 * (d as f64).log2().max(1.0);
    budget.time(
        &format!(
            "the generating function ({n} states: {} terms of numbers up to {bits:.0} bits)",
            2 * n
        ),
        2.0 * n as f64 * chain.counts().nnz() as f64 * (1.0 + bits / 64.0) / 2e7,
        "",
    )?;
    let w = sequence(chain, 2 * n.max(1));
    let c = minimal_polynomial(&w, n, d);
    let l = c.len() - 1;
    // R = W C mod x^L.
    let r: Vec<BigInt> = (0..l)
        .map(|j| (0..=j).map(|i| &c[i] * &w[j - i]).sum())
        .collect();
    let dd = BigInt::from(d);
    let mut num = vec![BigInt::zero()];
    num.extend((0..l).map(|j| &r[j] * dd.pow((l - 1 - j) as u32)));
    let mut den: Vec<BigInt> = (0..=l).map(|i| &c[i] * dd.pow((l - i) as u32)).collect();
    let g = num.iter().chain(&den).fold(BigInt::zero(), |g, x| g.gcd(x));
    if !g.is_zero() && !g.is_one() {
        num.iter_mut().for_each(|x| *x /= &g);
        den.iter_mut().for_each(|x| *x /= &g);
    }
    trim(&mut num);
    trim(&mut den);
    let (mean, variance) = moments(&num, &den);
    let recurrence = Recurrence {
        order: l,
        from_turn: l + 1,
        coefficients: (1..=l)
            .map(|i| Exact::from(&BigRational::new(-c[i].clone(), dd.pow(i as u32))))
            .collect(),
    };
    let variance_f = variance.to_f64().unwrap_or(f64::NAN);
    Ok(Pgf {
        board: about.board.clone(),
        variant: about.variant.clone(),
        states: n,
        numerator: num.iter().map(ToString::to_string).collect(),
        denominator: den.iter().map(ToString::to_string).collect(),
        mean: mean.to_f64().unwrap_or(f64::NAN),
        sd: variance_f.max(0.0).sqrt(),
        mean_exact: Exact::from(&mean),
        variance_exact: Exact::from(&variance),
        recurrence,
    })
}

/// Drops trailing zero coefficients (keeping one).
fn trim(p: &mut Vec<BigInt>) {
    while p.len() > 1 && p.last().is_some_and(Zero::is_zero) {
        p.pop();
    }
}

/// p evaluated at 1, and its first and second derivatives there.
fn at_one(p: &[BigInt]) -> [BigInt; 3] {
    let mut out = [BigInt::zero(), BigInt::zero(), BigInt::zero()];
    for (k, a) in p.iter().enumerate() {
        let k = BigInt::from(k);
        out[0] += a;
        out[1] += a * &k;
        out[2] += a * &k * (&k - 1);
    }
    out
}

/// E\[T\] = P'(1) and Var\[T\] = P''(1) + P'(1) - P'(1)^2 for P = num / den (P(1) = 1).
fn moments(num: &[BigInt], den: &[BigInt]) -> (BigRational, BigRational) {
    let [a, a1, a2] = at_one(num);
    let [b, b1, b2] = at_one(den);
    let q = |x: BigInt| BigRational::from_integer(x);
    let (a, a1, a2, b, b1, b2) = (q(a), q(a1), q(a2), q(b), q(b1), q(b2));
    // P' = (a' b - a b') / b^2; P'' = (a'' b - a b'') / b^2 - 2 b' P' / b.
    let p1 = (&a1 * &b - &a * &b1) / (&b * &b);
    let p2 =
        (&a2 * &b - &a * &b2) / (&b * &b) - BigRational::from_integer(2.into()) * &b1 * &p1 / &b;
    let variance = &p2 + &p1 - &p1 * &p1;
    (p1, variance)
}

/// w_j = e_s^T C^j f for j < `len`, exactly.
fn sequence<S>(chain: &Matrix<S>, len: usize) -> Vec<BigInt> {
    let n = chain.len();
    let f = chain.finish_counts();
    let mut a = vec![BigUint::zero(); n];
    a[chain.start()] = BigUint::one();
    let mut w = Vec::with_capacity(len);
    for _ in 0..len {
        let dot: BigUint = a
            .iter()
            .zip(f)
            .filter(|(x, &c)| c > 0 && !x.is_zero())
            .map(|(x, &c)| x * c)
            .sum();
        w.push(BigInt::from(dot));
        let mut next = vec![BigUint::zero(); n];
        for (s, row) in chain.counts().outer_iterator().enumerate() {
            if a[s].is_zero() {
                continue;
            }
            for (t, &c) in row.iter() {
                next[t] += &a[s] * c;
            }
        }
        a = next;
    }
    w
}

/// The minimal connection polynomial [1, c_1, ..., c_L] of `w` (2n terms, L <= n), with
/// integer coefficients, by Berlekamp-Massey modulo primes and the Chinese remainder theorem,
/// checked exactly on every term.
fn minimal_polynomial(w: &[BigInt], n: usize, d: u64) -> Vec<BigInt> {
    let mut primes = Primes::below(1 << 62);
    loop {
        // (L, moduli product, residues) for the primes giving the longest polynomial so far.
        let mut best_l = 0usize;
        let mut modulus = BigInt::one();
        let mut residues: Vec<BigInt> = Vec::new();
        loop {
            let p = primes.next_prime();
            let s: Vec<u64> = w
                .iter()
                .map(|x| x.mod_floor(&BigInt::from(p)).to_u64().unwrap_or(0))
                .collect();
            let c = berlekamp_massey(&s, p);
            let l = c.len() - 1;
            if l < best_l || l > n {
                continue;
            }
            if l > best_l || residues.is_empty() {
                best_l = l;
                modulus = BigInt::one();
                residues = vec![BigInt::zero(); l + 1];
            }
            crt(&mut residues, &mut modulus, &c, p);
            // |c_i| <= C(L, i) D^i <= 2^L D^L: the modulus must exceed twice that.
            let bound =
                BigInt::from(2u8).pow(best_l as u32 + 1) * BigInt::from(d).pow(best_l as u32);
            if modulus > bound {
                break;
            }
        }
        let half = &modulus >> 1;
        let c: Vec<BigInt> = residues
            .iter()
            .map(|r| if *r > half { r - &modulus } else { r.clone() })
            .collect();
        if holds(&c, w) {
            return c;
        }
        // A prime shorter than the truth was taken for the truth: go on with more primes.
    }
}

/// Whether w_j + c_1 w_(j-1) + ... + c_L w_(j-L) = 0 for every j >= L.
fn holds(c: &[BigInt], w: &[BigInt]) -> bool {
    let l = c.len() - 1;
    (l..w.len()).all(|j| (0..=l).map(|i| &c[i] * &w[j - i]).sum::<BigInt>().is_zero())
}

/// Adds the residues `c` modulo `p` to `residues` modulo `modulus`.
fn crt(residues: &mut [BigInt], modulus: &mut BigInt, c: &[u64], p: u64) {
    let pb = BigInt::from(p);
    let m_mod_p = modulus.mod_floor(&pb).to_u64().unwrap_or(0);
    let inv = pow_mod(m_mod_p, p - 2, p);
    for (r, &x) in residues.iter_mut().zip(c) {
        let r_mod_p = r.mod_floor(&pb).to_u64().unwrap_or(0);
        let t = mul_mod((x + p - r_mod_p) % p, inv, p);
        *r += &*modulus * BigInt::from(t);
    }
    *modulus *= pb;
}

/// Berlekamp-Massey modulo the prime `p`: the shortest [1, c_1, ..., c_L] with
/// s_j + c_1 s_(j-1) + ... + c_L s_(j-L) = 0 (mod p) for L <= j < len.
fn berlekamp_massey(s: &[u64], p: u64) -> Vec<u64> {
    let mut c = vec![1u64];
    let mut b = vec![1u64];
    let (mut l, mut m, mut bb) = (0usize, 1usize, 1u64);
    for i in 0..s.len() {
        let mut disc = s[i];
        for j in 1..=l.min(c.len() - 1) {
            disc = (disc + mul_mod(c[j], s[i - j], p)) % p;
        }
        if disc == 0 {
            m += 1;
            continue;
        }
        let coef = mul_mod(disc, pow_mod(bb, p - 2, p), p);
        let previous = c.clone();
        if c.len() < b.len() + m {
            c.resize(b.len() + m, 0);
        }
        for (j, &bj) in b.iter().enumerate() {
            c[j + m] = (c[j + m] + p - mul_mod(coef, bj, p)) % p;
        }
        if 2 * l <= i {
            l = i + 1 - l;
            b = previous;
            bb = disc;
            m = 1;
        } else {
            m += 1;
        }
    }
    c.resize(l + 1, 0);
    c
}

fn mul_mod(a: u64, b: u64, p: u64) -> u64 {
    ((u128::from(a) * u128::from(b)) % u128::from(p)) as u64
}

fn pow_mod(mut a: u64, mut e: u64, p: u64) -> u64 {
    let mut r = 1u64;
    a %= p;
    while e > 0 {
        if e & 1 == 1 {
            r = mul_mod(r, a, p);
        }
        a = mul_mod(a, a, p);
        e >>= 1;
    }
    r
}

/// Primes counting down from a start, by a deterministic Miller-Rabin test for 64-bit numbers.
struct Primes {
    next: u64,
}

impl Primes {
    fn below(start: u64) -> Primes {
        Primes { next: start - 1 }
    }

    fn next_prime(&mut self) -> u64 {
        loop {
            let candidate = self.next;
            self.next -= 1;
            if is_prime(candidate) {
                return candidate;
            }
        }
    }
}

/// Miller-Rabin with the first twelve primes as bases: exact for every 64-bit number.
fn is_prime(n: u64) -> bool {
    const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    if n < 2 {
        return false;
    }
    for &p in &BASES {
        if n.is_multiple_of(p) {
            return n == p;
        }
    }
    let (mut d, mut r) = (n - 1, 0);
    while d % 2 == 0 {
        d /= 2;
        r += 1;
    }
    'bases: for &a in &BASES {
        let mut x = pow_mod(a, d, n);
        if x == 1 || x == n - 1 {
            continue;
        }
        for _ in 1..r {
            x = mul_mod(x, x, n);
            if x == n - 1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

/// P(T = n) for n <= `turns` from the recurrence and the first terms, exactly: for checks.
pub fn pmf_from(pgf: &Pgf, turns: usize) -> Option<Vec<BigRational>> {
    let num: Vec<BigInt> = pgf
        .numerator
        .iter()
        .map(|s| s.parse().ok())
        .collect::<Option<_>>()?;
    let den: Vec<BigInt> = pgf
        .denominator
        .iter()
        .map(|s| s.parse().ok())
        .collect::<Option<_>>()?;
    // Power series division: den * P = num.
    let b0 = BigRational::from_integer(den[0].clone());
    let mut p: Vec<BigRational> = Vec::with_capacity(turns + 1);
    for k in 0..=turns {
        let mut v = BigRational::from_integer(num.get(k).cloned().unwrap_or_default());
        for i in 1..den.len().min(k + 1) {
            v -= BigRational::from_integer(den[i].clone()) * &p[k - i];
        }
        p.push(v / &b0);
    }
    debug_assert!(p.iter().all(|x| !x.is_negative()));
    Some(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn berlekamp_massey_finds_fibonacci() {
        // 1, 1, 2, 3, 5, 8: s_j - s_(j-1) - s_(j-2) = 0.
        let p = 1_000_000_007;
        let c = berlekamp_massey(&[1, 1, 2, 3, 5, 8, 13, 21], p);
        assert_eq!(c, vec![1, p - 1, p - 1]);
        assert!(is_prime(p) && !is_prime(p * 3) && is_prime((1 << 61) - 1));
    }
}

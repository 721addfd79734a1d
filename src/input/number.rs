//! How a number reads in text output, decided here once, so that one figure is spelled one way
//! wherever it is printed: a probability as a plain decimal with six significant digits
//! (`0.242375`, `0.000642647`), in e-notation only below 1e-4 where a decimal would be mostly
//! zeros (`3.41e-7`); a count with thousands separators (`20,000`). CSV and JSON keep every
//! digit instead, in plain decimal ([`plain`]).

/// Below this a probability reads better in e-notation than as a decimal of zeros.
const SMALLEST_DECIMAL: f64 = 1e-4;

/// Significant digits of a probability in text.
const DIGITS: i32 = 6;

/// A probability (or any figure between 0 and 1, such as a p-value) in text: `0`, `1`,
/// `0.242375`, `0.000642647`, `3.41e-7`.
pub fn probability(p: f64) -> String {
    if !p.is_finite() {
        return p.to_string();
    }
    if p == 0.0 || p == 1.0 {
        return format!("{p:.0}");
    }
    if p.abs() < SMALLEST_DECIMAL {
        return scientific(p);
    }
    // Enough decimals for six significant digits of p, and of 1 - p when p is near 1 (so that
    // 0.99999987 does not read as a certain 1).
    let significant = |x: f64| DIGITS - 1 - x.abs().log10().floor() as i32;
    let complement = if p < 1.0 { significant(1.0 - p) } else { 0 };
    let decimals = significant(p).max(complement).clamp(0, 17) as usize;
    trim(format!("{p:.decimals$}"))
}

/// Below this a p-value is not told apart from smaller ones: the tails it comes from (a
/// chi-square's, a normal's) are computed to about this accuracy.
const SMALLEST_P: f64 = 1e-12;

/// A test's p-value with its sign in words: `p = 0.466401`, or `p < 1e-12` for one too small
/// to tell apart from 0.
pub fn p_value(p: f64) -> String {
    if p < SMALLEST_P {
        "p < 1e-12".to_string()
    } else {
        format!("p = {}", probability(p))
    }
}

/// Any other figure (a coefficient, a ratio) in text: six significant digits as a plain decimal
/// from 1e-4 to a million in size, e-notation outside (`2.63636`, `-0.000343091`, `1.23e9`).
pub fn decimal(x: f64) -> String {
    if !x.is_finite() || x == 0.0 {
        return format!("{x}");
    }
    if !(SMALLEST_DECIMAL..1e6).contains(&x.abs()) {
        return scientific(x);
    }
    let decimals = (DIGITS - 1 - x.abs().log10().floor() as i32).clamp(0, 17) as usize;
    trim(format!("{x:.decimals$}"))
}

/// A count with thousands separators: `20,000`, `134`.
pub fn count(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A large figure that counts something (turn-steps, "one game in N") but is computed as a
/// float: grouped in thousands while every digit is meaningful (below 10^15), in e-notation
/// beyond (`3.38e25`), never the wrapped-around maximum of an integer.
pub fn approx_count(x: f64) -> String {
    if x.is_finite() && (0.0..1e15).contains(&x) {
        count(x.round() as u64)
    } else {
        decimal(x)
    }
}

/// A number for CSV: every digit of the shortest form that reads back as the same `f64`, in
/// plain decimal (`0.000000125`, never `1.25e-7`), so any spreadsheet or parser takes it.
pub fn plain(x: f64) -> String {
    // Rust's `Display` for f64 is the shortest round-trip form and never uses an exponent.
    x.to_string()
}

/// Three significant digits in e-notation, trailing zeros cut: `3.41e-7`, `1e-12`.
fn scientific(x: f64) -> String {
    let s = format!("{x:.2e}");
    match s.split_once('e') {
        Some((mantissa, exponent)) => format!("{}e{exponent}", trim(mantissa.to_string())),
        None => s,
    }
}

/// Trailing zeros of a decimal cut (`0.250000` reads `0.25`), but never the point's last digit.
fn trim(s: String) -> String {
    if !s.contains('.') {
        return s;
    }
    let t = s.trim_end_matches('0');
    t.strip_suffix('.').unwrap_or(t).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_large_float_count_is_grouped_or_in_e_notation_never_wrapped() {
        assert_eq!(approx_count(1556.4), "1,556");
        assert_eq!(approx_count(999_999_999_999_999.0), "999,999,999,999,999");
        assert_eq!(approx_count(1e15), "1e15");
        assert_eq!(approx_count(3.38e25), "3.38e25");
        assert_eq!(approx_count(f64::INFINITY), "inf");
        assert_eq!(p_value(0.4664011), "p = 0.466401");
        assert_eq!(p_value(0.0), "p < 1e-12");
    }

    #[test]
    fn probabilities_are_decimals_down_to_a_ten_thousandth() {
        assert_eq!(probability(0.2423747), "0.242375");
        assert_eq!(probability(0.0335561), "0.0335561");
        assert_eq!(probability(6.42647e-4), "0.000642647");
        assert_eq!(probability(1e-4), "0.0001");
        assert_eq!(probability(3.4123e-7), "3.41e-7");
        assert_eq!(probability(0.25), "0.25");
        assert_eq!(probability(0.0), "0");
        assert_eq!(probability(1.0), "1");
        assert_eq!(probability(0.99999987), "0.99999987");
        assert_eq!(probability(0.5), "0.5");
    }

    #[test]
    fn other_figures_are_decimals_in_a_middle_range() {
        assert_eq!(decimal(2.636364), "2.63636");
        assert_eq!(decimal(-3.430910e-4), "-0.000343091");
        assert_eq!(decimal(1.5e9), "1.5e9");
        assert_eq!(decimal(-2e-7), "-2e-7");
        assert_eq!(probability(1e-12), "1e-12");
        assert_eq!(decimal(0.0), "0");
    }

    #[test]
    fn counts_are_grouped_in_thousands() {
        assert_eq!(count(0), "0");
        assert_eq!(count(999), "999");
        assert_eq!(count(1000), "1,000");
        assert_eq!(count(20_000), "20,000");
        assert_eq!(count(1_234_567), "1,234,567");
    }

    #[test]
    fn csv_numbers_are_plain_decimals_that_read_back() {
        for x in [1.25e-7, 0.1, 1.0, 0.0, 6.426470e-4, 1e-300] {
            let s = plain(x);
            assert!(!s.contains('e'), "{s}");
            assert_eq!(s.parse::<f64>().unwrap(), x);
        }
    }
}

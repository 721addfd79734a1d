//! CSV that is safe to open: fields quoted by RFC 4180 (the `csv` crate's writer: a field
//! holding a comma, a quote or a line break is put in double quotes, its quotes doubled), and
//! text guarded against formula injection.
//!
//! A spreadsheet opening a CSV file runs a cell that starts with `=`, `+`, `-` or `@` as a
//! formula (and some strip a leading tab or carriage return first), so a space named
//! `=HYPERLINK(...)` could run when the file is opened. Every cell that starts with one of
//! those characters and is not a number gets a leading apostrophe, `'`, as OWASP's "CSV
//! Injection" advice has it: spreadsheets show the text as it was, and a program reading the
//! file sees the apostrophe and can strip it. Numbers (`-0.25`, `-1e-3`) are left as they are.

use std::borrow::Cow;

/// `cell` as written to a CSV file: unchanged, or with a leading `'` if a spreadsheet could
/// take it for a formula.
pub fn guard(cell: &str) -> Cow<'_, str> {
    let risky = cell.starts_with(['=', '+', '-', '@', '\t', '\r']);
    if risky && cell.parse::<f64>().is_err() {
        Cow::Owned(format!("'{cell}"))
    } else {
        Cow::Borrowed(cell)
    }
}

/// Writes one record, each field guarded ([`guard`]) and quoted as RFC 4180 needs.
pub fn record<W, I, S>(w: &mut csv::Writer<W>, fields: I) -> csv::Result<()>
where
    W: std::io::Write,
    I: IntoIterator<Item = S>,
    S: AsRef<str>,
{
    let fields: Vec<String> = fields
        .into_iter()
        .map(|f| guard(f.as_ref()).into_owned())
        .collect();
    w.write_record(&fields)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_defused_and_numbers_kept() {
        assert_eq!(guard("=1+1"), "'=1+1");
        assert_eq!(guard("+cmd"), "'+cmd");
        assert_eq!(guard("-x"), "'-x");
        assert_eq!(guard("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(guard("\tx"), "'\tx");
        assert_eq!(guard("-0.25"), "-0.25");
        assert_eq!(guard("-1e-3"), "-1e-3");
        assert_eq!(guard("plain, \"quoted\""), "plain, \"quoted\"");
        let mut w = csv::Writer::from_writer(Vec::new());
        record(&mut w, ["a,b", "say \"hi\"", "=2"]).unwrap();
        let text = String::from_utf8(w.into_inner().unwrap()).unwrap();
        assert_eq!(text, "\"a,b\",\"say \"\"hi\"\"\",'=2\n");
    }
}

//! How the architecture test reads Rust source as text: comments and string literals blanked
//! out, and the paths a `use` line or an inline `crate::...` path names, made absolute.

use super::architecture::Source;

/// The code with `//` comments, `/* */` comments and string literals blanked out, so a path in
/// a doc comment or a message is not read as an import. Line structure is kept.
pub(super) fn strip_comments(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                i += 1;
            }
            i += 2;
        } else if c == '"' {
            // A plain or escaped string; raw strings (r"..", r#".."#) are handled below.
            out.push(' ');
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && is_raw_start(&chars, i) {
            let mut hashes = 0;
            let mut k = i + 1;
            while chars.get(k) == Some(&'#') {
                hashes += 1;
                k += 1;
            }
            k += 1;
            'raw: while k < chars.len() {
                if chars[k] == '"' && (0..hashes).all(|h| chars.get(k + 1 + h) == Some(&'#')) {
                    k += 1 + hashes;
                    break 'raw;
                }
                k += 1;
            }
            out.push(' ');
            i = k;
        } else if c == '\'' && next.is_some() && chars.get(i + 2) == Some(&'\'') {
            // A char literal such as '"' or '{'.
            out.push(' ');
            i += 3;
        } else if c == '\'' && next == Some('\\') {
            let mut k = i + 2;
            while k < chars.len() && chars[k] != '\'' {
                k += 1;
            }
            out.push(' ');
            i = k + 1;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// Whether an `r` at `i` starts a raw string (not the end of an identifier like `for"`).
fn is_raw_start(chars: &[char], i: usize) -> bool {
    let before_ok = i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
    let mut k = i + 1;
    while chars.get(k) == Some(&'#') {
        k += 1;
    }
    before_ok && chars.get(k) == Some(&'"')
}

/// Every path the file names from the crate, each as a full module path from the crate root.
pub(super) fn paths(s: &Source) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let chars: Vec<char> = s.code.chars().collect();
    // Inline modules (`mod tests { .. }`) change what `super` and `self` mean inside them.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '{' {
            depth += 1;
        } else if c == '}' {
            depth = depth.saturating_sub(1);
            while inline.last().is_some_and(|(_, d)| *d > depth) {
                inline.pop();
            }
        }
        if !starts_word(&chars, i) {
            i += 1;
            continue;
        }
        let word = word_at(&chars, i);
        let here: Vec<String> = s
            .module
            .iter()
            .cloned()
            .chain(inline.iter().map(|(m, _)| m.clone()))
            .collect();
        match word.as_str() {
            "mod" => {
                let mut k = skip_space(&chars, i + 3);
                let name = word_at(&chars, k);
                k = skip_space(&chars, k + name.len());
                if !name.is_empty() && chars.get(k) == Some(&'{') {
                    inline.push((name, depth + 1));
                }
                i += 3;
            }
            "use" => {
                let end = (i..chars.len())
                    .find(|&k| chars[k] == ';')
                    .unwrap_or(chars.len());
                let tree: String = chars[i + 3..end].iter().collect();
                for p in use_tree(&tree) {
                    if let Some(abs) = absolute(&p, &here) {
                        found.push(abs);
                    }
                }
                i = end;
            }
            "crate" | "super" | "self" => {
                let (path, len) = inline_path(&chars, i);
                if path.len() > 1 {
                    if let Some(abs) = absolute(&path, &here) {
                        found.push(abs);
                    }
                }
                i += len.max(1);
            }
            _ => i += word.len().max(1),
        }
    }
    found
}

fn starts_word(chars: &[char], i: usize) -> bool {
    let c = chars[i];
    (c.is_alphabetic() || c == '_')
        && (i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_'))
}

fn word_at(chars: &[char], i: usize) -> String {
    chars[i..]
        .iter()
        .take_while(|c| c.is_alphanumeric() || **c == '_')
        .collect()
}

fn skip_space(chars: &[char], mut i: usize) -> usize {
    while chars.get(i).is_some_and(|c| c.is_whitespace()) {
        i += 1;
    }
    i
}

/// A path written in code (`crate::solve::Analysis::of`) and its length in characters.
fn inline_path(chars: &[char], start: usize) -> (Vec<String>, usize) {
    let mut segments = Vec::new();
    let mut i = start;
    loop {
        let w = word_at(chars, i);
        if w.is_empty() {
            break;
        }
        segments.push(w.clone());
        i += w.len();
        if chars.get(i) == Some(&':') && chars.get(i + 1) == Some(&':') {
            i += 2;
        } else {
            break;
        }
    }
    (segments, i - start)
}

/// The leaves of a use tree (`crate::{a::{b, c as d}, e}`) as paths.
fn use_tree(text: &str) -> Vec<Vec<String>> {
    let cleaned: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut out = Vec::new();
    expand(&cleaned, Vec::new(), &mut out);
    out
}

fn expand(text: &str, prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
    let text = text.trim();
    if let Some(open) = text.find('{') {
        let head = &text[..open];
        let close = text.rfind('}').unwrap_or(text.len());
        let mut base = prefix.clone();
        base.extend(segments(head));
        for part in split_top(&text[open + 1..close]) {
            expand(part, base.clone(), out);
        }
    } else {
        let text = text.split(" as ").next().unwrap_or(text);
        let mut path = prefix;
        path.extend(segments(text));
        if !path.is_empty() {
            out.push(path);
        }
    }
}

pub(super) fn segments(text: &str) -> Vec<String> {
    text.split("::")
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect()
}

/// Splits on the commas at the top level of a brace group.
pub(super) fn split_top(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut from) = (0, 0);
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&text[from..i]);
                from = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[from..]);
    parts.into_iter().filter(|p| !p.trim().is_empty()).collect()
}

/// A path made absolute from the crate root, or `None` for a path into another crate.
pub(super) fn absolute(path: &[String], here: &[String]) -> Option<Vec<String>> {
    let mut base: Vec<String>;
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            base = Vec::new();
            rest = &rest[1..];
        }
        Some("self") => {
            base = here.to_vec();
            rest = &rest[1..];
        }
        Some("super") => {
            base = here.to_vec();
            while rest.first().map(String::as_str) == Some("super") {
                base.pop()?;
                rest = &rest[1..];
            }
        }
        _ => return None,
    }
    base.extend(rest.iter().filter(|s| *s != "self").cloned());
    Some(base)
}

//! Text that is safe to print on a terminal.
//!
//! Board names, descriptions, space names, file names and CSV headers come from files other
//! people wrote. A terminal obeys escape sequences in what it prints (they can move the cursor,
//! rewrite earlier lines, set the window title), so every control character the tool prints is
//! made visible as `\uXXXX` instead, except the line feed and tab that the tool's own layout
//! uses. That is also JSON's escape: inside a JSON string it decodes back to the character, so
//! JSON output stays valid and exact. Bidirectional controls, which can make text read differently from what it
//! is, and the line and paragraph separators U+2028 and U+2029 are escaped too. Validation keeps line feeds out of names, so a name cannot fake a line.

use std::borrow::Cow;

use crate::input::text::is_unsafe;

/// `text` with every unsafe character written as `\uXXXX`.
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_unsafe) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if is_unsafe(c) {
            out.push_str(&format!("\\u{:04x}", c as u32));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// `text` on one line: line feeds and tabs escaped too (for a name inside a sentence).
pub fn one_line(text: &str) -> String {
    escape(text).replace('\n', "\\n").replace('\t', "\\t")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_codes_become_visible() {
        assert_eq!(escape("plain\ttext\n"), "plain\ttext\n");
        assert_eq!(escape("a\u{1b}[2Jb"), "a\\u001b[2Jb");
        assert_eq!(escape("x\ry\u{7}\u{9b}"), "x\\u000dy\\u0007\\u009b");
        assert_eq!(escape("\u{202e}txt"), "\\u202etxt");
        // Inside a JSON string the escape decodes back to the character.
        let json = escape("\"\u{202e}\"").into_owned();
        assert_eq!(serde_json::from_str::<String>(&json).unwrap(), "\u{202e}");
        assert_eq!(one_line("a\nb"), "a\\nb");
    }
}

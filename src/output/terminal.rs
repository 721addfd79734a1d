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

/// A writer that escapes what it is given as [`escape`] does, for output written in pieces:
/// the bytes of a character split between two writes are held until its last one comes.
#[derive(Debug)]
pub struct Escaping<W: std::io::Write> {
    inner: W,
    /// The first bytes of a character whose last is still to come.
    pending: Vec<u8>,
}

impl<W: std::io::Write> Escaping<W> {
    /// Escapes what is written, then writes it to `inner`.
    pub fn new(inner: W) -> Escaping<W> {
        Escaping {
            inner,
            pending: Vec::new(),
        }
    }
}

impl<W: std::io::Write> std::io::Write for Escaping<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(buf);
        let mut rest: &[u8] = &self.pending;
        loop {
            match std::str::from_utf8(rest) {
                Ok(text) => {
                    self.inner.write_all(escape(text).as_bytes())?;
                    rest = &[];
                    break;
                }
                Err(e) => {
                    let (valid, after) = rest.split_at(e.valid_up_to());
                    let text = std::str::from_utf8(valid).unwrap_or_default();
                    self.inner.write_all(escape(text).as_bytes())?;
                    match e.error_len() {
                        // Bytes that are no character at all go on as they are.
                        Some(bad) => {
                            self.inner.write_all(&after[..bad])?;
                            rest = &after[bad..];
                        }
                        // A character cut short: its first bytes wait for the rest.
                        None => {
                            rest = after;
                            break;
                        }
                    }
                }
            }
        }
        let kept = rest.len();
        let start = self.pending.len() - kept;
        self.pending.drain(..start);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        // A character still cut short at the end is written as it is.
        self.inner.write_all(&self.pending)?;
        self.pending.clear();
        self.inner.flush()
    }
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

    #[test]
    fn text_escaped_in_pieces_is_text_escaped_whole() {
        use std::io::Write;
        let text = "a\u{1b}[2J é \u{202e}x \u{9b}\n".repeat(3);
        let bytes = text.as_bytes();
        for cut in 1..bytes.len() {
            let mut w = Escaping::new(Vec::new());
            for piece in bytes.chunks(cut) {
                w.write_all(piece).unwrap();
            }
            w.flush().unwrap();
            assert_eq!(
                String::from_utf8(w.inner).unwrap(),
                escape(&text),
                "cut {cut}"
            );
        }
    }
}

//! `report.md`: the report's [`Block`]s as Markdown, each chart as an image link to its file.
//!
//! Every piece of text is escaped here, as `html` does for the page: board names,
//! descriptions and space names are someone else's text, and a `<script>`, a `|` or a `*` in
//! one must show as itself, not become HTML, split a table cell or start emphasis. Plain text
//! has each character that can start Markdown (CommonMark's and GitHub's tables and
//! strikethrough) escaped with a backslash, and a block's first character too when it could
//! start a heading or a list; code goes in a backtick fence longer than any run of backticks
//! inside it. A line break (which validation keeps out of board text; a message may hold one)
//! becomes a space, so a table row stays one line.

use std::fmt::Write as _;

use super::document::{Block, Line, Span};
use super::sections::Section;
use crate::output::charts::Format;

/// Where text goes: a table cell needs `|` escaped even inside code.
#[derive(Clone, Copy, PartialEq)]
enum Place {
    Block,
    Cell,
}

/// Plain text, made inert.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '~' | '&' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' | '\u{2028}' | '\u{2029}' => out.push(' '),
            _ => out.push(c),
        }
    }
    out
}

/// `text` escaped, when it begins a block: a leading `#`, `-`, `+` or `=` (a heading, a list,
/// a heading underline) or `N.` / `N)` (a numbered list) is escaped too.
fn escape_block_start(text: &str) -> String {
    let body = escape(text);
    let lead = body.len() - body.trim_start().len();
    let (space, rest) = body.split_at(lead);
    let digits = rest.chars().take_while(char::is_ascii_digit).count();
    let marker = rest[digits..].chars().next();
    match marker {
        Some('#' | '-' | '+' | '=') if digits == 0 => format!("{space}\\{rest}"),
        Some('.' | ')') if digits > 0 => {
            format!("{space}{}\\{}", &rest[..digits], &rest[digits..])
        }
        _ => body,
    }
}

/// Code in a fence of backticks one longer than its longest run of them (CommonMark), padded
/// with a space where it starts or ends with a backtick.
fn code(c: &str, place: Place) -> String {
    let mut c: String = c
        .chars()
        .map(|ch| match ch {
            '\n' | '\r' | '\u{2028}' | '\u{2029}' => ' ',
            ch => ch,
        })
        .collect();
    if place == Place::Cell {
        // GitHub splits a table row at every unescaped `|`, code or not.
        c = c.replace('|', "\\|");
    }
    let mut longest = 0;
    let mut run = 0;
    for ch in c.chars() {
        run = if ch == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat(longest + 1);
    let pad = if c.starts_with('`') || c.ends_with('`') {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{c}{pad}{fence}")
}

/// A line as Markdown: code fenced, text escaped.
fn line(l: &Line, place: Place) -> String {
    let mut out = String::new();
    for (i, span) in l.iter().enumerate() {
        match span {
            Span::Text(t) | Span::Number(t) if i == 0 && place == Place::Block => {
                out.push_str(&escape_block_start(t));
            }
            Span::Text(t) | Span::Number(t) => out.push_str(&escape(t)),
            Span::Code(c) => out.push_str(&code(c, place)),
        }
    }
    out
}

/// `report.md`: every block followed by a blank line.
pub(super) fn markdown(blocks: &[Block], sections: &[Section], format: Format) -> String {
    let mut m = String::new();
    for block in blocks {
        match block {
            Block::Heading(level, h) => {
                let _ = writeln!(m, "{} {}", "#".repeat(*level), escape(h));
            }
            Block::Paragraph(p) => {
                let _ = writeln!(m, "{}", line(p, Place::Block));
            }
            Block::List(items) => {
                for item in items {
                    let _ = writeln!(m, "- {}", line(item, Place::Block));
                }
            }
            Block::Table(head, rows) => {
                let head: Vec<String> = head.iter().map(|h| escape(h)).collect();
                let _ = writeln!(m, "| {} |", head.join(" | "));
                let _ = writeln!(m, "|{}", "---|".repeat(head.len()));
                for row in rows {
                    m.push('|');
                    for cell in row {
                        match line(cell, Place::Cell).as_str() {
                            "" => m.push_str(" |"),
                            c => {
                                let _ = write!(m, " {c} |");
                            }
                        }
                    }
                    m.push('\n');
                }
            }
            Block::Chart(i) => {
                let Some(x) = sections.get(*i) else { continue };
                let file = format!("{}.{}", x.stem, format.extension());
                let _ = writeln!(
                    m,
                    "### {h}\n\n![{h}]({file})\n\n{}",
                    escape_block_start(&x.text),
                    h = escape(&x.heading)
                );
            }
        }
        m.push('\n');
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_cannot_become_markdown_or_html() {
        assert_eq!(
            escape("<script>a|b</script>"),
            "\\<script\\>a\\|b\\</script\\>"
        );
        assert_eq!(
            escape("*x* _y_ [l](u) `c` ~~s~~ &lt;"),
            "\\*x\\* \\_y\\_ \\[l\\](u) \\`c\\` \\~\\~s\\~\\~ \\&lt;"
        );
        assert_eq!(escape("a\nb"), "a b");
        assert_eq!(escape_block_start("# not a heading"), "\\# not a heading");
        assert_eq!(escape_block_start("12. not a list"), "12\\. not a list");
        assert_eq!(escape_block_start("- not a list"), "\\- not a list");
        assert_eq!(escape_block_start("C# write-up"), "C# write-up");
    }

    #[test]
    fn code_is_fenced_past_its_own_backticks() {
        assert_eq!(code("a`b", Place::Block), "``a`b``");
        assert_eq!(code("`x`", Place::Block), "`` `x` ``");
        assert_eq!(code("a|b", Place::Cell), "`a\\|b`");
        assert_eq!(code("a|b", Place::Block), "`a|b`");
    }
}

//! Markdown documents (the board file format, the JSON vocabulary) laid out for a terminal, as
//! `candyland help format` and `candyland help json` print them: parsed by pulldown-cmark, then
//! headings underlined, prose wrapped to the layout's width, lists and table rows with hanging
//! indents, links as their text (a web address in brackets after it), code blocks as written.
//! A part of the document between `<!-- not in help -->` and `<!-- end not in help -->` is for
//! the people who develop the tool and is left out.

use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};

use crate::output::Layout;

/// Marks the start of a part left out of the help.
const SKIP_FROM: &str = "<!-- not in help -->";
/// Marks its end.
const SKIP_TO: &str = "<!-- end not in help -->";
/// Inline code up to this many characters is never broken across lines.
const SHORT_CODE: usize = 40;

/// `markdown` as text for a terminal `layout.width()` columns wide.
pub fn render(markdown: &str, layout: Layout) -> String {
    let source = without_developer_parts(markdown);
    let mut out = Writer {
        layout,
        text: String::new(),
        inline: String::new(),
        lists: Vec::new(),
        table: None,
        link: None,
        code_block: None,
    };
    for event in Parser::new_ext(&source, Options::ENABLE_TABLES) {
        out.event(event);
    }
    out.flush_paragraph();
    let text = out.text.trim_end().to_string();
    text + "\n"
}

/// `markdown` without the parts between [`SKIP_FROM`] and [`SKIP_TO`].
fn without_developer_parts(markdown: &str) -> String {
    let mut out = String::with_capacity(markdown.len());
    let mut rest = markdown;
    while let Some(start) = rest.find(SKIP_FROM) {
        out.push_str(&rest[..start]);
        rest = match rest[start..].find(SKIP_TO) {
            Some(end) => &rest[start + end + SKIP_TO.len()..],
            None => "",
        };
    }
    out.push_str(rest);
    out
}

/// A table being read: its header and rows of cells.
#[derive(Default)]
struct Table {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
    row: Vec<String>,
}

struct Writer {
    layout: Layout,
    text: String,
    /// The text of the paragraph, list item or table cell being read.
    inline: String,
    /// For each open list, the number of its next item (`None`: a bulleted list).
    lists: Vec<Option<u64>>,
    table: Option<Table>,
    /// The address of the link being read.
    link: Option<String>,
    /// The lines of the code block being read.
    code_block: Option<String>,
}

impl Writer {
    fn event(&mut self, event: Event<'_>) {
        if let Some(code) = &mut self.code_block {
            match event {
                Event::Text(t) => code.push_str(&t),
                Event::End(TagEnd::CodeBlock) => {
                    let code = self.code_block.take().unwrap_or_default();
                    self.code(&code);
                }
                _ => {}
            }
            return;
        }
        match event {
            Event::Start(Tag::Heading { .. }) | Event::Start(Tag::Paragraph) => {
                self.flush_paragraph()
            }
            Event::End(TagEnd::Heading(level)) => {
                let title = std::mem::take(&mut self.inline);
                self.block_gap();
                self.text.push_str(&self.layout.para("", &title));
                let rule = match level {
                    HeadingLevel::H1 => Some('='),
                    HeadingLevel::H2 => Some('-'),
                    _ => None,
                };
                if let Some(rule) = rule {
                    let width = title.chars().count().min(self.layout.width());
                    self.text.push_str(&rule.to_string().repeat(width));
                    self.text.push('\n');
                }
            }
            Event::End(TagEnd::Paragraph) => self.flush_paragraph(),
            Event::Start(Tag::List(first)) => {
                self.flush_paragraph();
                if self.lists.is_empty() {
                    self.block_gap();
                }
                self.lists.push(first);
            }
            Event::End(TagEnd::List(_)) => {
                self.flush_paragraph();
                self.lists.pop();
            }
            Event::Start(Tag::Item) => self.flush_paragraph(),
            Event::End(TagEnd::Item) => self.flush_paragraph(),
            Event::Start(Tag::CodeBlock(_)) => {
                self.flush_paragraph();
                self.code_block = Some(String::new());
            }
            Event::Start(Tag::Table(_)) => {
                self.flush_paragraph();
                self.table = Some(Table::default());
            }
            Event::End(TagEnd::TableCell) => {
                let cell = std::mem::take(&mut self.inline).trim().to_string();
                if let Some(t) = &mut self.table {
                    t.row.push(cell);
                }
            }
            Event::End(TagEnd::TableHead) => {
                if let Some(t) = &mut self.table {
                    t.header = std::mem::take(&mut t.row);
                }
            }
            Event::End(TagEnd::TableRow) => {
                if let Some(t) = &mut self.table {
                    let row = std::mem::take(&mut t.row);
                    t.rows.push(row);
                }
            }
            Event::End(TagEnd::Table) => {
                if let Some(t) = self.table.take() {
                    self.table_text(&t);
                }
            }
            Event::Start(Tag::Link { dest_url, .. }) => {
                self.link = Some(dest_url.to_string());
            }
            Event::End(TagEnd::Link) => {
                // A link inside the document is its text; a web address follows its text.
                if let Some(url) = self.link.take() {
                    let shown = self.inline.ends_with(url.as_str());
                    if !url.starts_with('#') && !shown {
                        self.inline.push_str(&format!(" ({url})"));
                    }
                }
            }
            Event::Text(t) => self.inline.push_str(&t),
            Event::Code(c) => {
                // A short piece of code stays on one line (`N - 1` broken after `N` would
                // start the next line with what looks like a list's bullet).
                let code = if c.chars().count() <= SHORT_CODE {
                    c.replace(' ', "\u{a0}")
                } else {
                    c.to_string()
                };
                self.inline.push('`');
                self.inline.push_str(&code);
                self.inline.push('`');
            }
            Event::SoftBreak => self.inline.push(' '),
            Event::HardBreak => self.inline.push('\n'),
            Event::Rule => {
                self.flush_paragraph();
                self.block_gap();
                self.text
                    .push_str(&format!("{}\n", "-".repeat(self.layout.width().min(20))));
            }
            _ => {}
        }
    }

    /// A blank line before a block, unless the text is empty or already ends with one.
    fn block_gap(&mut self) {
        if !self.text.is_empty() && !self.text.ends_with("\n\n") {
            self.text.push('\n');
        }
    }

    /// Writes the text read so far: a paragraph, or a list item's text under its bullet.
    fn flush_paragraph(&mut self) {
        let inline = std::mem::take(&mut self.inline);
        let inline = inline.trim();
        if inline.is_empty() {
            return;
        }
        let depth = self.lists.len();
        if depth == 0 {
            self.block_gap();
            self.text.push_str(&self.layout.para("", inline));
            return;
        }
        let indent = "  ".repeat(depth - 1);
        let bullet = match self.lists.last_mut() {
            Some(Some(n)) => {
                let b = format!("{n}. ");
                *n += 1;
                b
            }
            _ => "- ".to_string(),
        };
        let first = format!("{indent}{bullet}");
        let rest = " ".repeat(first.chars().count());
        self.text.push_str(&self.layout.hang(&first, &rest, inline));
    }

    /// A table as a list: each row's first cell, then the other cells labelled by their
    /// column's header (a two-column table: the first cell, a colon, the second).
    fn table_text(&mut self, t: &Table) {
        self.block_gap();
        for row in &t.rows {
            let first = row.first().map_or("", String::as_str);
            if row.len() == 2 {
                self.text.push_str(
                    &self
                        .layout
                        .hang("- ", "  ", &format!("{first}: {}", row[1])),
                );
                continue;
            }
            self.text.push_str(&self.layout.hang("- ", "  ", first));
            for (i, cell) in row.iter().enumerate().skip(1) {
                let header = t.header.get(i).map_or("", String::as_str);
                let label = format!("    {header}: ");
                let rest = "      ";
                self.text.push_str(&self.layout.hang(&label, rest, cell));
            }
        }
    }

    /// A code block, each line indented by two columns and never wrapped; a line too wide
    /// whose end is a `#` comment (TOML) has the comment on a line of its own above it.
    fn code(&mut self, code: &str) {
        self.block_gap();
        let width = self.layout.width();
        for line in code.lines() {
            let line = line.trim_end();
            if line.chars().count() + 2 > width {
                if let Some(at) = comment_start(line) {
                    let (body, comment) = line.split_at(at);
                    let body = body.trim_end();
                    let lead: String = body.chars().take_while(|c| *c == ' ').collect();
                    let first = format!("  {lead}");
                    let rest = format!("  {lead}# ");
                    let comment = comment.trim_start_matches('#').trim();
                    self.text
                        .push_str(&self.layout.hang(&format!("{first}# "), &rest, comment));
                    self.text.push_str(&format!("  {body}\n"));
                    continue;
                }
            }
            let line = format!("  {line}");
            self.text.push_str(line.trim_end());
            self.text.push('\n');
        }
    }
}

/// Where a TOML line's comment starts: a `#` outside quotes after some code.
fn comment_start(line: &str) -> Option<usize> {
    let mut quoted = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '#' if !quoted && !line[..i].trim().is_empty() => return Some(i),
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_becomes_wrapped_text() {
        let md = "# Title\n\nSee [the races](#races) and [Rusin](https://example.org/r).\n\n\
                  - one `--flag` **bold**\n- two\n\n| a | b |\n|---|---|\n| x | y |\n\n\
                  ```toml\nname = \"x\"                # a comment that is long enough to be moved above the line it explains\n```\n\
                  <!-- not in help -->\nsecret\n<!-- end not in help -->\nafter\n";
        let s = render(md, Layout::new(60));
        assert!(s.starts_with("Title\n=====\n"), "{s}");
        assert!(
            s.contains("See the races and Rusin (https://example.org/r)."),
            "{s}"
        );
        assert!(s.contains("- one `--flag` bold\n- two\n"), "{s}");
        assert!(s.contains("- x: y\n"), "{s}");
        assert!(
            s.contains("  # a comment") && s.contains("  name = \"x\"\n"),
            "{s}"
        );
        assert!(!s.contains("secret") && s.contains("after"), "{s}");
        assert!(s.lines().all(|l| l.chars().count() <= 60), "{s}");
    }
}

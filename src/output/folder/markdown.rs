//! `report.md`: the report's [`Block`]s as Markdown, each chart as an image link to its file.

use std::fmt::Write as _;

use super::document::{Block, Line, Span};
use super::sections::Section;
use crate::charts::Format;

/// A line as Markdown: code in backticks, text as it is.
fn line(l: &Line) -> String {
    l.iter()
        .map(|span| match span {
            Span::Text(t) => t.clone(),
            Span::Code(c) => format!("`{c}`"),
        })
        .collect()
}

/// `report.md`: every block followed by a blank line.
pub(super) fn markdown(blocks: &[Block], sections: &[Section], format: Format) -> String {
    let mut m = String::new();
    for block in blocks {
        match block {
            Block::Heading(level, h) => {
                let _ = writeln!(m, "{} {h}", "#".repeat(*level));
            }
            Block::Paragraph(p) => {
                let _ = writeln!(m, "{}", line(p));
            }
            Block::List(items) => {
                for item in items {
                    let _ = writeln!(m, "- {}", line(item));
                }
            }
            Block::Table(head, rows) => {
                let _ = writeln!(m, "| {} |", head.join(" | "));
                let _ = writeln!(m, "|{}", "---|".repeat(head.len()));
                for row in rows {
                    m.push('|');
                    for cell in row {
                        match line(cell).as_str() {
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
                let _ = writeln!(m, "### {h}\n\n![{h}]({file})\n\n{}", x.text, h = x.heading);
            }
        }
        m.push('\n');
    }
    m
}

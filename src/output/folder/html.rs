//! `report.html`: the report's [`Block`]s as one self-contained HTML page, the same tables and
//! paragraphs as `report.md`, with every chart inline as SVG and the style inline: nothing is
//! loaded from anywhere, so the file can be mailed or opened offline on its own.
//!
//! Every piece of text is escaped here (board names, descriptions and space names are someone
//! else's text); the SVG comes from plotters, which escapes the text it draws. The page reads
//! on a phone: a viewport meta tag, a column at most 60em wide, tables that scroll sideways as
//! a whole when they are wider than the screen (numbers never break across lines), and charts
//! drawn for the page ([`super::sections::Page`]): each caption and legend is text of the page,
//! and the drawing, shown at most [`PAGE_CHART_WIDTH`] pixels wide and shrinking with the
//! screen, has text sized so that it is still 11 CSS pixels or more on a phone 412 pixels
//! wide.

use std::fmt::Write as _;

use html_escape::{encode_double_quoted_attribute, encode_text};

use super::document::{Block, Line, Span};
use super::sections::{Section, PAGE_CHART_WIDTH};
use crate::output::charts::{Legend, Shape};

/// The page's style sheet. A figure ([`Span::Number`], "0.5123 / 0.4877") keeps to one line;
/// a table wider than the screen scrolls sideways in its box. A figure is at most as wide as its drawing ([`PAGE_CHART_WIDTH`]).
fn style() -> String {
    format!(
        "\
body{{margin:0;color:#222;background:#fff;\
font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif}}\
main{{max-width:60em;margin:0 auto;padding:0 1em 2em}}\
h1{{font-size:1.6em;margin:.8em 0 .4em}}h2{{font-size:1.3em;margin-top:1.6em}}h3{{font-size:1.1em}}\
h1,p,li{{overflow-wrap:break-word}}\
.table{{overflow-x:auto;-webkit-overflow-scrolling:touch;margin:.5em 0 1em}}\
table{{border-collapse:collapse;font-variant-numeric:tabular-nums}}\
th,td{{border:1px solid #ccc;padding:.25em .6em;text-align:left;vertical-align:top}}\
.n{{white-space:nowrap}}\
th{{background:#f3f3f3}}tr:nth-child(even) td{{background:#fafafa}}\
code{{font-size:.9em;background:#f3f3f3;padding:0 .2em;overflow-wrap:anywhere}}\
figure{{margin:.5em 0;max-width:{PAGE_CHART_WIDTH}px}}\
figcaption{{font-weight:600;margin:.2em 0 .4em}}\
figure svg{{display:block;width:100%;height:auto}}\
.legend{{list-style:none;padding:0;margin:.4em 0 0;font-size:.9em}}\
.legend li{{display:inline-block;margin:0 1.2em .2em 0}}\
.mark{{display:inline-block;width:1.4em;margin-right:.4em;vertical-align:middle;\
text-align:center;line-height:1}}\
.box{{height:.8em}}.line{{border-top:3px solid}}.dashed{{border-top:3px dashed}}"
    )
}

/// A line as HTML: text escaped, code in `<code>`.
fn line(l: &Line) -> String {
    l.iter()
        .map(|span| match span {
            Span::Text(t) => encode_text(t).into_owned(),
            Span::Code(c) => format!("<code>{}</code>", encode_text(c)),
            Span::Number(n) => format!("<span class=\"n\">{}</span>", encode_text(n)),
        })
        .collect()
}

/// A legend as a list: each mark drawn in CSS in its colour (hidden from screen readers: the
/// label says what it is), a panel's name first.
fn legend(h: &mut String, legend: &Legend) {
    h.push_str("<ul class=\"legend\">");
    if let Some(title) = &legend.title {
        let _ = write!(h, "<li><strong>{}</strong></li>", encode_text(title));
    }
    for key in &legend.keys {
        let (r, g, b) = key.colour;
        let colour = format!("#{r:02x}{g:02x}{b:02x}");
        let mark = match key.shape {
            Shape::Box => format!("<span class=\"mark box\" style=\"background:{colour}\"></span>"),
            Shape::Line => {
                format!("<span class=\"mark line\" style=\"border-color:{colour}\"></span>")
            }
            Shape::Dashed => {
                format!("<span class=\"mark dashed\" style=\"border-color:{colour}\"></span>")
            }
            Shape::Cross => {
                format!("<span class=\"mark\" style=\"color:{colour}\">&#x2715;</span>")
            }
            Shape::Triangle => {
                format!("<span class=\"mark\" style=\"color:{colour}\">&#x25B2;</span>")
            }
        };
        let mark = mark.replacen("<span ", "<span aria-hidden=\"true\" ", 1);
        let _ = write!(h, "<li>{mark}{}</li>", encode_text(&key.label));
    }
    h.push_str("</ul>\n");
}

/// A chart: its heading, its caption, the SVG (labelled for screen readers), its legend and
/// its paragraph.
fn chart(h: &mut String, x: &Section) {
    let label = encode_double_quoted_attribute(&x.page.caption);
    // plotters' SVG begins `<svg width=.. height=.. viewBox=..`: the style sets the width.
    let svg = x.page.svg.trim().replacen(
        "<svg ",
        &format!("<svg role=\"img\" aria-label=\"{label}\" "),
        1,
    );
    let _ = writeln!(
        h,
        "<section id=\"{}\">\n<h3>{}</h3>\n<figure>\n<figcaption>{}</figcaption>\n{svg}",
        encode_double_quoted_attribute(x.stem),
        encode_text(&x.heading),
        encode_text(&x.page.caption),
    );
    for l in &x.page.legend {
        legend(h, l);
    }
    let _ = writeln!(h, "</figure>\n<p>{}</p>\n</section>", encode_text(&x.text));
}

/// A table inside a box that scrolls sideways on a narrow screen.
fn table(h: &mut String, head: &[&str], rows: &[Vec<Line>]) {
    h.push_str("<div class=\"table\"><table>\n<thead><tr>");
    for c in head {
        let _ = write!(h, "<th>{}</th>", encode_text(c));
    }
    h.push_str("</tr></thead>\n<tbody>\n");
    for row in rows {
        h.push_str("<tr>");
        for cell in row {
            let _ = write!(h, "<td>{}</td>", line(cell));
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</tbody>\n</table></div>\n");
}

/// `report.html`, titled `title`.
pub(super) fn html(title: &str, blocks: &[Block], sections: &[Section]) -> String {
    let mut h = String::new();
    let _ = writeln!(
        h,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{}</style>\n</head>\n<body>\n<main>",
        encode_text(title),
        style()
    );
    for block in blocks {
        match block {
            Block::Heading(level, text) => {
                let _ = writeln!(h, "<h{level}>{}</h{level}>", encode_text(text));
            }
            Block::Paragraph(p) => {
                let _ = writeln!(h, "<p>{}</p>", line(p));
            }
            Block::List(items) => {
                h.push_str("<ul>\n");
                for item in items {
                    let _ = writeln!(h, "<li>{}</li>", line(item));
                }
                h.push_str("</ul>\n");
            }
            Block::Table(head, rows) => table(&mut h, head, rows),
            Block::Chart(i) => {
                if let Some(x) = sections.get(*i) {
                    chart(&mut h, x);
                }
            }
        }
    }
    h.push_str("</main>\n</body>\n</html>\n");
    h
}

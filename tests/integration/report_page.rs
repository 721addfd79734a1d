//! `report.html` on a phone, and the command line a report quotes.
//!
//! Chart text must be at least 11 CSS pixels on a screen 412 pixels wide (a common phone).
//! It is measured two ways: from the page alone (each SVG's `font-size` against its `viewBox`
//! and the width the page's style sheet shows it at), which needs no browser and runs
//! everywhere; and in headless Chromium, when it is installed, which also checks that tables
//! scroll as a whole and that no number breaks across lines.

use std::path::Path;

use crate::common::candyland;

/// A common phone's width, in CSS pixels.
const PHONE: f64 = 412.0;
/// The smallest chart text accepted on it, in CSS pixels.
const SMALLEST: f64 = 11.0;
/// CSS pixels in 1em of the page (its body font is 16px).
const EM: f64 = 16.0;

fn report(board: &str, out: &Path, extra: &[&str]) {
    let o = candyland()
        .args(["report", board, "--games", "2000", "--mc", "2000"])
        .arg("--out")
        .arg(out)
        .args(extra)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

/// The declarations of the first rule of `selector` in the page's style sheet.
fn rule<'a>(html: &'a str, selector: &str) -> &'a str {
    let style = &html[html.find("<style>").unwrap()..html.find("</style>").unwrap()];
    let start = style
        .find(&format!("}}{selector}{{"))
        .map(|i| i + 1)
        .or_else(|| style.find(&format!(">{selector}{{")).map(|i| i + 1))
        .unwrap_or_else(|| panic!("no rule for {selector} in {style}"));
    let body = &style[start + selector.len() + 1..];
    &body[..body.find('}').unwrap()]
}

/// The value of `property` in declarations `decls`.
fn property<'a>(decls: &'a str, property: &str) -> Option<&'a str> {
    decls
        .split(';')
        .find_map(|d| d.strip_prefix(&format!("{property}:")))
}

/// A CSS length in pixels (px or em).
fn px(length: &str) -> f64 {
    if let Some(em) = length.strip_suffix("em") {
        em.parse::<f64>().unwrap() * EM
    } else if let Some(px) = length.strip_suffix("px") {
        px.parse().unwrap()
    } else {
        assert_eq!(length, "0", "{length}");
        0.0
    }
}

/// The width, in CSS pixels, at which the page shows a chart on a screen `screen` pixels wide,
/// read from its style sheet: the column (the screen less `main`'s side padding), at most the
/// figure's `max-width`, the drawing filling the figure.
fn shown_width(html: &str, screen: f64) -> f64 {
    let padding: Vec<&str> = property(rule(html, "main"), "padding")
        .unwrap()
        .split(' ')
        .collect();
    // CSS shorthand: the sides are the second value (or the only one).
    let side = px(padding.get(1).unwrap_or(&padding[0]));
    let figure = px(property(rule(html, "figure"), "max-width").unwrap());
    assert_eq!(
        property(rule(html, "figure svg"), "width"),
        Some("100%"),
        "a drawing fills its figure"
    );
    (screen - 2.0 * side).min(figure)
}

/// For each SVG of the page: the width of its `viewBox` and the `font-size` of each text.
fn drawings(html: &str) -> Vec<(f64, Vec<f64>)> {
    html.split("<svg ")
        .skip(1)
        .map(|svg| {
            let svg = &svg[..svg.find("</svg>").unwrap()];
            let view = svg.split("viewBox=\"").nth(1).unwrap();
            let view: Vec<f64> = view[..view.find('"').unwrap()]
                .split_whitespace()
                .map(|v| v.parse().unwrap())
                .collect();
            let fonts = svg
                .split("<text")
                .skip(1)
                .map(|t| {
                    let size = t.split("font-size=\"").nth(1).unwrap();
                    size[..size.find('"').unwrap()].parse().unwrap()
                })
                .collect();
            (view[2], fonts)
        })
        .collect()
}

#[test]
fn chart_text_is_at_least_11_css_pixels_on_a_phone_by_the_pages_own_sizes() {
    // A deck game (eight charts, the board's names on the remaining chart), a spinner game
    // with chutes and ladders, and Hare and Tortoise (its own charts).
    for (board, charts) in [
        ("candy-land-1984", 8),
        ("chutes-and-ladders", 7),
        ("hare-and-tortoise", 4),
    ] {
        let dir = tempfile::tempdir().unwrap();
        report(board, dir.path(), &[]);
        let html = std::fs::read_to_string(dir.path().join("report.html")).unwrap();
        let shown = shown_width(&html, PHONE);
        let drawings = drawings(&html);
        assert_eq!(drawings.len(), charts, "{board}");
        for (i, (view, fonts)) in drawings.iter().enumerate() {
            // Tick labels at least: a drawing with no text would pass for nothing.
            assert!(fonts.len() >= 6, "{board} chart {i}: {fonts:?}");
            let smallest = fonts.iter().copied().fold(f64::INFINITY, f64::min) * shown / view;
            assert!(
                smallest >= SMALLEST,
                "{board} chart {i}: text of {smallest:.1} CSS pixels at {PHONE} wide"
            );
        }
        // Each chart's caption and legend are text of the page, not of the drawing.
        assert_eq!(html.matches("<figcaption>").count(), charts, "{board}");
        assert!(html.contains("<ul class=\"legend\">"), "{board}");
    }
}

/// The rendered chart text sizes, figures in tables and page width that Chromium lays out,
/// measured by a script of an outer page around the report (which has no script itself), shown
/// in a frame `{WIDTH}` pixels wide: headless Chromium's window is at least 500 pixels wide.
const MEASURE: &str = r#"<!DOCTYPE html><html><body style="margin:0">
<iframe id="f" style="width:{WIDTH}px;height:3000px;border:0" srcdoc="{PAGE}"></iframe>
<script>
const f = document.getElementById('f');
f.addEventListener('load', () => {
  const w = f.contentWindow, d = f.contentDocument;
  const m = {width: w.innerWidth, page: d.documentElement.scrollWidth, fonts: [], cells: [], tables: []};
  for (const t of d.querySelectorAll('svg text')) {
    if (!t.textContent.trim()) continue;
    const c = t.getScreenCTM();
    m.fonts.push(parseFloat(w.getComputedStyle(t).fontSize) * Math.hypot(c.a, c.b));
  }
  for (const n of d.querySelectorAll('td .n')) m.cells.push([n.textContent, n.getClientRects().length]);
  for (const box of d.querySelectorAll('.table')) {
    m.tables.push([w.getComputedStyle(box).overflowX, box.clientWidth, box.scrollWidth]);
  }
  document.body.setAttribute('data-measured', JSON.stringify(m));
});
</script></body></html>"#;

/// Chromium's layout of `html` at `width` pixels (see [`MEASURE`]), or `None` when Chromium is
/// not installed.
fn measure_in_chromium(html: &str, width: u32) -> Option<serde_json::Value> {
    let browser = ["chromium", "chromium-browser"].into_iter().find(|b| {
        std::process::Command::new(b)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    })?;
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("measure.html");
    let outer = MEASURE
        .replace("{WIDTH}", &width.to_string())
        .replace("{PAGE}", &html_escape::encode_double_quoted_attribute(html));
    std::fs::write(&page, outer).unwrap();
    let o = std::process::Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!(
            "--user-data-dir={}",
            dir.path().join("profile").display()
        ))
        .arg(format!("--window-size={},3000", width.max(500)))
        .arg("--dump-dom")
        .arg(format!("file://{}", page.display()))
        .output()
        .unwrap();
    let dom = String::from_utf8_lossy(&o.stdout);
    let at = dom
        .find("data-measured=\"")
        .unwrap_or_else(|| panic!("no measure in {dom:.500}"));
    let json = &dom[at + 15..];
    let json = html_escape::decode_html_entities(&json[..json.find('"').unwrap()]).into_owned();
    Some(serde_json::from_str(&json).unwrap())
}

#[test]
fn in_chromium_chart_text_is_readable_and_tables_scroll_whole_on_a_phone() {
    let dir = tempfile::tempdir().unwrap();
    report("candy-land-1984", dir.path(), &[]);
    let html = std::fs::read_to_string(dir.path().join("report.html")).unwrap();
    let Some(m) = measure_in_chromium(&html, PHONE as u32) else {
        eprintln!(
            "skipped: Chromium is not installed (the page's own sizes are checked without it)"
        );
        return;
    };
    assert_eq!(m["width"].as_f64(), Some(PHONE), "{m}");
    // The page itself never scrolls sideways: a wide table scrolls in its box.
    assert!(m["page"].as_f64().unwrap() <= PHONE, "{m}");
    for t in m["tables"].as_array().unwrap() {
        let (overflow, shown, whole) = (t[0].as_str().unwrap(), t[1].as_f64(), t[2].as_f64());
        assert!(overflow == "auto" || shown >= whole, "{t}");
    }
    let fonts: Vec<f64> = m["fonts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_f64().unwrap())
        .collect();
    assert!(fonts.len() > 50, "{fonts:?}");
    let smallest = fonts.iter().copied().fold(f64::INFINITY, f64::min);
    assert!(
        smallest >= SMALLEST,
        "chart text of {smallest:.1} CSS pixels"
    );
    // Every figure in a table is one line (one box): "0.5123 / 0.4877" never breaks.
    let cells = m["cells"].as_array().unwrap();
    assert!(cells.len() > 20, "{cells:?}");
    for c in cells {
        assert_eq!(c[1].as_u64(), Some(1), "a figure breaks across lines: {c}");
    }
}

/// The code span after "Generated by " in a Markdown line: its fence of backticks, and one
/// padding space each side when both are there (CommonMark).
fn markdown_code_after(md: &str, before: &str) -> String {
    let rest = &md[md.find(before).unwrap() + before.len()..];
    let fence = rest.chars().take_while(|&c| c == '`').count();
    let rest = &rest[fence..];
    let code = &rest[..rest.find(&"`".repeat(fence)).unwrap()];
    match code.strip_prefix(' ').and_then(|c| c.strip_suffix(' ')) {
        Some(inner) if !inner.is_empty() => inner.to_string(),
        _ => code.to_string(),
    }
}

#[test]
fn a_report_quotes_the_command_line_that_was_run_for_a_shell() {
    let tiny = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/valid/tiny.toml"
    );
    let dir = tempfile::tempdir().unwrap();
    // A folder name a shell, Markdown and HTML would each misread unquoted.
    let out = dir.path().join("it's a `report` <b>&</b> | $HOME");
    let out_arg = out.display().to_string();
    let args = [
        "report", tiny, "--out", &out_arg, "--games", "1000", "--seed", "7",
    ];
    let o = candyland().args(args).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut expected = vec!["candyland"];
    expected.extend(args);
    // The report shows the words that were run, quoted so that a shell splits them back.
    let md = std::fs::read_to_string(out.join("report.md")).unwrap();
    let from_md = markdown_code_after(&md, "Generated by ");
    assert_eq!(shell_words::split(&from_md).unwrap(), expected, "{from_md}");
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    let code = html.split("Generated by <code>").nth(1).unwrap();
    let code = &code[..code.find("</code>").unwrap()];
    assert!(!code.contains('<') && !code.contains("&</b>"), "{code}");
    let from_html = html_escape::decode_html_entities(code);
    assert_eq!(
        shell_words::split(&from_html).unwrap(),
        expected,
        "{from_html}"
    );
}

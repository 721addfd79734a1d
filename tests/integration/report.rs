//! `candyland report`: every chart is a real picture of the requested size with rendered text
//! that scales with it, report.md links only files that exist, and report.html is one
//! self-contained page with every chart inline and every text escaped.

use std::collections::HashSet;
use std::path::Path;

use candyland::internals::output::folder::ReportSummary;

use crate::common::{candyland, dir_with};

const CHARTS: [&str; 8] = [
    "distribution",
    "cdf",
    "survival",
    "remaining",
    "landing",
    "players",
    "whatif",
    "deck",
];

fn report(board: &str, out: &Path, extra: &[&str]) {
    let out_arg = out.display().to_string();
    let mut args = vec!["report", board, "--out", &out_arg, "--games", "20000"];
    args.extend_from_slice(extra);
    let o = candyland().args(&args).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn every_chart_is_a_png_of_the_requested_size_with_text() {
    for board in ["clark-program", "jones-program"] {
        let dir = tempfile::tempdir().unwrap();
        report(board, dir.path(), &["--size", "900x600", "--mc", "20000"]);
        for chart in CHARTS {
            let path = dir.path().join(format!("{chart}.png"));
            let img = image::open(&path)
                .unwrap_or_else(|e| panic!("{board} {chart}: {e}"))
                .to_rgb8();
            assert_eq!(img.dimensions(), (900, 600), "{board} {chart}");
            let colours: HashSet<[u8; 3]> = img.pixels().map(|p| p.0).collect();
            assert!(
                colours.len() > 50,
                "{board} {chart}: only {} colours",
                colours.len()
            );
            // The title is drawn in the top 50 rows: text means dark pixels there.
            let dark = (0..900)
                .flat_map(|x| (0..50).map(move |y| (x, y)))
                .filter(|&(x, y)| {
                    let p = img.get_pixel(x, y).0;
                    p.iter().map(|&c| u32::from(c)).sum::<u32>() < 150
                })
                .count();
            assert!(
                dark > 200,
                "{board} {chart}: {dark} dark pixels in the title area"
            );
        }
    }
}

#[test]
fn report_md_links_only_files_that_exist() {
    let dir = tempfile::tempdir().unwrap();
    report("treats", dir.path(), &[]);
    let md = std::fs::read_to_string(dir.path().join("report.md")).unwrap();
    let links: Vec<&str> = md
        .split("](")
        .skip(1)
        .map(|rest| rest.split(')').next().unwrap())
        .collect();
    assert_eq!(links.len(), CHARTS.len());
    for link in links {
        assert!(dir.path().join(link).is_file(), "{link}");
    }
    let summary: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("summary.json")).unwrap()).unwrap();
    let mut keys: Vec<&str> = summary
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.as_str())
        .collect();
    keys.sort();
    assert_eq!(
        keys,
        [
            "board",
            "command",
            "description",
            "figures",
            "files",
            "generated_by",
            "mean_exact",
            "players",
            "rules",
            "rules_text",
            "schema_version",
            "shuffled",
            "shuffled_seed",
            "source",
            "tail_c",
            "tail_rho",
            "variant",
            "whatif",
        ]
    );
    // A figure can be cited: the tool's version and the command that made the report.
    assert_eq!(
        summary["generated_by"]["tool"],
        format!("candyland {}", env!("CARGO_PKG_VERSION"))
    );
    assert!(summary["generated_by"]["command"]
        .as_str()
        .unwrap()
        .starts_with("candyland report treats"));
    // No temporary file is left behind.
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    assert!(names.iter().all(|n| !n.starts_with('.')), "{names:?}");
    assert_eq!(names.len(), CHARTS.len() + 3, "{names:?}");
}

#[test]
fn svg_charts_are_svg_with_text() {
    let dir = tempfile::tempdir().unwrap();
    report("clark-program", dir.path(), &["--format", "svg"]);
    for chart in CHARTS {
        let svg = std::fs::read_to_string(dir.path().join(format!("{chart}.svg"))).unwrap();
        assert!(svg.starts_with("<svg") && svg.contains("<text"), "{chart}");
    }
}

#[test]
fn bad_report_flags_fail_before_any_work() {
    for args in [
        &["report", "--size", "10x10"][..],
        &["report", "--size", "wide"],
        &["report", "--out", "/proc/no/such/place"],
        &["report", "--games", "0"],
    ] {
        let o = candyland().args(args).output().unwrap();
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {stderr}");
    }
}

/// The summary.json of a report folder, read through the library's own type.
fn summary(dir: &Path) -> ReportSummary {
    candyland::internals::output::json::read(
        &std::fs::read_to_string(dir.join("summary.json")).unwrap(),
    )
    .unwrap()
}

#[test]
fn report_html_is_one_self_contained_page_with_every_chart_inline() {
    // A deck game (eight charts) and a spinner game (seven: no shuffled deck).
    for (board, charts) in [("clark-program", 8), ("chutes-and-ladders", 7)] {
        let dir = tempfile::tempdir().unwrap();
        report(board, dir.path(), &[]);
        let html = std::fs::read_to_string(dir.path().join("report.html")).unwrap();
        let s = summary(dir.path());
        assert!(s.files.iter().any(|f| f == "report.html"), "{:?}", s.files);
        assert!(html.starts_with("<!DOCTYPE html>"), "{board}");
        assert!(html.contains("<meta name=\"viewport\""), "{board}");
        // Nothing is loaded from anywhere: no scripts at all, no style sheets, no external
        // sources or links.
        let lower = html.to_lowercase();
        for banned in [
            "src=\"http",
            "href=\"http",
            "<link",
            "<script",
            "<img",
            "<iframe",
        ] {
            assert!(!lower.contains(banned), "{board}: {banned}");
        }
        // One inline SVG per chart of the report, each scaling with its viewBox.
        let images = std::fs::read_dir(dir.path())
            .unwrap()
            .filter(|e| e.as_ref().unwrap().path().extension() == Some("png".as_ref()))
            .count();
        assert_eq!(images, charts, "{board}");
        assert_eq!(html.matches("<svg").count(), charts, "{board}");
        assert_eq!(html.matches("viewBox=").count(), charts, "{board}");
        assert_eq!(html.matches("</svg>").count(), charts, "{board}");
        // The figures of summary.json, as report.md shows them.
        let mean = format!("{:.4}", s.figures.expected_turns);
        assert!(
            html.contains(&format!("<td><span class=\"n\">{mean}</span></td>")),
            "{board}: {mean}"
        );
        let md = std::fs::read_to_string(dir.path().join("report.md")).unwrap();
        assert!(md.contains(&format!("| {mean} |")), "{board}: {mean}");
        for (stem, heading) in candyland::internals::output::folder::CHARTS
            .iter()
            .take(charts)
        {
            assert!(html.contains(&format!("<section id=\"{stem}\">")), "{stem}");
            assert!(html.contains(&format!("<h3>{heading}</h3>")), "{heading}");
        }
    }
}

#[test]
fn report_html_escapes_every_text_of_a_hostile_board() {
    let board = r#"name = "<b>bold</b> & co"
description = "<script>alert('description')</script> a board"
source = "\"quoted\" <i>source</i>"
[board]
spaces = ["red", "<img src=x onerror=alert(1)>", "blue"]
[deck.single]
red = 1
blue = 1
[deck.landmark]
"<img src=x onerror=alert(1)>" = 1
"#;
    let (dir, paths) = dir_with(&[("hostile.toml", board)]);
    let out = dir.path().join("out");
    let o = candyland()
        .args(["report", paths[0].to_str().unwrap(), "--games", "1000"])
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    let lower = html.to_lowercase();
    for banned in ["<script", "<img", "<b>", "<i>", "onerror=alert(1)>"] {
        assert!(!lower.contains(banned), "{banned} is not escaped");
    }
    assert!(html.contains("<title>Report: &lt;b&gt;bold&lt;/b&gt; &amp; co</title>"));
    assert!(html.contains("&lt;script&gt;alert('description')&lt;/script&gt; a board"));
    assert!(html.contains("&lt;img src=x onerror=alert(1)&gt;"));
    // The charts carry the names too (their titles, the landmark's label), escaped.
    let svg_start = html.find("<svg").unwrap();
    assert!(html[svg_start..].contains("&lt;b&gt;bold&lt;/b&gt; &amp; co"));
}

#[test]
fn a_size_too_small_to_read_is_refused_naming_the_flag_and_the_smallest_size() {
    for size in ["479x320", "480x319", "300x200", "10x10"] {
        let o = candyland()
            .args(["report", "--size", size, "--out", "/nonexistent/never"])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{size}: {stderr}");
        assert!(
            stderr.contains("--size") && stderr.contains("480x320") && stderr.contains(size),
            "{size}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    // The smallest size itself is drawn.
    let dir = tempfile::tempdir().unwrap();
    let tiny = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/valid/tiny.toml"
    );
    report(tiny, dir.path(), &["--size", "480x320"]);
    let img = image::open(dir.path().join("distribution.png")).unwrap();
    assert_eq!((img.width(), img.height()), (480, 320));
}

/// Every `font-size` in an SVG chart, smallest first.
fn font_sizes(svg: &str) -> Vec<f64> {
    let mut sizes: Vec<f64> = svg
        .split("font-size=\"")
        .skip(1)
        .map(|rest| rest.split('"').next().unwrap().parse().unwrap())
        .collect();
    sizes.sort_by(f64::total_cmp);
    sizes
}

#[test]
fn chart_text_scales_with_the_chart_size() {
    let tiny = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/valid/tiny.toml"
    );
    let mut fonts = Vec::new();
    for size in ["640x400", "1200x800", "2400x1600"] {
        let dir = tempfile::tempdir().unwrap();
        report(tiny, dir.path(), &["--format", "svg", "--size", size]);
        let svg = std::fs::read_to_string(dir.path().join("cdf.svg")).unwrap();
        let sizes = font_sizes(&svg);
        // (tick labels, the title)
        fonts.push((sizes[0], *sizes.last().unwrap()));
    }
    let [small, default, large] = [fonts[0], fonts[1], fonts[2]];
    // Twice the size, twice the text.
    assert!((large.0 / default.0 - 2.0).abs() < 0.05, "{fonts:?}");
    assert!((large.1 / default.1 - 2.0).abs() < 0.05, "{fonts:?}");
    // Half the size: smaller text, but not half (it would be unreadable): the square root.
    let ratio = small.0 / default.0;
    assert!((ratio - 0.5f64.sqrt()).abs() < 0.05, "{fonts:?}");
    assert!(small.1 < default.1, "{fonts:?}");
}

#[test]
fn a_track_with_no_space_before_the_finish_names_no_most_visited_one() {
    // A one-square race: the only square is the finish, which the landing figures leave out,
    // so no square is the most visited. The report used to print a default as a result:
    // "The most visited is square 0 ()".
    let (dir, paths) = dir_with(&[(
        "one.toml",
        "game = \"race\"\nname = \"one\"\n[board]\nsquares = 1\n[spinner]\nfaces = [1, 2]\n[rules]\novershoot = \"win\"\n",
    )]);
    let out = dir.path().join("report");
    report(paths[0].to_str().unwrap(), &out, &[]);
    let md = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(md.contains("The chance of landing on each square"), "{md}");
    assert!(!md.contains("most visited"), "{md}");
}

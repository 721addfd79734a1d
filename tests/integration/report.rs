//! `candyland report`: every chart is a real picture of the requested size with rendered text,
//! and report.md links only files that exist.

use std::collections::HashSet;
use std::path::Path;

use crate::common::candyland;

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
    for board in ["classic", "treats-as-coded"] {
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
            "description",
            "expected_turns_exact",
            "figures",
            "files",
            "players",
            "rules",
            "shuffled",
            "shuffled_seed",
            "source",
            "tail_c",
            "tail_rho",
            "variant",
            "whatif"
        ]
    );
    // No temporary file is left behind.
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    assert!(names.iter().all(|n| !n.starts_with('.')), "{names:?}");
    assert_eq!(names.len(), CHARTS.len() + 2);
}

#[test]
fn svg_charts_are_svg_with_text() {
    let dir = tempfile::tempdir().unwrap();
    report("classic", dir.path(), &["--format", "svg"]);
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

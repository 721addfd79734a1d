//! No source file is longer than [`MAX_LINES`]: a file that grows past it is split by
//! responsibility. There are no exceptions.

use std::fs;
use std::path::Path;

use super::architecture::collect;

/// The most lines a `.rs` file under `src/` may have.
const MAX_LINES: usize = 500;

/// Every `.rs` file under `src` (as `src/...`, `/`-separated) with its line count.
fn line_counts(src: &Path) -> Vec<(String, usize)> {
    let mut files = Vec::new();
    collect(src, &mut files);
    files.sort();
    files
        .iter()
        .map(|path| {
            let rel = path.strip_prefix(src).unwrap();
            let name = format!("src/{}", rel.to_string_lossy().replace('\\', "/"));
            (name, fs::read_to_string(path).unwrap().lines().count())
        })
        .collect()
}

#[test]
fn no_source_file_is_over_500_lines() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let counts = line_counts(&src);
    let over: Vec<String> = counts
        .iter()
        .filter(|(_, lines)| *lines > MAX_LINES)
        .map(|(file, lines)| format!("{file}: {lines} lines"))
        .collect();
    assert!(
        over.is_empty(),
        "files over {MAX_LINES} lines; split each by responsibility:\n{}",
        over.join("\n")
    );
}

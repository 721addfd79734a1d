//! The library's public surface is a short, deliberate list: `src/lib.rs` declares no public
//! stage (the stages are reached inside the crate, and by this package's tests through the
//! hidden `internals`), and what it re-exports is the list in `tests/fixtures/public_api.txt`.
//! A change to the list is a change to the API: bless it on purpose with
//! `CANDYLAND_BLESS=1 cargo test --test integration public_api`.

use std::path::Path;

/// The most names the crate's root may export; the surface is meant to stay well under it.
const MOST_ITEMS: usize = 150;

/// The names `lib.rs` makes public at the crate root: every `pub use` (its last segment, or
/// the name after `as`), `pub fn`, `pub type`, `pub struct`, `pub enum`, `pub trait`, `pub
/// const`, `pub static` and `pub mod`, each with what it is.
fn public_items(lib: &str) -> Vec<String> {
    let mut items = Vec::new();
    // Statements, with comments and attributes' lines dropped.
    let code: String = lib
        .lines()
        .filter(|l| {
            let t = l.trim_start();
            !t.starts_with("//") && !t.starts_with("#[")
        })
        .collect::<Vec<_>>()
        .join("\n");
    let mut rest = code.as_str();
    while let Some(at) = rest.find("pub ") {
        // Only statements at the start of a line (not `pub` inside a function's body).
        let starts_line = at == 0 || rest[..at].ends_with('\n');
        rest = &rest[at + 4..];
        if !starts_line {
            continue;
        }
        if let Some(tail) = rest.strip_prefix("use ") {
            let end = tail.find(';').expect("a `pub use` ends with ;");
            items.extend(
                use_names(&tail[..end])
                    .into_iter()
                    .map(|n| format!("use {n}")),
            );
            rest = &tail[end..];
            continue;
        }
        let word_end = rest.find(' ').unwrap_or(rest.len());
        let kind = &rest[..word_end];
        let name: String = rest[word_end..]
            .trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        items.push(format!("{kind} {name}"));
    }
    items.sort();
    items
}

/// The names a `use` tree brings in: `a::{b, c::{d, e as f}}` gives b, d, f.
fn use_names(tree: &str) -> Vec<String> {
    let tree: String = tree.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut names = Vec::new();
    let Some(open) = tree.find('{') else {
        names.push(last_name(&tree));
        return names;
    };
    let inner = &tree[open + 1..tree.rfind('}').expect("a `{` is closed")];
    let (mut depth, mut from) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                names.extend(use_names(&inner[from..i]));
                from = i + 1;
            }
            _ => {}
        }
    }
    if !inner[from..].trim().is_empty() {
        names.extend(use_names(&inner[from..]));
    }
    names
}

/// `a::b` gives b, `a::b as c` gives c, `self` the module before it.
fn last_name(path: &str) -> String {
    let path = path.trim();
    if let Some((_, alias)) = path.split_once(" as ") {
        return alias.trim().to_string();
    }
    path.rsplit("::").next().unwrap_or(path).trim().to_string()
}

#[test]
fn the_use_tree_reader_finds_every_name() {
    // Checked by hand: b, d and the alias f; a single path's last segment.
    assert_eq!(use_names("a::{b, c::{d, e as f}}"), ["b", "d", "f"]);
    assert_eq!(use_names("x::y::Z"), ["Z"]);
    let lib = "pub use a::{B, C};\n#[doc(hidden)]\npub mod internals;\nfn f() { pub use x; }\npub fn g() {}\n";
    assert_eq!(
        public_items(lib),
        ["fn g", "mod internals", "use B", "use C"]
    );
}

#[test]
fn the_public_api_is_the_blessed_short_list() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let lib = std::fs::read_to_string(root.join("src/lib.rs")).unwrap();
    let items = public_items(&lib);
    // No stage is a public module: the one public module is the hidden `internals`.
    let modules: Vec<&String> = items.iter().filter(|i| i.starts_with("mod ")).collect();
    assert_eq!(modules, ["mod internals"], "public modules in src/lib.rs");
    let hidden = lib
        .find("pub mod internals")
        .map(|at| lib[..at].trim_end().ends_with("#[doc(hidden)]"));
    assert_eq!(hidden, Some(true), "`internals` must be #[doc(hidden)]");
    assert!(
        items.len() < MOST_ITEMS,
        "{} public items, at most {MOST_ITEMS}",
        items.len()
    );
    let fixture = root.join("tests/fixtures/public_api.txt");
    let listed = items.join("\n") + "\n";
    if std::env::var_os("CANDYLAND_BLESS").is_some() {
        std::fs::write(&fixture, &listed).unwrap();
    }
    let blessed = std::fs::read_to_string(&fixture).unwrap_or_default();
    let (added, removed): (Vec<&str>, Vec<&str>) = (
        listed
            .lines()
            .filter(|l| !blessed.lines().any(|b| b == *l))
            .collect(),
        blessed
            .lines()
            .filter(|b| !listed.lines().any(|l| l == *b))
            .collect(),
    );
    assert!(
        added.is_empty() && removed.is_empty(),
        "the public API changed: added {added:?}, removed {removed:?}; if that is meant, bless it with CANDYLAND_BLESS=1 cargo test --test integration public_api"
    );
}

#[test]
fn the_examples_use_only_the_public_api() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for entry in std::fs::read_dir(root.join("examples")).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            !text.contains("internals"),
            "{} reaches past the public API",
            path.display()
        );
    }
}

//! The tree shows the pipeline: every folder of `src/` is a stage, written once in [`STAGES`]
//! from the first (what the user gives) to the last (the command line), and code only takes from
//! its own stage or an earlier one. No two files import each other, directly or round a circle.
//!
//! The check reads the source as text: each `use crate::...`, `use super::...` and `use
//! self::...` tree (and the same paths written inline in code, outside comments) is resolved to
//! the file that defines the name, following `pub use` re-exports, so `crate::solve::Analysis`
//! counts as an import of the file that defines `Analysis`, not of `solve/mod.rs`. A parent
//! module naming its own children (`mod x; pub use x::Y;`) is structure, not an import.
//! (`cargo-modules --acyclic` counts a type and its own methods as a circle, so it cannot serve.)

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use super::architecture_syntax::{absolute, paths, segments, split_top, strip_comments};

/// The stages of `src/`, earliest first. A file may take from its own stage or an earlier one.
pub const STAGES: &[&str] = &[
    "budget", "input", "games", "chain", "solve", "stats", "sim", "error", "check", "results",
    "output", "app",
];

/// Files at the root of `src/` that belong to no stage: the crate root, the binary, and the
/// hidden door through which this package's tests reach the stages.
const ROOT_FILES: &[&str] = &["lib.rs", "main.rs", "internals.rs"];

/// One file of the tree: its module path (`["solve", "players"]`) and code without comments.
pub(super) struct Source {
    pub(super) file: String,
    pub(super) module: Vec<String>,
    pub(super) code: String,
    /// Whether the file is a `mod.rs` (or `lib.rs`): its children are its own folder.
    pub(super) is_parent: bool,
}

/// A finding: what is wrong, naming the files and the names taken.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Problem {
    /// A file outside any stage folder (other than the crate root and the binary).
    Outside { file: String },
    /// A folder of `src/` that is not in the stage list.
    UnknownStage { file: String, stage: String },
    /// A file takes names from a later stage.
    Upward {
        from: String,
        to: String,
        names: Vec<String>,
    },
    /// Files that import each other round a circle, with the names each takes from the next.
    Circle {
        files: Vec<String>,
        ties: Vec<String>,
    },
}

/// Every problem of the tree under `src`, with the stage order `stages`.
pub fn problems(src: &Path, stages: &[&str]) -> Vec<Problem> {
    let sources = read_tree(src);
    let modules: BTreeMap<Vec<String>, usize> = sources
        .iter()
        .enumerate()
        .map(|(i, s)| (s.module.clone(), i))
        .collect();
    let exports = reexports(&sources);
    let mut edges: BTreeMap<(usize, usize), BTreeSet<String>> = BTreeMap::new();
    for (i, s) in sources.iter().enumerate() {
        for path in paths(s) {
            if let Some((j, name)) = resolve(&path, &modules, &exports, &sources) {
                let own_child = s.is_parent && sources[j].module.starts_with(&s.module);
                if j != i && !own_child {
                    edges.entry((i, j)).or_default().insert(name);
                }
            }
        }
    }
    let mut found = Vec::new();
    let stage_of = |s: &Source| -> Option<usize> {
        let first = s.module.first()?;
        stages.iter().position(|st| st == first)
    };
    for s in &sources {
        let name = Path::new(&s.file).file_name().unwrap().to_string_lossy();
        if s.module.len() <= 1 && !s.file.contains('/') && ROOT_FILES.contains(&name.as_ref()) {
            continue;
        }
        if !s.file.contains('/') {
            found.push(Problem::Outside {
                file: s.file.clone(),
            });
        } else if stage_of(s).is_none() {
            found.push(Problem::UnknownStage {
                file: s.file.clone(),
                stage: s.module[0].clone(),
            });
        }
    }
    for ((i, j), names) in &edges {
        if let (Some(a), Some(b)) = (stage_of(&sources[*i]), stage_of(&sources[*j])) {
            if b > a {
                found.push(Problem::Upward {
                    from: sources[*i].file.clone(),
                    to: sources[*j].file.clone(),
                    names: names.iter().cloned().collect(),
                });
            }
        }
    }
    for component in circles(sources.len(), &edges) {
        let set: BTreeSet<usize> = component.iter().copied().collect();
        let ties = edges
            .iter()
            .filter(|((i, j), _)| set.contains(i) && set.contains(j))
            .map(|((i, j), names)| {
                let names: Vec<&str> = names.iter().map(String::as_str).collect();
                format!(
                    "{} -> {}: {}",
                    sources[*i].file,
                    sources[*j].file,
                    names.join(", ")
                )
            })
            .collect();
        found.push(Problem::Circle {
            files: component.iter().map(|&i| sources[i].file.clone()).collect(),
            ties,
        });
    }
    found.sort();
    found
}

/// Every `.rs` file under `src`, with its module path and its code stripped of comments.
fn read_tree(src: &Path) -> Vec<Source> {
    let mut files = Vec::new();
    collect(src, &mut files);
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let rel = path.strip_prefix(src).unwrap();
            let file = rel.to_string_lossy().replace('\\', "/");
            let mut module: Vec<String> = rel
                .parent()
                .into_iter()
                .flat_map(|p| p.components())
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            let stem = rel.file_stem().unwrap().to_string_lossy().into_owned();
            let is_parent = matches!(stem.as_str(), "mod" | "lib" | "main");
            if !is_parent {
                module.push(stem);
            }
            let code = strip_comments(&fs::read_to_string(&path).unwrap());
            Source {
                file,
                module,
                code,
                is_parent,
            }
        })
        .collect()
}

/// Every `.rs` file under `dir`, into `out`.
pub(super) fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `pub use` re-exports: (module, name) -> the full path of what it names.
fn reexports(sources: &[Source]) -> BTreeMap<(Vec<String>, String), Vec<String>> {
    let mut map = BTreeMap::new();
    for s in sources {
        let mut rest = s.code.as_str();
        while let Some(at) = rest.find("pub use ") {
            let after = &rest[at + "pub use ".len()..];
            let end = after.find(';').unwrap_or(after.len());
            let tree = &after[..end];
            for leaf in use_tree_named(tree) {
                let (path, name) = leaf;
                let full = match path.first().map(String::as_str) {
                    Some("crate" | "self" | "super") => absolute(&path, &s.module),
                    // A relative path names a child of this module.
                    Some(_) => Some(s.module.iter().chain(path.iter()).cloned().collect()),
                    None => None,
                };
                if let Some(full) = full {
                    map.insert((s.module.clone(), name), full);
                }
            }
            rest = &after[end..];
        }
    }
    map
}

/// The leaves of a use tree with the name each is visible under (`a::B as C` is visible as C).
fn use_tree_named(text: &str) -> Vec<(Vec<String>, String)> {
    let cleaned: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut leaves = Vec::new();
    expand_named(&cleaned, Vec::new(), &mut leaves);
    leaves
}

fn expand_named(text: &str, prefix: Vec<String>, out: &mut Vec<(Vec<String>, String)>) {
    let text = text.trim();
    if let Some(open) = text.find('{') {
        let close = text.rfind('}').unwrap_or(text.len());
        let mut base = prefix.clone();
        base.extend(segments(&text[..open]));
        for part in split_top(&text[open + 1..close]) {
            expand_named(part, base.clone(), out);
        }
    } else {
        let mut halves = text.split(" as ");
        let path_text = halves.next().unwrap_or(text);
        let mut path = prefix;
        path.extend(segments(path_text));
        let name = halves
            .next()
            .map(|n| n.trim().to_string())
            .or_else(|| path.last().cloned());
        if let Some(name) = name {
            if name != "*" && name != "self" {
                out.push((path, name));
            }
        }
    }
}

/// The file a path leads to, following re-exports, and the name taken from it.
fn resolve(
    path: &[String],
    modules: &BTreeMap<Vec<String>, usize>,
    exports: &BTreeMap<(Vec<String>, String), Vec<String>>,
    sources: &[Source],
) -> Option<(usize, String)> {
    let mut path = path.to_vec();
    for _ in 0..16 {
        // The longest prefix that is a file.
        let cut = (0..=path.len())
            .rev()
            .find(|&k| modules.contains_key(&path[..k]))?;
        let file = modules[&path[..cut]];
        let Some(next) = path.get(cut) else {
            let name = path.last().cloned().unwrap_or_else(|| "crate".into());
            return Some((file, name));
        };
        match exports.get(&(path[..cut].to_vec(), next.clone())) {
            Some(target) if target.as_slice() != &path[..=cut] => {
                let mut redirected = target.clone();
                redirected.extend(path[cut + 1..].iter().cloned());
                path = redirected;
            }
            _ => {
                let _ = sources;
                return Some((file, next.clone()));
            }
        }
    }
    None
}

/// The strongly connected components of more than one file (Tarjan's algorithm).
fn circles(n: usize, edges: &BTreeMap<(usize, usize), BTreeSet<String>>) -> Vec<Vec<usize>> {
    let mut next: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, j) in edges.keys() {
        next[*i].push(*j);
    }
    struct Tarjan<'a> {
        next: &'a [Vec<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        counter: usize,
        found: Vec<Vec<usize>>,
    }
    impl Tarjan<'_> {
        fn visit(&mut self, v: usize) {
            self.index[v] = Some(self.counter);
            self.low[v] = self.counter;
            self.counter += 1;
            self.stack.push(v);
            self.on_stack[v] = true;
            for k in 0..self.next[v].len() {
                let w = self.next[v][k];
                match self.index[w] {
                    None => {
                        self.visit(w);
                        self.low[v] = self.low[v].min(self.low[w]);
                    }
                    Some(iw) if self.on_stack[w] => self.low[v] = self.low[v].min(iw),
                    _ => {}
                }
            }
            if Some(self.low[v]) == self.index[v] {
                let mut component = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack[w] = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    self.found.push(component);
                }
            }
        }
    }
    let mut t = Tarjan {
        next: &next,
        index: vec![None; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        counter: 0,
        found: Vec::new(),
    };
    for v in 0..n {
        if t.index[v].is_none() {
            t.visit(v);
        }
    }
    t.found
}

pub fn describe(found: &[Problem]) -> String {
    found
        .iter()
        .map(|p| match p {
            Problem::Outside { file } => {
                format!("src/{file} is outside every stage folder: move it into one")
            }
            Problem::UnknownStage { file, stage } => format!(
                "src/{file}: the folder {stage:?} is not a stage; add it to STAGES or move the file"
            ),
            Problem::Upward { from, to, names } => format!(
                "src/{from} takes {} from src/{to}, a later stage",
                names.join(", ")
            ),
            Problem::Circle { files, ties } => format!(
                "a circle of {} files: {}\n    {}",
                files.len(),
                files.join(", "),
                ties.join("\n    ")
            ),
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_source_tree_has_stages_in_order_and_no_circle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let found = problems(&src, STAGES);
    assert!(found.is_empty(), "\n{}", describe(&found));
}

/// Writes `files` (path, text) under a fresh temporary `src/` and returns its path.
fn planted(files: &[(&str, &str)]) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("src");
    for (path, text) in files {
        let path = src.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    (dir, src)
}

const ORDER: &[&str] = &["low", "high"];

#[test]
fn a_planted_circle_is_found_through_a_reexport() {
    // a.rs takes B through low/mod.rs's re-export, b.rs takes A: a circle of a.rs and b.rs.
    let (_dir, src) = planted(&[
        ("lib.rs", "pub mod low;\n"),
        ("low/mod.rs", "pub mod a;\npub mod b;\npub use b::B;\n"),
        ("low/a.rs", "use crate::low::B;\npub struct A;\n"),
        ("low/b.rs", "use super::a::{A as Other};\npub struct B;\n"),
    ]);
    let found = problems(&src, ORDER);
    assert_eq!(
        found,
        vec![Problem::Circle {
            files: vec!["low/a.rs".into(), "low/b.rs".into()],
            ties: vec![
                "low/a.rs -> low/b.rs: B".into(),
                "low/b.rs -> low/a.rs: A".into()
            ],
        }]
    );
}

#[test]
fn a_planted_upward_import_is_found_and_comments_and_strings_are_not_imports() {
    let (_dir, src) = planted(&[
        ("lib.rs", "pub mod low;\npub mod high;\n"),
        ("high/mod.rs", "pub fn top() {}\n"),
        (
            "low/mod.rs",
            "//! See [`crate::high::top`].\nfn f() { let _ = \"crate::high::top\"; crate::high::top() }\n",
        ),
    ]);
    let found = problems(&src, ORDER);
    assert_eq!(
        found,
        vec![Problem::Upward {
            from: "low/mod.rs".into(),
            to: "high/mod.rs".into(),
            names: vec!["top".into()],
        }]
    );
}

#[test]
fn a_test_module_inside_a_file_takes_from_its_own_file() {
    // `use super::*` inside `mod tests` names the file's own module: no import.
    let (_dir, src) = planted(&[
        ("lib.rs", "pub mod low;\n"),
        ("low/mod.rs", "pub mod a;\n"),
        (
            "low/a.rs",
            "pub fn f() {}\n#[cfg(test)]\nmod tests {\n    use super::*;\n    use super::super::a::f as g;\n}\n",
        ),
        ("stray.rs", "\n"),
        ("other/x.rs", "\n"),
    ]);
    let found = problems(&src, ORDER);
    assert_eq!(
        found,
        vec![
            Problem::Outside {
                file: "stray.rs".into()
            },
            Problem::UnknownStage {
                file: "other/x.rs".into(),
                stage: "other".into()
            },
        ]
    );
}

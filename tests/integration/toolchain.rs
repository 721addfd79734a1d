//! `rust-version` in Cargo.toml is true: no older compiler than it says can build the locked
//! dependencies. Each locked package's own `rust-version` is read from its sources in Cargo's
//! registry (the ones this platform builds are there after any build), and the project's must
//! be at least the largest.

use std::path::{Path, PathBuf};

/// A version as numbers: "1.89" and "1.89.0" compare equal.
fn numbers(version: &str) -> Vec<u64> {
    let mut n: Vec<u64> = version
        .split('.')
        .map(|p| p.trim().parse().unwrap_or(0))
        .collect();
    while n.len() < 3 {
        n.push(0);
    }
    n
}

fn registry_sources() -> Vec<PathBuf> {
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".cargo")))
        .expect("CARGO_HOME or HOME is set");
    let Ok(entries) = std::fs::read_dir(home.join("registry").join("src")) else {
        return Vec::new();
    };
    entries.filter_map(|e| Some(e.ok()?.path())).collect()
}

#[test]
fn rust_version_is_at_least_what_every_locked_dependency_needs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest: toml::Table =
        toml::from_str(&std::fs::read_to_string(root.join("Cargo.toml")).unwrap()).unwrap();
    let ours = manifest["package"]["rust-version"]
        .as_str()
        .expect("Cargo.toml declares rust-version");
    let lock: toml::Table =
        toml::from_str(&std::fs::read_to_string(root.join("Cargo.lock")).unwrap()).unwrap();
    let registries = registry_sources();
    let (mut read, mut needs) = (0, Vec::new());
    for package in lock["package"].as_array().unwrap() {
        let (Some(name), Some(version)) = (package["name"].as_str(), package["version"].as_str())
        else {
            continue;
        };
        if package.get("source").is_none() {
            continue; // this project itself
        }
        let Some(text) = registries.iter().find_map(|r| {
            std::fs::read_to_string(r.join(format!("{name}-{version}/Cargo.toml"))).ok()
        }) else {
            continue; // not built on this platform (e.g. a Windows-only crate)
        };
        read += 1;
        let Ok(theirs) = toml::from_str::<toml::Table>(&text) else {
            continue;
        };
        let declared = theirs
            .get("package")
            .and_then(|p| p.get("rust-version"))
            .and_then(|v| v.as_str());
        if let Some(v) = declared {
            if numbers(v) > numbers(ours) {
                needs.push(format!("{name} {version} needs Rust {v}"));
            }
        }
    }
    assert!(
        read >= 50,
        "read the manifests of only {read} locked packages: are the sources in Cargo's registry?"
    );
    assert!(
        needs.is_empty(),
        "Cargo.toml says rust-version = {ours:?}, but:\n{}",
        needs.join("\n")
    );
}

#[test]
fn versions_compare_as_numbers() {
    assert!(numbers("1.89") == numbers("1.89.0"));
    assert!(numbers("1.100") > numbers("1.89.1"));
    assert!(numbers("1.85") < numbers("1.88"));
}

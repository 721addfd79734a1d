//! How much memory this process may still take: the least of what the machine has free, what
//! the process's own limits leave (`ulimit -v` and `ulimit -d`, read with `getrlimit`), and
//! what its control group leaves (cgroup v2 `memory.max`, v1 `memory.limit_in_bytes`).
//!
//! Why all three: a run that allocates past a process limit is not refused but killed (the
//! allocator fails and Rust aborts with SIGABRT), and a container's limit is invisible in
//! `/proc/meminfo`, which shows the host's memory. Each is read afresh when asked, so what the
//! process already holds counts against it.

use std::path::{Path, PathBuf};

/// Where a limit came from, for the message that names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// `MemAvailable` of `/proc/meminfo` (or a fixed guess where there is none).
    Machine,
    /// RLIMIT_AS (`ulimit -v`): the address space, of which the process already uses some.
    AddressSpace,
    /// RLIMIT_DATA (`ulimit -d`): the data segment and private mappings.
    Data,
    /// The control group's memory limit (a container's, a systemd slice's).
    Cgroup,
}

impl Source {
    /// The limit in words, for messages.
    pub fn words(self) -> &'static str {
        match self {
            Source::Machine => "this machine has free",
            Source::AddressSpace => "the process's address-space limit (ulimit -v) leaves",
            Source::Data => "the process's data limit (ulimit -d) leaves",
            Source::Cgroup => "this process's control group (its memory.max) leaves",
        }
    }
}

/// Bytes this process may still allocate, and which limit says so.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Available {
    /// Bytes.
    pub bytes: f64,
    /// The tightest limit.
    pub source: Source,
}

/// Used where `/proc/meminfo` cannot be read (not Linux): 8 GiB, or in a browser (wasm32,
/// whose memory is at most 4 GiB and often half that) 2 GiB.
const UNKNOWN_MACHINE: f64 = if cfg!(target_arch = "wasm32") {
    2.0 * 1024.0 * 1024.0 * 1024.0
} else {
    8.0 * 1024.0 * 1024.0 * 1024.0
};

/// Address space a thread's allocator arena and stack may reserve beyond what is allocated
/// (glibc reserves up to 64 MiB per arena); counted against RLIMIT_AS for each core.
const ARENA_RESERVE: f64 = 64.0 * 1024.0 * 1024.0;

/// What this process may still allocate, now.
pub fn available() -> Available {
    let mut best = Available {
        bytes: machine_available().unwrap_or(UNKNOWN_MACHINE),
        source: Source::Machine,
    };
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let mut consider = |bytes: Option<f64>, source: Source| {
        if let Some(b) = bytes {
            if b < best.bytes {
                best = Available {
                    bytes: b.max(0.0),
                    source,
                };
            }
        }
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as f64;
    consider(
        rlimit_left(Limit::AddressSpace, status_kb(&status, "VmSize:"))
            .map(|b| b - threads * ARENA_RESERVE),
        Source::AddressSpace,
    );
    consider(
        rlimit_left(Limit::Data, status_kb(&status, "VmData:")),
        Source::Data,
    );
    consider(cgroup_left(), Source::Cgroup);
    best
}

/// `MemAvailable` of `/proc/meminfo`, in bytes.
fn machine_available() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    status_kb(&text, "MemAvailable:")
}

/// A `KEY:   1234 kB` line of a `/proc` file, in bytes.
fn status_kb(text: &str, key: &str) -> Option<f64> {
    let line = text.lines().find(|l| l.starts_with(key))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024.0)
}

#[derive(Debug, Clone, Copy)]
enum Limit {
    AddressSpace,
    Data,
}

/// The soft limit minus what the process uses of it now; `None` when unlimited or unknown.
#[cfg(unix)]
fn rlimit_left(limit: Limit, used: Option<f64>) -> Option<f64> {
    use rustix::process::{getrlimit, Resource};
    let resource = match limit {
        Limit::AddressSpace => Resource::As,
        Limit::Data => Resource::Data,
    };
    // `current` is the soft limit, `None` when unlimited.
    let soft = getrlimit(resource).current?;
    Some(soft as f64 - used.unwrap_or(0.0))
}

#[cfg(not(unix))]
fn rlimit_left(_: Limit, _: Option<f64>) -> Option<f64> {
    None
}

/// The control group's limit minus its usage; `None` without a limit.
fn cgroup_left() -> Option<f64> {
    let membership = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    cgroup_left_in(Path::new("/sys/fs/cgroup"), &membership)
}

/// [`cgroup_left`] under `root` for the membership lines of `/proc/self/cgroup`: v2
/// (`0::/path`, `memory.max` and `memory.current`) or v1 (`N:memory:/path` or
/// `N:...,memory,...:/path`, `memory.limit_in_bytes` and `memory.usage_in_bytes`). Every
/// ancestor's limit counts, as the kernel applies it.
fn cgroup_left_in(root: &Path, membership: &str) -> Option<f64> {
    let mut tightest: Option<f64> = None;
    for line in membership.lines() {
        let mut parts = line.splitn(3, ':');
        let (Some(_), Some(controllers), Some(path)) = (parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        let (base, max, current) = if controllers.is_empty() {
            (root.to_path_buf(), "memory.max", "memory.current")
        } else if controllers.split(',').any(|c| c == "memory") {
            (
                root.join("memory"),
                "memory.limit_in_bytes",
                "memory.usage_in_bytes",
            )
        } else {
            continue;
        };
        for dir in ancestors(&base, path) {
            let read = |name: &str| -> Option<f64> {
                let text = std::fs::read_to_string(dir.join(name)).ok()?;
                text.trim().parse::<f64>().ok()
            };
            // "max" (v2) does not parse; v1 writes a huge number for no limit.
            let Some(limit) = read(max).filter(|&l| l < 1e18) else {
                continue;
            };
            let left = limit - read(current).unwrap_or(0.0);
            tightest = Some(tightest.map_or(left, |t: f64| t.min(left)));
        }
    }
    tightest
}

/// `base/path` and each of its ancestors down to `base`.
fn ancestors(base: &Path, path: &str) -> Vec<PathBuf> {
    let mut dirs = vec![base.to_path_buf()];
    let mut dir = base.to_path_buf();
    for part in path.split('/').filter(|p| !p.is_empty() && *p != "..") {
        dir = dir.join(part);
        dirs.push(dir.clone());
    }
    dirs
}

/// This process's peak resident memory so far (`VmHWM`), in bytes.
pub fn peak_resident() -> Option<f64> {
    status_kb(
        &std::fs::read_to_string("/proc/self/status").ok()?,
        "VmHWM:",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cgroup_v2_limit_counts_its_usage_and_its_ancestors() {
        let root = tempfile::tempdir().unwrap();
        let leaf = root.path().join("a/b");
        std::fs::create_dir_all(&leaf).unwrap();
        // The root has no limit ("max"), `a` allows 1000 and uses 300, `a/b` allows 900 and
        // uses 100: `a` is the tighter (700 left against 800).
        std::fs::write(root.path().join("memory.max"), "max\n").unwrap();
        std::fs::write(root.path().join("a/memory.max"), "1000\n").unwrap();
        std::fs::write(root.path().join("a/memory.current"), "300\n").unwrap();
        std::fs::write(leaf.join("memory.max"), "900\n").unwrap();
        std::fs::write(leaf.join("memory.current"), "100\n").unwrap();
        assert_eq!(cgroup_left_in(root.path(), "0::/a/b\n"), Some(700.0));
        // No memory controller, or no limit anywhere: none.
        assert_eq!(cgroup_left_in(root.path(), "3:cpu:/a\n"), None);
        assert_eq!(cgroup_left_in(root.path(), "0::/\n"), None);
    }

    #[test]
    fn a_cgroup_v1_limit_is_read_from_the_memory_hierarchy() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("memory/job");
        std::fs::create_dir_all(&dir).unwrap();
        // v1 writes 2^63 rounded to the page for "no limit".
        std::fs::write(
            root.path().join("memory/memory.limit_in_bytes"),
            "9223372036854771712\n",
        )
        .unwrap();
        std::fs::write(dir.join("memory.limit_in_bytes"), "5000\n").unwrap();
        std::fs::write(dir.join("memory.usage_in_bytes"), "1000\n").unwrap();
        let membership = "4:cpu,cpuacct:/job\n7:memory:/job\n";
        assert_eq!(cgroup_left_in(root.path(), membership), Some(4000.0));
    }

    #[test]
    fn proc_lines_are_read_in_bytes() {
        let text = "Name:\tx\nVmSize:\t  2048 kB\nVmHWM:\t 10 kB\n";
        assert_eq!(status_kb(text, "VmSize:"), Some(2048.0 * 1024.0));
        assert_eq!(status_kb(text, "VmRSS:"), None);
    }
}

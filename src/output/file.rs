//! Files written atomically and safely.
//!
//! - The data goes to a temporary file in the target's folder, renamed over the target only
//!   when complete, so an interrupted run never leaves half a file. The temporary is created
//!   before the long computation, so a bad path fails at once.
//! - Only regular files are replaced. A directory, device, FIFO or socket at the target is
//!   refused (renaming over `/dev/null` would replace the device). A symlink to a regular file
//!   (or to nothing yet) is written *through*: the file it points to is replaced, the link
//!   stays.
//! - Every temporary is registered while it exists: [`remove_pending_and_exit`] deletes them all, and
//!   the binary calls it from its Ctrl-C / SIGTERM handler. A run killed outright (SIGKILL)
//!   cannot clean up; the next run that writes the same file removes temporaries whose process
//!   is gone. Temporaries are named `.NAME.candyland-PID.tmp`.
//! - A failed write (a full disk) removes its temporary and leaves the target as it was.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::error::UserError;

/// Temporaries of this process not yet renamed or removed.
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Removes every temporary this process has open and exits with `code` (for a signal
/// handler: it never panics). The registry stays locked until the process is gone, and a
/// temporary is created only under that lock, so none can appear after the clean-up while
/// other threads run on.
pub fn remove_pending_and_exit(code: i32) -> ! {
    let mut pending = PENDING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    for p in pending.drain(..) {
        let _ = std::fs::remove_file(p);
    }
    std::process::exit(code)
}

fn is_registered(path: &Path) -> bool {
    PENDING.lock().is_ok_and(|p| p.iter().any(|q| q == path))
}

fn unregister(path: &Path) {
    if let Ok(mut p) = PENDING.lock() {
        p.retain(|q| q != path);
    }
}

/// An output file opened ahead of time; [`PendingFile::commit`] puts it in place.
#[derive(Debug)]
pub struct PendingFile {
    target: PathBuf,
    temp: PathBuf,
    file: Option<File>,
}

impl PendingFile {
    /// Checks the target and creates the temporary file next to it; fails if the target is
    /// not a regular file or the folder cannot be written. `flag` names the option in messages.
    pub fn create(target: &Path, flag: &str) -> Result<PendingFile, UserError> {
        let bad = |message: String| UserError::BadFlag {
            flag: flag.to_string(),
            message,
        };
        let target = resolve_target(target).map_err(bad)?;
        let name = target
            .file_name()
            .ok_or_else(|| bad(format!("'{}' has no file name", target.display())))?
            .to_string_lossy()
            .into_owned();
        let dir = target
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."))
            .to_path_buf();
        remove_stale(&dir, &name);
        let temp = dir.join(temp_name(&name, std::process::id()));
        // Created and registered under the registry's lock, so that a signal at any moment
        // either finds it or stops it being made. create_new: never follow something planted
        // at the temporary's name.
        let file = {
            let mut pending = PENDING
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            let file = OpenOptions::new().write(true).create_new(true).open(&temp);
            if file.is_ok() {
                pending.push(temp.clone());
            }
            file
        }
        .map_err(|e| {
            bad(format!(
                "cannot write '{}': {e}; check that the folder exists and is writable",
                target.display()
            ))
        })?;
        Ok(PendingFile {
            target,
            temp,
            file: Some(file),
        })
    }

    /// The file that will be written (a symlink's destination).
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Writes `bytes` to the temporary and flushes it to disk; the target is untouched until
    /// [`PendingFile::finish`]. On failure the temporary is removed (when `self` drops).
    pub fn write(&mut self, bytes: &[u8]) -> anyhow::Result<()> {
        let context = || format!("could not write '{}'", self.target.display());
        let file = self
            .file
            .as_mut()
            .ok_or_else(|| anyhow::anyhow!("'{}' was written already", self.target.display()))?;
        anyhow::Context::with_context(file.write_all(bytes), context)?;
        anyhow::Context::with_context(file.sync_all(), context)?;
        Ok(())
    }

    /// Renames the written temporary over the target.
    pub fn finish(mut self) -> anyhow::Result<()> {
        let context = || format!("could not write '{}'", self.target.display());
        anyhow::Context::with_context(std::fs::rename(&self.temp, &self.target), context)?;
        unregister(&self.temp);
        self.file = None;
        Ok(())
    }

    /// Writes `bytes` and renames the temporary file over the target.
    pub fn commit(mut self, bytes: &[u8]) -> anyhow::Result<()> {
        self.write(bytes)?;
        self.finish()
    }
}

impl Drop for PendingFile {
    fn drop(&mut self) {
        if self.file.take().is_some() {
            let _ = std::fs::remove_file(&self.temp);
            unregister(&self.temp);
        }
    }
}

/// The file to replace: `target` itself, or the regular file a symlink points to. Anything
/// else that exists there (a directory, device, FIFO, socket) is refused.
fn resolve_target(target: &Path) -> Result<PathBuf, String> {
    let mut path = target.to_path_buf();
    // Follow a chain of links by hand, so that a dangling link still names where to write.
    for _ in 0..40 {
        match std::fs::symlink_metadata(&path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(path),
            Err(e) => return Err(format!("cannot use '{}': {e}", target.display())),
            Ok(m) if m.file_type().is_symlink() => {
                let link = std::fs::read_link(&path)
                    .map_err(|e| format!("cannot follow the link '{}': {e}", target.display()))?;
                path = match path.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            Ok(m) if m.is_dir() => {
                return Err(format!(
                    "'{}' is a directory; give a file name",
                    target.display()
                ))
            }
            Ok(m) if !m.is_file() => {
                return Err(format!(
                    "'{}' is not a regular file (a device, FIFO or socket), and this tool only replaces regular files; give another file name",
                    target.display()
                ))
            }
            Ok(_) => return Ok(path),
        }
    }
    Err(format!(
        "'{}' is a loop of symbolic links",
        target.display()
    ))
}

fn temp_name(name: &str, pid: u32) -> String {
    format!(".{name}.candyland-{pid}.tmp")
}

/// Removes temporaries for `name` in `dir` left by runs that were killed (their process is
/// gone). Where processes cannot be looked up (no `/proc`), only day-old ones are removed.
fn remove_stale(dir: &Path, name: &str) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let prefix = format!(".{name}.candyland-");
    let proc_exists = Path::new("/proc/self").exists();
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(rest) = file_name
            .to_str()
            .and_then(|f| f.strip_prefix(&prefix))
            .and_then(|r| r.strip_suffix(".tmp"))
        else {
            continue;
        };
        let Ok(pid) = rest.parse::<u32>() else {
            continue;
        };
        let gone = if pid == std::process::id() {
            // Ours by number but not open here: left by a dead process whose PID was reused.
            !is_registered(&entry.path())
        } else if proc_exists {
            !Path::new(&format!("/proc/{pid}")).exists()
        } else {
            entry
                .metadata()
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.elapsed().ok())
                .is_some_and(|age| age.as_secs() > 86_400)
        };
        let regular = entry.file_type().is_ok_and(|t| t.is_file());
        if gone && regular {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Writes a whole file atomically.
pub fn write_atomic(target: &Path, flag: &str, bytes: &[u8]) -> anyhow::Result<()> {
    PendingFile::create(target, flag)?.commit(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_write_leaves_no_temporary_and_the_target_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("out.txt");
        std::fs::write(&target, "old").unwrap();
        let mut f = PendingFile::create(&target, "--out").unwrap();
        let temp = f.temp.clone();
        assert!(temp.exists());
        // Replace the open file by a read-only handle: the write fails like a full disk.
        f.file = Some(File::open(&target).unwrap());
        assert!(f.write(b"new").is_err());
        drop(f);
        assert!(!temp.exists());
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "old");
    }

    #[test]
    fn stale_temporaries_of_dead_processes_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        // PID 4000000000 cannot exist (Linux PIDs are below 2^22).
        let stale = dir.path().join(temp_name("x.png", 4_000_000_000));
        let mine = dir.path().join(temp_name("y.png", 4_000_000_000));
        std::fs::write(&stale, "").unwrap();
        std::fs::write(&mine, "").unwrap();
        PendingFile::create(&dir.path().join("x.png"), "--out")
            .unwrap()
            .commit(b"ok")
            .unwrap();
        assert!(!stale.exists() || !Path::new("/proc/self").exists());
        assert!(
            mine.exists(),
            "only the same file's temporaries are touched"
        );
    }
}

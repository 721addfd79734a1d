//! Files written atomically and safely, also into folders other people can write to.
//!
//! - The data goes to a temporary file in the target's folder, renamed over the target only
//!   when complete, so an interrupted run never leaves half a file. The temporary is created
//!   before the long computation, so a bad path fails at once, naming its flag.
//! - The final path is never opened. The temporary is made with `create_new` (`O_EXCL`: a link
//!   planted at its name is refused, not followed), and `rename(2)` replaces the directory
//!   entry at the target: a symbolic link or a hard link found there is replaced, never
//!   followed, so the file it leads to keeps its bytes, owner and mode. A regular file
//!   replaced passes its permission bits on to the new one. A directory, device,
//!   FIFO or socket at the target is refused (renaming over `/dev/null` would replace the
//!   device).
//! - A target must name a file (not end in `/`, `.` or `..`), in a folder that exists and can
//!   be written, and must not be a file the same run reads ([`crate::input::files::input_named`]).
//! - Every temporary is registered while it exists, and so is every folder the run creates:
//!   [`remove_pending_and_exit`] deletes the temporaries and the created folders left empty,
//!   and the binary calls it on every catchable terminating signal; [`remove_created_folders`]
//!   does the second on an error. A run killed outright (SIGKILL) cannot clean up; the next run
//!   that writes the same file removes temporaries whose process is gone. Temporaries are named
//!   `.NAME.candyland-PID.tmp`.
//! - A failed write (a full disk) removes its temporary and leaves the target as it was.
//! - [`finish_all`] renames several files as one step under the registry's lock, so a signal
//!   never falls between two of them; with [`FolderLock`] a report's folder is replaced as a
//!   whole even when two runs write into it at once.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use crate::error::{Context, Error};
use crate::input::error::UserError;

/// What this process has created and not yet put in place.
struct Registry {
    /// Temporaries not yet renamed or removed.
    temps: Vec<PathBuf>,
    /// Folders this run created, parents first.
    folders: Vec<PathBuf>,
}

static PENDING: Mutex<Registry> = Mutex::new(Registry {
    temps: Vec::new(),
    folders: Vec::new(),
});

/// The registry, locked (never failing: a panic elsewhere does not stop the clean-up).
fn registry() -> MutexGuard<'static, Registry> {
    PENDING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Removes the folders of `r` that this run created and that are still empty, deepest first
/// (`remove_dir` fails on a folder that holds anything: nothing of anyone's is deleted).
fn remove_empty_folders(r: &mut Registry) {
    for folder in r.folders.drain(..).rev() {
        let _ = std::fs::remove_dir(folder);
    }
}

/// Removes every temporary this process has open and the folders it created and left empty,
/// then exits with `code` (for a signal handler: it never panics). The registry stays locked
/// until the process is gone, and a temporary is created only under that lock, so none can
/// appear after the clean-up while other threads run on; a [`finish_all`] under way is
/// finished first.
pub fn remove_pending_and_exit(code: i32) -> ! {
    let mut r = registry();
    for p in r.temps.drain(..) {
        let _ = std::fs::remove_file(p);
    }
    remove_empty_folders(&mut r);
    std::process::exit(code)
}

/// Removes the folders this run created and left empty (after an error: a refused
/// `report -o out/a/b/c` leaves no `out/a/b` behind).
pub fn remove_created_folders() {
    remove_empty_folders(&mut registry());
}

/// Creates `dir` and any missing parents, registering each one created; `flag` names the
/// option in messages. A folder that cannot be created is a [`UserError::BadFlag`], and the
/// parents created on the way are removed again.
pub fn create_folder(dir: &Path, flag: &str) -> Result<(), UserError> {
    let missing: Vec<&Path> = dir
        .ancestors()
        .filter(|p| !p.as_os_str().is_empty())
        .take_while(|p| std::fs::symlink_metadata(p).is_err())
        .collect();
    let mut created = Vec::new();
    for folder in missing.into_iter().rev() {
        let made = {
            let mut r = registry();
            let made = std::fs::create_dir(folder);
            if made.is_ok() {
                r.folders.push(folder.to_path_buf());
            }
            made
        };
        match made {
            Ok(()) => created.push(folder),
            // Made meanwhile by another run: not ours to remove.
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && folder.is_dir() => {}
            Err(e) => {
                let mut r = registry();
                for c in created.iter().rev() {
                    let _ = std::fs::remove_dir(c);
                    r.folders.retain(|f| f != c);
                }
                return Err(UserError::BadFlag {
                    flag: flag.to_string(),
                    message: format!(
                        "cannot create the folder '{}': {e}; check the path and its permissions",
                        folder.display()
                    ),
                });
            }
        }
    }
    if !dir.is_dir() {
        return Err(UserError::BadFlag {
            flag: flag.to_string(),
            message: format!("'{}' is not a folder; give a folder", dir.display()),
        });
    }
    Ok(())
}

fn is_registered(path: &Path) -> bool {
    registry().temps.iter().any(|q| q == path)
}

fn unregister(path: &Path) {
    registry().temps.retain(|q| q != path);
}

/// An output file opened ahead of time; [`PendingFile::commit`] puts it in place.
#[derive(Debug)]
pub struct PendingFile {
    target: PathBuf,
    temp: PathBuf,
    file: Option<File>,
}

impl PendingFile {
    /// Checks the target and creates the temporary file next to it; fails if the target does
    /// not name a file that may be replaced (see the module's rules) or the folder cannot be
    /// written. `flag` names the option in messages.
    pub fn create(target: &Path, flag: &str) -> Result<PendingFile, UserError> {
        let bad = |message: String| UserError::BadFlag {
            flag: flag.to_string(),
            message,
        };
        check_target(target).map_err(bad)?;
        let target = target.to_path_buf();
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
            let mut r = registry();
            let file = OpenOptions::new().write(true).create_new(true).open(&temp);
            if file.is_ok() {
                r.temps.push(temp.clone());
            }
            file
        }
        .map_err(|e| {
            bad(format!(
                "cannot write '{}': {e}; check that the folder exists and is writable",
                target.display()
            ))
        })?;
        keep_permissions(&file, &target);
        Ok(PendingFile {
            target,
            temp,
            file: Some(file),
        })
    }

    /// The file that will be written.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Writes `bytes` to the temporary and flushes it to disk; the target is untouched until
    /// [`PendingFile::finish`]. On failure the temporary is removed (when `self` drops).
    pub fn write(&mut self, bytes: &[u8]) -> crate::Result<()> {
        let context = || format!("could not write '{}'", self.target.display());
        let file = self.file.as_mut().ok_or_else(|| {
            Error::internal(format_args!(
                "'{}' was written already",
                self.target.display()
            ))
        })?;
        file.write_all(bytes).context_with(context)?;
        file.sync_all().context_with(context)?;
        Ok(())
    }

    /// Renames the written temporary over the target.
    pub fn finish(self) -> crate::Result<()> {
        finish_all(vec![self], || {})
    }

    /// Writes `bytes` and renames the temporary file over the target.
    pub fn commit(mut self, bytes: &[u8]) -> crate::Result<()> {
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

/// Gives the new file the permission bits of the regular file it will replace, so that
/// replacing a file does not change who may read it (a symbolic link's target is never looked
/// at: its file is not the one replaced).
#[cfg(unix)]
fn keep_permissions(file: &File, target: &Path) {
    use std::os::unix::fs::PermissionsExt;
    if let Ok(m) = std::fs::symlink_metadata(target) {
        if m.is_file() {
            let mode = m.permissions().mode() & 0o777;
            let _ = file.set_permissions(std::fs::Permissions::from_mode(mode));
        }
    }
}

#[cfg(not(unix))]
fn keep_permissions(_file: &File, _target: &Path) {}

/// Renames every written file over its target, in order, then runs `then`, all under the
/// registry's lock: a signal's clean-up waits for the whole step, so it never falls between
/// two renames. On a failed rename the files not yet renamed are removed and the error
/// returned.
pub fn finish_all(files: Vec<PendingFile>, then: impl FnOnce()) -> crate::Result<()> {
    let mut files = files.into_iter();
    let failed = {
        let mut r = registry();
        let mut failed = None;
        for mut f in files.by_ref() {
            match std::fs::rename(&f.temp, &f.target) {
                Ok(()) => {
                    r.temps.retain(|q| *q != f.temp);
                    // Renamed: nothing left for `drop` to remove (nor a lock to take).
                    f.file = None;
                }
                Err(e) => {
                    failed = Some((e, f));
                    break;
                }
            }
        }
        if failed.is_none() {
            then();
        }
        failed
    };
    // The rest drop here, with the lock released (dropping takes it).
    drop(files);
    match failed {
        None => Ok(()),
        Some((e, f)) => {
            let context = format!("could not write '{}'", f.target.display());
            drop(f);
            Err(Error::from(e).context(context))
        }
    }
}

/// An advisory lock on a folder (`flock` on the folder itself, so no lock file is left
/// behind), held until dropped: runs that take it on the same folder take turns. (Where
/// there is no `flock`, there is no lock: the renames are still one step of this process.)
pub struct FolderLock(#[allow(dead_code)] Option<File>);

impl FolderLock {
    /// Waits for and takes the lock of `dir`.
    #[cfg(unix)]
    pub fn acquire(dir: &Path) -> crate::Result<FolderLock> {
        let context = || format!("could not lock the folder '{}'", dir.display());
        let folder = File::open(dir).context_with(context)?;
        rustix::fs::flock(&folder, rustix::fs::FlockOperation::LockExclusive)
            .map_err(std::io::Error::from)
            .context_with(context)?;
        Ok(FolderLock(Some(folder)))
    }

    /// No lock where there is no `flock`.
    #[cfg(not(unix))]
    pub fn acquire(_dir: &Path) -> crate::Result<FolderLock> {
        Ok(FolderLock(None))
    }
}

/// Checks that `target` names a file this tool may replace: not a folder (by its spelling or
/// on disk), not a device, FIFO or socket, not a file this run reads. A symbolic link or a
/// hard link is fine: it is replaced, not followed.
fn check_target(target: &Path) -> Result<(), String> {
    let shown = target.display();
    let spelled = target.as_os_str().to_string_lossy();
    let last = spelled.rsplit('/').next().unwrap_or("");
    if matches!(last, "" | "." | "..") {
        return Err(format!(
            "'{shown}' names a folder; give a file name, e.g. '{}'",
            Path::new(spelled.trim_end_matches('/'))
                .join("out.txt")
                .display()
        ));
    }
    if let Some((what, path)) = crate::input::files::input_named(target) {
        return Err(format!(
            "'{shown}' is {what} that this run reads (as '{path}'); writing there would destroy it, so give another file name"
        ));
    }
    match std::fs::symlink_metadata(target) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(format!("cannot use '{shown}': {e}")),
        Ok(m) if m.file_type().is_symlink() || m.is_file() => Ok(()),
        Ok(m) if m.is_dir() => Err(format!("'{shown}' is a directory; give a file name")),
        Ok(_) => Err(format!(
            "'{shown}' is not a regular file (a device, FIFO or socket), and this tool only replaces regular files; give another file name"
        )),
    }
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
pub fn write_atomic(target: &Path, flag: &str, bytes: &[u8]) -> crate::Result<()> {
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

    #[cfg(unix)]
    #[test]
    fn a_folder_lock_keeps_out_every_other_holder_until_dropped() {
        use rustix::fs::{flock, FlockOperation};
        let dir = tempfile::tempdir().unwrap();
        let try_lock = || {
            let other = File::open(dir.path()).unwrap();
            flock(&other, FlockOperation::NonBlockingLockExclusive).is_ok()
        };
        let lock = FolderLock::acquire(dir.path()).unwrap();
        // Another open file description (as another run has) cannot take it.
        assert!(!try_lock());
        drop(lock);
        assert!(try_lock());
    }

    #[test]
    fn a_link_at_the_target_is_replaced_and_its_file_kept() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim.txt");
        std::fs::write(&victim, "victim").unwrap();
        let target = dir.path().join("out.txt");
        #[cfg(unix)]
        std::os::unix::fs::symlink(&victim, &target).unwrap();
        #[cfg(not(unix))]
        std::fs::hard_link(&victim, &target).unwrap();
        write_atomic(&target, "--out", b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "victim");
        assert!(std::fs::symlink_metadata(&target).unwrap().is_file());
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "new");
    }

    #[test]
    fn a_target_spelled_as_a_folder_is_refused() {
        for bad in ["q/", "q/.", "q/..", "."] {
            let e = PendingFile::create(Path::new(bad), "--out").unwrap_err();
            assert!(e.to_string().contains("names a folder"), "{bad}: {e}");
        }
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

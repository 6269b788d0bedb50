//! The virtual filesystem the simulated shell works on: directories and
//! text files under `/`, with the user's home `/home/<user>`, a writable
//! `/tmp` and the device `/dev/null`. Pure and serializable, so a lab's files
//! can be saved and restored.
//!
//! Paths are stored flat, by canonical absolute path (`/`, `/home/ada/x`),
//! so no operation recurses over a deep tree. The user may write only below
//! the home directory and `/tmp`, like an unprivileged account. The total
//! size of file contents and the number of entries are capped, so a runaway
//! heredoc or copy fails with "No space left on device" instead of
//! exhausting memory.

use serde::{Deserialize, Serialize};

use crate::sorted::SortedMap;

/// The most bytes of file contents the filesystem holds, all files together.
pub const MAX_BYTES: usize = 4 << 20;

/// The most entries (files and directories) the filesystem holds.
pub const MAX_ENTRIES: usize = 4096;

/// The longest path accepted, in bytes (Linux's `PATH_MAX`).
pub const MAX_PATH: usize = 4096;

/// The longest file name accepted, in bytes (Linux's `NAME_MAX`).
pub const MAX_NAME: usize = 255;

/// The writable scratch directory besides the home directory.
const TMP: &str = "/tmp";

/// The device that reads as empty and swallows writes.
pub const DEV_NULL: &str = "/dev/null";

/// Why a filesystem operation failed: the system error, worded as `strerror`
/// words it, so that tools can print `cat: x: No such file or directory`.
/// The tool that gets it knows the path and puts it in its message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum FsError {
    /// A path, or a directory on the way to it, does not exist (`ENOENT`).
    #[error("No such file or directory")]
    NotFound,
    /// A file stands where a directory is needed (`ENOTDIR`).
    #[error("Not a directory")]
    NotADirectory,
    /// A directory stands where a file is needed (`EISDIR`).
    #[error("Is a directory")]
    IsADirectory,
    /// The path to create already exists (`EEXIST`).
    #[error("File exists")]
    Exists,
    /// A directory to remove or replace still has entries (`ENOTEMPTY`).
    #[error("Directory not empty")]
    NotEmpty,
    /// The size or entry cap would be exceeded (`ENOSPC`).
    #[error("No space left on device")]
    NoSpace,
    /// A path or one of its names is too long (`ENAMETOOLONG`).
    #[error("File name too long")]
    NameTooLong,
    /// A directory would move into itself (`EINVAL`).
    #[error("Invalid argument")]
    Invalid,
    /// The user may not change this place (outside home and `/tmp`, `EACCES`).
    #[error("Permission denied")]
    PermissionDenied,
    /// A tool read more than it may in one run (`EFBIG`).
    #[error("File too large")]
    TooLarge,
}

/// What kind of entry a path names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A regular file.
    File,
    /// A directory.
    Dir,
    /// A character device (`/dev/null`).
    Device,
}

/// What `stat` would tell about an entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Meta {
    /// File, directory or device.
    pub kind: Kind,
    /// Size in bytes (0 for directories and devices).
    pub size: usize,
    /// Last modification, in seconds since the Unix epoch.
    pub mtime: u64,
    /// Whether the execute bit is set (directories always have it).
    pub executable: bool,
}

/// What a later copy of a filesystem holds that an earlier one did not
/// ([`Fs::changes_since`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// A directory made.
    Dir(String),
    /// A file made or changed, with its whole text.
    File(String, String),
}

impl Meta {
    /// The size `stat` gives: the bytes of a file, 4096 for a directory.
    pub fn stat_size(&self) -> usize {
        match self.kind {
            Kind::Dir => 4096,
            _ => self.size,
        }
    }

    /// The disk it takes, in KiB: whole 4 KiB blocks, as on ext4.
    pub fn kib(&self) -> usize {
        self.stat_size().div_ceil(4096) * 4
    }
}

/// What `ls -l` and `find -printf` show of an entry beyond [`Meta`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inode {
    /// The mode as `ls -l` writes it (`drwxr-xr-x`).
    pub mode: &'static str,
    /// Hard links: 1 for a file, 2 and one per subdirectory for a directory.
    pub links: usize,
    /// The owner (and group): the user in their homes and in `/tmp`, root
    /// elsewhere.
    pub owner: String,
    /// Size in bytes, 4096 for a directory.
    pub size: usize,
    /// Disk use in KiB, in whole 4 KiB blocks.
    pub kib: usize,
}

/// How [`Fs::write`] treats an existing file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteMode {
    /// Replace its contents (`>`).
    Truncate,
    /// Add to its end (`>>`).
    Append,
}

/// One entry of the filesystem.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
enum Node {
    File {
        text: String,
        mtime: u64,
        #[serde(default)]
        executable: bool,
    },
    Dir {
        mtime: u64,
    },
    Null,
}

impl Node {
    fn meta(&self) -> Meta {
        match self {
            Node::File {
                text,
                mtime,
                executable,
            } => Meta {
                kind: Kind::File,
                size: text.len(),
                mtime: *mtime,
                executable: *executable,
            },
            Node::Dir { mtime } => Meta {
                kind: Kind::Dir,
                size: 0,
                mtime: *mtime,
                executable: true,
            },
            Node::Null => Meta {
                kind: Kind::Device,
                size: 0,
                mtime: 0,
                executable: false,
            },
        }
    }
}

/// The filesystem: every entry by its canonical absolute path.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Fs {
    nodes: SortedMap<String, Node>,
    home: String,
    /// Other users' homes made since (root's, under `sudo -i`), writable
    /// as the home is.
    #[serde(default)]
    other_homes: Vec<String>,
}

/// `dir` and `name` joined by one slash.
pub(crate) fn join(dir: &str, name: &str) -> String {
    if dir.ends_with('/') {
        format!("{dir}{name}")
    } else {
        format!("{dir}/{name}")
    }
}

/// The directory holding a canonical path (`/` for `/` itself).
pub(crate) fn parent(path: &str) -> &str {
    match path.rfind('/') {
        Some(0) | None => "/",
        Some(i) => &path[..i],
    }
}

/// The last name of a canonical path (empty for `/`).
pub(crate) fn base_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or_default()
}

/// Whether `path` is `dir` or lies below it (both canonical).
pub(crate) fn is_within(path: &str, dir: &str) -> bool {
    path == dir || dir == "/" || path.strip_prefix(dir).is_some_and(|r| r.starts_with('/'))
}

/// The home directory of `user`: `/root` or `/home/<user>`.
pub fn home_of(user: &str) -> String {
    if user == "root" {
        "/root".to_owned()
    } else {
        join("/home", user)
    }
}

impl Fs {
    /// A fresh filesystem: `/`, `/home`, `/home/<user>` (`/root` for
    /// root), `/tmp` and
    /// `/dev/null`, all made at `now`. `user` must be a valid file name.
    pub fn new(user: &str, now: u64) -> Fs {
        let home = home_of(user);
        let mut nodes = SortedMap::new();
        for dir in ["/", "/home", home.as_str(), TMP, "/dev"] {
            nodes.insert(dir.to_owned(), Node::Dir { mtime: now });
        }
        nodes.insert(DEV_NULL.to_owned(), Node::Null);
        Fs {
            nodes,
            home,
            other_homes: Vec::new(),
        }
    }

    /// Puts the system file `path` (canonical, absolute) with `text`, and
    /// the directories above it, made at `now`: the cluster's
    /// `/etc/slurm/slurm.conf`, which the user may read but not change.
    pub fn install(&mut self, path: &str, text: &str, now: u64) {
        let mut dir = parent(path);
        while self.nodes.get(dir).is_none() {
            self.nodes.insert(dir.to_owned(), Node::Dir { mtime: now });
            dir = parent(dir);
        }
        let file = Node::File {
            text: text.to_owned(),
            mtime: now,
            executable: false,
        };
        self.nodes.insert(path.to_owned(), file);
    }

    /// The directories and files that are new or different since
    /// `before`, in path order (a directory before what it holds);
    /// removals are not reported.
    pub fn changes_since(&self, before: &Fs) -> Vec<Change> {
        self.nodes
            .iter()
            .filter(|(path, node)| before.nodes.get(*path) != Some(*node))
            .filter_map(|(path, node)| match node {
                Node::Dir { .. } if !before.nodes.contains_key(path) => {
                    Some(Change::Dir(path.clone()))
                }
                Node::File { text, .. } => Some(Change::File(path.clone(), text.clone())),
                _ => None,
            })
            .collect()
    }

    /// Makes each change here at `now`, as far as it goes (a change whose
    /// directory is missing is lost).
    pub fn apply(&mut self, changes: &[Change], now: u64) {
        for change in changes {
            let _ = match change {
                Change::Dir(path) => self.mkdir(path, now),
                Change::File(path, text) => self.write(path, text, WriteMode::Truncate, now),
            };
        }
    }

    /// The text of the file `path` names from the directory `cwd`, if
    /// there is one to read (how a Slurm command reads `sbatch job.sh`).
    pub fn read_at(&self, cwd: &str, path: &str) -> Option<String> {
        let full = self.resolve(cwd, path).ok()?;
        self.read(&full).ok().map(str::to_owned)
    }

    /// The user's home directory.
    pub fn home(&self) -> &str {
        &self.home
    }

    /// `path` made absolute and canonical, relative to `cwd` (itself
    /// canonical). `.` and `..` are followed like the kernel does: every
    /// directory on the way must exist; the last name need not.
    pub fn resolve(&self, cwd: &str, path: &str) -> Result<String, FsError> {
        if path.is_empty() {
            return Err(FsError::NotFound);
        }
        if path.len() > MAX_PATH {
            return Err(FsError::NameTooLong);
        }
        let mut cur = if path.starts_with('/') {
            String::from("/")
        } else {
            cwd.to_owned()
        };
        for name in path.split('/').filter(|n| !n.is_empty()) {
            self.require_dir(&cur)?;
            match name {
                "." => {}
                ".." => cur = parent(&cur).to_owned(),
                _ if name.len() > MAX_NAME => return Err(FsError::NameTooLong),
                _ => cur = join(&cur, name),
            }
        }
        if path.ends_with('/') {
            self.require_dir(&cur).or_else(|e| match e {
                // `mkdir new/` names a directory still to be made.
                FsError::NotFound => Ok(()),
                other => Err(other),
            })?;
        }
        Ok(cur)
    }

    fn require_dir(&self, path: &str) -> Result<(), FsError> {
        match self.nodes.get(path) {
            Some(Node::Dir { .. }) => Ok(()),
            Some(_) => Err(FsError::NotADirectory),
            None => Err(FsError::NotFound),
        }
    }

    /// What is at `path`, if anything.
    pub fn meta(&self, path: &str) -> Option<Meta> {
        self.nodes.get(path).map(Node::meta)
    }

    /// The text of the file at `path` (empty for `/dev/null`).
    pub fn read(&self, path: &str) -> Result<&str, FsError> {
        match self.nodes.get(path) {
            Some(Node::File { text, .. }) => Ok(text),
            Some(Node::Null) => Ok(""),
            Some(Node::Dir { .. }) => Err(FsError::IsADirectory),
            None => Err(FsError::NotFound),
        }
    }

    /// The names in the directory `path` with what they are, sorted by name
    /// (bytewise, like `LC_ALL=C`).
    pub fn list(&self, path: &str) -> Result<Vec<(String, Meta)>, FsError> {
        self.require_dir(path)?;
        let prefix = join(path, "");
        let mut entries: Vec<(String, Meta)> = self
            .nodes
            .range_from(prefix.as_str())
            .take_while(|(p, _)| p.starts_with(&prefix))
            .filter(|(p, _)| p.len() > prefix.len() && !p[prefix.len()..].contains('/'))
            .map(|(p, n)| (p[prefix.len()..].to_owned(), n.meta()))
            .collect();
        crate::sort::by(&mut entries, |a, b| a.0.cmp(&b.0));
        Ok(entries)
    }

    /// The rest of what `stat` tells about the entry `meta` at `path`, as
    /// `user` sees it.
    pub fn inode(&self, path: &str, meta: Meta, user: &str) -> Inode {
        let mode = match meta.kind {
            Kind::Dir if path == TMP => "drwxrwxrwt",
            Kind::Dir => "drwxr-xr-x",
            Kind::Device => "crw-rw-rw-",
            Kind::File if meta.executable => "-rwxr-xr-x",
            Kind::File => "-rw-r--r--",
        };
        let links = match meta.kind {
            Kind::Dir => {
                let entries = self.list(path).unwrap_or_default();
                2 + entries.iter().filter(|(_, m)| m.kind == Kind::Dir).count()
            }
            _ => 1,
        };
        let mine = is_within(path, &self.home) || (is_within(path, TMP) && path != TMP);
        Inode {
            mode,
            links,
            owner: if mine { user } else { "root" }.to_owned(),
            size: meta.stat_size(),
            kib: meta.kib(),
        }
    }

    /// Whether the user may create or remove entries in the directory `dir`.
    fn writable_dir(&self, dir: &str) -> Result<(), FsError> {
        self.require_dir(dir)?;
        let in_a_home = std::iter::once(&self.home)
            .chain(&self.other_homes)
            .any(|home| is_within(dir, home));
        if in_a_home || is_within(dir, TMP) {
            Ok(())
        } else {
            Err(FsError::PermissionDenied)
        }
    }

    fn used_bytes(&self) -> usize {
        self.nodes
            .values()
            .map(|n| match n {
                Node::File { text, .. } => text.len(),
                _ => 0,
            })
            .sum()
    }

    /// Room for a new entry at `path`: its directory is writable and the
    /// entry cap not reached.
    fn room_for_entry(&self, path: &str) -> Result<(), FsError> {
        self.writable_dir(parent(path))?;
        if self.nodes.len() >= MAX_ENTRIES {
            return Err(FsError::NoSpace);
        }
        Ok(())
    }

    fn touch_dir(&mut self, dir: &str, now: u64) {
        if let Some(Node::Dir { mtime }) = self.nodes.get_mut(dir) {
            *mtime = now;
        }
    }

    /// Writes `text` to the file at `path`, creating it if needed.
    /// Writing to `/dev/null` succeeds and keeps nothing.
    pub fn write(
        &mut self,
        path: &str,
        text: &str,
        mode: WriteMode,
        now: u64,
    ) -> Result<(), FsError> {
        let old_len = match self.nodes.get(path) {
            Some(Node::Null) => return Ok(()),
            Some(Node::Dir { .. }) => return Err(FsError::IsADirectory),
            Some(Node::File { text, .. }) => {
                self.writable_dir(parent(path))?;
                text.len()
            }
            None => {
                self.room_for_entry(path)?;
                0
            }
        };
        let new_len = match mode {
            WriteMode::Truncate => text.len(),
            WriteMode::Append => old_len + text.len(),
        };
        if self.used_bytes() - old_len + new_len > MAX_BYTES {
            return Err(FsError::NoSpace);
        }
        match self.nodes.get_mut(path) {
            Some(Node::File {
                text: old, mtime, ..
            }) => {
                if mode == WriteMode::Truncate {
                    old.clear();
                }
                old.push_str(text);
                *mtime = now;
            }
            _ => {
                self.nodes.insert(
                    path.to_owned(),
                    Node::File {
                        text: text.to_owned(),
                        mtime: now,
                        executable: false,
                    },
                );
                self.touch_dir(parent(path), now);
            }
        }
        Ok(())
    }

    /// Creates an empty file at `path`, or updates its time if it exists.
    pub fn touch(&mut self, path: &str, now: u64) -> Result<(), FsError> {
        match self.nodes.get_mut(path) {
            Some(Node::File { mtime, .. } | Node::Dir { mtime }) => {
                *mtime = now;
                Ok(())
            }
            Some(Node::Null) => Ok(()),
            None => self.write(path, "", WriteMode::Append, now),
        }
    }

    /// Sets or clears the execute bit of the file at `path`.
    pub fn set_executable(&mut self, path: &str, on: bool) -> Result<(), FsError> {
        self.writable_dir(parent(path))?;
        match self.nodes.get_mut(path) {
            Some(Node::File { executable, .. }) => {
                *executable = on;
                Ok(())
            }
            Some(_) => Ok(()),
            None => Err(FsError::NotFound),
        }
    }

    /// Makes `path` a home directory too (root's under `sudo -i`), where
    /// files may be written as in the home.
    pub fn add_home(&mut self, path: &str, now: u64) {
        self.nodes
            .get_or_insert_with(path.to_owned(), || Node::Dir { mtime: now });
        if path != self.home && !self.other_homes.iter().any(|h| h == path) {
            self.other_homes.push(path.to_owned());
        }
    }

    /// Makes the directory `path`; its parent must exist.
    pub fn mkdir(&mut self, path: &str, now: u64) -> Result<(), FsError> {
        if self.nodes.contains_key(path) {
            return Err(FsError::Exists);
        }
        self.room_for_entry(path)?;
        self.nodes.insert(path.to_owned(), Node::Dir { mtime: now });
        self.touch_dir(parent(path), now);
        Ok(())
    }

    /// Removes the entry at `path` and, with `recursive`, everything below
    /// it; without, a directory must be empty.
    pub fn remove(&mut self, path: &str, recursive: bool, now: u64) -> Result<(), FsError> {
        if path == "/" {
            return Err(FsError::PermissionDenied);
        }
        if !self.nodes.contains_key(path) {
            return Err(FsError::NotFound);
        }
        self.writable_dir(parent(path))?;
        let below = self.below(path);
        if !below.is_empty() && !recursive {
            return Err(FsError::NotEmpty);
        }
        for p in below {
            self.nodes.remove(&p);
        }
        self.nodes.remove(path);
        self.touch_dir(parent(path), now);
        Ok(())
    }

    /// The paths strictly below the directory `path`.
    fn below(&self, path: &str) -> Vec<String> {
        let prefix = join(path, "");
        self.nodes
            .range_from(prefix.as_str())
            .take_while(|(p, _)| p.starts_with(&prefix))
            .map(|(p, _)| p.clone())
            .collect()
    }

    /// Checks that `to` may be replaced by (or made as) a copy of `from`.
    fn check_replace(&self, from: &str, to: &str) -> Result<(), FsError> {
        if is_within(to, from) {
            return Err(FsError::Invalid);
        }
        let from_dir = matches!(self.nodes.get(from), Some(Node::Dir { .. }));
        match self.nodes.get(to) {
            None => self.room_for_entry(to),
            Some(Node::Dir { .. }) if !from_dir => Err(FsError::IsADirectory),
            Some(Node::Dir { .. }) if !self.below(to).is_empty() => Err(FsError::NotEmpty),
            Some(Node::File { .. } | Node::Null) if from_dir => Err(FsError::NotADirectory),
            Some(_) => self.writable_dir(parent(to)),
        }
    }

    /// Moves the entry at `from` (and all below it) to `to`, replacing a
    /// file or an empty directory there (`rename(2)`).
    pub fn rename(&mut self, from: &str, to: &str, now: u64) -> Result<(), FsError> {
        if !self.nodes.contains_key(from) {
            return Err(FsError::NotFound);
        }
        if from == to {
            return Ok(());
        }
        self.writable_dir(parent(from))?;
        self.check_replace(from, to)?;
        let mut moved = self.below(from);
        moved.push(from.to_owned());
        for old in moved {
            if let Some(node) = self.nodes.remove(&old) {
                let new = format!("{to}{}", &old[from.len()..]);
                self.nodes.insert(new, node);
            }
        }
        self.touch_dir(parent(from), now);
        self.touch_dir(parent(to), now);
        Ok(())
    }

    /// Copies the entry at `from` to `to`; a directory with everything below
    /// it. The copies are dated `now`.
    pub fn copy(&mut self, from: &str, to: &str, now: u64) -> Result<(), FsError> {
        let Some(node) = self.nodes.get(from) else {
            return Err(FsError::NotFound);
        };
        if matches!(node, Node::File { .. }) && self.nodes.contains_key(to) {
            // Overwriting a file keeps its entry: only the size can overflow.
            let text = self.read(from)?.to_owned();
            return self.write(to, &text, WriteMode::Truncate, now);
        }
        self.check_replace(from, to)?;
        let mut copied = vec![from.to_owned()];
        copied.extend(self.below(from));
        let added: usize = copied
            .iter()
            .filter_map(|p| self.nodes.get(p))
            .map(|n| n.meta().size)
            .sum();
        if self.nodes.len() + copied.len() > MAX_ENTRIES || self.used_bytes() + added > MAX_BYTES {
            return Err(FsError::NoSpace);
        }
        for old in copied {
            let node = match self.nodes.get(&old) {
                Some(Node::File {
                    text, executable, ..
                }) => Node::File {
                    text: text.clone(),
                    mtime: now,
                    executable: *executable,
                },
                Some(Node::Dir { .. }) => Node::Dir { mtime: now },
                Some(Node::Null) | None => Node::Null,
            };
            self.nodes
                .insert(format!("{to}{}", &old[from.len()..]), node);
        }
        self.touch_dir(parent(to), now);
        Ok(())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn fs() -> Fs {
        Fs::new("ada", 0)
    }

    #[test]
    fn resolve_follows_dots_and_checks_directories() {
        let mut fs = fs();
        fs.write("/home/ada/f", "x", WriteMode::Truncate, 1)
            .unwrap();
        let home = "/home/ada";
        assert_eq!(fs.resolve(home, "a/../..").unwrap_err(), FsError::NotFound);
        assert_eq!(fs.resolve(home, "..").unwrap(), "/home");
        assert_eq!(fs.resolve(home, "./f").unwrap(), "/home/ada/f");
        assert_eq!(fs.resolve(home, "/../tmp/").unwrap(), "/tmp");
        assert_eq!(fs.resolve(home, "f/x").unwrap_err(), FsError::NotADirectory);
        assert_eq!(fs.resolve(home, "f/").unwrap_err(), FsError::NotADirectory);
        assert_eq!(fs.resolve(home, "new/").unwrap(), "/home/ada/new");
        let long = "a".repeat(MAX_NAME + 1);
        assert_eq!(fs.resolve(home, &long).unwrap_err(), FsError::NameTooLong);
    }

    #[test]
    fn writes_are_capped_and_confined() {
        let mut fs = fs();
        let big = "x".repeat(MAX_BYTES);
        fs.write("/tmp/a", &big, WriteMode::Truncate, 0).unwrap();
        assert_eq!(
            fs.write("/tmp/b", "y", WriteMode::Append, 0),
            Err(FsError::NoSpace)
        );
        // Replacing a file frees its old size first.
        fs.write("/tmp/a", "small", WriteMode::Truncate, 0).unwrap();
        assert_eq!(
            fs.write("/x", "y", WriteMode::Truncate, 0),
            Err(FsError::PermissionDenied)
        );
        fs.write(DEV_NULL, &big, WriteMode::Append, 0).unwrap();
        assert_eq!(fs.read(DEV_NULL).unwrap(), "");
    }

    #[test]
    fn entries_are_capped() {
        let mut fs = fs();
        let mut failed = None;
        for i in 0..MAX_ENTRIES {
            if let Err(e) = fs.mkdir(&format!("/tmp/{i}"), 0) {
                failed = Some(e);
                break;
            }
        }
        assert_eq!(failed, Some(FsError::NoSpace));
    }

    #[test]
    fn rename_and_copy_move_whole_trees() {
        let mut fs = fs();
        fs.mkdir("/tmp/d", 0).unwrap();
        fs.write("/tmp/d/f", "1", WriteMode::Truncate, 0).unwrap();
        fs.copy("/tmp/d", "/tmp/e", 5).unwrap();
        fs.rename("/tmp/d", "/home/ada/d", 6).unwrap();
        assert_eq!(fs.read("/tmp/e/f").unwrap(), "1");
        assert_eq!(fs.read("/home/ada/d/f").unwrap(), "1");
        assert!(fs.meta("/tmp/d").is_none());
        assert_eq!(
            fs.rename("/home/ada/d", "/home/ada/d/sub", 0),
            Err(FsError::Invalid)
        );
        assert_eq!(fs.remove("/tmp/e", false, 0), Err(FsError::NotEmpty));
        fs.remove("/tmp/e", true, 0).unwrap();
        let names: Vec<String> = fs.list("/tmp").unwrap().into_iter().map(|e| e.0).collect();
        assert!(names.is_empty());
    }
}

//! Logs go to a file, never to the terminal (the TUI owns the screen).
//! The file and its folder follow [`local_files`]' rules: 0600 in a 0700
//! folder of the user's own, no symbolic link followed. The file is capped
//! ([`DEFAULT_CAP`], `log_max_mb`): past the cap it becomes `crmdeck.log.1`
//! (the one old file kept) and a new one starts, so a dashboard refreshing
//! every 10 seconds for months takes at most twice the cap.
//!
//! The rotation is ours: tracing-appender rotates by time only, and the
//! crates that rotate by size (file-rotate, rolling-file) open the files
//! themselves, following links and with the umask's mode, where ours are
//! opened by [`local_files::open_private`].

use crate::local_files::{self, PrivateFileError};
use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tracing_appender::non_blocking::{NonBlockingBuilder, WorkerGuard};
use tracing_subscriber::filter::{LevelFilter, Targets};
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;

/// Lines waiting for the writer thread; more are dropped. The channel is
/// allocated whole at start: tracing-appender's default of 128 000 lines
/// cost about 5 MB of memory and a few milliseconds of every start-up
/// (BENCHMARKS.md). A run logs a line or two per key or request.
const BUFFERED_LINES: usize = 4096;

/// The log's size before it is rotated, unless `log_max_mb` says otherwise.
pub const DEFAULT_CAP: u64 = 10 << 20;

/// This run's log: where it goes, or why there is none.
pub struct Log {
    path: PathBuf,
    /// The cap the writer reads before each line ([`Log::set_cap`]).
    cap: Arc<AtomicU64>,
    /// The first write that failed (a full disk, `ulimit -f`), if any.
    failure: Arc<Mutex<Option<String>>>,
    /// Set when the file or its folder could not be trusted.
    refused: Option<String>,
    /// Keeps the writer thread; dropping it flushes the log.
    _guard: Option<WorkerGuard>,
}

impl Log {
    /// Why this run has no log, for a warning shown once: the folder or
    /// file was refused (see [`local_files`]).
    pub fn warning(&self) -> Option<String> {
        self.refused
            .as_ref()
            .map(|why| format!("running without a log: {why}"))
    }

    /// Caps the log at `bytes` (the config's `log_max_mb`, read after the
    /// log started); `None` keeps [`DEFAULT_CAP`].
    pub fn set_cap(&self, bytes: Option<u64>) {
        self.cap
            .store(bytes.unwrap_or(DEFAULT_CAP), Ordering::Relaxed);
    }

    /// Flushes the log (waiting for its writer) and says why it stopped
    /// being written, if it did: for a warning once the run is over.
    pub fn finish(mut self) -> Option<String> {
        drop(self._guard.take());
        let failure = self.failure.lock().map(|failure| failure.clone());
        failure.ok().flatten()
    }

    /// The log file, or `none: why` when it was refused (for `info`).
    pub fn describe(&self) -> String {
        match &self.refused {
            Some(why) => format!("none: {why}"),
            None => self.path.display().to_string(),
        }
    }
}

/// Starts logging to `path` (level from `CRMDECK_LOG`, default `info`).
/// `CRMDECK_LOG` takes a level (`debug`) or `target=level` pairs
/// (`crmdeck=trace,hyper=info`; `crmdeck` covers our crates' targets too,
/// `crmdeck_api::client`): tracing-subscriber's `Targets`, which
/// needs no regex engine (`EnvFilter`'s span and field filters would).
/// Keep the returned [`Log`] alive: dropping it flushes the log. Logging is
/// a nicety: when the file cannot be opened crmdeck runs without it, and
/// says so when it was refused as unsafe ([`Log::warning`]).
pub fn init(path: &Path) -> Log {
    let mut log = Log {
        path: path.to_path_buf(),
        cap: Arc::new(AtomicU64::new(DEFAULT_CAP)),
        failure: Arc::default(),
        refused: None,
        _guard: None,
    };
    let file = match CappedFile::open(path, log.cap.clone(), log.failure.clone()) {
        Ok(file) => file,
        Err(PrivateFileError::Refused(why)) => {
            log.refused = Some(why);
            return log;
        }
        Err(PrivateFileError::Io(_) | PrivateFileError::Exists(_)) => return log,
    };
    let (writer, guard) = NonBlockingBuilder::default()
        .buffered_lines_limit(BUFFERED_LINES)
        .finish(file);
    let filter = filter(std::env::var("CRMDECK_LOG").ok().as_deref());
    let started = tracing_subscriber::fmt()
        // Everything reaches the filter, which decides.
        .with_max_level(LevelFilter::TRACE)
        .with_writer(writer)
        .with_ansi(false)
        .finish()
        .with(filter)
        .try_init();
    if started.is_ok() {
        log._guard = Some(guard);
    }
    log
}

/// The log file, rotated once a line would take it past the cap. Each
/// process counts from the size it found: two at once (a dashboard and a
/// cron job) may each fill a file to the cap, never more.
struct CappedFile {
    path: PathBuf,
    file: File,
    written: u64,
    cap: Arc<AtomicU64>,
    /// Where the first failed write says why ([`Log::finish`]).
    failure: Arc<Mutex<Option<String>>>,
}

impl CappedFile {
    fn open(
        path: &Path,
        cap: Arc<AtomicU64>,
        failure: Arc<Mutex<Option<String>>>,
    ) -> Result<Self, PrivateFileError> {
        let file = local_files::open_private(path, OpenOptions::new().create(true).append(true))?;
        let written = file.metadata()?.len();
        Ok(Self {
            path: path.to_path_buf(),
            file,
            written,
            cap,
            failure,
        })
    }

    /// One line written, rotating first when it would pass the cap.
    fn write_line(&mut self, line: &[u8]) -> io::Result<usize> {
        let cap = self.cap.load(Ordering::Relaxed);
        if self.written > 0 && self.written + line.len() as u64 > cap {
            self.rotate()?;
        }
        let written = self.file.write(line)?;
        self.written += written as u64;
        Ok(written)
    }

    /// The file becomes `NAME.1` (replacing the old one; a link there is
    /// replaced, never followed) and a new file starts.
    fn rotate(&mut self) -> io::Result<()> {
        let mut old = self.path.clone().into_os_string();
        old.push(".1");
        std::fs::rename(&self.path, old)?;
        let options = OpenOptions::new().create(true).append(true).clone();
        self.file = local_files::open_private(&self.path, &options)
            .map_err(|error| io::Error::other(error.to_string()))?;
        self.written = 0;
        Ok(())
    }
}

impl Write for CappedFile {
    /// One line at a time (the non-blocking writer hands whole lines);
    /// the first failure is kept for [`Log::finish`].
    fn write(&mut self, line: &[u8]) -> io::Result<usize> {
        self.write_line(line).inspect_err(|error| {
            if let Ok(mut failure) = self.failure.lock() {
                failure.get_or_insert_with(|| error.to_string());
            }
        })
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

/// What `spec` (the value of `CRMDECK_LOG`) lets through; `info` and up
/// when it is unset or cannot be read.
fn filter(spec: Option<&str>) -> Targets {
    spec.and_then(|spec| spec.parse::<Targets>().ok())
        .unwrap_or_else(|| Targets::new().with_default(LevelFilter::INFO))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tracing::Level;

    #[test]
    fn past_its_cap_the_log_becomes_the_old_file_and_starts_again() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("crmdeck.log");
        std::fs::write(&path, "from an earlier run\n").unwrap();
        let cap = Arc::new(AtomicU64::new(100));
        let mut log = CappedFile::open(&path, cap.clone(), Arc::default()).unwrap();
        let line = [b'x'; 39];
        let line = [&line[..], b"\n"].concat();
        // 20 bytes there, then two lines of 40: 100 bytes, at the cap.
        for _ in 0..2 {
            log.write_all(&line).unwrap();
        }
        assert_eq!(std::fs::metadata(&path).unwrap().len(), 100);
        // The next line would pass it: rotated.
        log.write_all(&line).unwrap();
        let old = dir.path().join("crmdeck.log.1");
        assert_eq!(std::fs::metadata(&old).unwrap().len(), 100);
        assert_eq!(std::fs::read(&path).unwrap(), line);
        // Again: the old file is replaced, only one is kept; new files 0600.
        for _ in 0..3 {
            log.write_all(&line).unwrap();
        }
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert_eq!(names.len(), 2, "{names:?}");
        assert_eq!(std::fs::metadata(&old).unwrap().len(), 80);
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(
            std::fs::metadata(&path).unwrap().permissions().mode() & 0o777,
            0o600
        );
        // A cap set later (the config's) applies from the next line.
        cap.store(1 << 20, Ordering::Relaxed);
        for _ in 0..10 {
            log.write_all(&line).unwrap();
        }
        assert_eq!(std::fs::metadata(&path).unwrap().len(), 12 * 40);
    }

    #[test]
    fn unset_or_unreadable_means_info_and_up() {
        for spec in [None, Some("crmdeck=loud")] {
            let filter = filter(spec);
            assert!(
                filter.would_enable("crmdeck_api::client", &Level::INFO),
                "{spec:?}"
            );
            assert!(
                !filter.would_enable("crmdeck_api::client", &Level::DEBUG),
                "{spec:?}"
            );
        }
    }

    #[test]
    fn a_level_applies_everywhere_and_pairs_per_target() {
        let everything = filter(Some("trace"));
        assert!(everything.would_enable("hyper_util::client", &Level::TRACE));
        let pairs = filter(Some("crmdeck=debug,hyper=warn"));
        assert!(pairs.would_enable("crmdeck::runtime", &Level::DEBUG));
        // A target is matched by its start: `crmdeck` takes our crates'
        // targets too (`crmdeck_api::client`, the client's lines).
        assert!(pairs.would_enable("crmdeck_api::client", &Level::DEBUG));
        assert!(!pairs.would_enable("hyper::proto", &Level::INFO));
        assert!(pairs.would_enable("hyper::proto", &Level::WARN));
    }
}

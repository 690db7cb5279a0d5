//! Logs go to a file, never to the terminal (the TUI owns the screen).
//! The file and its folder follow [`local_files`]' rules: 0600 in a 0700
//! folder of the user's own, no symbolic link followed.

use crate::local_files::{self, PrivateFileError};
use std::fs::OpenOptions;
use std::path::{Path, PathBuf};
use tracing_appender::non_blocking::{NonBlockingBuilder, WorkerGuard};
use tracing_subscriber::filter::{LevelFilter, Targets};
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;

/// Lines waiting for the writer thread; more are dropped. The channel is
/// allocated whole at start: tracing-appender's default of 128 000 lines
/// cost about 5 MB of memory and a few milliseconds of every start-up
/// (BENCHMARKS.md). A run logs a line or two per key or request.
const BUFFERED_LINES: usize = 4096;

/// This run's log: where it goes, or why there is none.
pub struct Log {
    path: PathBuf,
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
/// (`crmdeck=trace,hyper=info`): tracing-subscriber's `Targets`, which
/// needs no regex engine (`EnvFilter`'s span and field filters would).
/// Keep the returned [`Log`] alive: dropping it flushes the log. Logging is
/// a nicety: when the file cannot be opened crmdeck runs without it, and
/// says so when it was refused as unsafe ([`Log::warning`]).
pub fn init(path: &Path) -> Log {
    let mut log = Log {
        path: path.to_path_buf(),
        refused: None,
        _guard: None,
    };
    let file = match local_files::open_private(path, OpenOptions::new().create(true).append(true)) {
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
    fn unset_or_unreadable_means_info_and_up() {
        for spec in [None, Some("crmdeck=loud")] {
            let filter = filter(spec);
            assert!(
                filter.would_enable("crmdeck::api", &Level::INFO),
                "{spec:?}"
            );
            assert!(
                !filter.would_enable("crmdeck::api", &Level::DEBUG),
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
        assert!(!pairs.would_enable("hyper::proto", &Level::INFO));
        assert!(pairs.would_enable("hyper::proto", &Level::WARN));
    }
}

//! Logs go to a file, never to the terminal (the TUI owns the screen).

use std::path::Path;
use tracing_appender::non_blocking::{NonBlockingBuilder, WorkerGuard};
use tracing_subscriber::filter::{LevelFilter, Targets};
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;

/// Lines waiting for the writer thread; more are dropped. The channel is
/// allocated whole at start: tracing-appender's default of 128 000 lines
/// cost about 5 MB of memory and a few milliseconds of every start-up
/// (BENCHMARKS.md). A run logs a line or two per key or request.
const BUFFERED_LINES: usize = 4096;

/// Starts logging to `path` (level from `CRMDECK_LOG`, default `info`).
/// `CRMDECK_LOG` takes a level (`debug`) or `target=level` pairs
/// (`crmdeck=trace,hyper=info`): tracing-subscriber's `Targets`, which
/// needs no regex engine (`EnvFilter`'s span and field filters would).
/// Keep the guard alive: dropping it flushes the log. Logging is a nicety:
/// when the file cannot be opened, crmdeck runs without it.
pub fn init(path: &Path) -> Option<WorkerGuard> {
    let dir = path.parent()?;
    std::fs::create_dir_all(dir).ok()?;
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .ok()?;
    let (writer, guard) = NonBlockingBuilder::default()
        .buffered_lines_limit(BUFFERED_LINES)
        .finish(file);
    let filter = filter(std::env::var("CRMDECK_LOG").ok().as_deref());
    tracing_subscriber::fmt()
        // Everything reaches the filter, which decides.
        .with_max_level(LevelFilter::TRACE)
        .with_writer(writer)
        .with_ansi(false)
        .finish()
        .with(filter)
        .try_init()
        .ok()?;
    Some(guard)
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

//! Logs go to a file, never to the terminal (the TUI owns the screen).

use std::path::Path;
use tracing_appender::non_blocking::WorkerGuard;
use tracing_subscriber::EnvFilter;

/// Starts logging to `path` (level from `CRMDECK_LOG`, default `info`).
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
    let (writer, guard) = tracing_appender::non_blocking(file);
    let filter = EnvFilter::try_from_env("CRMDECK_LOG").unwrap_or_else(|_| EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(writer)
        .with_ansi(false)
        .try_init()
        .ok()?;
    Some(guard)
}

//! The dashboard in a pseudo-terminal against a demo server the test
//! controls (latency, faults, hit counts), and readings of its groups table.

use super::pty::Tty;
use crmdeck::demo::{self, DemoHandle, DemoOptions};
use std::future::Future;

/// A demo server the test controls (faults, hit counts), on a runtime of
/// its own that lives as long as the server.
pub struct Server {
    pub handle: DemoHandle,
    runtime: tokio::runtime::Runtime,
}

impl Server {
    /// Starts a server on a free loopback port.
    pub fn start(options: DemoOptions) -> Self {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .expect("a runtime for the demo server");
        let handle = runtime
            .block_on(demo::start(([127, 0, 0, 1], 0).into(), options))
            .expect("the demo server starts");
        Self { handle, runtime }
    }

    /// `crmdeck` (the dashboard) against this server.
    pub fn dashboard(&self) -> Tty {
        dashboard(&self.handle.base_url(), self.handle.token(), &[], &[])
    }

    /// Runs `work` on the server's runtime (tasks it spawns stay there).
    pub fn block_on<F: Future>(&self, work: F) -> F::Output {
        self.runtime.block_on(work)
    }
}

/// `crmdeck ARGS` (the dashboard) against `base_url` with `token` and `env`
/// added, once its first frame is drawn.
pub fn dashboard(base_url: &str, token: &str, args: &[&str], env: &[(&str, &str)]) -> Tty {
    let mut with_server = vec![("CRMDECK_BASE_URL", base_url), ("CRMDECK_TOKEN", token)];
    with_server.extend_from_slice(env);
    let tty = Tty::spawn(args, &with_server);
    tty.wait_for("crmdeck");
    tty
}

/// A config file with `contents` in a directory of its own (kept alive by
/// the returned guard), and its path for `--config`.
pub fn config_file(contents: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::TempDir::new().unwrap();
    let path = dir.path().join("config.toml");
    std::fs::write(&path, contents).unwrap();
    let path = path.to_str().expect("a UTF-8 temporary path").to_string();
    (dir, path)
}

/// The rows of the groups table on screen, without trailing blanks (what
/// the emulator keeps of them depends on how they were drawn): lines whose
/// first word, after the selection marker, is a group number.
pub fn group_rows(screen: &str) -> Vec<&str> {
    screen
        .lines()
        .map(str::trim_end)
        .filter(|line| {
            line.trim_start_matches(['>', ' '])
                .split_whitespace()
                .next()
                .is_some_and(|word| word.parse::<u64>().is_ok())
        })
        .collect()
}

/// The group numbers of the rows on screen, which tell pages apart.
pub fn group_numbers(screen: &str) -> Vec<u64> {
    group_rows(screen)
        .iter()
        .filter_map(|row| row.trim_start_matches(['>', ' ']).split_whitespace().next())
        .filter_map(|number| number.parse().ok())
        .collect()
}

/// Waits until page `number` is drawn in full (the screen is parsed as it
/// arrives, so a frame can be half drawn): its header, and 20 rows written
/// as far as their status word; `differs` tells it from a page seen before
/// by its group numbers. Returns those numbers.
pub fn wait_for_page(tty: &Tty, number: u32, differs: impl Fn(&[u64]) -> bool) -> Vec<u64> {
    let header = format!("page {number}/");
    tty.wait_until(&format!("page {number} drawn"), |screen| {
        let text = screen.contents();
        let rows = group_rows(&text);
        text.contains(&header)
            && rows.len() == 20
            && rows
                .iter()
                .all(|row| row.contains("Active") || row.contains("Archive"))
            && differs(&group_numbers(&text))
    });
    group_numbers(&tty.screen_text())
}

/// Quits with q and checks the terminal was given back.
pub fn quit(mut tty: Tty) {
    tty.type_keys("q");
    assert!(tty.wait_exit().success());
    tty.assert_terminal_restored();
}

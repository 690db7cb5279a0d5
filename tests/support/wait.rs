//! Waiting for something to happen: polled against one deadline, so a
//! test never sleeps a fixed time and hopes.

use std::thread;
use std::time::{Duration, Instant};

/// How long any wait may take before the test fails.
pub const DEADLINE: Duration = Duration::from_secs(10);
const POLL: Duration = Duration::from_millis(10);

/// Polls `done` until it holds; past [`DEADLINE`] fails the test, naming
/// `what` it waited for and showing what was `seen` instead.
pub fn until(what: &str, mut done: impl FnMut() -> bool, seen: impl Fn() -> String) {
    let deadline = Instant::now() + DEADLINE;
    while !done() {
        assert!(
            Instant::now() < deadline,
            "waited {DEADLINE:?} for {what}; {}",
            seen()
        );
        thread::sleep(POLL);
    }
}

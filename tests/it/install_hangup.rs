//! `crmdeck install` interrupted by SIGHUP (an SSH session that drops)
//! while its POST is on its way (issue 33 §7): the process stays for the
//! answer and the log says what became of the install, "installed" when the
//! answer comes, "unknown" when none comes in time. Before, SIGHUP ended it
//! at once and the log never said.

use crate::support;

use crmdeck::demo::{DemoHandle, Fault, Route};
use std::time::{Duration, Instant};
use support::cli::{TOKEN, fixture};
use support::home::Home;

/// The demo plugin that starts not installed.
const FRESH_PLUGIN: &str = "3";

/// Runs `crmdeck install 3 --yes` against `server` (whose install answers
/// with `fault`), sends it SIGHUP once the POST reached the server, and
/// gives its exit status and its log.
async fn hung_up_install(
    server: &DemoHandle,
    fault: Fault,
    config: &str,
) -> (std::process::ExitStatus, String) {
    server.faults().push(fault, 1, Some(Route::Install));
    let home = Home::with_config(config);
    let mut command =
        tokio::process::Command::from(home.crmdeck(&["install", FRESH_PLUGIN, "--yes"]));
    command
        .env("CRMDECK_LOG", "debug")
        .env("CRMDECK_BASE_URL", server.base_url())
        .env("CRMDECK_TOKEN", TOKEN)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true);
    let mut child = command.spawn().expect("the binary starts");
    let waited = Instant::now();
    while server.hits(Route::Install) == 0 {
        assert!(
            waited.elapsed() < Duration::from_secs(20),
            "the POST never came"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let pid = child.id().expect("running") as libc::pid_t;
    // SAFETY: a signal to our own child, which has not been waited for.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGHUP) }, 0);
    let status = tokio::time::timeout(Duration::from_secs(30), child.wait())
        .await
        .expect("it ends")
        .expect("its status");
    let log = std::fs::read_to_string(home.log_path()).unwrap_or_default();
    assert_eq!(server.hits(Route::Install), 1, "one POST");
    (status, log)
}

#[tokio::test]
async fn an_install_hung_up_logs_its_answer_when_it_comes() {
    let server = fixture().await.server;
    // The install happens; its answer comes slowly, after the SIGHUP.
    let slow = Fault::Drip {
        chunk: 16,
        every: Duration::from_millis(100),
    };
    let (status, log) = hung_up_install(&server, slow, "request_timeout_secs = 30\n").await;
    assert!(log.contains("SIGHUP during the install"), "{log}");
    assert!(
        log.contains("install answered: installed"),
        "{status:?}\n{log}"
    );
    assert!(!log.contains(TOKEN), "{log}");
}

#[tokio::test]
async fn an_install_hung_up_with_no_answer_logs_it_unknown() {
    let server = fixture().await.server;
    let (status, log) = hung_up_install(&server, Fault::Hang, "request_timeout_secs = 1\n").await;
    assert!(log.contains("SIGHUP during the install"), "{log}");
    let line = log
        .lines()
        .find(|line| line.contains("install answered: failed"))
        .unwrap_or_else(|| panic!("{status:?}\n{log}"));
    assert!(line.contains("unknown"), "{line}");
}

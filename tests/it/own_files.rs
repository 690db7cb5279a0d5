//! Our own files cannot stop us (issue 26 §3, §6): a FIFO where the log
//! should be, or a log past `ulimit -f`, and `crmdeck --demo groups` still
//! answers, with its rows on stdout. Before, the first hung in `open()`
//! and the second was killed by SIGXFSZ (exit 153 in a shell).

use crate::support;

use std::os::unix::fs::DirBuilderExt;
use std::process::{Command, Output};
use std::time::Duration;
use support::cli::{stderr, stdout};
use support::home::Home;

/// `command` run to its end, or a failure after a minute (it hung).
async fn finished(command: Command) -> Output {
    let run = tokio::process::Command::from(command)
        .kill_on_drop(true)
        .output();
    tokio::time::timeout(Duration::from_secs(60), run)
        .await
        .expect("it ended: nothing of ours should block it")
        .expect("the binary runs")
}

/// The log's folder, private, made in `home`.
fn log_folder(home: &Home) {
    let log = home.log_path();
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(log.parent().unwrap())
        .unwrap();
}

#[tokio::test]
async fn a_fifo_where_the_log_should_be_is_refused_at_once() {
    let home = Home::new();
    log_folder(&home);
    let name = std::ffi::CString::new(home.log_path().to_str().unwrap()).unwrap();
    // SAFETY: a valid C string; mkfifo takes nothing else.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0);
    let output = finished(home.crmdeck(&["--demo", "groups", "--format", "csv"])).await;
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("running without a log: ")
            && stderr(&output).contains("crmdeck.log is not a regular file"),
        "{}",
        stderr(&output)
    );
    assert!(
        stdout(&output).starts_with("number,name,"),
        "{}",
        stdout(&output)
    );
}

#[tokio::test]
async fn a_log_past_ulimit_f_is_not_a_silent_death() {
    let home = Home::new();
    log_folder(&home);
    // 256 KiB already there; the shell lets files grow to 100 blocks.
    std::fs::write(home.log_path(), vec![b'.'; 256 << 10]).unwrap();
    let mut limited = Command::new("sh");
    limited
        .arg("-c")
        .arg("ulimit -f 100 && exec \"$0\" --demo groups --format csv")
        .arg(env!("CARGO_BIN_EXE_crmdeck"))
        .env_clear()
        .envs(home.env())
        .stdin(std::process::Stdio::null());
    let output = finished(limited).await;
    assert_eq!(
        output.status.code(),
        Some(0),
        "{:?} {}",
        output.status,
        stderr(&output)
    );
    assert!(
        stdout(&output).starts_with("number,name,"),
        "{}",
        stdout(&output)
    );
    assert!(
        stderr(&output).ends_with(
            "crmdeck: warning: the log stopped being written: File too large (os error 27)\n"
        ),
        "{}",
        stderr(&output)
    );
}

/// Every folder of `home`'s environment but PATH's, which is not ours to
/// make private.
fn private_folders(home: &Home) -> Vec<(&'static str, std::ffi::OsString)> {
    (home.env().into_iter())
        .filter(|(name, _)| *name == "HOME" || name.starts_with("XDG_"))
        .collect()
}

#[tokio::test]
async fn a_test_run_writes_only_in_its_own_folders_never_the_users_home() {
    // The helper every test starts the binary with takes no folder of the
    // caller's (nor of the developer's home): each lies in the run's own.
    let home = Home::new();
    let folders = private_folders(&home);
    for name in [
        "HOME",
        "XDG_CONFIG_HOME",
        "XDG_STATE_HOME",
        "XDG_CACHE_HOME",
    ] {
        let (_, value) = (folders.iter().find(|(found, _)| *found == name))
            .unwrap_or_else(|| panic!("{name} is set"));
        assert!(
            std::path::Path::new(value).starts_with(home.path()),
            "{name}={value:?}"
        );
    }
    // The main paths, HOME a folder apart: the log, the snapshot and the
    // history land in the XDG folders, nothing in HOME (where a run that
    // missed one would write `~/.cache`, `~/.local/state`…).
    let apart = home.path().join("apart");
    std::fs::create_dir(&apart).unwrap();
    for args in [
        &["--demo", "groups", "--all", "--format", "csv"][..],
        &["--demo", "changes"],
        &["--demo", "branches"],
        &["--demo", "info"],
    ] {
        let mut command = home.crmdeck(args);
        command.env("HOME", &apart);
        let output = finished(command).await;
        // (`changes` has no baseline on a first run: exit 2, said.)
        let code = output.status.code();
        assert!(
            matches!(code, Some(0 | 2)),
            "{args:?}: {code:?} {}",
            stderr(&output)
        );
    }
    let left: Vec<_> = std::fs::read_dir(&apart).unwrap().collect();
    assert!(left.is_empty(), "written in HOME: {left:?}");
    let cached = std::fs::read_dir(home.cache_path()).map_or(0, |files| files.count());
    assert!(cached > 0, "the snapshot and history in XDG_CACHE_HOME");
}

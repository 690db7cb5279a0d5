//! Local files against hostile local users: the log is private (0600 in a
//! 0700 folder); a log folder another user made or can write, or a link
//! planted where the log goes, is refused with one warning and the run goes
//! on without a log. A config file, a token file or a token command that
//! never ends is refused past its size limit. A config file others can
//! change may not say what to run.

use super::{Home, Run};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use tokio::process::Command;

fn mode_of(path: &Path) -> u32 {
    std::fs::symlink_metadata(path).expect("exists").mode() & 0o7777
}

/// `info` in `home`, logging where the system's temporary folder puts it
/// for user `ops` (no HOME, no XDG_STATE_HOME): `$TMPDIR/crmdeck-ops`.
async fn info_logging_under(home: &Home, tmpdir: &Path) -> Run {
    let mut command: Command = home.command("http://127.0.0.1:9", &["info"]);
    command
        .env_remove("HOME")
        .env_remove("XDG_STATE_HOME")
        .env("TMPDIR", tmpdir)
        .env("USER", "ops")
        .env("CRMDECK_TOKEN", super::TOKEN);
    home.finish(command).await
}

/// The run went on (exit 0), said once on stderr why it has no log, and
/// `info` says the same.
fn assert_ran_without_a_log(run: &Run, why: &str) {
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        run.stderr,
        format!("crmdeck: warning: running without a log: {why}\n")
    );
    let log_line = run
        .stdout
        .lines()
        .find(|line| line.starts_with("log file"))
        .expect("a log file line");
    assert!(log_line.ends_with(&format!("none: {why}")), "{log_line}");
}

#[tokio::test]
async fn the_log_is_created_0600_in_a_0700_folder() {
    let home = Home::with_config("");
    let run = home.run("http://127.0.0.1:9", &["info"]).await;
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stderr, "");
    assert!(run.stdout.contains(&home.log_path().display().to_string()));
    assert!(!run.log.is_empty(), "something was logged");
    assert_eq!(mode_of(&home.log_path()), 0o600);
    let folder = home.log_path().parent().expect("a folder").to_path_buf();
    assert_eq!(mode_of(&folder), 0o700);
    assert_eq!(mode_of(folder.parent().expect("state")), 0o700);
}

#[tokio::test]
async fn a_temporary_log_folder_others_can_write_is_refused() {
    let home = Home::with_config("");
    let tmpdir = tempfile::TempDir::new().expect("a temporary folder");
    // Made first by someone else, open to all, as the attack needs.
    let folder = tmpdir.path().join("crmdeck-ops");
    std::fs::create_dir(&folder).expect("folder");
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o777)).expect("chmod");
    let run = info_logging_under(&home, tmpdir.path()).await;
    assert_ran_without_a_log(
        &run,
        &format!(
            "{} is writable by other users (mode 0777)",
            folder.display()
        ),
    );
    assert!(!folder.join("crmdeck.log").exists());
}

#[tokio::test]
async fn a_link_planted_where_the_log_goes_is_not_followed() {
    let home = Home::with_config("");
    let tmpdir = tempfile::TempDir::new().expect("a temporary folder");
    let victim = tmpdir.path().join("victim");
    std::fs::write(&victim, "untouched\n").expect("victim");
    // The folder is private and ours, but the log in it is a link.
    let folder = tmpdir.path().join("crmdeck-ops");
    std::fs::create_dir(&folder).expect("folder");
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o700)).expect("chmod");
    let log: PathBuf = folder.join("crmdeck.log");
    std::os::unix::fs::symlink(&victim, &log).expect("link");
    let run = info_logging_under(&home, tmpdir.path()).await;
    assert_ran_without_a_log(&run, &not_followed(&log));
    assert_eq!(
        std::fs::read_to_string(&victim).expect("victim"),
        "untouched\n"
    );
    // A link in place of the folder itself, pointing at a folder of ours.
    std::fs::remove_dir_all(&folder).expect("clean");
    let elsewhere = tmpdir.path().join("elsewhere");
    std::fs::create_dir(&elsewhere).expect("folder");
    std::os::unix::fs::symlink(&elsewhere, &folder).expect("link");
    let run = info_logging_under(&home, tmpdir.path()).await;
    assert_ran_without_a_log(&run, &not_followed(&folder));
    assert!(!elsewhere.join("crmdeck.log").exists());
}

/// Another user's folder can only be made by root: the test runs the case
/// where it can (as root, CI's case), and the owner rule is also proven
/// without root by `local_files::tests::only_the_users_own_real_folders_and_files_are_trusted`.
#[tokio::test]
async fn a_temporary_log_folder_of_another_user_is_refused() {
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        eprintln!("skipped: only root can give a folder to another user");
        return;
    }
    let home = Home::with_config("");
    let tmpdir = tempfile::TempDir::new().expect("a temporary folder");
    let folder = tmpdir.path().join("crmdeck-ops");
    std::fs::create_dir(&folder).expect("folder");
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    // nobody
    std::os::unix::fs::chown(&folder, Some(65534), None).expect("chown");
    let run = info_logging_under(&home, tmpdir.path()).await;
    assert_ran_without_a_log(
        &run,
        &format!("{} belongs to another user (uid 65534)", folder.display()),
    );
}

#[tokio::test]
async fn endless_config_token_file_and_command_output_fail_with_one_line() {
    let cases = [
        (
            "",
            &["--config", "/dev/zero"][..],
            "crmdeck: config file /dev/zero is not a regular file (a FIFO, a socket or a \
             device): not read, as it could keep crmdeck waiting forever; give a regular file",
        ),
        (
            "token_file = \"/dev/zero\"\n",
            &[][..],
            "crmdeck: token file /dev/zero is not a regular file (a FIFO, a socket or a \
             device): not read, as it could keep crmdeck waiting forever; give a regular file",
        ),
        (
            "token_command = \"yes\"\n",
            &[][..],
            "crmdeck: token command `yes` printed more than 64 KiB and was stopped: \
             it must print the token alone",
        ),
    ];
    for (config, flags, line) in cases {
        let home = Home::with_config(config);
        let mut args = vec!["info"];
        args.extend_from_slice(flags);
        let run = home.finish(home.command("http://127.0.0.1:9", &args)).await;
        assert_eq!(run.code, Some(2), "{config}: {}", run.stderr);
        assert_eq!(run.stderr, format!("{line}\n"));
        assert_eq!(run.stdout, "");
    }
}

#[tokio::test]
async fn a_token_command_in_a_config_others_can_write_is_not_run() {
    let marker_dir = tempfile::TempDir::new().expect("a folder");
    let marker = marker_dir.path().join("ran");
    let home = Home::with_config(&format!(
        "token_command = \"touch {}; echo a-token-of-sorts\"\n",
        marker.display()
    ));
    super::set_mode(&home.config_path(), 0o666);
    let refused = home
        .finish(home.command("http://127.0.0.1:9", &["info"]))
        .await;
    assert_eq!(refused.code, Some(2), "{}", refused.stderr);
    assert_eq!(refused.stderr.lines().count(), 1, "{}", refused.stderr);
    assert!(
        refused.stderr.starts_with("crmdeck: config file ")
            && refused
                .stderr
                .contains("is writable by other users (mode 0666), owner uid"),
        "{}",
        refused.stderr
    );
    assert!(!marker.exists(), "the command ran");
    // Writable by the user alone: it runs.
    super::set_mode(&home.config_path(), 0o600);
    let run = home
        .finish(home.command("http://127.0.0.1:9", &["info"]))
        .await;
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(marker.exists(), "the command did not run");
}

/// Why a link where the log or its folder goes made the run go without a log.
fn not_followed(link: &std::path::Path) -> String {
    format!(
        "{} is a symbolic link, which is not followed",
        link.display()
    )
}

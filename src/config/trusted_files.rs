//! The tests of whose config and token files are trusted
//! (`crmdeck_secret::strict`, StrictModes), through the config's `load`
//! and the token sources it names: a FIFO never waited on, a file or folder
//! others can change refused with its fix.

use crate::config::{ENV_TOKEN, Overrides, TokenSource, load};
use crate::secret::strict;
use crate::secret::{TokenError, Untrusted};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

fn chmod(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

fn mkfifo(path: &Path) {
    let made = std::process::Command::new("mkfifo").arg(path).status();
    assert!(made.unwrap().success(), "mkfifo {}", path.display());
}

/// An environment of `HOME` and `XDG_CONFIG_HOME` in `root`, and a token.
fn env_in(root: &Path) -> impl Fn(&str) -> Option<String> + Send + 'static {
    let root = root.to_path_buf();
    move |name| match name {
        "HOME" => Some(root.join("home").display().to_string()),
        "XDG_CONFIG_HOME" => Some(root.join("config").display().to_string()),
        ENV_TOKEN => Some("a-token".to_string()),
        _ => None,
    }
}

/// `load` with `--config path` (or the default path), on a thread: an
/// answer that does not come within a minute (a FIFO waited on) fails.
fn load_from(root: &Path, path: Option<PathBuf>) -> Result<(), String> {
    let (sender, receiver) = mpsc::channel();
    let env = env_in(root);
    std::thread::spawn(move || {
        let overrides = Overrides {
            config_path: path,
            ..Overrides::default()
        };
        let _ = sender.send(load(&overrides, &env).map(drop).map_err(|e| e.to_string()));
    });
    receiver
        .recv_timeout(Duration::from_secs(60))
        .expect("load answers at once, without waiting on a FIFO")
}

/// A root folder (a temporary one, 0700) holding `home/` and `config/crmdeck/`.
fn root() -> tempfile::TempDir {
    let root = tempfile::tempdir().unwrap();
    chmod(root.path(), 0o700);
    private_folders(root.path());
    root
}

/// The folder `name` made in `parent`, of mode `mode`.
fn made(parent: &Path, name: &str, mode: u32) -> PathBuf {
    let dir = parent.join(name);
    std::fs::create_dir(&dir).unwrap();
    chmod(&dir, mode);
    dir
}

/// `home/` and `config/crmdeck/` in `root`, 0700 whatever the umask.
fn private_folders(root: &Path) {
    for dir in ["home", "config", "config/crmdeck"] {
        std::fs::create_dir_all(root.join(dir)).unwrap();
        chmod(&root.join(dir), 0o700);
    }
}

#[test]
fn a_fifo_is_refused_at_once_as_config_default_config_or_token_file() {
    let root = root();
    let fifo = root.path().join("fifo.toml");
    mkfifo(&fifo);
    let error = load_from(root.path(), Some(fifo.clone())).unwrap_err();
    assert!(error.contains("fifo.toml is not a regular file"), "{error}");
    mkfifo(&root.path().join("config/crmdeck/config.toml"));
    let error = load_from(root.path(), None).unwrap_err();
    assert!(
        error.contains("config.toml is not a regular file"),
        "{error}"
    );
    let (sender, receiver) = mpsc::channel();
    let env = env_in(root.path());
    std::thread::spawn(move || {
        let source = TokenSource::File { path: fifo };
        let _ = sender.send(source.load(&env).map(drop).map_err(|e| e.to_string()));
    });
    let error = receiver.recv_timeout(Duration::from_secs(60)).unwrap();
    assert!(error.unwrap_err().starts_with("token file "));
}

#[test]
fn a_config_others_can_change_is_refused_whatever_the_token_source() {
    let root = root();
    let config = root.path().join("config/crmdeck/config.toml");
    // No token key: CRMDECK_TOKEN would go to this base_url.
    std::fs::write(&config, "base_url = \"https://elsewhere.example\"\n").unwrap();
    chmod(&config, 0o600);
    assert_eq!(load_from(root.path(), None), Ok(()));
    chmod(&config, 0o666);
    let error = load_from(root.path(), None).unwrap_err();
    let shown = config.display();
    assert_eq!(
        error,
        format!(
            "config file {shown} is writable by other users (mode 0666), owner uid {}: \
             refused, as whoever can change it could send the token elsewhere or run \
             a command as you; fix: chmod go-w {shown}",
            // SAFETY: geteuid has no preconditions.
            unsafe { libc::geteuid() }
        )
    );
    chmod(&config, 0o620);
    assert!(
        load_from(root.path(), None)
            .unwrap_err()
            .contains("mode 0620")
    );
    // A folder holding it, writable by the group, is no better.
    chmod(&config, 0o600);
    let folder = root.path().join("config");
    chmod(&folder, 0o770);
    let error = load_from(root.path(), None).unwrap_err();
    assert!(
        error.starts_with(&format!(
            "folder {} (holding config file {shown}) is writable by other users (mode 0770)",
            folder.display()
        )),
        "{error}"
    );
    assert!(error.ends_with(&format!("fix: chmod go-w {}", folder.display())));
    // Sticky and root's own (as /tmp): the walk stops there.
    chmod(&folder, 0o700);
    let sticky = made(root.path(), "shared", 0o1777);
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } == 0 {
        let mine = made(&sticky, "mine", 0o700);
        std::fs::write(mine.join("c.toml"), "per_page = 5\n").unwrap();
        chmod(&mine.join("c.toml"), 0o600);
        assert_eq!(load_from(root.path(), Some(mine.join("c.toml"))), Ok(()));
    }
}

#[test]
fn the_walk_stops_at_home_and_follows_links_first() {
    let outer = tempfile::tempdir().unwrap();
    // Above home, a folder others may write: not looked at.
    let root = made(&made(outer.path(), "open", 0o777), "root", 0o700);
    private_folders(&root);
    let env = env_in(&root);
    let home = root.join("home");
    let file = home.join("c.toml");
    std::fs::write(&file, "per_page = 5\n").unwrap();
    chmod(&file, 0o600);
    let opened = strict::open(&file).unwrap();
    assert!(strict::check(&opened.metadata().unwrap(), &file, "config file", &env).is_ok());
    // Outside home, the same folder is looked at.
    let elsewhere = root.join("config/c.toml");
    std::fs::write(&elsewhere, "per_page = 5\n").unwrap();
    chmod(&elsewhere, 0o600);
    let opened = strict::open(&elsewhere).unwrap();
    let error =
        strict::check(&opened.metadata().unwrap(), &elsewhere, "config file", &env).unwrap_err();
    assert!(error.to_string().contains("mode 0777"), "{error}");
    // A link in a private folder to that file: the real folders count.
    let link = home.join("linked.toml");
    std::os::unix::fs::symlink(&elsewhere, &link).unwrap();
    let opened = strict::open(&link).unwrap();
    let error = strict::check(&opened.metadata().unwrap(), &link, "config file", &env).unwrap_err();
    assert!(error.to_string().contains("mode 0777"), "{error}");
}

/// Only root can give a file to another user.
#[test]
fn a_token_file_of_another_user_or_others_can_write_is_refused() {
    let root = root();
    let env = env_in(root.path());
    let token = root.path().join("home/token");
    std::fs::write(&token, "a-token\n").unwrap();
    chmod(&token, 0o600);
    let source = TokenSource::File {
        path: token.clone(),
    };
    assert_eq!(source.load(&env).unwrap().expose(), "a-token");
    chmod(&token, 0o646);
    let error = source.load(&env).unwrap_err();
    assert!(
        matches!(
            error,
            TokenError::Untrusted(Untrusted::OthersCanChange { .. })
        ),
        "{error}"
    );
    assert!(
        error.to_string().ends_with("fix: chmod go-w ~/token"),
        "{error}"
    );
    chmod(&token, 0o600);
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        eprintln!("skipped the other user's file: only root can give it");
        return;
    }
    std::os::unix::fs::chown(&token, Some(65534), None).unwrap();
    let error = source.load(&env).unwrap_err().to_string();
    assert_eq!(
        error,
        "token file ~/token belongs to another user (uid 65534), mode 0600: refused, \
         as whoever can change it could send the token elsewhere or run a command as \
         you; fix: chown $(id -un) ~/token; chmod go-w ~/token"
    );
}

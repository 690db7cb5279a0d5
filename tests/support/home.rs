//! A home of its own for each run of the binary: an empty temporary folder
//! (no config file of the developer's, the log kept apart) and a clean
//! environment pointing into it. The one place that environment is built:
//! the CLI runs, the pseudo-terminal runs and the end-to-end bench (which
//! takes this file through `#[path]`) all start from [`clean_env`].

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use tempfile::TempDir;

/// The environment of a run in `home`: nothing of the caller's but `PATH`
/// (not its HOME, nor any XDG folder: config, state and cache are the
/// run's own, so that no snapshot another test or the developer left is
/// read), and `--demo`'s centre frozen (a test that wants it to change
/// sets `CRMDECK_DEMO_CHANGES_EVERY` after this).
pub fn clean_env(home: &Path) -> [(&'static str, OsString); 6] {
    [
        ("PATH", std::env::var_os("PATH").unwrap_or_default()),
        ("HOME", home.into()),
        ("XDG_CONFIG_HOME", home.join("config").into()),
        ("XDG_STATE_HOME", home.join("state").into()),
        ("XDG_CACHE_HOME", home.join("cache").into()),
        ("CRMDECK_DEMO_CHANGES_EVERY", "0".into()),
    ]
}

/// A private home for one or more runs of the binary.
pub struct Home {
    dir: TempDir,
}

impl Home {
    /// An empty home.
    pub fn new() -> Self {
        Self {
            dir: TempDir::new().expect("a temporary home"),
        }
    }

    /// A home whose config file (mode 0600) holds `config`.
    pub fn with_config(config: &str) -> Self {
        let home = Self::new();
        let path = home.config_path();
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("config folder");
        std::fs::write(&path, config).expect("config file");
        set_mode(&path, 0o600);
        home
    }

    /// The home folder itself.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// `$XDG_CONFIG_HOME/crmdeck/config.toml`, read without `--config`.
    pub fn config_path(&self) -> PathBuf {
        self.path().join("config/crmdeck/config.toml")
    }

    /// `$XDG_STATE_HOME/crmdeck/crmdeck.log`.
    pub fn log_path(&self) -> PathBuf {
        self.path().join("state/crmdeck/crmdeck.log")
    }

    /// `$XDG_CACHE_HOME/crmdeck`, where the snapshots go.
    pub fn cache_path(&self) -> PathBuf {
        self.path().join("cache/crmdeck")
    }

    /// [`clean_env`] of this home.
    pub fn env(&self) -> [(&'static str, OsString); 6] {
        clean_env(self.path())
    }

    /// `crmdeck ARGS` in this home, with the [`clean_env`] and nothing on
    /// stdin (`tokio::process::Command::from` it for an async run).
    pub fn crmdeck(&self, args: &[&str]) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_crmdeck"));
        command
            .args(args)
            .env_clear()
            .envs(self.env())
            .stdin(Stdio::null());
        command
    }
}

impl Default for Home {
    fn default() -> Self {
        Self::new()
    }
}

/// A config file with `contents` in a folder of its own (kept alive by the
/// returned guard), and its path for `--config`.
pub fn config_file(contents: &str) -> (TempDir, String) {
    let dir = TempDir::new().expect("a temporary folder");
    let path = dir.path().join("config.toml");
    std::fs::write(&path, contents).expect("config file");
    let path = path.to_str().expect("a UTF-8 temporary path").to_string();
    (dir, path)
}

/// Sets the permission bits of `path` (a config or token file).
#[cfg(unix)]
pub fn set_mode(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

/// Sets the permission bits of `path`: nothing to set here.
#[cfg(not(unix))]
pub fn set_mode(_path: &Path, _mode: u32) {}

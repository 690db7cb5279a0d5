//! Where files live (XDG rules, from an injected environment) and how paths
//! are shown to people.

use std::path::{Path, PathBuf};

/// An environment variable that is set to something other than blanks.
pub(crate) fn non_empty(env: &dyn Fn(&str) -> Option<String>, name: &str) -> Option<String> {
    env(name).filter(|value| !value.trim().is_empty())
}

/// `$NAME/suffix` when NAME holds an absolute path (the XDG rule: relative
/// values are ignored), else `$HOME/home_suffix`.
fn xdg_dir(env: &dyn Fn(&str) -> Option<String>, name: &str, home_suffix: &str) -> Option<PathBuf> {
    non_empty(env, name)
        .map(PathBuf::from)
        .filter(|dir| dir.is_absolute())
        .or_else(|| non_empty(env, "HOME").map(|home| Path::new(&home).join(home_suffix)))
}

/// `$XDG_CONFIG_HOME/crmdeck/config.toml`, else `$HOME/.config/crmdeck/config.toml`.
pub fn default_config_path(env: &dyn Fn(&str) -> Option<String>) -> Option<PathBuf> {
    xdg_dir(env, "XDG_CONFIG_HOME", ".config").map(|dir| dir.join("crmdeck").join("config.toml"))
}

/// `$XDG_STATE_HOME/crmdeck/crmdeck.log`, else `$HOME/.local/state/crmdeck/crmdeck.log`,
/// else a per-user directory under the system's temporary directory.
pub fn log_path(env: &dyn Fn(&str) -> Option<String>) -> PathBuf {
    state_dir(env).join("crmdeck.log")
}

/// What the dashboard showed last for `profile` (branch, tab, sort,
/// archived): `view-<profile>.json` in the state directory (`view.json`
/// without a profile). A profile name is kept to letters, digits, `-` and
/// `_` (others become `_`), so that it stays one file of that directory.
pub fn view_path(env: &dyn Fn(&str) -> Option<String>, profile: Option<&str>) -> PathBuf {
    let name = match profile {
        Some(profile) => {
            let safe: String = profile
                .chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                        c
                    } else {
                        '_'
                    }
                })
                .collect();
            format!("view-{safe}.json")
        }
        None => "view.json".to_string(),
    };
    state_dir(env).join(name)
}

/// `$XDG_STATE_HOME/crmdeck`, else `$HOME/.local/state/crmdeck`, else a
/// per-user directory under the system's temporary directory.
pub fn state_dir(env: &dyn Fn(&str) -> Option<String>) -> PathBuf {
    xdg_dir(env, "XDG_STATE_HOME", ".local/state")
        .map(|dir| dir.join("crmdeck"))
        .unwrap_or_else(|| {
            // The temporary directory is shared: keep users apart.
            let user = non_empty(env, "USER").or_else(|| non_empty(env, "LOGNAME"));
            let name = user.map_or_else(|| "crmdeck".to_string(), |u| format!("crmdeck-{u}"));
            std::env::temp_dir().join(name)
        })
}

/// `$XDG_CACHE_HOME/crmdeck`, else `$HOME/.cache/crmdeck`: the snapshots
/// (`cache.rs`). `None` when neither is set: no cache then.
pub fn cache_dir(env: &dyn Fn(&str) -> Option<String>) -> Option<PathBuf> {
    xdg_dir(env, "XDG_CACHE_HOME", ".cache").map(|dir| dir.join("crmdeck"))
}

/// The path as people like to read it: `~/…` for a path under $HOME (the
/// token file's trust check words its paths so too, hence its place).
pub(crate) use crate::local_files::shown;

/// Expands a leading `~/` to $HOME; `None` when $HOME is needed but unset.
pub(crate) fn expand_tilde(path: &str, env: &dyn Fn(&str) -> Option<String>) -> Option<PathBuf> {
    match path.strip_prefix("~/") {
        Some(rest) => non_empty(env, "HOME").map(|home| Path::new(&home).join(rest)),
        None => Some(PathBuf::from(path)),
    }
}

/// True when the file's group or others may read or write it (mode & 0o077).
/// A missing file, or a platform without unix modes, gives false.
pub(crate) fn open_to_others(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::metadata(path).is_ok_and(|meta| meta.permissions().mode() & 0o077 != 0)
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::env_of;

    #[test]
    fn xdg_wins_over_home_and_relative_xdg_is_ignored() {
        let both = env_of(&[("XDG_CONFIG_HOME", "/xdg"), ("HOME", "/home/u")]);
        assert_eq!(
            default_config_path(&both),
            Some(PathBuf::from("/xdg/crmdeck/config.toml"))
        );
        let relative = env_of(&[("XDG_CONFIG_HOME", "xdg"), ("HOME", "/home/u")]);
        assert_eq!(
            default_config_path(&relative),
            Some(PathBuf::from("/home/u/.config/crmdeck/config.toml"))
        );
        assert_eq!(default_config_path(&env_of(&[])), None);
    }

    #[test]
    fn the_view_file_is_per_profile_in_the_state_directory() {
        let state = env_of(&[("XDG_STATE_HOME", "/st"), ("HOME", "/home/u")]);
        let home = env_of(&[("HOME", "/home/u")]);
        assert_eq!(
            view_path(&state, Some("staging")),
            PathBuf::from("/st/crmdeck/view-staging.json")
        );
        assert_eq!(
            view_path(&home, None),
            PathBuf::from("/home/u/.local/state/crmdeck/view.json")
        );
        // A name that would leave the folder stays one file in it.
        assert_eq!(
            view_path(&state, Some("../x/y z")),
            PathBuf::from("/st/crmdeck/view-___x_y_z.json")
        );
    }

    #[test]
    fn log_path_falls_back_to_state_home_then_temp() {
        let state = env_of(&[("XDG_STATE_HOME", "/st"), ("HOME", "/home/u")]);
        assert_eq!(log_path(&state), PathBuf::from("/st/crmdeck/crmdeck.log"));
        let home = env_of(&[("HOME", "/home/u")]);
        assert_eq!(
            log_path(&home),
            PathBuf::from("/home/u/.local/state/crmdeck/crmdeck.log")
        );
        let nobody = env_of(&[("USER", "ops")]);
        assert_eq!(
            log_path(&nobody),
            std::env::temp_dir().join("crmdeck-ops").join("crmdeck.log")
        );
    }

    #[test]
    fn cache_dir_is_xdg_cache_home_else_home() {
        let both = env_of(&[("XDG_CACHE_HOME", "/c"), ("HOME", "/home/u")]);
        assert_eq!(cache_dir(&both), Some(PathBuf::from("/c/crmdeck")));
        let home = env_of(&[("XDG_CACHE_HOME", "rel"), ("HOME", "/home/u")]);
        assert_eq!(
            cache_dir(&home),
            Some(PathBuf::from("/home/u/.cache/crmdeck"))
        );
        assert_eq!(cache_dir(&env_of(&[])), None);
    }

    #[test]
    fn tilde_both_ways() {
        let home = env_of(&[("HOME", "/home/u")]);
        assert_eq!(
            shown(Path::new("/home/u/.config/x.toml"), &home),
            "~/.config/x.toml"
        );
        assert_eq!(shown(Path::new("/home/uv/x"), &home), "/home/uv/x");
        assert_eq!(expand_tilde("~/t", &home), Some(PathBuf::from("/home/u/t")));
        assert_eq!(expand_tilde("/abs/t", &home), Some(PathBuf::from("/abs/t")));
        assert_eq!(expand_tilde("~/t", &env_of(&[])), None);
    }
}

//! Configuration: file, profiles, environment, flags and token sources.
//! Every test runs in its own temporary $HOME with an injected environment.

use crmdeck::config::{
    self, Config, ConfigError, Overrides, Theme, TokenSource, default_config_path, load,
    said_warning,
};
use crmdeck::domain::zone::Zone;
use crmdeck::present::Language;
use crmdeck::secret::Token;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Duration;
use support::home::set_mode;
use support::text::assert_contains;
use tempfile::TempDir;

use crate::support;

const SECRET: &str = "eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LXBheWxvYWQ.c2ln";

/// A temporary home with an injected environment and, maybe, a config file
/// at the default place.
struct Home {
    dir: TempDir,
    vars: HashMap<String, String>,
}

impl Home {
    fn new() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let vars = HashMap::from([("HOME".to_string(), dir.path().display().to_string())]);
        Self { dir, vars }
    }

    /// A home whose default config file (mode 0600) holds `text`.
    fn with_config(text: &str) -> Self {
        let home = Self::new();
        home.write(".config/crmdeck/config.toml", text);
        home
    }

    fn set(mut self, name: &str, value: &str) -> Self {
        self.vars.insert(name.to_string(), value.to_string());
        self
    }

    fn path(&self, relative: &str) -> PathBuf {
        self.dir.path().join(relative)
    }

    /// Writes a private (0600) file under the home.
    fn write(&self, relative: &str, text: &str) -> PathBuf {
        let path = self.path(relative);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        set_mode(&path, 0o600);
        path
    }

    fn config_file(&self) -> PathBuf {
        self.path(".config/crmdeck/config.toml")
    }

    fn env(&self) -> impl Fn(&str) -> Option<String> + '_ {
        |name| self.vars.get(name).cloned()
    }

    fn load_with(&self, overrides: &Overrides) -> Result<Config, ConfigError> {
        load(overrides, &self.env())
    }

    fn load(&self) -> Result<Config, ConfigError> {
        self.load_with(&Overrides::default())
    }

    fn error(&self) -> String {
        self.error_with(&Overrides::default())
    }

    fn error_with(&self, overrides: &Overrides) -> String {
        match self.load_with(overrides) {
            Ok(config) => panic!("expected an error, got {config:?}"),
            Err(error) => error.to_string(),
        }
    }

    /// The token the configuration leads to, fetched now.
    fn token(&self) -> Result<Token, ConfigError> {
        (self.load().unwrap().token.load(&self.env())).map_err(ConfigError::from)
    }

    /// Fails unless the token does not load, for a reason naming every
    /// one of `needles`.
    fn assert_token_error(&self, needles: &[&str]) {
        assert_contains(&self.token().unwrap_err().to_string(), needles);
    }
}

fn profile(name: &str) -> Overrides {
    Overrides {
        profile: Some(name.to_string()),
        ..Overrides::default()
    }
}

fn base_url_flag(url: &str) -> Overrides {
    Overrides {
        base_url: Some(url.to_string()),
        ..Overrides::default()
    }
}

// ---------------------------------------------------------------- defaults

#[test]
fn defaults_when_no_file_exists() {
    let home = Home::new();
    let config = home.load().unwrap();
    assert_eq!(config.file, None);
    assert_eq!(config.profile, None);
    assert_eq!(config.base_url, None);
    assert_eq!(config.token, TokenSource::None);
    assert_eq!(config.branch_id, None);
    assert_eq!(config.per_page, 20);
    // Not set: the centre's zone applies (the API's, else Asia/Tashkent).
    assert_eq!(config.timezone, None);
    assert_eq!(config.language, Language::En);
    assert!(!config.read_only);
    assert_eq!(config.connect_timeout, Duration::from_secs(5));
    assert_eq!(config.request_timeout, Duration::from_secs(30));
    assert_eq!(config.auto_refresh, None);
    assert_eq!(config.theme, Theme::Default);
    assert!(!config.mouse);
    assert!(config.cache);
    assert!(!config.allow_insecure_http);
    assert_eq!(config.working_hours, "08:00-21:00".parse().unwrap());
    assert_eq!(config.max_in_flight, None);
    assert!(config.warnings.is_empty());

    let missing = config.require_base_url().unwrap_err().to_string();
    assert_contains(
        &missing,
        &["base_url", "CRMDECK_BASE_URL", "--base-url", "--demo"],
    );
    let no_token = config.token.load(&home.env()).unwrap_err().to_string();
    assert_contains(&no_token, &["token_command", "CRMDECK_TOKEN"]);
}

#[test]
fn default_path_follows_xdg_config_home_then_home() {
    let home = Home::new();
    assert_eq!(default_config_path(&home.env()), Some(home.config_file()));
    let xdg = home.path("xdg");
    let home = home.set("XDG_CONFIG_HOME", &xdg.display().to_string());
    home.write("xdg/crmdeck/config.toml", "per_page = 7\n");
    let config = home.load().unwrap();
    assert_eq!(config.file, Some(xdg.join("crmdeck/config.toml")));
    assert_eq!(config.per_page, 7);
}

#[test]
fn a_config_file_larger_than_1_mib_is_refused_unread() {
    let limit = config::CONFIG_SIZE_LIMIT as usize;
    let comment = "# a comment line, as long as any\n";
    let lines = |bytes: usize| comment.repeat(bytes.div_ceil(comment.len()));
    let home = Home::with_config(&format!("per_page = 7\n{}", lines(limit - 100)));
    assert_eq!(home.load().unwrap().per_page, 7);
    let home = Home::with_config(&format!("per_page = 7\n{}", lines(limit)));
    assert_eq!(
        home.error(),
        "config file ~/.config/crmdeck/config.toml is larger than 1 MiB: not read \
         (a config file is a few lines of TOML)"
    );
    // `--config /dev/zero` is not read at all: not a regular file.
    let zero = Overrides {
        config_path: Some(PathBuf::from("/dev/zero")),
        ..Overrides::default()
    };
    assert_contains(
        &home.error_with(&zero),
        &["config file /dev/zero is not a regular file"],
    );
}

#[test]
fn a_missing_config_flag_file_is_an_error() {
    let home = Home::new();
    let overrides = Overrides {
        config_path: Some(home.path("nowhere.toml")),
        ..Overrides::default()
    };
    assert_contains(
        &home.error_with(&overrides),
        &["~/nowhere.toml", "--config", "does not exist"],
    );
}

#[test]
fn every_key_is_read() {
    let home = Home::with_config(
        r#"
base_url = "https://api.example.uz/"
token_env = "MY_TOKEN"
branch_id = 3
per_page = 50
timezone = "Asia/Tashkent"
language = "ru"
read_only = true
connect_timeout_secs = 2
request_timeout_secs = 9
auto_refresh_secs = 60
theme = "mono"
mouse = true
allow_insecure_http = true
working_hours = "09:30-20:00"
max_in_flight = 3
"#,
    );
    let config = home.load().unwrap();
    assert_eq!(config.file, Some(home.config_file()));
    assert_eq!(config.base_url.as_deref(), Some("https://api.example.uz"));
    assert_eq!(config.require_base_url().unwrap(), "https://api.example.uz");
    assert_eq!(
        config.token,
        TokenSource::Env {
            var: "MY_TOKEN".into()
        }
    );
    assert_eq!(config.branch_id, Some(3));
    assert_eq!(config.per_page, 50);
    assert_eq!(
        config.timezone,
        Some("Asia/Tashkent".parse::<Zone>().unwrap())
    );
    assert_eq!(config.language, Language::Ru);
    assert!(config.read_only);
    assert_eq!(config.connect_timeout, Duration::from_secs(2));
    assert_eq!(config.request_timeout, Duration::from_secs(9));
    assert_eq!(config.auto_refresh, Some(Duration::from_secs(60)));
    assert_eq!(config.theme, Theme::Mono);
    assert!(config.mouse);
    assert!(config.allow_insecure_http);
    assert_eq!(config.working_hours, "09:30-20:00".parse().unwrap());
    assert_eq!(config.max_in_flight, Some(3));
    assert!(config.warnings.is_empty(), "{:?}", config.warnings);
}

#[test]
fn auto_refresh_zero_means_off() {
    let config = Home::with_config("auto_refresh_secs = 0\n").load().unwrap();
    assert_eq!(config.auto_refresh, None);
}

// -------------------------------------------------------------- precedence

const LAYERED: &str = r#"
base_url = "https://top.example.uz"
per_page = 10
language = "uz"

[profiles.work]
base_url = "https://work.example.uz"
per_page = 30
"#;

#[test]
fn file_then_profile_then_env_then_flags() {
    let home = Home::with_config(LAYERED);
    let config = home.load().unwrap();
    assert_eq!(config.base_url.as_deref(), Some("https://top.example.uz"));

    let config = home.load_with(&profile("work")).unwrap();
    assert_eq!(config.profile.as_deref(), Some("work"));
    assert_eq!(config.base_url.as_deref(), Some("https://work.example.uz"));
    assert_eq!(config.per_page, 30);
    // Keys the profile leaves out keep their top-level value.
    assert_eq!(config.language, Language::Uz);

    let home = home.set("CRMDECK_BASE_URL", "https://env.example.uz/");
    let config = home.load_with(&profile("work")).unwrap();
    assert_eq!(config.base_url.as_deref(), Some("https://env.example.uz"));

    let overrides = Overrides {
        base_url: Some("https://flag.example.uz".into()),
        ..profile("work")
    };
    let config = home.load_with(&overrides).unwrap();
    assert_eq!(config.base_url.as_deref(), Some("https://flag.example.uz"));
}

#[test]
fn a_profile_is_named_in_any_case_unless_two_differ_by_case_only() {
    let home = Home::with_config(LAYERED);
    let config = home.load_with(&profile("WORK")).unwrap();
    assert_eq!(config.profile.as_deref(), Some("work"));
    assert_eq!(config.per_page, 30);
    let twins = Home::with_config("[profiles.work]\nper_page = 1\n[profiles.Work]\nper_page = 2\n");
    assert_eq!(twins.load_with(&profile("Work")).unwrap().per_page, 2);
    let error = twins.load_with(&profile("WORK")).unwrap_err().to_string();
    assert!(error.contains("unknown profile \"WORK\""), "{error}");
}

#[test]
fn the_cache_is_off_with_the_flag_the_key_or_a_profiles_key() {
    let no_cache = Overrides {
        no_cache: true,
        ..Overrides::default()
    };
    assert!(!Home::new().load_with(&no_cache).unwrap().cache);
    let home = Home::with_config("cache = false\n");
    assert!(!home.load().unwrap().cache);
    let home = Home::with_config(
        "base_url = \"https://a.example.uz\"\n[profiles.work]\ncache = false\n[profiles.home]\n",
    );
    assert!(home.load().unwrap().cache);
    assert!(home.load_with(&profile("home")).unwrap().cache);
    assert!(!home.load_with(&profile("work")).unwrap().cache);
    let flagged = Overrides {
        no_cache: true,
        ..profile("home")
    };
    assert!(!home.load_with(&flagged).unwrap().cache);
}

#[test]
fn read_only_is_on_when_either_flag_or_file_says_so() {
    let flag = Overrides {
        read_only: true,
        ..Overrides::default()
    };
    assert!(Home::new().load_with(&flag).unwrap().read_only);
    let home = Home::with_config("read_only = true\n");
    assert!(home.load().unwrap().read_only);
    assert!(home.load_with(&flag).unwrap().read_only);
    assert!(
        !Home::with_config("read_only = false\n")
            .load()
            .unwrap()
            .read_only
    );
}

// ---------------------------------------------------------------- profiles

const PROFILES: &str = r#"
default_profile = "home"

[profiles.home]
per_page = 1

[profiles.work]
per_page = 2

[profiles.lab]
per_page = 3
"#;

#[test]
fn profile_chosen_by_flag_then_env_then_default_profile() {
    let home = Home::with_config(PROFILES);
    let chosen = |home: &Home, overrides: &Overrides| {
        let config = home.load_with(overrides).unwrap();
        (config.profile.unwrap(), config.per_page)
    };
    assert_eq!(chosen(&home, &Overrides::default()), ("home".into(), 1));
    let home = home.set("CRMDECK_PROFILE", "work");
    assert_eq!(chosen(&home, &Overrides::default()), ("work".into(), 2));
    assert_eq!(chosen(&home, &profile("lab")), ("lab".into(), 3));
}

#[test]
fn every_profile_of_the_file_is_named_sorted() {
    let config = Home::with_config(PROFILES).load().unwrap();
    assert_eq!(config.profiles, ["home", "lab", "work"]);
    assert!(Home::new().load().unwrap().profiles.is_empty());
}

#[test]
fn no_profile_without_a_choice() {
    let config = Home::with_config(LAYERED).load().unwrap();
    assert_eq!(config.profile, None);
    assert_eq!(config.per_page, 10);
}

#[test]
fn unknown_profile_lists_the_known_ones() {
    let home = Home::with_config(PROFILES);
    assert_contains(
        &home.error_with(&profile("wrok")),
        &["\"wrok\"", "--profile", "home, lab, work"],
    );
    let home = home.set("CRMDECK_PROFILE", "nope");
    assert_contains(&home.error(), &["\"nope\"", "CRMDECK_PROFILE"]);

    let home = Home::with_config("default_profile = \"gone\"\n[profiles.here]\n");
    assert_contains(
        &home.error(),
        &[
            "\"gone\"",
            "default_profile at ~/.config/crmdeck/config.toml:1",
            "here",
        ],
    );
    assert_contains(
        &Home::new().error_with(&profile("any")),
        &["\"any\"", "no profiles"],
    );
}

/// Issue 38: `[fleets.NAME]` names profiles of the file (checked once the
/// whole file is read, a fleet may come first), `fleet_concurrency` 1..=16.
#[test]
fn fleets_name_profiles_of_the_file_and_the_bound_is_checked() {
    let text = "fleet_concurrency = 6\n[fleets.city]\nprofiles = [\"work\", \"home\"]\n\
                [profiles.home]\n[profiles.work]\n";
    let config = Home::with_config(text).load().unwrap();
    assert_eq!(config.fleets["city"], ["work", "home"]);
    assert_eq!(config.fleet_concurrency, 6);
    assert_eq!(Home::new().load().unwrap().fleet_concurrency, 4);

    let text = "fleet_concurrency = 17\n[profiles.home]\n[fleets.city]\n\
                profiles = [\n  \"home\",\n  \"wrok\",\n]\n[fleets.town]\nprofile = [\"home\"]\n";
    let home = Home::with_config(text);
    let error = home.error();
    assert_contains(&error, &["config.toml:1", "fleet_concurrency", "1 to 16"]);
    assert_contains(
        &error,
        &["config.toml:6", "\"wrok\"", "fleets.city", "home"],
    );
    assert_contains(&error, &["config.toml:9", "\"profile\"", "[fleets.town]"]);
    let home = Home::with_config("[profiles.a]\nfleet_concurrency = 2\n");
    assert_contains(
        &home.error_with(&profile("a")),
        &["config.toml:2", "top level"],
    );
}

#[test]
fn top_level_only_keys_are_refused_in_a_profile() {
    let home = Home::with_config("[profiles.a]\ndefault_profile = \"a\"\n");
    assert_contains(
        &home.error_with(&profile("a")),
        &[
            "config.toml:2",
            "default_profile",
            "top level",
            "[profiles.a]",
        ],
    );
}

// ------------------------------------------------------------ token sources

#[test]
fn inline_token() {
    let home = Home::with_config(&format!("token = \"{SECRET}\"\n"));
    let config = home.load().unwrap();
    assert_eq!(
        config.token,
        TokenSource::Inline {
            file: home.config_file(),
            token: Token::new(SECRET)
        }
    );
    assert_eq!(home.token().unwrap().expose(), SECRET);
    let described = config.token.describe();
    assert_contains(&described, &["config file", "config.toml", "(key token)"]);
}

#[test]
fn token_env_reads_the_named_variable_when_loaded() {
    let home = Home::with_config("token_env = \"CRM_TOKEN\"\n");
    let config = home.load().unwrap();
    assert_eq!(config.token.describe(), "environment variable CRM_TOKEN");
    let unset = config.token.load(&home.env()).unwrap_err().to_string();
    assert_contains(&unset, &["CRM_TOKEN", "not set"]);
    let home = home.set("CRM_TOKEN", &format!(" {SECRET}\n"));
    assert_eq!(home.token().unwrap().expose(), SECRET);
}

#[test]
fn token_file_expands_home_and_trims() {
    let home = Home::with_config("token_file = \"~/secrets/crm\"\n");
    let token_path = home.write("secrets/crm", &format!("{SECRET}\n\n"));
    let config = home.load().unwrap();
    assert_eq!(
        config.token,
        TokenSource::File {
            path: token_path.clone()
        }
    );
    assert_eq!(
        config.token.describe(),
        format!("file {}", token_path.display())
    );
    assert_eq!(home.token().unwrap().expose(), SECRET);
}

#[test]
fn token_file_is_reread_on_every_load() {
    let home = Home::with_config("token_file = \"~/t\"\n");
    home.write("t", "first-token-value");
    let source = home.load().unwrap().token;
    assert_eq!(
        source.load(&home.env()).unwrap().expose(),
        "first-token-value"
    );
    home.write("t", "second-token-value");
    assert_eq!(
        source.load(&home.env()).unwrap().expose(),
        "second-token-value"
    );
}

#[test]
fn a_relative_token_file_is_next_to_the_config_file() {
    let home = Home::with_config("token_file = \"token.txt\"\n");
    home.write(".config/crmdeck/token.txt", SECRET);
    assert_eq!(home.token().unwrap().expose(), SECRET);
}

#[test]
fn a_missing_token_file_is_an_error_when_loaded() {
    let home = Home::with_config("token_file = \"/nonexistent/crm-token\"\n");
    home.assert_token_error(&["cannot read token file /nonexistent/crm-token"]);
}

#[test]
fn a_token_file_larger_than_64_kib_is_refused_unread() {
    // A long token with padding, as big as a token file may be: read.
    let home = Home::with_config("token_file = \"~/t\"\n");
    let limit = config::TOKEN_SIZE_LIMIT as usize;
    home.write(
        "t",
        &format!("{SECRET}{}", " ".repeat(limit - SECRET.len())),
    );
    assert_eq!(home.token().unwrap().expose(), SECRET);
    // One byte more: refused, and the message quotes none of it.
    let path = home.write(
        "t",
        &format!("{SECRET}{}", " ".repeat(limit + 1 - SECRET.len())),
    );
    let error = home.token().unwrap_err().to_string();
    assert_eq!(
        error,
        format!(
            "token file {} is larger than 64 KiB: not read (a token file holds the token alone)",
            path.display()
        )
    );
    // Endless: not read at all, not being a regular file.
    let home = Home::with_config("token_file = \"/dev/zero\"\n");
    assert_contains(
        &home.token().unwrap_err().to_string(),
        &["token file /dev/zero is not a regular file"],
    );
}

#[test]
fn token_command_prints_the_token() {
    let home = Home::with_config(&format!("token_command = \"printf '  {SECRET}\\\\n'\"\n"));
    let config = home.load().unwrap();
    // Named by its program: the arguments hold the token here.
    assert_eq!(config.token.describe(), "command `printf …`");
    assert_eq!(home.token().unwrap().expose(), SECRET);
}

#[test]
fn a_failing_command_names_itself_its_status_and_stderr_but_not_stdout() {
    let home = Home::with_config(
        r#"token_command = "printf 'out-%s' put; printf 'gpg: failed\\nline-%s\\n' two >&2; exit 3""#,
    );
    let error = home.token().unwrap_err().to_string();
    assert_contains(
        &error,
        &[
            "token command `printf …` failed",
            "exit status: 3",
            "): gpg: failed",
        ],
    );
    // Neither what it printed on stdout nor the rest of stderr.
    assert!(!error.contains("out-put"), "{error}");
    assert!(!error.contains("line-two"), "{error}");
}

#[test]
fn a_failing_command_never_shows_the_secret_in_its_arguments() {
    let commands = [
        // Fails after printing its argument on stderr.
        format!("printf '%s\\n' 'bad token {SECRET}' >&2; exit 1"),
        // The token pasted where the command goes: `sh: 1: <token>: not found`.
        SECRET.to_string(),
        // Runs, but prints the token nowhere but on stderr.
        format!("echo {SECRET} >&2"),
    ];
    for command in commands {
        let home = Home::with_config(&format!("token_command = \"{command}\"\n"));
        let error = home.token().unwrap_err();
        for shown in [error.to_string(), format!("{error:?}")] {
            assert!(!shown.contains(SECRET), "{command}: {shown}");
            // Nor a piece of it.
            assert!(!shown.contains("c2VjcmV0"), "{command}: {shown}");
        }
        assert!(error.to_string().starts_with("token command `"), "{error}");
        let config = home.load().unwrap();
        assert!(!config.token.describe().contains(SECRET));
        assert!(!format!("{config:?}").contains(SECRET));
    }
}

#[test]
fn a_token_pasted_as_token_env_is_refused_without_quoting_it() {
    let home = Home::with_config(&format!("\ntoken_env = \"{SECRET}\"\n"));
    let error = home.error();
    assert_contains(&error, &["config.toml:2", "token_env must be the name"]);
    assert!(!error.contains("c2VjcmV0"), "{error}");
    let home = Home::with_config("token_env = \"CRM_TOKEN_2\"\n").set("CRM_TOKEN_2", SECRET);
    assert_eq!(home.token().unwrap().expose(), SECRET);
}

#[test]
fn a_command_that_prints_nothing_is_an_error() {
    let home = Home::with_config("token_command = \"echo 'not logged in' >&2\"\n");
    home.assert_token_error(&["printed nothing", "exit status: 0", "not logged in"]);
}

#[test]
fn crmdeck_token_wins_over_every_token_key() {
    let home =
        Home::with_config("token_command = \"exit 1\"\n[profiles.p]\ntoken_env = \"OTHER\"\n")
            .set("CRMDECK_TOKEN", SECRET)
            .set("OTHER", "other-token");
    for overrides in [Overrides::default(), profile("p")] {
        let config = home.load_with(&overrides).unwrap();
        assert_eq!(
            config.token.describe(),
            "environment variable CRMDECK_TOKEN"
        );
        assert_eq!(config.token.load(&home.env()).unwrap().expose(), SECRET);
    }
    // Without a file at all.
    let bare = Home::new().set("CRMDECK_TOKEN", SECRET);
    assert_eq!(bare.token().unwrap().expose(), SECRET);
}

#[test]
fn a_profile_token_key_replaces_the_top_level_one() {
    let home = Home::with_config(&format!(
        "token = \"{SECRET}\"\n[profiles.p]\ntoken_command = \"echo from-profile\"\n[profiles.q]\nper_page = 5\n"
    ));
    let in_profile = home.load_with(&profile("p")).unwrap().token;
    assert_eq!(
        in_profile,
        TokenSource::Command {
            command: "echo from-profile".into()
        }
    );
    // A profile without token keys keeps the top-level one.
    let inherited = home.load_with(&profile("q")).unwrap().token;
    assert!(
        matches!(inherited, TokenSource::Inline { .. }),
        "{inherited:?}"
    );
}

#[test]
fn two_token_keys_in_one_table_name_both() {
    let home = Home::with_config("per_page = 5\ntoken_env = \"A\"\ntoken_file = \"/b\"\n");
    assert_contains(
        &home.error(),
        &["config.toml:3", "token_env and token_file", "top level"],
    );
    let home =
        Home::with_config("[profiles.p]\ntoken_command = \"x\"\ntoken = \"y-secret-value\"\n");
    let error = home.error();
    assert_contains(
        &error,
        &["config.toml:3", "token_command and token", "[profiles.p]"],
    );
    assert!(!error.contains("y-secret-value"), "{error}");
}

#[test]
fn an_empty_token_from_any_source_is_an_error() {
    for key in ["token", "token_env", "token_file", "token_command"] {
        let home = Home::with_config(&format!("\n{key} = \"  \"\n"));
        assert_contains(&home.error(), &["config.toml:2", key, "empty"]);
    }
    let home = Home::with_config("token_file = \"~/t\"\n");
    home.write("t", "\n");
    home.assert_token_error(&["file", "is empty"]);
    let home = Home::new().set("CRMDECK_TOKEN", "");
    home.assert_token_error(&["environment variable CRMDECK_TOKEN is empty"]);
}

#[test]
fn describe_never_shows_the_token() {
    let home = Home::with_config(&format!("token = \"{SECRET}\"\n"));
    let config = home.load().unwrap();
    let sources = [
        config.token.clone(),
        TokenSource::Fixed(Token::new(SECRET)),
        TokenSource::Env {
            var: "CRMDECK_TOKEN".into(),
        },
        TokenSource::File {
            path: "/x/token".into(),
        },
        TokenSource::Command {
            command: format!("echo {SECRET}"),
        },
        TokenSource::None,
    ];
    for source in sources {
        let described = source.describe();
        assert!(!described.contains(SECRET), "{described}");
        assert!(!format!("{source:?}").contains(SECRET), "{source:?}");
    }
    assert!(!format!("{config:?}").contains(SECRET));
    assert_eq!(
        TokenSource::Command {
            command: "cat ~/crm-token".into()
        }
        .describe(),
        "command `cat …`"
    );
    assert_eq!(
        TokenSource::File {
            path: "/x/token".into()
        }
        .describe(),
        "file /x/token"
    );
}

// ----------------------------------------------------------- file errors

#[test]
fn unknown_key_has_its_line_and_a_suggestion() {
    let home =
        Home::with_config("# comment\n\nper_page = 5\n\n\n\nbse_url = \"https://x.example.uz\"\n");
    assert_eq!(
        home.error(),
        "~/.config/crmdeck/config.toml:7: unknown key \"bse_url\" (did you mean \"base_url\"?)"
    );
    let home = Home::with_config("[profiles.p]\nper_page = 5\ntimezon = \"UTC\"\n");
    assert_eq!(
        home.error(),
        "~/.config/crmdeck/config.toml:3: unknown key \"timezon\" in [profiles.p] \
         (did you mean \"timezone\"?)"
    );
    let home = Home::with_config("colour_scheme = 1\n");
    assert_eq!(
        home.error(),
        "~/.config/crmdeck/config.toml:1: unknown key \"colour_scheme\""
    );
}

#[test]
fn every_error_in_the_file_is_reported_in_the_files_order() {
    // The keys sort the other way round: the report must follow the file.
    let home = Home::with_config("zzz = 1\naaa = 2\n");
    let error = home.error();
    let (zzz, aaa) = (
        error.find("\"zzz\"").unwrap(),
        error.find("\"aaa\"").unwrap(),
    );
    assert!(zzz < aaa, "{error}");
    assert_contains(&error, &["config.toml:1: unknown key \"zzz\""]);
}

#[test]
fn three_mistakes_are_three_lines_each_with_its_line_and_key() {
    let text = "per_page = 500\n\
                timezone = \"Mars/Olympus\"\n\
                [keys]\n\
                install = 3\n\
                [queries]\n\
                evening = \"tue evening\"\n\
                late = 17\n\
                [profiles.small]\n\
                mouse = \"yes\"\n";
    let error = Home::with_config(text).error();
    let lines: Vec<&str> = error.lines().collect();
    let at = "~/.config/crmdeck/config.toml";
    assert_eq!(lines.len(), 5, "{error}");
    let expected = [
        (1, "per_page must be"),
        (2, "timezone: "),
        (4, "keys.install must be a key or a list of keys"),
        (7, "queries.late must be a query in quotes"),
        (9, "mouse must be true or false"),
    ];
    for (line, (number, key)) in lines.iter().zip(expected) {
        assert!(line.starts_with(&format!("{at}:{number}: {key}")), "{line}");
    }
    // One mistake is one line, as it always was.
    let one = Home::with_config("per_page = 500\n").error();
    assert_eq!(one.lines().count(), 1, "{one}");
}

#[test]
fn queries_are_named_in_the_config_with_their_lines() {
    let home = Home::with_config(
        "per_page = 5\n[queries]\nevening = \"tue evening\"\n\"кечки\" = \" sesh kechqurun \"\n",
    );
    let config = home.load().unwrap();
    let queries: Vec<(&str, &str, Option<&str>)> = (config.queries.iter())
        .map(|q| (q.name.as_str(), q.text.as_str(), q.in_config.as_deref()))
        .collect();
    let at = |line| format!("~/.config/crmdeck/config.toml:{line}");
    assert_eq!(
        queries,
        [
            ("evening", "tue evening", Some(at(3).as_str())),
            ("кечки", "sesh kechqurun", Some(at(4).as_str())),
        ]
    );
    let error = Home::with_config("[queries]\n\"two words\" = \"tue\"\n").error();
    assert_contains(&error, &["config.toml:2", "letters, digits, - and _"]);
    let error = Home::with_config("[profiles.p]\nqueries = 1\n").error();
    assert_contains(&error, &["queries belongs at the top level"]);
}

#[test]
fn wrong_types_say_what_is_expected() {
    let cases = [
        (
            "per_page = \"20\"",
            "per_page must be a number from 1 to 100, not a string",
        ),
        (
            "per_page = 2.5",
            "per_page must be a number from 1 to 100, not 2.5",
        ),
        (
            "mouse = \"yes\"",
            "mouse must be true or false, not a string",
        ),
        ("read_only = 1", "read_only must be true or false, not 1"),
        ("base_url = 5", "base_url must be a string in quotes, not 5"),
        ("token = 12345", "token must be a string in quotes"),
        (
            "branch_id = 0",
            "branch_id must be a positive number, not 0",
        ),
        (
            "connect_timeout_secs = 0",
            "connect_timeout_secs must be a number of seconds from 1 to 3600",
        ),
        (
            "auto_refresh_secs = -1",
            "auto_refresh_secs must be 0 (off) or a number of seconds",
        ),
        (
            "theme = \"dark\"",
            "unknown theme \"dark\": expected default or mono",
        ),
        ("profiles = 3", "profiles must be a table"),
        (
            "max_in_flight = 0",
            "max_in_flight must be a number of requests from 1 to 32, not 0",
        ),
        (
            "max_in_flight = 33",
            "max_in_flight must be a number of requests from 1 to 32, not 33",
        ),
        (
            "working_hours = \"21:00-08:00\"",
            "working hours \"21:00-08:00\": the closing time must come after the opening time",
        ),
        (
            "accent = \"rde\"",
            "unknown accent colour \"rde\" (did you mean red?): expected a colour name",
        ),
        (
            "accent = \"3\"",
            "unknown accent colour \"3\": expected a colour name",
        ),
        (
            "max_parallel = 0",
            "max_parallel must be a number of groups from 1 to 10000, or a table of them by branch id ([max_parallel] then 2 = 6), not 0",
        ),
        (
            "max_parallel = \"6\"",
            "max_parallel must be a number of groups from 1 to 10000",
        ),
        (
            "max_parallel = { chilonzor = 4 }",
            "max_parallel: \"chilonzor\" is not a branch id (or \"*\" for every other branch)",
        ),
        (
            "max_parallel = { 2 = -1 }",
            "max_parallel must be a number of groups from 1 to 10000, or a table of them by branch id ([max_parallel] then 2 = 6), not -1",
        ),
        (
            "working_hours = \"9-18\"",
            "working hours \"9-18\": expected HH:MM-HH:MM, e.g. 08:00-21:00",
        ),
    ];
    for (line, expected) in cases {
        let error = Home::with_config(&format!("\n{line}\n")).error();
        assert_contains(&error, &["~/.config/crmdeck/config.toml:2: ", expected]);
        assert!(!error.contains("12345"), "{error}");
    }
}

#[test]
fn max_parallel_is_a_number_for_every_branch_or_a_table_by_branch_id() {
    let config = Home::new().load().unwrap();
    assert!(config.max_parallel.is_unset());
    let config = Home::with_config("max_parallel = 5\n").load().unwrap();
    assert_eq!(config.max_parallel.of(Some(3)), Some(5));
    let text = "branch_id = 1\n[max_parallel]\n1 = 6\n\"*\" = 4\n\n\
                [profiles.small]\nmax_parallel = 2\n";
    let home = Home::with_config(text);
    let config = home.load().unwrap();
    assert_eq!(config.max_parallel.of(Some(1)), Some(6));
    assert_eq!(config.max_parallel.of(Some(2)), Some(4));
    assert_eq!(config.max_parallel.of(None), Some(4));
    let config = home.load_with(&profile("small")).unwrap();
    assert_eq!(config.max_parallel.of(Some(1)), Some(2));
}

#[test]
fn per_page_must_be_from_1_to_100() {
    for bad in ["0", "101", "-5"] {
        let error = Home::with_config(&format!("per_page = {bad}\n")).error();
        assert_eq!(
            error,
            format!(
                "~/.config/crmdeck/config.toml:1: per_page must be a number from 1 to 100, not {bad}"
            )
        );
    }
    for good in [1, 100] {
        let config = Home::with_config(&format!("per_page = {good}\n"))
            .load()
            .unwrap();
        assert_eq!(config.per_page, good);
    }
}

#[test]
fn timezone_and_language_errors_come_from_their_parsers() {
    let zone = Home::with_config("timezone = \"Mars/Olympus\"\n").error();
    let expected_zone = "Mars/Olympus".parse::<Zone>().unwrap_err();
    assert_eq!(
        zone,
        format!("~/.config/crmdeck/config.toml:1: timezone: {expected_zone}")
    );
    let language = Home::with_config("\nlanguage = \"fr\"\n").error();
    let expected_language = "fr".parse::<Language>().unwrap_err();
    assert_eq!(
        language,
        format!("~/.config/crmdeck/config.toml:2: {expected_language}")
    );
}

#[test]
fn invalid_toml_names_the_line_and_never_quotes_it() {
    let home = Home::with_config(&format!("per_page = 5\ntoken = {SECRET}\n"));
    let error = home.error();
    assert_contains(&error, &["config.toml:2", "invalid TOML"]);
    assert!(!error.contains(SECRET), "{error}");
    assert!(!error.contains('\n'), "{error}");
    let duplicate = Home::with_config("per_page = 5\nmouse = true\nper_page = 6\n").error();
    assert_eq!(
        duplicate,
        "~/.config/crmdeck/config.toml:3: invalid TOML: duplicate key \"per_page\""
    );
}

#[test]
fn invalid_base_urls_are_refused_wherever_they_come_from() {
    let error = Home::with_config("\nbase_url = \"api.example.uz\"\n").error();
    assert_contains(
        &error,
        &[
            "config.toml:2",
            "base_url must start with http:// or https://",
        ],
    );
    let home = Home::new().set("CRMDECK_BASE_URL", "ftp://x");
    assert_contains(&home.error(), &["CRMDECK_BASE_URL", "http://"]);
    assert_contains(
        &Home::new().error_with(&base_url_flag("x")),
        &["--base-url", "http://"],
    );
}

#[test]
fn a_base_url_typo_never_quotes_its_password() {
    let typo = "https//ops:hunter2-pass@api.example.uz";
    let errors = [
        Home::with_config(&format!("base_url = \"{typo}\"\n")).error(),
        Home::new().set("CRMDECK_BASE_URL", typo).error(),
        Home::new().error_with(&base_url_flag(typo)),
    ];
    for error in errors {
        assert_contains(&error, &["base_url must start with http:// or https://"]);
        assert!(!error.contains("hunter2"), "{error}");
    }
}

#[test]
fn a_base_url_ending_in_v2_gives_a_warning() {
    let config = Home::new()
        .load_with(&base_url_flag("https://api.example.uz/v2/"))
        .unwrap();
    assert_eq!(config.warnings.len(), 1);
    assert_contains(&config.warnings[0], &["--base-url", "/v2"]);
}

// ---------------------------------------------------------------- security

#[test]
fn plain_http_to_another_machine_is_refused() {
    let error = Home::with_config("\n\nbase_url = \"http://crm.example.uz\"\n").error();
    assert_contains(
        &error,
        &[
            "config.toml:3",
            "http://crm.example.uz",
            "in clear",
            "allow_insecure_http = true",
        ],
    );
    let home = Home::new().set("CRMDECK_BASE_URL", "http://10.1.2.3:8000");
    assert_contains(
        &home.error(),
        &["environment variable CRMDECK_BASE_URL", "in clear"],
    );
}

#[test]
fn a_base_url_ending_with_v2_is_warned_in_the_language() {
    let home = Home::with_config("base_url = \"https://crm.example.uz/v2\"\n");
    let warnings = home.load().unwrap().warnings;
    let at = "~/.config/crmdeck/config.toml:1";
    let url = "https://crm.example.uz/v2";
    assert_eq!(
        warnings,
        [format!(
            "{at}: base_url {url} ends with /v2, but crmdeck adds /v2 itself: give the host root"
        )]
    );
    assert_eq!(
        said_warning(&warnings[0], Language::Uz),
        format!(
            "{at}: base_url {url} /v2 bilan tugaydi, lekin crmdeck /v2 ni oʻzi qoʻshadi: \
             xostning ildizini bering"
        )
    );
    assert_eq!(said_warning(&warnings[0], Language::En), warnings[0]);
}

#[test]
fn allow_insecure_http_lets_it_through() {
    let home = Home::with_config(
        "base_url = \"http://crm.example.uz\"\n[profiles.lan]\nallow_insecure_http = true\n",
    );
    let config = home.load_with(&profile("lan")).unwrap();
    assert_eq!(config.base_url.as_deref(), Some("http://crm.example.uz"));
    assert!(config.allow_insecure_http);
    // Said at every start (the CLI on stderr, the dashboard's top line).
    assert!(config.insecure_http());
    assert_eq!(
        config.warnings,
        vec![
            "~/.config/crmdeck/config.toml:1: plain http:// to http://crm.example.uz, \
             allowed by allow_insecure_http: the token travels in clear"
                .to_string()
        ]
    );
    // Said in the reader's language (the log keeps the English).
    assert_eq!(
        said_warning(&config.warnings[0], Language::Ru),
        "~/.config/crmdeck/config.toml:1: открытый http:// к http://crm.example.uz, \
         разрешён allow_insecure_http: токен передаётся незашифрованным"
    );
    // Loopback needs no leave, and is not warned about.
    let local = home
        .load_with(&base_url_flag("http://127.0.0.1:8080"))
        .unwrap();
    assert!(!local.insecure_http() && local.warnings.is_empty());
}

#[test]
fn loopback_http_is_allowed() {
    for url in [
        "http://localhost:8080",
        "http://127.0.0.1:3000/",
        "http://[::1]:8080",
    ] {
        let config = Home::new().load_with(&base_url_flag(url)).unwrap();
        assert_eq!(config.base_url.as_deref(), Some(url.trim_end_matches('/')));
    }
}

#[cfg(unix)]
#[test]
fn a_config_file_with_a_token_must_be_private() {
    let home = Home::with_config(&format!("token = \"{SECRET}\"\n"));
    assert!(home.load().unwrap().warnings.is_empty());
    set_mode(&home.config_file(), 0o644);
    let warnings = home.load().unwrap().warnings;
    assert_eq!(
        warnings,
        vec![
            "config file ~/.config/crmdeck/config.toml holds a token and is readable by others: \
             chmod 600 ~/.config/crmdeck/config.toml"
                .to_string()
        ]
    );
    assert!(!warnings[0].contains(SECRET));
    assert_eq!(
        said_warning(&warnings[0], Language::UzCyrl),
        "созламалар файли ~/.config/crmdeck/config.toml токенни сақлайди ва уни бошқалар \
         ўқий олади: chmod 600 ~/.config/crmdeck/config.toml"
    );
}

#[cfg(unix)]
#[test]
fn a_config_file_without_a_token_may_be_readable() {
    let home = Home::with_config("token_command = \"pass show crm\"\n");
    set_mode(&home.config_file(), 0o644);
    assert!(home.load().unwrap().warnings.is_empty());
}

#[cfg(unix)]
#[test]
fn a_config_file_others_can_write_is_refused_whatever_it_holds() {
    let command = "token_command = \"pass show crm\"\n";
    let in_a_profile = "[profiles.work]\ntoken_command = \"pass show crm\"\n";
    // A token file or CRMDECK_TOKEN would go to the base_url it names.
    let token_file = "token_file = \"~/t\"\nper_page = 50\n";
    for text in [command, in_a_profile, token_file] {
        for mode in [0o666, 0o646, 0o620] {
            let home = Home::with_config(text);
            set_mode(&home.config_file(), mode);
            assert_eq!(
                home.error(),
                format!(
                    "config file ~/.config/crmdeck/config.toml is writable by other users \
                     (mode {mode:04o}), owner uid {}: refused, as whoever can change it could \
                     send the token elsewhere or run a command as you; fix: chmod go-w \
                     ~/.config/crmdeck/config.toml",
                    // SAFETY: geteuid has no preconditions.
                    unsafe { libc::geteuid() }
                ),
                "{text}"
            );
        }
    }
    // Readable by others is no risk for a command; other keys may be shared.
    let home = Home::with_config(command);
    set_mode(&home.config_file(), 0o644);
    assert!(home.load().is_ok());
    let home = Home::with_config(token_file);
    set_mode(&home.config_file(), 0o644);
    assert_eq!(home.load().unwrap().per_page, 50);
}

/// Only root can give a file to another user: run as root (CI's case).
#[cfg(unix)]
#[test]
fn a_config_file_of_another_user_may_not_hold_token_command() {
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        eprintln!("skipped: only root can give a file to another user");
        return;
    }
    let home = Home::with_config("token_command = \"pass show crm\"\n");
    std::os::unix::fs::chown(home.config_file(), Some(65534), None).unwrap();
    assert_contains(
        &home.error(),
        &["config.toml belongs to another user (uid 65534), mode 0600: refused"],
    );
}

#[cfg(unix)]
#[test]
fn a_token_file_must_be_private() {
    let home = Home::with_config("token_file = \"~/t\"\n");
    let token_path = home.write("t", SECRET);
    assert!(home.load().unwrap().warnings.is_empty());
    set_mode(&token_path, 0o640);
    assert_eq!(
        home.load().unwrap().warnings,
        vec!["token file ~/t holds a token and is readable by others: chmod 600 ~/t".to_string()]
    );
    let warning = &home.load().unwrap().warnings[0];
    assert_eq!(
        said_warning(warning, Language::Ru),
        "файл токена ~/t содержит токен и доступен другим для чтения: chmod 600 ~/t"
    );
}

// ----------------------------------------------------------------- example

fn example_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("config.example.toml")
}

#[test]
fn the_example_file_loads() {
    let home = Home::new();
    // A private copy: the example holds token_command, which a file others
    // can write may not (a checkout under umask 002 is group-writable).
    let text = std::fs::read_to_string(example_path()).unwrap();
    let example = Overrides {
        config_path: Some(home.write("config.toml", &text)),
        ..Overrides::default()
    };
    let config = home.load_with(&example).unwrap();
    assert_eq!(
        config.timezone,
        Some("Asia/Tashkent".parse::<Zone>().unwrap())
    );
    assert!(config.warnings.is_empty(), "{:?}", config.warnings);
    assert!(matches!(config.token, TokenSource::Command { .. }));
    assert_eq!(config.fleets["all-centres"], ["staging", "local"]);
    assert_eq!(config.fleet_concurrency, 4);
    let queries: Vec<(&str, &str)> = (config.queries.iter())
        .map(|query| (query.name.as_str(), query.text.as_str()))
        .collect();
    assert_eq!(
        queries,
        [
            ("evening", "tue evening"),
            ("ielts-late", "course:ielts >=17:00")
        ]
    );
    for name in ["staging", "local"] {
        let overrides = Overrides {
            profile: Some(name.into()),
            ..example.clone()
        };
        let config = home.load_with(&overrides).unwrap();
        assert_eq!(config.profile.as_deref(), Some(name));
    }
}

#[test]
fn the_example_file_documents_every_key() {
    let text = std::fs::read_to_string(example_path()).unwrap();
    let others = [
        "default_profile",
        "[profiles.",
        "CRMDECK_TOKEN",
        "[queries]",
    ];
    for key in config::SETTING_KEYS.iter().chain(&others) {
        assert!(text.contains(key), "{key} is not in the example");
    }
    // Every setting is set or shown commented out, right under a comment line.
    let lines: Vec<&str> = text.lines().collect();
    for key in config::SETTING_KEYS {
        let index = lines
            .iter()
            .position(|line| {
                line.trim_start_matches("# ")
                    .starts_with(&format!("{key} ="))
            })
            .unwrap_or_else(|| panic!("{key} has no example line"));
        assert!(
            index > 0 && lines[index - 1].starts_with('#'),
            "{key} has no comment"
        );
    }
}

#[test]
fn the_log_lives_under_the_state_folder() {
    let home = Home::new();
    assert_eq!(
        config::log_path(&home.env()),
        home.path(".local/state/crmdeck/crmdeck.log")
    );
}

#[test]
fn an_accent_that_is_no_colour_is_a_config_error_with_its_line() {
    let error = Home::with_config("[profiles.prod]\naccent = \"rde\"\n").error();
    assert_contains(
        &error,
        &[
            "config.toml:2: ",
            "unknown accent colour \"rde\" (did you mean red?)",
        ],
    );
}

#[test]
fn a_profiles_accent_is_its_own() {
    let home = Home::with_config(
        "accent = \"blue\"\n[profiles.prod]\naccent = \"Light Red\"\n[profiles.test]\n",
    );
    let accent = |name: &str| home.load_with(&profile(name)).unwrap().accent.map(|a| a.0);
    use ratatui::style::Color;
    assert_eq!(accent("prod"), Some(Color::LightRed));
    assert_eq!(
        accent("test"),
        Some(Color::Blue),
        "the top level's, inherited"
    );
}

// ------------------------------------------------------------ [keys]

#[test]
fn keys_are_read_in_file_order_with_their_lines() {
    let home =
        Home::with_config("per_page = 5\n\n[keys]\ninstall = [\"I\", \"F5\"]\nquit = \"x\"\n");
    let config = home.load().unwrap();
    let read: Vec<(&str, &[String], &str)> = config
        .keys
        .iter()
        .map(|b| (b.action.as_str(), b.keys.as_slice(), b.at.as_str()))
        .collect();
    assert_eq!(read.len(), 2);
    assert_eq!(
        (read[0].0, read[0].1),
        ("install", &["I".to_string(), "F5".to_string()][..])
    );
    assert!(read[0].2.ends_with("config.toml:4"), "{}", read[0].2);
    assert_eq!((read[1].0, read[1].1), ("quit", &["x".to_string()][..]));
}

#[test]
fn keys_of_the_wrong_shape_or_in_a_profile_are_refused_with_their_line() {
    let home = Home::with_config("keys = 5\n");
    assert_contains(&home.error(), &["config.toml:1", "keys must be a table"]);
    let home = Home::with_config("[keys]\ninstall = 5\n");
    assert_contains(
        &home.error(),
        &[
            "config.toml:2",
            "keys.install must be a key or a list of keys",
        ],
    );
    let home = Home::with_config("[keys]\ninstall = [\"i\", 5]\n");
    assert_contains(&home.error(), &["config.toml:2", "keys.install"]);
    let home = Home::with_config("[profiles.a.keys]\ninstall = \"i\"\n");
    assert_contains(&home.error_with(&profile("a")), &["keys", "top level"]);
}

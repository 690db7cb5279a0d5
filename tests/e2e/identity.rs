//! End to end, who the token is (issue 33 §2, issue 34 §6): the real
//! binary in a pseudo-terminal over cache and state folders the test owns,
//! against a demo server that lets several tokens through.
//!
//! - `R` with another account's token in the token file (or printed by the
//!   token command): the first account's snapshot and history day stay
//!   byte for byte, the walk of the new one is kept under its own key, and
//!   the screen says the rows were taken away.
//! - A token that is no JWT: its second start draws its snapshot at once,
//!   the API hanging (who it was is remembered by its keyed hash).

use crate::support;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use crmdeck::demo::DemoOptions;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;
use support::demo_server::Server;
use support::pty::Tty;
use support::screen::Watch;
use support::wait;
use tempfile::TempDir;

/// A JWT of subject `sub` (the signature is not checked by anyone).
fn jwt(sub: &str) -> String {
    let header = URL_SAFE_NO_PAD.encode(r#"{"typ":"JWT","alg":"HS256"}"#);
    let claims = URL_SAFE_NO_PAD.encode(format!(r#"{{"sub":"{sub}","exp":4102444800}}"#));
    format!("{header}.{claims}.c2lnbmF0dXJl")
}

/// A server of 60 groups over 3 pages.
fn server() -> Server {
    Server::start(DemoOptions {
        groups: 60,
        max_per_page: 20,
        ..DemoOptions::default()
    })
}

/// The folders of one machine: the cache, the state, the token's.
struct Machine {
    cache: TempDir,
    state: TempDir,
    secrets: TempDir,
}

impl Machine {
    fn new() -> Self {
        let dir = || TempDir::new().expect("a folder");
        Self {
            cache: dir(),
            state: dir(),
            secrets: dir(),
        }
    }

    fn token_file(&self) -> PathBuf {
        self.secrets.path().join("token")
    }

    fn write_token(&self, token: &str) {
        let path = self.token_file();
        std::fs::write(&path, format!("{token}\n")).expect("the token written");
        support::home::set_mode(&path, 0o600);
    }

    /// A config of `server` whose token is read by `source` (the line of
    /// the config reading the token file it is given).
    fn config(&self, server: &Server, source: fn(&Path) -> String) -> PathBuf {
        let path = self.secrets.path().join("config.toml");
        let source = source(&self.token_file());
        let text = format!("base_url = \"{}\"\n{source}\n", server.handle.base_url());
        std::fs::write(&path, text).expect("the config written");
        support::home::set_mode(&path, 0o600);
        path
    }

    /// The dashboard with `config`, on this machine's folders.
    fn dashboard(&self, config: &Path) -> Tty {
        let folder = |dir: &TempDir| dir.path().to_str().expect("UTF-8").to_owned();
        let (cache, state) = (folder(&self.cache), folder(&self.state));
        let config = config.to_str().expect("UTF-8");
        let tty = Tty::spawn(
            &["--config", config],
            &[("XDG_CACHE_HOME", &cache), ("XDG_STATE_HOME", &state)],
        );
        tty.wait_for("crmdeck");
        tty
    }

    /// Every file of the cache folder with its bytes.
    fn cached(&self) -> BTreeMap<String, Vec<u8>> {
        let dir = self.cache.path().join("crmdeck");
        let Ok(entries) = std::fs::read_dir(&dir) else {
            return BTreeMap::new();
        };
        entries
            .flatten()
            .map(|entry| {
                let name = entry.file_name().to_string_lossy().into_owned();
                (name, std::fs::read(entry.path()).unwrap_or_default())
            })
            .filter(|(name, _)| !name.starts_with('.'))
            .collect()
    }

    fn snapshots(&self) -> usize {
        self.cached()
            .keys()
            .filter(|name| name.starts_with("snapshot-"))
            .count()
    }

    /// Waits until the cache holds `count` snapshots (and a history day each).
    fn wait_for_snapshots(&self, tty: &Tty, count: usize) {
        wait::until(
            &format!("{count} snapshots and their history days"),
            || {
                let cached = self.cached();
                let days = cached.keys().filter(|name| name.starts_with("history-"));
                self.snapshots() == count && days.count() == count
            },
            || format!("{:?}\n{}", self.cached().keys(), tty.screen_text()),
        );
    }
}

/// `R` after another account's token came from `source`: account A's
/// files stay byte for byte as A's walk left them; B's walk is kept under
/// B's key; the screen says A's rows were taken away.
fn another_accounts_token_keeps_the_first_accounts_files(source: fn(&Path) -> String) {
    let server = server();
    let (a, b) = (jwt("1001"), jwt("2002"));
    server.handle.also_accept(&a);
    server.handle.also_accept(&b);
    let machine = Machine::new();
    machine.write_token(&a);
    let config = machine.config(&server, source);
    let mut tty = machine.dashboard(&config);
    machine.wait_for_snapshots(&tty, 1);
    let of_a = machine.cached();

    machine.write_token(&b);
    tty.type_keys("R");
    // B's walk ends written beside A's (or, as it was, over A's).
    wait::until(
        "B's walk kept",
        || machine.snapshots() == 2 || machine.cached() != of_a,
        || format!("{:?}\n{}", machine.cached().keys(), tty.screen_text()),
    );
    let unchanged = |after: BTreeMap<String, Vec<u8>>| {
        for (name, bytes) in &of_a {
            assert!(
                after.get(name) == Some(bytes),
                "{name} changed after B's walk"
            );
        }
    };
    unchanged(machine.cached());
    machine.wait_for_snapshots(&tty, 2);
    unchanged(machine.cached());
    tty.wait_for("the new token is another account's");
    tty.quit();
}

#[test]
fn r_with_another_accounts_token_file_keeps_the_first_accounts_snapshot_and_history() {
    another_accounts_token_keeps_the_first_accounts_files(|file| {
        format!("token_file = \"{}\"", file.display())
    });
}

/// A token command that starts printing another account's token.
#[test]
fn r_with_a_token_command_printing_another_account_keeps_the_first_accounts_files() {
    another_accounts_token_keeps_the_first_accounts_files(|file| {
        format!("token_command = \"cat {}\"", file.display())
    });
}

/// A first start with `opaque`, a token that is no JWT, until its walk is
/// kept: the server, the machine and the config.
fn first_start_of(opaque: &str) -> (Server, Machine, PathBuf) {
    let server = server();
    server.handle.also_accept(opaque);
    let machine = Machine::new();
    machine.write_token(opaque);
    let config = machine.config(&server, |file| {
        format!("token_file = \"{}\"", file.display())
    });
    let mut tty = machine.dashboard(&config);
    machine.wait_for_snapshots(&tty, 1);
    tty.quit();
    (server, machine, config)
}

/// Issue 34 §6: a token that is no JWT is identified by `/v2/token/me`
/// on its first start; on the second, with the API hanging, its snapshot
/// is drawn at once (who it was is remembered by its keyed hash, never
/// the token itself).
#[test]
fn an_opaque_tokens_second_start_draws_its_snapshot_at_once_with_the_api_hanging() {
    let opaque = "opaque-0f3c9a7b51d24e6c8a1f";
    let (server, machine, config) = first_start_of(opaque);
    for entry in std::fs::read_dir(machine.state.path().join("crmdeck")).unwrap() {
        let bytes = std::fs::read(entry.unwrap().path()).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        assert!(!text.contains(opaque), "the token written: {text}");
    }

    // From now on no answer comes before the test ends.
    server.handle.faults().set_latency(Duration::from_secs(60));
    let mut tty = machine.dashboard(&config);
    let screen = tty.wait_for("as of ");
    assert!(screen.contains("60 groups"), "{screen}");
    tty.quit();
}

/// Issue 34 §6: what was remembered of an opaque token is checked once
/// `/v2/token/me` answers; another account takes the rows away, says so,
/// and is remembered in its place.
#[test]
fn a_remembered_account_that_token_me_contradicts_is_said_and_replaced() {
    let opaque = "opaque-5b7e1c0d9a2f4e38b6c1";
    let (_server, machine, config) = first_start_of(opaque);
    // The list now says the token was another account.
    let list = machine.state.path().join("crmdeck/known-tokens.json");
    let mut known: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&list).expect("the list")).expect("JSON");
    let truth = known["tokens"][0]["account"].clone();
    known["tokens"][0]["account"] = serde_json::json!("0123456789abcdef0123456789abcdef");
    std::fs::write(&list, serde_json::to_vec(&known).unwrap()).unwrap();

    let mut tty = machine.dashboard(&config);
    tty.wait_for("names another account than this token was");
    let known: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&list).expect("the list")).expect("JSON");
    assert_eq!(known["tokens"][0]["account"], truth, "{known}");
    tty.quit();
}

/// Issue 34 §6: with neither a JWT subject nor `/v2/token/me` (a 404),
/// the account is the keyed hash of the token itself: `info` says so, a
/// snapshot is kept for it, and another token is another account.
#[tokio::test(flavor = "multi_thread")]
async fn without_subject_and_token_me_the_token_itself_is_the_account_and_info_says_so() {
    use axum::http::StatusCode;
    let base = support::scripted_server::scripted_server(|_| {
        (StatusCode::NOT_FOUND, r#"{"message":"Not Found"}"#.into())
    })
    .await;
    let machine = Machine::new();
    let info = |token: &'static str| {
        let mut command = support::home::Home::new().crmdeck(&["info", "--format", "json"]);
        command
            .env("CRMDECK_BASE_URL", &base)
            .env("CRMDECK_TOKEN", token)
            .env("XDG_CACHE_HOME", machine.cache.path())
            .env("XDG_STATE_HOME", machine.state.path());
        let output = tokio::process::Command::from(command).output();
        async move {
            let output = output.await.expect("crmdeck runs");
            assert!(output.status.success(), "{output:?}");
            serde_json::from_slice::<serde_json::Value>(&output.stdout).expect("JSON")
        }
    };
    let one = info("opaque-token-one").await;
    let account = one["token"]["account"].as_str().unwrap_or_default();
    assert!(account.contains("the token itself"), "{one}");
    assert!(account.contains("a new token starts afresh"), "{one}");
    let snapshot = |info: &serde_json::Value| info["cache"]["snapshot"].as_str().map(str::to_owned);
    assert!(snapshot(&one).is_some(), "a snapshot is kept: {one}");
    assert_eq!(snapshot(&info("opaque-token-one").await), snapshot(&one));
    assert_ne!(snapshot(&info("opaque-token-two").await), snapshot(&one));
}

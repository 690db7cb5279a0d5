//! The real binary's subcommands run against an in-test demo server, each
//! in a [`Home`] of its own.

use super::home::Home;
use crmdeck::api::{Client, ClientOptions};
use crmdeck::demo::{self, DemoHandle, DemoOptions};
use crmdeck::secret::Token;
use serde_json::Value;
use std::net::SocketAddr;
use std::process::Output;

/// The only token the fixture's server accepts.
pub const TOKEN: &str = "cli-test-token-0123456789abcdef";

pub struct Fixture {
    pub server: DemoHandle,
    pub home: Home,
}

pub async fn fixture() -> Fixture {
    fixture_with(DemoOptions::default()).await
}

/// A fixture whose server runs with `options` (its token the fixture's).
pub async fn fixture_with(options: DemoOptions) -> Fixture {
    let options = DemoOptions {
        token: Some(TOKEN.to_string()),
        ..options
    };
    let server = demo::start(SocketAddr::from(([127, 0, 0, 1], 0)), options)
        .await
        .unwrap();
    Fixture {
        server,
        home: Home::new(),
    }
}

impl Fixture {
    pub async fn run(&self, args: &[&str]) -> Output {
        self.run_with_token(args, TOKEN).await
    }

    /// Stdout of `crmdeck ARGS`, which must succeed.
    pub async fn text(&self, args: &[&str]) -> String {
        stdout_ok(&self.run(args).await)
    }

    /// Stdout and stderr (the notes for a person) of `crmdeck ARGS`, which
    /// must succeed.
    pub async fn text_and_notes(&self, args: &[&str]) -> (String, String) {
        let output = self.run(args).await;
        (stdout_ok(&output), stderr(&output))
    }

    /// Stdout of `crmdeck ARGS`, which must succeed, parsed as JSON.
    pub async fn json(&self, args: &[&str]) -> Value {
        stdout_json(&self.run(args).await)
    }

    /// Stdout of `crmdeck ARGS`, which must succeed, a JSON list.
    pub async fn list(&self, args: &[&str]) -> Vec<Value> {
        match self.json(args).await {
            Value::Array(items) => items,
            other => panic!("not a list: {other}"),
        }
    }

    /// `crmdeck ARGS` with `env` besides the clean environment (a locale,
    /// `CRMDECK_LANG`): never the machine's own.
    pub async fn run_with_env(&self, args: &[&str], env: &[(&str, &str)]) -> Output {
        tokio::process::Command::from(self.home.crmdeck(args))
            .env("CRMDECK_BASE_URL", self.server.base_url())
            .env("CRMDECK_TOKEN", TOKEN)
            .envs(env.iter().copied())
            .output()
            .await
            .expect("binary runs")
    }

    pub async fn run_with_token(&self, args: &[&str], token: &str) -> Output {
        tokio::process::Command::from(self.home.crmdeck(args))
            .env("CRMDECK_BASE_URL", self.server.base_url())
            .env("CRMDECK_TOKEN", token)
            .output()
            .await
            .expect("binary runs")
    }
}

/// Stdout parsed as JSON, after checking the command succeeded.
pub fn stdout_json(output: &Output) -> Value {
    serde_json::from_str(&stdout_ok(output)).expect("stdout is JSON")
}

/// The `name` of each record of a JSON list printed on stdout.
pub fn names_in(stdout: &str) -> Vec<String> {
    let records: Value = serde_json::from_str(stdout).expect("stdout is JSON");
    records
        .as_array()
        .expect("a list")
        .iter()
        .map(|record| record["name"].as_str().expect("a name").to_string())
        .collect()
}

/// Checks the command exited with `code` and named `cause` on stderr.
pub fn assert_failed(output: &Output, code: i32, cause: &str) {
    let stderr = stderr(output);
    assert_eq!(output.status.code(), Some(code), "{stderr}");
    assert!(stderr.contains(cause), "{cause:?} in {stderr}");
}

/// Stdout, after checking the command succeeded.
pub fn stdout_ok(output: &Output) -> String {
    assert!(output.status.success(), "{}", stderr(output));
    stdout(output)
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// `crmdeck demo-server --addr 127.0.0.1:0 ARGS` run in `home` as its own
/// process: the process (killed when dropped) and a client of the address
/// and token it printed. Its centre is frozen (`--changes-every 0`) unless
/// `ARGS` say how it changes.
pub async fn demo_server_process(home: &Home, args: &[&str]) -> (tokio::process::Child, Client) {
    use tokio::io::AsyncBufReadExt;
    let mut command = home.crmdeck(&["demo-server", "--addr", "127.0.0.1:0"]);
    if !(args.iter()).any(|arg| ["--changes-every", "--epoch"].contains(arg)) {
        command.args(["--changes-every", "0"]);
    }
    command.args(args);
    let mut child = tokio::process::Command::from(command)
        .stdout(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .expect("the demo server starts");
    let mut lines = tokio::io::BufReader::new(child.stdout.take().expect("its stdout")).lines();
    let mut printed = Vec::new();
    for prefix in ["base_url: ", "token: "] {
        let line = lines.next_line().await.expect("a line").expect("printed");
        printed.push(line.strip_prefix(prefix).expect(prefix).to_string());
    }
    // Whatever else it prints is read too, so it never writes to a closed pipe.
    tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
    let [base_url, token] = <[String; 2]>::try_from(printed).expect("two lines");
    let client = Client::new(
        ClientOptions::new(base_url.parse().unwrap()),
        Token::new(token),
    )
    .expect("a client");
    (child, client)
}

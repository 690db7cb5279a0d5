//! The real binary's subcommands run against an in-test demo server, each
//! in a [`Home`] of its own.

use super::home::Home;
use crmdeck::demo::{self, DemoHandle, DemoOptions};
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

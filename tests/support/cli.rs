//! The real binary run against an in-test demo server, with an empty home
//! (no config file; logs kept out of the real one). Shared by the CLI tests
//! through `#[path]`.

use crmdeck::demo::{self, DemoHandle, DemoOptions};
use serde_json::Value;
use std::net::SocketAddr;
use std::process::Output;
use tempfile::TempDir;

/// The only token the fixture's server accepts.
pub const TOKEN: &str = "cli-test-token-0123456789abcdef";

pub struct Fixture {
    pub server: DemoHandle,
    pub home: TempDir,
}

pub async fn fixture() -> Fixture {
    let options = DemoOptions {
        token: Some(TOKEN.to_string()),
        ..DemoOptions::default()
    };
    let server = demo::start(SocketAddr::from(([127, 0, 0, 1], 0)), options)
        .await
        .unwrap();
    Fixture {
        server,
        home: TempDir::new().unwrap(),
    }
}

impl Fixture {
    pub async fn run(&self, args: &[&str]) -> Output {
        self.run_with_token(args, TOKEN).await
    }

    pub async fn run_with_token(&self, args: &[&str], token: &str) -> Output {
        tokio::process::Command::new(env!("CARGO_BIN_EXE_crmdeck"))
            .args(args)
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("HOME", self.home.path())
            .env("XDG_CONFIG_HOME", self.home.path().join("config"))
            .env("XDG_STATE_HOME", self.home.path().join("state"))
            .env("CRMDECK_BASE_URL", self.server.base_url())
            .env("CRMDECK_TOKEN", token)
            .stdin(std::process::Stdio::null())
            .output()
            .await
            .expect("binary runs")
    }
}

/// Stdout parsed as JSON, after checking the command succeeded.
pub fn stdout_json(output: &Output) -> Value {
    assert!(output.status.success(), "{}", stderr(output));
    serde_json::from_slice(&output.stdout).expect("stdout is JSON")
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

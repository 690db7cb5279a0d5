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
    let options = DemoOptions {
        token: Some(TOKEN.to_string()),
        ..DemoOptions::default()
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
    assert!(output.status.success(), "{}", stderr(output));
    serde_json::from_slice(&output.stdout).expect("stdout is JSON")
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

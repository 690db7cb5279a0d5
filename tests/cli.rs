//! The real binary's subcommands against an in-test demo server: stdout
//! JSON, stderr lines and exit codes.

#[path = "support/demo_cli.rs"]
mod demo_cli;

use crmdeck::demo::Route;
use demo_cli::{Fixture, TOKEN, fixture, stderr, stdout, stdout_json};
use serde_json::Value;
use std::process::Output;
use tempfile::TempDir;

impl Fixture {
    async fn plugin_not_installed(&self) -> String {
        let catalogue = stdout_json(&self.run(&["plugins"]).await);
        let plugin = catalogue
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["installed"] == false)
            .cloned()
            .unwrap();
        plugin["id"].as_i64().unwrap().to_string()
    }
}

#[tokio::test]
async fn groups_of_one_branch_as_json_with_day_names() {
    let fx = fixture().await;
    let out = fx
        .run(&["groups", "--branch", "2", "--format", "json"])
        .await;
    let groups = stdout_json(&out);
    let groups = groups.as_array().unwrap();
    assert_eq!(groups.len(), 20);
    for group in groups {
        assert_eq!(group["branch_id"], 2);
        assert!(group["days_names"].is_array());
        assert!(group["course"]["name"].is_string());
    }
    let mon_wed_fri = groups.iter().find(|g| g["days"] == 1).unwrap();
    assert_eq!(
        mon_wed_fri["days_names"],
        serde_json::json!(["Mon", "Wed", "Fri"])
    );
}

#[tokio::test]
async fn global_flags_work_after_the_subcommand_and_json_is_the_default_when_piped() {
    let fx = fixture().await;
    let out = fx.run(&["groups", "--per-page", "5", "--page", "2"]).await;
    assert_eq!(stdout_json(&out).as_array().unwrap().len(), 5);
}

#[tokio::test]
async fn every_page_as_csv() {
    let fx = fixture().await;
    let first = fx
        .run(&["groups", "--branch", "3", "--per-page", "100"])
        .await;
    let expected = stdout_json(&first).as_array().unwrap().len();
    let out = fx
        .run(&[
            "groups",
            "--branch",
            "3",
            "--per-page",
            "7",
            "--all",
            "--format",
            "csv",
        ])
        .await;
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("number,name,course,days,time,status,branch,start,end")
    );
    assert_eq!(lines.count(), expected);
}

#[tokio::test]
async fn table_shows_weekdays_times_and_status_words() {
    let fx = fixture().await;
    let out = fx
        .run(&["--format", "table", "groups", "--per-page", "40"])
        .await;
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("NO "), "{text}");
    assert!(text.contains("Mon Wed Fri"), "{text}");
    assert!(text.contains("Active"), "{text}");
    assert!(stderr(&out).contains("page 1/"), "{}", stderr(&out));
}

#[tokio::test]
async fn plugins_as_json_with_masked_tokens() {
    let fx = fixture().await;
    let out = fx.run(&["plugins"]).await;
    let plugins = stdout_json(&out);
    let plugins = plugins.as_array().unwrap();
    assert!(plugins.iter().all(|p| p["abilities"].is_array()));
    assert!(plugins.iter().all(|p| p["installed"].is_boolean()));
    let installed = plugins.iter().find(|p| p["installed"] == true).unwrap();
    let token = installed["user"]["token"].as_str().unwrap();
    assert!(token.ends_with('…'), "{token}");
    assert!(token.len() < 12, "{token}");
}

#[tokio::test]
async fn install_with_yes_then_again_gives_the_same_installation() {
    let fx = fixture().await;
    let id = fx.plugin_not_installed().await;
    let first = stdout_json(&fx.run(&["install", &id, "--yes", "--show-token"]).await);
    let token = first["token"].as_str().unwrap();
    assert!(token.len() > 40, "shown in full: {token}");
    let again = fx.run(&["install", &id, "--yes", "--show-token"]).await;
    assert!(
        stderr(&again).contains("already installed"),
        "{}",
        stderr(&again)
    );
    assert_eq!(stdout_json(&again), first);
    assert_eq!(fx.server.hits(Route::Install), 1);
}

#[tokio::test]
async fn install_without_yes_and_without_a_terminal_refuses() {
    let fx = fixture().await;
    let id = fx.plugin_not_installed().await;
    let out = fx.run(&["install", &id]).await;
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--yes"), "{}", stderr(&out));
    assert_eq!(fx.server.hits(Route::Install), 0);
}

#[tokio::test]
async fn read_only_sends_no_install_whatever_the_flags() {
    let fx = fixture().await;
    let id = fx.plugin_not_installed().await;
    let config = fx.home.path().join("read-only.toml");
    std::fs::write(&config, "read_only = true\n").unwrap();
    let config = config.to_str().unwrap();
    let flag_sets: [&[&str]; 6] = [
        &["--read-only", "install", &id, "--yes"],
        &["install", &id, "--yes", "--read-only"],
        &[
            "--read-only",
            "install",
            &id,
            "-y",
            "--show-token",
            "--format",
            "json",
        ],
        &["--read-only", "install", &id],
        &[
            "--config", config, "install", &id, "--yes", "--format", "csv",
        ],
        &["--read-only", "install", "1", "--yes"],
    ];
    for args in flag_sets {
        let out = fx.run(args).await;
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&out).contains("read-only"),
            "{args:?}: {}",
            stderr(&out)
        );
        assert_eq!(stdout(&out), "", "{args:?}");
    }
    assert_eq!(fx.server.hits(Route::Install), 0);
}

#[tokio::test]
async fn a_wrong_token_is_one_line_and_exit_1() {
    let fx = fixture().await;
    let secret = "definitely-wrong-token-9876543210";
    let out = fx.run_with_token(&["groups"], secret).await;
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("401"), "{err}");
    assert!(!err.contains(secret) && !stdout(&out).contains(secret));
}

#[tokio::test]
async fn a_broken_config_is_exit_2() {
    let fx = fixture().await;
    let path = fx.home.path().join("broken.toml");
    std::fs::write(&path, "bse_url = \"https://x\"\n").unwrap();
    let out = fx
        .run(&["--config", path.to_str().unwrap(), "groups"])
        .await;
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("base_url"), "{}", stderr(&out));
}

#[tokio::test]
async fn info_never_prints_the_token() {
    let fx = fixture().await;
    let out = fx.run(&["info"]).await;
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains(&fx.server.base_url()), "{text}");
    assert!(text.contains("CRMDECK_TOKEN"), "{text}");
    assert!(!text.contains(TOKEN), "{text}");
}

/// The binary with `--demo` and nothing else: no config, no token.
async fn run_demo(args: &[&str]) -> Output {
    let home = TempDir::new().unwrap();
    tokio::process::Command::new(env!("CARGO_BIN_EXE_crmdeck"))
        .arg("--demo")
        .args(args)
        .env_clear()
        .env("HOME", home.path())
        .env("XDG_CONFIG_HOME", home.path())
        .env("XDG_STATE_HOME", home.path())
        .output()
        .await
        .unwrap()
}

#[tokio::test]
async fn demo_flag_installs_plugin_3() {
    let out = run_demo(&["install", "3", "--yes", "--format", "json"]).await;
    let installation = stdout_json(&out);
    assert_eq!(installation["plugin_id"], 3);
    assert!(installation["token"].as_str().unwrap().ends_with('…'));
}

#[tokio::test]
async fn demo_flag_needs_no_account() {
    let out = run_demo(&["groups", "--branch", "2", "--format", "json"]).await;
    let groups = stdout_json(&out);
    assert!(
        groups
            .as_array()
            .unwrap()
            .iter()
            .all(|g| g["branch_id"] == 2 && g["days_names"].is_array())
    );
}

#[tokio::test]
async fn demo_server_prints_its_url_and_token() {
    use tokio::io::AsyncBufReadExt;
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_crmdeck"))
        .args(["demo-server", "--addr", "127.0.0.1:0"])
        .stdout(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let mut lines = tokio::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let base_url = lines.next_line().await.unwrap().unwrap();
    let token = lines.next_line().await.unwrap().unwrap();
    let base_url = base_url.strip_prefix("base_url: ").unwrap();
    let token = token.strip_prefix("token: ").unwrap();
    crmdeck::api::install_tls_provider();
    let body: Value = reqwest::Client::new()
        .get(format!("{base_url}/v2/plugins"))
        .bearer_auth(token)
        .header("Accept", "application/json")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(body["status"], 200);
    assert_eq!(body["success"], true);
    child.kill().await.unwrap();
}

#[tokio::test]
async fn usage_errors_are_exit_2() {
    let fx = fixture().await;
    let out = fx.run(&["groups", "--per-page", "0"]).await;
    assert_eq!(out.status.code(), Some(2));
    let out = fx.run(&["install"]).await;
    assert_eq!(out.status.code(), Some(2));
}

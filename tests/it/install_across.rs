//! `crmdeck install PLUGIN --profiles a,b,c` over real HTTP (issue 38 §3):
//! three demo servers, a read-only profile, a server refusing installs and
//! one that installs. Each POST is counted where it lands: one per centre
//! not skipped, never sent again; each centre's JSON line; the exit code.

use crate::support;

use crmdeck::demo::{self, DemoHandle, DemoOptions, Fault, Route};
use serde_json::Value;
use std::process::Output;
use support::cli::{TOKEN, stderr, stdout};
use support::home::Home;

/// The demo plugin that starts not installed.
const FRESH_PLUGIN: &str = "3";

/// A demo server taking the fixture's token, refusing every install or not.
async fn server(refuse_installs: bool) -> DemoHandle {
    let options = DemoOptions {
        token: Some(TOKEN.to_string()),
        refuse_installs,
        ..DemoOptions::default()
    };
    demo::start(([127, 0, 0, 1], 0).into(), options)
        .await
        .expect("a demo server")
}

/// Three centres: `east` refuses installs, `north` is read-only, `west`
/// installs; and a home whose config names them.
struct Centres {
    east: DemoHandle,
    north: DemoHandle,
    west: DemoHandle,
    home: Home,
}

impl Centres {
    async fn start(extra: &str) -> Self {
        let (east, north, west) = (server(true).await, server(false).await, server(false).await);
        let mut config = format!("cache = false\n{extra}");
        for (name, server, read_only) in [
            ("east", &east, false),
            ("north", &north, true),
            ("west", &west, false),
        ] {
            config.push_str(&format!(
                "\n[profiles.{name}]\nbase_url = \"{}\"\ntoken = \"{TOKEN}\"\nread_only = {read_only}\n",
                server.base_url()
            ));
        }
        let home = Home::with_config(&config);
        Self {
            east,
            north,
            west,
            home,
        }
    }

    async fn run(&self, args: &[&str]) -> Output {
        let mut command = tokio::process::Command::from(self.home.crmdeck(args));
        command.kill_on_drop(true);
        command.output().await.expect("the binary runs")
    }

    /// The POSTs each server received: east, north, west.
    fn posts(&self) -> [u64; 3] {
        [&self.east, &self.north, &self.west].map(|server| server.hits(Route::Install))
    }
}

/// Each line of stdout as a JSON object, by its centre.
fn json_lines(output: &Output) -> Vec<Value> {
    (stdout(output).lines())
        .map(|line| serde_json::from_str(line).expect("a JSON object a line"))
        .collect()
}

fn field<'v>(line: &'v Value, key: &str) -> &'v str {
    line[key].as_str().unwrap_or_default()
}

const ACROSS: [&str; 5] = [
    "install",
    FRESH_PLUGIN,
    "--profiles",
    "east,north,west",
    "--format=json",
];

#[tokio::test]
async fn one_post_a_centre_never_retried_each_result_a_line_and_exit_1() {
    let centres = Centres::start("").await;
    let output = centres.run(&[&ACROSS[..], &["--yes"]].concat()).await;
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let lines = json_lines(&output);
    let shown: Vec<(&str, &str)> = (lines.iter())
        .map(|line| (field(line, "centre"), field(line, "result")))
        .collect();
    assert_eq!(
        shown,
        [("east", "failed"), ("north", "skipped"), ("west", "done")]
    );
    assert!(field(&lines[0], "reason").contains("403"), "{}", lines[0]);
    assert_eq!(field(&lines[1], "reason"), "read_only");
    assert_eq!(lines[2]["reason"], Value::Null);
    assert!(lines.iter().all(|line| line["plugin_id"] == 3));
    assert_eq!(
        centres.posts(),
        [1, 0, 1],
        "one POST each, none to the read-only"
    );
    assert!(stderr(&output).contains("1 done · 1 failed · 1 skipped · 0 unknown"));
    let log = std::fs::read_to_string(centres.home.log_path()).unwrap_or_default();
    assert_eq!(log.matches("install across").count(), 3, "{log}");
    assert!(!log.contains(TOKEN), "{log}");
    // Again: west has it now (exit 0 needs every centre to have it).
    let again = centres.run(&[&ACROSS[..], &["--yes"]].concat()).await;
    assert_eq!(field(&json_lines(&again)[2], "reason"), "already_installed");
    assert_eq!(centres.posts(), [2, 0, 1]);
}

#[tokio::test]
async fn a_dry_run_sends_nothing_and_says_the_plan() {
    let centres = Centres::start("").await;
    let output = centres.run(&[&ACROSS[..], &["--dry-run"]].concat()).await;
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let plan: Vec<(String, String)> = (json_lines(&output).iter())
        .map(|line| {
            (
                field(line, "result").to_string(),
                field(line, "reason").to_string(),
            )
        })
        .collect();
    let expected = [("install", ""), ("skip", "read_only"), ("install", "")];
    assert_eq!(plan, expected.map(|(a, b)| (a.to_string(), b.to_string())));
    assert_eq!(centres.posts(), [0, 0, 0]);
}

#[tokio::test]
async fn without_a_terminal_yes_is_required() {
    let centres = Centres::start("").await;
    let output = centres.run(&ACROSS).await;
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--yes"), "{}", stderr(&output));
    assert_eq!(centres.posts(), [0, 0, 0]);
}

#[tokio::test]
async fn a_centre_that_times_out_after_the_post_is_unknown_and_not_sent_again() {
    let centres = Centres::start("request_timeout_secs = 1\n").await;
    centres
        .west
        .faults()
        .push(Fault::Hang, 1, Some(Route::Install));
    let output = centres.run(&[&ACROSS[..], &["--yes"]].concat()).await;
    assert_eq!(output.status.code(), Some(1));
    let west = &json_lines(&output)[2];
    assert_eq!(field(west, "result"), "unknown", "{west}");
    assert!(field(west, "reason").contains("no answer"), "{west}");
    assert_eq!(centres.posts(), [1, 0, 1]);
}

//! Escape injection, CLI side: names, comments and error messages holding
//! `ESC [2J`, an OSC 52 clipboard write, an OSC 0 title change, BEL, CR,
//! backspace, U+202E and a zero width space reach the terminal as visible
//! placeholders in tables and CSV, as `\u` escapes in JSON (`\u001b`)
//! (which still reads back exactly), and never as the characters themselves.

use super::support::walk::every_group;
use super::{Answer, FAST_TIMEOUTS, Home, TOKEN, demo_server, names_in, scripted_server};
use axum::http::StatusCode;
use crmdeck::api::{Client, ClientOptions};
use crmdeck::demo::HOSTILE_FRAGMENTS;
use crmdeck::sanitize::{is_bidi_control, is_invisible};
use crmdeck::secret::Token;
use serde_json::{Value, json};
use std::collections::HashMap;

/// The characters in `text` that a terminal would act on ('\n' ends a line
/// and is allowed), or draw as nothing.
fn acting_chars(text: &str) -> Vec<char> {
    text.chars()
        .filter(|&c| (c.is_control() && c != '\n') || is_bidi_control(c) || is_invisible(c))
        .collect()
}

/// The placeholders of ESC, BEL, CR, backspace and U+202E.
const PLACEHOLDERS: [char; 5] = ['␛', '␇', '␍', '␈', '\u{FFFD}'];

/// Fails unless `text` holds no character a terminal would act on, and
/// shows each of `placeholders` instead.
fn assert_defused(what: &str, text: &str, placeholders: &[char]) {
    assert_eq!(acting_chars(text), Vec::<char>::new(), "{what}: {text}");
    for placeholder in placeholders {
        assert!(
            text.contains(*placeholder),
            "{what}: {placeholder} in {text}"
        );
    }
}

#[tokio::test]
async fn tables_and_csv_show_placeholders_for_hostile_text() {
    let server = demo_server(true).await;
    let home = Home::with_config(FAST_TIMEOUTS);
    let listings: [&[&str]; 5] = [
        &["groups", "--all", "--format", "table"],
        &["groups", "--all", "--format", "csv"],
        &["plugins", "--format", "table"],
        &["plugins", "--format", "csv"],
        &["install", "10", "--yes", "--format", "table"],
    ];
    for args in listings {
        let run = home.run(&server.base_url(), args).await;
        let what = args.join(" ");
        assert_eq!(run.code, Some(0), "{what}: {}", run.stderr);
        // CSV ends its rows with CRLF (RFC 4180): the only CR allowed.
        let text = run.stdout.replace("\r\n", "\n");
        assert_defused(&what, &text, &PLACEHOLDERS);
        assert_defused(&what, &run.stderr, &[]);
    }
}

/// Texts of records by id, as JSON objects of their text fields.
type TextsById = HashMap<i64, Value>;

/// What the API sends, decoded by the library: names and comments exactly
/// as sent, by id.
async fn sent_texts(base_url: &str) -> (TextsById, TextsById) {
    let client = Client::new(
        ClientOptions::new(base_url.parse().unwrap()),
        Token::new(TOKEN),
    )
    .expect("client");
    let groups = every_group(&client, None, 100).await;
    assert!(groups.missing().is_empty(), "{:?}", groups.missing());
    let plugins = client.plugins().await.expect("plugins");
    (
        groups
            .groups()
            .map(|g| (g.id, json!({ "name": g.name, "comment": g.comment })))
            .collect(),
        plugins
            .into_iter()
            .map(|p| (p.id, json!({ "name": p.name })))
            .collect(),
    )
}

#[tokio::test]
async fn json_escapes_hostile_text_and_reads_back_exactly() {
    let server = demo_server(true).await;
    let (groups_sent, plugins_sent) = sent_texts(&server.base_url()).await;
    let home = Home::with_config(FAST_TIMEOUTS);
    let listings: [(&[&str], &TextsById, &[&str]); 2] = [
        (
            &["groups", "--all", "--format", "json"],
            &groups_sent,
            &["name", "comment"],
        ),
        (&["plugins", "--format", "json"], &plugins_sent, &["name"]),
    ];
    for (args, sent, fields) in listings {
        let run = home.run(&server.base_url(), args).await;
        let what = args.join(" ");
        assert_eq!(run.code, Some(0), "{what}: {}", run.stderr);
        assert_eq!(acting_chars(&run.stdout), Vec::<char>::new(), "{what}");
        for escape in ["\\u001b", "\\u0007", "\\r", "\\b", "\\u202e", "\\u200b"] {
            assert!(run.stdout.contains(escape), "{what}: {escape}");
        }
        let printed: Value = serde_json::from_str(&run.stdout).expect("JSON");
        let records = printed.as_array().expect("a list");
        assert_eq!(records.len(), sent.len(), "{what}");
        for record in records {
            let id = record["id"].as_i64().expect("an id");
            for field in fields {
                assert_eq!(record[field], sent[&id][field], "{what}: {field} of {id}");
            }
        }
        let hostile = records
            .iter()
            .filter(|r| {
                HOSTILE_FRAGMENTS
                    .iter()
                    .any(|f| r["name"].as_str().unwrap_or("").contains(f))
            })
            .count();
        assert!(hostile > 0, "{what}: the hostile records are there");
    }
}

/// A server error whose JSON message is an attack on two lines.
fn hostile_json_error(_token: &str) -> (StatusCode, String) {
    let message = format!("{}\nsecond line", HOSTILE_FRAGMENTS.concat());
    (
        StatusCode::INTERNAL_SERVER_ERROR,
        json!({ "message": message }).to_string(),
    )
}

/// A proxy page whose title is an attack.
fn hostile_html_error(_token: &str) -> (StatusCode, String) {
    let title = HOSTILE_FRAGMENTS.concat();
    let page = format!("<html><head><title>{title}</title></head><body>x</body></html>");
    (StatusCode::INTERNAL_SERVER_ERROR, page)
}

#[tokio::test]
async fn hostile_error_messages_reach_stderr_defused_on_one_line() {
    // HTML collapses white space, CR included: no placeholder for it there.
    let answers: [(&str, Answer, &[char]); 2] = [
        ("JSON message", hostile_json_error, &PLACEHOLDERS),
        (
            "HTML title",
            hostile_html_error,
            &['␛', '␇', '␈', '\u{FFFD}'],
        ),
    ];
    for (name, answer, placeholders) in answers {
        let base_url = scripted_server(answer).await;
        let home = Home::with_config(FAST_TIMEOUTS);
        let run = home.run(&base_url, &["groups"]).await;
        run.assert_failed(name, &["HTTP 500"]);
        assert_defused(name, &run.stderr, placeholders);
    }
}

/// Names a spreadsheet would run as formulas (OWASP's CSV injection).
const FORMULAS: [&str; 5] = [
    "=HYPERLINK(\"http://evil.example\",\"Open\")",
    "+cmd|' /C calc'!A0",
    "-2+3+cmd|' /C calc'!A0",
    "@SUM(A1:A9)",
    "=1+1, then more",
];

/// A list whose every record is named by one of [`FORMULAS`], its course
/// too: as plugins and as groups.
fn records_named_like_formulas(_token: &str) -> (StatusCode, String) {
    let records: Vec<Value> = FORMULAS
        .iter()
        .zip(1..)
        .map(|(name, id)| {
            json!({ "id": id, "name": name, "type": "Free", "status": 2, "course": { "name": name } })
        })
        .collect();
    let body = json!({ "status": 200, "success": true, "data": records });
    (StatusCode::OK, body.to_string())
}

/// The fields of one CSV line (RFC 4180 quoting).
fn csv_fields(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                fields.last_mut().expect("a field").push('"');
            }
            ('"', _) => quoted = !quoted,
            (',', false) => fields.push(String::new()),
            (c, _) => fields.last_mut().expect("a field").push(c),
        }
    }
    fields
}

#[tokio::test]
async fn csv_defuses_formulas_and_json_keeps_them_exact() {
    let base_url = scripted_server(records_named_like_formulas).await;
    let home = Home::with_config(FAST_TIMEOUTS);
    for args in [
        ["plugins", "--format", "csv"],
        ["groups", "--format", "csv"],
    ] {
        let run = home.run(&base_url, &args).await;
        let what = args.join(" ");
        assert_eq!(run.code, Some(0), "{what}: {}", run.stderr);
        let mut defused = 0;
        for line in run.stdout.lines().skip(1) {
            for field in csv_fields(line) {
                assert!(
                    !field.starts_with(['=', '+', '-', '@', '\t', '\r']),
                    "{what}: {field:?} in {line:?}"
                );
                if let Some(name) = field.strip_prefix('\'') {
                    assert!(FORMULAS.contains(&name), "{what}: {field:?}");
                    defused += 1;
                }
            }
        }
        // Each name, and in the groups each course, once.
        let expected = if args[0] == "groups" { 10 } else { 5 };
        assert_eq!(defused, expected, "{what}: {}", run.stdout);
    }
    let run = home.run(&base_url, &["plugins", "--format", "json"]).await;
    assert_eq!(names_in(&run.stdout), FORMULAS);
}

//! Pieces of the user's token, however a server cuts or dresses them in
//! its answer, never reach stderr: the real binary against a server whose
//! 401 quotes the token's signature alone, half of it, its characters
//! spaced out or with invisible characters between, its base64, its hex,
//! `\xNN` escapes, fullwidth forms, or reversed (issue 26 §1).

use crate::support;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde_json::json;
use std::time::Duration;
use support::cli::stderr;
use support::home::Home;
use support::hostile_server::{HostileServer, Reply};

/// A JWT: its signature is the part a server that checks it may quote.
const JWT: &str = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3IiwiZXhwIjoyMDAwMDAwMDAwfQ.owImVBjuPAlwI5470GidaSo7-Rq_3kLmN2";

/// The ASCII letters and digits of `text`, fullwidth forms folded: what is
/// left of any dressing (separators, invisible characters, spaces).
fn letters(text: &str) -> String {
    text.chars()
        .map(|c| match u32::from(c) {
            code @ 0xFF01..=0xFF5E => char::from_u32(code - 0xFEE0).unwrap(),
            _ => c,
        })
        .filter(char::is_ascii_alphanumeric)
        .collect()
}

#[tokio::test]
async fn a_401_quoting_pieces_of_the_token_never_shows_them() {
    let signature = JWT.rsplit('.').next().unwrap();
    let half = JWT.len() / 2;
    let spaced = |text: &str, between: &str| -> String {
        text.chars().map(|c| format!("{c}{between}")).collect()
    };
    let reversed: String = JWT.chars().rev().collect();
    let hex: String = JWT.bytes().map(|b| format!("{b:02x}")).collect();
    let escaped: String = JWT.bytes().map(|b| format!("\\x{b:02x}")).collect();
    let fullwidth: String = signature
        .chars()
        .map(|c| match c.is_ascii_alphanumeric() {
            true => char::from_u32(u32::from(c) + 0xFEE0).unwrap(),
            false => c,
        })
        .collect();
    let dressed = [
        format!("bad signature {signature}"),
        JWT[..half].to_string(),
        JWT[half..].to_string(),
        spaced(JWT, "\u{200B}"),
        spaced(JWT, "\u{AD}"),
        spaced(signature, " "),
        STANDARD.encode(JWT),
        escaped,
        fullwidth,
        reversed.clone(),
        hex,
    ];
    let forms = [JWT.to_string(), reversed, STANDARD.encode(JWT)];
    for piece in dressed {
        let message = format!("Unauthenticated: {piece}");
        let server = HostileServer::start(Duration::ZERO, move |_| Reply {
            status: axum::http::StatusCode::UNAUTHORIZED,
            headers: Vec::new(),
            body: json!({ "message": message }).to_string(),
        })
        .await;
        let home = Home::new();
        let output = tokio::process::Command::from(home.crmdeck(&["groups"]))
            .env("CRMDECK_BASE_URL", &server.base_url)
            .env("CRMDECK_TOKEN", JWT)
            .output()
            .await
            .expect("the binary runs");
        let shown = stderr(&output);
        assert_eq!(output.status.code(), Some(1), "{shown}");
        assert!(shown.contains("Unauthenticated"), "{piece}: {shown}");
        let shown_letters = letters(&shown);
        for form in &forms {
            for run in letters(form).as_bytes().windows(10) {
                let run = std::str::from_utf8(run).unwrap();
                assert!(!shown_letters.contains(run), "{run} of {piece} in {shown}");
            }
        }
    }
}

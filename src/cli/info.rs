//! `crmdeck info`: where everything comes from. Never the token itself.

use crate::domain::zone::Zone;
use crate::logging::Log;
use crate::model::describe_expiry;
use crate::session::Session;

/// `log` is where this run logs, or why it does not.
pub async fn run(session: &Session, log: &Log) -> String {
    let config = &session.config;
    let (zone, source) = session.zone().await;
    let now = chrono::Utc::now();
    // Said where it matters: lesson times do not read as this machine's clock.
    let elsewhere = if zone.same_clock_as(&Zone::Local, now) {
        String::new()
    } else {
        format!("; times in {zone}, not this machine's zone")
    };
    let token = session.client.token();
    let expiry = match token.expires_at() {
        Some(at) => describe_expiry(at, chrono::Utc::now()),
        None => "unknown (not a JWT)".to_string(),
    };
    // A token command is named by its program only: its arguments may hold
    // the token itself (`echo ...`).
    let token_source = config.token.describe();
    let file = config.file.as_ref().map_or_else(
        || "none (defaults)".to_string(),
        |p| p.display().to_string(),
    );
    let lines = [
        ("config file", file),
        ("log file", log.describe()),
        (
            "profile",
            config.profile.clone().unwrap_or_else(|| "none".into()),
        ),
        ("base url", session.client.base_url().to_string()),
        ("token from", token_source),
        ("token", format!("{} ({expiry})", token.masked())),
        ("read-only", config.read_only.to_string()),
        (
            "time zone",
            format!("{zone} ({}){elsewhere}", source.describe()),
        ),
        ("language", config.language.to_string()),
        ("per page", config.per_page.to_string()),
    ];
    let mut out = String::new();
    for (key, value) in lines {
        out.push_str(&format!("{key:<12} {value}\n"));
    }
    out
}

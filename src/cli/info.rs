//! `crmdeck info`: where everything comes from. Never the token itself.

use crate::config::log_path;
use crate::model::describe_expiry;
use crate::session::Session;

pub fn run(session: &Session) -> String {
    let config = &session.config;
    let env = |name: &str| std::env::var(name).ok();
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
        ("log file", log_path(&env).display().to_string()),
        (
            "profile",
            config.profile.clone().unwrap_or_else(|| "none".into()),
        ),
        ("base url", session.client.base_url().to_string()),
        ("token from", token_source),
        ("token", format!("{} ({expiry})", token.masked())),
        ("read-only", config.read_only.to_string()),
        ("time zone", config.timezone.to_string()),
        ("language", config.language.to_string()),
        ("per page", config.per_page.to_string()),
    ];
    let mut out = String::new();
    for (key, value) in lines {
        out.push_str(&format!("{key:<12} {value}\n"));
    }
    out
}

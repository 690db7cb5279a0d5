//! `crmdeck install ID`: confirm, then one POST (never retried).

use super::plugins::installation_json;
use super::{CliError, Format, json_text};
use crate::api::{Installation, Plugin};
use crate::domain::columns::plugins::shown_token;
use crate::domain::format::plugin_type_word;
use crate::domain::sanitize::sanitize_line;
use crate::session::Session;
use std::io::{BufRead, IsTerminal, Write};

pub async fn run(
    session: &Session,
    format: Format,
    plugin_id: i64,
    yes: bool,
    show_token: bool,
) -> Result<String, CliError> {
    if session.config.read_only {
        return Err(CliError::Usage(
            "read-only mode: install refused (drop --read-only or set read_only = false)".into(),
        ));
    }
    // The catalogue says whether it is installed already (then no POST at all)
    // and what the confirmation should name.
    let plugins = session.client.plugins().await?;
    let plugin = plugins.iter().find(|p| p.id == plugin_id).ok_or_else(|| {
        CliError::Usage(format!(
            "no plugin with id {plugin_id} in the catalogue (see `crmdeck plugins`)"
        ))
    })?;
    if let Some(existing) = &plugin.user {
        eprintln!(
            "crmdeck: {} is already installed: nothing sent",
            sanitize_line(&plugin.name)
        );
        return Ok(report(plugin, existing, format, show_token));
    }
    if !yes {
        confirm(plugin)?;
    }
    let installation = session.client.install(plugin_id).await?;
    Ok(report(plugin, &installation, format, show_token))
}

/// Asks on the terminal; refuses to guess when there is none.
fn confirm(plugin: &Plugin) -> Result<(), CliError> {
    if !std::io::stdin().is_terminal() {
        return Err(CliError::Usage(
            "no terminal to confirm on: pass --yes to install without asking".into(),
        ));
    }
    let abilities = plugin.abilities.as_list().join(", ");
    let mut stderr = std::io::stderr().lock();
    write!(
        stderr,
        "Install {} ({}; may: {})? [y/N] ",
        sanitize_line(&plugin.name),
        plugin_type_word(&plugin.plugin_type),
        sanitize_line(if abilities.is_empty() {
            "nothing listed"
        } else {
            &abilities
        })
    )?;
    stderr.flush()?;
    let mut answer = String::new();
    std::io::stdin().lock().read_line(&mut answer)?;
    if matches!(answer.trim(), "y" | "Y" | "yes" | "Yes") {
        Ok(())
    } else {
        Err(CliError::Usage("cancelled: nothing installed".into()))
    }
}

fn report(
    plugin: &Plugin,
    installation: &Installation,
    format: Format,
    show_token: bool,
) -> String {
    match format {
        Format::Json => json_text(&installation_json(installation, show_token)),
        Format::Table | Format::Csv => {
            let token = installation
                .token
                .as_deref()
                .map(|t| shown_token(t, show_token))
                .unwrap_or_else(|| "none".into());
            let hint = if show_token || installation.token.is_none() {
                ""
            } else {
                " (--show-token prints it in full)"
            };
            format!(
                "{} (plugin {}) installed: installation {}, token {token}{hint}\n",
                sanitize_line(&plugin.name),
                plugin.id,
                installation.id
            )
        }
    }
}

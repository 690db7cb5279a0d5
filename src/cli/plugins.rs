//! `crmdeck plugins`: the catalogue.

use super::table::Table;
use super::{CliError, Format, json_text, on_terminal};
use crate::domain::format::{NONE, plugin_type_word};
use crate::model::{Installation, Plugin, mask_secret};
use crate::session::Session;
use serde_json::{Value, json};

pub async fn run(session: &Session, format: Format, show_token: bool) -> Result<String, CliError> {
    let plugins = session.client.plugins().await?;
    Ok(match format {
        Format::Json => json_text(&Value::Array(
            plugins.iter().map(|p| plugin_json(p, show_token)).collect(),
        )),
        Format::Table => table(&plugins, show_token).to_text(on_terminal()),
        Format::Csv => table(&plugins, show_token).to_csv(),
    })
}

fn table(plugins: &[Plugin], show_token: bool) -> Table {
    let mut table = Table::new(&[
        ("ID", None),
        ("NAME", Some(32)),
        ("TYPE", None),
        ("INSTALLED", None),
        ("TOKEN", None),
        ("ABILITIES", Some(48)),
    ]);
    for plugin in plugins {
        let token = plugin
            .user
            .as_ref()
            .and_then(|user| user.token.as_deref())
            .map(|token| shown_token(token, show_token));
        table.push(vec![
            plugin.id.to_string(),
            plugin.name.clone(),
            plugin_type_word(&plugin.plugin_type).to_string(),
            if plugin.is_installed() { "yes" } else { "no" }.to_string(),
            token.unwrap_or_else(|| NONE.to_string()),
            plugin.abilities.as_list().join(", "),
        ]);
    }
    table
}

/// A plugin as JSON: every field, `abilities` as an array, `installed` as a
/// boolean, the installation token masked unless asked for.
pub fn plugin_json(plugin: &Plugin, show_token: bool) -> Value {
    let mut value = serde_json::to_value(plugin).unwrap_or(Value::Null);
    value["abilities"] = json!(plugin.abilities.as_list());
    value["installed"] = json!(plugin.is_installed());
    value["user"] = match &plugin.user {
        Some(user) => installation_json(user, show_token),
        None => Value::Null,
    };
    value
}

/// An installation as JSON, its token masked unless asked for.
pub fn installation_json(installation: &Installation, show_token: bool) -> Value {
    let mut value = serde_json::to_value(installation).unwrap_or(Value::Null);
    if let Some(token) = &installation.token {
        value["token"] = json!(shown_token(token, show_token));
    }
    value
}

pub fn shown_token(token: &str, show_token: bool) -> String {
    if show_token {
        token.to_string()
    } else {
        mask_secret(token)
    }
}

//! `crmdeck plugins`: the catalogue.

use super::{CliError, Format, chatter, json_text, on_terminal};
use crate::model::{Installation, Plugin};
use crate::present::columns::BranchNames;
use crate::present::columns::plugins::{COLUMNS, PluginFormat, shown_token};
use crate::present::columns::table::Table;
use crate::session::Session;
use serde_json::{Value, json};

pub async fn run(session: &Session, format: Format, show_token: bool) -> Result<String, CliError> {
    let plugins = session.client.plugins().await?;
    Ok(match format {
        Format::Json => json_text(&Value::Array(
            plugins.iter().map(|p| plugin_json(p, show_token)).collect(),
        )),
        Format::Table | Format::Csv => {
            let shown = PluginFormat { show_token };
            let table = Table::of(COLUMNS, &plugins, &shown, &BranchNames::new());
            match format {
                Format::Csv => table.to_csv(),
                _ => table.to_text_in(on_terminal(), chatter::language()),
            }
        }
    })
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

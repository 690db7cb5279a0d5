//! An install as a row: `crmdeck install --format csv`, one row.

use super::Column;
use super::plugins::{PluginFormat, token_text};
use crate::model::{Installation, Plugin};

/// A plugin and the installation an install made (or found).
pub struct Installed<'a> {
    pub plugin: &'a Plugin,
    pub installation: &'a Installation,
}

/// The columns of an install, left to right (a function: an install
/// borrows).
pub fn columns<'a>() -> [Column<Installed<'a>, PluginFormat>; 4] {
    let printed = Column::print_only;
    [
        printed("Plugin id", "plugin_id", |installed, _| {
            installed.plugin.id.to_string()
        }),
        printed("Name", "name", |installed, _| installed.plugin.name.clone()),
        printed("Installation id", "installation_id", |installed, _| {
            installed.installation.id.to_string()
        }),
        printed("Token", "token", |installed, format| {
            token_text(Some(installed.installation), format)
        }),
    ]
}

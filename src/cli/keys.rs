//! `crmdeck keys`: the dashboard's keymap in use, the table's keys with the
//! config's `[keys]` (a bad binding is the config error the dashboard
//! would stop on).

use super::{CliError, Format, on_terminal, pretty};
use crate::app::keymap::{Key, Keymap};
use crate::config::{self, Overrides};
use crate::present::columns::BranchNames;
use crate::present::columns::keys::{COLUMNS, KeyRow};
use crate::present::columns::table::Table;

pub fn run(overrides: &Overrides, format: Format) -> Result<String, CliError> {
    let config = config::load(overrides, &|name| std::env::var(name).ok())?;
    for warning in &config.warnings {
        let language = super::chatter::language();
        super::chatter::warn(&config::said_warning(warning, language));
    }
    let keymap = config.with_key_bindings(Keymap::with_user)?;
    let rows = rows(&keymap);
    Ok(match format {
        // Our own words only: nothing a server sent needs escaping.
        Format::Json => pretty(&rows)?,
        Format::Table | Format::Csv => {
            let language = super::language_of(format, super::chatter::language());
            let table = Table::of(COLUMNS, &rows, &language, &BranchNames::new());
            match format {
                Format::Csv => table.to_csv(),
                _ => table.to_text_in(on_terminal(), language),
            }
        }
    })
}

/// Every row of `keymap`, in the table's order.
fn rows(keymap: &Keymap) -> Vec<KeyRow> {
    keymap
        .rows()
        .map(|row| KeyRow {
            context: row.binding.context.title(),
            keys: row.keys.iter().map(Key::label).collect(),
            action: row.binding.action.name(),
            what_it_does: row.binding.label,
        })
        .collect()
}

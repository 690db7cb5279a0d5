//! A row of the keymap in use as `crmdeck keys` prints it (the dashboard's
//! `app::keymap` fills it: this floor does not know the actions).

use super::{Column, Print};
use crate::i18n::Language;
use crate::present::words::say;
use serde::Serialize;

/// One row of the keymap in use: where it applies, its keys as help names
/// them, the action's name in `[keys]`, and what it does.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct KeyRow {
    #[serde(rename = "where")]
    pub context: &'static str,
    pub keys: Vec<String>,
    pub action: String,
    pub what_it_does: &'static str,
}

/// The columns of a keymap row, left to right, where it applies and what
/// it does said in the language given (English for CSV; JSON is the row's
/// own English); on a terminal the table fits 80 columns (the long places
/// and labels cut).
pub static COLUMNS: &[Column<KeyRow, Language>] = &[
    Column {
        print: Print::UpTo(22),
        ..Column::print_only("Where", "where", |row, language| {
            say(row.context, *language).to_string()
        })
    },
    Column::print_only("Keys", "keys", |row, _| row.keys.join(" ")),
    Column::print_only("Action", "action", |row, _| row.action.clone()),
    Column {
        print: Print::UpTo(28),
        ..Column::print_only("What it does", "what_it_does", |row, language| {
            say(row.what_it_does, *language).to_string()
        })
    },
];

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::columns::BranchNames;
    use crate::present::columns::table::Table;

    #[test]
    fn the_table_for_people_in_the_language_and_csv_in_english() {
        let rows = [KeyRow {
            context: "Groups list",
            keys: vec!["/".into()],
            action: "filter".into(),
            what_it_does: "filter",
        }];
        let table = |language| Table::of(COLUMNS, &rows, &language, &BranchNames::new());
        let russian = table(Language::Ru).to_text_in(false, Language::Ru);
        let lines: Vec<&str> = russian.lines().map(str::trim_end).collect();
        assert_eq!(
            lines,
            [
                "ГДЕ           КЛАВИШИ  ДЕЙСТВИЕ  ЧТО ДЕЛАЕТ",
                "Список групп  /        filter    фильтр"
            ]
        );
        // Scripts read the English: the action's name and the CSV.
        assert_eq!(
            table(Language::En).to_csv(),
            "where,keys,action,what_it_does\r\nGroups list,/,filter,filter\r\n"
        );
    }
}

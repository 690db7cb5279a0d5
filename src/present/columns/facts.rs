//! A fact as a row, its name and its value: `crmdeck info --format csv`.

use super::Column;

/// A fact: what it is, and what it says.
pub type Fact = (&'static str, String);

/// The columns of a fact, left to right.
pub static COLUMNS: &[Column<Fact, ()>] = &[
    Column::print_only("Key", "key", |(key, _), _| key.to_string()),
    Column::print_only("Value", "value", |(_, value), _| value.clone()),
];

//! A branch as a row: `crmdeck branches` and its CSV.

use super::Column;
use crate::model::Branch;

/// The columns of a branch, left to right: the id `--branch` takes, and
/// the name.
pub static COLUMNS: &[Column<Branch, ()>] = &[
    Column::print_only("Id", "id", |branch, _| branch.id.to_string()),
    Column::print_only("Name", "name", |branch, _| branch.name.clone()),
];

//! A finding of the timetable check as a row: `crmdeck timetable --check`
//! as CSV.

use super::Column;
use crate::domain::check::Finding;
use crate::model::Group;
use crate::present::check::describe;

/// The columns of a finding, left to right; the groups of the check's
/// timetable are the format.
pub static COLUMNS: &[Column<Finding, Vec<Group>>] = &[
    Column::print_only("Code", "code", |finding, _| finding.code().to_string()),
    Column::print_only("Group ids", "group_ids", |finding, groups| {
        let ids: Vec<String> = (finding.group_indices().iter())
            .map(|&index| groups[index].id.to_string())
            .collect();
        ids.join(" ")
    }),
    Column::print_only("Finding", "finding", |finding, groups| {
        describe(finding, groups)
    }),
];

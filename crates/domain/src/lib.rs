//! Computation on the model: weekdays read from the API's codes and names,
//! times of day in a zone, the week's layout, today's parts, the timetable
//! check, the digests of groups and what changed since a baseline, search
//! folded to one script, a branch by id or name. No text for people (that is `present`),
//! no HTTP, no terminal.

pub mod branch_lookup;
pub mod centre;
pub mod changes;
pub mod check;
pub mod clock;
pub mod digest;
pub mod install_across;
pub mod query;
pub mod script;
pub mod sound;
// Groups for tests, here and in crmdeck's (`present`, the CLI's grid).
#[cfg(any(test, feature = "test-groups"))]
pub mod test_groups;
pub mod timetable;
pub mod today;
pub mod weekday;
pub mod zone;

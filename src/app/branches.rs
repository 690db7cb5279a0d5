//! What the screens read of the branches: the store holds the list (of
//! `/v2/branches`, or the snapshot's until it answers); here are only the
//! names made of it to show (sanitised, and measured for the tables'
//! branch column) and why the last answer failed.

use crate::model::Branch;
use crate::present::cell_text::CellText;
use crate::sanitize::sanitize_line;
use std::collections::HashMap;

/// Where the branch list stands, as the picker and `:branch` need it.
#[derive(Debug, Clone, Copy)]
pub enum BranchesState<'a> {
    /// Not answered yet (and no snapshot gave one).
    Loading,
    Loaded {
        list: &'a [Branch],
        /// Their sanitised names by id.
        names: &'a HashMap<i64, String>,
    },
    /// Why not (the picker then asks for a number).
    Failed(&'a str),
}

impl BranchesState<'_> {
    /// True until the list answered, or failed to (or a snapshot gave one).
    pub fn is_loading(&self) -> bool {
        matches!(self, BranchesState::Loading)
    }
}

/// The branches' names, made again each time the store's list changes.
#[derive(Debug, Default)]
pub struct Branches {
    /// Sanitised names by id, for the table and the header.
    pub names: HashMap<i64, String>,
    /// The same names measured for the groups table's branch column.
    pub name_cells: HashMap<i64, CellText>,
    /// Why the last answer of `/v2/branches` failed (the names of a list
    /// held before stay).
    failure: Option<String>,
}

impl Branches {
    /// The list in the store is now `list`.
    pub fn named(&mut self, list: &[Branch]) {
        self.failure = None;
        self.names = list
            .iter()
            .map(|b| (b.id, sanitize_line(&b.name).into_owned()))
            .collect();
        self.name_cells = self
            .names
            .iter()
            .map(|(&id, name)| (id, CellText::new(name.clone())))
            .collect();
    }

    /// The list in the store was the snapshot's, now hidden (a 401).
    pub fn forget(&mut self) {
        self.names.clear();
        self.name_cells.clear();
    }

    /// `/v2/branches` failed, for this reason.
    pub fn failed_with(&mut self, reason: String) {
        self.failure = Some(reason);
    }

    /// True when the list did not answer (worth asking again on refresh).
    pub fn failed(&self) -> bool {
        self.failure.is_some()
    }

    /// Where the list stands, `list` being the store's.
    pub fn state<'a>(&'a self, list: Option<&'a Vec<Branch>>) -> BranchesState<'a> {
        match (&self.failure, list) {
            (Some(reason), _) => BranchesState::Failed(reason),
            (None, Some(list)) => BranchesState::Loaded {
                list,
                names: &self.names,
            },
            (None, None) => BranchesState::Loading,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_wins_over_the_list_held_and_keeps_its_names_until_a_list_answers() {
        let mut branches = Branches::default();
        assert!(branches.state(None).is_loading());
        let list = vec![
            Branch::new(1, "Chilonzor\u{1b}[2J"),
            Branch::new(2, "Sergeli"),
        ];
        branches.named(&list);
        let BranchesState::Loaded { list: shown, names } = branches.state(Some(&list)) else {
            panic!("the list is loaded");
        };
        assert_eq!(shown.len(), 2);
        assert_eq!(names[&2], "Sergeli");
        assert!(!names[&1].contains('\u{1b}'), "names are sanitised");
        assert_eq!(branches.name_cells.len(), 2);

        branches.failed_with("server error".to_string());
        assert!(branches.failed());
        assert!(matches!(
            branches.state(Some(&list)),
            BranchesState::Failed("server error")
        ));
        assert_eq!(branches.names[&2], "Sergeli", "the names stay");

        branches.named(&list[..1]);
        assert!(!branches.failed());
        assert!(matches!(
            branches.state(Some(&list)),
            BranchesState::Loaded { .. }
        ));
        assert_eq!(branches.names.len(), 1);
    }
}

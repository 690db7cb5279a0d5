//! What the user was looking at, remembered per profile between runs: the
//! branch, the tab, the Groups list's sort and the archived toggles. The
//! app says when it changed ([`Effect::Remember`](super::Effect::Remember));
//! the runtime keeps it in a file of the state directory and gives it back
//! at the next start ([`AppSettings::view`](super::AppSettings::view)).

use super::tab::Tab;
use serde::{Deserialize, Serialize};

/// The view to come back to. Names, not indices, for the tab and the sort
/// column: a file written by another version still means what it says, and
/// a name no longer known is ignored.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SavedView {
    /// The branch listed (None: every branch).
    pub branch_id: Option<i64>,
    /// The tab shown, by its name in the top line.
    pub tab: Option<String>,
    /// The Groups list's sort column, by its name (None: the server's order).
    pub sort: Option<String>,
    pub descending: bool,
    /// `a` on the Groups tab: archived groups hidden.
    pub hide_archived: bool,
    /// `a` on the Week tab: archived groups shown.
    pub week_archived: bool,
}

impl SavedView {
    /// The tab it names, when one has that name.
    pub fn tab(&self) -> Option<Tab> {
        let name = self.tab.as_deref()?;
        Tab::ALL.iter().copied().find(|tab| tab.name() == name)
    }
}

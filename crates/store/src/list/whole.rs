//! Whether a walk is whole: every page of its numbering answered in it,
//! and its rows agreeing with the total the server announced. Only a
//! whole walk may replace the snapshot and the history's day (issue 34 §1):
//! a walk stopped, cut by a fault, or whose pages held far fewer groups
//! than announced leaves them as they were.

use super::GroupList;

impl GroupList {
    /// True when the walk is over with every page of its numbering
    /// answered in it (none failed, none left unasked by a stop or a
    /// fault), and not stopped at the ceiling of groups: no group is
    /// missing for a page not read.
    pub fn is_complete(&self) -> bool {
        self.sized && self.is_done() && !self.capped && self.unread().next().is_none()
    }

    /// True when the walk is complete and its rows agree with the total
    /// the server announced (within one page's rows, which a centre
    /// changing during the walk explains): what a snapshot and the
    /// history's day may keep. A walk whose pages held far fewer (or more)
    /// groups than announced is partial, whatever its pages said.
    pub fn is_whole(&self) -> bool {
        self.is_complete() && self.agrees_with_total()
    }

    /// The groups held agree with the total announced, within one page's
    /// rows (no total announced: nothing to disagree with).
    pub(super) fn agrees_with_total(&self) -> bool {
        let Some(announced) = self.total else {
            return true;
        };
        let slack = u64::from(self.per_page.unwrap_or(self.asked_per_page));
        (self.rows.len() as u64).abs_diff(announced) <= slack
    }

    /// The pages of the walk's numbering not answered in this walk: asked
    /// and not answered yet, failed, or never asked. Page 1 alone before
    /// it answered; the pages up to the last known when the server says
    /// no number of pages (the walk follows them one by one).
    pub(super) fn unread(&self) -> impl Iterator<Item = u64> + '_ {
        let last = match (self.sized, self.total_pages) {
            (false, _) => 1,
            (true, Some(pages)) => self.last_page_within(pages),
            (true, None) => self.pages.keys().next_back().copied().unwrap_or(1),
        };
        (1..=last).filter(move |number| {
            !(self.pages.get(number)).is_some_and(|page| page.read_since(self.started))
        })
    }
}

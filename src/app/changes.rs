//! The Changes tab (issue 28 §2): what changed in the branch's groups since
//! the baseline (by default the last complete walk of an earlier centre
//! day), grouped by kind (new, changed, archived, gone), each change under
//! its kind's heading; Enter opens the group on the Groups tab. It reads the
//! latest comparison the world holds (`World::changes`), asked for at the
//! snapshot at start and after each walk; `:changes since mon` asks again
//! against another day.

use super::ask::{Ask, Tell};
use super::compared::{Seen, SeenChanges};
use super::keymap::{Action, Context};
use super::list_cursor::{ListCursor, Movement};
use super::protocol::Effect;
use super::screen::{Screen, TabScreen};
use super::shared::{AppSettings, Shared, World};
use super::tab::Tab;
use crate::domain::changes::Kind;
use crate::i18n::{Phrase, fill};
use crate::present::change_text;
use crate::present::format::display_width;

/// The lines above the list: the summary, the column heads.
pub const LINES_ABOVE_LIST: u16 = 1;

/// A line of the tab: a kind's heading, or a change (its place in
/// [`ChangesTab::order`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChangeLine {
    Heading { kind: Kind, count: usize },
    Change(usize),
}

/// The state of the Changes tab.
#[derive(Debug, Clone, Default)]
pub struct ChangesTab {
    /// The changes shown, by kind, then number, name and id: indices into
    /// the latest comparison's changes.
    pub order: Vec<usize>,
    /// The selected change (a place in `order`), and the scroll.
    pub cursor: ListCursor,
    /// The lines shown: each kind that has changes, its heading, then
    /// them; made once per comparison, not per frame.
    pub lines: Vec<ChangeLine>,
    /// The widest group's label (number and name), for its column.
    pub group_width: usize,
}

impl From<&AppSettings> for ChangesTab {
    fn from(_: &AppSettings) -> Self {
        Self::default()
    }
}

impl ChangesTab {
    /// The comparison the tab shows: the branch's, if it found.
    pub fn found<'a>(&self, shared: &'a World) -> Option<&'a SeenChanges> {
        shared.changes.found(shared.branch_id)
    }

    /// The selected change.
    pub fn selected<'a>(&self, shared: &'a World) -> Option<&'a Seen> {
        let at = *self.order.get(self.cursor.index)?;
        self.found(shared)?.changes.get(at)
    }

    /// The lines of `order`: each kind that has changes, its heading
    /// (with their count), then them.
    fn lines_of(order: &[usize], found: &SeenChanges) -> Vec<ChangeLine> {
        let mut lines = Vec::with_capacity(order.len() + 4);
        let mut places = order.iter().enumerate().peekable();
        while let Some(&(_, &at)) = places.peek() {
            let kind = found.changes[at].kind;
            let start = lines.len();
            lines.push(ChangeLine::Heading { kind, count: 0 });
            while let Some((place, _)) = places.next_if(|(_, at)| found.changes[**at].kind == kind)
            {
                lines.push(ChangeLine::Change(place));
            }
            lines[start] = ChangeLine::Heading {
                kind,
                count: lines.len() - start - 1,
            };
        }
        lines
    }

    /// The changes again in their order, the selection kept on its group.
    fn take(&mut self, shared: &World) {
        let kept = self.selected(shared).map(Seen::id);
        self.order = match self.found(shared) {
            Some(found) => {
                let mut order: Vec<usize> = (0..found.changes.len()).collect();
                order.sort_by_key(|&at| {
                    let seen = &found.changes[at];
                    let digest = seen.digest();
                    (
                        seen.kind,
                        digest.number.get().is_none(),
                        digest.number.get(),
                        digest.id,
                    )
                });
                order
            }
            None => Vec::new(),
        };
        let found = self.found(shared);
        self.lines = found.map_or_else(Vec::new, |found| Self::lines_of(&self.order, found));
        self.group_width = (found.into_iter())
            .flat_map(|found| self.order.iter().map(|&at| found.changes[at].digest()))
            .map(|digest| display_width(&change_text::group(digest, shared.settings.language)))
            .max()
            .unwrap_or(0);
        let place = kept.and_then(|id| {
            let found = self.found(shared)?;
            (self.order.iter()).position(|&at| found.changes[at].id() == id)
        });
        let height = self.height(shared);
        self.cursor
            .select(place.unwrap_or(0), self.order.len(), height);
    }

    /// The rows of changes on screen (headings take some of them).
    fn height(&self, shared: &World) -> usize {
        let body = shared.layout.bands.body.height;
        usize::from(body.saturating_sub(LINES_ABOVE_LIST)).max(1)
    }

    /// Enter: the group on the Groups tab, selected with its detail open;
    /// a group gone is said to be.
    fn open(&self, shared: &mut Shared) {
        let Some(seen) = self.selected(shared) else {
            return;
        };
        let language = shared.settings.language;
        let (id, label) = (seen.id(), change_text::group(seen.digest(), language));
        if seen.kind == Kind::Gone {
            let day = self.found(shared).map(|found| found.day);
            shared.info(match day {
                Some(day) => {
                    let day = change_text::day(day, language);
                    fill::status_change_gone_since(language, label, day)
                }
                None => fill::status_change_gone(language, label),
            });
            return;
        }
        shared.ask(Ask::Show {
            tab: Tab::Groups,
            reload: false,
        });
        shared.ask(Ask::TellTabs(Tell::OpenGroup {
            id,
            from: Tab::Changes,
        }));
    }
}

impl Screen for ChangesTab {
    fn context(&self) -> Context {
        Context::Changes
    }

    fn perform(&mut self, action: Action, shared: &mut Shared) -> Vec<Effect> {
        match action {
            Action::Open => self.open(shared),
            Action::PickBranch => shared.ask(Ask::BranchPicker {
                current: shared.branch_id,
            }),
            Action::Back => shared.dismiss(),
            _ => {}
        }
        Vec::new()
    }

    fn move_by(&mut self, movement: Movement, shared: &mut Shared) {
        let height = self.height(shared);
        self.cursor.apply(movement, self.order.len(), height);
    }

    fn fit(&mut self, shared: &mut Shared) {
        let height = self.height(shared);
        self.cursor.scroll_into_view(self.order.len(), height);
    }

    fn hear(&mut self, tell: &Tell, shared: &mut Shared) -> Vec<Effect> {
        match tell {
            Tell::Compared => self.take(shared),
            Tell::Changes(since) => {
                let branch = shared.branch_id;
                return match shared.compare(branch, *since) {
                    Some(effect) => vec![effect],
                    None => {
                        shared.info(Phrase::StatusNothingToCompare.get(shared.settings.language));
                        Vec::new()
                    }
                };
            }
            _ => {}
        }
        Vec::new()
    }
}

impl TabScreen for ChangesTab {
    fn on_show(&mut self, shared: &mut Shared) -> Vec<Effect> {
        self.take(shared);
        Vec::new()
    }
}

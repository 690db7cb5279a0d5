//! One small trait for every screen and overlay, so the app routes keys,
//! answers and resizes without knowing what a screen does. A screen owns
//! its state; what it may read of the world around it and ask of it comes in
//! [`Shared`]; what it wants of the app (an overlay opened or closed,
//! another tab, a command to the tabs) it asks for as data, an
//! [`Ask`](super::ask::Ask).
//!
//! Its keys, footer hints and help section come from the keymap table,
//! under the [`Context`] it is in.

use super::ask::Tell;
use super::keymap::{Action, Context, Hint};
use super::list_cursor::Movement;
use super::protocol::Effect;
use super::shared::{Shared, World};
use super::text_input::QueryInput;
use super::view::SavedView;
use crate::present::columns::table::Table;
use crate::store::Snapshot;
use chrono::{DateTime, Utc};
use crossterm::event::KeyEvent;

/// A screen (a tab) or an overlay (help, confirmation, branch picker).
/// Every method but `context` and `perform` does nothing unless the screen
/// has something to do there. What concerns tabs only is [`TabScreen`].
pub trait Screen: Send {
    /// Where keys land while it has the focus.
    fn context(&self) -> Context;

    /// False for a key whose action would only explain why it does nothing
    /// (no token to show, nothing to install): its hint is left out of the
    /// footer. The key itself still answers.
    fn offers(&self, _action: Action, _shared: &World) -> bool {
        true
    }

    /// The footer label of `action` when the keymap's does not say it (a
    /// confirmation names what it confirms).
    fn label(&self, _action: Action) -> Option<&'static str> {
        None
    }

    /// An action of the keymap in its context (moves go to `move_by`).
    fn perform(&mut self, action: Action, shared: &mut Shared) -> Vec<Effect>;

    /// Moves the selection or the scroll position (keys and the wheel).
    fn move_by(&mut self, _movement: Movement, _shared: &mut Shared) {}

    /// A key that is text in its input.
    fn type_text(&mut self, _key: &KeyEvent, _shared: &mut Shared) {}

    /// A left click in the body, at (`column`, `row`) of the terminal.
    fn click(&mut self, _column: u16, _row: u16, _shared: &mut Shared) {}

    /// After a resize (the new layout is in `shared`): selections back on
    /// screen, scroll positions within their content.
    fn fit(&mut self, _shared: &mut Shared) {}

    /// What it is told: what the app learnt from an answer to its own
    /// requests or a walk's (a page of a walk in the store, the branches,
    /// the centre's zone), told to every screen; or what another screen
    /// asks of the tabs, told to the tabs (or to the tab shown). A tab that
    /// sends requests takes their answers, its own type, in a method of its
    /// own the app calls (see `app/on_result.rs`): no screen sees another's
    /// answers.
    fn hear(&mut self, _tell: &Tell, _shared: &mut Shared) -> Vec<Effect> {
        Vec::new()
    }
}

/// A tab's screen: what only tabs do (the overlays come and go, a tab stays
/// for the life of the app, shown or not). Every method does nothing unless
/// the tab has something to do there.
pub trait TabScreen: Screen {
    /// The snapshot read at start (before any answer): what the screen
    /// shows of it until fresh data arrives. The groups are in the store
    /// already.
    fn on_snapshot(&mut self, _snapshot: &Snapshot, _shared: &mut Shared) {}

    /// The requests a tab starts with.
    fn start(&mut self, _shared: &mut Shared) -> Vec<Effect> {
        Vec::new()
    }

    /// The tab became the one shown.
    fn on_show(&mut self, _shared: &mut Shared) -> Vec<Effect> {
        Vec::new()
    }

    /// The tab was left for another; it is shown again by `on_show` (or
    /// `refresh`): what it made only to draw may go.
    fn on_hide(&mut self) {}

    /// Fetches again what the tab shows (r, auto refresh, a new token).
    fn refresh(&mut self, _shared: &mut Shared) -> Vec<Effect> {
        Vec::new()
    }

    /// Writes its part of what is remembered for the next start into
    /// `view` (it starts from there again, built from the settings).
    fn remember(&self, _view: &mut SavedView) {}

    /// True while something the tab shows is loading (the spinner turns).
    fn busy(&self, _world: &World) -> bool {
        false
    }

    /// When a tab that follows the clock wants to be woken while it is
    /// shown (its view changes then); None for the others, which are
    /// woken by input alone.
    fn wakes_at(&self, _now: DateTime<Utc>) -> Option<DateTime<Utc>> {
        None
    }

    /// After every input while the tab is shown (the tick it asked for
    /// among them): the clock may have passed the instant
    /// [`wakes_at`](Self::wakes_at) named.
    fn on_clock(&mut self, _shared: &mut Shared) {}

    /// The rows it shows as a list, to sort and export; None when it shows
    /// no list (an optional capability: Groups, Plugins, Week, Today).
    fn listing(&self) -> Option<&dyn Listing> {
        None
    }
}

/// A tab that shows rows: `:sort`'s columns and `:export`'s table.
pub trait Listing {
    /// The names of the columns `:sort` may sort the tab by.
    fn sortable(&self) -> Vec<&'static str> {
        Vec::new()
    }

    /// The rows the tab shows, filtered and sorted as on screen, in its
    /// kind's printed columns (`:export`); None when it shows no list.
    fn view(&self, shared: &World) -> Option<Table>;

    /// The query its list is filtered by (`:save NAME` keeps the Groups
    /// list's); None for a list the query language does not filter.
    fn query(&self) -> Option<&QueryInput> {
        None
    }
}

/// The footer hints of `screen` that would do something now, labelled as
/// it names them.
pub fn hints(screen: &dyn Screen, shared: &World) -> Vec<Hint> {
    let mut hints = shared.settings.keymap.footer_hints(screen.context());
    hints.retain(|hint| screen.offers(hint.action, shared));
    for hint in &mut hints {
        hint.label = screen.label(hint.action).unwrap_or(hint.label);
    }
    hints
}

//! The app's state and its pure `update`: keys, mouse, resizes, ticks and
//! results of work come in; effects (work for the runtime) go out. No I/O
//! here, and the clock is data (`now`), so every behaviour is a unit test.
//!
//! The app routes; the screens decide. A key press: [`keymap::Keymap::action_for`]
//! turns it into an [`keymap::Action`] for the [`keymap::Context`] of the
//! screen with the focus (the overlay on top, else the tab shown); the app
//! keeps the global actions and hands the others to that [`Screen`]. An
//! answer goes to its owner only (`app/on_result.rs`): the screens hear what
//! the app's own answers and the walks' taught it as news.
//! What a screen wants of the app comes back as an [`ask::Ask`].

/// Test data, kept with the tests (see the file).
#[cfg(test)]
#[path = "../../tests/support/fixtures.rs"]
pub mod fixtures;
pub mod keymap;
pub mod layout;
pub mod protocol;

pub(crate) mod ask;
pub(crate) mod branch_picker;
pub(crate) mod branches;
pub(crate) mod command_line;
pub(crate) mod commands;
pub mod compared;
pub(crate) mod confirm;
pub(crate) mod document;
pub mod fleet;
pub(crate) mod group_detail;
pub mod group_rows;
pub(crate) mod help;
pub(crate) mod install_across;
pub(crate) mod keyboard_layouts;
pub(crate) mod lesson_list;
pub(crate) mod list_cursor;
pub(crate) mod list_pane;
mod on_ask;
mod on_key;
mod on_mouse;
mod on_result;
pub(crate) mod plugin_detail;
pub(crate) mod registry;
pub(crate) mod requests;
pub(crate) mod row_order;
pub mod screen;
pub mod shared;
pub(crate) mod status;
pub(crate) mod tab;
pub(crate) mod text_input;
pub mod view;
pub(crate) mod walks;

#[cfg(test)]
mod tests;

/// Makes the tabs' `mod` lines from `tabs!` (`tab.rs`): a tab's screen is
/// `app/MODULE.rs`. (`cargo fmt` does not reach a file declared in a macro:
/// `.ci/run` names them.)
macro_rules! tab_modules {
    ($($(#[$doc:meta])* $variant:ident: $name:literal, $key:literal,
        $module:ident::$screen:ident, $context:ident ($title:literal),
        $ui:ident::$drawer:ident;)+) => {
        $(pub(crate) mod $module;)+
    };
}

tab::tabs!(tab_modules);

pub use protocol::{
    Answer, AppAnswer, Effect, Input, PluginsAnswer, Request, RequestId, WalkAnswer, Walked,
};
pub use shared::AppSettings;
pub use tab::Tab;
pub use view::SavedView;

use chrono::{DateTime, TimeDelta, Utc};
use keymap::{Action, Context, Hint};
use registry::{Overlay, ScreenView, Tabs};
use screen::Screen;
use shared::{Shared, World};
use std::time::Duration;

/// How often the spinner turns while something loads.
const SPINNER_TICK: Duration = Duration::from_millis(100);
/// How often the token warning is brought up to date.
const TOKEN_WARNING_TICK: Duration = Duration::from_secs(30);
/// The token warning shows from this long before expiry.
pub const TOKEN_WARNING_BEFORE: TimeDelta = TimeDelta::hours(1);

/// The whole state of the terminal UI.
pub struct App {
    /// The world around the screens: settings, layout, clock, requests,
    /// status, the store.
    pub(crate) world: World,
    pub(crate) tabs: Tabs,
    /// The tab shown.
    pub(crate) tab: Tab,
    /// The overlays over the tab, the one on top last (it has the keys).
    pub(crate) overlays: Vec<Overlay>,
    next_auto_refresh: Option<DateTime<Utc>>,
    /// The view last given to the runtime to remember.
    remembered: SavedView,
}

impl App {
    /// The app and the effects to start with, on the tab remembered (else
    /// Groups): what that tab shows (page 1 of the groups), the branches,
    /// then what the other tabs show, what the tab shown asks for, and the
    /// centre's zone when the config names none. `token_expires_at`: when
    /// the token in use expires (it changes as the app runs: the world's).
    pub fn new(
        settings: AppSettings,
        token_expires_at: Option<DateTime<Utc>>,
        size: (u16, u16),
    ) -> (Self, Vec<Effect>) {
        let tabs = Tabs::new(&settings);
        let tab = match settings.view.tab() {
            // A centre Enter opened shows its rows, not the Centres again.
            Some(Tab::Centres) if tabs.centres.opened() => Tab::Groups,
            tab => tab.unwrap_or(Tab::Groups),
        };
        let mut app = Self {
            world: World::new(settings, token_expires_at, size),
            tabs,
            tab,
            overlays: Vec::new(),
            next_auto_refresh: None,
            remembered: SavedView::default(),
        };
        app.world.status.tab_shown(tab);
        let shared = &mut Shared::new(&mut app.world);
        let mut effects = app.tabs.get_mut(app.tab).start(shared);
        effects.extend(shared.send_once(Request::Branches));
        for &tab in Tab::ALL.iter().filter(|&&tab| tab != app.tab) {
            effects.extend(app.tabs.get_mut(tab).start(shared));
        }
        effects.extend(app.tabs.get_mut(app.tab).on_show(shared));
        effects.push(app.world.ask_me());
        app.remembered = app.view();
        (app, effects)
    }

    /// What is on screen, as remembered for the next start.
    pub fn view(&self) -> SavedView {
        let mut view = SavedView {
            branch_id: self.world.branch_id,
            tab: Some(self.tab.name().to_owned()),
            ..SavedView::default()
        };
        for &tab in Tab::ALL {
            self.tabs.get(tab).remember(&mut view);
        }
        view
    }

    /// [`Effect::Remember`] when the view changed since it was last given.
    fn remember(&mut self) -> Option<Effect> {
        let view = self.view();
        (view != self.remembered).then(|| {
            self.remembered = view.clone();
            Effect::Remember(view)
        })
    }

    /// The one way state changes. No I/O: `now` is the wall clock as data.
    pub fn update(&mut self, input: Input, now: DateTime<Utc>) -> Vec<Effect> {
        self.world.set_clock(now);
        let by_user = matches!(input, Input::Key(_) | Input::Mouse(_));
        self.world.status.said_by(by_user.then_some(self.tab));
        let mut effects = match input {
            Input::Key(key) => self.on_key(&key),
            Input::Mouse(_) if self.world.layout.is_too_small() => Vec::new(),
            Input::Mouse(mouse) => self.on_mouse(&mouse),
            Input::Resize(width, height) => {
                self.world.layout = layout::Layout::new((width, height));
                self.fit();
                Vec::new()
            }
            Input::Tick => self.on_tick(),
            result => self.on_result(result),
        };
        effects.extend(self.carry_out_asks());
        // Any input, not only the tick it asked for, brings a tab that
        // follows the clock up to it (after a suspend, a sleep of the laptop).
        self.tabs
            .get_mut(self.tab)
            .on_clock(&mut Shared::new(&mut self.world));
        effects.extend(self.remember());
        self.world.status.expire(now);
        if self.next_auto_refresh.is_none() {
            self.schedule_auto_refresh();
        }
        effects
    }

    /// The centres of the fleet as the Centres tab holds them: a new app
    /// for another profile goes on with them.
    pub fn fleet(&self) -> &fleet::Fleet {
        &self.tabs.centres.fleet
    }

    /// The branch listed (None: every branch): whose snapshot to show.
    pub fn branch(&self) -> Option<i64> {
        self.world.branch_id
    }

    /// The terminal's size (columns, rows) as of the last resize.
    pub fn size(&self) -> (u16, u16) {
        self.world.layout.size
    }

    /// How soon the next [`Input::Tick`] is wanted; None when idle.
    pub fn needs_tick(&self) -> Option<Duration> {
        let requests = &self.world.requests;
        // The app's own requests and its walks' (a tab's: its `busy`).
        let spinning = requests.any(|request| request.tab().is_none())
            || Tab::ALL
                .iter()
                .any(|&tab| self.tabs.get(tab).busy(&self.world));
        let now = self.world.now;
        let until = |at: DateTime<Utc>| (at - now).to_std().unwrap_or(Duration::ZERO);
        let token = self.world.token_expires_at.map(|expiry| {
            let warning_from = expiry - TOKEN_WARNING_BEFORE;
            if now >= warning_from {
                TOKEN_WARNING_TICK
            } else {
                until(warning_from)
            }
        });
        [
            spinning.then_some(SPINNER_TICK),
            self.world.status.until_fade(now),
            self.next_auto_refresh.map(until),
            self.world.until_walks_wake(),
            self.tabs.get(self.tab).wakes_at(now).map(until),
            token,
        ]
        .into_iter()
        .flatten()
        .min()
    }

    /// Where key presses land now.
    pub fn context(&self) -> Context {
        self.focused().context()
    }

    /// False for a key whose action would only explain why it does nothing
    /// (no token to show or copy, nothing to install, read-only): its hint
    /// is left out of the footer. The key itself still answers.
    pub fn offers(&self, action: Action) -> bool {
        self.focused().offers(action, &self.world)
    }

    /// The footer hints of the screen with the focus that would do
    /// something now, labelled as it names them.
    pub fn hints(&self) -> Vec<Hint> {
        screen::hints(self.focused(), &self.world)
    }

    /// The screens drawn, bottom first: the tab shown, then the overlays.
    pub fn screens(&self) -> impl Iterator<Item = ScreenView<'_>> {
        std::iter::once(self.tabs.view(self.tab)).chain(self.overlays.iter().map(Overlay::view))
    }

    /// The overlay of type `S` nearest the top, if one is open.
    pub fn overlay<'a, S>(&'a self) -> Option<&'a S>
    where
        &'a S: TryFrom<&'a Overlay>,
    {
        (self.overlays.iter().rev()).find_map(|overlay| overlay.try_into().ok())
    }

    fn focused(&self) -> &dyn Screen {
        match self.overlays.last() {
            Some(overlay) => overlay.screen(),
            None => self.tabs.get(self.tab),
        }
    }

    /// The screen with the focus, and the world lent to it.
    fn focused_mut(&mut self) -> (&mut dyn Screen, Shared<'_>) {
        let screen = match self.overlays.last_mut() {
            Some(overlay) => overlay.screen_mut(),
            None => self.tabs.get_mut(self.tab),
        };
        (screen, Shared::new(&mut self.world))
    }

    /// Shows `tab` (overlays close); with `reload`, it fetches again.
    fn show_tab(&mut self, tab: Tab, reload: bool) -> Vec<Effect> {
        if tab != self.tab {
            self.tabs.get_mut(self.tab).on_hide();
        }
        self.world.status.tab_shown(tab);
        self.tab = tab;
        self.overlays.clear();
        let screen = self.tabs.get_mut(tab);
        if reload {
            screen.refresh(&mut Shared::new(&mut self.world))
        } else {
            screen.on_show(&mut Shared::new(&mut self.world))
        }
    }

    /// Refetches what the tab shown shows (r, auto refresh, a new token).
    fn refresh(&mut self) -> Vec<Effect> {
        self.schedule_auto_refresh();
        self.tabs
            .get_mut(self.tab)
            .refresh(&mut Shared::new(&mut self.world))
    }

    fn schedule_auto_refresh(&mut self) {
        let every = self.world.settings.auto_refresh;
        self.next_auto_refresh = every
            .and_then(|every| TimeDelta::from_std(every).ok())
            .map(|every| self.world.now + every);
    }

    fn on_tick(&mut self) -> Vec<Effect> {
        let mut effects = self.world.wake_walks();
        match self.next_auto_refresh {
            Some(at) if self.world.now >= at => effects.extend(self.refresh()),
            _ => {}
        }
        effects
    }

    /// After a resize: every screen fits the new layout.
    fn fit(&mut self) {
        for &tab in Tab::ALL {
            self.tabs
                .get_mut(tab)
                .fit(&mut Shared::new(&mut self.world));
        }
        for overlay in &mut self.overlays {
            overlay.screen_mut().fit(&mut Shared::new(&mut self.world));
        }
    }
}

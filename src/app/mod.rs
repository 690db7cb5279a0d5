//! The app's state and its pure `update`: keys, mouse, resizes, ticks and
//! results of work come in; effects (work for the runtime) go out. No I/O
//! here, and the clock is data (`now`), so every behaviour is a unit test.
//!
//! One key press: [`keymap::action_for`] turns it into an [`keymap::Action`]
//! for the current [`keymap::Context`]; `perform` routes the action to the
//! tab or overlay that has the focus.

/// Test data, kept with the tests (see the file).
#[cfg(test)]
#[path = "../../tests/support/fixtures.rs"]
pub mod fixtures;
pub mod keymap;
pub mod layout;
pub mod protocol;

pub(crate) mod branch_picker;
pub(crate) mod document;
pub(crate) mod group_detail;
pub mod group_rows;
pub(crate) mod groups;
pub(crate) mod help;
pub(crate) mod line_input;
pub(crate) mod list_cursor;
pub(crate) mod plugin_detail;
pub(crate) mod plugins;
pub(crate) mod requests;
pub(crate) mod status;
pub(crate) mod week;

#[cfg(test)]
mod tests;

pub use protocol::{Effect, Input, Msg, Payload, Request, RequestId};

use crate::api::ApiError;
use crate::config::Theme;
use crate::domain::Language;
use crate::domain::format::RowFormat;
use crate::domain::sanitize::sanitize_line;
use crate::domain::timetable::WorkingHours;
use crate::domain::zone::{Zone, ZoneSource};
use crate::model::{GroupsPage, GroupsQuery};
use branch_picker::{BranchPicker, Branches};
use chrono::{DateTime, TimeDelta, Utc};
use crossterm::event::{KeyEvent, KeyEventKind, MouseButton, MouseEvent, MouseEventKind};
use group_rows::CachedPage;
use groups::GroupsTab;
use keymap::{Action, Context};
use line_input::Edit;
use list_cursor::Movement;
use plugins::PluginsTab;
use requests::{Purpose, Requests};
use status::StatusLine;
use std::path::PathBuf;
use std::time::Duration;
use week::WeekTab;

/// What the app needs to know from the config and the session.
#[derive(Debug, Clone)]
pub struct AppSettings {
    pub profile: Option<String>,
    /// The API host shown in the top line.
    pub host: String,
    /// The zone times are shown in, and where it came from; an answer of
    /// the API naming the centre's zone replaces one not from the config.
    pub timezone: Zone,
    pub timezone_source: ZoneSource,
    /// This machine's zone (`Zone::Local`): the top line says which zone
    /// times are in when it reads another clock.
    pub machine_zone: Zone,
    pub language: Language,
    pub read_only: bool,
    pub per_page: u32,
    pub branch_id: Option<i64>,
    pub auto_refresh: Option<Duration>,
    pub theme: Theme,
    pub mouse: bool,
    pub token_expires_at: Option<DateTime<Utc>>,
    pub log_path: PathBuf,
    pub working_hours: WorkingHours,
    /// The config's warnings, shown on the status line at start.
    pub warnings: Vec<String>,
}

/// The tabs of the top line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tab {
    Plugins,
    Groups,
    Week,
}

impl Tab {
    /// The tab after this one in the top line (`forward`), or before it.
    fn beside(self, forward: bool) -> Self {
        let order = [Self::Plugins, Self::Groups, Self::Week];
        let index = order.iter().position(|tab| *tab == self).unwrap_or(0);
        let step = if forward { 1 } else { order.len() - 1 };
        order[(index + step) % order.len()]
    }
}

/// What sits above the tabs and takes the keys.
#[derive(Debug, Clone)]
pub(crate) enum Overlay {
    /// The keys of `under`, the context help was opened in.
    Help {
        under: Context,
        scroll: usize,
    },
    /// "Install this plugin?"
    Confirm {
        plugin_id: i64,
    },
    BranchPicker(BranchPicker),
}

/// How often the spinner turns while something loads.
const SPINNER_TICK: Duration = Duration::from_millis(100);
/// How often the token warning is brought up to date.
const TOKEN_WARNING_TICK: Duration = Duration::from_secs(30);
/// The token warning shows from this long before expiry.
pub const TOKEN_WARNING_BEFORE: TimeDelta = TimeDelta::hours(1);
/// Rows the mouse wheel moves.
const WHEEL_ROWS: isize = 3;

/// The whole state of the terminal UI.
pub struct App {
    pub settings: AppSettings,
    /// The terminal's size (columns, rows).
    pub size: (u16, u16),
    /// The clock as of the last update (spinner frame, token warning).
    pub(crate) now: DateTime<Utc>,
    pub(crate) tab: Tab,
    pub(crate) overlay: Option<Overlay>,
    pub(crate) groups: GroupsTab,
    pub(crate) plugins: PluginsTab,
    pub(crate) week: WeekTab,
    pub(crate) branches: Branches,
    pub(crate) requests: Requests,
    pub(crate) status: StatusLine,
    pub(crate) next_auto_refresh: Option<DateTime<Utc>>,
}

impl App {
    /// The app and the effects to start with: page 1 of the groups, the
    /// branches and the plugins.
    pub fn new(settings: AppSettings, size: (u16, u16)) -> (Self, Vec<Effect>) {
        let mut requests = Requests::default();
        let groups = GroupsTab::new(settings.branch_id, settings.per_page);
        let plugins = PluginsTab::default();
        let week = WeekTab::new(settings.working_hours);
        let mut status = StatusLine::default();
        if !settings.warnings.is_empty() {
            status.warning(settings.warnings.join("; "), DateTime::UNIX_EPOCH);
        }
        let mut effects = vec![groups.first_fetch(&mut requests)];
        effects.push(requests.start(Purpose::Branches, Request::Branches));
        effects.extend(plugins.fetch(&mut requests));
        if settings.timezone_source != ZoneSource::Config {
            effects.push(requests.start(Purpose::Me, Request::Me));
        }
        let app = Self {
            settings,
            size,
            now: DateTime::UNIX_EPOCH,
            tab: Tab::Groups,
            overlay: None,
            groups,
            plugins,
            week,
            branches: Branches::default(),
            requests,
            status,
            next_auto_refresh: None,
        };
        (app, effects)
    }

    /// The one way state changes. No I/O: `now` is the wall clock as data.
    pub fn update(&mut self, input: Input, now: DateTime<Utc>) -> Vec<Effect> {
        self.now = now;
        let effects = match input {
            Input::Key(key) => self.on_key(&key),
            Input::Mouse(mouse) => self.on_mouse(&mouse),
            Input::Resize(width, height) => {
                self.size = (width, height);
                self.fit_to_screen();
                Vec::new()
            }
            Input::Tick => self.on_tick(),
            Input::Msg(msg) => self.on_msg(msg),
        };
        self.status.expire(now);
        if self.next_auto_refresh.is_none() {
            self.schedule_auto_refresh();
        }
        effects
    }

    /// How soon the next [`Input::Tick`] is wanted; None when idle.
    pub fn needs_tick(&self) -> Option<Duration> {
        let wanted = self.groups.wanted;
        // Prefetches load silently: no spinner for them.
        let spinning = self
            .requests
            .any(|p| !matches!(p, Purpose::GroupsPage(k) if *k != wanted));
        let until = |at: DateTime<Utc>| (at - self.now).to_std().unwrap_or(Duration::ZERO);
        let token = self.settings.token_expires_at.map(|expiry| {
            let warning_from = expiry - TOKEN_WARNING_BEFORE;
            if self.now >= warning_from {
                TOKEN_WARNING_TICK
            } else {
                until(warning_from)
            }
        });
        [
            spinning.then_some(SPINNER_TICK),
            self.status.until_fade(self.now),
            self.next_auto_refresh.map(until),
            token,
        ]
        .into_iter()
        .flatten()
        .min()
    }

    /// Where key presses land now.
    pub fn context(&self) -> Context {
        match &self.overlay {
            Some(Overlay::Help { .. }) => Context::Help,
            Some(Overlay::Confirm { .. }) => Context::Confirm,
            Some(Overlay::BranchPicker(_)) => Context::BranchPicker,
            None => match self.tab {
                Tab::Groups if self.groups.filtering => Context::FilterInput,
                Tab::Groups if self.groups.detail_focused && self.groups.selected().is_some() => {
                    Context::GroupDetail
                }
                Tab::Groups => Context::GroupsList,
                Tab::Plugins if self.plugins.filtering => Context::FilterInput,
                Tab::Plugins
                    if self.plugins.detail_focused && self.plugins.selected().is_some() =>
                {
                    Context::PluginDetail
                }
                Tab::Plugins => Context::PluginsList,
                Tab::Week if self.week.detail_open && self.week.selected_group().is_some() => {
                    Context::WeekDetail
                }
                Tab::Week => Context::Week,
            },
        }
    }

    /// False for a key whose action would only explain why it does nothing
    /// (no token to show or copy, nothing to install, read-only): its hint
    /// is left out of the footer. The key itself still answers.
    pub fn offers(&self, action: Action) -> bool {
        let plugin = match self.tab {
            Tab::Plugins => self.plugins.selected(),
            Tab::Groups | Tab::Week => None,
        };
        match action {
            Action::RevealToken | Action::CopyToken => self.plugins.selected_token().is_some(),
            Action::Install => {
                !self.settings.read_only && plugin.is_some_and(|plugin| !plugin.is_installed())
            }
            _ => true,
        }
    }

    /// How group fields are shown.
    pub(crate) fn row_format(&self) -> RowFormat {
        RowFormat {
            language: self.settings.language,
            zone: self.settings.timezone,
        }
    }

    fn on_key(&mut self, key: &KeyEvent) -> Vec<Effect> {
        if key.kind == KeyEventKind::Release {
            return Vec::new();
        }
        let context = self.context();
        match keymap::action_for(context, key) {
            Some(action) => self.perform(action, context),
            None if context.takes_text() => {
                self.type_text(context, key);
                Vec::new()
            }
            None => Vec::new(),
        }
    }

    fn perform(&mut self, action: Action, context: Context) -> Vec<Effect> {
        match action {
            Action::Quit => vec![Effect::Quit],
            Action::Suspend => vec![Effect::Suspend],
            Action::ShowPlugins => self.switch_tab(Tab::Plugins),
            Action::ShowGroups => self.switch_tab(Tab::Groups),
            Action::ShowWeek => self.switch_tab(Tab::Week),
            Action::NextTab => self.switch_tab(self.tab.beside(true)),
            Action::PreviousTab => self.switch_tab(self.tab.beside(false)),
            Action::Help => {
                self.overlay = Some(Overlay::Help {
                    under: context,
                    scroll: 0,
                });
                Vec::new()
            }
            Action::Refresh => self.refresh(),
            Action::ReloadToken => {
                self.status.info("reloading the token…", self.now);
                vec![Effect::ReloadToken]
            }
            _ => {
                if let Some(movement) = Movement::of(action) {
                    self.move_in(context, movement);
                    return Vec::new();
                }
                match context {
                    Context::Help => self.in_help(action),
                    Context::Confirm => self.in_confirm(action),
                    Context::BranchPicker => self.in_branch_picker(action),
                    Context::FilterInput => self.in_filter(action),
                    Context::GroupsList => self.in_groups_list(action),
                    Context::GroupDetail => self.in_group_detail(action),
                    Context::PluginsList => self.in_plugins_list(action),
                    Context::PluginDetail => self.in_plugin_detail(action),
                    Context::Week => self.in_week(action),
                    Context::WeekDetail => self.in_week_detail(action),
                    Context::Global => Vec::new(),
                }
            }
        }
    }

    fn switch_tab(&mut self, tab: Tab) -> Vec<Effect> {
        self.tab = tab;
        self.overlay = None;
        let branch_id = self.groups.wanted.branch_id;
        let current =
            self.week.branch_id == branch_id && (self.week.loaded || self.week.is_loading());
        if tab == Tab::Week && !current {
            return self.open_week();
        }
        Vec::new()
    }

    /// Walks every page of the branch selected on the Groups tab.
    fn open_week(&mut self) -> Vec<Effect> {
        self.tab = Tab::Week;
        self.week
            .open(self.groups.wanted.branch_id, &mut self.requests)
    }

    /// Refetches what the active tab shows (r, and auto refresh).
    fn refresh(&mut self) -> Vec<Effect> {
        self.schedule_auto_refresh();
        match self.tab {
            Tab::Groups => {
                let mut effects = self.groups.refresh(&mut self.requests);
                if self.branches.failed() && !self.requests.is_awaiting(Purpose::Branches) {
                    effects.push(self.requests.start(Purpose::Branches, Request::Branches));
                }
                effects
            }
            Tab::Plugins => self.plugins.fetch(&mut self.requests),
            Tab::Week => self.open_week(),
        }
    }

    fn schedule_auto_refresh(&mut self) {
        self.next_auto_refresh = self
            .settings
            .auto_refresh
            .and_then(|every| TimeDelta::from_std(every).ok())
            .map(|every| self.now + every);
    }

    fn on_tick(&mut self) -> Vec<Effect> {
        match self.next_auto_refresh {
            Some(at) if self.now >= at => self.refresh(),
            _ => Vec::new(),
        }
    }

    fn in_help(&mut self, action: Action) -> Vec<Effect> {
        if action == Action::Back {
            self.overlay = None;
        }
        Vec::new()
    }

    /// Moves the selection or the scroll position of whatever has the focus
    /// (keys and the mouse wheel).
    fn move_in(&mut self, context: Context, movement: Movement) {
        let size = self.size;
        match (context, &mut self.overlay) {
            (Context::Help, Some(Overlay::Help { under, scroll })) => {
                *scroll = help::scrolled(*scroll, movement, *under, &self.settings.log_path, size);
            }
            (Context::BranchPicker, Some(Overlay::BranchPicker(picker))) => {
                picker.move_cursor(movement);
            }
            (Context::GroupDetail, _) => {
                let format = self.row_format();
                self.groups
                    .scroll_detail(movement, format, &self.branches.names, size);
            }
            (Context::PluginDetail, _) => {
                let zone = self.settings.timezone;
                self.plugins
                    .scroll_detail(movement, &self.requests, &zone, size);
            }
            (Context::GroupsList | Context::FilterInput, _) if self.tab == Tab::Groups => {
                self.groups.move_cursor(movement, size);
            }
            (Context::Week, _) => self.week.move_selection(movement, size),
            (Context::WeekDetail, _) => {
                let format = self.row_format();
                self.week
                    .scroll_detail(movement, format, &self.branches.names, size);
            }
            (Context::PluginsList | Context::FilterInput, _) => {
                self.plugins.move_cursor(movement, size);
            }
            _ => {}
        }
    }

    fn in_confirm(&mut self, action: Action) -> Vec<Effect> {
        let Some(Overlay::Confirm { plugin_id }) = self.overlay else {
            return Vec::new();
        };
        match action {
            Action::Accept => {
                self.overlay = None;
                // Asked again: what held when the question opened may not
                // hold now.
                let refused = self.plugins.install_refused(
                    plugin_id,
                    self.settings.read_only,
                    &self.requests,
                );
                if let Some(reason) = refused {
                    self.status.info(reason, self.now);
                    return Vec::new();
                }
                if let Some(plugin) = self.plugins.plugin(plugin_id) {
                    let name = sanitize_line(&plugin.name).into_owned();
                    self.status.info(format!("installing {name}…"), self.now);
                }
                self.plugins.install(plugin_id, &mut self.requests)
            }
            Action::Back => {
                self.overlay = None;
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    fn in_branch_picker(&mut self, action: Action) -> Vec<Effect> {
        let Some(Overlay::BranchPicker(picker)) = &mut self.overlay else {
            return Vec::new();
        };
        match action {
            Action::Back => {
                self.overlay = None;
                Vec::new()
            }
            Action::Accept => match picker.choose() {
                Some(branch_id) => {
                    self.overlay = None;
                    self.with_groups(|groups, env| groups.pick_branch(branch_id, env))
                }
                None => Vec::new(),
            },
            _ => Vec::new(),
        }
    }

    fn in_filter(&mut self, action: Action) -> Vec<Effect> {
        let size = self.size;
        let clear = action == Action::Back;
        match self.tab {
            Tab::Groups => {
                self.groups.filtering = false;
                if clear {
                    self.groups.filter.clear();
                    self.groups.refilter(&self.branches.names, size);
                }
            }
            Tab::Plugins => {
                self.plugins.filtering = false;
                if clear {
                    self.plugins.filter.clear();
                    self.plugins.refilter(size);
                }
            }
            // The week has no filter input.
            Tab::Week => {}
        }
        Vec::new()
    }

    /// A key that is text in an input (the filter or the branch picker).
    fn type_text(&mut self, context: Context, key: &KeyEvent) {
        let size = self.size;
        let edit = match (context, &mut self.overlay, self.tab) {
            (Context::BranchPicker, Some(Overlay::BranchPicker(picker)), _) => {
                picker.input.handle(key)
            }
            (Context::FilterInput, _, Tab::Groups) => self.groups.filter.handle(key),
            (Context::FilterInput, _, Tab::Plugins) => self.plugins.filter.handle(key),
            _ => Edit::Ignored,
        };
        if edit != Edit::Changed {
            return;
        }
        match (&mut self.overlay, self.tab) {
            (Some(Overlay::BranchPicker(picker)), _) => picker.refilter(&self.branches),
            (_, Tab::Groups) => self.groups.refilter(&self.branches.names, size),
            (_, Tab::Plugins) => self.plugins.refilter(size),
            (_, Tab::Week) => {}
        }
    }

    fn in_groups_list(&mut self, action: Action) -> Vec<Effect> {
        let size = self.size;
        // A change of which rows show, or in what order.
        let change_rows = |app: &mut Self, change: fn(&mut GroupsTab)| {
            change(&mut app.groups);
            app.groups.refilter(&app.branches.names, size);
        };
        match action {
            Action::NextPage => return self.with_groups(|g, env| g.step_page(true, env)),
            Action::PreviousPage => return self.with_groups(|g, env| g.step_page(false, env)),
            Action::MorePerPage => return self.with_groups(|g, env| g.change_per_page(true, env)),
            Action::FewerPerPage => {
                return self.with_groups(|g, env| g.change_per_page(false, env));
            }
            Action::OpenWeek => return self.open_week(),
            Action::PickBranch => {
                let picker = BranchPicker::open(&self.branches, self.groups.wanted.branch_id);
                self.overlay = Some(Overlay::BranchPicker(picker));
            }
            Action::Filter => self.groups.filtering = true,
            Action::CycleSort => change_rows(self, GroupsTab::cycle_sort),
            Action::ReverseSort => change_rows(self, |g| g.descending = !g.descending),
            Action::ToggleArchived => change_rows(self, |g| g.hide_archived = !g.hide_archived),
            Action::Open if self.groups.selected().is_some() => {
                self.groups.detail_focused = true;
                self.groups.detail_scroll = 0;
            }
            Action::Back if !self.groups.filter.is_empty() => {
                change_rows(self, |g| g.filter.clear());
            }
            Action::Back => {
                self.status.dismiss();
            }
            _ => {}
        }
        Vec::new()
    }

    fn in_group_detail(&mut self, action: Action) -> Vec<Effect> {
        if action == Action::Back {
            self.groups.detail_focused = false;
        }
        Vec::new()
    }

    fn in_week(&mut self, action: Action) -> Vec<Effect> {
        let size = self.size;
        match action {
            Action::PreviousDay => self.week.step_day(false, size),
            Action::NextDay => self.week.step_day(true, size),
            Action::Open if self.week.selected_group().is_some() => {
                self.week.detail_open = true;
                self.week.detail_scroll = 0;
            }
            Action::ToggleArchived => {
                let zone = self.settings.timezone;
                self.week.toggle_archived(&zone);
                self.week.keep_selection_visible(size);
            }
            Action::Back if self.week.is_loading() => {
                self.status.info("loading the week cancelled", self.now);
                return self.week.cancel(&mut self.requests);
            }
            Action::Back => {
                self.status.dismiss();
            }
            _ => {}
        }
        Vec::new()
    }

    fn in_week_detail(&mut self, action: Action) -> Vec<Effect> {
        if action == Action::Back {
            self.week.detail_open = false;
        }
        Vec::new()
    }

    fn in_plugins_list(&mut self, action: Action) -> Vec<Effect> {
        match action {
            Action::Open if self.plugins.selected().is_some_and(|p| p.is_installed()) => {
                self.plugins.open_detail();
            }
            Action::Open | Action::Install => self.ask_install(),
            Action::ShowDetails => self.plugins.open_detail(),
            Action::Filter => self.plugins.filtering = true,
            Action::CycleType => {
                self.plugins.type_filter = self.plugins.type_filter.next();
                self.plugins.refilter(self.size);
            }
            Action::Back if !self.plugins.filter.is_empty() => {
                self.plugins.filter.clear();
                self.plugins.refilter(self.size);
            }
            Action::Back => {
                self.status.dismiss();
            }
            _ => {}
        }
        Vec::new()
    }

    fn in_plugin_detail(&mut self, action: Action) -> Vec<Effect> {
        match action {
            Action::Back => self.plugins.close_detail(),
            Action::Install => self.ask_install(),
            Action::RevealToken | Action::CopyToken => match self.plugins.selected_token() {
                Some(token) if action == Action::CopyToken => {
                    return vec![Effect::Copy(token.to_string())];
                }
                Some(_) => self.plugins.token_revealed = !self.plugins.token_revealed,
                None => self
                    .status
                    .info("no token: the plugin is not installed", self.now),
            },
            _ => {}
        }
        Vec::new()
    }

    /// Opens the install confirmation, or says why not.
    fn ask_install(&mut self) {
        match self
            .plugins
            .install_target(self.settings.read_only, &self.requests)
        {
            Ok(plugin_id) => self.overlay = Some(Overlay::Confirm { plugin_id }),
            Err(reason) => self.status.info(reason, self.now),
        }
    }

    fn on_mouse(&mut self, mouse: &MouseEvent) -> Vec<Effect> {
        if !self.settings.mouse {
            return Vec::new();
        }
        let movement = match mouse.kind {
            MouseEventKind::ScrollDown => Movement::By(WHEEL_ROWS),
            MouseEventKind::ScrollUp => Movement::By(-WHEEL_ROWS),
            MouseEventKind::Down(MouseButton::Left) => {
                self.click(mouse.column, mouse.row);
                return Vec::new();
            }
            _ => return Vec::new(),
        };
        let context = self.context();
        self.move_in(context, movement);
        Vec::new()
    }

    /// A left click: a tab in the top line, or a row of the list.
    fn click(&mut self, column: u16, row: u16) {
        if self.overlay.is_some() {
            return;
        }
        if row == 0 {
            if let Some(tab) = layout::tab_at(column) {
                self.switch_tab(tab);
            }
            return;
        }
        let filter_line = match self.tab {
            Tab::Groups => self.groups.filter_line_shown(),
            Tab::Plugins => self.plugins.filter_line_shown(),
            // The week has no rows to click.
            Tab::Week => return,
        };
        let rows = layout::list_screen(self.size, filter_line).rows;
        let detail_full_screen = !layout::is_wide(self.size)
            && matches!(self.context(), Context::GroupDetail | Context::PluginDetail);
        let inside =
            (rows.x..rows.right()).contains(&column) && (rows.y..rows.bottom()).contains(&row);
        if detail_full_screen || !inside {
            return;
        }
        let line = usize::from(row - rows.y);
        match self.tab {
            Tab::Groups => self.groups.click_row(line, self.size),
            Tab::Plugins => self.plugins.click_row(line, self.size),
            Tab::Week => {}
        }
    }

    fn on_msg(&mut self, msg: Msg) -> Vec<Effect> {
        match msg {
            Msg::Response { id, result } => match self.requests.finish(id) {
                Some(purpose) => self.on_response(purpose, result),
                // Cancelled or superseded: the latest request wins.
                None => Vec::new(),
            },
            Msg::TokenReloaded(Ok(expires_at)) => {
                self.settings.token_expires_at = expires_at;
                let expiry = expires_at
                    .map(|at| format!(" ({})", crate::model::describe_expiry(at, self.now)))
                    .unwrap_or_default();
                self.status
                    .info(format!("token reloaded{expiry}"), self.now);
                self.refresh()
            }
            Msg::TokenReloaded(Err(error)) => {
                self.status
                    .error(format!("cannot reload the token: {error}"), self.now);
                Vec::new()
            }
            Msg::Copied(Ok(())) => {
                self.status.info("token copied to the clipboard", self.now);
                Vec::new()
            }
            Msg::Copied(Err(error)) => {
                self.status.error(format!("cannot copy: {error}"), self.now);
                Vec::new()
            }
            Msg::Resumed => Vec::new(),
        }
    }

    fn on_response(&mut self, purpose: Purpose, result: Result<Payload, ApiError>) -> Vec<Effect> {
        match purpose {
            Purpose::GroupsPage(asked) => {
                let page = expect(result, |payload| match payload {
                    Payload::Groups(page) => Some(page),
                    _ => None,
                });
                self.with_groups(|groups, env| groups.on_page(asked, page, env))
            }
            Purpose::WeekPage(asked) => {
                let page = expect(result, |payload| match payload {
                    Payload::Groups(page) => Some(page),
                    _ => None,
                });
                if let Ok(page) = &page {
                    self.cache_walked_page(asked, page.clone());
                }
                let zone = self.settings.timezone;
                let outcome = self.week.on_page(asked, page, &mut self.requests, &zone);
                self.week.keep_selection_visible(self.size);
                if let Some(problem) = outcome.problem {
                    self.status.error(problem, self.now);
                }
                outcome.effects
            }
            Purpose::Plugins => {
                let list = expect(result, |payload| match payload {
                    Payload::Plugins(list) => Some(list),
                    _ => None,
                });
                self.with_plugins(|plugins, env| {
                    plugins.on_list(list, env);
                    Vec::new()
                })
            }
            Purpose::Branches => {
                let list = expect(result, |payload| match payload {
                    Payload::Branches(list) => Some(list),
                    _ => None,
                });
                self.branches.on_answer(list);
                if let Some(Overlay::BranchPicker(picker)) = &mut self.overlay {
                    picker.on_branches(&self.branches);
                }
                // Names arrived: a sort by branch may change.
                self.groups.refilter(&self.branches.names, self.size);
                Vec::new()
            }
            Purpose::Me => {
                // Outside the published spec: a failure or an answer that
                // names no zone leaves the default, without a word.
                let zone = expect(result, |payload| match payload {
                    Payload::Me(me) => Some(me),
                    _ => None,
                })
                .ok()
                .and_then(|me| me.time_zone())
                .map(Zone::Named);
                if let Some(zone) = zone {
                    self.use_zone(zone);
                }
                Vec::new()
            }
            Purpose::Install { plugin_id } => {
                let installed = expect(result, |payload| match payload {
                    Payload::Installed(installation) => Some(installation),
                    _ => None,
                });
                self.with_plugins(|plugins, env| plugins.on_installed(plugin_id, installed, env))
            }
        }
    }

    /// Shows times in `zone`, the centre's as the API names it: the rows
    /// already formatted and the week are laid out again.
    fn use_zone(&mut self, zone: Zone) {
        self.settings.timezone_source = ZoneSource::Api;
        if zone == self.settings.timezone {
            return;
        }
        self.settings.timezone = zone;
        let format = self.row_format();
        for page in self.groups.cache.values_mut() {
            page.reformat(format);
        }
        self.groups.refilter(&self.branches.names, self.size);
        if self.week.loaded {
            self.week.rebuild(&zone);
            self.week.keep_selection_visible(self.size);
        }
    }

    /// A page the week walked goes to the Groups tab's cache too, under
    /// the key the server answered for.
    fn cache_walked_page(&mut self, asked: GroupsQuery, page: GroupsPage) {
        let key = GroupsQuery {
            branch_id: asked.branch_id,
            page: page.page(),
            per_page: page.per_page(),
        };
        let cached = CachedPage::new(page, self.row_format(), self.now);
        self.groups.store(key, cached);
        if self.groups.shown == Some(key) {
            self.groups.refilter(&self.branches.names, self.size);
        }
    }

    fn with_groups<R>(
        &mut self,
        change: impl FnOnce(&mut GroupsTab, &mut groups::Surroundings<'_>) -> R,
    ) -> R {
        let format = self.row_format();
        let mut env = groups::Surroundings {
            requests: &mut self.requests,
            status: &mut self.status,
            branch_names: &self.branches.names,
            format,
            size: self.size,
            now: self.now,
        };
        change(&mut self.groups, &mut env)
    }

    fn with_plugins<R>(
        &mut self,
        change: impl FnOnce(&mut PluginsTab, &mut plugins::Surroundings<'_>) -> R,
    ) -> R {
        let mut env = plugins::Surroundings {
            requests: &mut self.requests,
            status: &mut self.status,
            size: self.size,
            now: self.now,
        };
        change(&mut self.plugins, &mut env)
    }

    /// After a resize: selections back on screen, scroll positions within
    /// their content.
    fn fit_to_screen(&mut self) {
        let size = self.size;
        let groups_height = self.groups.list_height(size);
        self.groups
            .cursor
            .scroll_into_view(self.groups.visible.len(), groups_height);
        let plugins_height = self.plugins.list_height(size);
        self.plugins
            .cursor
            .scroll_into_view(self.plugins.visible.len(), plugins_height);
        let still = Movement::By(0);
        let format = self.row_format();
        self.groups
            .scroll_detail(still, format, &self.branches.names, size);
        let zone = self.settings.timezone;
        self.plugins
            .scroll_detail(still, &self.requests, &zone, size);
        self.week.keep_selection_visible(size);
        self.week
            .scroll_detail(still, format, &self.branches.names, size);
        if let Some(Overlay::Help { under, scroll }) = &mut self.overlay {
            *scroll = help::scrolled(*scroll, still, *under, &self.settings.log_path, size);
        }
    }
}

/// The payload a request expects; another kind is a runtime mix-up,
/// reported like an unexpected answer.
fn expect<T>(
    result: Result<Payload, ApiError>,
    extract: impl FnOnce(Payload) -> Option<T>,
) -> Result<T, ApiError> {
    extract(result?).ok_or_else(|| ApiError::Decode {
        status: 200,
        detail: "the answer belongs to another kind of request".to_string(),
        snippet: String::new(),
    })
}

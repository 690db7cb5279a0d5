//! The Plugins tab: the catalogue, its filter and type filter, the plugin
//! detail with the token, and the install flow (at most one request per
//! plugin in flight).

use super::ask::{Ask, Confirmation, Tell};
use super::document::DocLine;
use super::keymap::{Action, Context};
use super::layout::Layout;
use super::list_cursor::Movement;
use super::list_pane::{Focus, ListPane};
use super::plugin_detail::{InstallView, plugin_document};
use super::protocol::{Effect, Owner, PluginsAnswer, Request};
use super::requests::Requests;
use super::screen::{Listing, Screen, TabScreen};
use super::shared::{AppSettings, Shared, World};
use super::status::Topic;
use crate::api::ApiError;
use crate::i18n::{Language, Phrase, fill};
use crate::model::{Installation, Plugin, PluginType};
use crate::present::api_words;
use crate::present::columns::plugins::{COLUMNS, PluginFormat};
use crate::present::columns::table::Table;
use crate::present::columns::{BranchNames, ScreenTable, SortColumn};
use crate::present::format::{RowFormat, abilities_inline, plugin_type_word};
use crate::sanitize::sanitize_line;
use crate::store::Snapshot;
use chrono::{DateTime, Utc};
use crossterm::event::KeyEvent;
use std::collections::BTreeMap;

/// Which plugin types the list shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TypeFilter {
    #[default]
    All,
    Free,
    Premium,
}

impl TypeFilter {
    /// Free, then Premium, then all again.
    pub fn next(self) -> Self {
        match self {
            Self::All => Self::Free,
            Self::Free => Self::Premium,
            Self::Premium => Self::All,
        }
    }

    /// The filter's name in the summary line, in `language`.
    pub fn name(self, language: Language) -> &'static str {
        match self {
            Self::All => Phrase::PluginTypesAll,
            Self::Free => Phrase::PluginTypesFree,
            Self::Premium => Phrase::PluginTypesPremium,
        }
        .get(language)
    }

    fn admits(self, plugin_type: &PluginType) -> bool {
        match self {
            Self::All => true,
            Self::Free => *plugin_type == PluginType::Free,
            Self::Premium => *plugin_type == PluginType::Premium,
        }
    }
}

/// The state of the Plugins tab. The catalogue itself is the store's
/// (`Shared::plugins`): the tab holds how it shows it.
#[derive(Debug, Default)]
pub struct PluginsTab {
    /// The store's plugins as the list shows them (see [`COLUMNS`]), in
    /// the same order.
    pub table: ScreenTable,
    /// The id of each row's plugin: the selection stays on its plugin when
    /// the store's list is replaced.
    row_ids: Vec<i64>,
    /// The list arrived at least once.
    pub loaded: bool,
    /// Why the list could not be loaded, while none is shown.
    pub load_error: Option<String>,
    /// The plugins that pass the filters (indices into the store's), the
    /// selection, the name filter and the detail.
    pub list: ListPane,
    pub type_filter: TypeFilter,
    pub token_revealed: bool,
    /// When the snapshot whose list is shown was taken, while no list was
    /// fetched in this run: nothing is installed from it.
    pub from_snapshot: Option<DateTime<Utc>>,
    /// Installs whose outcome is unknown (see [`ApiError::outcome_unknown`]),
    /// by plugin id, with the error line about each: none of them is sent
    /// again until a plugin list asked for since says it is not installed.
    pub unsettled: BTreeMap<i64, String>,
}

impl PluginsTab {
    /// The selected plugin of `plugins` (the store's).
    pub fn selected<'p>(&self, plugins: &'p [Plugin]) -> Option<&'p Plugin> {
        plugins.get(self.list.selected()?)
    }

    /// The answer to a request it sent (the list is in the store already).
    pub fn on_answer(&mut self, answer: PluginsAnswer, shared: &mut Shared) -> Vec<Effect> {
        match answer {
            PluginsAnswer::Plugins(list) => {
                self.on_list(list, shared);
                Vec::new()
            }
            PluginsAnswer::Install(plugin_id, result) => {
                self.on_installed(plugin_id, result, shared)
            }
        }
    }

    /// True while the list is on its way.
    pub fn is_loading(&self, requests: &Requests) -> bool {
        requests.is_awaiting(&Request::Plugins)
    }

    /// Asks for the list; a request already on its way is abandoned (its
    /// answer may predate a change, e.g. an install).
    fn fetch(&self, shared: &mut Shared) -> Vec<Effect> {
        shared.resend(Request::Plugins)
    }

    /// The list arrived (or failed): on failure the list shown stays. A
    /// list settles the installs whose outcome was unknown: it was asked
    /// for after they failed (asking again abandons an older request).
    /// The store holds it already; the rows are of the list shown before.
    fn on_list(&mut self, result: Result<Vec<Plugin>, ApiError>, shared: &mut Shared) {
        match result {
            Ok(_) => {
                let kept = self
                    .list
                    .selected()
                    .and_then(|row| self.row_ids.get(row).copied());
                self.measure(shared.plugins());
                self.loaded = true;
                self.from_snapshot = None;
                self.load_error = None;
                shared.resolved(Topic::Plugins);
                self.settle(shared);
                self.refilter_keeping(kept, shared.plugins(), &shared.layout);
            }
            Err(error) => {
                let said = api_words::in_language(&error.to_string(), shared.settings.language)
                    .into_owned();
                let why = fill::app_plugins_failed(shared.settings.language, &said);
                shared.load_error(Topic::Plugins, why);
                if !self.loaded {
                    self.load_error = Some(said);
                }
            }
        }
    }

    /// Formats and measures the list's cells again, after the store's
    /// `plugins` changed.
    fn measure(&mut self, plugins: &[Plugin]) {
        self.table = ScreenTable::new(COLUMNS, plugins, &PluginFormat::default());
        self.row_ids = plugins.iter().map(|plugin| plugin.id).collect();
    }

    /// Forgets the installs whose outcome was unknown, now that a fresh
    /// list tells it; the error line about one, if still shown, says what
    /// the list shows.
    fn settle(&mut self, shared: &mut Shared) {
        for (plugin_id, said) in std::mem::take(&mut self.unsettled) {
            let still_shown = shared
                .status
                .current()
                .is_some_and(|message| message.text == checking(&said, shared.settings.language));
            if !still_shown {
                continue;
            }
            let outcome = match find(shared.plugins(), plugin_id) {
                Some(plugin) if plugin.is_installed() => Phrase::InstallListShowsInstalled,
                Some(_) => Phrase::InstallListShowsNotInstalled,
                None => Phrase::InstallNoLongerListed,
            }
            .get(shared.settings.language);
            shared.error(format!("{said}; {outcome}"));
        }
    }

    /// Recomputes the visible plugins, keeping the selected one if it stays.
    pub fn refilter(&mut self, shared: &World) {
        let plugins = shared.plugins();
        let kept = self.selected(plugins).map(|p| p.id);
        self.refilter_keeping(kept, plugins, &shared.layout);
    }

    fn refilter_keeping(&mut self, kept: Option<i64>, plugins: &[Plugin], layout: &Layout) {
        let type_filter = self.type_filter;
        let admits = |i: usize| type_filter.admits(&plugins[i].plugin_type);
        let is_kept = |i: usize| Some(plugins[i].id) == kept;
        // No column of a plugin names a branch.
        let no_branches = BranchNames::new();
        if !self
            .list
            .show_rows(&self.table, admits, &no_branches, is_kept, layout)
        {
            self.token_revealed = false;
        }
    }

    /// Leaves the detail; the token is hidden again.
    pub fn close_detail(&mut self) {
        self.list.detail_focused = false;
        self.token_revealed = false;
    }

    /// Selects the plugin `plugin_id` and opens its detail, its token
    /// masked (what `:install N` asks about is what is shown); filters that
    /// hide it are cleared.
    fn show_plugin(&mut self, plugin_id: i64, shared: &World) {
        let plugins = shared.plugins();
        let Some(index) = plugins.iter().position(|p| p.id == plugin_id) else {
            return;
        };
        self.list.chosen = true;
        self.refilter_keeping(Some(plugin_id), plugins, &shared.layout);
        if self.list.selected() != Some(index) {
            self.list.clear_filter();
            self.type_filter = TypeFilter::All;
            self.refilter_keeping(Some(plugin_id), plugins, &shared.layout);
        }
        self.close_detail();
        self.list.open_detail();
    }

    /// The selected plugin's detail.
    pub fn detail(&self, shared: &World) -> Option<Vec<DocLine>> {
        let (requests, format) = (&shared.requests, shared.row_format());
        let plugin = self.selected(shared.plugins())?;
        Some(document(plugin, self.token_revealed, requests, format))
    }

    /// Why `plugin` (the selected one, or the one `:install` names) cannot
    /// be installed now, or the plugin.
    fn install_target<'p>(
        &self,
        plugin: Option<&'p Plugin>,
        settings: &AppSettings,
        requests: &Requests,
    ) -> Result<&'p Plugin, String> {
        let plugin = plugin.ok_or(Phrase::InstallNoSuchPlugin.get(settings.language))?;
        match self.install_refused(plugin, settings, requests) {
            Some(reason) => Err(reason),
            None => Ok(plugin),
        }
    }

    /// Why `plugin` cannot be installed now, if it cannot, in the
    /// settings' language.
    fn install_refused(
        &self,
        plugin: &Plugin,
        settings: &AppSettings,
        requests: &Requests,
    ) -> Option<String> {
        let (name, language) = (sanitize_line(&plugin.name), settings.language);
        if settings.read_only {
            Some(Phrase::StatusReadOnlyInstall.get(language).to_string())
        } else if self.from_snapshot.is_some() {
            // Installs act on what the server says now, never on a snapshot.
            Some(
                match self.is_loading(requests) {
                    true => Phrase::InstallSnapshotLoading,
                    false => Phrase::InstallSnapshotRetry,
                }
                .get(language)
                .to_string(),
            )
        } else if plugin.is_installed() {
            Some(fill::install_already(language, name))
        } else if is_installing(requests, plugin.id) {
            Some(fill::install_on_its_way(language, name))
        } else if !self.unsettled.contains_key(&plugin.id) {
            None
        } else if self.is_loading(requests) {
            Some(fill::install_checking(language, name))
        } else {
            Some(fill::install_unknown(language, name))
        }
    }

    /// Opens the install confirmation of the plugin `plugin_id` (None:
    /// the selected one), or says why not.
    fn ask_install(&self, plugin_id: Option<i64>, shared: &mut Shared) {
        let plugins = shared.plugins();
        let plugin = match plugin_id {
            Some(id) => find(plugins, id),
            None => self.selected(plugins),
        };
        if plugin.is_none() && !self.loaded && self.is_loading(&shared.requests) {
            // Said until the list arrives: then it no longer holds.
            let said = Phrase::InstallCatalogueLoading.get(shared.settings.language);
            shared.info_until(Topic::Plugins, said);
            return;
        }
        let target = self.install_target(plugin, &shared.settings, &shared.requests);
        match target.map(install_confirmation) {
            Ok(confirmation) => shared.ask(Ask::Confirm(confirmation)),
            Err(reason) => shared.info(reason),
        }
    }

    /// Sends the install of `plugin_id` (confirmed), unless it cannot be
    /// installed now: asked again, as what held when the question opened
    /// may not hold now.
    fn install(&self, plugin_id: i64, shared: &mut Shared) -> Vec<Effect> {
        let refused_or_name = find(shared.plugins(), plugin_id).map(|plugin| {
            match self.install_refused(plugin, &shared.settings, &shared.requests) {
                Some(reason) => Err(reason),
                None => Ok(sanitize_line(&plugin.name).into_owned()),
            }
        });
        match refused_or_name {
            Some(Err(reason)) => {
                shared.info(reason);
                return Vec::new();
            }
            Some(Ok(name)) => shared.info(fill::status_installing(shared.settings.language, name)),
            None => {}
        }
        shared
            .send_once(Request::Install(plugin_id))
            .into_iter()
            .collect()
    }

    /// The token in full or masked again (`v`), or copied (`c`).
    fn use_token(&mut self, action: Action, shared: &mut Shared) -> Vec<Effect> {
        match self.selected_token(shared.plugins()) {
            Some(token) if action == Action::CopyToken => vec![Effect::Copy(token.to_string())],
            Some(_) => {
                self.token_revealed = !self.token_revealed;
                Vec::new()
            }
            None => {
                let why = match self.selected(shared.plugins()) {
                    // Tokens are never kept on disk.
                    Some(plugin) if plugin.is_installed() && self.from_snapshot.is_some() => {
                        Phrase::TokenNotInSnapshot
                    }
                    _ => Phrase::TokenNotInstalled,
                }
                .get(shared.settings.language);
                shared.info(why);
                Vec::new()
            }
        }
    }

    /// The install answered: on success the plugin shows as installed and
    /// the list is refetched to reconcile; on failure nothing changes, and
    /// when the failure leaves the outcome unknown the list is refetched to
    /// learn what happened, and no install of the plugin is sent until it
    /// has (see [`Self::unsettled`]).
    fn on_installed(
        &mut self,
        plugin_id: i64,
        result: Result<Installation, ApiError>,
        shared: &mut Shared,
    ) -> Vec<Effect> {
        let name = find(shared.plugins(), plugin_id).map_or_else(
            || format!("plugin #{plugin_id}"),
            |p| sanitize_line(&p.name).into_owned(),
        );
        match result {
            Ok(installation) => {
                let plugins = shared.plugins_mut();
                if let Some(plugin) = plugins.iter_mut().find(|p| p.id == plugin_id) {
                    plugin.user = Some(installation);
                    self.measure(shared.plugins());
                }
                shared.info(fill::status_installed(shared.settings.language, &name));
                self.fetch(shared)
            }
            Err(error) if error.outcome_unknown() => {
                let said = fill::status_install_failed(shared.settings.language, &name, &error);
                shared.error(checking(&said, shared.settings.language));
                self.unsettled.insert(plugin_id, said);
                self.fetch(shared)
            }
            Err(error) => {
                shared.error(fill::status_install_failed(
                    shared.settings.language,
                    &name,
                    &error,
                ));
                Vec::new()
            }
        }
    }

    /// Esc while an install is on its way: says once that it cannot be
    /// called back (the server may be installing it); true when said. A
    /// second Esc dismisses that as any message.
    fn uncalled_install(&self, shared: &mut Shared) -> bool {
        let requests = &shared.requests;
        let Some(plugin) = (shared.plugins().iter()).find(|p| is_installing(requests, p.id)) else {
            return false;
        };
        let language = shared.settings.language;
        let said = fill::install_uncalled(language, sanitize_line(&plugin.name));
        if shared.status.current().is_some_and(|m| m.text == said) {
            return false;
        }
        shared.info(said);
        true
    }

    /// The token of the selected plugin, if it is installed with one.
    pub fn selected_token<'p>(&self, plugins: &'p [Plugin]) -> Option<&'p str> {
        self.selected(plugins)?.user.as_ref()?.token.as_deref()
    }
}

impl From<&AppSettings> for PluginsTab {
    fn from(_: &AppSettings) -> Self {
        Self::default()
    }
}

impl Screen for PluginsTab {
    fn context(&self) -> Context {
        match self.list.focus() {
            Focus::List => Context::PluginsList,
            Focus::Filter => Context::FilterInput,
            Focus::Detail => Context::PluginDetail,
        }
    }

    fn offers(&self, action: Action, shared: &World) -> bool {
        match action {
            Action::RevealToken | Action::CopyToken => {
                self.selected_token(shared.plugins()).is_some()
            }
            // The detail offers it for its plugin only; the list names it
            // while the catalogue has a plugin to install (issue 37: on an
            // installed row the footer lost it, and with it that `i`
            // installs); on that row `i` says it is installed already.
            Action::Install if shared.settings.read_only => false,
            Action::Install if self.list.focus() == Focus::Detail => {
                (self.selected(shared.plugins())).is_some_and(|p| !p.is_installed())
            }
            Action::Install => shared.plugins().iter().any(|p| !p.is_installed()),
            _ => true,
        }
    }

    fn perform(&mut self, action: Action, shared: &mut Shared) -> Vec<Effect> {
        let focus = self.list.focus();
        match action {
            Action::Install => self.ask_install(None, shared),
            Action::RevealToken | Action::CopyToken => return self.use_token(action, shared),
            Action::CycleType => {
                self.type_filter = self.type_filter.next();
                self.refilter(shared);
            }
            Action::Back if focus == Focus::Detail => self.close_detail(),
            Action::Back if focus == Focus::List && self.uncalled_install(shared) => {}
            _ => {
                if self.list.act(action, shared) {
                    self.refilter(shared);
                }
            }
        }
        Vec::new()
    }

    /// Moves the selection (a revealed token is hidden again), or scrolls
    /// the detail when it has the focus.
    fn move_by(&mut self, movement: Movement, shared: &mut Shared) {
        let revealed = self.token_revealed;
        let (requests, format) = (&shared.requests, shared.row_format());
        let document = |plugin: &Plugin| document(plugin, revealed, requests, format);
        if self
            .list
            .move_by(movement, shared.plugins(), document, &shared.layout)
        {
            self.token_revealed = false;
        }
    }

    fn type_text(&mut self, key: &KeyEvent, shared: &mut Shared) {
        if self.list.type_text(key) {
            self.refilter(shared);
        }
    }

    /// Selects the row clicked (a revealed token is hidden again).
    fn click(&mut self, column: u16, row: u16, shared: &mut Shared) {
        if self.list.click(column, row, &shared.layout) {
            self.token_revealed = false;
        }
    }

    fn fit(&mut self, shared: &mut Shared) {
        let revealed = self.token_revealed;
        let (requests, format) = (&shared.requests, shared.row_format());
        let document = |plugin: &Plugin| document(plugin, revealed, requests, format);
        self.list.fit(shared.plugins(), document, &shared.layout);
    }

    fn hear(&mut self, tell: &Tell, shared: &mut Shared) -> Vec<Effect> {
        match *tell {
            Tell::Install { plugin_id } => return self.install(plugin_id, shared),
            Tell::AskInstall { plugin_id } => {
                self.show_plugin(plugin_id, shared);
                self.ask_install(Some(plugin_id), shared);
            }
            Tell::AskInstallAcross(plugin_id) => {
                let plugins = shared.plugins();
                let plugin = match plugin_id {
                    Some(id) => find(plugins, id),
                    None => self.selected(plugins),
                };
                let name = plugin.map(|plugin| plugin.name.clone());
                match plugin_id.or(plugin.map(|plugin| plugin.id)) {
                    Some(plugin_id) => shared.ask(Ask::InstallAcross { plugin_id, name }),
                    None => shared.info(Phrase::AcrossSelect.get(shared.settings.language)),
                }
            }
            Tell::Filter(ref text) => {
                self.list.set_filter(text);
                self.refilter(shared);
            }
            Tell::Sort {
                ref column,
                descending,
            } => {
                if self.list.sort_by(COLUMNS, column, descending) {
                    self.refilter(shared);
                }
            }
            Tell::ShowBranch(_) | Tell::Changes(_) | Tell::OpenGroup { .. } | Tell::ShowDay(_) => {}
            // The catalogue hears no news: its answers are its own.
            Tell::Page { .. }
            | Tell::Branches
            | Tell::CentreZone
            | Tell::Language
            | Tell::Compared => {}
        }
        Vec::new()
    }
}

impl TabScreen for PluginsTab {
    /// The snapshot's catalogue (in the store) shown while the list is on
    /// its way; no install acts on it (see [`Self::from_snapshot`]).
    fn on_snapshot(&mut self, snapshot: &Snapshot, shared: &mut Shared) {
        if snapshot.plugins.is_some() && !self.loaded {
            let plugins = shared.plugins();
            self.measure(plugins);
            self.loaded = true;
            self.from_snapshot = Some(snapshot.taken_at);
            self.refilter_keeping(None, plugins, &shared.layout);
        }
    }

    fn start(&mut self, shared: &mut Shared) -> Vec<Effect> {
        self.fetch(shared)
    }

    /// Leaving the tab leaves its detail: the token is masked again.
    fn on_hide(&mut self) {
        self.close_detail();
    }

    fn refresh(&mut self, shared: &mut Shared) -> Vec<Effect> {
        self.fetch(shared)
    }

    fn busy(&self, world: &World) -> bool {
        world.requests.any(PluginsAnswer::owns)
    }

    fn listing(&self) -> Option<&dyn Listing> {
        Some(self)
    }
}

impl Listing for PluginsTab {
    fn sortable(&self) -> Vec<&'static str> {
        SortColumn::names(COLUMNS)
    }

    fn view(&self, shared: &World) -> Option<Table> {
        let plugins = shared.plugins();
        let shown = self.list.shown().map(|i| &plugins[i]);
        // Tokens masked: a file on disk never holds one in full.
        let format = PluginFormat::default();
        Some(Table::of(COLUMNS, shown, &format, &BranchNames::new()))
    }
}

/// The question before `plugin` is installed: its type and abilities.
fn install_confirmation(plugin: &Plugin) -> Confirmation {
    Confirmation {
        title: "Install a plugin",
        verb: "install",
        object: sanitize_line(&plugin.name).into_owned(),
        facts: vec![
            (
                "Type",
                sanitize_line(plugin_type_word(&plugin.plugin_type)).into_owned(),
            ),
            ("Abilities", abilities_inline(&plugin.abilities)),
        ],
        command: Tell::Install {
            plugin_id: plugin.id,
        },
    }
}

/// The plugin `id` of `plugins`.
fn find(plugins: &[Plugin], id: i64) -> Option<&Plugin> {
    plugins.iter().find(|p| p.id == id)
}

/// The error line about an install whose outcome is unknown, while the
/// plugin list is asked again.
fn checking(said: &str, language: Language) -> String {
    fill::app_checking_installed(language, said)
}

/// The detail of `plugin`, its token shown in full when `revealed`.
fn document(
    plugin: &Plugin,
    revealed: bool,
    requests: &Requests,
    format: RowFormat,
) -> Vec<DocLine> {
    let view = InstallView {
        installing: is_installing(requests, plugin.id),
        token_revealed: revealed,
    };
    plugin_document(plugin, view, format)
}

/// True while an install of `plugin_id` is on its way.
pub fn is_installing(requests: &Requests, plugin_id: i64) -> bool {
    requests.is_awaiting(&Request::Install(plugin_id))
}

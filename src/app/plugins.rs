//! The Plugins tab: the catalogue, its filter and type filter, the plugin
//! detail with the token, and the install flow (at most one request per
//! plugin in flight).

use super::document::{DocLine, scrolled};
use super::layout;
use super::line_input::LineInput;
use super::list_cursor::{ListCursor, Movement};
use super::plugin_detail::{InstallView, plugin_document};
use super::protocol::{Effect, Request};
use super::requests::{Purpose, Requests};
use super::status::{StatusLine, Topic};
use crate::api::ApiError;
use crate::domain::columns::ScreenTable;
use crate::domain::columns::plugins::{COLUMNS, PluginFormat};
use crate::domain::sanitize::sanitize_line;
use crate::domain::zone::Zone;
use crate::model::{Installation, Plugin, PluginType};
use chrono::{DateTime, Utc};
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

    /// The filter's name in the summary line.
    pub fn name(self) -> &'static str {
        match self {
            Self::All => "all types",
            Self::Free => "Free only",
            Self::Premium => "Premium only",
        }
    }

    fn admits(self, plugin_type: &PluginType) -> bool {
        match self {
            Self::All => true,
            Self::Free => *plugin_type == PluginType::Free,
            Self::Premium => *plugin_type == PluginType::Premium,
        }
    }
}

/// What the plugins tab needs from the rest of the app for one change.
pub struct Surroundings<'a> {
    pub requests: &'a mut Requests,
    pub status: &'a mut StatusLine,
    pub size: (u16, u16),
    pub now: DateTime<Utc>,
}

/// The state of the Plugins tab.
#[derive(Debug, Default)]
pub struct PluginsTab {
    pub plugins: Vec<Plugin>,
    /// The plugins as the list shows them (see [`COLUMNS`]), in the same order.
    pub table: ScreenTable,
    /// The list arrived at least once.
    pub loaded: bool,
    /// Why the list could not be loaded, while none is shown.
    pub load_error: Option<String>,
    /// Plugins that pass the filters, as indices into `plugins`.
    pub visible: Vec<usize>,
    pub cursor: ListCursor,
    pub filter: LineInput,
    pub filtering: bool,
    pub type_filter: TypeFilter,
    pub detail_focused: bool,
    pub detail_scroll: usize,
    pub token_revealed: bool,
    /// Installs whose outcome is unknown (see [`ApiError::outcome_unknown`]),
    /// by plugin id, with the error line about each: none of them is sent
    /// again until a plugin list asked for since says it is not installed.
    pub unsettled: BTreeMap<i64, String>,
}

impl PluginsTab {
    /// The selected plugin.
    pub fn selected(&self) -> Option<&Plugin> {
        self.plugins.get(*self.visible.get(self.cursor.index)?)
    }

    /// True when the filter line is drawn.
    pub fn filter_line_shown(&self) -> bool {
        self.filtering || !self.filter.is_empty()
    }

    /// Rows of the list on screen.
    pub fn list_height(&self, size: (u16, u16)) -> usize {
        usize::from(
            layout::list_screen(size, self.filter_line_shown())
                .rows
                .height,
        )
    }

    /// True while the list is on its way.
    pub fn is_loading(&self, requests: &Requests) -> bool {
        requests.is_awaiting(Purpose::Plugins)
    }

    /// Asks for the list; a request already on its way is abandoned (its
    /// answer may predate a change, e.g. an install).
    pub fn fetch(&self, requests: &mut Requests) -> Vec<Effect> {
        let mut effects = requests.cancel_where(|p| *p == Purpose::Plugins);
        effects.push(requests.start(Purpose::Plugins, Request::Plugins));
        effects
    }

    /// The list arrived (or failed): on failure the list shown stays. A
    /// list settles the installs whose outcome was unknown: it was asked
    /// for after they failed (asking again abandons an older request).
    pub fn on_list(&mut self, result: Result<Vec<Plugin>, ApiError>, env: &mut Surroundings<'_>) {
        match result {
            Ok(plugins) => {
                let kept = self.selected().map(|p| p.id);
                self.plugins = plugins;
                self.measure();
                self.loaded = true;
                self.load_error = None;
                env.status.resolved(Topic::Plugins);
                self.settle(env);
                self.refilter_keeping(kept, env.size);
            }
            Err(error) => {
                env.status
                    .load_error(Topic::Plugins, format!("plugins: {error}"), env.now);
                if !self.loaded {
                    self.load_error = Some(error.to_string());
                }
            }
        }
    }

    /// Formats and measures the list's cells again, after `plugins` changed.
    fn measure(&mut self) {
        self.table = ScreenTable::new(COLUMNS, &self.plugins, &PluginFormat::default());
    }

    /// Forgets the installs whose outcome was unknown, now that a fresh
    /// list tells it; the error line about one, if still shown, says what
    /// the list shows.
    fn settle(&mut self, env: &mut Surroundings<'_>) {
        for (plugin_id, said) in std::mem::take(&mut self.unsettled) {
            let still_shown = env
                .status
                .current()
                .is_some_and(|message| message.text == checking(&said));
            if !still_shown {
                continue;
            }
            let outcome = match self.plugin(plugin_id) {
                Some(plugin) if plugin.is_installed() => "the plugin list shows it installed",
                Some(_) => "the plugin list shows it not installed: i tries again",
                None => "it is no longer in the plugin list",
            };
            env.status.error(format!("{said}; {outcome}"), env.now);
        }
    }

    /// Recomputes the visible plugins, keeping the selected one if it stays.
    pub fn refilter(&mut self, size: (u16, u16)) {
        let kept = self.selected().map(|p| p.id);
        self.refilter_keeping(kept, size);
    }

    fn refilter_keeping(&mut self, kept: Option<i64>, size: (u16, u16)) {
        let filter = self.filter.text().to_lowercase();
        self.visible = self
            .plugins
            .iter()
            .enumerate()
            .filter(|(i, p)| {
                self.type_filter.admits(&p.plugin_type) && self.table.rows[*i].matches(&filter)
            })
            .map(|(i, _)| i)
            .collect();
        let position =
            kept.and_then(|id| self.visible.iter().position(|&i| self.plugins[i].id == id));
        let height = self.list_height(size);
        match position {
            Some(index) => self.cursor.select(index, self.visible.len(), height),
            None => {
                self.token_revealed = false;
                self.cursor.scroll_into_view(self.visible.len(), height);
            }
        }
    }

    /// Moves the selection; a revealed token is hidden again.
    pub fn move_cursor(&mut self, movement: Movement, size: (u16, u16)) {
        let before = self.cursor.index;
        let height = self.list_height(size);
        self.cursor.apply(movement, self.visible.len(), height);
        if self.cursor.index != before {
            self.selection_changed();
        }
    }

    /// Selects the row on screen line `row` of the list (a mouse click).
    pub fn click_row(&mut self, row: usize, size: (u16, u16)) {
        let index = self.cursor.offset + row;
        if index < self.visible.len() && index != self.cursor.index {
            let height = self.list_height(size);
            self.cursor.select(index, self.visible.len(), height);
            self.selection_changed();
        }
    }

    fn selection_changed(&mut self) {
        self.token_revealed = false;
        self.detail_scroll = 0;
    }

    /// Focuses the detail of the selected plugin.
    pub fn open_detail(&mut self) {
        if self.selected().is_some() {
            self.detail_focused = true;
            self.detail_scroll = 0;
        }
    }

    /// Leaves the detail; the token is hidden again.
    pub fn close_detail(&mut self) {
        self.detail_focused = false;
        self.token_revealed = false;
    }

    /// The selected plugin's detail.
    pub fn detail(&self, requests: &Requests, zone: &Zone) -> Option<Vec<DocLine>> {
        let plugin = self.selected()?;
        let view = InstallView {
            installing: is_installing(requests, plugin.id),
            token_revealed: self.token_revealed,
        };
        Some(plugin_document(plugin, view, zone))
    }

    /// Scrolls the detail within its content.
    pub fn scroll_detail(
        &mut self,
        movement: Movement,
        requests: &Requests,
        zone: &Zone,
        size: (u16, u16),
    ) {
        if let Some(lines) = self.detail(requests, zone) {
            self.detail_scroll = scrolled(self.detail_scroll, movement, &lines, size);
        }
    }

    /// The selected plugin's id, or why it cannot be installed now.
    pub fn install_target(&self, read_only: bool, requests: &Requests) -> Result<i64, String> {
        let plugin = self.selected().ok_or("no plugin selected")?;
        match self.install_refused(plugin.id, read_only, requests) {
            Some(reason) => Err(reason),
            None => Ok(plugin.id),
        }
    }

    /// Why plugin `plugin_id` cannot be installed now, if it cannot.
    pub fn install_refused(
        &self,
        plugin_id: i64,
        read_only: bool,
        requests: &Requests,
    ) -> Option<String> {
        let plugin = self.plugin(plugin_id)?;
        let name = sanitize_line(&plugin.name);
        if read_only {
            Some("read-only: install disabled".to_string())
        } else if plugin.is_installed() {
            Some(format!("{name} is already installed"))
        } else if is_installing(requests, plugin_id) {
            Some(format!("{name}: installing, wait for the answer"))
        } else if !self.unsettled.contains_key(&plugin_id) {
            None
        } else if self.is_loading(requests) {
            Some(format!("checking whether {name} was installed…"))
        } else {
            Some(format!(
                "whether {name} was installed is not known: r asks the plugin list again"
            ))
        }
    }

    /// The plugin with this id.
    pub fn plugin(&self, id: i64) -> Option<&Plugin> {
        self.plugins.iter().find(|p| p.id == id)
    }

    /// Sends the install of `plugin_id`, unless one is already on its way.
    pub fn install(&self, plugin_id: i64, requests: &mut Requests) -> Vec<Effect> {
        if is_installing(requests, plugin_id) {
            return Vec::new();
        }
        vec![requests.start(
            Purpose::Install { plugin_id },
            Request::Install { plugin_id },
        )]
    }

    /// The install answered: on success the plugin shows as installed and
    /// the list is refetched to reconcile; on failure nothing changes, and
    /// when the failure leaves the outcome unknown the list is refetched to
    /// learn what happened, and no install of the plugin is sent until it
    /// has (see [`Self::unsettled`]).
    pub fn on_installed(
        &mut self,
        plugin_id: i64,
        result: Result<Installation, ApiError>,
        env: &mut Surroundings<'_>,
    ) -> Vec<Effect> {
        let name = self.plugin(plugin_id).map_or_else(
            || format!("plugin #{plugin_id}"),
            |p| sanitize_line(&p.name).into_owned(),
        );
        match result {
            Ok(installation) => {
                if let Some(plugin) = self.plugins.iter_mut().find(|p| p.id == plugin_id) {
                    plugin.user = Some(installation);
                    self.measure();
                }
                env.status.info(format!("installed {name}"), env.now);
                self.fetch(env.requests)
            }
            Err(error) if error.outcome_unknown() => {
                let said = format!("install {name}: {error}");
                env.status.error(checking(&said), env.now);
                self.unsettled.insert(plugin_id, said);
                self.fetch(env.requests)
            }
            Err(error) => {
                env.status
                    .error(format!("install {name}: {error}"), env.now);
                Vec::new()
            }
        }
    }

    /// The token of the selected plugin, if it is installed with one.
    pub fn selected_token(&self) -> Option<&str> {
        self.selected()?.user.as_ref()?.token.as_deref()
    }
}

/// The error line about an install whose outcome is unknown, while the
/// plugin list is asked again.
fn checking(said: &str) -> String {
    format!("{said}; checking whether it was installed…")
}

/// True while an install of `plugin_id` is on its way.
pub fn is_installing(requests: &Requests, plugin_id: i64) -> bool {
    requests.is_awaiting(Purpose::Install { plugin_id })
}

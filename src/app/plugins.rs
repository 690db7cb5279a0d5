//! The Plugins tab: the catalogue, its filter and type filter, the plugin
//! detail with the token, and the install flow (at most one request per
//! plugin in flight).

use super::Tab;
use super::document::DocLine;
use super::layout::Layout;
use super::list_cursor::Movement;
use super::list_pane::ListPane;
use super::plugin_detail::{InstallView, plugin_document};
use super::protocol::{Effect, Request};
use super::requests::{Owner, Requests};
use super::status::{StatusLine, Topic};
use crate::api::{ApiError, Installation, Plugin, PluginType};
use crate::domain::sanitize::sanitize_line;
use crate::domain::zone::Zone;
use chrono::{DateTime, Utc};

/// The Plugins tab sends its requests under this owner.
const OWNER: Owner = Owner::Tab(Tab::Plugins);

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
    pub layout: &'a Layout,
    pub now: DateTime<Utc>,
}

/// The state of the Plugins tab.
#[derive(Debug, Default)]
pub struct PluginsTab {
    pub plugins: Vec<Plugin>,
    /// Sanitised names, in the order of `plugins`.
    pub names: Vec<String>,
    /// The list arrived at least once.
    pub loaded: bool,
    /// Why the list could not be loaded, while none is shown.
    pub load_error: Option<String>,
    /// The plugins that pass the filters (indices into `plugins`), the
    /// selection, the name filter and the detail.
    pub list: ListPane,
    pub type_filter: TypeFilter,
    pub token_revealed: bool,
}

impl PluginsTab {
    /// The selected plugin.
    pub fn selected(&self) -> Option<&Plugin> {
        self.plugins.get(self.list.selected()?)
    }

    /// True while the list is on its way.
    pub fn is_loading(&self, requests: &Requests) -> bool {
        requests.is_awaiting(OWNER, &Request::Plugins)
    }

    /// Asks for the list; a request already on its way is abandoned (its
    /// answer may predate a change, e.g. an install).
    pub fn fetch(&self, requests: &mut Requests) -> Vec<Effect> {
        requests.resend(OWNER, Request::Plugins)
    }

    /// The list arrived (or failed): on failure the list shown stays.
    pub fn on_list(&mut self, result: Result<Vec<Plugin>, ApiError>, env: &mut Surroundings<'_>) {
        match result {
            Ok(plugins) => {
                let kept = self.selected().map(|p| p.id);
                self.names = plugins
                    .iter()
                    .map(|p| sanitize_line(&p.name).into_owned())
                    .collect();
                self.plugins = plugins;
                self.loaded = true;
                self.load_error = None;
                env.status.resolved(Topic::Plugins);
                self.refilter_keeping(kept, env.layout);
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

    /// Recomputes the visible plugins, keeping the selected one if it stays.
    pub fn refilter(&mut self, layout: &Layout) {
        let kept = self.selected().map(|p| p.id);
        self.refilter_keeping(kept, layout);
    }

    fn refilter_keeping(&mut self, kept: Option<i64>, layout: &Layout) {
        let filter = self.list.filter_text();
        let visible = self
            .plugins
            .iter()
            .enumerate()
            .filter(|(i, p)| {
                self.type_filter.admits(&p.plugin_type)
                    && self.names[*i].to_lowercase().contains(&filter)
            })
            .map(|(i, _)| i)
            .collect();
        let plugins = &self.plugins;
        if !self
            .list
            .show(visible, |i| Some(plugins[i].id) == kept, layout)
        {
            self.token_revealed = false;
        }
    }

    /// Moves the selection (a revealed token is hidden again), or scrolls
    /// the detail when it has the focus.
    pub fn move_by(
        &mut self,
        movement: Movement,
        requests: &Requests,
        zone: &Zone,
        layout: &Layout,
    ) {
        let revealed = self.token_revealed;
        let document = |plugin: &Plugin| document(plugin, revealed, requests, zone);
        if self.list.move_by(movement, &self.plugins, document, layout) {
            self.token_revealed = false;
        }
    }

    /// A left click on the list: selects the row clicked (a revealed token
    /// is hidden again).
    pub fn click(&mut self, column: u16, row: u16, layout: &Layout) {
        if self.list.click(column, row, layout) {
            self.token_revealed = false;
        }
    }

    /// After a resize: the selection back on screen, the detail's scroll
    /// within its content.
    pub fn fit(&mut self, requests: &Requests, zone: &Zone, layout: &Layout) {
        let revealed = self.token_revealed;
        let document = |plugin: &Plugin| document(plugin, revealed, requests, zone);
        self.list.fit(&self.plugins, document, layout);
    }

    /// Leaves the detail; the token is hidden again.
    pub fn close_detail(&mut self) {
        self.list.detail_focused = false;
        self.token_revealed = false;
    }

    /// The selected plugin's detail.
    pub fn detail(&self, requests: &Requests, zone: &Zone) -> Option<Vec<DocLine>> {
        let plugin = self.selected()?;
        Some(document(plugin, self.token_revealed, requests, zone))
    }

    /// Why the selected plugin cannot be installed now, or its id.
    pub fn install_target(&self, read_only: bool, requests: &Requests) -> Result<i64, String> {
        let plugin = self.selected().ok_or("no plugin selected")?;
        let name = sanitize_line(&plugin.name);
        if read_only {
            Err("read-only: install disabled".to_string())
        } else if plugin.is_installed() {
            Err(format!("{name} is already installed"))
        } else if is_installing(requests, plugin.id) {
            Err(format!("{name}: installing, wait for the answer"))
        } else {
            Ok(plugin.id)
        }
    }

    /// The plugin with this id.
    pub fn plugin(&self, id: i64) -> Option<&Plugin> {
        self.plugins.iter().find(|p| p.id == id)
    }

    /// Sends the install of `plugin_id`, unless one is already on its way.
    pub fn install(&self, plugin_id: i64, requests: &mut Requests) -> Vec<Effect> {
        requests
            .send_once(OWNER, Request::Install { plugin_id })
            .into_iter()
            .collect()
    }

    /// The install answered: on success the plugin shows as installed and
    /// the list is refetched to reconcile; on failure nothing changes, and
    /// when the failure leaves the outcome unknown (see [`outcome_unknown`])
    /// the list is refetched to learn what happened.
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
                }
                env.status.info(format!("installed {name}"), env.now);
                self.fetch(env.requests)
            }
            Err(error) if outcome_unknown(&error) => {
                env.status.error(
                    format!("install {name}: {error}; checking whether it was installed…"),
                    env.now,
                );
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

/// True when an install that failed with `error` may have happened on the
/// server all the same: no answer in time, or an answer that could not be
/// read (a success status with a broken body, a body over the size cap).
/// The plugin list then tells the true state, and without it a second
/// install could be sent for a plugin already installed.
fn outcome_unknown(error: &ApiError) -> bool {
    match error {
        ApiError::Timeout(_) | ApiError::TooLarge { .. } => true,
        ApiError::Decode { status, .. } => (200..300).contains(status),
        _ => false,
    }
}

/// The detail of `plugin`, its token shown in full when `revealed`.
fn document(plugin: &Plugin, revealed: bool, requests: &Requests, zone: &Zone) -> Vec<DocLine> {
    let view = InstallView {
        installing: is_installing(requests, plugin.id),
        token_revealed: revealed,
    };
    plugin_document(plugin, view, zone)
}

/// True while an install of `plugin_id` is on its way.
pub fn is_installing(requests: &Requests, plugin_id: i64) -> bool {
    requests.is_awaiting(OWNER, &Request::Install { plugin_id })
}

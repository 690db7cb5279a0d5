//! The Plugins tab: the summary line, the filter line, the list (name, type,
//! installed as a word, abilities) and the plugin detail.

use super::View;
use super::detail;
use super::list::{self, ListTab, Rows, Shown};
use super::table::RowLook;
use super::theme::spinner;
use crate::app::layout::ListScreen;
use crate::app::plugins::{PluginsTab, is_installing};
use crate::i18n::{Phrase, fill, plural};
use crate::present::columns::plugins::COLUMNS;
use crate::present::format::as_of;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Span;

impl ListTab for PluginsTab {
    const RECORDS: &'static str = "plugins";

    fn shown(&self) -> Shown<'_> {
        Shown::new(&self.list, self.loaded, self.load_error.as_deref())
    }

    /// How many plugins and how many installed, the spinner while the list
    /// comes again; on the right how many show, and the filters.
    fn draw_summary(&self, frame: &mut Frame, screen: &ListScreen, view: &View) {
        let (shared, styles) = (view.world, view.styles);
        let plugins = shared.plugins();
        let language = shared.settings.language;
        let mut spans = Vec::new();
        if self.loaded {
            let installed = plugins.iter().filter(|p| p.is_installed()).count();
            spans.push(Span::styled(
                plural::summary_plugins(language, plugins.len() as u64),
                styles.heading,
            ));
            let installed = fill::summary_installed(language, installed);
            spans.push(Span::raw(format!(" · {installed}")));
        } else {
            spans.push(Span::styled(
                Phrase::TabPlugins.get(language),
                styles.heading,
            ));
        }
        // The list is a snapshot's until one is fetched in this run.
        let snapshot = self
            .from_snapshot
            .map(|taken| as_of(taken, shared.now, &shared.zone, language));
        if self.is_loading(&shared.requests) && self.loaded {
            let what = snapshot.map_or_else(String::new, |as_of| format!(" {as_of} ·"));
            let refreshing = Phrase::SummaryRefreshing.get(language);
            spans.push(Span::styled(
                format!("  {}{what} {refreshing}…", spinner(shared.now)),
                styles.busy,
            ));
        } else if let Some(as_of) = snapshot {
            spans.push(Span::styled(format!(" · {as_of}"), styles.error));
        }
        let mut notes = Vec::new();
        if self.list.visible.len() != plugins.len() {
            let (shown, all) = (self.list.visible.len(), plugins.len());
            notes.push(fill::plugins_shown_of(language, shown, all));
        }
        notes.push(self.type_filter.name(language).to_string());
        if shared.settings.read_only {
            notes.push(Phrase::TopReadOnly.get(language).to_string());
        }
        list::draw_summary(frame, screen.summary, spans, &notes, styles);
    }

    /// The catalogue, an install on its way over its plugin's state.
    fn draw_rows(&self, frame: &mut Frame, screen: &ListScreen, view: &View) {
        let (shared, styles) = (view.world, view.styles);
        let plugins = shared.plugins();
        let none_shown = if plugins.is_empty() {
            Phrase::ListCatalogueEmpty
        } else {
            Phrase::ListNoPluginMatches
        }
        .get(shared.settings.language);
        let rows = Rows {
            columns: COLUMNS,
            table: &self.table,
            none_shown,
            branch_column: true,
            marks: None,
        };
        let installing = Phrase::DetailInstalling.get(shared.settings.language);
        let installing_mark = format!("{} {installing}", spinner(shared.now));
        let look = |index: usize| {
            let plugin = &plugins[index];
            let (state, state_over) = if plugin.is_installed() {
                (styles.installed, None)
            } else if is_installing(&shared.requests, plugin.id) {
                (styles.busy, Some(installing_mark.as_str()))
            } else {
                (Style::new(), None)
            };
            RowLook {
                row: Style::new(),
                state,
                state_over,
                matched: None,
            }
        };
        list::draw_rows(frame, screen, &self.list, &rows, look, view);
    }

    fn draw_detail(&self, frame: &mut Frame, area: Rect, focused: bool, view: &View) {
        let shared = view.world;
        let document = self.detail(shared).unwrap_or_default();
        detail::draw(
            frame,
            area,
            "Plugin",
            &document,
            self.list.detail_scroll,
            focused,
            view,
        );
    }
}

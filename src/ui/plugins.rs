//! The Plugins tab: the summary line, the filter line, the list (name, type,
//! installed as a word, abilities) and the plugin detail.

use super::View;
use super::detail;
use super::list::{self, ListTab};
use super::table::{Cell, ColumnSpec, draw_heads, draw_row, fit_columns, widest};
use super::theme::{Styles, spinner};
use crate::app::keymap::Context;
use crate::app::layout::ListScreen;
use crate::app::plugin_detail::abilities_inline;
use crate::app::plugins::{PluginsTab, is_installing};
use crate::app::shared::Shared;
use crate::domain::format::plugin_type_word;
use crate::domain::sanitize::sanitize_line;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Span;

const INSTALLED: &str = "✓ installed";

/// Draws the Plugins tab into the body.
pub fn draw(tab: &PluginsTab, frame: &mut Frame, view: &View) {
    let (shared, styles) = (view.shared, view.styles);
    let frame_of_list = ListTab {
        pane: &tab.list,
        detail_context: Context::PluginDetail,
        records: "plugins",
        loaded: tab.loaded,
        load_error: tab.load_error.as_deref(),
        loading: tab.is_loading(&shared.requests),
    };
    list::draw_tab(
        &frame_of_list,
        frame,
        view,
        |frame, screen| draw_summary(tab, shared, frame, screen, styles),
        |frame, screen| draw_list(tab, shared, frame, screen, styles),
        |frame, area, focused| draw_detail(tab, shared, frame, area, focused, styles),
    );
}

fn draw_summary(
    tab: &PluginsTab,
    shared: &Shared,
    frame: &mut Frame,
    screen: &ListScreen,
    styles: &Styles,
) {
    let mut spans = Vec::new();
    if tab.loaded {
        let installed = tab.plugins.iter().filter(|p| p.is_installed()).count();
        spans.push(Span::styled(
            format!("{} plugins", tab.plugins.len()),
            styles.heading,
        ));
        spans.push(Span::raw(format!(" · {installed} installed")));
    } else {
        spans.push(Span::styled("Plugins", styles.heading));
    }
    if tab.is_loading(&shared.requests) && tab.loaded {
        spans.push(Span::styled(
            format!("  {} refreshing…", spinner(shared.now)),
            styles.busy,
        ));
    }
    let mut notes = Vec::new();
    if tab.list.visible.len() != tab.plugins.len() {
        notes.push(format!(
            "{} of {} shown",
            tab.list.visible.len(),
            tab.plugins.len()
        ));
    }
    notes.push(tab.type_filter.name().to_string());
    if shared.settings.read_only {
        notes.push("read-only".to_string());
    }
    list::draw_summary(frame, screen.summary, spans, &notes.join(" · "), styles);
}

fn draw_list(
    tab: &PluginsTab,
    shared: &Shared,
    frame: &mut Frame,
    screen: &ListScreen,
    styles: &Styles,
) {
    let width = usize::from(screen.rows.width);
    let specs = [
        ColumnSpec {
            head: "Name",
            natural: widest(tab.names.iter().map(String::as_str), 4),
            min: 16,
            flexible: true,
            priority: 9,
            essential: true,
        },
        ColumnSpec {
            head: "Type",
            natural: widest(
                tab.plugins.iter().map(|p| plugin_type_word(&p.plugin_type)),
                7,
            ),
            min: 0,
            flexible: false,
            priority: 8,
            essential: true,
        },
        ColumnSpec {
            head: "Installed",
            natural: 13,
            min: 0,
            flexible: false,
            priority: 7,
            essential: true,
        },
        ColumnSpec {
            head: "Abilities",
            natural: 60,
            min: 12,
            flexible: true,
            priority: 1,
            essential: false,
        },
    ];
    let widths = fit_columns(width, &specs);
    draw_heads(frame.buffer_mut(), screen.heads, &specs, &widths, styles);
    if tab.list.visible.is_empty() {
        let message = if tab.plugins.is_empty() {
            "The catalogue is empty."
        } else {
            "No plugin matches the filters (Esc clears the name filter, t the type)."
        };
        list::draw_message(frame, screen.rows, message, styles);
        return;
    }
    let height = usize::from(screen.rows.height);
    let first = list::first_row(tab.list.cursor, tab.list.visible.len(), height);
    let installing_mark = format!("{} installing…", spinner(shared.now));
    let rows = tab.list.visible[first..].iter().take(height);
    for (i, (&index, line)) in rows.zip(screen.rows.rows()).enumerate() {
        let plugin = &tab.plugins[index];
        let selected = first + i == tab.list.cursor.index;
        let (state, state_style) = if plugin.is_installed() {
            (INSTALLED, styles.installed)
        } else if is_installing(&shared.requests, plugin.id) {
            (installing_mark.as_str(), styles.busy)
        } else {
            ("", Style::new())
        };
        let abilities = abilities_inline(&plugin.abilities);
        let type_word = sanitize_line(plugin_type_word(&plugin.plugin_type));
        let cells = [
            Cell::plain(&tab.names[index]),
            Cell::plain(&type_word),
            Cell::plain(state).styled(state_style),
            Cell::plain(&abilities).styled(styles.dim),
        ];
        let row_style = if selected {
            styles.selected
        } else {
            Style::new()
        };
        draw_row(
            frame.buffer_mut(),
            line,
            cells,
            &widths,
            selected,
            row_style,
        );
    }
}

fn draw_detail(
    tab: &PluginsTab,
    shared: &Shared,
    frame: &mut Frame,
    area: Rect,
    focused: bool,
    styles: &Styles,
) {
    let document = tab
        .detail(&shared.requests, &shared.settings.timezone)
        .unwrap_or_default();
    detail::draw(
        frame,
        area,
        "Plugin",
        &document,
        tab.list.detail_scroll,
        focused,
        styles,
    );
}

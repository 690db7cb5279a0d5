//! Rendering: pure functions of `&App`. One file per screen or overlay,
//! each found by the type of its screen (one line in [`draw_screen`]; a
//! list tab's file gives its parts, [`list::draw_tab`] the frame around
//! them and its rows); `layout` (in the app) says where things sit,
//! `theme` how they look.

mod branch_picker;
mod command_line;
mod confirm;
mod detail;
mod footer;
mod groups;
mod help;
mod lesson_list;
mod list;
mod plugins;
mod popup;
mod table;
mod theme;
mod today;
mod top_line;
mod week;

use crate::app::App;
use crate::app::groups::GroupsTab;
use crate::app::layout::{Layout, MIN_HEIGHT, MIN_WIDTH};
use crate::app::plugins::PluginsTab;
use crate::app::screen::Screen;
use crate::app::shared::Shared;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::widgets::{Paragraph, Wrap};
use std::any::Any;
use theme::Styles;

/// What every drawer reads besides its screen.
#[derive(Clone, Copy)]
pub struct View<'a> {
    pub app: &'a App,
    pub shared: &'a Shared,
    /// The layout of the frame drawn.
    pub layout: &'a Layout,
    pub styles: &'a Styles,
}

/// Draws the whole screen from `app`; changes nothing.
pub fn render(app: &App, frame: &mut Frame) {
    let area = frame.area();
    // The frame's own size: a resize may not have reached the app yet.
    let layout = Layout::new((area.width, area.height));
    if layout.is_too_small() {
        draw_too_small(frame, area);
        return;
    }
    let styles = Styles::new(app.shared.settings.theme);
    let view = View {
        app,
        shared: &app.shared,
        layout: &layout,
        styles: &styles,
    };
    let bands = layout.bands;
    top_line::draw(app, frame, bands.top, &styles);
    for screen in app.screens() {
        draw_screen(screen, frame, &view);
    }
    footer::draw(app, frame, bands.hints, bands.status, &styles);
}

/// Draws `screen` with the drawer of its type: one line per screen.
fn draw_screen(screen: &dyn Screen, frame: &mut Frame, view: &View) {
    let screen: &dyn Any = screen;
    let drawn = draw_as(screen, frame, view, list::draw_tab::<GroupsTab>)
        || draw_as(screen, frame, view, list::draw_tab::<PluginsTab>)
        || draw_as(screen, frame, view, week::draw)
        || draw_as(screen, frame, view, today::draw)
        || draw_as(screen, frame, view, lesson_list::draw)
        || draw_as(screen, frame, view, help::draw)
        || draw_as(screen, frame, view, confirm::draw)
        || draw_as(screen, frame, view, branch_picker::draw)
        || draw_as(screen, frame, view, command_line::draw);
    debug_assert!(drawn, "a screen without a drawer");
}

/// Draws `screen` with `draw` when it is an `S`; true when it was.
fn draw_as<S: Any>(
    screen: &dyn Any,
    frame: &mut Frame,
    view: &View,
    draw: fn(&S, &mut Frame, &View),
) -> bool {
    screen
        .downcast_ref()
        .map(|screen| draw(screen, frame, view))
        .is_some()
}

/// Only a message: nothing else fits.
fn draw_too_small(frame: &mut Frame, area: Rect) {
    let text = format!(
        "terminal too small: need {MIN_WIDTH}x{MIN_HEIGHT}, have {}x{}",
        area.width, area.height
    );
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
}

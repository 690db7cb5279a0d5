//! Rendering: pure functions of `&App`. One file per screen or overlay;
//! `layout` (in the app) says where things sit, `theme` how they look.

mod branch_picker;
mod confirm;
mod detail;
mod footer;
mod groups;
mod help;
mod list;
mod plugins;
mod popup;
mod table;
mod theme;
mod top_line;
mod week;

use crate::app::layout::{self, MIN_HEIGHT, MIN_WIDTH};
use crate::app::{App, Overlay, Tab};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::widgets::{Paragraph, Wrap};
use theme::Styles;

/// Draws the whole screen from `app`; changes nothing.
pub fn render(app: &App, frame: &mut Frame) {
    let area = frame.area();
    let size = (area.width, area.height);
    if layout::is_too_small(size) {
        draw_too_small(frame, area);
        return;
    }
    let styles = Styles::new(app.settings.theme);
    let screen = layout::screen(size);
    top_line::draw(app, frame, screen.top, &styles);
    match app.tab {
        Tab::Groups => groups::draw(app, frame, &styles),
        Tab::Plugins => plugins::draw(app, frame, &styles),
        Tab::Week => week::draw(app, frame, &styles),
    }
    match &app.overlay {
        Some(Overlay::Help { under, scroll }) => help::draw(app, *under, *scroll, frame, &styles),
        Some(Overlay::Confirm { plugin_id }) => confirm::draw(app, *plugin_id, frame, &styles),
        Some(Overlay::BranchPicker(picker)) => branch_picker::draw(app, picker, frame, &styles),
        None => {}
    }
    footer::draw(app, frame, screen.hints, screen.status, &styles);
}

/// Only a message: nothing else fits.
fn draw_too_small(frame: &mut Frame, area: Rect) {
    let text = format!(
        "terminal too small: need {MIN_WIDTH}x{MIN_HEIGHT}, have {}x{}",
        area.width, area.height
    );
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
}

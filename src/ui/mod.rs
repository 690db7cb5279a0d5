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

use crate::app::layout::{Layout, MIN_HEIGHT, MIN_WIDTH};
use crate::app::{App, Overlay, Tab};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::widgets::{Paragraph, Wrap};
use theme::Styles;

/// Draws the whole screen from `app`; changes nothing.
pub fn render(app: &App, frame: &mut Frame) {
    let area = frame.area();
    // The frame's own size: a resize may not have reached the app yet.
    let layout = Layout::new((area.width, area.height));
    if layout.is_too_small() {
        draw_too_small(frame, area);
        return;
    }
    let styles = Styles::new(app.settings.theme);
    let bands = layout.bands;
    top_line::draw(app, frame, bands.top, &styles);
    match app.tab {
        Tab::Groups => groups::draw(app, frame, &layout, &styles),
        Tab::Plugins => plugins::draw(app, frame, &layout, &styles),
        Tab::Week => week::draw(app, frame, &layout, &styles),
    }
    match &app.overlay {
        Some(Overlay::Help { under, scroll }) => {
            help::draw(app, *under, *scroll, frame, &layout, &styles);
        }
        Some(Overlay::Confirm { plugin_id }) => {
            confirm::draw(app, *plugin_id, frame, &layout, &styles);
        }
        Some(Overlay::BranchPicker(picker)) => {
            branch_picker::draw(app, picker, frame, &layout, &styles);
        }
        None => {}
    }
    footer::draw(app, frame, bands.hints, bands.status, &styles);
}

/// Only a message: nothing else fits.
fn draw_too_small(frame: &mut Frame, area: Rect) {
    let text = format!(
        "terminal too small: need {MIN_WIDTH}x{MIN_HEIGHT}, have {}x{}",
        area.width, area.height
    );
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
}

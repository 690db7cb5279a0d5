//! Rendering: pure functions of `&App`. One file per screen or overlay,
//! each the arm of its [`ScreenView`] in [`draw_screen`] (an exhaustive
//! match: a screen without a drawer does not compile; a list tab's file
//! gives its parts, [`list::draw_tab`] the frame around them and its rows);
//! `layout` (in the app) says where things sit, `theme` how they look.

mod branch_picker;
mod changes;
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
use crate::app::layout::{Layout, MIN_HEIGHT, MIN_WIDTH};
use crate::app::registry::ScreenView;
use crate::app::shared::World;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::widgets::{Paragraph, Wrap};
use theme::Styles;

/// What every drawer reads besides its screen.
#[derive(Clone, Copy)]
pub struct View<'a> {
    pub app: &'a App,
    pub world: &'a World,
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
    let styles = Styles::new(app.world.settings.theme);
    let view = View {
        app,
        world: &app.world,
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

/// Draws `screen` with its drawer: one arm per screen.
fn draw_screen(screen: ScreenView, frame: &mut Frame, view: &View) {
    match screen {
        ScreenView::Plugins(tab) => list::draw_tab(tab, frame, view),
        ScreenView::Groups(tab) => list::draw_tab(tab, frame, view),
        ScreenView::Week(tab) => week::draw(tab, frame, view),
        ScreenView::Today(tab) => today::draw(tab, frame, view),
        ScreenView::Changes(tab) => changes::draw(tab, frame, view),
        ScreenView::Help(help) => help::draw(help, frame, view),
        ScreenView::Confirm(confirm) => confirm::draw(confirm, frame, view),
        ScreenView::BranchPicker(picker) => branch_picker::draw(picker, frame, view),
        ScreenView::LessonList(list) => lesson_list::draw(list, frame, view),
        ScreenView::CommandLine(line) => command_line::draw(line, frame, view),
    }
}

/// Only a message: nothing else fits.
fn draw_too_small(frame: &mut Frame, area: Rect) {
    let text = format!(
        "terminal too small: need {MIN_WIDTH}x{MIN_HEIGHT}, have {}x{}",
        area.width, area.height
    );
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
}

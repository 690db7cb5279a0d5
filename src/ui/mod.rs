//! Rendering: pure functions of `&App`. One file per screen or overlay,
//! each the arm of its [`ScreenView`] in [`draw_screen`] (a tab's drawer
//! named in the one declaration of the tabs, `app/tab.rs`) (an exhaustive
//! match: a screen without a drawer does not compile; a list tab's file
//! gives its parts, [`list::draw_tab`] the frame around them and its rows);
//! `layout` (in the app) says where things sit, `theme` how they look.

mod branch_picker;
mod command_line;
mod confirm;
mod detail;
mod footer;
mod help;
mod install_across;
mod lesson_list;
mod list;
mod popup;
mod table;
mod theme;
mod top_line;

use crate::app::App;
use crate::app::layout::{Layout, MIN_HEIGHT, MIN_WIDTH, TabName};
use crate::app::registry::{ScreenView, TabView};
use crate::app::shared::World;
use crate::app::tab::tabs;
use crate::i18n::{Language, fill};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::widgets::{Paragraph, Wrap};
use theme::Styles;

/// Makes the tabs' `mod` lines from `tabs!` (`app/tab.rs`): a tab's drawing
/// is `ui/MODULE.rs`, named as its screen's file (the drawer may be another
/// file's, `list::draw_tab`, which the tab's file gives its parts).
macro_rules! tab_modules {
    ($($(#[$doc:meta])* $variant:ident: $name:literal, $key:literal,
        $module:ident::$screen:ident, $context:ident ($title:literal),
        $ui:ident::$drawer:ident;)+) => {
        $(mod $module;)+
    };
}

tabs!(tab_modules);

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
    draw_frame(app, frame, true);
}

/// Draws all but the top line (the tab bar, the account): what the screens
/// show, as the render snapshots of the screens hold it, so that a new tab
/// changes none of them (the top line has snapshots of its own).
pub fn render_screens(app: &App, frame: &mut Frame) {
    draw_frame(app, frame, false);
}

/// Draws the top line alone, on the frame's first row, with `tabs` in
/// place of the app's (the tab shown is the one named as the app's): the
/// top line's render tests draw a fixed list, so that a new tab changes
/// none of them.
pub fn render_top_line(app: &App, frame: &mut Frame, tabs: &[TabName]) {
    let area = Rect {
        height: 1,
        ..frame.area()
    };
    let styles = Styles::new(app.world.settings.theme);
    let shown = tabs.iter().position(|(_, name)| *name == app.tab.name());
    top_line::draw_tabs(app, tabs, shown, frame, area, &styles);
}

fn draw_frame(app: &App, frame: &mut Frame, with_top_line: bool) {
    let area = frame.area();
    // The frame's own size: a resize may not have reached the app yet.
    let layout = Layout::new((area.width, area.height));
    if layout.is_too_small() {
        draw_too_small(frame, area, app.world.settings.language);
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
    if with_top_line {
        top_line::draw(app, frame, bands.top, &styles);
    }
    for screen in app.screens() {
        draw_screen(screen, frame, &view);
    }
    footer::draw(app, frame, bands.hints, bands.status, &styles);
}

/// Draws `screen` with its drawer: one arm per screen.
fn draw_screen(screen: ScreenView, frame: &mut Frame, view: &View) {
    match screen {
        ScreenView::Tab(tab) => draw_tab(tab, frame, view),
        ScreenView::Help(help) => help::draw(help, frame, view),
        ScreenView::Confirm(confirm) => confirm::draw(confirm, frame, view),
        ScreenView::BranchPicker(picker) => branch_picker::draw(picker, frame, view),
        ScreenView::LessonList(list) => lesson_list::draw(list, frame, view),
        ScreenView::CommandLine(line) => command_line::draw(line, frame, view),
        ScreenView::InstallAcross(across) => install_across::draw(across, frame, view),
    }
}

/// Makes [`draw_tab`] from the one declaration of the tabs (`tabs!`, in
/// `app/tab.rs`): each tab's drawer named there.
macro_rules! tab_drawers {
    ($($(#[$doc:meta])* $variant:ident: $name:literal, $key:literal,
        $module:ident::$screen:ident, $context:ident ($title:literal),
        $ui:ident::$drawer:ident;)+) => {
        /// Draws the screen of a tab with its drawer.
        fn draw_tab(tab: TabView, frame: &mut Frame, view: &View) {
            match tab {
                $(TabView::$variant(screen) => $ui::$drawer(screen, frame, view),)+
            }
        }
    };
}

tabs!(tab_drawers);

/// Only a message: nothing else fits.
fn draw_too_small(frame: &mut Frame, area: Rect, language: Language) {
    let need = format!("{MIN_WIDTH}x{MIN_HEIGHT}");
    let have = format!("{}x{}", area.width, area.height);
    let text = fill::screen_too_small(language, need, have);
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
}

//! The registry of screens, above them (nothing below it names a screen):
//! the screen of every tab ([`Tabs`]), the overlays that can be open
//! ([`Overlay`], built from what a screen asked for, an [`Open`]), and
//! [`ScreenView`], every screen as `ui` draws it. A new tab is its variant
//! in [`Tab`] (`tab.rs`), its field in [`Tabs`] and its [`ScreenView`]; a
//! new overlay its line in [`overlays!`]. Every match on them is
//! exhaustive: the compiler names what a new screen still lacks, its
//! drawer in `ui` among them.

use super::ask::Open;
use super::branch_picker::BranchPicker;
use super::changes::ChangesTab;
use super::command_line::CommandLine;
use super::confirm::Confirm;
use super::groups::GroupsTab;
use super::help::Help;
use super::lesson_list::LessonList;
use super::plugins::PluginsTab;
use super::screen::Screen;
use super::shared::{AppSettings, World};
use super::tab::Tab;
use super::today::TodayTab;
use super::week::WeekTab;

/// A screen as `ui` draws it: one variant a screen, borrowing it.
#[derive(Clone, Copy)]
pub enum ScreenView<'a> {
    Plugins(&'a PluginsTab),
    Groups(&'a GroupsTab),
    Week(&'a WeekTab),
    Today(&'a TodayTab),
    Changes(&'a ChangesTab),
    Help(&'a Help),
    Confirm(&'a Confirm),
    BranchPicker(&'a BranchPicker),
    LessonList(&'a LessonList),
    CommandLine(&'a CommandLine),
}

/// Declares the overlays, `Variant(ScreenType)`, each drawn as the
/// [`ScreenView`] variant of the same name.
macro_rules! overlays {
    ($($variant:ident($screen:ty),)+) => {
        /// An open overlay.
        pub enum Overlay {
            $($variant($screen),)+
        }

        impl Overlay {
            /// The overlay as a screen, to route to.
            pub fn screen(&self) -> &dyn Screen {
                match self {
                    $(Overlay::$variant(screen) => screen,)+
                }
            }

            /// The overlay as a screen, to change.
            pub fn screen_mut(&mut self) -> &mut dyn Screen {
                match self {
                    $(Overlay::$variant(screen) => screen,)+
                }
            }

            /// The overlay as `ui` draws it.
            pub fn view(&self) -> ScreenView<'_> {
                match self {
                    $(Overlay::$variant(screen) => ScreenView::$variant(screen),)+
                }
            }
        }

        $(
            impl From<$screen> for Overlay {
                fn from(screen: $screen) -> Self {
                    Overlay::$variant(screen)
                }
            }

            impl<'a> TryFrom<&'a Overlay> for &'a $screen {
                type Error = ();

                fn try_from(overlay: &'a Overlay) -> Result<Self, ()> {
                    match overlay {
                        Overlay::$variant(screen) => Ok(screen),
                        _ => Err(()),
                    }
                }
            }
        )+
    };
}

overlays! {
    Help(Help),
    Confirm(Confirm),
    BranchPicker(BranchPicker),
    LessonList(LessonList),
    CommandLine(CommandLine),
}

impl Overlay {
    /// The overlay a screen asked for.
    pub fn open(open: Open, shared: &World) -> Self {
        match open {
            Open::BranchPicker { current } => {
                Overlay::BranchPicker(BranchPicker::open(shared.branches_state(), current))
            }
            Open::Confirm(confirmation) => Overlay::Confirm(Confirm(confirmation)),
            Open::Lessons(crowd) => Overlay::LessonList(LessonList::new(crowd)),
        }
    }
}

/// The screen of every tab.
pub struct Tabs {
    pub plugins: PluginsTab,
    pub groups: GroupsTab,
    pub week: WeekTab,
    pub today: TodayTab,
    pub changes: ChangesTab,
}

impl Tabs {
    /// Every tab's screen, each built `From` the settings.
    pub fn new(settings: &AppSettings) -> Self {
        Self {
            plugins: PluginsTab::from(settings),
            groups: GroupsTab::from(settings),
            week: WeekTab::from(settings),
            today: TodayTab::from(settings),
            changes: ChangesTab::from(settings),
        }
    }

    /// The screen of `tab`.
    pub fn get(&self, tab: Tab) -> &dyn Screen {
        match tab {
            Tab::Plugins => &self.plugins,
            Tab::Groups => &self.groups,
            Tab::Week => &self.week,
            Tab::Today => &self.today,
            Tab::Changes => &self.changes,
        }
    }

    /// The screen of `tab` as `ui` draws it.
    pub fn view(&self, tab: Tab) -> ScreenView<'_> {
        match tab {
            Tab::Plugins => ScreenView::Plugins(&self.plugins),
            Tab::Groups => ScreenView::Groups(&self.groups),
            Tab::Week => ScreenView::Week(&self.week),
            Tab::Today => ScreenView::Today(&self.today),
            Tab::Changes => ScreenView::Changes(&self.changes),
        }
    }

    /// The screen of `tab`, to change.
    pub fn get_mut(&mut self, tab: Tab) -> &mut dyn Screen {
        match tab {
            Tab::Plugins => &mut self.plugins,
            Tab::Groups => &mut self.groups,
            Tab::Week => &mut self.week,
            Tab::Today => &mut self.today,
            Tab::Changes => &mut self.changes,
        }
    }
}

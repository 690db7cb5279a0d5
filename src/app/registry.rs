//! The registry of screens: the screen of every tab, above the screens
//! (nothing below it names a screen). A new tab is its variant in
//! [`Tab`] (`tab.rs`) and its field here; the matches below are exhaustive,
//! so the compiler names whatever a new tab still lacks.

use super::groups::GroupsTab;
use super::plugins::PluginsTab;
use super::screen::Screen;
use super::shared::AppSettings;
use super::tab::Tab;
use super::today::TodayTab;
use super::week::WeekTab;

/// The screen of every tab.
pub struct Tabs {
    pub plugins: PluginsTab,
    pub groups: GroupsTab,
    pub week: WeekTab,
    pub today: TodayTab,
}

impl Tabs {
    /// Every tab's screen, each built `From` the settings.
    pub fn new(settings: &AppSettings) -> Self {
        Self {
            plugins: PluginsTab::from(settings),
            groups: GroupsTab::from(settings),
            week: WeekTab::from(settings),
            today: TodayTab::from(settings),
        }
    }

    /// The screen of `tab`.
    pub fn get(&self, tab: Tab) -> &dyn Screen {
        match tab {
            Tab::Plugins => &self.plugins,
            Tab::Groups => &self.groups,
            Tab::Week => &self.week,
            Tab::Today => &self.today,
        }
    }

    /// The screen of `tab`, to change.
    pub fn get_mut(&mut self, tab: Tab) -> &mut dyn Screen {
        match tab {
            Tab::Plugins => &mut self.plugins,
            Tab::Groups => &mut self.groups,
            Tab::Week => &mut self.week,
            Tab::Today => &mut self.today,
        }
    }
}

//! The tabs of the top line, registered once: a new tab is one line of
//! [`tabs!`] (and its screen's file, and its drawer in `ui`).

use super::groups::GroupsTab;
use super::plugins::PluginsTab;
use super::screen::Screen;
use super::shared::AppSettings;
use super::today::TodayTab;
use super::week::WeekTab;

/// Declares the tabs, in the order of the top line and of the number keys:
/// `Variant: field: ScreenType = "Name"`. The screen type is built `From`
/// the settings.
macro_rules! tabs {
    ($($variant:ident: $field:ident: $screen:ty = $name:literal,)+) => {
        /// The tabs of the top line.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum Tab {
            $($variant,)+
        }

        impl Tab {
            /// Every tab, in the order of the top line.
            pub const ALL: &'static [Tab] = &[$(Tab::$variant,)+];

            /// The name in the top line.
            pub fn name(self) -> &'static str {
                match self {
                    $(Tab::$variant => $name,)+
                }
            }
        }

        /// The screen of every tab.
        pub struct Tabs {
            $(pub $field: $screen,)+
        }

        impl Tabs {
            pub fn new(settings: &AppSettings) -> Self {
                Self {
                    $($field: <$screen>::from(settings),)+
                }
            }

            /// The screen of `tab`.
            pub fn get(&self, tab: Tab) -> &dyn Screen {
                match tab {
                    $(Tab::$variant => &self.$field,)+
                }
            }

            /// The screen of `tab`, to change.
            pub fn get_mut(&mut self, tab: Tab) -> &mut dyn Screen {
                match tab {
                    $(Tab::$variant => &mut self.$field,)+
                }
            }
        }
    };
}

tabs! {
    Plugins: plugins: PluginsTab = "Plugins",
    Groups: groups: GroupsTab = "Groups",
    Week: week: WeekTab = "Week",
    Today: today: TodayTab = "Today",
}

impl Tab {
    /// The tab after this one in the top line (`forward`), or before it.
    pub fn beside(self, forward: bool) -> Self {
        let index = Self::ALL.iter().position(|tab| *tab == self).unwrap_or(0);
        let step = if forward { 1 } else { Self::ALL.len() - 1 };
        Self::ALL[(index + step) % Self::ALL.len()]
    }
}

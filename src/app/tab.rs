//! The tabs, declared once ([`tabs!`]): each tab's variant, name, number
//! key, screen, keymap context and drawer on one line. Everything that
//! lists tabs is made from it: [`Tab`] here (vocabulary only: no screen is
//! reached from this file), the tabs' contexts and number keys in the
//! keymap (`keymap/`), the screen of every tab in the registry
//! (`registry.rs`, above the screens), the drawer of each in `ui`, and the
//! `mod` lines of its files (`app/mod.rs`, `ui/mod.rs`). A new tab is its
//! screen's files and one line below.

/// The one declaration of the tabs, in the top line's order: it hands the
/// list to the macro `$then`, which makes what its file needs of it. A line:
/// `Variant: "Name", 'number key', screen_module::ScreenType,
/// Context ("help heading"), ui_module::drawer;`
/// (the screen is in `app/screen_module.rs`, its drawing in
/// `ui/screen_module.rs`, the drawer a function of `ui/ui_module.rs` taking
/// `(&ScreenType, &mut Frame, &View)`).
macro_rules! tabs {
    ($then:ident) => {
        $then! {
            Plugins: "Plugins", '1', plugins::PluginsTab, PluginsList ("Plugins list"), list::draw_tab;
            Groups: "Groups", '2', groups::GroupsTab, GroupsList ("Groups list"), list::draw_tab;
            Week: "Week", '3', week::WeekTab, Week ("Week"), week::draw;
            Today: "Today", '4', today::TodayTab, Today ("Today"), today::draw;
            /// What changed since the baseline (issue 28).
            Changes: "Changes", '5', changes::ChangesTab, Changes ("Changes since the baseline"), changes::draw;
            /// Every centre of the fleet at a glance (issue 38).
            Centres: "Centres", '0', centres::CentresTab, Centres ("Centres"), centres::draw;
        }
    };
}
pub(crate) use tabs;

/// Makes [`Tab`] from [`tabs!`].
macro_rules! tab_vocabulary {
    ($($(#[$doc:meta])* $variant:ident: $name:literal, $key:literal,
        $module:ident::$screen:ident, $context:ident ($title:literal),
        $ui:ident::$drawer:ident;)+) => {
        /// The tabs of the top line, in its order (and the number keys').
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum Tab {
            $($(#[$doc])* $variant,)+
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

            /// The number key that shows it (by default), as the top line
            /// writes it before the name.
            pub fn key(self) -> char {
                match self {
                    $(Tab::$variant => $key,)+
                }
            }
        }
    };
}

tabs!(tab_vocabulary);

impl Tab {
    /// The tab after this one in the top line (`forward`), or before it.
    pub fn beside(self, forward: bool) -> Self {
        let index = Self::ALL.iter().position(|tab| *tab == self).unwrap_or(0);
        let step = if forward { 1 } else { Self::ALL.len() - 1 };
        Self::ALL[(index + step) % Self::ALL.len()]
    }
}

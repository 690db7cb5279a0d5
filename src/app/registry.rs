//! The registry of screens, above them (nothing below it names a screen):
//! the screen of every tab ([`Tabs`], made from the one declaration of the
//! tabs, `tabs!` in `tab.rs`), the overlays that can be open ([`Overlay`],
//! one line each in [`overlays!`], built by the app from what a screen
//! asked for, an `Ask`), and [`ScreenView`], every screen as `ui` draws it. Every
//! match on them is exhaustive: the compiler names what a new screen still
//! lacks, its drawer in `ui` among them.

use super::branch_picker::BranchPicker;
use super::command_line::CommandLine;
use super::confirm::Confirm;
use super::help::Help;
use super::install_across::InstallAcross;
use super::lesson_list::LessonList;
use super::screen::{Screen, TabScreen};
use super::shared::AppSettings;
use super::tab::{Tab, tabs};

/// A screen as `ui` draws it: one variant a screen, borrowing it (the
/// tabs' in [`TabView`]).
#[derive(Clone, Copy)]
pub enum ScreenView<'a> {
    Tab(TabView<'a>),
    Help(&'a Help),
    Confirm(&'a Confirm),
    BranchPicker(&'a BranchPicker),
    LessonList(&'a LessonList),
    CommandLine(&'a CommandLine),
    InstallAcross(&'a InstallAcross),
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
    InstallAcross(InstallAcross),
}

/// Makes [`Tabs`] and [`TabView`] from [`tabs!`]: a tab's screen is the
/// field named after its module.
macro_rules! tab_screens {
    ($($(#[$doc:meta])* $variant:ident: $name:literal, $key:literal,
        $module:ident::$screen:ident, $context:ident ($title:literal),
        $ui:ident::$drawer:ident;)+) => {
        /// The screen of every tab.
        pub struct Tabs {
            $(pub $module: super::$module::$screen,)+
        }

        /// A tab's screen as `ui` draws it, borrowing it.
        #[derive(Clone, Copy)]
        pub enum TabView<'a> {
            $($variant(&'a super::$module::$screen),)+
        }

        impl Tabs {
            /// Every tab's screen, each built `From` the settings.
            pub fn new(settings: &AppSettings) -> Self {
                Self {
                    $($module: super::$module::$screen::from(settings),)+
                }
            }

            /// The screen of `tab`.
            pub fn get(&self, tab: Tab) -> &dyn TabScreen {
                match tab {
                    $(Tab::$variant => &self.$module,)+
                }
            }

            /// The screen of `tab` as `ui` draws it.
            pub fn view(&self, tab: Tab) -> ScreenView<'_> {
                ScreenView::Tab(match tab {
                    $(Tab::$variant => TabView::$variant(&self.$module),)+
                })
            }

            /// The screen of `tab`, to change.
            pub fn get_mut(&mut self, tab: Tab) -> &mut dyn TabScreen {
                match tab {
                    $(Tab::$variant => &mut self.$module,)+
                }
            }
        }
    };
}

tabs!(tab_screens);

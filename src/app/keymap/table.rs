//! The keymap table: every row (context, keys, action, label), in the
//! order of the footer hints and of the help overlay. The scrolling of a
//! group's detail is written once and given to each context it opens in.

use super::key::{Key, ctrl, plain, special};
use super::{Action, Context};
use crate::app::list_cursor::Movement;
use crate::app::tab::{Tab, tabs};
use crossterm::event::KeyCode;
use std::sync::LazyLock;

/// One row of the keymap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Binding {
    pub context: Context,
    pub keys: &'static [Key],
    pub action: Action,
    /// What the key does, in a few words.
    pub label: &'static str,
    /// Shown in the footer (the help overlay shows every binding).
    pub in_footer: bool,
}

const fn bind(
    context: Context,
    keys: &'static [Key],
    action: Action,
    label: &'static str,
    in_footer: bool,
) -> Binding {
    Binding {
        context,
        keys,
        action,
        label,
        in_footer,
    }
}

const UP: Key = special(KeyCode::Up);
const DOWN: Key = special(KeyCode::Down);
const ENTER: Key = special(KeyCode::Enter);
const ESC: Key = special(KeyCode::Esc);

use Action as A;
use Context as C;
use Movement as M;

// The keys that scroll (or move) the same everywhere, for the rows below.
const J_DOWN: &[Key] = &[plain('j'), DOWN];
const K_UP: &[Key] = &[plain('k'), UP];
const G_HOME: &[Key] = &[plain('g'), special(KeyCode::Home)];
const SHIFT_G_END: &[Key] = &[plain('G'), special(KeyCode::End)];
const PAGE_DOWN: &[Key] = &[special(KeyCode::PageDown)];
const PAGE_UP: &[Key] = &[special(KeyCode::PageUp)];

/// The keys of a group's detail wherever it opens: Esc goes `back` to
/// where it opened from, the others scroll.
#[rustfmt::skip]
fn group_detail(context: Context, back: &'static str) -> [Binding; 7] {
    [
        bind(context, &[ESC], A::Back, back, true),
        bind(context, J_DOWN, A::Move(M::Down), "scroll down", true),
        bind(context, K_UP, A::Move(M::Up), "scroll up", true),
        bind(context, G_HOME, A::Move(M::Top), "top", false),
        bind(context, SHIFT_G_END, A::Move(M::Bottom), "bottom", false),
        bind(context, PAGE_DOWN, A::Move(M::PageDown), "a screen down", false),
        bind(context, PAGE_UP, A::Move(M::PageUp), "a screen up", false),
    ]
}

/// Makes [`TAB_KEYS`] from [`tabs!`]: a number key a tab.
macro_rules! tab_keys {
    ($($(#[$doc:meta])* $variant:ident: $name:literal, $key:literal,
        $module:ident::$screen:ident, $context:ident ($title:literal),
        $ui:ident::$drawer:ident;)+) => {
        /// The number keys, everywhere: each shows its tab.
        const TAB_KEYS: &[Binding] = &[
            $(bind(C::Global, &[plain($key)], A::ShowTab(Tab::$variant), concat!($name, " tab"), false),)+
        ];
    };
}

tabs!(tab_keys);

/// Everywhere (after the number keys).
#[rustfmt::skip]
const EVERYWHERE: &[Binding] = &[
    bind(C::Global, &[special(KeyCode::Tab)], A::NextTab, "next tab", false),
    bind(C::Global, &[special(KeyCode::BackTab)], A::PreviousTab, "previous tab", false),
    bind(C::Global, &[plain('r')], A::Refresh, "refresh", false),
    bind(C::Global, &[plain('R')], A::ReloadToken, "reload the token", false),
    bind(C::Global, &[plain('?')], A::Help, "help", true),
    bind(C::Global, &[plain(':')], A::CommandLine, "command line", false),
    // A command only, until `[keys]` binds it (`export = ["C-e"]`).
    bind(C::Global, &[], A::Export, "export the list as CSV", false),
    bind(C::Global, &[plain('q')], A::Quit, "quit", true),
    // Its own row: in a text input q is a letter, C-c still quits.
    bind(C::Global, &[ctrl('c')], A::Quit, "quit", true),
    bind(C::Global, &[ctrl('z')], A::Suspend, "suspend (fg resumes)", false),
];

/// The groups list.
#[rustfmt::skip]
const GROUPS_LIST: &[Binding] = &[
    bind(C::GroupsList, &[ENTER], A::Open, "details", true),
    bind(C::GroupsList, &[plain('b')], A::PickBranch, "branch", true),
    bind(C::GroupsList, &[plain('w')], A::OpenWeek, "week", true),
    bind(C::GroupsList, &[plain('t')], A::OpenToday, "today", true),
    bind(C::GroupsList, &[plain('/')], A::Filter, "filter", true),
    bind(C::GroupsList, &[plain('s')], A::CycleSort, "sort", true),
    bind(C::GroupsList, &[plain('S')], A::ReverseSort, "reverse the sort", false),
    bind(C::GroupsList, &[plain('a')], A::ToggleArchived, "hide/show archived", true),
    bind(C::GroupsList, &[plain('j'), DOWN], A::Move(M::Down), "down", false),
    bind(C::GroupsList, &[plain('k'), UP], A::Move(M::Up), "up", false),
    bind(C::GroupsList, &[plain('g'), special(KeyCode::Home)], A::Move(M::Top), "first row", false),
    bind(C::GroupsList, &[plain('G'), special(KeyCode::End)], A::Move(M::Bottom), "last row", false),
    bind(C::GroupsList, &[special(KeyCode::PageDown)], A::Move(M::PageDown), "a screen down", false),
    bind(C::GroupsList, &[special(KeyCode::PageUp)], A::Move(M::PageUp), "a screen up", false),
    bind(C::GroupsList, &[ESC], A::Back, "stop loading / clear filter / error", false),
];

/// The week.
#[rustfmt::skip]
const WEEK: &[Binding] = &[
    bind(C::Week, &[ENTER], A::Open, "details", true),
    bind(C::Week, &[plain('h'), special(KeyCode::Left)], A::PreviousDay, "previous day", true),
    bind(C::Week, &[plain('l'), special(KeyCode::Right)], A::NextDay, "next day", true),
    bind(C::Week, &[plain('j'), DOWN], A::Move(M::Down), "next group", true),
    bind(C::Week, &[plain('k'), UP], A::Move(M::Up), "previous group", true),
    bind(C::Week, &[plain('a')], A::ToggleArchived, "show/hide archived", true),
    bind(C::Week, &[plain('b')], A::PickBranch, "branch", false),
    bind(C::Week, &[plain('g'), special(KeyCode::Home)], A::Move(M::Top), "first group", false),
    bind(C::Week, &[plain('G'), special(KeyCode::End)], A::Move(M::Bottom), "last group", false),
    bind(C::Week, &[ESC], A::Back, "cancel loading / clear error", false),
];

/// The groups of a crowded cell of the week.
#[rustfmt::skip]
const CROWD: &[Binding] = &[
    bind(C::Crowd, &[ENTER], A::Open, "details", true),
    bind(C::Crowd, &[ESC], A::Back, "back to the week", true),
    bind(C::Crowd, &[plain('j'), DOWN], A::Move(M::Down), "down", true),
    bind(C::Crowd, &[plain('k'), UP], A::Move(M::Up), "up", true),
    bind(C::Crowd, &[plain('g'), special(KeyCode::Home)], A::Move(M::Top), "first group", false),
    bind(C::Crowd, &[plain('G'), special(KeyCode::End)], A::Move(M::Bottom), "last group", false),
];

/// Today's lessons.
#[rustfmt::skip]
const TODAY: &[Binding] = &[
    bind(C::Today, &[ENTER], A::Open, "details", true),
    bind(C::Today, &[plain('h'), special(KeyCode::Left)], A::PreviousDay, "previous day", true),
    bind(C::Today, &[plain('l'), special(KeyCode::Right)], A::NextDay, "next day", true),
    bind(C::Today, &[plain('j'), DOWN], A::Move(M::Down), "next lesson", false),
    bind(C::Today, &[plain('k'), UP], A::Move(M::Up), "previous lesson", false),
    bind(C::Today, &[plain('a')], A::ToggleArchived, "show/hide archived", true),
    bind(C::Today, &[plain('b')], A::PickBranch, "branch", true),
    bind(C::Today, &[plain('g'), special(KeyCode::Home)], A::Move(M::Top), "first lesson", false),
    bind(C::Today, &[plain('G'), special(KeyCode::End)], A::Move(M::Bottom), "last lesson", false),
    bind(C::Today, &[special(KeyCode::PageDown)], A::Move(M::PageDown), "a screen down", false),
    bind(C::Today, &[special(KeyCode::PageUp)], A::Move(M::PageUp), "a screen up", false),
    bind(C::Today, &[ESC], A::Back, "clear error", false),
];

/// What changed since the baseline.
#[rustfmt::skip]
const CHANGES: &[Binding] = &[
    bind(C::Changes, &[ENTER], A::Open, "open the group", true),
    bind(C::Changes, &[plain('j'), DOWN], A::Move(M::Down), "next change", true),
    bind(C::Changes, &[plain('k'), UP], A::Move(M::Up), "previous change", true),
    bind(C::Changes, &[plain('b')], A::PickBranch, "branch", true),
    bind(C::Changes, &[plain('g'), special(KeyCode::Home)], A::Move(M::Top), "first change", false),
    bind(C::Changes, &[plain('G'), special(KeyCode::End)], A::Move(M::Bottom), "last change", false),
    bind(C::Changes, &[special(KeyCode::PageDown)], A::Move(M::PageDown), "a screen down", false),
    bind(C::Changes, &[special(KeyCode::PageUp)], A::Move(M::PageUp), "a screen up", false),
    bind(C::Changes, &[ESC], A::Back, "clear message", false),
];

/// The centres of the fleet (issue 38).
#[rustfmt::skip]
const CENTRES: &[Binding] = &[
    bind(C::Centres, &[ENTER], A::Open, "open the centre", true),
    bind(C::Centres, &[plain('j'), DOWN], A::Move(M::Down), "down", true),
    bind(C::Centres, &[plain('k'), UP], A::Move(M::Up), "up", true),
    bind(C::Centres, &[plain('g'), special(KeyCode::Home)], A::Move(M::Top), "first row", false),
    bind(C::Centres, &[plain('G'), special(KeyCode::End)], A::Move(M::Bottom), "last row", false),
    bind(C::Centres, &[ESC], A::Back, "clear message", false),
];

/// The plugins list.
/// Enter opens the details everywhere; installing is `i`'s alone.
#[rustfmt::skip]
const PLUGINS_LIST: &[Binding] = &[
    bind(C::PluginsList, &[ENTER, plain('d')], A::ShowDetails, "details", true),
    bind(C::PluginsList, &[plain('i')], A::Install, "install", true),
    bind(C::PluginsList, &[plain('/')], A::Filter, "filter by name", true),
    bind(C::PluginsList, &[plain('t')], A::CycleType, "type: Free/Premium/all", true),
    bind(C::PluginsList, &[plain('j'), DOWN], A::Move(M::Down), "down", false),
    bind(C::PluginsList, &[plain('k'), UP], A::Move(M::Up), "up", false),
    bind(C::PluginsList, &[plain('g'), special(KeyCode::Home)], A::Move(M::Top), "first row", false),
    bind(C::PluginsList, &[plain('G'), special(KeyCode::End)], A::Move(M::Bottom), "last row", false),
    bind(C::PluginsList, &[ESC], A::Back, "clear filter / error", false),
];

/// A plugin's detail.
#[rustfmt::skip]
const PLUGIN_DETAIL: &[Binding] = &[
    bind(C::PluginDetail, &[ESC], A::Back, "back to the list", true),
    bind(C::PluginDetail, &[plain('v')], A::RevealToken, "show/hide the token", true),
    bind(C::PluginDetail, &[plain('c')], A::CopyToken, "copy the token", true),
    bind(C::PluginDetail, &[plain('i')], A::Install, "install", true),
    bind(C::PluginDetail, &[plain('j'), DOWN], A::Move(M::Down), "scroll down", false),
    bind(C::PluginDetail, &[plain('k'), UP], A::Move(M::Up), "scroll up", false),
    bind(C::PluginDetail, &[plain('g'), special(KeyCode::Home)], A::Move(M::Top), "top", false),
    bind(C::PluginDetail, &[plain('G'), special(KeyCode::End)], A::Move(M::Bottom), "bottom", false),
    bind(C::PluginDetail, &[special(KeyCode::PageDown)], A::Move(M::PageDown), "a screen down", false),
    bind(C::PluginDetail, &[special(KeyCode::PageUp)], A::Move(M::PageUp), "a screen up", false),
];

/// The install confirmation.
#[rustfmt::skip]
const CONFIRM: &[Binding] = &[
    bind(C::Confirm, &[plain('y')], A::Accept, "install", true),
    bind(C::Confirm, &[plain('n'), ESC], A::Back, "cancel", true),
];

/// The branch picker.
#[rustfmt::skip]
const BRANCH_PICKER: &[Binding] = &[
    bind(C::BranchPicker, &[ENTER], A::Accept, "choose", true),
    bind(C::BranchPicker, &[ESC], A::Back, "cancel", true),
    bind(C::BranchPicker, &[DOWN], A::Move(M::Down), "down", true),
    bind(C::BranchPicker, &[UP], A::Move(M::Up), "up", true),
];

/// Typing a filter.
#[rustfmt::skip]
const FILTER_INPUT: &[Binding] = &[
    bind(C::FilterInput, &[ENTER], A::Accept, "keep the filter", true),
    bind(C::FilterInput, &[ESC], A::Back, "clear the filter", true),
    bind(C::FilterInput, &[DOWN], A::Move(M::Down), "down the list", false),
    bind(C::FilterInput, &[UP], A::Move(M::Up), "up the list", false),
];

/// An install across centres: the number typed, Enter; the report
/// dismissed.
#[rustfmt::skip]
const INSTALL_ACROSS: &[Binding] = &[
    bind(C::InstallAcross, &[ENTER], A::Accept, "confirm", true),
    bind(C::InstallAcross, &[ESC], A::Back, "cancel", true),
    bind(C::InstallAcross, &[DOWN], A::Move(M::Down), "scroll down", false),
    bind(C::InstallAcross, &[UP], A::Move(M::Up), "scroll up", false),
];

/// The command line.
#[rustfmt::skip]
const COMMAND_LINE: &[Binding] = &[
    bind(C::CommandLine, &[ENTER], A::Accept, "run", true),
    bind(C::CommandLine, &[special(KeyCode::Tab)], A::Complete, "complete", true),
    bind(C::CommandLine, &[UP], A::Move(M::Up), "older", true),
    bind(C::CommandLine, &[DOWN], A::Move(M::Down), "newer", true),
    bind(C::CommandLine, &[ESC], A::Back, "close", true),
];

/// The help overlay.
/// Typing there finds actions: letters are text.
#[rustfmt::skip]
const HELP: &[Binding] = &[
    bind(C::Help, &[ESC, plain('?')], A::Back, "close the help", true),
    bind(C::Help, &[ENTER], A::Accept, "run the chosen action", true),
    bind(C::Help, &[DOWN], A::Move(M::Down), "choose the next", false),
    bind(C::Help, &[UP], A::Move(M::Up), "choose the previous", false),
    bind(C::Help, &[special(KeyCode::PageDown)], A::Move(M::PageDown), "scroll down", false),
    bind(C::Help, &[special(KeyCode::PageUp)], A::Move(M::PageUp), "scroll up", false),
];

/// Every key of crmdeck, a context's rows together. Within a context the
/// order is the order of the footer hints and of the help overlay.
pub static KEYMAP: LazyLock<Vec<Binding>> = LazyLock::new(|| {
    [
        TAB_KEYS,
        EVERYWHERE,
        GROUPS_LIST,
        &group_detail(C::GroupDetail, "back to the list"),
        WEEK,
        &group_detail(C::WeekDetail, "back to the week"),
        CROWD,
        &group_detail(C::CrowdDetail, "back to the groups"),
        TODAY,
        &group_detail(C::TodayDetail, "back to today"),
        CHANGES,
        CENTRES,
        PLUGINS_LIST,
        PLUGIN_DETAIL,
        CONFIRM,
        BRANCH_PICKER,
        FILTER_INPUT,
        COMMAND_LINE,
        INSTALL_ACROSS,
        HELP,
    ]
    .concat()
});

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Language;
    use crate::present::words::phrase;

    /// The footer and the help say every label in the language shown: each
    /// has its phrase, whose English is the label itself; so do the help's
    /// headings, the tabs' names and what each `:` command does.
    #[test]
    fn every_label_heading_and_tab_name_has_its_phrase() {
        let headings = KEYMAP.iter().map(|binding| binding.context.title());
        let tabs = Tab::ALL.iter().map(|tab| tab.name());
        let labels = KEYMAP.iter().map(|binding| binding.label);
        let abouts = super::super::words().into_iter().map(|word| word.about);
        for english in labels.chain(headings).chain(tabs).chain(abouts) {
            let found = phrase(english).unwrap_or_else(|| panic!("{english:?} has no phrase"));
            assert_eq!(found.get(Language::En), english);
            assert_ne!(found.get(Language::Ru), english, "{english:?} in Russian");
        }
        assert_eq!(phrase("not a label"), None);
    }
}

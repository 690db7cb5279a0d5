//! The one keymap table: (context, keys, action, label). Dispatch, the
//! footer hints and the help overlay all read it, so they cannot drift.
//! The keys are in `key.rs`, the table's rows in `table.rs`, the `:`
//! commands they make in `words.rs`.

mod key;
mod table;
mod words;

pub use key::Key;
pub use table::{Binding, KEYMAP};
pub use words::{Word, words};

use super::keyboard_layouts::us_key;
use super::list_cursor::Movement;
use super::tab::{Tab, tabs};
use crossterm::event::{KeyCode, KeyEvent};

/// Makes [`Context`] from [`tabs!`]: the context each tab's screen opens in
/// (its heading in the help), and the others, written here.
macro_rules! contexts {
    ($($(#[$doc:meta])* $variant:ident: $name:literal, $key:literal,
        $module:ident::$screen:ident, $context:ident ($title:literal),
        $ui:ident::$drawer:ident;)+) => {
        /// Where a key press lands: the screen or overlay that has the focus.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Context {
            /// Keys that work everywhere (in a text input: only the Ctrl ones).
            Global,
            $(#[doc = concat!("The ", $name, " tab.")] $context,)+
            GroupDetail,
            PluginDetail,
            /// A group's detail opened from the week.
            WeekDetail,
            /// The groups of a crowded cell of the week.
            Crowd,
            /// A group's detail opened from a crowded cell.
            CrowdDetail,
            /// A group's detail opened from today's lessons.
            TodayDetail,
            /// The install confirmation.
            Confirm,
            BranchPicker,
            /// Typing a filter.
            FilterInput,
            Help,
            /// The `:` prompt.
            CommandLine,
            /// An install across centres: the number typed, the report.
            InstallAcross,
        }

        impl Context {
            /// The heading of this context in the help overlay.
            pub fn title(self) -> &'static str {
                match self {
                    Self::Global => "Everywhere",
                    $(Self::$context => $title,)+
                    Self::GroupDetail => "Group detail",
                    Self::PluginDetail => "Plugin detail",
                    Self::WeekDetail => "Group detail (from the week)",
                    Self::Crowd => "Groups of a crowded half hour (from the week)",
                    Self::CrowdDetail => "Group detail (from a crowded half hour)",
                    Self::TodayDetail => "Group detail (from today)",
                    Self::Confirm => "Install confirmation",
                    Self::BranchPicker => "Branch picker (type to filter)",
                    Self::FilterInput => "Filter (type to filter)",
                    Self::Help => "Help",
                    Self::CommandLine => "Command line (:)",
                    Self::InstallAcross => "Install across centres",
                }
            }
        }
    };
}

tabs!(contexts);

impl Context {
    /// True when printable keys are text typed into an input.
    pub fn takes_text(self) -> bool {
        matches!(
            self,
            Self::BranchPicker
                | Self::FilterInput
                | Self::CommandLine
                | Self::Help
                | Self::InstallAcross
        )
    }

    /// True when only the Ctrl global keys apply: text inputs, where letters
    /// are text, and the confirmation, which no stray key should leave.
    fn only_control_globals(self) -> bool {
        self.takes_text() || self == Self::Confirm
    }
}

/// What a key asks for; its meaning depends on the context.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Quit,
    Suspend,
    /// A number key: that tab.
    ShowTab(Tab),
    /// `w` on the Groups tab: the week of the branch.
    OpenWeek,
    /// `t` on the Groups tab: today's lessons of the branch.
    OpenToday,
    PreviousDay,
    NextDay,
    NextTab,
    PreviousTab,
    Help,
    Refresh,
    ReloadToken,
    /// Esc: close, leave or clear, whatever is on top.
    Back,
    /// A move of the selection or the scroll position.
    Move(Movement),
    PickBranch,
    Filter,
    CycleSort,
    ReverseSort,
    ToggleArchived,
    /// Enter on a list row.
    Open,
    ShowDetails,
    Install,
    CycleType,
    RevealToken,
    CopyToken,
    /// Enter in a picker or filter, y in the confirmation.
    Accept,
    /// `:`: the command line.
    CommandLine,
    /// Tab in the command line.
    Complete,
    /// The list shown written to a CSV file (`:export` given nothing).
    Export,
}

impl Action {
    /// Its name in the config's `[keys]` and in `crmdeck keys` (and its
    /// `:` command): written out here, as the config files in users' hands
    /// use them, so that renaming a variant renames nothing they bind
    /// (`next_tab`, `move_down`, `show_tab_groups`).
    pub fn name(self) -> String {
        let name = match self {
            Self::Quit => "quit",
            Self::Suspend => "suspend",
            // The tab's name in the top line, in lower case.
            Self::ShowTab(tab) => return format!("show_tab_{}", tab.name().to_lowercase()),
            Self::OpenWeek => "open_week",
            Self::OpenToday => "open_today",
            Self::PreviousDay => "previous_day",
            Self::NextDay => "next_day",
            Self::NextTab => "next_tab",
            Self::PreviousTab => "previous_tab",
            Self::Help => "help",
            Self::Refresh => "refresh",
            Self::ReloadToken => "reload_token",
            Self::Back => "back",
            Self::Move(movement) => match movement {
                Movement::Up => "move_up",
                Movement::Down => "move_down",
                Movement::Top => "move_top",
                Movement::Bottom => "move_bottom",
                Movement::PageUp => "move_page_up",
                Movement::PageDown => "move_page_down",
                // The mouse wheel's, in no row of the table: no key binds it.
                Movement::By(rows) => return format!("move_by{}", rows.unsigned_abs()),
            },
            Self::PickBranch => "pick_branch",
            Self::Filter => "filter",
            Self::CycleSort => "cycle_sort",
            Self::ReverseSort => "reverse_sort",
            Self::ToggleArchived => "toggle_archived",
            Self::Open => "open",
            Self::ShowDetails => "show_details",
            Self::Install => "install",
            Self::CycleType => "cycle_type",
            Self::RevealToken => "reveal_token",
            Self::CopyToken => "copy_token",
            Self::Accept => "accept",
            Self::CommandLine => "command_line",
            Self::Complete => "complete",
            Self::Export => "export",
        };
        name.to_string()
    }
}

/// The keymap in use: the table's rows, each with its keys: the table's
/// own, or those the user bound to its action in the config's `[keys]`.
/// Dispatch, the footer and the help read it; the README shows the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Keymap {
    /// Every row of [`KEYMAP`], in its order, with its keys in use.
    rows: Vec<RowInUse>,
}

/// A row of the table and the keys it answers to now.
#[derive(Debug, Clone, PartialEq, Eq)]
struct RowInUse {
    binding: &'static Binding,
    keys: Vec<Key>,
    /// The `[keys]` entry that gave the row its keys, if one did.
    bound_by: Option<usize>,
}

impl RowInUse {
    /// The `[keys]` entry that added `key` to the row (not one of the
    /// table's own keys of the row).
    fn added(&self, key: &Key) -> Option<usize> {
        self.bound_by.filter(|_| !self.binding.keys.contains(key))
    }
}

impl Default for Keymap {
    fn default() -> Self {
        let rows = KEYMAP.iter().map(|binding| RowInUse {
            binding,
            keys: binding.keys.to_vec(),
            bound_by: None,
        });
        Self {
            rows: rows.collect(),
        }
    }
}

/// A row of the keymap in use: the table's row and its keys.
#[derive(Debug, Clone, Copy)]
pub struct Row<'k> {
    pub binding: &'static Binding,
    pub keys: &'k [Key],
}

impl Keymap {
    /// The defaults, with the actions `user` names (`install = ["i", "F5"]`)
    /// bound to its keys instead: in every context the action has a row,
    /// the first such row takes them (a second row keeps its keys: `C-c`
    /// still quits after `quit = ["x"]`). The text inputs (filter, picker,
    /// command line, help) keep the table's keys: letters are text there.
    /// An unknown action, a key that is no key, or a key the user's binding
    /// gives two actions in one context is refused: the index of the entry
    /// at fault and why, with the nearest valid name.
    pub fn with_user<'u>(
        user: impl IntoIterator<Item = (&'u str, &'u [String])>,
    ) -> Result<Self, (usize, String)> {
        let mut keymap = Self::default();
        for (entry, (name, keys)) in user.into_iter().enumerate() {
            let action = words::bindable(name).map_err(|why| (entry, why))?;
            let keys: Vec<Key> = keys
                .iter()
                .map(|key| Key::parse(key))
                .collect::<Result<_, _>>()
                .map_err(|why| (entry, why))?;
            if KEYMAP
                .iter()
                .all(|binding| binding.action != action || binding.context.takes_text())
            {
                let why = format!("{name} is a key of the text inputs, which keep their keys");
                return Err((entry, why));
            }
            let mut contexts_done: Vec<Context> = Vec::new();
            for row in &mut keymap.rows {
                let context = row.binding.context;
                if row.binding.action != action
                    || context.takes_text()
                    || contexts_done.contains(&context)
                {
                    continue;
                }
                contexts_done.push(context);
                row.keys = keys.clone();
                row.bound_by = Some(entry);
            }
        }
        keymap.check_twice()?;
        Ok(keymap)
    }

    /// A key a user's binding added to a row that another action's row
    /// also answers in one context, the globals that apply there included.
    /// The table's own overlaps (`?` closes the help) are no fault.
    fn check_twice(&self) -> Result<(), (usize, String)> {
        let mut contexts: Vec<Context> = self.rows.iter().map(|row| row.binding.context).collect();
        contexts.dedup();
        for context in contexts {
            let only_control = context.only_control_globals();
            let rows: Vec<&RowInUse> = self
                .rows
                .iter()
                .filter(|row| {
                    row.binding.context == context
                        || (row.binding.context == Context::Global
                            && (!only_control || row.keys.iter().all(|key| key.control)))
                })
                .collect();
            for (at, row) in rows.iter().enumerate() {
                for other in &rows[at + 1..] {
                    if row.binding.action == other.binding.action {
                        continue;
                    }
                    let twice = row.keys.iter().find_map(|key| {
                        let same = other
                            .keys
                            .iter()
                            .find(|other| other.same_to_terminal(key))?;
                        let entry = row.added(key).or_else(|| other.added(same))?;
                        Some((key, same, entry))
                    });
                    if let Some((key, same, entry)) = twice {
                        let keys = if key == same {
                            format!("key {}", key.label())
                        } else {
                            let (key, same) = (key.label(), same.label());
                            format!("key {key} is {same} to the terminal (the same bytes) and")
                        };
                        return Err((
                            entry,
                            format!(
                                "{keys} is bound twice in {}: {} and {}",
                                context.title(),
                                row.binding.action.name(),
                                other.binding.action.name()
                            ),
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// The keymap with the number keys of `tabs` only: the help's render
    /// snapshots draw a fixed list of tabs, so that a new tab changes none
    /// of them (the help lists the tabs this keymap has keys for).
    pub fn for_tabs(mut self, tabs: &[Tab]) -> Self {
        self.rows.retain(|row| match row.binding.action {
            Action::ShowTab(tab) => tabs.contains(&tab),
            _ => true,
        });
        self
    }

    /// True when it has the number key of `tab`: every tab's, unless made
    /// [`Keymap::for_tabs`] a few.
    pub fn has_tab(&self, tab: Tab) -> bool {
        let action = Action::ShowTab(tab);
        self.rows.iter().any(|row| row.binding.action == action)
    }

    /// Every row, in table order.
    pub fn rows(&self) -> impl Iterator<Item = Row<'_>> {
        self.rows.iter().map(|row| Row {
            binding: row.binding,
            keys: &row.keys,
        })
    }

    /// The rows of one context, in table order.
    pub fn bindings(&self, context: Context) -> impl Iterator<Item = Row<'_>> {
        self.rows()
            .filter(move |row| row.binding.context == context)
    }

    /// The global rows that apply in `context`: not those whose keys the
    /// context binds itself (`?` closes the help), and in a text input or
    /// the confirmation only the Ctrl ones.
    pub fn globals_in(&self, context: Context) -> impl Iterator<Item = Row<'_>> {
        let only_control = context.only_control_globals();
        let shadowed = move |key: &Key| self.bindings(context).any(|row| row.keys.contains(key));
        self.bindings(Context::Global)
            .filter(move |row| match row.keys {
                // A command no key is bound to: wherever commands run.
                [] => !only_control,
                keys => {
                    (!only_control || keys.iter().all(|key| key.control))
                        && !keys.iter().all(shadowed)
                }
            })
    }

    /// True when `action` runs in `context`: a row of its own or a global
    /// that applies there has it.
    pub fn answers(&self, context: Context, action: Action) -> bool {
        self.bindings(context)
            .chain(self.globals_in(context))
            .any(|row| row.binding.action == action)
    }

    /// The action of `key` in `context`: the context's own rows first, then
    /// the globals that apply there. Outside text inputs a key that means
    /// nothing as typed means what the US layout types on the same key: with
    /// a Cyrillic layout active `о` is `j`, `й` is `q`, `.` (the `/` key) is `/`.
    pub fn action_for(&self, context: Context, key: &KeyEvent) -> Option<Action> {
        let bound = |key: &KeyEvent| {
            self.bindings(context)
                .chain(self.globals_in(context))
                .find(|row| row.keys.iter().any(|k| k.matches(key)))
                .map(|row| row.binding.action)
        };
        bound(key).or_else(|| {
            let KeyCode::Char(typed) = key.code else {
                return None;
            };
            let us = us_key(typed).filter(|_| !context.takes_text())?;
            bound(&KeyEvent::new(KeyCode::Char(us), key.modifiers))
        })
    }

    /// The footer hints of `context`: its own first, then the globals that
    /// apply; one hint per action (the first key that applies).
    pub fn footer_hints(&self, context: Context) -> Vec<Hint> {
        let mut hints: Vec<Hint> = Vec::new();
        for row in self.bindings(context).chain(self.globals_in(context)) {
            let binding = row.binding;
            let seen = hints.iter().any(|hint| hint.action == binding.action);
            if let (true, false, Some(key)) = (binding.in_footer, seen, row.keys.first()) {
                hints.push(Hint {
                    key: key.label(),
                    action: binding.action,
                    label: binding.label,
                    global: binding.context == Context::Global,
                });
            }
        }
        hints
    }
}

/// A footer hint: a binding's first key and its label.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    pub key: String,
    pub action: Action,
    pub label: &'static str,
    /// A global key (kept when the footer is too narrow for all hints).
    pub global: bool,
}

/// Keys as one label: `j ↓`.
pub fn keys_label(keys: &[Key]) -> String {
    keys.iter().map(Key::label).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::key::{ctrl, special};
    use super::*;
    use Action as A;
    use Context as C;
    use Movement as M;
    use crossterm::event::KeyModifiers;
    use std::sync::LazyLock;

    static DEFAULTS: LazyLock<Keymap> = LazyLock::new(Keymap::default);

    fn bindings(context: Context) -> impl Iterator<Item = Row<'static>> {
        DEFAULTS.bindings(context)
    }

    fn globals_in(context: Context) -> impl Iterator<Item = Row<'static>> {
        DEFAULTS.globals_in(context)
    }

    fn action_for(context: Context, key: &KeyEvent) -> Option<Action> {
        DEFAULTS.action_for(context, key)
    }

    fn footer_hints(context: Context) -> Vec<Hint> {
        DEFAULTS.footer_hints(context)
    }

    fn key(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, modifiers)
    }

    /// Every context a screen can be in.
    const EVERY_CONTEXT_BUT_GLOBAL: [C; 16] = [
        C::CommandLine,
        C::GroupsList,
        C::GroupDetail,
        C::PluginsList,
        C::PluginDetail,
        C::Week,
        C::WeekDetail,
        C::Crowd,
        C::CrowdDetail,
        C::Today,
        C::TodayDetail,
        C::Changes,
        C::Confirm,
        C::BranchPicker,
        C::FilterInput,
        C::Help,
    ];

    #[test]
    fn no_key_means_two_things_in_one_context() {
        for context in EVERY_CONTEXT_BUT_GLOBAL {
            let keys: Vec<Key> = bindings(context)
                .flat_map(|b| b.keys.iter().copied())
                .collect();
            for (i, a) in keys.iter().enumerate() {
                assert!(!keys[i + 1..].contains(a), "{context:?}: {a:?} twice");
            }
        }
    }

    #[test]
    fn shift_is_part_of_the_character_and_ctrl_is_not() {
        let shifted = key(KeyCode::Char('S'), KeyModifiers::SHIFT);
        assert_eq!(action_for(C::GroupsList, &shifted), Some(A::ReverseSort));
        let back_tab = key(KeyCode::BackTab, KeyModifiers::SHIFT);
        assert_eq!(action_for(C::GroupsList, &back_tab), Some(A::PreviousTab));
        let ctrl_c = key(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(action_for(C::PluginDetail, &ctrl_c), Some(A::Quit));
        let c = key(KeyCode::Char('c'), KeyModifiers::NONE);
        assert_eq!(action_for(C::PluginDetail, &c), Some(A::CopyToken));
    }

    #[test]
    fn text_inputs_and_the_confirmation_keep_only_ctrl_globals() {
        let q = key(KeyCode::Char('q'), KeyModifiers::NONE);
        let ctrl_c = key(KeyCode::Char('c'), KeyModifiers::CONTROL);
        for context in [
            C::FilterInput,
            C::BranchPicker,
            C::Confirm,
            C::Help,
            C::CommandLine,
        ] {
            assert_eq!(action_for(context, &q), None, "{context:?}");
            assert_eq!(action_for(context, &ctrl_c), Some(A::Quit), "{context:?}");
        }
        let help = key(KeyCode::Char('?'), KeyModifiers::NONE);
        assert_eq!(action_for(C::Help, &help), Some(A::Back));
        assert!(globals_in(C::Help).all(|b| b.binding.action != A::Help));
    }

    #[test]
    fn a_cyrillic_letter_is_the_key_it_sits_on_outside_text_inputs() {
        let typed = |c: char| key(KeyCode::Char(c), KeyModifiers::NONE);
        let shifted = |c: char| key(KeyCode::Char(c), KeyModifiers::SHIFT);
        for (context, c, action) in [
            (C::GroupsList, 'о', A::Move(M::Down)),
            (C::GroupsList, 'л', A::Move(M::Up)),
            (C::GroupsList, 'й', A::Quit),
            (C::GroupsList, 'и', A::PickBranch),
            (C::GroupsList, '.', A::Filter),
            (C::GroupsList, ',', A::Help),
            (C::GroupsList, 'ц', A::OpenWeek),
            (C::GroupDetail, 'о', A::Move(M::Down)),
            (C::Week, 'р', A::PreviousDay),
            (C::Week, 'д', A::NextDay),
            (C::Today, 'р', A::PreviousDay),
            (C::Today, 'д', A::NextDay),
            (C::PluginsList, 'ш', A::Install),
            (C::PluginsList, 'е', A::CycleType),
            (C::PluginDetail, 'м', A::RevealToken),
            (C::PluginDetail, 'с', A::CopyToken),
            (C::Confirm, 'н', A::Accept),
            (C::Confirm, 'т', A::Back),
        ] {
            assert_eq!(
                action_for(context, &typed(c)),
                Some(action),
                "{context:?} {c}"
            );
        }
        // Capitals are the shifted key, Shift held or not.
        for (c, action) in [
            ('П', A::Move(M::Bottom)),
            ('Ы', A::ReverseSort),
            ('Қ', A::ReverseSort),
        ] {
            assert_eq!(action_for(C::GroupsList, &shifted(c)), Some(action), "{c}");
            assert_eq!(action_for(C::GroupsList, &typed(c)), Some(action), "{c}");
        }
        assert_eq!(action_for(C::Global, &shifted('К')), Some(A::ReloadToken));
        // The key means nothing in Latin either: nothing.
        assert_eq!(action_for(C::GroupDetail, &typed('.')), None);
        assert_eq!(action_for(C::GroupsList, &typed('ю')), None);
        // Text inputs take the letter as typed; their Ctrl keys still work.
        for context in [C::FilterInput, C::BranchPicker] {
            for c in ['о', 'л', 'й', 'и', '.', ','] {
                assert_eq!(action_for(context, &typed(c)), None, "{context:?} {c}");
            }
            let ctrl_c = key(KeyCode::Char('c'), KeyModifiers::CONTROL);
            assert_eq!(action_for(context, &ctrl_c), Some(A::Quit));
        }
    }

    #[test]
    fn every_key_as_typed_keeps_the_meaning_its_row_gives_it() {
        for context in EVERY_CONTEXT_BUT_GLOBAL {
            for binding in bindings(context).chain(globals_in(context)) {
                for k in binding.keys {
                    let modifiers = if k.control {
                        KeyModifiers::CONTROL
                    } else {
                        KeyModifiers::NONE
                    };
                    let first = bindings(context)
                        .chain(globals_in(context))
                        .find(|b| b.keys.contains(k))
                        .unwrap();
                    assert_eq!(
                        action_for(context, &key(k.code, modifiers)),
                        Some(first.binding.action),
                        "{context:?} {}",
                        k.label()
                    );
                }
            }
        }
    }

    #[test]
    fn hints_and_labels_come_from_the_table() {
        let hints = footer_hints(C::GroupsList);
        assert_eq!(
            (hints[0].key.as_str(), hints[0].label),
            ("Enter", "details")
        );
        let last = hints.last().unwrap();
        assert_eq!(
            (last.key.as_str(), last.label, last.global),
            ("q", "quit", true)
        );
        let quit: Vec<String> = bindings(C::Global)
            .filter(|b| b.binding.action == A::Quit)
            .map(|b| keys_label(b.keys))
            .collect();
        assert_eq!(quit, ["q", "C-c"]);
        let typing = footer_hints(C::FilterInput);
        assert_eq!(typing.last().unwrap().key, "C-c");
        assert_eq!(hints.iter().filter(|h| h.label == "quit").count(), 1);
        let down = bindings(C::GroupsList)
            .find(|b| b.binding.action == A::Move(M::Down))
            .unwrap();
        assert_eq!(keys_label(down.keys), "j ↓");
        let confirm_hints = footer_hints(C::Confirm);
        assert_eq!(confirm_hints[0].key, "y");
        assert!(confirm_hints.iter().all(|hint| hint.key != "?"));
    }

    fn user(entries: &[(&str, &[&str])]) -> Result<Keymap, (usize, String)> {
        let owned: Vec<(String, Vec<String>)> = entries
            .iter()
            .map(|(name, keys)| {
                (
                    name.to_string(),
                    keys.iter().map(|k| k.to_string()).collect(),
                )
            })
            .collect();
        Keymap::with_user(
            owned
                .iter()
                .map(|(name, keys)| (name.as_str(), keys.as_slice())),
        )
    }

    /// The names the config files in users' hands bind keys to: exactly
    /// these (as the table lists them), whatever the variants are called.
    #[test]
    fn the_names_of_the_actions_are_exactly_those_the_configs_use() {
        let mut names: Vec<String> = Vec::new();
        for binding in KEYMAP.iter() {
            let name = binding.action.name();
            if !names.contains(&name) {
                names.push(name);
            }
        }
        // A tab's is `show_tab_` and its name: the five tabs' as they were,
        // a new tab's besides.
        let tabs: Vec<String> = Tab::ALL
            .iter()
            .map(|tab| format!("show_tab_{}", tab.name().to_lowercase()))
            .collect();
        for tab in ["plugins", "groups", "week", "today", "changes"] {
            assert!(tabs.contains(&format!("show_tab_{tab}")), "{tab}");
        }
        let expected = [
            "next_tab",
            "previous_tab",
            "refresh",
            "reload_token",
            "help",
            "command_line",
            "export",
            "quit",
            "suspend",
            "open",
            "pick_branch",
            "open_week",
            "open_today",
            "filter",
            "cycle_sort",
            "reverse_sort",
            "toggle_archived",
            "move_down",
            "move_up",
            "move_top",
            "move_bottom",
            "move_page_down",
            "move_page_up",
            "back",
            "previous_day",
            "next_day",
            "show_details",
            "install",
            "cycle_type",
            "reveal_token",
            "copy_token",
            "accept",
            "complete",
        ];
        names.sort();
        let mut expected: Vec<String> =
            tabs.into_iter().chain(expected.map(String::from)).collect();
        expected.sort();
        assert_eq!(names, expected, "the names, whatever the table's order");
        // The wheel's move is in no row: named as it always was.
        assert_eq!(A::Move(M::By(-3)).name(), "move_by3");
        assert_eq!(A::Move(M::By(12)).name(), "move_by12");
    }

    #[test]
    fn every_action_has_a_snake_case_name() {
        assert_eq!(A::NextTab.name(), "next_tab");
        assert_eq!(A::Move(M::PageDown).name(), "move_page_down");
        assert_eq!(A::ShowTab(Tab::Groups).name(), "show_tab_groups");
        for binding in KEYMAP.iter() {
            assert_eq!(words::bindable(&binding.action.name()), Ok(binding.action));
        }
    }

    #[test]
    fn a_user_binding_replaces_the_keys_of_its_action_everywhere() {
        let keymap = user(&[("install", &["I", "F5"])]).unwrap();
        let f5 = key(KeyCode::F(5), KeyModifiers::NONE);
        for context in [C::PluginsList, C::PluginDetail] {
            assert_eq!(keymap.action_for(context, &f5), Some(A::Install));
            let i = key(KeyCode::Char('i'), KeyModifiers::NONE);
            assert_eq!(keymap.action_for(context, &i), None);
        }
        let hints = keymap.footer_hints(C::PluginsList);
        assert!(hints.iter().any(|h| h.key == "I" && h.action == A::Install));
        assert_eq!(Key::parse("C-x"), Ok(ctrl('x')));
        assert_eq!(Key::parse("pgdn"), Ok(special(KeyCode::PageDown)));
    }

    #[test]
    fn ctrl_c_still_quits_and_the_text_inputs_keep_their_keys() {
        let keymap = user(&[("quit", &["x"]), ("move_down", &["n"])]).unwrap();
        let typed = |c| key(KeyCode::Char(c), KeyModifiers::NONE);
        let ctrl_c = key(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(keymap.action_for(C::GroupsList, &typed('x')), Some(A::Quit));
        assert_eq!(keymap.action_for(C::GroupsList, &typed('q')), None);
        assert_eq!(
            keymap.action_for(C::GroupsList, &typed('n')),
            Some(A::Move(M::Down))
        );
        for context in [C::GroupsList, C::FilterInput, C::CommandLine] {
            assert_eq!(
                keymap.action_for(context, &ctrl_c),
                Some(A::Quit),
                "{context:?}"
            );
        }
        // Letters are text in the inputs: n is typed, ↓ still moves.
        let down = key(KeyCode::Down, KeyModifiers::NONE);
        for context in [C::BranchPicker, C::FilterInput, C::Help] {
            assert_eq!(keymap.action_for(context, &typed('n')), None, "{context:?}");
            assert_eq!(keymap.action_for(context, &down), Some(A::Move(M::Down)));
        }
    }

    #[test]
    fn a_user_key_that_a_global_or_the_context_already_answers_is_refused() {
        let (_, why) = user(&[("refresh", &["j"])]).unwrap_err();
        assert_eq!(
            why,
            "key j is bound twice in Groups list: refresh and move_down"
        );
        let (_, why) = user(&[("install", &["q"])]).unwrap_err();
        assert_eq!(
            why,
            "key q is bound twice in Plugins list: quit and install"
        );
        // The table's own overlaps are no fault: `?` closes the help.
        assert!(user(&[("help", &["?", "F1"])]).is_ok());
        // Tab in the command line is not the user's to move.
        let (_, why) = user(&[("complete", &["C-i"])]).unwrap_err();
        assert_eq!(
            why,
            "complete is a key of the text inputs, which keep their keys"
        );
    }

    #[test]
    fn a_key_whose_bytes_are_another_keys_clashes_with_it_naming_both() {
        // C-[ is the Esc byte: Esc already goes back in every list.
        let (entry, why) = user(&[("refresh", &["r"]), ("quit", &["C-["])]).unwrap_err();
        assert_eq!(entry, 1);
        assert_eq!(
            why,
            "key C-[ is Esc to the terminal (the same bytes) and is bound twice in Groups list: quit and back"
        );
        // C-i is Tab, which shows the next tab everywhere.
        let (_, why) = user(&[("move_down", &["C-i"])]).unwrap_err();
        assert_eq!(
            why,
            "key Tab is C-i to the terminal (the same bytes) and is bound twice in Groups list: next_tab and move_down"
        );
        let (_, why) = user(&[("refresh", &["C-m"])]).unwrap_err();
        assert!(why.starts_with("key C-m is Enter to the terminal"), "{why}");
        let (_, why) = user(&[("refresh", &["Backspace"]), ("open", &["C-h"])]).unwrap_err();
        assert!(
            why.contains("C-h is Backspace") || why.contains("Backspace is C-h"),
            "{why}"
        );
        // Keys that alias nothing bound stay accepted.
        assert!(user(&[("refresh", &["C-r"])]).is_ok());
    }

    #[test]
    fn a_key_answers_to_the_key_the_terminal_reports_for_its_bytes() {
        // crossterm reports the bytes of C-[ as Esc, of C-i as Tab; C-j is
        // its own key in raw mode.
        assert!(ctrl('[').matches(&key(KeyCode::Esc, KeyModifiers::NONE)));
        assert!(ctrl('i').matches(&key(KeyCode::Tab, KeyModifiers::NONE)));
        assert!(!ctrl('j').matches(&key(KeyCode::Enter, KeyModifiers::NONE)));
    }

    #[test]
    fn bad_bindings_say_which_entry_and_the_nearest_name() {
        let (entry, why) = user(&[("quit", &["q"]), ("instal", &["i"])]).unwrap_err();
        assert_eq!(entry, 1);
        assert_eq!(
            why,
            "unknown action \"instal\" in [keys] (did you mean \"install\"?)"
        );
        let (_, why) = user(&[("install", &["F55"])]).unwrap_err();
        assert!(why.contains("is not a key"), "{why}");
        let (_, why) = user(&[("install", &["Entr"])]).unwrap_err();
        assert!(why.contains("did you mean \"Enter\""), "{why}");
        let (entry, why) = user(&[("refresh", &["r"]), ("install", &["t"])]).unwrap_err();
        assert_eq!(entry, 1);
        assert_eq!(
            why,
            "key t is bound twice in Plugins list: install and cycle_type"
        );
    }
}

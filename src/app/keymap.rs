//! The one keymap table: (context, keys, action, label). Dispatch, the
//! footer hints and the help overlay all read it, so they cannot drift.

use super::keyboard_layouts::us_key;
use super::list_cursor::Movement;
use super::tab::Tab;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Where a key press lands: the screen or overlay that has the focus.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Context {
    /// Keys that work everywhere (in a text input: only the Ctrl ones).
    Global,
    GroupsList,
    GroupDetail,
    PluginsList,
    PluginDetail,
    /// The week grid.
    Week,
    /// A group's detail opened from the week.
    WeekDetail,
    /// The groups of a crowded cell of the week.
    Crowd,
    /// A group's detail opened from a crowded cell.
    CrowdDetail,
    /// Today's lessons.
    Today,
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
}

impl Context {
    /// The heading of this context in the help overlay.
    pub fn title(self) -> &'static str {
        match self {
            Self::Global => "Everywhere",
            Self::GroupsList => "Groups list",
            Self::GroupDetail => "Group detail",
            Self::PluginsList => "Plugins list",
            Self::PluginDetail => "Plugin detail",
            Self::Week => "Week",
            Self::WeekDetail => "Group detail (from the week)",
            Self::Crowd => "Groups of a crowded half hour (from the week)",
            Self::CrowdDetail => "Group detail (from a crowded half hour)",
            Self::Today => "Today",
            Self::TodayDetail => "Group detail (from today)",
            Self::Confirm => "Install confirmation",
            Self::BranchPicker => "Branch picker (type to filter)",
            Self::FilterInput => "Filter (type to filter)",
            Self::Help => "Help",
            Self::CommandLine => "Command line (:)",
        }
    }

    /// True when printable keys are text typed into an input.
    pub fn takes_text(self) -> bool {
        matches!(
            self,
            Self::BranchPicker | Self::FilterInput | Self::CommandLine | Self::Help
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
}

impl Action {
    /// Its name in the config's `[keys]` and in `crmdeck keys`: snake case
    /// of the variant and what it carries (`next_tab`, `move_down`,
    /// `show_tab_groups`).
    pub fn name(self) -> String {
        let mut name = String::new();
        for c in format!("{self:?}")
            .chars()
            .filter(char::is_ascii_alphanumeric)
        {
            if c.is_ascii_uppercase() && !name.is_empty() {
                name.push('_');
            }
            name.push(c.to_ascii_lowercase());
        }
        name
    }
}

/// A key as the table names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key {
    pub code: KeyCode,
    pub control: bool,
}

const fn plain(c: char) -> Key {
    Key {
        code: KeyCode::Char(c),
        control: false,
    }
}

const fn special(code: KeyCode) -> Key {
    Key {
        code,
        control: false,
    }
}

const fn ctrl(c: char) -> Key {
    Key {
        code: KeyCode::Char(c),
        control: true,
    }
}

/// The keys `[keys]` names by a word.
const NAMED_KEYS: &[(&str, KeyCode)] = &[
    ("Enter", KeyCode::Enter),
    ("Esc", KeyCode::Esc),
    ("Tab", KeyCode::Tab),
    ("S-Tab", KeyCode::BackTab),
    ("Space", KeyCode::Char(' ')),
    ("Up", KeyCode::Up),
    ("Down", KeyCode::Down),
    ("Left", KeyCode::Left),
    ("Right", KeyCode::Right),
    ("↑", KeyCode::Up),
    ("↓", KeyCode::Down),
    ("←", KeyCode::Left),
    ("→", KeyCode::Right),
    ("PgUp", KeyCode::PageUp),
    ("PgDn", KeyCode::PageDown),
    ("Home", KeyCode::Home),
    ("End", KeyCode::End),
    ("Backspace", KeyCode::Backspace),
    ("Delete", KeyCode::Delete),
    ("Insert", KeyCode::Insert),
];

const UP: Key = special(KeyCode::Up);
const DOWN: Key = special(KeyCode::Down);
const ENTER: Key = special(KeyCode::Enter);
const ESC: Key = special(KeyCode::Esc);

impl Key {
    /// How the key is written in hints and help: `j`, `↓`, `PgDn`, `C-c`.
    pub fn label(&self) -> String {
        let name = match self.code {
            KeyCode::Char(' ') => "Space".to_string(),
            KeyCode::Char(c) => c.to_string(),
            KeyCode::Up => "↑".to_string(),
            KeyCode::Down => "↓".to_string(),
            KeyCode::Left => "←".to_string(),
            KeyCode::Right => "→".to_string(),
            KeyCode::PageUp => "PgUp".to_string(),
            KeyCode::PageDown => "PgDn".to_string(),
            KeyCode::BackTab => "S-Tab".to_string(),
            KeyCode::Enter => "Enter".to_string(),
            KeyCode::Esc => "Esc".to_string(),
            KeyCode::Tab => "Tab".to_string(),
            KeyCode::Home => "Home".to_string(),
            KeyCode::End => "End".to_string(),
            other => other.to_string(),
        };
        if self.control {
            format!("C-{name}")
        } else {
            name
        }
    }

    /// A key as `[keys]` writes it: a character (`i`, `?`, `й`), a name
    /// (`F5`, `Enter`, `Esc`, `Tab`, `S-Tab`, `Space`, `Up`, `PgDn`, `Home`,
    /// `Backspace`, …) or a label as help shows it (`↑`), Ctrl as `C-x`.
    pub fn parse(text: &str) -> Result<Self, String> {
        let (control, name) = match text
            .strip_prefix("C-")
            .or_else(|| text.strip_prefix("Ctrl-"))
        {
            Some(rest) if !rest.is_empty() => (true, rest),
            _ => (false, text),
        };
        let mut chars = name.chars();
        let code = match (chars.next(), chars.next()) {
            (Some(c), None) if !c.is_control() => Some(KeyCode::Char(c)),
            _ => NAMED_KEYS
                .iter()
                .find(|(known, _)| known.eq_ignore_ascii_case(name))
                .map(|(_, code)| *code)
                .or_else(|| {
                    let number = name.strip_prefix(['F', 'f'])?.parse().ok()?;
                    (1..=12).contains(&number).then_some(KeyCode::F(number))
                }),
        };
        let code = code.ok_or_else(|| {
            let nearest = NAMED_KEYS
                .iter()
                .map(|(known, _)| *known)
                .chain(["F5"])
                .min_by_key(|known| {
                    strsim::damerau_levenshtein(&known.to_lowercase(), &name.to_lowercase())
                })
                .unwrap_or("Enter");
            format!("{text:?} is not a key (did you mean {nearest:?}?)")
        })?;
        Ok(Self { code, control })
    }

    /// Shift is part of the character (`S`, `?`, `+`) or of BackTab, and Alt
    /// is never used: only Ctrl tells keys apart.
    fn matches(&self, event: &KeyEvent) -> bool {
        self.code == event.code && self.control == event.modifiers.contains(KeyModifiers::CONTROL)
    }
}

/// One row of the keymap.
#[derive(Debug, Clone, Copy)]
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

use Action as A;
use Context as C;
use Movement as M;

/// Every key of crmdeck. Within a context the order is the order of the
/// footer hints and of the help overlay.
#[rustfmt::skip]
pub const KEYMAP: &[Binding] = &[
    // Everywhere.
    bind(C::Global, &[plain('1')], A::ShowTab(Tab::Plugins), "Plugins tab", false),
    bind(C::Global, &[plain('2')], A::ShowTab(Tab::Groups), "Groups tab", false),
    bind(C::Global, &[plain('3')], A::ShowTab(Tab::Week), "Week tab", false),
    bind(C::Global, &[plain('4')], A::ShowTab(Tab::Today), "Today tab", false),
    bind(C::Global, &[special(KeyCode::Tab)], A::NextTab, "next tab", false),
    bind(C::Global, &[special(KeyCode::BackTab)], A::PreviousTab, "previous tab", false),
    bind(C::Global, &[plain('r')], A::Refresh, "refresh", false),
    bind(C::Global, &[plain('R')], A::ReloadToken, "reload the token", false),
    bind(C::Global, &[plain('?')], A::Help, "help", true),
    bind(C::Global, &[plain(':')], A::CommandLine, "command line", false),
    bind(C::Global, &[plain('q')], A::Quit, "quit", true),
    // Its own row: in a text input q is a letter, C-c still quits.
    bind(C::Global, &[ctrl('c')], A::Quit, "quit", true),
    bind(C::Global, &[ctrl('z')], A::Suspend, "suspend (fg resumes)", false),
    // The groups list.
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
    // A group's detail.
    bind(C::GroupDetail, &[ESC], A::Back, "back to the list", true),
    bind(C::GroupDetail, &[plain('j'), DOWN], A::Move(M::Down), "scroll down", true),
    bind(C::GroupDetail, &[plain('k'), UP], A::Move(M::Up), "scroll up", true),
    bind(C::GroupDetail, &[plain('g'), special(KeyCode::Home)], A::Move(M::Top), "top", false),
    bind(C::GroupDetail, &[plain('G'), special(KeyCode::End)], A::Move(M::Bottom), "bottom", false),
    bind(C::GroupDetail, &[special(KeyCode::PageDown)], A::Move(M::PageDown), "a screen down", false),
    bind(C::GroupDetail, &[special(KeyCode::PageUp)], A::Move(M::PageUp), "a screen up", false),
    // The week.
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
    // A group's detail opened from the week.
    bind(C::WeekDetail, &[ESC], A::Back, "back to the week", true),
    bind(C::WeekDetail, &[plain('j'), DOWN], A::Move(M::Down), "scroll down", true),
    bind(C::WeekDetail, &[plain('k'), UP], A::Move(M::Up), "scroll up", true),
    bind(C::WeekDetail, &[plain('g'), special(KeyCode::Home)], A::Move(M::Top), "top", false),
    bind(C::WeekDetail, &[plain('G'), special(KeyCode::End)], A::Move(M::Bottom), "bottom", false),
    bind(C::WeekDetail, &[special(KeyCode::PageDown)], A::Move(M::PageDown), "a screen down", false),
    bind(C::WeekDetail, &[special(KeyCode::PageUp)], A::Move(M::PageUp), "a screen up", false),
    // The groups of a crowded cell of the week.
    bind(C::Crowd, &[ENTER], A::Open, "details", true),
    bind(C::Crowd, &[ESC], A::Back, "back to the week", true),
    bind(C::Crowd, &[plain('j'), DOWN], A::Move(M::Down), "down", true),
    bind(C::Crowd, &[plain('k'), UP], A::Move(M::Up), "up", true),
    bind(C::Crowd, &[plain('g'), special(KeyCode::Home)], A::Move(M::Top), "first group", false),
    bind(C::Crowd, &[plain('G'), special(KeyCode::End)], A::Move(M::Bottom), "last group", false),
    // A group's detail opened from a crowded cell.
    bind(C::CrowdDetail, &[ESC], A::Back, "back to the groups", true),
    bind(C::CrowdDetail, &[plain('j'), DOWN], A::Move(M::Down), "scroll down", true),
    bind(C::CrowdDetail, &[plain('k'), UP], A::Move(M::Up), "scroll up", true),
    bind(C::CrowdDetail, &[plain('g'), special(KeyCode::Home)], A::Move(M::Top), "top", false),
    bind(C::CrowdDetail, &[plain('G'), special(KeyCode::End)], A::Move(M::Bottom), "bottom", false),
    bind(C::CrowdDetail, &[special(KeyCode::PageDown)], A::Move(M::PageDown), "a screen down", false),
    bind(C::CrowdDetail, &[special(KeyCode::PageUp)], A::Move(M::PageUp), "a screen up", false),
    // Today's lessons.
    bind(C::Today, &[ENTER], A::Open, "details", true),
    bind(C::Today, &[plain('j'), DOWN], A::Move(M::Down), "next lesson", false),
    bind(C::Today, &[plain('k'), UP], A::Move(M::Up), "previous lesson", false),
    bind(C::Today, &[plain('a')], A::ToggleArchived, "show/hide archived", true),
    bind(C::Today, &[plain('b')], A::PickBranch, "branch", true),
    bind(C::Today, &[plain('g'), special(KeyCode::Home)], A::Move(M::Top), "first lesson", false),
    bind(C::Today, &[plain('G'), special(KeyCode::End)], A::Move(M::Bottom), "last lesson", false),
    bind(C::Today, &[special(KeyCode::PageDown)], A::Move(M::PageDown), "a screen down", false),
    bind(C::Today, &[special(KeyCode::PageUp)], A::Move(M::PageUp), "a screen up", false),
    bind(C::Today, &[ESC], A::Back, "clear error", false),
    // A group's detail opened from today's lessons.
    bind(C::TodayDetail, &[ESC], A::Back, "back to today", true),
    bind(C::TodayDetail, &[plain('j'), DOWN], A::Move(M::Down), "scroll down", true),
    bind(C::TodayDetail, &[plain('k'), UP], A::Move(M::Up), "scroll up", true),
    bind(C::TodayDetail, &[plain('g'), special(KeyCode::Home)], A::Move(M::Top), "top", false),
    bind(C::TodayDetail, &[plain('G'), special(KeyCode::End)], A::Move(M::Bottom), "bottom", false),
    bind(C::TodayDetail, &[special(KeyCode::PageDown)], A::Move(M::PageDown), "a screen down", false),
    bind(C::TodayDetail, &[special(KeyCode::PageUp)], A::Move(M::PageUp), "a screen up", false),
    // The plugins list.
    // Enter opens the details everywhere; installing is `i`'s alone.
    bind(C::PluginsList, &[ENTER, plain('d')], A::ShowDetails, "details", true),
    bind(C::PluginsList, &[plain('i')], A::Install, "install", true),
    bind(C::PluginsList, &[plain('/')], A::Filter, "filter by name", true),
    bind(C::PluginsList, &[plain('t')], A::CycleType, "type: Free/Premium/all", true),
    bind(C::PluginsList, &[plain('j'), DOWN], A::Move(M::Down), "down", false),
    bind(C::PluginsList, &[plain('k'), UP], A::Move(M::Up), "up", false),
    bind(C::PluginsList, &[plain('g'), special(KeyCode::Home)], A::Move(M::Top), "first row", false),
    bind(C::PluginsList, &[plain('G'), special(KeyCode::End)], A::Move(M::Bottom), "last row", false),
    bind(C::PluginsList, &[ESC], A::Back, "clear filter / error", false),
    // A plugin's detail.
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
    // The install confirmation.
    bind(C::Confirm, &[plain('y')], A::Accept, "install", true),
    bind(C::Confirm, &[plain('n'), ESC], A::Back, "cancel", true),
    // The branch picker.
    bind(C::BranchPicker, &[ENTER], A::Accept, "choose", true),
    bind(C::BranchPicker, &[ESC], A::Back, "cancel", true),
    bind(C::BranchPicker, &[DOWN], A::Move(M::Down), "down", true),
    bind(C::BranchPicker, &[UP], A::Move(M::Up), "up", true),
    // Typing a filter.
    bind(C::FilterInput, &[ENTER], A::Accept, "keep the filter", true),
    bind(C::FilterInput, &[ESC], A::Back, "clear the filter", true),
    bind(C::FilterInput, &[DOWN], A::Move(M::Down), "down the list", false),
    bind(C::FilterInput, &[UP], A::Move(M::Up), "up the list", false),
    // The command line.
    bind(C::CommandLine, &[ENTER], A::Accept, "run", true),
    bind(C::CommandLine, &[special(KeyCode::Tab)], A::Complete, "complete", true),
    bind(C::CommandLine, &[UP], A::Move(M::Up), "older", true),
    bind(C::CommandLine, &[DOWN], A::Move(M::Down), "newer", true),
    bind(C::CommandLine, &[ESC], A::Back, "close", true),
    // The help overlay.
    // Typing there finds actions: letters are text.
    bind(C::Help, &[ESC, plain('?')], A::Back, "close the help", true),
    bind(C::Help, &[ENTER], A::Accept, "run the chosen action", true),
    bind(C::Help, &[DOWN], A::Move(M::Down), "choose the next", false),
    bind(C::Help, &[UP], A::Move(M::Up), "choose the previous", false),
    bind(C::Help, &[special(KeyCode::PageDown)], A::Move(M::PageDown), "scroll down", false),
    bind(C::Help, &[special(KeyCode::PageUp)], A::Move(M::PageUp), "scroll up", false),
];

/// The keymap in use: the table's rows, each with its keys: the table's
/// own, or those the user bound to its action in the config's `[keys]`.
/// Dispatch, the footer and the help read it; the README shows the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Keymap {
    /// The keys of each row of [`KEYMAP`], in its order.
    keys: Vec<Vec<Key>>,
}

impl Default for Keymap {
    fn default() -> Self {
        Self {
            keys: KEYMAP.iter().map(|binding| binding.keys.to_vec()).collect(),
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
        let mut set_by: Vec<Option<usize>> = vec![None; KEYMAP.len()];
        for (entry, (name, keys)) in user.into_iter().enumerate() {
            let action = action_named(name).map_err(|why| (entry, why))?;
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
            for (row, binding) in KEYMAP.iter().enumerate() {
                let context = binding.context;
                if binding.action != action
                    || context.takes_text()
                    || contexts_done.contains(&context)
                {
                    continue;
                }
                contexts_done.push(context);
                keymap.keys[row] = keys.clone();
                set_by[row] = Some(entry);
            }
        }
        keymap.check_twice(&set_by)?;
        Ok(keymap)
    }

    /// A key a user's binding (`set_by` its entry, per row) added to a row
    /// that another action's row also answers in one context, the globals
    /// that apply there included. The table's own overlaps (`?` closes the
    /// help) are no fault.
    fn check_twice(&self, set_by: &[Option<usize>]) -> Result<(), (usize, String)> {
        // The user's entry that gave `row` the key `key`, if one did.
        let added = |row: usize, key: &Key| set_by[row].filter(|_| !KEYMAP[row].keys.contains(key));
        let mut contexts: Vec<Context> = KEYMAP.iter().map(|binding| binding.context).collect();
        contexts.dedup();
        for context in contexts {
            let only_control = context.only_control_globals();
            let rows: Vec<usize> = (0..KEYMAP.len())
                .filter(|&row| {
                    let binding = &KEYMAP[row];
                    binding.context == context
                        || (binding.context == Context::Global
                            && (!only_control || self.keys[row].iter().all(|key| key.control)))
                })
                .collect();
            for (at, &row) in rows.iter().enumerate() {
                for &other in &rows[at + 1..] {
                    if KEYMAP[row].action == KEYMAP[other].action {
                        continue;
                    }
                    let twice = self.keys[row].iter().find_map(|key| {
                        let entry = added(row, key).or_else(|| added(other, key))?;
                        self.keys[other].contains(key).then_some((key, entry))
                    });
                    if let Some((key, entry)) = twice {
                        return Err((
                            entry,
                            format!(
                                "key {} is bound twice in {}: {} and {}",
                                key.label(),
                                context.title(),
                                KEYMAP[row].action.name(),
                                KEYMAP[other].action.name()
                            ),
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// Every row, in table order.
    pub fn rows(&self) -> impl Iterator<Item = Row<'_>> {
        KEYMAP
            .iter()
            .zip(&self.keys)
            .map(|(binding, keys)| Row { binding, keys })
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
        self.bindings(Context::Global).filter(move |row| {
            (!only_control || row.keys.iter().all(|key| key.control))
                && !row.keys.iter().all(shadowed)
        })
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

/// The action called `name` in `[keys]`, or the nearest name.
fn action_named(name: &str) -> Result<Action, String> {
    let mut names: Vec<(String, Action)> =
        KEYMAP.iter().map(|b| (b.action.name(), b.action)).collect();
    names.dedup_by(|a, b| a.0 == b.0);
    if let Some((_, action)) = names.iter().find(|(known, _)| known == name) {
        return Ok(*action);
    }
    let nearest = names
        .iter()
        .min_by_key(|(known, _)| strsim::damerau_levenshtein(known, name))
        .map(|(known, _)| format!(" (did you mean {known:?}?)"))
        .unwrap_or_default();
    Err(format!("unknown action {name:?} in [keys]{nearest}"))
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
    use super::*;
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
    const EVERY_CONTEXT_BUT_GLOBAL: [C; 15] = [
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

    #[test]
    fn every_action_has_a_snake_case_name() {
        assert_eq!(A::NextTab.name(), "next_tab");
        assert_eq!(A::Move(M::PageDown).name(), "move_page_down");
        assert_eq!(A::ShowTab(Tab::Groups).name(), "show_tab_groups");
        for binding in KEYMAP {
            assert_eq!(action_named(&binding.action.name()), Ok(binding.action));
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

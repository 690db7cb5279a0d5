//! The help overlay's content, from the keymap in use: the keys of the
//! context it was opened in, the `:` commands (from the same registry), the
//! global keys that apply there, and the log file. Typing filters the
//! actions by name, label or key, and the commands by word or what they do
//! (`exp` finds `:export`); ↑/↓ choose an action and Enter runs it on the
//! screen the help was opened from.

use super::ask::Ask;
use super::document::wrap;
use super::keymap::{Action, Context, Keymap, Row, keys_label, words};
use super::layout::{self, Layout};
use super::list_cursor::Movement;
use super::protocol::Effect;
use super::screen::Screen;
use super::shared::{Shared, World};
use super::text_input::TextInput;
use crate::domain::script::fold;
use crate::i18n::{Language, Phrase};
use crate::present::words::say;
use crossterm::event::KeyEvent;
use std::path::Path;

/// Below this inner width the help is one column.
const TWO_COLUMNS_WIDTH: u16 = 60;

/// The open help: the keys of the context it was opened in.
#[derive(Debug)]
pub struct Help {
    pub under: Context,
    /// The first line on screen.
    pub scroll: usize,
    /// What the actions shown must hold.
    pub query: TextInput,
    /// The chosen one of the actions shown (Enter runs it).
    pub selected: usize,
}

impl Help {
    /// The help of `under`, from its top.
    pub fn new(under: Context) -> Self {
        Self {
            under,
            scroll: 0,
            query: TextInput::default(),
            selected: 0,
        }
    }

    /// The action Enter runs: the chosen one of those the query lets show.
    pub fn chosen(&self, keymap: &Keymap, language: Language) -> Option<Action> {
        let index = self.chosen_index(keymap, language)?;
        let mut shown = matching(keymap, self.under, self.query.text(), language);
        shown.nth(index).map(|row| row.binding.action)
    }

    /// Which of the shown actions (in the order of [`help_columns`]'
    /// key lines) is the chosen one; None when none is shown.
    pub fn chosen_index(&self, keymap: &Keymap, language: Language) -> Option<usize> {
        let shown = matching(keymap, self.under, self.query.text(), language).count();
        (shown > 0).then(|| self.selected.min(shown - 1))
    }

    /// The scroll position that shows the chosen action's line: the one
    /// now if it does, else the nearest that does.
    fn showing_chosen(&self, shared: &World) -> usize {
        let keymap = &shared.settings.keymap;
        let inner = layout::inner(shared.layout.help);
        let log_path = &shared.settings.log_path;
        let language = shared.settings.language;
        let under = (self.under, language);
        let columns = help_columns(keymap, under, self.query.text(), log_path, inner.width);
        // The chosen line's row, and the row from which it shows with its
        // heading when that is right above it.
        let line = self.chosen_index(keymap, language).and_then(|chosen| {
            let lines = columns.iter().flat_map(|column| {
                let above = std::iter::once(None).chain(column.iter().map(Some));
                column.iter().zip(above).enumerate()
            });
            let mut key_lines = lines.filter(|(_, (line, _))| matches!(line, HelpLine::Key { .. }));
            key_lines.nth(chosen).map(|(row, (_, above))| {
                let headed = matches!(above, Some(HelpLine::Heading(_)));
                (row, row - usize::from(headed))
            })
        });
        let height = usize::from(inner.height).max(1);
        match line {
            Some((_, top)) if top < self.scroll => top,
            Some((row, _)) if row >= self.scroll + height => row + 1 - height,
            _ => self.scroll,
        }
    }
}

/// The rows of `context` and the globals that apply there whose action's
/// name, label or keys hold `query` (case ignored).
fn matching<'k>(
    keymap: &'k Keymap,
    context: Context,
    query: &str,
    language: Language,
) -> impl Iterator<Item = Row<'k>> + 'k {
    let query = query.to_lowercase();
    keymap
        .bindings(context)
        .chain(keymap.globals_in(context))
        .filter(move |row| row_matches(row, &query, language))
}

/// `query` is lower case. The label is looked for in English and in
/// `language` both: `filter` finds `фильтр` in Russian too.
fn row_matches(row: &Row, query: &str, language: Language) -> bool {
    let binding = row.binding;
    [
        binding.action.name().replace('_', " "),
        binding.label.to_lowercase(),
        say(binding.label, language).to_lowercase(),
        keys_label(row.keys).to_lowercase(),
    ]
    .iter()
    .any(|text| fold(text).contains(&fold(query)))
}

impl Screen for Help {
    fn context(&self) -> Context {
        Context::Help
    }

    fn perform(&mut self, action: Action, shared: &mut Shared) -> Vec<Effect> {
        match action {
            Action::Back => shared.ask(Ask::Close),
            Action::Accept => {
                let language = shared.settings.language;
                if let Some(chosen) = self.chosen(&shared.settings.keymap, language) {
                    shared.ask(Ask::Close);
                    shared.ask(Ask::Perform(chosen));
                }
            }
            _ => {}
        }
        Vec::new()
    }

    /// ↑/↓ choose an action (scrolled to while it is off screen); the
    /// other moves scroll.
    fn move_by(&mut self, movement: Movement, shared: &mut Shared) {
        match movement {
            Movement::Up => {
                self.selected = self.selected.saturating_sub(1);
                self.scroll = self.showing_chosen(shared);
            }
            Movement::Down => {
                let keymap = &shared.settings.keymap;
                let shown = matching(
                    keymap,
                    self.under,
                    self.query.text(),
                    shared.settings.language,
                )
                .count();
                self.selected = (self.selected + 1).min(shown.saturating_sub(1));
                self.scroll = self.showing_chosen(shared);
            }
            _ => {
                let log_path = &shared.settings.log_path;
                let query = self.query.text();
                self.scroll = scrolled(self.scroll, movement, self.under, query, log_path, shared);
            }
        }
    }

    /// The query changed: the first action bound to a key typed as is
    /// (`v`, `G`) is chosen, else the first shown.
    fn type_text(&mut self, key: &KeyEvent, shared: &mut Shared) {
        self.query.handle(key);
        let query = self.query.text();
        let keymap = &shared.settings.keymap;
        let mut shown = matching(keymap, self.under, query, shared.settings.language);
        let by_key = shown.position(|row| row.keys.iter().any(|key| key.label() == query));
        self.selected = by_key.unwrap_or(0);
        self.scroll = 0;
        self.scroll = self.showing_chosen(shared);
    }

    fn fit(&mut self, shared: &mut Shared) {
        self.move_by(Movement::By(0), shared);
    }
}

/// One line of the help.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HelpLine {
    Heading(&'static str),
    Key {
        keys: String,
        label: &'static str,
        action: Action,
    },
    /// A `:` command: its word and what it takes, and what it does.
    Command {
        word: String,
        label: String,
    },
    Text(String),
    Blank,
}

/// The help for `context` in columns fitting `width` inner columns: the
/// context's keys, then the global keys and the log file; only the actions
/// that hold `query`.
pub fn help_columns(
    keymap: &Keymap,
    (context, language): (Context, Language),
    query: &str,
    log_path: &Path,
    width: u16,
) -> Vec<Vec<HelpLine>> {
    let query = query.to_lowercase();
    let section = |title, rows: &mut dyn Iterator<Item = Row<'_>>| {
        std::iter::once(HelpLine::Heading(say(title, language)))
            .chain(
                rows.filter(|row| row_matches(row, &query, language))
                    .map(|row| HelpLine::Key {
                        // A command no key is bound to shows its word.
                        keys: match row.keys {
                            [] => format!(":{}", row.binding.action.name()),
                            keys => keys_label(keys),
                        },
                        label: say(row.binding.label, language),
                        action: row.binding.action,
                    }),
            )
            .collect::<Vec<_>>()
    };
    let mut own = section(context.title(), &mut keymap.bindings(context));
    own.extend(commands(keymap, &query, language));
    let mut everywhere = section(Context::Global.title(), &mut keymap.globals_in(context));
    let two_columns = width >= TWO_COLUMNS_WIDTH;
    let column_width = if two_columns { width / 2 } else { width };
    // The path is cut into lines (it has no spaces to wrap at).
    let path_width = usize::from(column_width).saturating_sub(2);
    everywhere.extend([
        HelpLine::Blank,
        HelpLine::Heading(Phrase::KeysLogFile.get(language)),
    ]);
    everywhere.extend(
        wrap(&log_path.display().to_string(), path_width)
            .into_iter()
            .map(HelpLine::Text),
    );
    if two_columns {
        vec![own, everywhere]
    } else {
        let mut one = own;
        one.push(HelpLine::Blank);
        one.extend(everywhere);
        vec![one]
    }
}

/// The short `:` commands that hold `query` (lower case), under their
/// heading; nothing when none does. The actions' own names are commands
/// too: one line says so. A tab's word shows with its number key, for the
/// tabs `keymap` has (every tab, but in the help's render snapshots).
fn commands(keymap: &Keymap, query: &str, language: Language) -> Vec<HelpLine> {
    let lines: Vec<HelpLine> = words()
        .into_iter()
        .filter(|word| word.short)
        .filter(|word| match word.action {
            Some(Action::ShowTab(tab)) => keymap.has_tab(tab),
            _ => true,
        })
        .filter(|word| {
            [
                word.name.as_str(),
                word.takes,
                word.about,
                say(word.about, language),
            ]
            .iter()
            .any(|text| fold(text).contains(&fold(query)))
        })
        .map(|word| HelpLine::Command {
            label: [word.takes, say(word.about, language)]
                .into_iter()
                .filter(|text| !text.is_empty())
                .collect::<Vec<_>>()
                .join(" · "),
            word: format!(":{}", word.name),
        })
        .collect();
    if lines.is_empty() {
        return lines;
    }
    let heading = Phrase::KeysCommands.get(language);
    let mut section = vec![HelpLine::Blank, HelpLine::Heading(heading)];
    section.extend(lines);
    let every_action = Phrase::HelpEveryAction.get(language);
    section.push(HelpLine::Text(every_action.to_string()));
    section
}

/// The help's scroll position after `movement`, bounded by its content.
fn scrolled(
    from: usize,
    movement: Movement,
    context: Context,
    query: &str,
    log_path: &Path,
    shared: &World,
) -> usize {
    let layout: &Layout = &shared.layout;
    let inner = layout::inner(layout.help);
    let columns = help_columns(
        &shared.settings.keymap,
        (context, shared.settings.language),
        query,
        log_path,
        inner.width,
    );
    let longest = columns.iter().map(Vec::len).max().unwrap_or(0);
    let rows = usize::from(inner.height);
    movement.apply(from, longest.saturating_sub(rows) + 1, rows)
}

//! The help overlay's content, from the keymap: the keys of the context it
//! was opened in, the global keys that apply there, and the log file.

use super::document::wrap;
use super::keymap::{Action, Context, bindings, globals_in, keys_label};
use super::layout::{self, Layout};
use super::list_cursor::Movement;
use super::protocol::Effect;
use super::screen::{Ask, Screen};
use super::shared::Shared;
use std::path::Path;

/// Below this inner width the help is one column.
const TWO_COLUMNS_WIDTH: u16 = 60;

/// The open help: the keys of the context it was opened in.
#[derive(Debug)]
pub struct Help {
    pub under: Context,
    /// The first line on screen.
    pub scroll: usize,
}

impl Help {
    /// The help of `under`, from its top.
    pub fn new(under: Context) -> Self {
        Self { under, scroll: 0 }
    }
}

impl Screen for Help {
    fn context(&self) -> Context {
        Context::Help
    }

    fn perform(&mut self, action: Action, shared: &mut Shared) -> Vec<Effect> {
        if action == Action::Back {
            shared.ask(Ask::Close);
        }
        Vec::new()
    }

    fn move_by(&mut self, movement: Movement, shared: &mut Shared) {
        let log_path = &shared.settings.log_path;
        self.scroll = scrolled(self.scroll, movement, self.under, log_path, &shared.layout);
    }

    fn fit(&mut self, shared: &mut Shared) {
        self.move_by(Movement::By(0), shared);
    }
}

/// One line of the help.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HelpLine {
    Heading(&'static str),
    Key { keys: String, label: &'static str },
    Text(String),
    Blank,
}

/// The help for `context` in columns fitting `width` inner columns: the
/// context's keys, then the global keys and the log file.
pub fn help_columns(context: Context, log_path: &Path, width: u16) -> Vec<Vec<HelpLine>> {
    let section = |title, keys: &mut dyn Iterator<Item = &'static super::keymap::Binding>| {
        std::iter::once(HelpLine::Heading(title))
            .chain(keys.map(|b| HelpLine::Key {
                keys: keys_label(b),
                label: b.label,
            }))
            .collect::<Vec<_>>()
    };
    let own = section(context.title(), &mut bindings(context));
    let mut everywhere = section(Context::Global.title(), &mut globals_in(context));
    let two_columns = width >= TWO_COLUMNS_WIDTH;
    let column_width = if two_columns { width / 2 } else { width };
    // The path is cut into lines (it has no spaces to wrap at).
    let path_width = usize::from(column_width).saturating_sub(2);
    everywhere.extend([HelpLine::Blank, HelpLine::Heading("Log file")]);
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

/// The help's scroll position after `movement`, bounded by its content.
fn scrolled(
    from: usize,
    movement: Movement,
    context: Context,
    log_path: &Path,
    layout: &Layout,
) -> usize {
    let inner = layout::inner(layout.help);
    let columns = help_columns(context, log_path, inner.width);
    let longest = columns.iter().map(Vec::len).max().unwrap_or(0);
    let rows = usize::from(inner.height);
    movement.apply(from, longest.saturating_sub(rows) + 1, rows)
}

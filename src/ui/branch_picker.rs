//! The branch picker: a filter input and the matching branches, or a
//! numeric input with the reason there is no list.

use super::View;
use super::popup;
use super::theme::{SELECTED_MARKER, UNSELECTED_MARKER};
use crate::app::branch_picker::{BranchPicker, PickerMode};
use crate::app::document::wrap;
use crate::app::layout;
use crate::i18n::{Phrase, fill};
use crate::present::format::{display_width, pad_to_width};
use crate::sanitize::sanitize_line;
use ratatui::Frame;
use ratatui::layout::Position;
use ratatui::text::{Line, Span};

const WIDTH: u16 = 56;
/// Where the input's text starts inside the box.
const INPUT_COLUMN: u16 = 12;

/// Draws `picker` over the body, with the terminal cursor in its input.
pub fn draw(picker: &BranchPicker, frame: &mut Frame, view: &View) {
    let View {
        world: shared,
        layout,
        styles,
        ..
    } = *view;
    let body = layout.bands.body;
    let text_width = usize::from(WIDTH.min(body.width.saturating_sub(2)).saturating_sub(4));
    let language = shared.settings.language;
    let prompt = match picker.mode {
        PickerMode::List => Phrase::ScreenPickerFilter,
        PickerMode::Numeric { .. } => Phrase::ScreenPickerBranchId,
    };
    let prompt = format!(" {}", prompt.get(language));
    // A longer prompt (another language's) moves the input right.
    let input_column = INPUT_COLUMN.max(display_width(&prompt) as u16 + 1);
    let mut lines = vec![Line::from(vec![
        Span::styled(
            pad_to_width(&prompt, usize::from(input_column)),
            styles.label,
        ),
        Span::raw(sanitize_line(picker.input.text()).into_owned()),
    ])];
    if let Some(error) = &picker.error {
        lines.push(Line::styled(
            format!(" {}", sanitize_line(error)),
            styles.error,
        ));
    }
    lines.push(Line::default());
    let list_top = lines.len();
    match &picker.mode {
        PickerMode::List => {
            let rows = usize::from(body.height.saturating_sub(2))
                .saturating_sub(list_top + 2)
                .max(1);
            let first = picker.cursor.saturating_sub(rows - 1);
            for (i, choice) in picker.choices.iter().enumerate().skip(first).take(rows) {
                let name = match choice {
                    None => picker.all_branches().to_string(),
                    Some(id) => {
                        let name = shared.branches.names.get(id).map_or("", String::as_str);
                        format!("{name}  #{id}")
                    }
                };
                let selected = i == picker.cursor;
                let marker = if selected {
                    SELECTED_MARKER
                } else {
                    UNSELECTED_MARKER
                };
                let text = pad_to_width(&format!(" {marker}{name}"), text_width + 2);
                let style = if selected {
                    styles.selected
                } else {
                    ratatui::style::Style::new()
                };
                lines.push(Line::styled(text, style));
            }
            if picker.choices.is_empty() {
                let none = Phrase::CmdNoBranchMatches.get(language);
                lines.push(Line::styled(format!("   {none}"), styles.dim));
            }
        }
        PickerMode::Numeric { reason } => {
            let note = fill::screen_picker_type_id(language, sanitize_line(reason));
            for part in wrap(&note, text_width) {
                lines.push(Line::styled(format!(" {part}"), styles.dim));
            }
        }
    }
    let height = (lines.len() as u16 + 2).min(body.height);
    let area = layout::centered(body, WIDTH, height);
    let title = Phrase::HeadingBranch.get(language);
    popup::draw(frame, area, title, lines, styles);
    let cursor = area.x + 1 + input_column + picker.input.cursor_column() as u16;
    frame.set_cursor_position(Position::new(
        cursor.min(area.right().saturating_sub(2)),
        area.y + 1,
    ));
}

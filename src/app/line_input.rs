//! A one-line text input: its text and a cursor, edited by keys.

use crate::domain::format::display_width;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// The text typed so far and where the cursor is (in characters).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LineInput {
    text: String,
    cursor: usize,
}

/// What a key did to the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edit {
    /// The text changed.
    Changed,
    /// Only the cursor moved.
    Moved,
    /// Not an editing key: the caller may use it.
    Ignored,
}

impl LineInput {
    /// The text typed so far.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// True when nothing is typed.
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// Terminal columns before the cursor (where to draw it).
    pub fn cursor_column(&self) -> usize {
        display_width(&self.text[..self.byte_offset(self.cursor)])
    }

    /// Empties the input.
    pub fn clear(&mut self) {
        self.text.clear();
        self.cursor = 0;
    }

    /// Applies an editing key: characters, Backspace, Delete, ←/→, Home/End,
    /// Ctrl-U (delete to the start) and Ctrl-W (delete the word before).
    pub fn handle(&mut self, key: &KeyEvent) -> Edit {
        let control = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Char('u') if control => self.delete_before(0),
            KeyCode::Char('w') if control => self.delete_before(self.word_start()),
            KeyCode::Char(c) if !control && !key.modifiers.contains(KeyModifiers::ALT) => {
                let at = self.byte_offset(self.cursor);
                self.text.insert(at, c);
                self.cursor += 1;
                Edit::Changed
            }
            KeyCode::Backspace if self.cursor > 0 => self.delete_before(self.cursor - 1),
            KeyCode::Delete if self.cursor < self.len() => {
                let at = self.byte_offset(self.cursor);
                self.text.remove(at);
                Edit::Changed
            }
            KeyCode::Left => self.move_to(self.cursor.saturating_sub(1)),
            KeyCode::Right => self.move_to((self.cursor + 1).min(self.len())),
            KeyCode::Home => self.move_to(0),
            KeyCode::End => self.move_to(self.len()),
            _ => Edit::Ignored,
        }
    }

    fn len(&self) -> usize {
        self.text.chars().count()
    }

    fn byte_offset(&self, chars: usize) -> usize {
        self.text
            .char_indices()
            .nth(chars)
            .map_or(self.text.len(), |(at, _)| at)
    }

    fn move_to(&mut self, cursor: usize) -> Edit {
        self.cursor = cursor;
        Edit::Moved
    }

    /// Removes the characters from `start` up to the cursor.
    fn delete_before(&mut self, start: usize) -> Edit {
        if start >= self.cursor {
            return Edit::Ignored;
        }
        let (from, to) = (self.byte_offset(start), self.byte_offset(self.cursor));
        self.text.replace_range(from..to, "");
        self.cursor = start;
        Edit::Changed
    }

    /// Where the word before the cursor starts (spaces before it included).
    fn word_start(&self) -> usize {
        let before: Vec<char> = self.text.chars().take(self.cursor).collect();
        let mut start = before.len();
        while start > 0 && before[start - 1] == ' ' {
            start -= 1;
        }
        while start > 0 && before[start - 1] != ' ' {
            start -= 1;
        }
        start
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(input: &mut LineInput, code: KeyCode) -> Edit {
        input.handle(&KeyEvent::new(code, KeyModifiers::NONE))
    }

    fn type_text(input: &mut LineInput, text: &str) {
        for c in text.chars() {
            press(input, KeyCode::Char(c));
        }
    }

    #[test]
    fn types_and_edits_in_the_middle() {
        let mut input = LineInput::default();
        type_text(&mut input, "Чилнзор");
        assert_eq!(press(&mut input, KeyCode::Left), Edit::Moved);
        for _ in 0..3 {
            press(&mut input, KeyCode::Left);
        }
        type_text(&mut input, "о");
        assert_eq!(input.text(), "Чилонзор");
        assert_eq!(input.cursor_column(), 4);
        press(&mut input, KeyCode::Home);
        assert_eq!(press(&mut input, KeyCode::Backspace), Edit::Ignored);
        assert_eq!(press(&mut input, KeyCode::Delete), Edit::Changed);
        press(&mut input, KeyCode::End);
        press(&mut input, KeyCode::Backspace);
        assert_eq!(input.text(), "илонзо");
    }

    #[test]
    fn control_keys_delete_words_and_lines() {
        let mut input = LineInput::default();
        type_text(&mut input, "ielts 6.5  ");
        let ctrl = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL);
        assert_eq!(input.handle(&ctrl('w')), Edit::Changed);
        assert_eq!(input.text(), "ielts ");
        assert_eq!(input.handle(&ctrl('u')), Edit::Changed);
        assert!(input.is_empty());
        assert_eq!(input.handle(&ctrl('x')), Edit::Ignored);
        assert_eq!(press(&mut input, KeyCode::Enter), Edit::Ignored);
    }
}

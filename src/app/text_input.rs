//! A one-line text input: `tui-input` does the editing (graphemes, words,
//! Ctrl-U/W/K/A/E); this wrapper only says what a key did, so a screen can
//! tell an edit from a key it should handle itself.

use crate::domain::query::Query;
use crossterm::event::{Event, KeyEvent};
use tui_input::Input;
use tui_input::backend::crossterm::EventHandler;

/// The text typed so far and where the cursor is.
#[derive(Debug, Clone, Default)]
pub struct TextInput {
    input: Input,
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

impl PartialEq for TextInput {
    fn eq(&self, other: &Self) -> bool {
        self.text() == other.text() && self.input.cursor() == other.input.cursor()
    }
}

impl Eq for TextInput {}

impl TextInput {
    /// The text typed so far.
    pub fn text(&self) -> &str {
        self.input.value()
    }

    /// True when nothing is typed.
    pub fn is_empty(&self) -> bool {
        self.text().is_empty()
    }

    /// Terminal columns before the cursor (where to draw it).
    pub fn cursor_column(&self) -> usize {
        self.input.visual_cursor()
    }

    /// Empties the input.
    pub fn clear(&mut self) {
        self.input.reset();
    }

    /// Replaces the text, the cursor at its end (a completion, a line of
    /// the command history, `:filter`).
    pub fn set(&mut self, text: &str) {
        self.input = Input::new(text.to_string());
    }

    /// Applies an editing key.
    pub fn handle(&mut self, key: &KeyEvent) -> Edit {
        match self.input.handle_event(&Event::Key(*key)) {
            Some(changed) if changed.value => Edit::Changed,
            Some(_) => Edit::Moved,
            None => Edit::Ignored,
        }
    }
}

/// A filter: the text as the user typed it (shown, edited) and the query
/// it reads as, parsed once per edit of the text and never again
/// downstream: a refilter and a frame read [`Self::query`]. `:filter`
/// carries one made from its argument (`Tell::Filter`).
#[derive(Debug, Clone, Default)]
pub struct QueryInput {
    input: TextInput,
    query: Query,
    /// How many times the text was parsed (a test build's count, for the
    /// tests that it is once per edit).
    #[cfg(test)]
    pub parses: usize,
}

/// Equal when the text and the cursor are: the query follows the text.
impl PartialEq for QueryInput {
    fn eq(&self, other: &Self) -> bool {
        self.input == other.input
    }
}

impl Eq for QueryInput {}

impl QueryInput {
    /// `text` typed, the cursor at its end.
    pub fn new(text: &str) -> Self {
        let mut input = Self::default();
        input.set(text);
        input
    }

    /// The text as typed.
    pub fn text(&self) -> &str {
        self.input.text()
    }

    /// The query the text reads as (parsed when the text changed).
    pub fn query(&self) -> &Query {
        &self.query
    }

    /// True when nothing is typed.
    pub fn is_empty(&self) -> bool {
        self.input.is_empty()
    }

    /// Terminal columns before the cursor (where to draw it).
    pub fn cursor_column(&self) -> usize {
        self.input.cursor_column()
    }

    /// Empties the input (no query: nothing to parse).
    pub fn clear(&mut self) {
        self.input.clear();
        self.query = Query::default();
    }

    /// Replaces the text, the cursor at its end, and reads it.
    pub fn set(&mut self, text: &str) {
        self.input.set(text);
        self.parse();
    }

    /// Applies an editing key; the text read again when it changed.
    pub fn handle(&mut self, key: &KeyEvent) -> Edit {
        let edit = self.input.handle(key);
        if edit == Edit::Changed {
            self.parse();
        }
        edit
    }

    /// The one place the text is parsed.
    fn parse(&mut self) {
        self.query = Query::parse(self.input.text());
        #[cfg(test)]
        {
            self.parses += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::{KeyCode, KeyModifiers};

    fn press(input: &mut TextInput, code: KeyCode) -> Edit {
        input.handle(&KeyEvent::new(code, KeyModifiers::NONE))
    }

    fn type_text(input: &mut TextInput, text: &str) {
        for c in text.chars() {
            press(input, KeyCode::Char(c));
        }
    }

    #[test]
    fn types_and_edits_in_the_middle() {
        let mut input = TextInput::default();
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
        let mut input = TextInput::default();
        type_text(&mut input, "ielts 6.5");
        let ctrl = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL);
        assert_eq!(input.handle(&ctrl('w')), Edit::Changed);
        assert_eq!(input.text(), "ielts ");
        assert_eq!(input.handle(&ctrl('u')), Edit::Changed);
        assert!(input.is_empty());
        assert_eq!(input.handle(&ctrl('x')), Edit::Ignored);
        assert_eq!(press(&mut input, KeyCode::Enter), Edit::Ignored);
    }

    #[test]
    fn wide_letters_count_two_columns() {
        let mut input = TextInput::default();
        type_text(&mut input, "日本 x");
        assert_eq!(input.cursor_column(), 6);
    }

    #[test]
    fn a_query_input_reads_its_text_once_per_edit() {
        let mut input = QueryInput::default();
        for c in "tue ielts".chars() {
            input.handle(&KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
        }
        assert_eq!(input.parses, 9, "one parse per key that changed the text");
        input.handle(&KeyEvent::new(KeyCode::Left, KeyModifiers::NONE));
        assert_eq!(input.parses, 9, "a move of the cursor reads nothing");
        assert_eq!(input.query(), &Query::parse("tue ielts"));
        assert_eq!(input.text(), "tue ielts");
        input.clear();
        assert!(input.query().is_empty());
        assert_eq!(
            QueryInput::new("  Tue  ").text(),
            "  Tue  ",
            "kept as typed"
        );
        assert_eq!(QueryInput::new("  Tue  ").query(), &Query::parse("tue"));
    }
}

//! A key as the keymap names it: how `[keys]` writes it, how help shows
//! it, which key event it answers, and which keys the terminal cannot tell
//! apart (Ctrl-[ is the byte of Esc).

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// A key as the table names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key {
    pub code: KeyCode,
    pub control: bool,
}

pub(super) const fn plain(c: char) -> Key {
    Key {
        code: KeyCode::Char(c),
        control: false,
    }
}

pub(super) const fn special(code: KeyCode) -> Key {
    Key {
        code,
        control: false,
    }
}

pub(super) const fn ctrl(c: char) -> Key {
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
    /// is never used: only Ctrl tells keys apart. A key answers to what the
    /// terminal sends for it: `C-[` to the Esc crossterm reports.
    pub(super) fn matches(&self, event: &KeyEvent) -> bool {
        let pressed = Key {
            code: event.code,
            control: event.modifiers.contains(KeyModifiers::CONTROL),
        };
        self.same_to_terminal(&pressed)
    }

    /// True when a terminal cannot tell the two keys apart: the same key,
    /// or one whose bytes are the other's ([`SAME_BYTES`]).
    pub(super) fn same_to_terminal(&self, other: &Key) -> bool {
        self == other
            || SAME_BYTES
                .iter()
                .any(|(a, b)| (a == self && b == other) || (a == other && b == self))
    }
}

/// Keys whose bytes are another key's, as crossterm decodes a terminal's
/// input: Ctrl-[ is 0x1B, reported as Esc; Ctrl-I is 0x09, Tab; Ctrl-M is
/// 0x0D, Enter. Ctrl-H is 0x08, reported as `C-h`, which is what many
/// terminals send for Backspace. Binding one is binding the other.
const SAME_BYTES: [(Key, Key); 4] = [
    (ctrl('['), special(KeyCode::Esc)),
    (ctrl('i'), special(KeyCode::Tab)),
    (ctrl('m'), special(KeyCode::Enter)),
    (ctrl('h'), special(KeyCode::Backspace)),
];

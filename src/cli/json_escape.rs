//! JSON that is safe to print on a terminal.
//!
//! serde_json escapes C0 controls (`\u001b`) but writes DEL, C1 controls
//! (U+0080–U+009F; U+009B is CSI on terminals that honour 8-bit controls)
//! and bidi controls (U+202E reorders what follows it on screen) as they
//! are. Piping `crmdeck groups --format json` to a terminal must not let a
//! group name act on it, so those become `\u` escapes too (`\u001b` for ESC). Any JSON
//! reader still gets the exact original strings back. Invisible characters
//! (zero width spaces, tag characters, ...: see
//! [`is_invisible`]) are escaped as well (`\u200b`), so that text read on a
//! terminal shows them; zero width joiners and variation selectors, which
//! build emoji, are written as they are.

use crate::sanitize::{is_bidi_control, is_invisible};
use serde::Serialize;
use serde_json::ser::{Formatter, PrettyFormatter};
use std::io::{self, Write};

/// Pretty JSON of `value` in which every character a terminal could act on
/// is a `\u` escape (`\u202e`, `\u0007`).
pub fn to_terminal_safe_json(value: &serde_json::Value) -> String {
    let mut out = Vec::new();
    let mut serializer =
        serde_json::Serializer::with_formatter(&mut out, TerminalSafe(PrettyFormatter::new()));
    // A `Value` always serialises (its keys are strings), and writing to a
    // Vec cannot fail.
    if value.serialize(&mut serializer).is_err() {
        return "null".to_string();
    }
    // Only whole UTF-8 characters and ASCII escapes are ever written.
    String::from_utf8_lossy(&out).into_owned()
}

/// True for the characters serde_json leaves alone but a terminal may obey,
/// or would draw as nothing.
fn needs_escape(c: char) -> bool {
    matches!(c, '\u{7F}'..='\u{9F}') || is_bidi_control(c) || is_invisible(c)
}

/// serde_json's pretty layout, with [`needs_escape`] characters escaped.
struct TerminalSafe(PrettyFormatter<'static>);

impl Formatter for TerminalSafe {
    fn write_string_fragment<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        let mut rest = fragment;
        while let Some(at) = rest.find(needs_escape) {
            writer.write_all(&rest.as_bytes()[..at])?;
            let c = rest[at..].chars().next().unwrap_or_default();
            // A tag character is outside the Basic Multilingual Plane: two
            // escapes, its UTF-16 surrogates, as JSON writes it.
            for unit in c.encode_utf16(&mut [0; 2]) {
                write!(writer, "\\u{unit:04x}")?;
            }
            rest = &rest[at + c.len_utf8()..];
        }
        writer.write_all(rest.as_bytes())
    }

    // The layout is PrettyFormatter's: these forward to it.

    fn begin_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.begin_array(writer)
    }

    fn end_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_array(writer)
    }

    fn begin_array_value<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.0.begin_array_value(writer, first)
    }

    fn end_array_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_array_value(writer)
    }

    fn begin_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.begin_object(writer)
    }

    fn end_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_object(writer)
    }

    fn begin_object_key<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.0.begin_object_key(writer, first)
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.begin_object_value(writer)
    }

    fn end_object_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.0.end_object_value(writer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::{Value, json};

    /// Characters a terminal acts on, written raw, plus ordinary text.
    const HOSTILE: &str = "a\x1b[2J\x1b]52;c;aGk=\x07\x1b]0;t\x07\r\x08\u{7f}\u{85}\u{9b}\u{202e}\u{2066}\u{200f}\u{61c}Ё漢🎓";

    /// True when `text` holds nothing a terminal could act on but `'\n'`.
    fn terminal_safe(text: &str) -> bool {
        !text
            .chars()
            .any(|c| (c.is_control() && c != '\n') || is_bidi_control(c))
    }

    #[test]
    fn escapes_c0_c1_del_and_bidi_controls() {
        let text = to_terminal_safe_json(&json!({ "name": HOSTILE }));
        assert!(terminal_safe(&text), "{text:?}");
        for escape in [
            "\\u001b", "\\u0007", "\\r", "\\b", "\\u007f", "\\u0085", "\\u009b", "\\u202e",
            "\\u2066", "\\u200f", "\\u061c",
        ] {
            assert!(text.contains(escape), "{escape} in {text}");
        }
        // Ordinary text outside ASCII is kept as it is.
        assert!(text.contains("Ё漢🎓"), "{text}");
    }

    #[test]
    fn escapes_invisible_characters_but_keeps_emoji_whole() {
        let value = json!("Zero\u{200B}width\u{E0041} 👨\u{200D}👧 ❤\u{FE0F}");
        let text = to_terminal_safe_json(&value);
        assert_eq!(
            text,
            "\"Zero\\u200bwidth\\udb40\\udc41 👨\u{200D}👧 ❤\u{FE0F}\""
        );
        assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), value);
    }

    #[test]
    fn keys_are_escaped_too() {
        let text = to_terminal_safe_json(&json!({ "\u{202e}key": 1 }));
        assert!(text.contains("\"\\u202ekey\": 1"), "{text}");
    }

    #[test]
    fn layout_is_serde_jsons_pretty_layout() {
        let value = json!({"a": [1, {"b": null}, []], "c": {}, "d": "x"});
        assert_eq!(
            to_terminal_safe_json(&value),
            serde_json::to_string_pretty(&value).unwrap()
        );
    }

    #[test]
    fn round_trips_the_exact_strings() {
        let value = json!([HOSTILE, { HOSTILE: HOSTILE }]);
        let back: Value = serde_json::from_str(&to_terminal_safe_json(&value)).unwrap();
        assert_eq!(back, value);
    }

    /// Strings rich in controls: any character, or one from C0, DEL, C1 or bidi.
    fn control_rich_text() -> impl Strategy<Value = String> {
        let bidi = prop::sample::select(vec![
            '\u{61c}', '\u{200e}', '\u{200f}', '\u{202a}', '\u{202e}', '\u{2066}', '\u{2069}',
        ]);
        let invisible = prop::sample::select(vec!['\u{200b}', '\u{feff}', '\u{e0041}', '\u{3164}']);
        let c = prop_oneof![
            any::<char>(),
            prop::char::range('\0', '\u{9f}'),
            bidi,
            invisible
        ];
        prop::collection::vec(c, 0..24).prop_map(String::from_iter)
    }

    /// 64 cases unless PROPTEST_CASES asks for more (or fewer).
    fn cases() -> ProptestConfig {
        let mut config = ProptestConfig::default();
        if std::env::var_os("PROPTEST_CASES").is_none() {
            config.cases = 64;
        }
        config
    }

    proptest! {
        #![proptest_config(cases())]

        #[test]
        fn any_string_round_trips_and_prints_safely(text in control_rich_text()) {
            let value = json!({ text.clone(): [text.clone()] });
            let printed = to_terminal_safe_json(&value);
            prop_assert!(terminal_safe(&printed), "{:?}", printed);
            prop_assert!(!printed.chars().any(is_invisible), "{:?}", printed);
            let back: Value = serde_json::from_str(&printed).unwrap();
            prop_assert_eq!(back, value);
        }
    }
}

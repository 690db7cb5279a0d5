//! Server text made safe for a terminal.
//!
//! Every string from the server passes through here before it is drawn or
//! printed: a group comment must not be able to move the cursor, set the
//! window title, ring the bell or write the clipboard. Control characters are
//! made visible (their Unicode Control Picture) rather than dropped, so odd
//! data stays noticeable instead of silently changing.

use std::borrow::Cow;

/// U+FFFD, shown for C1 controls and bidi overrides.
const REPLACEMENT: char = '\u{FFFD}';

/// What a TAB becomes in multi-line text.
const TEXT_TAB: &str = "    ";

/// One-line cells (tables, list rows) or multi-line text (comments, descriptions).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Line,
    Text,
}

/// Makes `s` safe to print in a one-line cell: controls become visible
/// symbols, TAB one space. Borrowed when nothing needed changing.
pub fn sanitize_line(s: &str) -> Cow<'_, str> {
    sanitize(s, Mode::Line)
}

/// Like [`sanitize_line`] for multi-line text: keeps `'\n'`, turns `"\r\n"`
/// into `"\n"` and TAB into four spaces.
pub fn sanitize_text(s: &str) -> Cow<'_, str> {
    sanitize(s, Mode::Text)
}

/// True when [`sanitize_line`] would return `s` unchanged.
pub fn is_clean(s: &str) -> bool {
    !s.chars().any(|c| line_replacement(c).is_some())
}

fn sanitize(s: &str, mode: Mode) -> Cow<'_, str> {
    // Fast path: most server text is clean and is returned without allocating.
    let Some(first_dirty) = s.find(|c| needs_change(c, mode)) else {
        return Cow::Borrowed(s);
    };
    let mut out = String::with_capacity(s.len() + 8);
    out.push_str(&s[..first_dirty]);
    let mut rest = s[first_dirty..].chars().peekable();
    while let Some(c) = rest.next() {
        match (mode, c) {
            (Mode::Text, '\n') => out.push('\n'),
            (Mode::Text, '\t') => out.push_str(TEXT_TAB),
            // "\r\n" becomes "\n": the '\n' that follows is pushed next round.
            (Mode::Text, '\r') if rest.peek() == Some(&'\n') => {}
            _ => out.push(line_replacement(c).unwrap_or(c)),
        }
    }
    Cow::Owned(out)
}

fn needs_change(c: char, mode: Mode) -> bool {
    !(mode == Mode::Text && c == '\n') && line_replacement(c).is_some()
}

/// What `c` becomes in a one-line cell, or `None` when it is kept.
fn line_replacement(c: char) -> Option<char> {
    match c {
        '\t' => Some(' '),
        // C0 controls: U+2400 + code is the matching Control Picture (ESC → ␛).
        '\u{0}'..='\u{1F}' => char::from_u32(0x2400 + u32::from(c)),
        '\u{7F}' => Some('\u{2421}'),
        '\u{80}'..='\u{9F}' => Some(REPLACEMENT),
        c if is_bidi_control(c) => Some(REPLACEMENT),
        _ => None,
    }
}

/// Explicit direction marks, embeddings, overrides and isolates: they could
/// reorder what follows them on screen (a "Trojan Source" style trick).
pub fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_borrowed(cow: Cow<'_, str>) {
        assert!(
            matches!(cow, Cow::Borrowed(_)),
            "expected a borrow, got {cow:?}"
        );
    }

    #[test]
    fn clear_screen_sequence_is_made_visible() {
        assert_eq!(sanitize_line("a\x1b[2Jb"), "a␛[2Jb");
    }

    #[test]
    fn osc52_clipboard_write_is_defused() {
        let out = sanitize_line("\x1b]52;c;aGk=\x07");
        assert_eq!(out, "␛]52;c;aGk=␇");
        assert!(is_clean(&out));
    }

    #[test]
    fn osc0_title_change_is_defused() {
        assert_eq!(sanitize_line("\x1b]0;pwned\x07Group"), "␛]0;pwned␇Group");
        // The ST-terminated form too.
        assert_eq!(sanitize_line("\x1b]0;pwned\x1b\\"), "␛]0;pwned␛\\");
    }

    #[test]
    fn bell_carriage_return_backspace_and_delete() {
        assert_eq!(sanitize_line("ding\x07"), "ding␇");
        assert_eq!(sanitize_line("paid\runpaid"), "paid␍unpaid");
        assert_eq!(sanitize_line("ok\x08\x08no"), "ok␈␈no");
        assert_eq!(sanitize_line("x\x7fy"), "x␡y");
        assert_eq!(sanitize_line("\0"), "␀");
        assert_eq!(sanitize_line("\x1f"), "␟");
    }

    #[test]
    fn newline_and_tab_in_a_line() {
        assert_eq!(sanitize_line("one\ntwo"), "one␊two");
        assert_eq!(sanitize_line("one\r\ntwo"), "one␍␊two");
        assert_eq!(sanitize_line("a\tb"), "a b");
    }

    #[test]
    fn bidi_override_is_replaced() {
        assert_eq!(sanitize_line("abc\u{202E}fed"), "abc\u{FFFD}fed");
        for bidi in [
            '\u{061C}', '\u{200E}', '\u{200F}', '\u{202A}', '\u{2066}', '\u{2069}',
        ] {
            assert_eq!(sanitize_line(&bidi.to_string()), "\u{FFFD}", "{bidi:?}");
        }
        // Neighbours of the ranges are ordinary characters.
        for kept in ['\u{2029}', '\u{202F}', '\u{2065}', '\u{206A}', '\u{200D}'] {
            assert_borrowed(sanitize_line(&kept.to_string()));
        }
    }

    #[test]
    fn c1_controls_are_replaced() {
        // U+009B is CSI on terminals that honour 8-bit controls.
        assert_eq!(sanitize_line("a\u{9b}2Jb"), "a\u{FFFD}2Jb");
        assert_eq!(sanitize_line("\u{80}\u{9f}"), "\u{FFFD}\u{FFFD}");
        assert_borrowed(sanitize_line("\u{a0}")); // NBSP is not a control
    }

    #[test]
    fn plain_cyrillic_uzbek_and_emoji_are_borrowed() {
        for s in [
            "",
            "Группа английского, 10:00–11:30",
            "Oʻzbek tili — boshlangʻich",
            "Ingliz tili: o’rta daraja 🎓",
            "漢字 Ё",
        ] {
            assert_borrowed(sanitize_line(s));
            assert_borrowed(sanitize_text(s));
            assert!(is_clean(s), "{s:?}");
        }
    }

    #[test]
    fn text_keeps_newlines_and_normalises_crlf_and_tabs() {
        assert_borrowed(sanitize_text("line one\nline two\n"));
        assert_eq!(sanitize_text("one\r\ntwo\r\n"), "one\ntwo\n");
        assert_eq!(sanitize_text("\tindented"), "    indented");
        // A lone CR would return the cursor to the line start: made visible.
        assert_eq!(sanitize_text("paid\runpaid"), "paid␍unpaid");
        assert_eq!(sanitize_text("end\r"), "end␍");
        assert_eq!(sanitize_text("\r\r\n"), "␍\n");
        assert_eq!(sanitize_text("x\x1b[31my\u{202E}\n"), "x␛[31my\u{FFFD}\n");
    }

    #[test]
    fn is_clean_matches_sanitize_line() {
        let samples = [
            "plain",
            "tab\there",
            "esc\x1b",
            "bidi\u{2067}",
            "nl\n",
            "c1\u{85}",
            "Ё",
        ];
        for s in samples {
            assert_eq!(
                is_clean(s),
                matches!(sanitize_line(s), Cow::Borrowed(_)),
                "{s:?}"
            );
            assert!(is_clean(&sanitize_line(s)), "{s:?}");
        }
    }

    #[test]
    fn text_output_is_clean_line_by_line() {
        let out = sanitize_text("a\x1b]52;c;aGk=\x07\r\nb\tc\u{9b}\n");
        assert!(out.split('\n').all(is_clean), "{out:?}");
    }
}

//! Server text made safe for a terminal.
//!
//! Every string from the server passes through here before it is drawn or
//! printed: a group comment must not be able to move the cursor, set the
//! window title, ring the bell or write the clipboard. Control characters are
//! made visible (their Unicode Control Picture) rather than dropped, so odd
//! data stays noticeable instead of silently changing.
//!
//! Invisible characters are made visible too (`�`): zero-width spaces and
//! non-joiners, word joiners and invisible operators (U+2060–U+2064), the
//! byte order mark, tag characters, interlinear annotation marks, the
//! Hangul fillers, the soft hyphen, and the line and paragraph separators
//! (`␤` in a line; a line break in multi-line text). They would let
//! `Zero\u{200B}width` pass for `Zerowidth`, and terminals disagree on how
//! wide several of them are (the Hangul filler takes two columns on some,
//! none on others), which shifts a row against what was measured and leaves
//! stale cells on screen. The placeholder is one column everywhere.
//!
//! Two kinds carry meaning and are kept where they do: a zero width joiner
//! inside a grapheme cluster, between the characters it joins (`👨‍👩‍👧`,
//! Indic conjuncts), and one variation selector right after the character
//! it selects a form of (`❤️`, ideographic variants). Anywhere else (a
//! joiner between two letters, at an end, a run of selectors that could
//! hide data) they are shown as `�` like the others.

use std::borrow::Cow;
use unicode_segmentation::UnicodeSegmentation;

/// U+FFFD, shown for C1 controls, bidi overrides and invisible characters.
const REPLACEMENT: char = '\u{FFFD}';

/// What U+2028 and U+2029 (line and paragraph separators) become in a line.
const LINE_BREAK_SYMBOL: char = '\u{2424}';

/// ZERO WIDTH JOINER.
const ZWJ: char = '\u{200D}';

/// What a TAB becomes in multi-line text.
const TEXT_TAB: &str = "    ";

/// One-line cells (tables, list rows) or multi-line text (comments, descriptions).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Line,
    Text,
}

/// Makes `s` safe to print in a one-line cell: controls and invisible
/// characters become visible symbols, TAB one space. Borrowed when nothing
/// needed changing.
pub fn sanitize_line(s: &str) -> Cow<'_, str> {
    sanitize(s, Mode::Line)
}

/// Like [`sanitize_line`] for multi-line text: keeps `'\n'`, turns `"\r\n"`
/// and the line and paragraph separators into `"\n"` and TAB into four
/// spaces.
pub fn sanitize_text(s: &str) -> Cow<'_, str> {
    sanitize(s, Mode::Text)
}

/// True when [`sanitize_line`] would return `s` unchanged.
pub fn is_clean(s: &str) -> bool {
    matches!(sanitize_line(s), Cow::Borrowed(_))
}

fn sanitize(s: &str, mode: Mode) -> Cow<'_, str> {
    // Fast path: most server text is clean and is returned without allocating.
    if !s.contains(|c| needs_look(c, mode)) {
        return Cow::Borrowed(s);
    }
    // Joiners and selectors are judged within their grapheme cluster.
    let mut out: Option<String> = None;
    for (start, cluster) in s.grapheme_indices(true) {
        match cleaned_cluster(cluster, mode) {
            Some(cleaned) => out
                .get_or_insert_with(|| {
                    let mut out = String::with_capacity(s.len() + 8);
                    out.push_str(&s[..start]);
                    out
                })
                .push_str(&cleaned),
            None => {
                if let Some(out) = &mut out {
                    out.push_str(cluster);
                }
            }
        }
    }
    out.map_or(Cow::Borrowed(s), Cow::Owned)
}

/// A character that may be changed, alone or in its cluster.
fn needs_look(c: char, mode: Mode) -> bool {
    is_joiner_or_selector(c) || replacement(c, mode).is_some()
}

fn is_joiner_or_selector(c: char) -> bool {
    c == ZWJ || is_variation_selector(c)
}

/// What one grapheme cluster becomes, or None when it stays as it is.
fn cleaned_cluster(cluster: &str, mode: Mode) -> Option<String> {
    if !cluster.contains(|c| needs_look(c, mode)) {
        return None;
    }
    if mode == Mode::Text && cluster == "\r\n" {
        return Some("\n".to_string());
    }
    let chars: Vec<char> = cluster.chars().collect();
    // A character that a joiner or selector may follow.
    let is_base = |c: char| !is_joiner_or_selector(c) && replacement(c, mode).is_none();
    let mut out = String::with_capacity(cluster.len() + 4);
    let mut changed = false;
    for (i, &c) in chars.iter().enumerate() {
        let before = i.checked_sub(1).map(|j| chars[j]);
        let kept = if c == ZWJ {
            // It joins what comes before it, unchanged (a placeholder there
            // would split the cluster, and a second pass with it), to what
            // follows it.
            !changed && before.is_some() && chars.get(i + 1).is_some_and(|&n| is_base(n))
        } else if is_variation_selector(c) {
            before.is_some_and(is_base)
        } else if let Some(shown) = replacement(c, mode) {
            shown.push_to(&mut out);
            changed = true;
            continue;
        } else {
            true
        };
        if kept {
            out.push(c);
        } else {
            out.push(REPLACEMENT);
            changed = true;
        }
    }
    changed.then_some(out)
}

/// What a character becomes wherever it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shown {
    Char(char),
    Text(&'static str),
}

impl Shown {
    fn push_to(self, out: &mut String) {
        match self {
            Self::Char(c) => out.push(c),
            Self::Text(text) => out.push_str(text),
        }
    }
}

/// What `c` becomes wherever it stands, or `None` when it is kept (a
/// joiner or selector is kept or not by its place: see [`cleaned_cluster`]).
fn replacement(c: char, mode: Mode) -> Option<Shown> {
    match (mode, c) {
        (Mode::Text, '\n') => None,
        (Mode::Text, '\t') => Some(Shown::Text(TEXT_TAB)),
        (Mode::Text, '\u{2028}' | '\u{2029}') => Some(Shown::Char('\n')),
        _ => line_replacement(c).map(Shown::Char),
    }
}

/// What `c` becomes in a one-line cell, or `None` when it is kept.
fn line_replacement(c: char) -> Option<char> {
    match c {
        '\t' => Some(' '),
        // C0 controls: U+2400 + code is the matching Control Picture (ESC → ␛).
        '\u{0}'..='\u{1F}' => char::from_u32(0x2400 + u32::from(c)),
        '\u{7F}' => Some('\u{2421}'),
        '\u{80}'..='\u{9F}' => Some(REPLACEMENT),
        '\u{2028}' | '\u{2029}' => Some(LINE_BREAK_SYMBOL),
        c if is_bidi_control(c) || is_invisible(c) => Some(REPLACEMENT),
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

/// Characters that draw nothing, or whose width terminals disagree on,
/// and that carry nothing a reader of a CRM needs wherever they stand:
/// the default-ignorable code points (Unicode's DerivedCoreProperties)
/// other than the bidi controls, the zero width joiner and the variation
/// selectors, plus the line and paragraph separators and the interlinear
/// annotation marks.
pub fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{AD}' // soft hyphen
        | '\u{34F}' // combining grapheme joiner
        | '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' // Hangul fillers
        | '\u{17B4}' | '\u{17B5}' // Khmer inherent vowels
        | '\u{180E}' // Mongolian vowel separator
        | '\u{200B}' | '\u{200C}' // zero width space and non-joiner
        | '\u{2028}' | '\u{2029}' // line and paragraph separators
        | '\u{2060}'..='\u{2065}' // word joiner, invisible operators
        | '\u{206A}'..='\u{206F}' // deprecated format characters
        | '\u{FEFF}' // zero width no-break space (byte order mark)
        | '\u{FFF0}'..='\u{FFFB}' // interlinear annotation marks
        | '\u{1BCA0}'..='\u{1BCA3}' // shorthand format controls
        | '\u{1D173}'..='\u{1D17A}' // musical beams and slurs
        | '\u{E0000}'..='\u{E00FF}' // tag characters
        | '\u{E01F0}'..='\u{E0FFF}' // reserved default-ignorable
    )
}

/// Variation selectors: they pick a form of the character before them.
fn is_variation_selector(c: char) -> bool {
    matches!(
        c,
        '\u{180B}'..='\u{180D}' | '\u{180F}' | '\u{FE00}'..='\u{FE0F}' | '\u{E0100}'..='\u{E01EF}'
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
        for kept in ['\u{2027}', '\u{202F}', '\u{2070}', '\u{2010}'] {
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
    fn invisible_characters_are_shown() {
        assert_eq!(sanitize_line("Zero\u{200B}width"), "Zero\u{FFFD}width");
        assert_ne!(
            sanitize_line("Zero\u{200B}width"),
            sanitize_line("Zerowidth")
        );
        for invisible in [
            '\u{AD}',
            '\u{34F}',
            '\u{115F}',
            '\u{1160}',
            '\u{3164}',
            '\u{FFA0}',
            '\u{180E}',
            '\u{200B}',
            '\u{200C}',
            '\u{2060}',
            '\u{2061}',
            '\u{2064}',
            '\u{FEFF}',
            '\u{FFF9}',
            '\u{FFFA}',
            '\u{FFFB}',
            '\u{E0001}',
            '\u{E0020}',
            '\u{E0041}',
            '\u{E007F}',
        ] {
            let text = format!("a{invisible}b");
            assert_eq!(sanitize_line(&text), "a\u{FFFD}b", "{invisible:?}");
            assert_eq!(sanitize_text(&text), "a\u{FFFD}b", "{invisible:?}");
            assert!(is_invisible(invisible), "{invisible:?}");
        }
        // One column, as every terminal draws it.
        assert_eq!(unicode_width::UnicodeWidthStr::width("\u{FFFD}\u{2424}"), 2);
    }

    #[test]
    fn line_and_paragraph_separators_break_text_and_show_in_a_line() {
        assert_eq!(sanitize_line("one\u{2028}two\u{2029}"), "one␤two␤");
        assert_eq!(sanitize_text("one\u{2028}two\u{2029}"), "one\ntwo\n");
    }

    #[test]
    fn a_joiner_is_kept_only_inside_what_it_joins() {
        // Emoji sequences and an Indic conjunct: one cluster, kept whole.
        for joined in [
            "👨\u{200D}👩\u{200D}👧 family",
            "👩\u{200D}💻",
            "👁\u{FE0F}\u{200D}🗨\u{FE0F}",
            "क\u{94D}\u{200D}ष",
        ] {
            assert_borrowed(sanitize_line(joined));
        }
        assert_eq!(sanitize_line("Zero\u{200D}width"), "Zero\u{FFFD}width");
        assert_eq!(sanitize_line("\u{200D}👍"), "\u{FFFD}👍");
        assert_eq!(sanitize_line("👍\u{200D}"), "👍\u{FFFD}");
        assert_eq!(
            sanitize_line("👍\u{200D}\u{200D}👍"),
            "👍\u{FFFD}\u{FFFD}👍"
        );
        // A cluster with anything shown as a placeholder keeps no joiner.
        assert_eq!(
            sanitize_line("👍\u{FE0F}\u{FE0F}\u{200D}👍"),
            "👍\u{FE0F}\u{FFFD}\u{FFFD}👍"
        );
    }

    #[test]
    fn one_variation_selector_after_a_character_is_kept() {
        for selected in ["❤\u{FE0F}", "☺\u{FE0E}", "葛\u{E0100}"] {
            assert_borrowed(sanitize_line(selected));
        }
        assert_eq!(sanitize_line("\u{FE0F}a"), "\u{FFFD}a");
        // A run of selectors can carry hidden bytes: only the first stays.
        let smuggled = format!("😀{}", "\u{FE01}\u{E0131}".repeat(4));
        assert_eq!(
            sanitize_line(&smuggled),
            format!("😀\u{FE01}{}", "\u{FFFD}".repeat(7))
        );
    }

    #[test]
    fn sanitising_twice_changes_nothing_more() {
        for text in [
            "👍\u{FE0F}\u{FE0F}\u{200D}👍",
            "👍\u{200D}\u{FE0F}👍",
            "a\u{E0041}\u{FE0F}",
            "a\u{FE0F}\u{E0041}",
            "\u{1100}\u{1160}\u{11A8}",
            "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}",
            "x\u{200C}\u{FE0F}\u{200D}y",
        ] {
            let once = sanitize_line(text).into_owned();
            assert_eq!(sanitize_line(&once), once, "{text:?}");
            let once = sanitize_text(text).into_owned();
            assert_eq!(sanitize_text(&once), once, "{text:?}");
        }
    }

    #[test]
    fn text_output_is_clean_line_by_line() {
        let out = sanitize_text("a\x1b]52;c;aGk=\x07\r\nb\tc\u{9b}\n");
        assert!(out.split('\n').all(is_clean), "{out:?}");
    }
}

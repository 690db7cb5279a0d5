//! The user's token, found in any text before it can reach a screen,
//! stderr or the log: a server's answer, a token command's output, an
//! error's words. Found whole in whatever form it was written: as is,
//! JSON-escaped (`\/` as PHP's `json_encode` writes a slash, `\u0066` or
//! `\x66` for any character, escaped again inside a string that is itself
//! JSON), as HTML character references (`&#x2F;`) or percent-encoded
//! (`%2F`), or two of these one inside the other; and found in pieces:
//! once the text is decoded, folded by NFKC (fullwidth forms and the like
//! become ASCII) and stripped of everything but ASCII letters and digits
//! (separators, spaces, zero-width and soft hyphens), any run of
//! [`FRAGMENT`] characters of the token, of its reverse, of its base64 or
//! of its hex is masked. Its JWT signature alone, half the token, the token
//! spaced out or with U+200B between its characters: all masked.
//!
//! Case does not hide it: the token, its reverse and its hex are found in
//! upper, lower or any mixed case (a server that shouts the token back),
//! whole or in pieces. Base64 is found as written (its case is its
//! meaning) in all three alignments: base64 of a longer text holds the
//! token's bytes starting at any of the three places of a 3-byte group, as
//! the base64 of the Authorization header (`Bearer <token>`, seven bytes
//! before the token) does; standard and URL alphabets alike.
//!
//! Written here rather than taken from a crate: no crate we know searches
//! for every fragment of one secret through layered encodings and maps the
//! finds back to the bytes that wrote them.

use std::borrow::Cow;
use std::collections::{HashSet, VecDeque};
use std::ops::Range;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use unicode_normalization::UnicodeNormalization;

use crate::Token;

/// The length of a run of the token's characters that is masked wherever
/// it stands: shorter than this, a piece could be anything.
pub const FRAGMENT: usize = 10;

/// The fewest letters and digits a fragment is searched by: a run of
/// [`FRAGMENT`] characters of a token dense in dots or dashes holds fewer
/// letters and digits, and is searched by as many as it holds, but never
/// fewer than this (shorter, ordinary words would match).
const FEWEST_LETTERS: usize = 6;

/// `text` with every echo of `token` (in any case) replaced by its masked form
/// ([`Token::masked`]) and every fragment of it by `…`; borrowed when
/// there is none.
pub fn without_token<'a>(text: &'a str, token: &Token) -> Cow<'a, str> {
    let secret = token.expose();
    let mut found: Vec<(Range<usize>, bool)> = echoes(text, secret)
        .into_iter()
        .map(|range| (range, true))
        .collect();
    if let Some(fragments) = Fragments::of(secret) {
        found.extend(fragments.find(text).into_iter().map(|range| (range, false)));
    }
    if found.is_empty() {
        return Cow::Borrowed(text);
    }
    found.sort_by_key(|(range, _)| range.start);
    // Overlapping finds as one: masked whole if any of them was the token.
    let mut merged: Vec<(Range<usize>, bool)> = Vec::with_capacity(found.len());
    for (range, whole) in found {
        match merged.last_mut() {
            Some((open, open_whole)) if range.start <= open.end => {
                open.end = open.end.max(range.end);
                *open_whole |= whole;
            }
            _ => merged.push((range, whole)),
        }
    }
    let masked = token.masked();
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    for (range, whole) in merged {
        out.push_str(&text[copied..range.start]);
        out.push_str(if whole { &masked } else { "…" });
        copied = range.end;
    }
    out.push_str(&text[copied..]);
    Cow::Owned(out)
}

/// The byte ranges of `text` that spell `secret` in any case, each
/// character of it written plainly or encoded, in up to two encodings one
/// inside the other (`\u0026#x2F;`: an HTML reference, JSON-escaped);
/// leftmost first, not overlapping. A Knuth–Morris–Pratt search over the
/// decoded characters, ASCII case folded: linear in the text, however a
/// hostile server repeats the start of the token.
fn echoes(text: &str, secret: &str) -> Vec<Range<usize>> {
    let pattern: Vec<char> = secret.chars().map(|c| c.to_ascii_lowercase()).collect();
    if pattern.is_empty() {
        return Vec::new();
    }
    if text.contains(['\\', '&', '%']) {
        search(decoded(text), &pattern)
    } else {
        let plain = text.char_indices();
        search(plain.map(|(at, c)| (c, at..at + c.len_utf8())), &pattern)
    }
}

/// The spans of `pieces` that spell `pattern` (lowercase), see [`echoes`].
fn search(pieces: impl Iterator<Item = Piece>, pattern: &[char]) -> Vec<Range<usize>> {
    let fallback = fallback_table(pattern);
    // Where the last `pattern.len()` characters began in `text`, as a ring.
    let mut starts = vec![0; pattern.len()];
    let mut matched = 0;
    let mut found = Vec::new();
    for (index, (ch, span)) in pieces.enumerate() {
        let ch = ch.to_ascii_lowercase();
        while matched > 0 && pattern[matched] != ch {
            matched = fallback[matched - 1];
        }
        if pattern[matched] == ch {
            matched += 1;
        }
        starts[index % pattern.len()] = span.start;
        if matched == pattern.len() {
            let first = (index + 1) % pattern.len();
            found.push(starts[first]..span.end);
            matched = 0;
        }
    }
    found
}

/// The characters `text` stands for, two levels of encoding down, each
/// with the bytes that wrote it.
fn decoded(text: &str) -> impl Iterator<Item = Piece> + '_ {
    let plain = text
        .char_indices()
        .map(|(at, c)| (c, at..at + c.len_utf8()));
    Decoded::new(Decoded::new(plain))
}

/// The ASCII letters and digits `text` folds to (NFKC), each with the
/// bytes that wrote it: what fragments are searched in.
fn folded(text: &str) -> impl Iterator<Item = (u8, Range<usize>)> + '_ {
    decoded(text).flat_map(|(ch, span)| {
        std::iter::once(ch)
            .nfkc()
            .filter(char::is_ascii_alphanumeric)
            .map(move |c| (c as u8, span.clone()))
    })
}

/// Every run of [`FRAGMENT`] characters of a secret and of its other
/// forms, as letters and digits only, packed for a rolling search.
struct Fragments {
    /// How many letters and digits a fragment is searched by.
    letters: usize,
    /// Of every form as written: the token, its reverse, its base64.
    grams: HashSet<u128>,
    /// Of the forms found in another case too (the token, its reverse, its
    /// hex), lowercase: matched by a run of one case only (all capitals or
    /// none), as `upper()` or `lower()` leave an echo. A run of mixed case
    /// must match as written, or a word before a piece of the token would
    /// lose its last letter to a run that only differs from the token in
    /// case (`…ated` + `AwMDAw`: `dAwMDAw` is `DAwMDAw` in any case).
    any_case: HashSet<u128>,
}

impl Fragments {
    /// `None` for a secret shorter than a fragment: it is searched whole
    /// ([`echoes`]).
    fn of(secret: &str) -> Option<Self> {
        let chars: Vec<char> = secret.chars().collect();
        if chars.len() < FRAGMENT {
            return None;
        }
        // The fewest letters and digits in any FRAGMENT characters in a row.
        let letters = chars
            .windows(FRAGMENT)
            .map(|run| run.iter().filter(|c| c.is_ascii_alphanumeric()).count())
            .min()
            .unwrap_or(0)
            .max(FEWEST_LETTERS);
        let reversed: String = chars.iter().rev().collect();
        let hex: String = secret.bytes().map(|b| format!("{b:02x}")).collect();
        let grams_of = |forms: &[String], grams: &mut HashSet<u128>| {
            for form in forms {
                let letters_of: Vec<u8> = form
                    .nfkc()
                    .filter(char::is_ascii_alphanumeric)
                    .map(|c| c as u8)
                    .collect();
                grams.extend(letters_of.windows(letters).map(pack));
            }
        };
        let mut any_case = HashSet::new();
        grams_of(
            &[secret.to_lowercase(), reversed.to_lowercase(), hex],
            &mut any_case,
        );
        let mut grams = HashSet::new();
        grams_of(
            &[secret.to_string(), chars.iter().rev().collect()],
            &mut grams,
        );
        grams_of(&base64_forms(secret.as_bytes()), &mut grams);
        Some(Self {
            letters,
            grams,
            any_case,
        })
    }

    /// The byte ranges of `text` that hold a fragment, in order; ranges
    /// may overlap (the caller merges them).
    fn find(&self, text: &str) -> Vec<Range<usize>> {
        let mut found = Vec::new();
        let mut window: VecDeque<(u8, Range<usize>)> = VecDeque::with_capacity(self.letters);
        let (mut key, mut lower): (u128, u128) = (0, 0);
        // Capitals and small letters in the window.
        let (mut capitals, mut small) = (0usize, 0usize);
        let case = |byte: u8| {
            let (capital, small) = (byte.is_ascii_uppercase(), byte.is_ascii_lowercase());
            (usize::from(capital), usize::from(small))
        };
        let mask = if self.letters >= 16 {
            u128::MAX
        } else {
            (1u128 << (8 * self.letters)) - 1
        };
        for (byte, span) in folded(text) {
            if window.len() == self.letters
                && let Some((gone, _)) = window.pop_front()
            {
                let (c, s) = case(gone);
                (capitals, small) = (capitals - c, small - s);
            }
            key = ((key << 8) | u128::from(byte)) & mask;
            lower = ((lower << 8) | u128::from(byte.to_ascii_lowercase())) & mask;
            let (c, s) = case(byte);
            (capitals, small) = (capitals + c, small + s);
            window.push_back((byte, span));
            let one_case = capitals == 0 || small == 0;
            let known = self.grams.contains(&key) || (one_case && self.any_case.contains(&lower));
            if window.len() == self.letters && known {
                let start = window.front().map_or(0, |(_, span)| span.start);
                let end = window.back().map_or(0, |(_, span)| span.end);
                found.push(start..end);
            }
        }
        found
    }
}

/// The base64 of `secret` (standard and URL alphabets) as it stands in
/// the base64 of any longer text: with 0, 1 or 2 bytes before it in its
/// first 3-byte group (`Bearer <token>` puts it after 1: seven bytes).
/// Only the characters that the secret's bytes alone write are kept: the
/// first ones of a shared group and the last of an unfinished one also
/// carry the bytes around it, which can be anything.
fn base64_forms(secret: &[u8]) -> Vec<String> {
    let mut forms = Vec::with_capacity(3);
    for before in 0..3usize {
        let mut bytes = vec![0u8; before];
        bytes.extend_from_slice(secret);
        let encoded = STANDARD.encode(&bytes);
        let encoded = encoded.trim_end_matches('=');
        // Characters of 6 bits: the k-th holds bits 6k..6k+6 of `bytes`.
        let first = (8 * before).div_ceil(6);
        let last = (8 * bytes.len()) / 6;
        let own = encoded.get(first..last.min(encoded.len())).unwrap_or("");
        // The URL alphabet differs in `+/` (`-_`), which are no letters:
        // the fragments searched are the same.
        forms.push(own.to_string());
    }
    forms
}

/// Up to 16 ASCII bytes as one number, the last in the lowest byte.
fn pack(bytes: &[u8]) -> u128 {
    bytes.iter().fold(0, |key, &b| (key << 8) | u128::from(b))
}

/// For each prefix of `pattern`, the length of its longest proper prefix
/// that is also its suffix.
fn fallback_table(pattern: &[char]) -> Vec<usize> {
    let mut table = vec![0; pattern.len()];
    let mut length = 0;
    for i in 1..pattern.len() {
        while length > 0 && pattern[i] != pattern[length] {
            length = table[length - 1];
        }
        if pattern[i] == pattern[length] {
            length += 1;
        }
        table[i] = length;
    }
    table
}

/// A character and the bytes of the text that wrote it.
type Piece = (char, Range<usize>);

/// The longest run of backslashes read as one escape: four levels of
/// JSON inside JSON. Bounded so that a body of backslashes is read in
/// linear time.
const MAX_BACKSLASHES: usize = 15;

/// The most characters one encoded character takes: a run of backslashes
/// and `u0066`.
const LONGEST_ENCODING: usize = MAX_BACKSLASHES + 5;

/// One level of decoding: the characters that `pieces` stand for, each
/// with the bytes that wrote it.
struct Decoded<I> {
    pieces: I,
    ahead: VecDeque<Piece>,
}

impl<I: Iterator<Item = Piece>> Decoded<I> {
    fn new(pieces: I) -> Self {
        Self {
            pieces,
            ahead: VecDeque::with_capacity(LONGEST_ENCODING),
        }
    }
}

impl<I: Iterator<Item = Piece>> Iterator for Decoded<I> {
    type Item = Piece;

    fn next(&mut self) -> Option<Piece> {
        while self.ahead.len() < LONGEST_ENCODING {
            match self.pieces.next() {
                Some(piece) => self.ahead.push_back(piece),
                None => break,
            }
        }
        let at = |i: usize| self.ahead.get(i).map(|(c, _)| *c);
        let first = at(0)?;
        let (decoded, count) = match first {
            '\\' => json_escape(at),
            '&' => character_reference(at),
            '%' => percent_encoded(at),
            _ => None,
        }
        .unwrap_or((first, 1));
        let span = self.ahead[0].1.start..self.ahead[count - 1].1.end;
        self.ahead.drain(..count);
        Some((decoded, span))
    }
}

/// A JSON escape at the start of `at` (a backslash), however many times
/// its backslash was itself escaped (up to [`MAX_BACKSLASHES`]): `\/`,
/// `\\\/`, `\u002F`, `\\u002f`. A surrogate escape stands for U+FFFD.
/// Gives the character and how many characters wrote it.
fn json_escape(at: impl Fn(usize) -> Option<char>) -> Option<(char, usize)> {
    let backslashes = (0..MAX_BACKSLASHES)
        .take_while(|&i| at(i) == Some('\\'))
        .count();
    let decoded = match at(backslashes)? {
        '/' => '/',
        '"' => '"',
        'b' => '\u{8}',
        'f' => '\u{c}',
        'n' => '\n',
        'r' => '\r',
        't' => '\t',
        // `\x66`: not JSON, but how C, Python and PHP write a byte.
        'x' => {
            let code = hex_number((1..3).map(|i| at(backslashes + i)))?;
            return Some((char::from_u32(code)?, backslashes + 3));
        }
        'u' => {
            let code = hex_number((1..5).map(|i| at(backslashes + i)))?;
            let decoded = char::from_u32(code).unwrap_or(char::REPLACEMENT_CHARACTER);
            return Some((decoded, backslashes + 5));
        }
        _ => return None,
    };
    Some((decoded, backslashes + 1))
}

/// An HTML numeric character reference at the start of `at`: `&#47;`, `&#x2F;`.
fn character_reference(at: impl Fn(usize) -> Option<char>) -> Option<(char, usize)> {
    if at(1)? != '#' {
        return None;
    }
    let hex = matches!(at(2)?, 'x' | 'X');
    let first_digit = if hex { 3 } else { 2 };
    // `x10FFFF`, the longest there is, then the `;`: looked for that far only.
    let end = (first_digit..first_digit + 8).find(|&i| at(i) == Some(';'))?;
    let digits = (first_digit..end).map(&at);
    let code = if hex {
        hex_number(digits)?
    } else {
        let decimal: Option<Vec<u32>> = digits.map(|c| c?.to_digit(10)).collect();
        let decimal = decimal.filter(|digits| !digits.is_empty())?;
        decimal.into_iter().fold(0, |code, digit| code * 10 + digit)
    };
    Some((char::from_u32(code)?, end + 1))
}

/// A percent-encoded ASCII character at the start of `at`: `%2F`.
fn percent_encoded(at: impl Fn(usize) -> Option<char>) -> Option<(char, usize)> {
    let byte = u8::try_from(hex_number((1..3).map(at))?).ok()?;
    byte.is_ascii().then_some((char::from(byte), 3))
}

/// The number that hexadecimal digits write: `None` for no digits, for
/// anything else among them, or for one that does not fit.
fn hex_number(digits: impl Iterator<Item = Option<char>>) -> Option<u32> {
    let mut number: u32 = 0;
    let mut any = false;
    for digit in digits {
        number = number.checked_mul(16)?.checked_add(digit?.to_digit(16)?)?;
        any = true;
    }
    any.then_some(number)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "opaque/Tok3n+x=";

    fn masked(text: &str) -> String {
        without_token(text, &Token::new(SECRET)).into_owned()
    }

    #[test]
    fn every_encoding_of_the_token_is_masked() {
        let shown = Token::new(SECRET).masked();
        for echo in [
            SECRET.to_string(),
            // PHP's json_encode.
            r"opaque\/Tok3n+x=".to_string(),
            // Every character as a \u escape, in either case.
            SECRET
                .chars()
                .map(|c| format!("\\u{:04X}", u32::from(c)))
                .collect(),
            r"\u006fpaque\u002fTok3n\u002Bx\u003d".to_string(),
            // A JSON string inside a JSON string: the backslash escaped too.
            r"opaque\\\/Tok3n+x=".to_string(),
            r"opaque\\u002fTok3n+x=".to_string(),
            // HTML and URLs.
            "opaque&#x2F;Tok3n&#43;x&#61;".to_string(),
            "opaque%2FTok3n%2Bx%3D".to_string(),
            // Two at once: an HTML reference in JSON, a \u escape percent-encoded.
            r"opaque\u0026#x2F;Tok3n+x=".to_string(),
            r"opaque%5Cu002FTok3n+x=".to_string(),
        ] {
            let text = format!("Bearer {echo} was refused; {echo}.");
            assert_eq!(
                masked(&text),
                format!("Bearer {shown} was refused; {shown}."),
                "{echo}"
            );
        }
    }

    #[test]
    fn other_text_is_left_alone() {
        for text in [
            "",
            "nothing to see",
            r"opaque\/ and Tok3n",
            r"\\ \u12 \uZZZZ \q %zz %2 &#; &#x; &# &#+47; opaque/",
            "a lone backslash at the end \\",
            "multi-byte: Ташкент ✓ 日本語 %E2%9C%93",
        ] {
            assert!(
                matches!(without_token(text, &Token::new(SECRET)), Cow::Borrowed(_)),
                "{text}"
            );
        }
        assert!(matches!(
            without_token("anything", &Token::new("")),
            Cow::Borrowed(_)
        ));
        // A token's words are not masked in ordinary sentences.
        let token = Token::new(JWT);
        for text in [
            "The token is invalid or has expired; sign in again (code 401).",
            "Unauthenticated. Bearer token required: see https://crm.example/docs",
        ] {
            assert!(
                matches!(without_token(text, &token), Cow::Borrowed(_)),
                "{text}"
            );
        }
    }

    #[test]
    fn a_repeated_start_does_not_hide_the_token() {
        let token = Token::new("aabaabaac");
        let text = "aabaabaabaac aabaabaa";
        assert_eq!(
            without_token(text, &token),
            format!("aab{} aabaabaa", token.masked())
        );
        // Linear however long the near misses run, searched whole or in pieces.
        for token in [token, Token::new(JWT)] {
            for near_misses in
                ["aab", "\\", "&#1", "%a", "eyJhbG."].map(|start| start.repeat(50_000))
            {
                assert!(matches!(
                    without_token(&near_misses, &token),
                    Cow::Borrowed(_)
                ));
            }
        }
    }

    const JWT: &str =
        "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3IiwiZXhwIjoxOH0.owImVBjuPAlwI5470GidaSo7-Rq_3kLmN2";

    /// Whether `text`, folded as the search folds it, still holds
    /// [`FRAGMENT`] letters and digits in a row of `form` (folded too), in
    /// any case when `any_case`.
    fn holds_a_run(text: &str, form: &str, any_case: bool) -> bool {
        let letters = |s: &str| -> Vec<u8> {
            let case = |b: u8| if any_case { b.to_ascii_lowercase() } else { b };
            folded(s).map(|(b, _)| case(b)).collect()
        };
        let (text, form) = (letters(text), letters(form));
        form.windows(FRAGMENT)
            .any(|run| text.windows(FRAGMENT).any(|seen| seen == run))
    }

    /// The characters of the base64 of `before` bytes then `piece` that
    /// `piece` alone writes (the others carry the bytes around it).
    fn own_base64(before: &[u8], piece: &str, engine: &impl Engine) -> String {
        let mut bytes = before.to_vec();
        bytes.extend_from_slice(piece.as_bytes());
        let encoded = engine.encode(&bytes);
        let encoded = encoded.trim_end_matches('=');
        let (first, last) = ((8 * before.len()).div_ceil(6), 8 * bytes.len() / 6);
        encoded[first..last.min(encoded.len())].to_string()
    }

    #[test]
    fn a_word_before_a_piece_keeps_its_letters_whatever_their_case() {
        // `d` + `AwMDAwMD…` is a run of this token in another case only.
        let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3IiwiZXhwIjoyMDAwMDAwMDAwfQ.owImVBjuPAlwI5470GidaSo7-Rq_3kLmN2";
        let half = &jwt[jwt.len() / 2..];
        let text = format!("Unauthenticated: {half}");
        let shown = without_token(&text, &Token::new(jwt));
        assert!(shown.starts_with("Unauthenticated: "), "{shown}");
    }

    #[test]
    fn the_token_in_another_case_or_in_the_base64_of_its_header_is_masked() {
        use base64::engine::general_purpose::URL_SAFE_NO_PAD;
        let token = Token::new(JWT);
        let header = format!("Bearer {JWT}");
        for echo in [
            JWT.to_uppercase(),
            JWT.to_lowercase(),
            STANDARD.encode(&header),
            URL_SAFE_NO_PAD.encode(&header),
            STANDARD.encode(format!("Authorization: {header}")),
            STANDARD.encode(format!("x{JWT}")),
            JWT.bytes().map(|b| format!("{b:02X}")).collect(),
        ] {
            let text = format!("refused: {echo} (sent)");
            let shown = without_token(&text, &token);
            assert!(
                shown.starts_with("refused: ") && shown.ends_with(" (sent)"),
                "{shown}"
            );
            let n = echo.len();
            for probe in [
                &echo[n * 2 / 5..n * 2 / 5 + 8],
                &echo[n * 3 / 5..n * 3 / 5 + 8],
                &echo[n - 12..n - 4],
            ] {
                assert!(!shown.contains(probe), "{echo} -> {shown}");
            }
        }
    }

    proptest::proptest! {
        /// Random tokens, cut anywhere, dressed in random separators and
        /// encodings: never a fragment left.
        #[test]
        fn no_fragment_survives(
            token in "[A-Za-z0-9_-]{10,30}(\\.[A-Za-z0-9_-]{8,40}){0,2}",
            cut in (0usize..1000, 10usize..60),
            dress in proptest::collection::vec(0usize..8, 1..80),
            whole in 0usize..7,
            before in "[ -~]{0,8}",
        ) {
            use base64::engine::general_purpose::URL_SAFE_NO_PAD;
            let chars: Vec<char> = token.chars().collect();
            let start = cut.0 % (chars.len() - FRAGMENT + 1);
            let end = (start + cut.1).min(chars.len());
            let piece: Vec<char> = match whole {
                1 => chars[start..end].iter().map(char::to_ascii_uppercase).collect(),
                2 => chars[start..end].iter().map(char::to_ascii_lowercase).collect(),
                _ => chars[start..end].to_vec(),
            };
            let plain: String = piece.iter().collect();
            // Dresses of the piece as a whole: its base64 after any bytes
            // (the Authorization header's among them), its hex in capitals.
            let (echo, form, any_case) = match whole {
                3 => (STANDARD.encode(format!("{before}{plain}")), own_base64(before.as_bytes(), &plain, &STANDARD), false),
                4 => {
                    let header = format!("Bearer {plain}");
                    (URL_SAFE_NO_PAD.encode(&header), own_base64(b"Bearer ", &plain, &URL_SAFE_NO_PAD), false)
                }
                5 => {
                    let hex: String = plain.bytes().map(|b| format!("{b:02X}")).collect();
                    (hex.clone(), hex, true)
                }
                _ => (String::new(), token.clone(), whole != 0),
            };
            if !echo.is_empty() {
                let text = format!("Ошибка: {echo}; ещё раз");
                let shown = without_token(&text, &Token::new(&token));
                proptest::prop_assert!(!holds_a_run(&shown, &form, any_case), "{} -> {}", text, shown);
                return Ok(());
            }
            let mut echo = String::new();
            for (i, c) in piece.iter().enumerate() {
                let code = u32::from(*c);
                match dress[i % dress.len()] {
                    0 => echo.push(*c),
                    1 => echo.push_str(&format!("{c}\u{200B}")),
                    2 => echo.push_str(&format!("{c} ")),
                    3 => echo.push_str(&format!("%{code:02X}")),
                    4 => echo.push_str(&format!("\\u{code:04x}")),
                    5 => echo.push_str(&format!("&#{code};")),
                    6 if c.is_ascii_alphanumeric() => echo.push(char::from_u32(code + 0xFEE0).unwrap()),
                    _ => echo.push_str(&format!("{c}-")),
                }
            }
            let text = format!("Ошибка: {echo}; ещё раз");
            let shown = without_token(&text, &Token::new(&token));
            proptest::prop_assert!(!holds_a_run(&shown, &form, any_case), "{} -> {}", text, shown);
        }
    }
}

//! A server's echo of the user's token, found in whatever form the server
//! wrote it: as is, JSON-escaped (`\/` as PHP's `json_encode` writes a
//! slash, `\u0066` for any character, escaped again inside a string that is
//! itself JSON), as HTML character references (`&#x2F;`) or percent-encoded
//! (`%2F`), or two of these one inside the other. The token's shape does not matter: an opaque token is found as
//! surely as a JWT.

use std::borrow::Cow;
use std::collections::VecDeque;
use std::ops::Range;

use crate::model::Token;

/// `text` with every echo of `token` replaced by its masked form
/// ([`Token::masked`]); borrowed when there is none.
pub fn without_token<'a>(text: &'a str, token: &Token) -> Cow<'a, str> {
    let echoes = echoes(text, token.expose());
    if echoes.is_empty() {
        return Cow::Borrowed(text);
    }
    let masked = token.masked();
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    for echo in echoes {
        out.push_str(&text[copied..echo.start]);
        out.push_str(&masked);
        copied = echo.end;
    }
    out.push_str(&text[copied..]);
    Cow::Owned(out)
}

/// The byte ranges of `text` that spell `secret`, each character of it
/// written plainly or encoded, in up to two encodings one inside the other
/// (`\u0026#x2F;`: an HTML reference, JSON-escaped); leftmost first, not
/// overlapping. A Knuth–Morris–Pratt search over the decoded characters:
/// linear in the text, however a hostile server repeats the start of the
/// token.
fn echoes(text: &str, secret: &str) -> Vec<Range<usize>> {
    let pattern: Vec<char> = secret.chars().collect();
    if pattern.is_empty() {
        return Vec::new();
    }
    if !text.contains(['\\', '&', '%']) {
        let spans = text.match_indices(secret);
        return spans.map(|(at, _)| at..at + secret.len()).collect();
    }
    let fallback = fallback_table(&pattern);
    // Where the last `pattern.len()` characters began in `text`, as a ring.
    let mut starts = vec![0; pattern.len()];
    let mut matched = 0;
    let mut found = Vec::new();
    let plain = text
        .char_indices()
        .map(|(at, c)| (c, at..at + c.len_utf8()));
    for (index, (ch, span)) in Decoded::new(Decoded::new(plain)).enumerate() {
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
            r"opaque\/Tok3n+x",
            r"\\ \u12 \uZZZZ \q %zz %2 &#; &#x; &# &#+47; opaque/Tok3n+y=",
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
    }

    #[test]
    fn a_repeated_start_does_not_hide_the_token() {
        let token = Token::new("aab-aab-aac");
        let text = "aab-aab-aab-aac aab-aab-aa";
        assert_eq!(
            without_token(text, &token),
            format!("aab-{} aab-aab-aa", token.masked())
        );
        // Linear however long the near misses run.
        for near_misses in ["aab-", "\\", "&#1", "%a"].map(|start| start.repeat(50_000)) {
            assert!(matches!(
                without_token(&near_misses, &token),
                Cow::Borrowed(_)
            ));
        }
    }
}

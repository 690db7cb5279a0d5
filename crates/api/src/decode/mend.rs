//! JSON that serde_json refuses as a whole for one bad value, mended so
//! that the rest can be read:
//! - a lone surrogate escape (`"\ud800"`), which no Rust string can hold,
//!   becomes `\ufffd` (U+FFFD), as invalid UTF-8 does;
//! - a value nested deeper than [`MAX_DEPTH`] levels (serde_json stops at
//!   128 and would fail the document) is cut at that depth: the list or
//!   object there becomes the string `"…"`;
//! - a number no f64 holds (`1e400`, `-1e999`, 400 digits: serde_json
//!   fails the document with "number out of range") becomes its text in
//!   quotes, so the field it stands in fails alone (issue 33 §7): a number
//!   field reads no number from it, a text field or one kept as sent keeps
//!   the text, an unknown key is skipped as ever.
//!
//! Only a document that failed is mended, and read again (see
//! [`parse_mended`]), so well-formed answers pay nothing for it.

use std::borrow::Cow;
use std::ops::Range;

use crmdeck_model::decode::{Shape, parse_with, with_element_budget};

/// The deepest nesting kept when a document is mended. The API's own
/// answers go five levels deep (envelope, `data`, group, course, a value).
pub const MAX_DEPTH: usize = 16;

/// What a value nested too deep is replaced with: the mark of a cut list
/// (`model::decode`'s `CUT`), as a JSON string.
const CUT: &str = "\"…\"";

/// [`parse_with`] with a fresh `shape()` and element budget; when the
/// document fails, once more on its mended text. The first error stands
/// when mending changes nothing or does not help.
pub(super) fn parse_mended<S, O>(json: &str, shape: impl Fn() -> S) -> Result<O, serde_json::Error>
where
    S: for<'de> Shape<'de, Output = O>,
{
    let parse = |json: &str| with_element_budget(|| parse_with(json, shape()));
    let error = match parse(json) {
        Err(error) => error,
        ok => return ok,
    };
    match mended(json) {
        Cow::Owned(mended) => parse(&mended).map_err(|_| error),
        Cow::Borrowed(_) => Err(error),
    }
}

/// `json` with its lone surrogate escapes replaced and its values nested
/// deeper than [`MAX_DEPTH`] cut; borrowed when there is nothing to mend.
pub(super) fn mended(json: &str) -> Cow<'_, str> {
    let bytes = json.as_bytes();
    let mut edits: Vec<(Range<usize>, &str)> = Vec::new();
    let mut depth = 0usize;
    let mut at = 0;
    while at < bytes.len() {
        at = match bytes[at] {
            b'"' => string_end(bytes, at + 1, Some(&mut edits)),
            b'[' | b'{' if depth == MAX_DEPTH => {
                let end = container_end(bytes, at);
                edits.push((at..end, CUT));
                end
            }
            b'[' | b'{' => {
                depth += 1;
                at + 1
            }
            b']' | b'}' => {
                depth = depth.saturating_sub(1);
                at + 1
            }
            b'-' | b'0'..=b'9' => {
                let end = number_end(bytes, at);
                if json[at..end].parse::<f64>().is_ok_and(f64::is_infinite) {
                    edits.push((at..at, "\""));
                    edits.push((end..end, "\""));
                }
                end
            }
            _ => at + 1,
        };
    }
    if edits.is_empty() {
        return Cow::Borrowed(json);
    }
    let mut out = String::with_capacity(json.len());
    let mut copied = 0;
    for (range, with) in edits {
        out.push_str(&json[copied..range.start]);
        out.push_str(with);
        copied = range.end;
    }
    out.push_str(&json[copied..]);
    Cow::Owned(out)
}

/// Where the number (or what looks like one) starting at `start` ends.
fn number_end(bytes: &[u8], start: usize) -> usize {
    let length = bytes[start..]
        .iter()
        .take_while(|b| matches!(b, b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E'))
        .count();
    start + length
}

/// Where the list or object opening at `start` ends (after its closing
/// bracket), or the end of the text for one never closed.
fn container_end(bytes: &[u8], start: usize) -> usize {
    let mut depth = 0usize;
    let mut at = start;
    while at < bytes.len() {
        match bytes[at] {
            b'"' => {
                at = string_end(bytes, at + 1, None);
                continue;
            }
            b'[' | b'{' => depth += 1,
            b']' | b'}' => {
                depth -= 1;
                if depth == 0 {
                    return at + 1;
                }
            }
            _ => {}
        }
        at += 1;
    }
    bytes.len()
}

/// Where the string whose content starts at `start` ends (after its
/// closing quote, or the end of the text); records the replacement of
/// each lone surrogate escape in it into `edits`, when given.
fn string_end(
    bytes: &[u8],
    start: usize,
    mut edits: Option<&mut Vec<(Range<usize>, &'static str)>>,
) -> usize {
    let mut at = start;
    while at < bytes.len() {
        match bytes[at] {
            b'"' => return at + 1,
            b'\\' if bytes.get(at + 1) == Some(&b'u') => {
                let escape = at..at + 6;
                let (code, next) = (surrogate(bytes, at), surrogate(bytes, at + 6));
                match (code, next) {
                    (Some(Surrogate::High), Some(Surrogate::Low)) => at += 12,
                    (Some(_), _) => {
                        if let Some(edits) = edits.as_deref_mut() {
                            edits.push((escape, "\\ufffd"));
                        }
                        at += 6;
                    }
                    (None, _) => at += 2,
                }
            }
            b'\\' => at += 2,
            _ => at += 1,
        }
    }
    bytes.len()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Surrogate {
    High,
    Low,
}

/// The half of a surrogate pair that the `\uXXXX` escape at `at` writes, if any.
fn surrogate(bytes: &[u8], at: usize) -> Option<Surrogate> {
    let escape = bytes.get(at..at + 6)?;
    let digits = escape.strip_prefix(b"\\u")?;
    let code = u16::from_str_radix(std::str::from_utf8(digits).ok()?, 16).ok()?;
    match code {
        0xD800..=0xDBFF => Some(Surrogate::High),
        0xDC00..=0xDFFF => Some(Surrogate::Low),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lone_surrogates_become_replacement_characters() {
        for (json, expected) in [
            (r#"["\ud800"]"#, r#"["\ufffd"]"#),
            (r#"["a\uDFFFb"]"#, r#"["a\ufffdb"]"#),
            (r#"["\ud800\ud800\udc00"]"#, r#"["\ufffd\ud800\udc00"]"#),
            (r#"{"\udc00":"\ud83d"}"#, r#"{"\ufffd":"\ufffd"}"#),
            (r#"["\ud800\u0041"]"#, r#"["\ufffd\u0041"]"#),
        ] {
            assert_eq!(mended(json), expected, "{json}");
            let value: serde_json::Value = serde_json::from_str(&mended(json)).unwrap();
            assert!(value.to_string().contains('\u{FFFD}'), "{json}");
        }
    }

    #[test]
    fn numbers_no_float_holds_become_text() {
        let huge = format!("1{}", "0".repeat(400));
        for (json, expected) in [
            (r#"{"a":1e400}"#.to_string(), r#"{"a":"1e400"}"#.to_string()),
            (
                r#"[-1E+999,2,1e-400]"#.into(),
                r#"["-1E+999",2,1e-400]"#.into(),
            ),
            (
                format!(r#"{{"{huge}":{huge}}}"#),
                format!(r#"{{"{huge}":"{huge}"}}"#),
            ),
        ] {
            assert!(
                serde_json::from_str::<serde_json::Value>(&json).is_err(),
                "{json}"
            );
            assert_eq!(mended(&json), expected, "{json}");
            serde_json::from_str::<serde_json::Value>(&mended(&json)).expect("readable");
        }
    }

    #[test]
    fn what_is_well_formed_is_left_alone() {
        for json in [
            r#"{"a":"\ud83d\ude00","b":"\\ud800","c":"\u0041\"[{"}"#,
            r#"[1,{"x":[[[]]]},"]]]]"]"#,
            r#"[1e308,-1.5e-400,12345678901234567890123,"1e400"]"#,
            "",
            "not json [[[",
            r#""unterminated \ud83d\ude00"#,
        ] {
            assert!(matches!(mended(json), Cow::Borrowed(_)), "{json}");
        }
    }

    #[test]
    fn values_nested_too_deep_are_cut_at_the_limit() {
        let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
        let json = format!(r#"{{"data":[{{"abilities":{deep},"name":"kept"}}]}}"#);
        let mended = mended(&json);
        let value: serde_json::Value = serde_json::from_str(&mended).expect("readable");
        assert_eq!(value["data"][0]["name"], "kept");
        let mut level = &value["data"][0]["abilities"];
        let mut depth = 3;
        while let Some(inner) = level.get(0) {
            level = inner;
            depth += 1;
        }
        assert_eq!((depth, level.as_str()), (MAX_DEPTH, Some("…")));
        // Brackets inside strings are text, not nesting.
        let quoted = format!(r#"{{"a":"{}","b":[1]}}"#, "[".repeat(100));
        assert!(matches!(super::mended(&quoted), Cow::Borrowed(_)));
        // A value never closed is cut to the end.
        let open = format!("[1,{}", "{\"a\":[".repeat(50));
        assert!(super::mended(&open).ends_with("\"…\""));
    }
}

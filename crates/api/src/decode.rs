//! Tolerant decoding of the API's answers (each shape a row of `tests/decoding.rs`;
//! RELIABILITY.md, "Bad data from the server").
//!
//! Every shape real traffic shows is accepted: unknown keys are ignored,
//! numbers may be text, nullable fields may be `null` or absent, and a value
//! that does not fit its field becomes `None` or raw text. Nothing inside a
//! record can fail a page: a lone surrogate escape in a string reads as
//! U+FFFD and a value nested past [`MAX_DEPTH`] levels is cut there
//! (`mend.rs`); a `data` element that is not an object is skipped, every
//! object is kept. Only a body that is not JSON, a JSON document that is
//! not a success envelope, a `data` list without a single object, or one of
//! more than [`MAX_RECORDS`] elements, is a [`DecodeError`].
//!
//! Records are read straight from the bytes by serde visitors (the model's
//! `decode`: each record's tolerant `Deserialize`), never through a `serde_json::Value` per record; past
//! [`MAX_RECORDS`] elements the rest of `data` is only counted, so the
//! memory a page takes is bounded however many tiny records its body holds.

mod mend;

use std::borrow::Cow;
use std::marker::PhantomData;

use serde::de::{self, IgnoredAny, MapAccess, SeqAccess};

pub use self::mend::MAX_DEPTH;
use self::mend::parse_mended;
pub use crmdeck_model::decode::MAX_KEPT_ELEMENTS;
use crmdeck_model::decode::{
    Accept, AnyValue, Loose, Record, RecordShape, Shape, flag, int, nested, read, skip_list,
    skip_object, skip_value, text,
};
use crmdeck_model::{Branch, Envelope, Group, Installation, Me, Pagination, Plugin};

/// Why a body could not be read as a success envelope. Its `Display` is one
/// short line, fit for a status bar.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    /// The body is not JSON (an HTML page, a proxy's text, an empty body).
    #[error("the answer is not JSON ({reason} at line {line}, column {column})")]
    NotJson {
        reason: String,
        line: usize,
        column: usize,
    },
    /// The JSON is not an object envelope.
    #[error("expected a JSON object envelope, found {found}")]
    NotEnvelope { found: &'static str },
    /// The envelope has no `data` field.
    #[error("the answer has no `data` field")]
    NoData,
    /// `data` is not what the endpoint returns.
    #[error("expected {expected} in `data`, found {found}")]
    WrongShape {
        expected: &'static str,
        found: &'static str,
    },
    /// `data` holds more elements than any page of the API does.
    #[error("`data` holds {elements} records, more than the {limit} a page may hold: refused")]
    TooManyRecords { elements: usize, limit: usize },
    /// The envelope says `"success": false`.
    #[error("{}", refused_line(*status, message.as_deref()))]
    Refused {
        status: Option<i64>,
        message: Option<String>,
    },
}

/// Longest server message shown in a [`DecodeError`]'s one line, in characters.
const MESSAGE_LIMIT: usize = 120;

fn refused_line(status: Option<i64>, message: Option<&str>) -> String {
    let status = status
        .map(|code| format!(" (status {code})"))
        .unwrap_or_default();
    match message.map(|message| one_line(message, MESSAGE_LIMIT)) {
        Some(message) if !message.is_empty() => format!("the server refused{status}: {message}"),
        _ => format!("the server refused{status}"),
    }
}

/// The first non-blank line of `text`, trimmed and cut to `limit` characters.
fn one_line(text: &str, limit: usize) -> String {
    let line = text
        .lines()
        .map(str::trim)
        .find(|line| !line.is_empty())
        .unwrap_or("");
    match line.char_indices().nth(limit) {
        Some((cut, _)) => format!("{}…", &line[..cut]),
        None => line.to_string(),
    }
}

impl From<serde_json::Error> for DecodeError {
    fn from(error: serde_json::Error) -> Self {
        let (line, column) = (error.line(), error.column());
        let full = error.to_string();
        let suffix = format!(" at line {line} column {column}");
        let reason = full.strip_suffix(&suffix).unwrap_or(&full).to_string();
        Self::NotJson {
            reason,
            line,
            column,
        }
    }
}

/// The most elements a `data` list may hold: fifty times the largest page
/// crmdeck asks for (`per_page` 100), and far more plugins or branches
/// than any centre has.
pub const MAX_RECORDS: usize = 5_000;

/// The envelope of `GET /v2/plugins`.
pub fn plugins(body: &[u8]) -> Result<Envelope<Vec<Plugin>>, DecodeError> {
    envelope(body, ListOf::<Plugin>::new)
}

/// The envelope of `GET /v2/groups` (with its pagination).
pub fn groups(body: &[u8]) -> Result<Envelope<Vec<Group>>, DecodeError> {
    envelope(body, ListOf::<Group>::new)
}

/// The envelope of `POST /v2/plugins/install`: `data` is one installation.
pub fn install(body: &[u8]) -> Result<Envelope<Installation>, DecodeError> {
    envelope(body, OneObject::<Installation>::new)
}

/// The envelope of `GET /v2/branches` (outside the published spec).
pub fn branches(body: &[u8]) -> Result<Envelope<Vec<Branch>>, DecodeError> {
    envelope(body, ListOf::<Branch>::new)
}

/// The envelope of `GET /v2/token/me` (outside the published spec): `data`
/// is the user, with the company (centre) it belongs to.
pub fn me(body: &[u8]) -> Result<Envelope<Me>, DecodeError> {
    envelope(body, OneObject::<Me>::new)
}

/// The body as text: invalid UTF-8 (a name cut in the middle of a
/// character) is replaced rather than failing the page, and a byte order
/// mark, which some proxies put first, is dropped.
fn body_text(body: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(body.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(body))
}

/// Reads a success envelope whose `data` has the shape `data()`.
fn envelope<T, S>(body: &[u8], data: fn() -> S) -> Result<Envelope<T>, DecodeError>
where
    S: for<'de> Shape<'de, Output = Result<T, DecodeError>>,
{
    let shape = || EnvelopeShape { data };
    let parts = parse_mended(&body_text(body), shape)?
        .map_err(|found| DecodeError::NotEnvelope { found })?;
    if parts.success == Some(false) {
        return Err(DecodeError::Refused {
            status: parts.status,
            message: parts.message,
        });
    }
    let data = parts.data.ok_or(DecodeError::NoData)??;
    Ok(Envelope {
        status: parts.status,
        success: parts.success,
        data,
        pagination: parts.pagination,
        message: parts.message,
    })
}

/// An envelope's fields as read; `data` is `Err(why)` when it does not
/// have the expected shape.
struct EnvelopeParts<T> {
    status: Option<i64>,
    success: Option<bool>,
    data: Option<Result<T, DecodeError>>,
    pagination: Option<Pagination>,
    message: Option<String>,
}

/// The [`Shape`] of a whole answer: `Err(what was found)` unless it is an object.
///
/// A key sent twice: the last wins, here and in every object the client
/// reads (records, `pagination`, error bodies), as serde_json's `Value`,
/// JavaScript and most parsers read it, so that the page and a script
/// reading the same body with `jq` agree (issue 33 §7).
struct EnvelopeShape<S> {
    /// Makes the shape of each `data` key; a later one replaces the first.
    data: fn() -> S,
}

impl<'de, T, S> Shape<'de> for EnvelopeShape<S>
where
    S: Shape<'de, Output = Result<T, DecodeError>>,
{
    type Output = Result<EnvelopeParts<T>, &'static str>;

    fn object<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Output, A::Error> {
        let mut parts = EnvelopeParts {
            status: None,
            success: None,
            data: None,
            pagination: None,
            message: None,
        };
        while let Some(key) = map.next_key_seed(Accept(AnyValue))? {
            let Loose::Text(key) = key else {
                skip_value(&mut map)?;
                continue;
            };
            match &*key {
                "data" => {
                    // The first is dropped before the last is read: one
                    // page's records held at a time.
                    parts.data = None;
                    parts.data = Some(map.next_value_seed(Accept((self.data)()))?);
                }
                "status" => parts.status = read(&mut map, int)?,
                "success" => parts.success = read(&mut map, flag)?,
                "message" => parts.message = read(&mut map, text)?,
                "pagination" => parts.pagination = nested(&mut map)?,
                _ => skip_value(&mut map)?,
            }
        }
        Ok(Ok(parts))
    }

    fn list<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Output, A::Error> {
        skip_list(seq).map(Err)
    }

    fn scalar<E: de::Error>(self, value: Loose<'de>) -> Result<Self::Output, E> {
        Ok(Err(value.kind()))
    }
}

/// `data` as a list of records: elements that are not objects are skipped,
/// but a list of nothing else is no list of records; past [`MAX_RECORDS`]
/// elements the rest are counted, not read.
struct ListOf<T>(PhantomData<T>);

impl<T> ListOf<T> {
    fn new() -> Self {
        Self(PhantomData)
    }
}

/// What `data` was expected to be, in an error.
const A_LIST: &str = "a list";

impl<'de, T: Record> Shape<'de> for ListOf<T> {
    type Output = Result<Vec<T>, DecodeError>;

    fn object<A: MapAccess<'de>>(self, map: A) -> Result<Self::Output, A::Error> {
        skip_object(map).map(|found| Err(wrong_shape(A_LIST, found)))
    }

    fn list<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Output, A::Error> {
        let mut records = Vec::new();
        let mut elements = 0;
        // What the first element that is no object was.
        let mut other = None;
        while elements < MAX_RECORDS {
            let Some(element) = seq.next_element_seed(Accept(RecordShape::<T>::default()))? else {
                break;
            };
            elements += 1;
            match element {
                Ok(found) => records.push(found.record),
                Err(found) => _ = other.get_or_insert(found),
            }
        }
        while seq.next_element::<IgnoredAny>()?.is_some() {
            elements += 1;
        }
        if elements > MAX_RECORDS {
            return Ok(Err(DecodeError::TooManyRecords {
                elements,
                limit: MAX_RECORDS,
            }));
        }
        Ok(match other {
            Some(found) if records.is_empty() => {
                Err(wrong_shape("a list of objects", list_of(found)))
            }
            _ => Ok(records),
        })
    }

    fn scalar<E: de::Error>(self, value: Loose<'de>) -> Result<Self::Output, E> {
        Ok(Err(wrong_shape(A_LIST, value.kind())))
    }
}

fn wrong_shape(expected: &'static str, found: &'static str) -> DecodeError {
    DecodeError::WrongShape { expected, found }
}

/// "a list of numbers" for a list whose elements are what `kind` names.
fn list_of(kind: &'static str) -> &'static str {
    match kind {
        "null" => "a list of nulls",
        "a boolean" => "a list of booleans",
        "a number" => "a list of numbers",
        "a string" => "a list of strings",
        _ => "a list of lists",
    }
}

/// `data` as one record: an object with at least one key.
struct OneObject<T>(PhantomData<T>);

impl<T> OneObject<T> {
    fn new() -> Self {
        Self(PhantomData)
    }
}

impl<'de, T: Record> Shape<'de> for OneObject<T> {
    type Output = Result<T, DecodeError>;

    fn object<A: MapAccess<'de>>(self, map: A) -> Result<Self::Output, A::Error> {
        Ok(match RecordShape::<T>::default().object(map)? {
            Ok(found) if !found.empty => Ok(found.record),
            _ => Err(wrong_shape(T::EXPECTED, "an empty object")),
        })
    }

    fn list<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Output, A::Error> {
        skip_list(seq).map(|found| Err(wrong_shape(T::EXPECTED, found)))
    }

    fn scalar<E: de::Error>(self, value: Loose<'de>) -> Result<Self::Output, E> {
        Ok(Err(wrong_shape(T::EXPECTED, value.kind())))
    }
}

/// What an error answer says, for people.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ErrorBody {
    /// The best human message found (`message`, else `error`, else `detail`;
    /// an HTML page's title; a plain-text body's first line).
    pub message: Option<String>,
    /// A 422's `errors` object: each field with its messages, in the order sent.
    pub field_errors: Vec<(String, Vec<String>)>,
}

/// Longest message taken from a body that is not JSON, in characters.
const PLAIN_MESSAGE_LIMIT: usize = 200;

/// The best human message in an error body (the bodies of `tests/decoding.rs`):
/// JSON bodies in any of the seen forms, an HTML page's title, or the first
/// line of plain text. `None` when the body says nothing useful.
pub fn error_body(body: &[u8]) -> Option<ErrorBody> {
    let text = body_text(body);
    if let Ok(found) = parse_mended(&text, || ErrorShape) {
        return found;
    }
    let text = text.trim();
    let message = if text.starts_with('<') {
        html_message(text)?
    } else {
        one_line(text, PLAIN_MESSAGE_LIMIT)
    };
    (!message.is_empty()).then(|| ErrorBody {
        message: Some(message),
        field_errors: Vec::new(),
    })
}

/// The [`Shape`] of a JSON error body.
struct ErrorShape;

/// Keys that may carry the human message, best first.
const MESSAGE_KEYS: [&str; 3] = ["message", "error", "detail"];

impl<'de> Shape<'de> for ErrorShape {
    type Output = Option<ErrorBody>;

    fn object<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Output, A::Error> {
        // Candidates for the message, in the order of MESSAGE_KEYS.
        let mut messages: [Option<String>; MESSAGE_KEYS.len()] = Default::default();
        let mut field_errors = Vec::new();
        while let Some(key) = map.next_key_seed(Accept(AnyValue))? {
            let key = key.into_raw();
            if key == "errors" {
                field_errors = map.next_value_seed(Accept(FieldErrorsShape))?;
            } else if let Some(rank) = MESSAGE_KEYS.iter().position(|known| *known == key) {
                messages[rank] = read(&mut map, message_text)?;
            } else {
                skip_value(&mut map)?;
            }
        }
        let message = messages.into_iter().flatten().next();
        Ok(
            (message.is_some() || !field_errors.is_empty()).then_some(ErrorBody {
                message,
                field_errors,
            }),
        )
    }

    fn list<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Output, A::Error> {
        skip_list(seq).map(|_| None)
    }

    /// A JSON string body (`"Not Found"`) is the message itself.
    fn scalar<E: de::Error>(self, value: Loose<'de>) -> Result<Self::Output, E> {
        Ok(message_text(value).map(|message| ErrorBody {
            message: Some(message),
            field_errors: Vec::new(),
        }))
    }
}

/// A message value: non-blank text, or the `message` of an object
/// (`{"error": {"message": "..."}}`).
fn message_text(value: Loose) -> Option<String> {
    let message = match value {
        Loose::Text(text) => text.trim().to_string(),
        Loose::Compound(serde_json::Value::Object(object)) => {
            object.get("message")?.as_str()?.trim().to_string()
        }
        _ => return None,
    };
    (!message.is_empty()).then_some(message)
}

/// The [`Shape`] of a 422's `errors`: field → messages, in the order sent.
struct FieldErrorsShape;

impl<'de> Shape<'de> for FieldErrorsShape {
    type Output = Vec<(String, Vec<String>)>;

    fn object<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Output, A::Error> {
        let mut fields = Vec::new();
        while let Some(field) = map.next_key_seed(Accept(AnyValue))? {
            let messages = read(&mut map, |value| match value {
                Loose::Null => Vec::new(),
                Loose::Compound(serde_json::Value::Array(items)) => items
                    .into_iter()
                    .map(|item| match item {
                        serde_json::Value::String(message) => message,
                        other => other.to_string(),
                    })
                    .collect(),
                single => vec![single.into_raw()],
            })?;
            let field = field.into_raw();
            // Named twice: the last messages, in the place of the first.
            match fields.iter_mut().find(|(name, _)| *name == field) {
                Some((_, earlier)) => *earlier = messages,
                None => fields.push((field, messages)),
            }
        }
        Ok(fields)
    }

    fn list<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Output, A::Error> {
        skip_list(seq).map(|_| Vec::new())
    }

    fn scalar<E: de::Error>(self, _: Loose<'de>) -> Result<Self::Output, E> {
        Ok(Vec::new())
    }
}

/// The text of an HTML page's `<title>`, else of its first `<h1>`.
fn html_message(html: &str) -> Option<String> {
    ["title", "h1"].into_iter().find_map(|tag| {
        let text = html_element_text(html, tag)?;
        (!text.is_empty()).then_some(text)
    })
}

/// The text inside the first `<tag ...>...</tag>`, tags removed, a few
/// entities decoded and white space collapsed.
fn html_element_text(html: &str, tag: &str) -> Option<String> {
    let lower = html.to_ascii_lowercase();
    let open = lower.find(&format!("<{tag}"))?;
    let start = open + lower[open..].find('>')? + 1;
    let end = start + lower[start..].find(&format!("</{tag}"))?;
    let mut text = String::new();
    let mut in_tag = false;
    for c in html[start..end].chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    let decoded = text
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&nbsp;", " ")
        .replace("&amp;", "&");
    Some(decoded.split_whitespace().collect::<Vec<_>>().join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refused_line_is_one_short_line() {
        let long = format!("first line {}\nsecond line", "x".repeat(300));
        let shown = DecodeError::Refused {
            status: Some(404),
            message: Some(long),
        }
        .to_string();
        assert!(
            shown.starts_with("the server refused (status 404): first line x"),
            "{shown}"
        );
        assert!(shown.ends_with('…'), "{shown}");
        assert!(
            !shown.contains('\n') && !shown.contains("second"),
            "{shown}"
        );
        assert!(shown.chars().count() < 160, "{shown}");
        let bare = DecodeError::Refused {
            status: None,
            message: Some("  ".into()),
        };
        assert_eq!(bare.to_string(), "the server refused");
    }

    #[test]
    fn not_json_keeps_position_apart_from_reason() {
        let error = groups(b"{\"data\": [1,}").unwrap_err();
        assert_eq!(
            error,
            DecodeError::NotJson {
                reason: "expected value".into(),
                line: 1,
                column: 13
            }
        );
        assert_eq!(
            error.to_string(),
            "the answer is not JSON (expected value at line 1, column 13)"
        );
    }

    #[test]
    fn html_titles_lose_tags_entities_and_extra_space() {
        let page = "<!DOCTYPE html><HTML><head><Title lang=en>\n  502 Bad &amp; <b>Gateway</b>\n</TITLE></head></html>";
        assert_eq!(html_message(page).as_deref(), Some("502 Bad & Gateway"));
        assert_eq!(
            html_message("<html><h1>Oops</h1></html>").as_deref(),
            Some("Oops")
        );
        assert_eq!(
            html_message("<html><title> </title><body>x</body></html>"),
            None
        );
        assert_eq!(html_message("<p>unclosed <title>never ends"), None);
    }

    #[test]
    fn invalid_utf8_is_replaced_not_fatal() {
        let page = groups(b"{\"data\":[{\"id\":1,\"name\":\"Ab\xD0\"},{\"id\":2}]}").unwrap();
        let names: Vec<&str> = page.data.iter().map(|group| group.name.as_str()).collect();
        assert_eq!(names, ["Ab\u{FFFD}", ""]);
        let body = error_body(b"Bad \xFF gateway").unwrap();
        assert_eq!(body.message.as_deref(), Some("Bad \u{FFFD} gateway"));
    }

    #[test]
    fn a_key_sent_twice_reads_as_its_last_everywhere() {
        let body = br#"{"data":[{"id":1,"name":"first"}],"success":false,"success":true,
            "pagination":{"total":5,"perPage":10,"total":7},
            "data":[{"id":2,"name":"a","branch_id":"7","name":"b","branch_id":8,
                     "course":{"id":3,"price":1,"price":2}}]}"#;
        let page = groups(body).unwrap();
        // What serde_json's `Value` (and so `jq`) reads from the same body.
        let value: serde_json::Value = serde_json::from_slice(body).unwrap();
        assert_eq!(value["data"][0]["id"], 2);
        assert_eq!(page.data.len(), 1);
        let group = &page.data[0];
        assert_eq!((group.id, group.name.as_str()), (2, "b"));
        assert_eq!(group.branch_id, Some(8));
        assert_eq!(group.course.as_ref().and_then(|c| c.price), Some(2));
        assert_eq!(page.pagination.and_then(|p| p.total), Some(7));
        assert_eq!(value["pagination"]["total"], 7);
        // The text a field was first sent as is not written back for the last.
        let mut written = serde_json::to_value(group).unwrap();
        group.sent.restore(&mut written);
        assert_eq!(written["branch_id"], 8);
        let refused = br#"{"success":true,"data":[],"success":false,"message":"a","message":"b"}"#;
        assert_eq!(
            groups(refused).unwrap_err(),
            DecodeError::Refused {
                status: None,
                message: Some("b".into())
            }
        );
        let error = br#"{"message":"a","errors":{"x":["1"],"y":["2"],"x":["3"]},"message":"b"}"#;
        let error = error_body(error).unwrap();
        assert_eq!(error.message.as_deref(), Some("b"));
        let fields = [
            ("x".to_string(), vec!["3".to_string()]),
            ("y".into(), vec!["2".into()]),
        ];
        assert_eq!(error.field_errors, fields);
    }

    #[test]
    fn a_number_no_float_holds_fails_its_field_only() {
        let huge = format!("1{}", "0".repeat(400));
        let body = format!(
            r#"{{"data":[{{"id":1e400,"name":"kept","branch_id":-1e400,"unknown":{huge},
                "course":{{"id":4,"price":1E999}},"write_off":1e400}},{{"id":2,"name":"next"}}],
              "pagination":{{"total":1e400,"perPage":10}}}}"#
        );
        let page = groups(body.as_bytes()).expect("the page is read");
        let names: Vec<&str> = page.data.iter().map(|g| g.name.as_str()).collect();
        assert_eq!(names, ["kept", "next"]);
        let first = &page.data[0];
        assert_eq!((first.id, first.branch_id), (0, None));
        let course = first.course.as_ref().unwrap();
        assert_eq!((course.id, course.price), (4, None));
        let pagination = page.pagination.unwrap();
        assert_eq!((pagination.total, pagination.per_page), (None, Some(10)));
        let plugins = plugins(br#"{"data":[{"id":5,"name":"p","created_at":1e400}]}"#).unwrap();
        // A field that keeps what it cannot read keeps the number's text.
        let created = plugins.data[0]
            .created_at
            .as_ref()
            .map(|at| format!("{at:?}"));
        assert_eq!(plugins.data[0].id, 5);
        assert!(created.is_some_and(|at| at.contains("Raw") && at.contains("1e400")));
    }

    #[test]
    fn a_bom_before_the_body_is_ignored() {
        let decoded =
            branches(b"\xEF\xBB\xBF{\"data\":[{\"id\":\"2\",\"name\":\"Chilonzor\"}]}").unwrap();
        assert_eq!(
            decoded.data,
            vec![Branch {
                id: 2,
                name: "Chilonzor".into()
            }]
        );
    }
}

//! The API's resources, typed for meaning.
//!
//! Decoding is tolerant (see `decode/lenient.rs` and `tests/decoding.rs`): one odd
//! field never discards a record or a page. A value that does not fit its
//! type is kept as raw text (`Other`/`Raw` cases) or becomes `None`, never an
//! error.

use chrono::format::{Fixed, Item, Numeric, Pad};
use chrono::{DateTime, NaiveDate, NaiveDateTime, NaiveTime, Utc, Weekday};
use serde::Serialize;
use std::sync::Arc;

use serde::Serializer;

/// Text kept as the server sent it, where a value did not read as its
/// type: behind one pointer (8 bytes, not a `String`'s 24), since a group
/// holds eleven fields that may be such text and almost never are, and a
/// centre holds 100,000 groups.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct RawText(Box<Box<str>>);

impl std::ops::Deref for RawText {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl From<&str> for RawText {
    fn from(text: &str) -> Self {
        Self(Box::new(text.into()))
    }
}

impl From<String> for RawText {
    fn from(text: String) -> Self {
        Self(Box::new(text.into_boxed_str()))
    }
}

impl std::fmt::Debug for RawText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(&**self, f)
    }
}

impl std::fmt::Display for RawText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self)
    }
}

impl Serialize for RawText {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self)
    }
}

/// A point in time as the server sent it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Timestamp {
    /// ISO 8601 (`2024-06-10T09:05:51.000000Z`), normalised to UTC; written
    /// back in the API's own form (microseconds, `Z`).
    #[serde(serialize_with = "api_utc")]
    Utc(DateTime<Utc>),
    /// Older payloads: `13.07.2022 20:00:46`, a wall-clock time with no zone.
    Local(NaiveDateTime),
    /// Anything else, shown as it came.
    Raw(RawText),
}

/// `%Y-%m-%dT%H:%M:%S%.6fZ` as chrono reads it, read once: written for
/// every time of every group (the snapshot, the CLI's JSON), the format
/// string was read again each time (a tenth of `groups --all`).
const API_UTC_ITEMS: &[Item<'static>] = &[
    Item::Numeric(Numeric::Year, Pad::Zero),
    Item::Literal("-"),
    Item::Numeric(Numeric::Month, Pad::Zero),
    Item::Literal("-"),
    Item::Numeric(Numeric::Day, Pad::Zero),
    Item::Literal("T"),
    Item::Numeric(Numeric::Hour, Pad::Zero),
    Item::Literal(":"),
    Item::Numeric(Numeric::Minute, Pad::Zero),
    Item::Literal(":"),
    Item::Numeric(Numeric::Second, Pad::Zero),
    Item::Fixed(Fixed::Nanosecond6),
    Item::Literal("Z"),
];

/// A UTC time as the API writes one: `2024-06-10T09:05:51.000000Z`.
fn api_utc<S: Serializer>(at: &DateTime<Utc>, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(&at.format_with_items(API_UTC_ITEMS.iter()))
}

/// The text of a group's time fields as the server sent it, where that is
/// not the form the field is written back in (`13.07.2022 20:00:46`, an
/// offset of `+05:00`): so that JSON for scripts carries every field as
/// sent. Nothing (one null pointer) for a group in the API's own forms.
/// Two of them are always equal: groups are equal by what they mean.
#[derive(Debug, Clone, Default)]
pub struct SentText(Option<Box<[(&'static str, RawText)]>>);

impl PartialEq for SentText {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for SentText {}

impl SentText {
    /// Keeps `text` as what `key` was sent as, when `value` is written
    /// back otherwise (a key sent again replaces the text kept before).
    pub fn keep(&mut self, key: &'static str, text: &str, value: &impl WrittenBack) {
        let differs = !value.written_as(text);
        if self.0.is_none() && !differs {
            return;
        }
        let mut kept: Vec<_> = (self.0.take().into_iter().flat_map(Vec::from))
            .filter(|(k, _)| *k != key)
            .collect();
        if differs {
            kept.push((key, text.into()));
        }
        self.0 = (!kept.is_empty()).then(|| kept.into_boxed_slice());
    }

    /// Forgets the text kept for `key`: sent again, not as text, the key's
    /// last value is what is written back (a key sent twice: the last wins).
    pub fn forget(&mut self, key: &'static str) {
        if let Some(kept) = self.0.take() {
            let kept: Vec<_> = Vec::from(kept)
                .into_iter()
                .filter(|(k, _)| *k != key)
                .collect();
            self.0 = (!kept.is_empty()).then(|| kept.into_boxed_slice());
        }
    }

    /// `object` (a record as JSON) with each kept field as it was sent.
    pub fn restore(&self, object: &mut serde_json::Value) {
        for (key, text) in self.0.iter().flat_map(|kept| kept.iter()) {
            if let Some(field) = object.get_mut(*key) {
                *field = serde_json::Value::String(text.to_string());
            }
        }
    }
}

/// A field whose text [`SentText`] keeps when it is written back otherwise.
pub trait WrittenBack: Serialize + Sized {
    /// Whether the field, decoded from `text`, is written back as `text`.
    fn written_as(&self, text: &str) -> bool {
        written_as(self, text)
    }
}

/// A number sent as text is written back as a number: never its text.
impl WrittenBack for i64 {
    fn written_as(&self, _: &str) -> bool {
        false
    }
}

// The API's own forms are known by their shape, not written out to
// compare: formatting a timestamp for it cost a third of a page's
// decoding (a group has six time fields).
impl WrittenBack for Timestamp {
    fn written_as(&self, text: &str) -> bool {
        shaped_as_written(matches!(self, Self::Utc(_)), API_UTC, self, text)
    }
}

impl WrittenBack for LessonTime {
    fn written_as(&self, text: &str) -> bool {
        shaped_as_written(matches!(self, Self::Utc(_)), API_UTC, self, text)
    }
}

impl WrittenBack for DateField {
    fn written_as(&self, text: &str) -> bool {
        shaped_as_written(matches!(self, Self::Date(_)), "dddd-dd-dd", self, text)
    }
}

/// Whether `value` read from `text` is written back as `text`: known at
/// once when it read as its type from a text of the `shape` it is written
/// in (`read`), else written out to compare.
fn shaped_as_written(read: bool, shape: &str, value: &impl Serialize, text: &str) -> bool {
    (read && shaped(text, shape)) || written_as(value, text)
}

/// The API's timestamps (`api_utc`): `d` a digit, the rest itself.
const API_UTC: &str = "dddd-dd-ddTdd:dd:dd.ddddddZ";

/// Whether `text` has `shape`, `d` a digit: a value read from such a text
/// is written back as that text.
fn shaped(text: &str, shape: &str) -> bool {
    text.len() == shape.len()
        && (text.bytes().zip(shape.bytes())).all(|(byte, want)| {
            if want == b'd' {
                byte.is_ascii_digit()
            } else {
                byte == want
            }
        })
}

/// Whether `value` is written as the JSON string `text`: compared byte by
/// byte as it is written, nothing allocated. A text that JSON escapes
/// never compares equal: it is kept, and restored the same.
fn written_as(value: &impl Serialize, text: &str) -> bool {
    struct Compare<I> {
        expected: I,
        same: bool,
    }
    impl<'a, I: Iterator<Item = &'a u8>> std::io::Write for Compare<I> {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            for byte in bytes {
                self.same &= self.expected.next() == Some(byte);
            }
            Ok(bytes.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let quote = b"\"";
    let mut compare = Compare {
        expected: quote.iter().chain(text.as_bytes()).chain(quote),
        same: true,
    };
    let written = serde_json::to_writer(&mut compare, value).is_ok();
    written && compare.same && compare.expected.next().is_none()
}

/// A calendar date (`YYYY-MM-DD`), or the raw text when it does not parse.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum DateField {
    Date(NaiveDate),
    Raw(RawText),
}

/// A lesson start or end. The date part of a timestamp carries no meaning.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum LessonTime {
    /// A bare time of day (`"10:00"`), already the centre's wall-clock time.
    Clock(NaiveTime),
    /// A UTC timestamp whose time of day must be shown in the centre's zone.
    #[serde(serialize_with = "api_utc")]
    Utc(DateTime<Utc>),
    Raw(RawText),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PluginType {
    Free,
    Premium,
    /// A value outside the published set, kept as sent.
    Other(String),
}

/// What a plugin may do. Sent as a JSON-encoded string of an array.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Abilities {
    /// Decoded names; also the empty list for `null`, `""` and a missing key.
    List(Vec<String>),
    /// A string that is not a JSON array, shown raw.
    Raw(String),
}

/// The installation of a plugin for the calling user.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Installation {
    pub id: i64,
    pub plugin_id: Option<i64>,
    pub user_id: Option<i64>,
    /// A secret (`1|jCr5...`): mask it on screen, never log it.
    pub token: Option<String>,
    pub created_at: Option<Timestamp>,
    pub updated_at: Option<Timestamp>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Plugin {
    pub id: i64,
    pub name: String,
    #[serde(rename = "type")]
    pub plugin_type: PluginType,
    pub description: String,
    pub logo: Option<String>,
    pub background_image: Option<String>,
    pub url: Option<String>,
    pub abilities: Abilities,
    pub created_at: Option<Timestamp>,
    pub updated_at: Option<Timestamp>,
    /// `None` for every "not installed" form: `null`, `[]`, `{}`, absent.
    pub user: Option<Installation>,
}

/// The `days` code of a group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DaysCode {
    /// 1
    MonWedFri,
    /// 2
    TueThuSat,
    /// 3
    Weekend,
    /// 4
    EveryDay,
    /// 5: the days are in `exact_days`.
    Custom,
    /// Any other value, kept as sent (`"9"`, `"abc"`); `""` when absent.
    Other(RawText),
}

/// The decoded `exact_days` of a group.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ExactDays {
    /// Recognised days in the order sent, without repeats.
    pub days: Vec<Weekday>,
    /// Elements that name no day, kept raw so they can be shown.
    pub unknown: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GroupStatus {
    /// 2
    Active,
    /// 3
    Archive,
    Other(RawText),
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Course {
    pub id: i64,
    pub name: String,
    pub image: Option<String>,
    pub description: Option<String>,
    /// Minutes; sent as numeric text.
    pub lesson_duration: Option<i64>,
    pub course_duration: Option<i64>,
    pub is_enabled: Option<bool>,
    pub parent_id: Option<i64>,
    pub price: Option<i64>,
    pub company_id: Option<i64>,
    #[serde(rename = "type")]
    pub course_type: Option<i64>,
    pub lessons_per_module: Option<i64>,
    pub created_at: Option<Timestamp>,
    pub updated_at: Option<Timestamp>,
    pub created_by: Option<i64>,
    pub updated_by: Option<i64>,
    pub deleted_at: Option<Timestamp>,
    pub deleted_by: Option<i64>,
    pub short_name: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Group {
    pub id: i64,
    pub company_group_number: Option<i64>,
    pub name: String,
    pub days: DaysCode,
    pub exact_days: ExactDays,
    pub lesson_start_time: Option<LessonTime>,
    pub lesson_end_time: Option<LessonTime>,
    pub status: GroupStatus,
    #[serde(rename = "type")]
    pub group_type: Option<i64>,
    pub is_corporate: Option<bool>,
    /// Meaning not published: kept as the JSON value sent (never `Null`),
    /// boxed: rarely sent, and a value inline is 32 bytes of every group.
    pub salary_for_corporate: Option<Box<serde_json::Value>>,
    pub write_off: Option<Box<serde_json::Value>>,
    pub last_write_off_date: Option<DateField>,
    pub next_write_off_date: Option<DateField>,
    pub course_id: Option<i64>,
    pub branch_id: Option<i64>,
    pub selection_start_date: Option<DateField>,
    pub selection_end_date: Option<DateField>,
    pub group_start_date: Option<DateField>,
    pub group_end_date: Option<DateField>,
    pub created_at: Option<Timestamp>,
    pub updated_at: Option<Timestamp>,
    pub created_by: Option<i64>,
    pub updated_by: Option<i64>,
    pub deleted_at: Option<Timestamp>,
    pub deleted_by: Option<i64>,
    pub comment: Option<String>,
    /// Shared: the groups of one course are many, and the store keeps one
    /// copy of each course for all of them (`store::Courses`).
    pub course: Option<Arc<Course>>,
    /// Fields whose text was not the form they are written in (a time in
    /// another form, a number sent as text).
    #[serde(skip)]
    pub sent: SentText,
}

impl Group {
    /// The group as JSON with every field as the API sent it (the time
    /// fields too: see [`SentText`]).
    pub fn as_sent(&self) -> serde_json::Value {
        let mut value = serde_json::to_value(self).unwrap_or_default();
        self.sent.restore(&mut value);
        value
    }
}

/// A group is itself: what reads groups reads the store's shared ones
/// (`Arc<Group>`) and plain ones alike (`impl AsRef<Group>`).
impl AsRef<Group> for Group {
    fn as_ref(&self) -> &Group {
        self
    }
}

/// A branch of the centre (`GET /v2/branches`, outside the published spec).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Branch {
    pub id: i64,
    pub name: String,
}

impl Branch {
    pub fn new(id: i64, name: impl Into<String>) -> Self {
        Self {
            id,
            name: name.into(),
        }
    }
}

/// Who the token belongs to (`GET /v2/token/me`, outside the published
/// spec): only what crmdeck shows of it, the centre. Every field is
/// optional: its shape is not documented.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Me {
    /// `data.id`: the user.
    pub user_id: Option<i64>,
    /// `data.company`.
    pub company: Option<Company>,
    /// `data.timezone` (or `time_zone`, `timeZone`), as sent.
    pub timezone: Option<String>,
}

/// The company (the education centre) a token belongs to.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Company {
    pub id: Option<i64>,
    pub name: Option<String>,
    /// `timezone` (or `time_zone`, `timeZone`), as sent.
    pub timezone: Option<String>,
}

impl Me {
    /// The centre's name, when the answer gives a non-blank one.
    pub fn company_name(&self) -> Option<&str> {
        let name = self.company.as_ref()?.name.as_deref()?.trim();
        (!name.is_empty()).then_some(name)
    }

    /// Who the token is, as this answer says: the user and the centre's
    /// ids (`user 7 of centre 3`); None without the user's id.
    pub fn account(&self) -> Option<String> {
        let user = self.user_id?;
        let centre = self.company.as_ref().and_then(|company| company.id);
        Some(match centre {
            Some(centre) => format!("user {user} of centre {centre}"),
            None => format!("user {user}"),
        })
    }

    /// The centre's time zone: the company's, else the user's, when it is
    /// an IANA name (`Asia/Tashkent`); anything else is no zone.
    pub fn time_zone(&self) -> Option<chrono_tz::Tz> {
        let company = self.company.as_ref().and_then(|c| c.timezone.as_deref());
        [company, self.timezone.as_deref()]
            .into_iter()
            .flatten()
            .find_map(|name| name.trim().parse::<chrono_tz::Tz>().ok())
    }
}

/// The answer to `POST /v2/plugins/install`: same fields as [`Installation`].
pub type InstallResult = Installation;

// `Default` is what an object with no known key decodes to: ids 0, text
// empty, codes "not sent" (`Other("")`), everything optional absent.

impl Default for PluginType {
    fn default() -> Self {
        Self::Other(String::new())
    }
}

impl Default for DaysCode {
    fn default() -> Self {
        Self::Other(RawText::default())
    }
}

impl Default for GroupStatus {
    fn default() -> Self {
        Self::Other(RawText::default())
    }
}

impl Default for Abilities {
    fn default() -> Self {
        Self::List(Vec::new())
    }
}

// The code enums serialise back to their wire form: the published code as a
// number, an unknown value as it was sent (a number when it is one).

fn serialize_raw<S: Serializer>(raw: &str, serializer: S) -> Result<S::Ok, S::Error> {
    match raw.trim().parse::<i64>() {
        Ok(number) => serializer.serialize_i64(number),
        Err(_) => serializer.serialize_str(raw),
    }
}

impl Serialize for PluginType {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::Free => serializer.serialize_str("Free"),
            Self::Premium => serializer.serialize_str("Premium"),
            Self::Other(raw) => serializer.serialize_str(raw),
        }
    }
}

impl Serialize for DaysCode {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::MonWedFri => serializer.serialize_i64(1),
            Self::TueThuSat => serializer.serialize_i64(2),
            Self::Weekend => serializer.serialize_i64(3),
            Self::EveryDay => serializer.serialize_i64(4),
            Self::Custom => serializer.serialize_i64(5),
            Self::Other(raw) => serialize_raw(raw, serializer),
        }
    }
}

impl Serialize for GroupStatus {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::Active => serializer.serialize_i64(2),
            Self::Archive => serializer.serialize_i64(3),
            Self::Other(raw) => serialize_raw(raw, serializer),
        }
    }
}

/// As one array: the recognised days by English short name, then the
/// unrecognised elements as sent.
impl Serialize for ExactDays {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = serializer.serialize_seq(Some(self.days.len() + self.unknown.len()))?;
        for day in &self.days {
            seq.serialize_element(&day.to_string())?;
        }
        for raw in &self.unknown {
            seq.serialize_element(raw)?;
        }
        seq.end()
    }
}

impl Abilities {
    /// The abilities as a list: a raw string is one (undecoded) entry.
    pub fn as_list(&self) -> Vec<&str> {
        match self {
            Self::List(names) => names.iter().map(String::as_str).collect(),
            Self::Raw(raw) => vec![raw.as_str()],
        }
    }
}

impl Plugin {
    pub fn is_installed(&self) -> bool {
        self.user.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_apis_own_forms_keep_nothing_and_other_forms_their_text() {
        let sent = r#"{"id":1,"created_at":"2024-06-10T09:05:51.000000Z",
            "lesson_start_time":"2024-12-23T07:00:00.000000Z","group_start_date":"2025-01-31"}"#;
        let group: Group = serde_json::from_str(sent).unwrap();
        assert!(group.sent.0.is_none(), "{:?}", group.sent);
        let other = r#"{"id":"1","created_at":"2024-06-10T14:05:51+05:00",
            "lesson_start_time":"2024-12-23T07:00:00Z","group_start_date":"2025-1-31"}"#;
        let group: Group = serde_json::from_str(other).unwrap();
        let kept: Vec<&str> = group
            .sent
            .0
            .iter()
            .flat_map(|kept| kept.iter().map(|(key, _)| *key))
            .collect();
        assert_eq!(
            kept,
            ["id", "created_at", "lesson_start_time", "group_start_date"]
        );
    }

    #[test]
    fn the_items_read_once_write_what_the_format_string_writes() {
        let format = "%Y-%m-%dT%H:%M:%S%.6fZ";
        let items: Vec<Item<'_>> = chrono::format::StrftimeItems::new(format).collect();
        assert_eq!(items, API_UTC_ITEMS);
        let times = [
            DateTime::<Utc>::MIN_UTC,
            DateTime::<Utc>::MAX_UTC,
            DateTime::from_timestamp(1_717_999_551, 123_456_789).unwrap(),
            DateTime::from_timestamp(-62_135_596_800, 0).unwrap(),
            DateTime::from_timestamp(1_483_228_799, 1_500_000_000).unwrap(),
        ];
        for at in times {
            let written = at.format_with_items(API_UTC_ITEMS.iter()).to_string();
            assert_eq!(written, at.format(format).to_string());
        }
    }

    #[test]
    fn a_shape_is_digits_where_it_says_d_and_itself_elsewhere() {
        assert!(shaped("2024-06-10T09:05:51.000000Z", API_UTC));
        assert!(!shaped("2024-06-10T09:05:51.00000Z", API_UTC));
        assert!(!shaped("2024-06-10 09:05:51.000000Z", API_UTC));
        assert!(!shaped("2024-06-1x", "dddd-dd-dd"));
        assert!(!shaped("2024-06-10ффф", "dddd-dd-dd"));
    }
}

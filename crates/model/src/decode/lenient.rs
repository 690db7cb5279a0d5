//! The visitor machinery of tolerant decoding, and the conversions of single
//! fields (the shapes of `tests/decoding.rs`): every JSON value is accepted, what fits is kept, what
//! does not becomes `None` or raw text. Only broken JSON syntax is an error.
//!
//! What a document keeps inside its fields (the elements of lists and
//! entries of objects: abilities, exact days, values kept as sent) is
//! bounded by [`MAX_KEPT_ELEMENTS`] for the whole document: past it a list
//! ends in [`CUT`] and the rest is skipped unread, so no body, however
//! many tiny elements it packs, takes more memory than a real page.

use std::borrow::Cow;
use std::fmt;

use chrono::{DateTime, NaiveDate, NaiveDateTime, NaiveTime, Utc};
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Number, Value};

use crate::budget::{self, keep_one};
use crate::weekday::{day_from_number, parse_day_name};
use crate::{
    Abilities, DateField, DaysCode, ExactDays, GroupStatus, LessonTime, PluginType, Timestamp,
};

/// What to make of each kind of JSON value. A shape accepts every kind, so
/// one odd value never fails the document around it.
pub trait Shape<'de>: Sized {
    type Output;
    fn object<A: MapAccess<'de>>(self, map: A) -> Result<Self::Output, A::Error>;
    fn list<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Output, A::Error>;
    /// Null, a boolean, a number or a string (never [`Loose::Compound`]).
    fn scalar<E: de::Error>(self, value: Loose<'de>) -> Result<Self::Output, E>;
}

/// The visitor (and seed) that reads any JSON value through a [`Shape`].
pub struct Accept<S>(pub S);

impl<'de, S: Shape<'de>> Visitor<'de> for Accept<S> {
    type Value = S::Output;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self::Value, E> {
        self.0.scalar(Loose::Bool(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
        self.0.scalar(Loose::Number(v.into()))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
        self.0.scalar(Loose::Number(v.into()))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
        // JSON has no NaN or infinity, so `from_f64` only fails for other formats.
        self.0
            .scalar(Number::from_f64(v).map_or(Loose::Null, Loose::Number))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        self.0.scalar(Loose::Text(Cow::Owned(v.to_owned())))
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
        self.0.scalar(Loose::Text(Cow::Borrowed(v)))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
        self.0.scalar(Loose::Text(Cow::Owned(v)))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        self.0.scalar(Loose::Null)
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        self.0.scalar(Loose::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        self.0.list(seq)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        self.0.object(map)
    }
}

impl<'de, S: Shape<'de>> DeserializeSeed<'de> for Accept<S> {
    type Value = S::Output;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

/// Reads a whole JSON document through `shape`; trailing garbage is an error.
pub fn parse_with<'de, S: Shape<'de>>(
    json: &'de str,
    shape: S,
) -> Result<S::Output, serde_json::Error> {
    let mut deserializer = serde_json::Deserializer::from_str(json);
    let output = Accept(shape).deserialize(&mut deserializer)?;
    deserializer.end()?;
    Ok(output)
}

// ---- the element budget ----

/// The most elements (of lists, and entries of objects) one document keeps
/// inside its fields: a page of 100 groups keeps under a thousand; this
/// many take a few MiB at most.
pub const MAX_KEPT_ELEMENTS: usize = 20_000;

/// What ends a list or object cut at [`MAX_KEPT_ELEMENTS`] (an object: as
/// its last key and value).
pub(super) const CUT: &str = "…";

/// Runs `read` with [`MAX_KEPT_ELEMENTS`] to keep (see `model::budget`).
pub fn with_element_budget<R>(read: impl FnOnce() -> R) -> R {
    budget::with_element_budget(MAX_KEPT_ELEMENTS, read).0
}

/// The next element of a list that its field keeps.
pub(super) enum Next<T> {
    Element(T),
    /// The budget is spent: the list's other elements were skipped.
    Cut,
    End,
}

/// The next element of `seq` read through `shape`, within the budget.
pub(super) fn next_kept<'de, A: SeqAccess<'de>, S: Shape<'de>>(
    seq: &mut A,
    shape: S,
) -> Result<Next<S::Output>, A::Error> {
    Ok(match seq.next_element_seed(Accept(shape))? {
        None => Next::End,
        Some(element) if keep_one() => Next::Element(element),
        Some(_) => {
            skip_list(seq)?;
            Next::Cut
        }
    })
}

/// The [`Shape`] that keeps any value whole as a [`Value`], its lists and
/// objects within the budget.
struct KeptValue;

impl<'de> Shape<'de> for KeptValue {
    type Output = Value;

    fn object<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = serde_json::Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let value = map.next_value_seed(Accept(KeptValue))?;
            if !keep_one() {
                skip_object(map)?;
                object.insert(CUT.to_string(), Value::String(CUT.to_string()));
                break;
            }
            object.insert(key, value);
        }
        Ok(Value::Object(object))
    }

    fn list<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut list = Vec::new();
        loop {
            match next_kept(&mut seq, KeptValue)? {
                Next::Element(element) => list.push(element),
                Next::Cut => list.push(Value::String(CUT.to_string())),
                Next::End => break,
            }
        }
        Ok(Value::Array(list))
    }

    fn scalar<E: de::Error>(self, value: Loose<'de>) -> Result<Value, E> {
        Ok(value.into_value())
    }
}

/// A JSON value read without judging it. Strings are borrowed from the body
/// when they hold no escapes.
#[derive(Debug, Clone, PartialEq)]
pub enum Loose<'de> {
    Null,
    Bool(bool),
    Number(Number),
    Text(Cow<'de, str>),
    /// An object or a list where a scalar was expected; rare, so kept whole.
    Compound(Value),
}

impl Loose<'_> {
    /// What the value is, for "found ..." in an error message.
    pub fn kind(&self) -> &'static str {
        match self {
            Self::Null => "null",
            Self::Bool(_) => "a boolean",
            Self::Number(_) => "a number",
            Self::Text(_) => "a string",
            Self::Compound(Value::Array(_)) => "a list",
            Self::Compound(_) => "an object",
        }
    }

    /// The value as JSON.
    fn into_value(self) -> Value {
        match self {
            Self::Null => Value::Null,
            Self::Bool(b) => Value::Bool(b),
            Self::Number(n) => Value::Number(n),
            Self::Text(text) => Value::String(text.into_owned()),
            Self::Compound(value) => value,
        }
    }

    /// The value as text to show: a string's content, else its JSON text.
    pub fn into_raw(self) -> String {
        match self {
            Self::Null => "null".to_string(),
            Self::Bool(b) => b.to_string(),
            Self::Number(n) => n.to_string(),
            Self::Text(text) => text.into_owned(),
            Self::Compound(value) => value.to_string(),
        }
    }
}

/// The [`Shape`] that keeps any value as a [`Loose`].
pub struct AnyValue;

impl<'de> Shape<'de> for AnyValue {
    type Output = Loose<'de>;

    fn object<A: MapAccess<'de>>(self, map: A) -> Result<Self::Output, A::Error> {
        KeptValue.object(map).map(Loose::Compound)
    }

    fn list<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Output, A::Error> {
        KeptValue.list(seq).map(Loose::Compound)
    }

    fn scalar<E: de::Error>(self, value: Loose<'de>) -> Result<Self::Output, E> {
        Ok(value)
    }
}

/// Reads the next map value and converts it with `convert`.
pub fn read<'de, A: MapAccess<'de>, T>(
    map: &mut A,
    convert: impl FnOnce(Loose<'de>) -> T,
) -> Result<T, A::Error> {
    map.next_value_seed(Accept(AnyValue)).map(convert)
}

/// Skips the next map value, whatever it is.
pub fn skip_value<'de, A: MapAccess<'de>>(map: &mut A) -> Result<(), A::Error> {
    map.next_value::<IgnoredAny>().map(drop)
}

/// Skips an object's remaining entries; describes it ("an empty object").
pub fn skip_object<'de, A: MapAccess<'de>>(mut map: A) -> Result<&'static str, A::Error> {
    let mut entries = 0usize;
    while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {
        entries += 1;
    }
    Ok(if entries == 0 {
        "an empty object"
    } else {
        "an object"
    })
}

/// Skips a list's remaining elements; describes it ("an empty list").
pub fn skip_list<'de, A: SeqAccess<'de>>(mut seq: A) -> Result<&'static str, A::Error> {
    let mut elements = 0usize;
    while seq.next_element::<IgnoredAny>()?.is_some() {
        elements += 1;
    }
    Ok(if elements == 0 {
        "an empty list"
    } else {
        "a list"
    })
}

// ---- numbers and flags ----

/// A float that holds a whole number in the range of `i64`.
fn whole(f: f64) -> Option<i64> {
    // i64::MAX as f64 rounds up to 2^63, which itself does not fit.
    let in_range = f >= i64::MIN as f64 && f < i64::MAX as f64;
    (f.is_finite() && f.fract() == 0.0 && in_range).then_some(f as i64)
}

fn number_to_int(n: &Number) -> Option<i64> {
    n.as_i64().or_else(|| n.as_f64().and_then(whole))
}

/// An integer from a JSON integer, a float with no fraction, or numeric text.
fn as_int(value: &Loose) -> Option<i64> {
    match value {
        Loose::Number(n) => number_to_int(n),
        Loose::Text(text) => {
            let text = text.trim();
            text.parse::<i64>()
                .ok()
                .or_else(|| text.parse::<f64>().ok().and_then(whole))
        }
        _ => None,
    }
}

/// A lenient integer; `None` for anything that is not one.
pub fn int(value: Loose) -> Option<i64> {
    as_int(&value)
}

/// An identifier: a lenient integer, 0 when missing or unreadable.
pub(super) fn id(value: Loose) -> i64 {
    as_int(&value).unwrap_or(0)
}

/// A count or page number: a lenient integer that is not negative.
pub(super) fn count(value: Loose) -> Option<u64> {
    as_int(&value).and_then(|n| u64::try_from(n).ok())
}

/// A 0/1 flag: `0`, `1`, `"0"`, `"1"`, `true`, `false` (and `"true"`, `"false"`).
pub fn flag(value: Loose) -> Option<bool> {
    match &value {
        Loose::Bool(b) => Some(*b),
        Loose::Text(text) if text.trim().eq_ignore_ascii_case("true") => Some(true),
        Loose::Text(text) if text.trim().eq_ignore_ascii_case("false") => Some(false),
        _ => match as_int(&value) {
            Some(0) => Some(false),
            Some(1) => Some(true),
            _ => None,
        },
    }
}

// ---- text ----

/// Text as sent; a number or boolean as its JSON text; `None` for null, objects and lists.
pub fn text(value: Loose) -> Option<String> {
    match value {
        Loose::Null | Loose::Compound(_) => None,
        other => Some(other.into_raw()),
    }
}

/// A value kept as sent (`null` is none): a field whose meaning is not
/// published.
pub(super) fn as_sent(value: Loose) -> Option<Value> {
    match value {
        Loose::Null => None,
        sent => Some(sent.into_value()),
    }
}

/// Text, or "" when missing or not text.
pub(super) fn text_or_empty(value: Loose) -> String {
    text(value).unwrap_or_default()
}

/// A link: kept only when it is a non-blank string.
pub(super) fn link(value: Loose) -> Option<String> {
    match value {
        Loose::Text(text) if !text.trim().is_empty() => Some(text.into_owned()),
        _ => None,
    }
}

// ---- codes ----

/// A numeric code: `known` names the published values; anything else is
/// kept raw (`""` for null).
fn code<T>(
    value: Loose,
    known: impl FnOnce(i64) -> Option<T>,
    other: impl FnOnce(String) -> T,
) -> T {
    if let Some(published) = as_int(&value).and_then(known) {
        return published;
    }
    match value {
        Loose::Null => other(String::new()),
        sent => other(sent.into_raw()),
    }
}

/// The `days` code of a group.
pub(super) fn days_code(value: Loose) -> DaysCode {
    let known = |n| match n {
        1 => Some(DaysCode::MonWedFri),
        2 => Some(DaysCode::TueThuSat),
        3 => Some(DaysCode::Weekend),
        4 => Some(DaysCode::EveryDay),
        5 => Some(DaysCode::Custom),
        _ => None,
    };
    code(value, known, |raw| DaysCode::Other(raw.into()))
}

/// The `status` of a group.
pub(super) fn group_status(value: Loose) -> GroupStatus {
    let known = |n| match n {
        2 => Some(GroupStatus::Active),
        3 => Some(GroupStatus::Archive),
        _ => None,
    };
    code(value, known, |raw| GroupStatus::Other(raw.into()))
}

/// The `type` of a plugin: "Free" or "Premium" in any case.
pub(super) fn plugin_type(value: Loose) -> PluginType {
    match value {
        Loose::Text(text) if text.trim().eq_ignore_ascii_case("free") => PluginType::Free,
        Loose::Text(text) if text.trim().eq_ignore_ascii_case("premium") => PluginType::Premium,
        Loose::Null => PluginType::Other(String::new()),
        sent => PluginType::Other(sent.into_raw()),
    }
}

// ---- times and dates ----

/// A time-like field: null and blank text are `None`; text that `parse`
/// understands is typed; anything else is kept raw as sent.
fn time_field<T>(
    value: Loose,
    parse: impl FnOnce(&str) -> Option<T>,
    raw: impl FnOnce(String) -> T,
) -> Option<T> {
    match value {
        Loose::Null => None,
        Loose::Text(text) if text.trim().is_empty() => None,
        Loose::Text(text) => Some(parse(text.trim()).unwrap_or_else(|| raw(text.into_owned()))),
        sent => Some(raw(sent.into_raw())),
    }
}

/// Wall-clock date-times without a zone: `2022-07-13 20:00:46`, the same
/// with a `T`, and `13.07.2022 20:00:46`; each with an optional fraction.
fn parse_naive(s: &str) -> Option<NaiveDateTime> {
    [
        "%Y-%m-%d %H:%M:%S%.f",
        "%Y-%m-%dT%H:%M:%S%.f",
        "%d.%m.%Y %H:%M:%S%.f",
    ]
    .into_iter()
    .find_map(|format| NaiveDateTime::parse_from_str(s, format).ok())
}

/// ISO 8601 with `Z` or an offset (`+05:00` or `+0500`), as written: the
/// date part is the one in the text, not the UTC one.
fn parse_zoned(s: &str) -> Option<DateTime<chrono::FixedOffset>> {
    DateTime::parse_from_rfc3339(s)
        .ok()
        .or_else(|| DateTime::parse_from_str(s, "%Y-%m-%dT%H:%M:%S%.f%z").ok())
}

fn parse_timestamp(s: &str) -> Option<Timestamp> {
    match parse_zoned(s) {
        Some(at) => Some(Timestamp::Utc(at.with_timezone(&Utc))),
        None => parse_naive(s).map(Timestamp::Local),
    }
}

fn parse_date(s: &str) -> Option<NaiveDate> {
    ["%Y-%m-%d", "%d.%m.%Y"]
        .into_iter()
        .find_map(|format| NaiveDate::parse_from_str(s, format).ok())
        .or_else(|| parse_zoned(s).map(|at| at.date_naive()))
        .or_else(|| parse_naive(s).map(|at| at.date()))
}

fn parse_lesson_time(s: &str) -> Option<LessonTime> {
    if let Some(clock) = ["%H:%M", "%H:%M:%S%.f"]
        .into_iter()
        .find_map(|format| NaiveTime::parse_from_str(s, format).ok())
    {
        return Some(LessonTime::Clock(clock));
    }
    match parse_timestamp(s)? {
        Timestamp::Utc(at) => Some(LessonTime::Utc(at)),
        // A naive date-time is already the centre's wall clock.
        Timestamp::Local(at) => Some(LessonTime::Clock(at.time())),
        Timestamp::Raw(_) => None,
    }
}

/// `created_at` and the like.
pub(super) fn timestamp(value: Loose) -> Option<Timestamp> {
    time_field(value, parse_timestamp, |raw| Timestamp::Raw(raw.into()))
}

/// A calendar date (or the date of a timestamp).
pub(super) fn date(value: Loose) -> Option<DateField> {
    time_field(
        value,
        |s| parse_date(s).map(DateField::Date),
        |raw| DateField::Raw(raw.into()),
    )
}

/// `lesson_start_time` / `lesson_end_time`.
pub(super) fn lesson_time(value: Loose) -> Option<LessonTime> {
    time_field(value, parse_lesson_time, |raw| LessonTime::Raw(raw.into()))
}

// ---- exact_days ----

/// The [`Shape`] of `exact_days`: see [`ExactDaysShape::scalar`] for strings.
pub(super) struct ExactDaysShape;

/// Adds one element: a day once, in the order sent; anything else raw.
fn add_day(days: &mut ExactDays, element: Loose) {
    let day = match &element {
        Loose::Number(n) => number_to_int(n).and_then(day_from_number),
        // A blank string names nothing and would show as nothing.
        Loose::Text(text) if text.trim().is_empty() => return,
        Loose::Text(text) => parse_day_name(text),
        _ => None,
    };
    match day {
        Some(day) if days.days.contains(&day) => {}
        Some(day) => days.days.push(day),
        None => days.unknown.push(element.into_raw()),
    }
}

/// `exact_days` sent as text: a JSON-encoded array (`"[1,3]"`), or a plain
/// list separated by commas, semicolons or spaces (`"Mon, Wed"`).
fn exact_days_from_text(text: &str) -> ExactDays {
    let text = text.trim();
    if (text.starts_with('[') || text.starts_with('"'))
        && let Ok(days) = parse_with(text, ExactDaysShape)
    {
        return days;
    }
    let mut days = ExactDays::default();
    let inner = text.trim_start_matches('[').trim_end_matches(']');
    for part in inner.split(|c: char| c == ',' || c == ';' || c.is_whitespace()) {
        add_day(
            &mut days,
            Loose::Text(Cow::Borrowed(part.trim_matches(['"', '\'']))),
        );
    }
    days
}

impl<'de> Shape<'de> for ExactDaysShape {
    type Output = ExactDays;

    fn object<A: MapAccess<'de>>(self, map: A) -> Result<ExactDays, A::Error> {
        let mut days = ExactDays::default();
        add_day(&mut days, AnyValue.object(map)?);
        Ok(days)
    }

    fn list<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ExactDays, A::Error> {
        let mut days = ExactDays::default();
        loop {
            match next_kept(&mut seq, AnyValue)? {
                Next::Element(element) => add_day(&mut days, element),
                Next::Cut => days.unknown.push(CUT.to_string()),
                Next::End => return Ok(days),
            }
        }
    }

    /// Null is no days; text is an encoded or plain list; a lone number is one day.
    fn scalar<E: de::Error>(self, value: Loose<'de>) -> Result<ExactDays, E> {
        let mut days = ExactDays::default();
        match value {
            Loose::Null => {}
            Loose::Text(text) => days = exact_days_from_text(&text),
            single => add_day(&mut days, single),
        }
        Ok(days)
    }
}

// ---- abilities ----

/// Each element as text: a string's content, else its JSON text.
fn raw_elements<'de, A: SeqAccess<'de>>(mut seq: A) -> Result<Vec<String>, A::Error> {
    let mut elements = Vec::new();
    loop {
        match next_kept(&mut seq, AnyValue)? {
            Next::Element(element) => elements.push(element.into_raw()),
            Next::Cut => elements.push(CUT.to_string()),
            Next::End => return Ok(elements),
        }
    }
}

/// A JSON array as raw elements; `None` for any other JSON value.
struct ArrayOnly;

impl<'de> Shape<'de> for ArrayOnly {
    type Output = Option<Vec<String>>;

    fn object<A: MapAccess<'de>>(self, map: A) -> Result<Self::Output, A::Error> {
        skip_object(map).map(|_| None)
    }

    fn list<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Output, A::Error> {
        raw_elements(seq).map(Some)
    }

    fn scalar<E: de::Error>(self, _: Loose<'de>) -> Result<Self::Output, E> {
        Ok(None)
    }
}

/// The [`Shape`] of a plugin's `abilities`.
pub(super) struct AbilitiesShape;

impl<'de> Shape<'de> for AbilitiesShape {
    type Output = Abilities;

    fn object<A: MapAccess<'de>>(self, map: A) -> Result<Abilities, A::Error> {
        AnyValue
            .object(map)
            .map(|value| Abilities::Raw(value.into_raw()))
    }

    fn list<A: SeqAccess<'de>>(self, seq: A) -> Result<Abilities, A::Error> {
        raw_elements(seq).map(Abilities::List)
    }

    /// The published form is a string holding a JSON array; a string that is
    /// anything else is shown raw.
    fn scalar<E: de::Error>(self, value: Loose<'de>) -> Result<Abilities, E> {
        Ok(match value {
            Loose::Null => Abilities::List(Vec::new()),
            Loose::Text(text) if text.trim().is_empty() => Abilities::List(Vec::new()),
            Loose::Text(text) => match parse_with(&text, ArrayOnly) {
                Ok(Some(list)) => Abilities::List(list),
                _ => Abilities::Raw(text.into_owned()),
            },
            sent => Abilities::Raw(sent.into_raw()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn num(json: &str) -> Loose<'static> {
        Loose::Number(serde_json::from_str(json).unwrap())
    }

    fn txt(s: &'static str) -> Loose<'static> {
        Loose::Text(Cow::Borrowed(s))
    }

    #[test]
    fn integers_from_numbers_and_text() {
        assert_eq!(int(num("90")), Some(90));
        assert_eq!(int(num("-3")), Some(-3));
        assert_eq!(int(num("90.0")), Some(90));
        assert_eq!(int(num("1e3")), Some(1000));
        assert_eq!(int(num("90.5")), None);
        assert_eq!(int(num("18446744073709551615")), None);
        assert_eq!(int(num("1e300")), None);
        assert_eq!(int(txt(" 7 ")), Some(7));
        assert_eq!(int(txt("90.0")), Some(90));
        for junk in ["", "abc", "inf", "NaN", "7a", "9223372036854775808"] {
            assert_eq!(int(txt(junk)), None, "{junk:?}");
        }
        assert_eq!(int(Loose::Bool(true)), None);
        assert_eq!(int(Loose::Null), None);
        assert_eq!(count(num("-1")), None);
        assert_eq!(count(txt("12")), Some(12));
    }

    #[test]
    fn flags() {
        assert_eq!(flag(num("1")), Some(true));
        assert_eq!(flag(num("0")), Some(false));
        assert_eq!(flag(txt("1")), Some(true));
        assert_eq!(flag(txt(" FALSE ")), Some(false));
        assert_eq!(flag(Loose::Bool(true)), Some(true));
        assert_eq!(flag(num("2")), None);
        assert_eq!(flag(txt("yes")), None);
        assert_eq!(flag(Loose::Null), None);
    }

    #[test]
    fn zoned_offsets_and_naive_forms() {
        let utc = |s: &str| match parse_timestamp(s) {
            Some(Timestamp::Utc(at)) => at.to_rfc3339(),
            other => panic!("{s:?} gave {other:?}"),
        };
        assert_eq!(
            utc("2024-06-10T09:05:51.000000Z"),
            "2024-06-10T09:05:51+00:00"
        );
        assert_eq!(
            utc("2024-06-10T14:05:51+05:00"),
            "2024-06-10T09:05:51+00:00"
        );
        assert_eq!(utc("2024-06-10T14:05:51+0500"), "2024-06-10T09:05:51+00:00");
        assert!(matches!(
            parse_timestamp("2024-06-10T09:05:51"),
            Some(Timestamp::Local(_))
        ));
        assert!(matches!(
            parse_timestamp("13.07.2022 20:00:46"),
            Some(Timestamp::Local(_))
        ));
        assert_eq!(parse_timestamp("2024-13-10 09:05:51"), None);
        // The date of a timestamp is the one written, whatever its offset.
        assert_eq!(
            parse_date("2024-06-10T00:30:00+05:00"),
            NaiveDate::from_ymd_opt(2024, 6, 10)
        );
        assert_eq!(
            parse_date("2024-06-10 08:00:00"),
            NaiveDate::from_ymd_opt(2024, 6, 10)
        );
        assert_eq!(parse_date("10/06/2024"), None);
    }

    #[test]
    fn lesson_times_with_seconds_and_fractions() {
        let clock = |h, m, s| Some(LessonTime::Clock(NaiveTime::from_hms_opt(h, m, s).unwrap()));
        assert_eq!(parse_lesson_time("9:00"), clock(9, 0, 0));
        assert_eq!(parse_lesson_time("18:30:15"), clock(18, 30, 15));
        assert_eq!(parse_lesson_time("13.07.2022 20:00:46"), clock(20, 0, 46));
        assert_eq!(parse_lesson_time("25:00"), None);
    }

    #[test]
    fn plain_exact_days_text() {
        let days = exact_days_from_text("[Mon; 'Wed'  \"Fri\", Mon, Funday]");
        assert_eq!(
            days.days,
            vec![
                chrono::Weekday::Mon,
                chrono::Weekday::Wed,
                chrono::Weekday::Fri
            ]
        );
        assert_eq!(days.unknown, vec!["Funday".to_string()]);
        assert_eq!(exact_days_from_text("  "), ExactDays::default());
    }
}

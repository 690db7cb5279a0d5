//! The history (issue 28): for one centre day, the digests of the last
//! complete walk of that day, as the compact binary kept on disk beside
//! the snapshot (the files, and which days are kept, are `cache`'s).
//!
//! Like the snapshot, a day's file names whose it is (its [`SnapshotKey`])
//! inside and never holds a token (a digest has no field for one). Binary,
//! not JSON: about 55 bytes a group (ids as differences from the one
//! before, numbers as variable-length integers, each course's name once,
//! where a group first names it, so that a day is written a digest at a
//! time),
//! so the 8 days of a 100,000-group centre at `history_days = 7` are some
//! 44 MB (BENCHMARKS.md). Every length and count read is checked before it
//! is used, and a checksum ends the file: a file cut short, grown or
//! scribbled on is refused, never half read.

use super::snapshot::SnapshotKey;
use super::walk::MAX_GROUPS;
use chrono::{DateTime, Datelike, NaiveDate, Utc};
use crmdeck_domain::digest::{CourseNames, Days, Digest, Status};
use fnv::FnvHasher;
use std::borrow::Borrow;
use std::collections::HashMap;
use std::fmt;
use std::hash::Hasher;
use std::io::{self, Write};
use std::sync::Arc;

/// The format written; a file of any other version is not read.
pub const HISTORY_VERSION: u32 = 1;

/// What a history file starts with.
const MAGIC: &[u8; 8] = b"crmdeckH";

/// The longest text kept (a name, a course's name, the key): a server's
/// longer name is cut (at a character) rather than refused.
const MAX_TEXT: usize = 4096;

/// One centre day of the history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HistoryDay {
    pub key: SnapshotKey,
    /// The centre day (its date in the centre's zone).
    pub day: NaiveDate,
    /// When the walk it holds was complete.
    pub taken_at: DateTime<Utc>,
    /// Sorted by id, each id once.
    pub digests: Vec<Digest>,
}

/// Why a history file was not used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HistoryError {
    /// Not a history file: empty, cut short, a checksum that does not
    /// match, a value out of its range.
    Unreadable(&'static str),
    /// Written by another version of crmdeck.
    Version(u32),
    /// Another profile's, server's, account's or branch's.
    ForeignKey,
    /// Of another day than its name says.
    OtherDay(NaiveDate),
    /// More groups than a walk holds ([`MAX_GROUPS`]).
    TooMany,
}

impl std::error::Error for HistoryError {}

impl fmt::Display for HistoryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unreadable(why) => write!(f, "not a history file ({why})"),
            Self::Version(version) => write!(
                f,
                "written in format {version}, this crmdeck reads {HISTORY_VERSION}"
            ),
            Self::ForeignKey => f.write_str("kept for another profile, server, account or branch"),
            Self::OtherDay(day) => write!(f, "holds {day}, not the day of its name"),
            Self::TooMany => write!(f, "holds more than {MAX_GROUPS} groups"),
        }
    }
}

impl HistoryDay {
    /// The file's bytes.
    pub fn encode(&self) -> Result<Vec<u8>, HistoryError> {
        let mut bytes = Vec::new();
        self.write_to(&mut bytes).map_err(refusal)?;
        Ok(bytes)
    }

    /// Writes the file's bytes to `writer`.
    pub fn write_to(&self, writer: impl Write) -> io::Result<()> {
        let (key, day, at, count) = (&self.key, self.day, self.taken_at, self.digests.len());
        write_day(writer, key, day, at, count, &self.digests)
    }

    /// The day `bytes` hold, when they are `key`'s history of `day`.
    pub fn decode(bytes: &[u8], key: &SnapshotKey, day: NaiveDate) -> Result<Self, HistoryError> {
        let body_length =
            (bytes.len().checked_sub(8)).ok_or(HistoryError::Unreadable("too short"))?;
        let (body, sum) = bytes.split_at(body_length);
        if !body.starts_with(MAGIC) {
            return Err(HistoryError::Unreadable("no history header"));
        }
        if checksum(body).to_le_bytes() != sum {
            return Err(HistoryError::Unreadable("its checksum does not match"));
        }
        let mut input = Decoder {
            bytes: body,
            at: MAGIC.len(),
        };
        let version = u32::from_le_bytes(input.array()?);
        if version != HISTORY_VERSION {
            return Err(HistoryError::Version(version));
        }
        let read_key: SnapshotKey = serde_json::from_str(input.text()?)
            .map_err(|_| HistoryError::Unreadable("its key is not one"))?;
        if read_key != *key {
            return Err(HistoryError::ForeignKey);
        }
        let read_day = input.date()?;
        if read_day != day {
            return Err(HistoryError::OtherDay(read_day));
        }
        let taken_at = DateTime::from_timestamp_millis(input.signed()?)
            .ok_or(HistoryError::Unreadable("a time out of range"))?;
        let mut names = CourseNames::default();
        let mut courses = Vec::new();
        let count = input.count()?;
        let mut digests = Vec::with_capacity(count);
        let mut previous = 0i64;
        for _ in 0..count {
            let [flags] = input.array()?;
            let set = |bit: u8| flags & 1 << bit != 0;
            let id = previous.wrapping_add(input.signed()?);
            if !digests.is_empty() && id <= previous {
                return Err(HistoryError::Unreadable("its groups are not in order"));
            }
            previous = id;
            let name = input.text()?.into();
            let course = match input.unsigned()? {
                0 => None,
                // One past those before: its name follows, here only.
                place if place == courses.len() as u64 + 1 => {
                    courses.push(names.one(input.text()?));
                    courses.last().cloned()
                }
                place => Some(
                    (courses.get(place as usize - 1))
                        .ok_or(HistoryError::Unreadable("a course out of range"))?
                        .clone(),
                ),
            };
            let [days, status] = input.array()?;
            let days =
                Days::from_bits(days).ok_or(HistoryError::Unreadable("days out of range"))?;
            let status = Status::from_code(status)
                .ok_or(HistoryError::Unreadable("a status out of range"))?;
            let mut read = |bit| set(bit).then(|| input.signed()).transpose();
            let (number, course_id) = (read(0)?, read(1)?);
            let (start, end, branch) = (read(2)?, read(3)?, read(4)?);
            let minute = |minute: Option<i64>| {
                minute
                    .map(|m| {
                        u16::try_from(m)
                            .ok()
                            .filter(|m| *m < 24 * 60)
                            .ok_or(HistoryError::Unreadable("a time out of range"))
                    })
                    .transpose()
            };
            let (start, end) = (minute(start)?, minute(end)?);
            let starts_on = set(5).then(|| input.date()).transpose()?;
            let ends_on = set(6).then(|| input.date()).transpose()?;
            let rest = u64::from_le_bytes(input.array()?);
            digests.push(Digest {
                id,
                number: number.into(),
                name,
                course_id: course_id.into(),
                course,
                days,
                start,
                end,
                status,
                branch: branch.into(),
                starts_on,
                ends_on,
                rest,
            });
        }
        if input.at != body.len() {
            return Err(HistoryError::Unreadable("bytes past its end"));
        }
        Ok(Self {
            key: read_key,
            day,
            taken_at,
            digests,
        })
    }
}

/// The bytes given to the writer at once, at most (about a thousand digests).
const ENCODED_BUFFER: usize = 64 << 10;

/// Writes `key`'s history of `day`, taken at `taken_at`, to `writer` as
/// it is made, a buffer at a time: `count` digests, sorted by id with each
/// id once, made one at a time (the 5 MB of 100,000 groups' day, and their
/// digests, are never held at once: they were, at the top of the
/// dashboard's memory after a walk). Refused (never a file the reader
/// would refuse), as [`io::ErrorKind::InvalidData`] carrying the
/// [`HistoryError`], part of the day written by then (`writer` is a
/// temporary file that only a whole write renames): more than
/// [`MAX_GROUPS`], ids out of order or repeated, another count than
/// `count`.
pub fn write_day<D: Borrow<Digest>>(
    writer: impl Write,
    key: &SnapshotKey,
    day: NaiveDate,
    taken_at: DateTime<Utc>,
    count: usize,
    digests: impl IntoIterator<Item = D>,
) -> io::Result<()> {
    let refused = |why: HistoryError| io::Error::new(io::ErrorKind::InvalidData, why);
    if count > MAX_GROUPS {
        return Err(refused(HistoryError::TooMany));
    }
    let mut out = Encoder {
        bytes: Vec::with_capacity(ENCODED_BUFFER + 4096),
        writer,
        sum: FnvHasher::default(),
    };
    out.bytes.extend_from_slice(MAGIC);
    out.bytes.extend_from_slice(&HISTORY_VERSION.to_le_bytes());
    let key = serde_json::to_string(key).expect("a key serialises");
    out.text(&key);
    out.signed(day.num_days_from_ce().into());
    out.signed(taken_at.timestamp_millis());
    out.unsigned(count as u64);
    // A course's name is written where a digest first names it (its place
    // one past those before); later digests name it by its place.
    let mut places: HashMap<Arc<str>, u64> = HashMap::new();
    let mut previous: Option<i64> = None;
    let mut written = 0;
    for digest in digests {
        let digest = digest.borrow();
        if previous.is_some_and(|previous| previous >= digest.id) {
            return Err(refused(HistoryError::Unreadable(
                "its groups are not in order",
            )));
        }
        written += 1;
        out.digest(digest, previous.unwrap_or(0), &mut places);
        previous = Some(digest.id);
        if out.bytes.len() >= ENCODED_BUFFER {
            out.hand_on()?;
        }
    }
    if written != count {
        return Err(refused(HistoryError::Unreadable(
            "another count of groups than it says",
        )));
    }
    out.hand_on()?;
    // The checksum of every byte before it (FNV-1a, a byte at a time, so
    // the same taken a buffer at a time).
    out.writer.write_all(&out.sum.finish().to_le_bytes())?;
    Ok(())
}

/// The refusal [`write_day`] carries (a Vec takes every byte: what fails
/// writing into one is a refusal).
fn refusal(error: io::Error) -> HistoryError {
    let why = error
        .into_inner()
        .and_then(|inner| inner.downcast::<HistoryError>().ok());
    why.map_or(HistoryError::Unreadable("not written"), |why| *why)
}

/// The days of `kept` past the limit: older than `keep` days before
/// `today` (`today` and the `keep` days before it stay).
pub fn past_the_limit(kept: &[NaiveDate], today: NaiveDate, keep: u32) -> Vec<NaiveDate> {
    let oldest = today.checked_sub_days(chrono::Days::new(keep.into()));
    kept.iter()
        .copied()
        .filter(|day| oldest.is_some_and(|oldest| *day < oldest))
        .collect()
}

/// FNV-1a over the file's bytes (the `fnv` crate's, as the digests'
/// `rest_hash`): catches a file cut or scribbled on.
fn checksum(bytes: &[u8]) -> u64 {
    let mut hash = FnvHasher::default();
    hash.write(bytes);
    hash.finish()
}

/// A day being encoded: its bytes not yet handed to `writer`, and the
/// checksum of those handed.
struct Encoder<W> {
    bytes: Vec<u8>,
    writer: W,
    sum: FnvHasher,
}

impl<W: Write> Encoder<W> {
    /// The bytes made so far, into the checksum and to the writer.
    fn hand_on(&mut self) -> io::Result<()> {
        self.sum.write(&self.bytes);
        self.writer.write_all(&self.bytes)?;
        self.bytes.clear();
        Ok(())
    }

    fn digest(&mut self, digest: &Digest, previous: i64, places: &mut HashMap<Arc<str>, u64>) {
        let flags = [
            digest.number.get().is_some(),
            digest.course_id.get().is_some(),
            digest.start.is_some(),
            digest.end.is_some(),
            digest.branch.get().is_some(),
            digest.starts_on.is_some(),
            digest.ends_on.is_some(),
        ];
        let flags =
            (flags.iter().enumerate()).fold(0u8, |bits, (at, set)| bits | u8::from(*set) << at);
        self.bytes.push(flags);
        self.signed(digest.id.wrapping_sub(previous));
        self.text(&digest.name);
        match &digest.course {
            None => self.unsigned(0),
            Some(name) => match places.get(name) {
                Some(place) => self.unsigned(*place),
                None => {
                    let place = places.len() as u64 + 1;
                    places.insert(name.clone(), place);
                    self.unsigned(place);
                    self.text(name);
                }
            },
        }
        self.bytes.push(digest.days.bits());
        self.bytes.push(digest.status.code());
        let dates =
            [digest.starts_on, digest.ends_on].map(|d| d.map(|d| i64::from(d.num_days_from_ce())));
        let numbers = [
            digest.number.get(),
            digest.course_id.get(),
            digest.start.map(i64::from),
            digest.end.map(i64::from),
            digest.branch.get(),
        ];
        numbers
            .into_iter()
            .chain(dates)
            .flatten()
            .for_each(|n| self.signed(n));
        self.bytes.extend_from_slice(&digest.rest.to_le_bytes());
    }

    /// LEB128.
    fn unsigned(&mut self, mut value: u64) {
        while value >= 0x80 {
            self.bytes.push(value as u8 | 0x80);
            value >>= 7;
        }
        self.bytes.push(value as u8);
    }

    /// Zigzag, then LEB128: small negative numbers stay short.
    fn signed(&mut self, value: i64) {
        self.unsigned(((value << 1) ^ (value >> 63)) as u64);
    }

    fn text(&mut self, text: &str) {
        let mut end = text.len().min(MAX_TEXT);
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        self.unsigned(end as u64);
        self.bytes.extend_from_slice(&text.as_bytes()[..end]);
    }
}

struct Decoder<'b> {
    bytes: &'b [u8],
    at: usize,
}

const CUT: HistoryError = HistoryError::Unreadable("cut short");

impl<'b> Decoder<'b> {
    fn take(&mut self, count: usize) -> Result<&'b [u8], HistoryError> {
        let end = self
            .at
            .checked_add(count)
            .filter(|end| *end <= self.bytes.len())
            .ok_or(CUT)?;
        let taken = &self.bytes[self.at..end];
        self.at = end;
        Ok(taken)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], HistoryError> {
        Ok(self.take(N)?.try_into().expect("N bytes taken"))
    }

    fn unsigned(&mut self) -> Result<u64, HistoryError> {
        let mut value = 0u64;
        for shift in (0..64).step_by(7) {
            let [byte] = self.array()?;
            value |= u64::from(byte & 0x7f) << shift;
            if byte & 0x80 == 0 {
                return Ok(value);
            }
        }
        Err(HistoryError::Unreadable("a number too long"))
    }

    fn signed(&mut self) -> Result<i64, HistoryError> {
        let value = self.unsigned()?;
        Ok((value >> 1) as i64 ^ -((value & 1) as i64))
    }

    /// A count of things to come, at most [`MAX_GROUPS`].
    fn count(&mut self) -> Result<usize, HistoryError> {
        match self.unsigned()? {
            count if count > MAX_GROUPS as u64 => Err(HistoryError::TooMany),
            count => Ok(count as usize),
        }
    }

    fn text(&mut self) -> Result<&'b str, HistoryError> {
        let length = self.unsigned()?;
        if length > MAX_TEXT as u64 {
            return Err(HistoryError::Unreadable("a text too long"));
        }
        std::str::from_utf8(self.take(length as usize)?)
            .map_err(|_| HistoryError::Unreadable("a text not UTF-8"))
    }

    fn date(&mut self) -> Result<NaiveDate, HistoryError> {
        (i32::try_from(self.signed()?).ok())
            .and_then(NaiveDate::from_num_days_from_ce_opt)
            .ok_or(HistoryError::Unreadable("a date out of range"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crmdeck_domain::digest::digests;
    use crmdeck_model::{Course, DateField, DaysCode, Group, GroupStatus, LessonTime};

    /// A key of `profile`.
    fn key(profile: &str) -> SnapshotKey {
        SnapshotKey {
            profile: Some(profile.into()),
            ..crate::snapshot::tests::key()
        }
    }

    fn day(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    /// `count` groups of every shape a digest keeps: some with nothing set.
    fn groups(count: i64) -> Vec<Group> {
        let course = Arc::new(Course {
            id: 3,
            name: "Python для начинающих".into(),
            ..Course::default()
        });
        (1..=count)
            .map(|id| match id % 3 {
                0 => Group {
                    id: id * 7 - 500,
                    ..Group::default()
                },
                _ => Group {
                    id: id * 7 - 500,
                    company_group_number: Some(id),
                    name: format!("Группа {id}"),
                    days: DaysCode::TueThuSat,
                    lesson_start_time: Some(LessonTime::Utc(
                        "2024-01-01T05:00:00Z".parse().unwrap(),
                    )),
                    lesson_end_time: Some(LessonTime::Raw("late".into())),
                    status: if id % 2 == 0 {
                        GroupStatus::Archive
                    } else {
                        GroupStatus::Active
                    },
                    branch_id: Some(id % 4),
                    course_id: Some(3),
                    course: Some(course.clone()),
                    group_start_date: Some(DateField::Date(day("2026-09-01"))),
                    group_end_date: Some(DateField::Date(day("2027-05-31"))),
                    comment: Some("note".into()),
                    ..Group::default()
                },
            })
            .collect()
    }

    fn history(count: i64) -> HistoryDay {
        HistoryDay {
            key: key("ops"),
            day: day("2026-11-26"),
            taken_at: "2026-11-26T04:12:00Z".parse().unwrap(),
            digests: digests(groups(count), crmdeck_domain::zone::CENTRE_ZONE),
        }
    }

    #[test]
    fn the_checksum_is_fnv_1a_as_the_files_on_disk_were_written() {
        // The published test vectors of 64-bit FNV-1a.
        assert_eq!(checksum(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(checksum(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(checksum(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn a_day_round_trips_with_every_field() {
        for count in [0, 1, 2, 30] {
            let written = history(count);
            let bytes = written.encode().unwrap();
            let read = HistoryDay::decode(&bytes, &key("ops"), day("2026-11-26")).unwrap();
            assert_eq!(read, written);
        }
        // One copy of the course's name for every group naming it.
        let read = HistoryDay::decode(
            &history(5).encode().unwrap(),
            &key("ops"),
            day("2026-11-26"),
        )
        .unwrap();
        let courses: Vec<_> = read
            .digests
            .iter()
            .filter_map(|d| d.course.as_ref())
            .collect();
        assert!(courses.len() > 1 && courses.iter().all(|c| Arc::ptr_eq(c, courses[0])));
    }

    #[test]
    fn another_keys_or_days_file_is_refused() {
        let bytes = history(3).encode().unwrap();
        assert_eq!(
            HistoryDay::decode(&bytes, &key("dev"), day("2026-11-26")),
            Err(HistoryError::ForeignKey)
        );
        assert_eq!(
            HistoryDay::decode(&bytes, &key("ops"), day("2026-11-25")),
            Err(HistoryError::OtherDay(day("2026-11-26")))
        );
    }

    #[test]
    fn every_cut_and_every_flipped_byte_is_refused_never_a_panic() {
        let bytes = history(4).encode().unwrap();
        for end in 0..bytes.len() {
            assert!(
                HistoryDay::decode(&bytes[..end], &key("ops"), day("2026-11-26")).is_err(),
                "cut at {end}"
            );
        }
        for at in 0..bytes.len() {
            let mut scribbled = bytes.clone();
            scribbled[at] ^= 0x5a;
            assert!(
                HistoryDay::decode(&scribbled, &key("ops"), day("2026-11-26")).is_err(),
                "byte {at}"
            );
        }
        let mut version = bytes.clone();
        version[8] = 9;
        let body = version.len() - 8;
        let sum = checksum(&version[..body]);
        version[body..].copy_from_slice(&sum.to_le_bytes());
        assert_eq!(
            HistoryDay::decode(&version, &key("ops"), day("2026-11-26")),
            Err(HistoryError::Version(9))
        );
        assert!(HistoryDay::decode(b"{\"json\": true}", &key("ops"), day("2026-11-26")).is_err());
    }

    #[test]
    fn a_day_made_a_digest_at_a_time_is_refused_out_of_order_or_miscounted() {
        /// The bytes `write_day` writes of `written`'s day as `count`
        /// `digests`, or its refusal.
        fn encode_day<'a>(
            written: &HistoryDay,
            count: usize,
            digests: impl IntoIterator<Item = &'a Digest>,
        ) -> Result<Vec<u8>, HistoryError> {
            let (key, day, at) = (&written.key, written.day, written.taken_at);
            let mut bytes = Vec::new();
            write_day(&mut bytes, key, day, at, count, digests).map_err(refusal)?;
            Ok(bytes)
        }
        let written = history(6);
        let (key, day, at) = (&written.key, written.day, written.taken_at);
        let streamed = encode_day(&written, 6, written.digests.iter());
        assert_eq!(streamed, written.encode());
        let mut twice = written.digests.clone();
        twice.push(twice[5].clone());
        let refused = encode_day(&written, 7, &twice).unwrap_err();
        assert_eq!(
            refused,
            HistoryError::Unreadable("its groups are not in order")
        );
        let reversed = written.digests.iter().rev();
        assert!(encode_day(&written, 6, reversed).is_err());
        assert!(encode_day(&written, 5, &written.digests).is_err());
        assert_eq!(
            encode_day(&written, MAX_GROUPS + 1, &written.digests),
            Err(HistoryError::TooMany)
        );
        let mut sink = Vec::new();
        let error = write_day(&mut sink, key, day, at, MAX_GROUPS + 1, &written.digests);
        assert_eq!(error.unwrap_err().kind(), io::ErrorKind::InvalidData);
        assert!(sink.is_empty());
        let error = write_day(&mut sink, key, day, at, 7, &twice).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::InvalidData);
    }

    #[test]
    fn a_day_written_a_buffer_at_a_time_is_the_day_encoded_at_once() {
        // Enough digests for several buffers of the writer.
        let written = history(4000);
        let (key, day, at) = (&written.key, written.day, written.taken_at);
        let mut streamed = Vec::new();
        write_day(&mut streamed, key, day, at, 4000, &written.digests).unwrap();
        let whole = written.encode().unwrap();
        assert!(whole.len() > 2 * ENCODED_BUFFER, "{}", whole.len());
        assert_eq!(streamed, whole);
        assert_eq!(HistoryDay::decode(&streamed, key, day).unwrap(), written);
    }

    #[test]
    fn a_group_takes_about_fifty_bytes() {
        let bytes = history(10_000).encode().unwrap();
        let per_group = bytes.len() / 10_000;
        assert!((30..=60).contains(&per_group), "{per_group} bytes a group");
    }

    #[test]
    fn days_older_than_the_limit_are_past_it() {
        let kept = [
            day("2026-11-10"),
            day("2026-11-18"),
            day("2026-11-19"),
            day("2026-11-26"),
        ];
        assert_eq!(
            past_the_limit(&kept, day("2026-11-26"), 7),
            [day("2026-11-10"), day("2026-11-18")]
        );
        assert_eq!(past_the_limit(&kept, day("2026-11-26"), 1), &kept[..3]);
    }
}

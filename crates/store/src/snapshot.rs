//! The snapshot: what a complete walk of one branch found (its groups, the
//! branches, the plugin catalogue) and the centre's name, as the JSON
//! crmdeck keeps on disk to draw the next start before any answer arrives.
//!
//! Pure: bytes in, bytes out; the files are `cache.rs`'s. A snapshot names
//! whose it is (its [`SnapshotKey`]: profile, base URL, account, branch) inside, so
//! one profile's or server's data is never shown for another even if two
//! files were swapped; and it never holds a token: the installations'
//! tokens are stripped before it is written.
//!
//! The records are written in their wire form (the model's `Serialize`) and
//! read back by the same tolerant `Deserialize` the API's answers go
//! through, so a snapshot reads exactly like the pages it came from.

use super::courses::Courses;
use super::walk::MAX_GROUPS;
use chrono::{DateTime, Utc};
use crmdeck_model::{Abilities, Branch, Group, Plugin};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;
use std::io::{self, Read, Write};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

mod read;

/// The format written; a file of any other version is not read.
pub const SNAPSHOT_VERSION: u32 = 1;

/// The most branches, and the most plugins, a snapshot holds: a centre
/// has tens.
pub const MAX_LISTED: usize = 10_000;

/// The most elements the fields of a snapshot's records keep, all
/// together (exact days, abilities, the entries of values kept as sent):
/// eight per group at [`MAX_GROUPS`] (a group has seven days at most),
/// about 100 MB at the very most.
pub const MAX_SNAPSHOT_ELEMENTS: usize = 8 * MAX_GROUPS;

/// The most a snapshot holds, read or written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Ceilings {
    groups: usize,
    /// Branches, and plugins.
    listed: usize,
    elements: usize,
}

/// What a walk holds.
const CEILINGS: Ceilings = Ceilings {
    groups: MAX_GROUPS,
    listed: MAX_LISTED,
    elements: MAX_SNAPSHOT_ELEMENTS,
};

const ELEMENTS: &str = "elements in its records' fields";

/// Whose snapshot it is: one file per key.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SnapshotKey {
    /// The config profile (`None`: the config's top level).
    pub profile: Option<String>,
    pub base_url: String,
    /// Who the token is, hashed (`Session::account`: its JWT subject, or
    /// the user and centre `/v2/token/me` answered); never the token.
    /// `None`: not known, and then no snapshot is read or written.
    pub account: Option<String>,
    /// The branch walked (`None`: every branch).
    pub branch: Option<i64>,
}

/// What a complete walk found, and when.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    pub version: u32,
    pub key: SnapshotKey,
    pub taken_at: DateTime<Utc>,
    /// `None`: not known when it was taken (the branch list is optional).
    pub branches: Option<Vec<Branch>>,
    /// `None`: not asked for, or not answered.
    pub plugins: Option<Vec<Plugin>>,
    /// The centre's name as `GET /v2/token/me` gave it (server text, shown
    /// sanitised); `None`: it named none, did not answer, or the file is
    /// older than the field (which is optional: no new format version).
    #[serde(default)]
    pub centre: Option<String>,
    /// Shared with the store's list (written without a copy of the groups).
    /// Written last (issue 34 §3): what a start draws first (the branches,
    /// the catalogue, the centre's name, the first groups: [`Snapshot::
    /// read_in_parts`]) is at the file's start. A file of this version with
    /// its groups first (written before) reads the same.
    pub groups: Vec<Arc<Group>>,
}

/// Why a snapshot was not used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SnapshotError {
    /// Not a snapshot at all: empty, cut short, not JSON, a field missing.
    Unreadable(String),
    /// Written by another version of crmdeck.
    Version(u32),
    /// Another profile's, server's, account's or branch's.
    ForeignKey,
    /// More records, or elements in their fields, than a walk holds
    /// ([`MAX_GROUPS`], [`MAX_LISTED`], [`MAX_SNAPSHOT_ELEMENTS`]).
    TooMany { what: &'static str, most: usize },
    /// Its reading was stopped ([`InParts::stop`]): no longer wanted.
    Stopped,
}

impl std::error::Error for SnapshotError {}

impl fmt::Display for SnapshotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unreadable(why) => write!(f, "not a snapshot ({why})"),
            Self::Version(version) => write!(
                f,
                "written in format {version}, this crmdeck reads {SNAPSHOT_VERSION}"
            ),
            Self::ForeignKey => f.write_str("taken for another profile, server, account or branch"),
            Self::TooMany { what, most } => write!(f, "holds more than {most} {what}"),
            Self::Stopped => f.write_str("its reading was stopped"),
        }
    }
}

impl Snapshot {
    /// A snapshot of `key` taken at `taken_at`, its installation tokens
    /// stripped.
    pub fn new(
        key: SnapshotKey,
        taken_at: DateTime<Utc>,
        groups: impl IntoIterator<Item = impl Into<Arc<Group>>>,
        branches: Option<Vec<Branch>>,
        mut plugins: Option<Vec<Plugin>>,
        centre: Option<String>,
    ) -> Self {
        let catalogue = plugins.iter_mut().flatten();
        for installation in catalogue.filter_map(|p| p.user.as_mut()) {
            installation.token = None;
        }
        Self {
            version: SNAPSHOT_VERSION,
            key,
            taken_at,
            groups: groups.into_iter().map(Into::into).collect(),
            branches,
            plugins,
            centre,
        }
    }

    /// Writes the file's bytes to `writer` as they are made: 10,000 groups
    /// are about 11 MB of JSON, which are never all in memory at once.
    pub fn write_to(&self, writer: impl Write) -> io::Result<()> {
        self.write_with_groups(writer, |each| self.groups.iter().try_for_each(|g| each(g)))
    }

    /// Writes the file's bytes to `writer`, its groups those `groups` calls
    /// its function with (in that order) instead of [`Self::groups`]: a
    /// walk's groups kept elsewhere than in memory (`groups --all`) go
    /// into the file one at a time. The same bytes as serde's `Serialize`
    /// of the whole snapshot. Refused (an `InvalidData` error holding the
    /// [`SnapshotError`]) past a ceiling the reader keeps ([`MAX_GROUPS`],
    /// [`MAX_LISTED`], [`MAX_SNAPSHOT_ELEMENTS`]): it would refuse the file.
    pub fn write_with_groups<G>(&self, writer: impl Write, groups: G) -> io::Result<()>
    where
        G: FnMut(&mut dyn FnMut(&Group) -> io::Result<()>) -> io::Result<()>,
    {
        self.write_within(&CEILINGS, writer, groups)
    }

    fn write_within<G>(
        &self,
        most: &Ceilings,
        mut writer: impl Write,
        mut groups: G,
    ) -> io::Result<()>
    where
        G: FnMut(&mut dyn FnMut(&Group) -> io::Result<()>) -> io::Result<()>,
    {
        #[derive(Serialize)]
        struct Head<'a> {
            version: u32,
            key: &'a SnapshotKey,
            taken_at: &'a DateTime<Utc>,
            branches: &'a Option<Vec<Branch>>,
            plugins: &'a Option<Vec<Plugin>>,
            centre: &'a Option<String>,
        }
        let too_many = |what, most| {
            let why = SnapshotError::TooMany { what, most };
            io::Error::new(io::ErrorKind::InvalidData, why)
        };
        let listed = [
            ("branches", self.branches.as_ref().map_or(0, Vec::len)),
            ("plugins", self.plugins.as_ref().map_or(0, Vec::len)),
        ];
        if let Some((what, _)) = listed.iter().find(|(_, count)| *count > most.listed) {
            return Err(too_many(what, most.listed));
        }
        let mut elements: usize = self.plugins.iter().flatten().map(plugin_elements).sum();
        let head = serde_json::to_vec(&Head {
            version: self.version,
            key: &self.key,
            taken_at: &self.taken_at,
            branches: &self.branches,
            plugins: &self.plugins,
            centre: &self.centre,
        })?;
        // `{"version":…,"centre":…` then the groups, last.
        writer.write_all(&head[..head.len() - 1])?;
        writer.write_all(b",\"groups\":[")?;
        let mut count = 0;
        groups(&mut |group| {
            count += 1;
            if count > most.groups {
                return Err(too_many("groups", most.groups));
            }
            elements += group_elements(group);
            if elements > most.elements {
                return Err(too_many(ELEMENTS, most.elements));
            }
            if count > 1 {
                writer.write_all(b",")?;
            }
            serde_json::to_writer(&mut writer, group).map_err(io::Error::from)
        })?;
        writer.write_all(b"]}")
    }

    /// The snapshot in `bytes` if it is one of this format, taken for
    /// `key`, within the ceilings of a walk; never a panic, whatever the
    /// bytes.
    pub fn decode(bytes: &[u8], key: &SnapshotKey) -> Result<Self, SnapshotError> {
        let deserializer = serde_json::Deserializer::from_slice(bytes);
        read::read(deserializer, key, &CEILINGS, None)
    }

    /// [`Self::decode`] as the bytes stream in from `reader` (buffer it):
    /// never the whole file in memory, only what it decodes to.
    pub fn read_from(reader: impl Read, key: &SnapshotKey) -> Result<Self, SnapshotError> {
        let deserializer = serde_json::Deserializer::from_reader(reader);
        read::read(deserializer, key, &CEILINGS, None)
    }

    /// [`Self::read_from`], drawn at once however large (issue 34 §3):
    /// once its first `parts.head` groups are read, they are handed to
    /// `parts.on_head` as a snapshot of its own (with the branches, the
    /// catalogue and the centre's name when the file gave them first, as
    /// it does since they are written first), and the reading goes on to
    /// the rest, handed to `parts.on_slice` `parts.slice` groups at a time
    /// as they are read: the snapshot returned holds the groups after the
    /// last slice, and says the file was whole and checked (an error after
    /// the head says the slices handed were not all of it). Refused with
    /// [`SnapshotError::Stopped`] at the next record once `parts.stop` is
    /// set. A file of at most `parts.head` groups, or whose key comes after
    /// its groups, gives no head and no slice: all of it is returned.
    pub fn read_in_parts(
        reader: impl Read,
        key: &SnapshotKey,
        parts: InParts<'_>,
    ) -> Result<Self, SnapshotError> {
        let deserializer = serde_json::Deserializer::from_reader(reader);
        read::read(deserializer, key, &CEILINGS, Some(parts))
    }
}

/// How [`Snapshot::read_in_parts`] reads.
pub struct InParts<'a> {
    /// How many groups make the head.
    pub head: usize,
    /// Given the head, once, as soon as it is read.
    pub on_head: &'a mut dyn FnMut(Snapshot),
    /// How many groups make each slice after the head.
    pub slice: usize,
    /// Given each slice after the head as soon as it is read: the groups
    /// are handed on, not kept (the snapshot returned holds only those
    /// read after the last slice), so a large file is held once, by whoever
    /// takes the slices.
    pub on_slice: &'a mut dyn FnMut(Vec<Arc<Group>>),
    /// Set: the reading ends at the next record.
    pub stop: &'a AtomicBool,
}

/// The elements the reader keeps of a group's fields (each counts against
/// [`MAX_SNAPSHOT_ELEMENTS`]): its exact days, and the entries of the
/// values kept as sent.
fn group_elements(group: &Group) -> usize {
    let days = &group.exact_days;
    let values = [&group.salary_for_corporate, &group.write_off];
    days.days.len()
        + days.unknown.len()
        + values
            .into_iter()
            .flatten()
            .map(|value| value_elements(value))
            .sum::<usize>()
}

/// The elements the reader keeps of a plugin's fields: its abilities.
fn plugin_elements(plugin: &Plugin) -> usize {
    match &plugin.abilities {
        Abilities::List(names) => names.len(),
        // Written as a string, read back as one.
        Abilities::Raw(_) => 0,
    }
}

/// Every element and entry of `value`, nested ones too.
fn value_elements(value: &Value) -> usize {
    match value {
        Value::Array(list) => list.len() + list.iter().map(value_elements).sum::<usize>(),
        Value::Object(object) => object.len() + object.values().map(value_elements).sum::<usize>(),
        _ => 0,
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use chrono::{NaiveDate, NaiveTime, TimeZone, Weekday};
    use crmdeck_model::{
        Abilities, Course, DateField, DaysCode, ExactDays, GroupStatus, Installation, LessonTime,
        PluginType, Timestamp,
    };

    /// A key of profile `ops` (the history's tests' too).
    pub(crate) fn key() -> SnapshotKey {
        SnapshotKey {
            profile: Some("ops".into()),
            base_url: "https://crm.example.uz/api".into(),
            account: Some("5f1c".into()),
            branch: Some(3),
        }
    }

    fn taken() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 25, 9, 2, 0).unwrap()
    }

    /// A group using every kind of field, known and odd values.
    fn group(id: i64) -> Group {
        Group {
            id,
            name: format!("Group {id}"),
            days: if id % 2 == 0 {
                DaysCode::Custom
            } else {
                DaysCode::Other("9".into())
            },
            exact_days: ExactDays {
                days: vec![Weekday::Mon, Weekday::Thu],
                unknown: vec!["someday".into()],
            },
            lesson_start_time: Some(LessonTime::Clock(
                NaiveTime::from_hms_opt(9, 30, 0).unwrap(),
            )),
            lesson_end_time: Some(LessonTime::Utc(taken())),
            status: if id % 2 == 0 {
                GroupStatus::Active
            } else {
                GroupStatus::Other("paused".into())
            },
            salary_for_corporate: Some(Box::new(serde_json::json!({"a": 1}))),
            group_start_date: Some(DateField::Date(
                NaiveDate::from_ymd_opt(2026, 9, 1).unwrap(),
            )),
            group_end_date: Some(DateField::Raw("soon".into())),
            created_at: Some(Timestamp::Raw("yesterday".into())),
            updated_at: Some(Timestamp::Utc(taken())),
            deleted_at: Some(Timestamp::Local(
                NaiveDate::from_ymd_opt(2022, 7, 13)
                    .unwrap()
                    .and_hms_opt(20, 0, 46)
                    .unwrap(),
            )),
            branch_id: Some(3),
            course: Some(Arc::new(Course {
                id: 7,
                name: "English B1".into(),
                lesson_duration: Some(90),
                ..Course::default()
            })),
            ..Group::default()
        }
    }

    fn plugin(id: i64, installed: bool) -> Plugin {
        Plugin {
            id,
            name: format!("Plugin {id}"),
            plugin_type: if installed {
                PluginType::Premium
            } else {
                PluginType::Other("Trial".into())
            },
            abilities: Abilities::List(vec!["sms".into()]),
            user: installed.then(|| Installation {
                id: 40,
                plugin_id: Some(id),
                user_id: Some(1),
                token: Some("1|jCr5secretsecret".into()),
                ..Installation::default()
            }),
            ..Plugin::default()
        }
    }

    fn snapshot() -> Snapshot {
        Snapshot::new(
            key(),
            taken(),
            vec![group(1), group(2)],
            Some(vec![Branch {
                id: 3,
                name: "Chilonzor".into(),
            }]),
            Some(vec![plugin(1, true), plugin(2, false)]),
            Some("Ziyo Learning Centre".into()),
        )
    }

    fn encode(snapshot: &Snapshot) -> Vec<u8> {
        let mut bytes = Vec::new();
        snapshot.write_to(&mut bytes).unwrap();
        bytes
    }

    #[test]
    fn a_snapshot_reads_back_as_written_without_any_token() {
        let written = snapshot();
        let bytes = encode(&written);
        assert!(!String::from_utf8_lossy(&bytes).contains("jCr5"));
        let read = Snapshot::decode(&bytes, &key()).unwrap();
        assert_eq!(read, written);
        assert_eq!(*read.groups[0], group(1));
        assert_eq!(
            read.plugins.as_ref().unwrap()[0]
                .user
                .as_ref()
                .unwrap()
                .token,
            None
        );
        assert_eq!(
            read.plugins.as_ref().unwrap()[0].user.as_ref().unwrap().id,
            40
        );
    }

    #[test]
    fn the_centres_name_reads_back_and_a_file_without_it_is_still_read() {
        let written = snapshot();
        let read = Snapshot::decode(&encode(&written), &key()).unwrap();
        assert_eq!(read.centre.as_deref(), Some("Ziyo Learning Centre"));

        // A file of this format written before the field existed.
        let mut old: serde_json::Value = serde_json::from_slice(&encode(&written)).unwrap();
        assert!(old.as_object_mut().unwrap().remove("centre").is_some());
        let read = Snapshot::decode(&serde_json::to_vec(&old).unwrap(), &key()).unwrap();
        assert_eq!(
            read,
            Snapshot {
                centre: None,
                ..written
            }
        );
    }

    #[test]
    fn another_profiles_servers_or_branchs_snapshot_is_refused() {
        let bytes = encode(&snapshot());
        let others = [
            SnapshotKey {
                profile: None,
                ..key()
            },
            SnapshotKey {
                base_url: "https://other.example.uz/api".into(),
                ..key()
            },
            SnapshotKey {
                branch: None,
                ..key()
            },
            SnapshotKey {
                account: Some("9a07".into()),
                ..key()
            },
            SnapshotKey {
                account: None,
                ..key()
            },
        ];
        for other in others {
            assert_eq!(
                Snapshot::decode(&bytes, &other),
                Err(SnapshotError::ForeignKey)
            );
        }
    }

    #[test]
    fn a_foreign_version_is_refused_before_its_body_is_read() {
        let future = br#"{"version": 2, "key": "a shape this version does not know"}"#;
        assert_eq!(
            Snapshot::decode(future, &key()),
            Err(SnapshotError::Version(2))
        );
        let mut written = snapshot();
        written.version = 0;
        assert_eq!(
            Snapshot::decode(&encode(&written), &key()),
            Err(SnapshotError::Version(0))
        );
    }

    #[test]
    fn garbage_truncated_and_empty_files_are_errors_not_panics() {
        let bytes = encode(&snapshot());
        let cases: Vec<&[u8]> = vec![
            b"",
            b"   ",
            b"\xff\xfe garbage",
            b"null",
            b"[1, 2, 3]",
            b"{\"version\": 1}",
            &bytes[..bytes.len() / 2],
            &bytes[..bytes.len() - 1],
        ];
        for case in cases {
            let result = Snapshot::decode(case, &key());
            assert!(
                matches!(result, Err(SnapshotError::Unreadable(_))),
                "{:?} gave {result:?}",
                String::from_utf8_lossy(case)
            );
        }
        // Every cut of the file is refused, none panics.
        for end in (0..bytes.len()).step_by(7) {
            assert!(Snapshot::decode(&bytes[..end], &key()).is_err());
        }
    }

    /// A file as crmdeck writes it, its groups `groups` (JSON text each).
    fn crafted(groups: &str) -> Vec<u8> {
        let head = serde_json::json!({"version": 1, "key": key(), "taken_at": taken()});
        let head = head.to_string();
        format!("{},\"groups\":[{groups}]}}", &head[..head.len() - 1]).into_bytes()
    }

    fn too_many(what: &'static str, most: usize) -> Result<Snapshot, SnapshotError> {
        Err(SnapshotError::TooMany { what, most })
    }

    #[test]
    fn a_crafted_snapshot_of_many_tiny_records_is_refused_at_the_ceiling() {
        // 7.3 million `{}` once decoded into 3.8 GB: refused at the first
        // group past the ceiling, whatever follows.
        let tiny = vec!["{}"; MAX_GROUPS + 1000].join(",");
        let refused = Snapshot::decode(&crafted(&tiny), &key());
        assert_eq!(refused, too_many("groups", MAX_GROUPS));
        assert_eq!(
            refused.unwrap_err().to_string(),
            "holds more than 250000 groups"
        );
        // At the ceiling: read, streamed or not.
        let bytes = crafted(&vec!["{}"; MAX_GROUPS].join(","));
        let read = Snapshot::read_from(&bytes[..], &key()).unwrap();
        assert_eq!(read.groups.len(), MAX_GROUPS);
    }

    /// Small ceilings, for files and groups a test makes in a moment.
    const SMALL: Ceilings = Ceilings {
        groups: 30,
        listed: 3,
        elements: 1000,
    };

    fn decode_within(bytes: &[u8], most: &Ceilings) -> Result<Snapshot, SnapshotError> {
        read::read(
            serde_json::Deserializer::from_slice(bytes),
            &key(),
            most,
            None,
        )
    }

    #[test]
    fn elements_and_nesting_past_the_ceilings_are_refused_not_a_panic() {
        // The ceilings read and written are a walk's.
        assert_eq!(
            CEILINGS,
            Ceilings {
                groups: MAX_GROUPS,
                listed: MAX_LISTED,
                elements: MAX_SNAPSHOT_ELEMENTS
            }
        );
        let days = |count| {
            let days = vec!["\"x\""; count].join(",");
            format!("{{\"id\":1,\"exact_days\":[{days}]}}")
        };
        assert!(decode_within(&crafted(&days(1000)), &SMALL).is_ok());
        assert_eq!(
            decode_within(&crafted(&days(1001)), &SMALL),
            too_many(ELEMENTS, 1000)
        );
        // Spread over several groups and kinds of field, the same.
        let values = format!(
            "{{\"id\":2,\"write_off\":{{\"a\":[{}]}}}}",
            vec!["0"; 100].join(",")
        );
        let groups = [
            days(500),
            values.clone(),
            values.clone(),
            values.clone(),
            values.clone(),
            values,
        ]
        .join(",");
        assert_eq!(
            decode_within(&crafted(&groups), &SMALL),
            too_many(ELEMENTS, 1000)
        );
        // Branches and plugins are counted too.
        let mut listed: serde_json::Value = serde_json::from_slice(&encode(&snapshot())).unwrap();
        listed["branches"] = vec![serde_json::json!({}); 4].into();
        let bytes = serde_json::to_vec(&listed).unwrap();
        assert_eq!(decode_within(&bytes, &SMALL), too_many("branches", 3));
        listed["branches"] = serde_json::Value::Null;
        listed["plugins"] = vec![serde_json::json!({}); 4].into();
        let bytes = serde_json::to_vec(&listed).unwrap();
        assert_eq!(decode_within(&bytes, &SMALL), too_many("plugins", 3));
        // Nested deeper than serde_json reads (128): refused, no overflow.
        let deep = format!(
            "{{\"id\":1,\"write_off\":{}{}}}",
            "[".repeat(100_000),
            "]".repeat(100_000)
        );
        assert!(matches!(
            Snapshot::decode(&crafted(&deep), &key()),
            Err(SnapshotError::Unreadable(why)) if why.contains("recursion limit")
        ));
    }

    #[test]
    fn the_streamed_writer_writes_what_serde_would_and_refuses_what_the_reader_would() {
        let written = snapshot();
        assert_eq!(encode(&written), serde_json::to_vec(&written).unwrap());
        // Written from elsewhere than its own groups.
        let empty = Snapshot {
            groups: Vec::new(),
            ..written.clone()
        };
        let mut bytes = Vec::new();
        let groups = written.groups.clone();
        empty
            .write_with_groups(&mut bytes, |each| groups.iter().try_for_each(|g| each(g)))
            .unwrap();
        assert_eq!(Snapshot::read_from(&bytes[..], &key()).unwrap(), written);

        // What the reader refuses is not written, and what it reads is.
        let write = |snapshot: &Snapshot, groups: &[Group]| {
            let mut bytes = Vec::new();
            let result = snapshot.write_within(&SMALL, &mut bytes, |each| {
                groups.iter().try_for_each(&mut *each)
            });
            match result {
                Ok(()) => Ok(bytes),
                Err(error) => {
                    assert_eq!(error.kind(), io::ErrorKind::InvalidData);
                    let why = error.into_inner().unwrap().downcast::<SnapshotError>();
                    Err(*why.unwrap())
                }
            }
        };
        let days = |count: usize| Group {
            exact_days: ExactDays {
                days: vec![Weekday::Mon],
                unknown: vec!["x".into(); count - 1],
            },
            salary_for_corporate: Some(Box::new(serde_json::json!({"a": [1, 2]}))),
            ..Group::default()
        };
        // The catalogue's two abilities, three entries of the value.
        let at_ceiling = [days(1000 - 2 - 3)];
        let bytes = write(&written, &at_ceiling).unwrap();
        assert_eq!(decode_within(&bytes, &SMALL).unwrap().groups.len(), 1);
        let past = [days(1000 - 2 - 3 + 1)];
        assert_eq!(
            write(&written, &past).map(|_| ()),
            Err(SnapshotError::TooMany {
                what: ELEMENTS,
                most: 1000
            })
        );
        let bytes = write(&written, &vec![group(1); 30]).unwrap();
        assert_eq!(decode_within(&bytes, &SMALL).unwrap().groups.len(), 30);
        assert_eq!(
            write(&written, &vec![group(1); 31]).map(|_| ()),
            Err(SnapshotError::TooMany {
                what: "groups",
                most: 30
            })
        );
        let catalogue = Snapshot {
            plugins: Some(vec![plugin(1, false); 4]),
            ..empty
        };
        assert_eq!(
            write(&catalogue, &[]).map(|_| ()),
            Err(SnapshotError::TooMany {
                what: "plugins",
                most: 3
            })
        );
    }

    /// What reading in parts handed on: the heads (with how many bytes
    /// had been read by then), the slices, and the end.
    type Handed = (
        Vec<(Snapshot, usize)>,
        Vec<Vec<Arc<Group>>>,
        Result<Snapshot, SnapshotError>,
    );

    /// Reads `bytes` in parts, its head `head` groups long, then slices of
    /// `slice`.
    fn in_parts(bytes: &[u8], head: usize, slice: usize, stop_at_head: bool) -> Handed {
        struct Counted<'a>(&'a [u8], std::rc::Rc<std::cell::Cell<usize>>);
        impl Read for Counted<'_> {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                // A little at a time, as a file's buffer would be.
                let n = self.0.len().min(buf.len()).min(256);
                buf[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                self.1.set(self.1.get() + n);
                Ok(n)
            }
        }
        let read = std::rc::Rc::new(std::cell::Cell::new(0));
        let stop = AtomicBool::new(false);
        let (mut heads, mut slices) = (Vec::new(), Vec::new());
        let mut on_head = |snapshot: Snapshot| {
            heads.push((snapshot, read.get()));
            if stop_at_head {
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        };
        let mut on_slice = |groups| slices.push(groups);
        let parts = InParts {
            head,
            on_head: &mut on_head,
            slice,
            on_slice: &mut on_slice,
            stop: &stop,
        };
        let end = Snapshot::read_in_parts(Counted(bytes, read.clone()), &key(), parts);
        (heads, slices, end)
    }

    /// The snapshot read in parts, put together again.
    fn whole((heads, slices, end): Handed) -> Snapshot {
        let mut end = end.unwrap();
        let mut groups: Vec<_> = heads
            .into_iter()
            .flat_map(|(head, _)| head.groups)
            .collect();
        groups.extend(slices.into_iter().flatten());
        groups.append(&mut end.groups);
        Snapshot { groups, ..end }
    }

    fn many(groups: i64) -> Snapshot {
        Snapshot {
            groups: (1..=groups).map(|id| Arc::new(group(id))).collect(),
            ..snapshot()
        }
    }

    #[test]
    fn the_head_is_handed_on_before_the_rest_is_read_then_the_rest_in_slices() {
        let written = many(300);
        let bytes = encode(&written);
        let (heads, slices, end) = in_parts(&bytes, 20, 64, false);
        let [(head, read_by_then)] = &heads[..] else {
            panic!("one head: {}", heads.len());
        };
        assert!(
            *read_by_then < bytes.len() / 5,
            "{read_by_then} of {}",
            bytes.len()
        );
        // The head: the first groups, and what the first frame shows
        // besides them (written before the groups).
        assert_eq!(head.groups, written.groups[..20]);
        assert_eq!(head.branches, written.branches);
        assert_eq!(head.plugins, written.plugins);
        assert_eq!(head.centre, written.centre);
        assert_eq!((&head.key, head.taken_at), (&key(), written.taken_at));
        // The rest in slices, handed on and not kept: the end holds the
        // groups after the last slice; all of it is the file.
        let lens: Vec<usize> = slices.iter().map(Vec::len).collect();
        assert_eq!(lens, [64; 4]);
        assert_eq!(end.as_ref().unwrap().groups, written.groups[276..]);
        assert_eq!(whole((heads, slices, end)), written);
        // A snapshot of no more than the head: no head, the whole at once.
        let (heads, slices, end) = in_parts(&encode(&many(20)), 20, 64, false);
        assert_eq!((heads.len(), slices.len()), (1, 0));
        assert_eq!(end.unwrap().groups.len(), 0);
        let (heads, slices, end) = in_parts(&encode(&many(19)), 20, 64, false);
        assert!(heads.is_empty() && slices.is_empty());
        assert_eq!(end.unwrap().groups.len(), 19);
    }

    #[test]
    fn a_file_with_its_groups_first_reads_in_parts_too() {
        // As this version's files were written before the groups went last.
        let written = many(50);
        let value: serde_json::Value = serde_json::from_slice(&encode(&written)).unwrap();
        let mut fields: Vec<(String, serde_json::Value)> =
            value.as_object().unwrap().clone().into_iter().collect();
        let order = [
            "version", "key", "taken_at", "groups", "branches", "plugins", "centre",
        ];
        fields.sort_by_key(|(name, _)| order.iter().position(|o| o == name));
        let body: Vec<String> = (fields.iter())
            .map(|(name, value)| format!("{:?}:{value}", name))
            .collect();
        let old = format!("{{{}}}", body.join(","));
        assert!(old.find("\"groups\"") < old.find("\"branches\""));
        let handed = in_parts(old.as_bytes(), 10, 15, false);
        // Its head: the groups, the rest not met yet.
        let (heads, slices, _) = &handed;
        assert_eq!((heads.len(), slices.len()), (1, 2));
        assert_eq!(heads[0].0.groups, written.groups[..10]);
        assert_eq!(
            (heads[0].0.branches.as_ref(), heads[0].0.centre.as_ref()),
            (None, None)
        );
        assert_eq!(whole(handed), written);
    }

    #[test]
    fn a_corrupt_rest_after_a_good_head_gives_the_head_and_says_why() {
        let bytes = encode(&many(300));
        let mut cut = bytes[..bytes.len() / 2].to_vec();
        cut.extend_from_slice(b"\x00scribbled");
        let (heads, _, end) = in_parts(&cut, 20, 64, false);
        assert_eq!(heads.len(), 1);
        assert_eq!(heads[0].0.groups.len(), 20);
        assert!(matches!(end, Err(SnapshotError::Unreadable(_))), "{end:?}");
        // Another's file gives no head at all.
        let other = SnapshotKey {
            profile: None,
            ..key()
        };
        let foreign = Snapshot {
            key: other,
            ..many(300)
        };
        let (heads, _, end) = in_parts(&encode(&foreign), 20, 64, false);
        assert!(heads.is_empty());
        assert_eq!(end, Err(SnapshotError::ForeignKey));
    }

    #[test]
    fn a_reading_stopped_ends_at_the_next_group() {
        let (heads, slices, end) = in_parts(&encode(&many(300)), 20, 64, true);
        assert!(slices.is_empty());
        assert_eq!(heads.len(), 1);
        assert_eq!(end, Err(SnapshotError::Stopped));
    }
}

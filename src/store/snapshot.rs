//! The snapshot: what a complete walk of one branch found (its groups, the
//! branches, the plugin catalogue) and the centre's name, as the JSON
//! crmdeck keeps on disk to draw the next start before any answer arrives.
//!
//! Pure: bytes in, bytes out; the files are `cache.rs`'s. A snapshot names
//! whose it is (its [`SnapshotKey`]: profile, base URL, branch) inside, so
//! one profile's or server's data is never shown for another even if two
//! files were swapped; and it never holds a token: the installations'
//! tokens are stripped before it is written.
//!
//! The records are written in their wire form (the model's `Serialize`) and
//! read back by the same tolerant `Deserialize` the API's answers go
//! through, so a snapshot reads exactly like the pages it came from.

use super::courses::Courses;
use super::walk::MAX_GROUPS;
use crate::model::{Branch, Group, Plugin};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::io::{self, Write};
use std::sync::Arc;

/// The format written; a file of any other version is not read.
pub const SNAPSHOT_VERSION: u32 = 1;

/// Whose snapshot it is: one file per key.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SnapshotKey {
    /// The config profile (`None`: the config's top level).
    pub profile: Option<String>,
    pub base_url: String,
    /// The branch walked (`None`: every branch).
    pub branch: Option<i64>,
}

/// What a complete walk found, and when.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Snapshot {
    pub version: u32,
    pub key: SnapshotKey,
    pub taken_at: DateTime<Utc>,
    /// Shared with the store's list (written without a copy of the groups).
    pub groups: Vec<Arc<Group>>,
    /// `None`: not known when it was taken (the branch list is optional).
    pub branches: Option<Vec<Branch>>,
    /// `None`: not asked for, or not answered.
    pub plugins: Option<Vec<Plugin>>,
    /// The centre's name as `GET /v2/token/me` gave it (server text, shown
    /// sanitised); `None`: it named none, did not answer, or the file is
    /// older than the field (which is optional: no new format version).
    #[serde(default)]
    pub centre: Option<String>,
}

/// Why a snapshot was not used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SnapshotError {
    /// Not a snapshot at all: empty, cut short, not JSON, a field missing.
    Unreadable(String),
    /// Written by another version of crmdeck.
    Version(u32),
    /// Another profile's, server's or branch's.
    ForeignKey,
    /// More than [`MAX_GROUPS`] groups: more than a walk holds.
    TooManyGroups,
}

impl fmt::Display for SnapshotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Unreadable(why) => write!(f, "not a snapshot ({why})"),
            Self::Version(version) => write!(
                f,
                "written in format {version}, this crmdeck reads {SNAPSHOT_VERSION}"
            ),
            Self::ForeignKey => f.write_str("taken for another profile, server or branch"),
            Self::TooManyGroups => write!(f, "holds more than {MAX_GROUPS} groups"),
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
    /// of the whole snapshot. Refused (an error, `InvalidData`) past
    /// [`MAX_GROUPS`] groups: the reader would refuse the file.
    pub fn write_with_groups<G>(&self, mut writer: impl Write, mut groups: G) -> io::Result<()>
    where
        G: FnMut(&mut dyn FnMut(&Group) -> io::Result<()>) -> io::Result<()>,
    {
        #[derive(Serialize)]
        struct Head<'a> {
            version: u32,
            key: &'a SnapshotKey,
            taken_at: &'a DateTime<Utc>,
        }
        #[derive(Serialize)]
        struct Tail<'a> {
            branches: &'a Option<Vec<Branch>>,
            plugins: &'a Option<Vec<Plugin>>,
            centre: &'a Option<String>,
        }
        let head = serde_json::to_vec(&Head {
            version: self.version,
            key: &self.key,
            taken_at: &self.taken_at,
        })?;
        // `{"version":…,"taken_at":"…"` then the groups, then the rest
        // without its `{`.
        writer.write_all(&head[..head.len() - 1])?;
        writer.write_all(b",\"groups\":[")?;
        let mut count = 0;
        groups(&mut |group| {
            count += 1;
            if count > MAX_GROUPS {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    SnapshotError::TooManyGroups.to_string(),
                ));
            }
            if count > 1 {
                writer.write_all(b",")?;
            }
            serde_json::to_writer(&mut writer, group).map_err(io::Error::from)
        })?;
        writer.write_all(b"],")?;
        let tail = serde_json::to_vec(&Tail {
            branches: &self.branches,
            plugins: &self.plugins,
            centre: &self.centre,
        })?;
        writer.write_all(&tail[1..])
    }

    /// The snapshot in `bytes` if it is one of this format, taken for
    /// `key`; never a panic, whatever the bytes.
    pub fn decode(bytes: &[u8], key: &SnapshotKey) -> Result<Self, SnapshotError> {
        /// The version alone first: a later format may change the rest.
        #[derive(Deserialize)]
        struct Header {
            version: u32,
        }
        let unreadable = |error: serde_json::Error| SnapshotError::Unreadable(error.to_string());
        let header: Header = serde_json::from_slice(bytes).map_err(unreadable)?;
        if header.version != SNAPSHOT_VERSION {
            return Err(SnapshotError::Version(header.version));
        }
        let mut snapshot: Self = serde_json::from_slice(bytes).map_err(unreadable)?;
        if snapshot.key != *key {
            return Err(SnapshotError::ForeignKey);
        }
        // Each group was read with a course of its own: one copy per
        // course, as the store holds them.
        let mut courses = Courses::default();
        for group in &mut snapshot.groups {
            courses.share(group);
        }
        Ok(snapshot)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{
        Abilities, Course, DateField, DaysCode, ExactDays, GroupStatus, Installation, LessonTime,
        PluginType, Timestamp,
    };
    use chrono::{NaiveDate, NaiveTime, TimeZone, Weekday};

    fn key() -> SnapshotKey {
        SnapshotKey {
            profile: Some("ops".into()),
            base_url: "https://crm.example.uz/api".into(),
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
            salary_for_corporate: Some(serde_json::json!({"a": 1})),
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
}

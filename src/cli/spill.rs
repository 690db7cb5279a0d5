//! The groups of a walk of every page kept in a private temporary file
//! instead of in memory (`groups --all`, `timetable`, `today`): the walk's
//! list keeps the pages' ids in page order ([`GroupList::hand_over`]), the
//! file each group as it was answered, and the latest place of each group
//! in the file. Memory then grows by a few dozen bytes per group, not by
//! the group (about 11.5 KB each once printed as JSON from a whole list).
//!
//! The file is made by `tempfile::tempfile`: 0600, already unlinked (no
//! name another user could open, nothing left behind by a crash or a
//! `kill -9`).
//!
//! [`GroupList::hand_over`]: crate::store::GroupList::hand_over

use crate::i18n::fill;
use crate::model::Group;
use std::collections::HashMap;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::os::unix::fs::FileExt;

/// Where a group's latest answer is in the file.
#[derive(Debug, Clone, Copy)]
struct Place {
    offset: u64,
    len: u32,
}

/// Groups written as they arrive, read back by id.
pub(super) struct Spill {
    writer: BufWriter<File>,
    /// Bytes written so far.
    len: u64,
    /// The latest answer of each group.
    places: HashMap<i64, Place>,
}

impl Spill {
    /// A new file in the temporary folder (`$TMPDIR`, else `/tmp`); the
    /// error names the folder.
    pub(super) fn new() -> io::Result<Self> {
        let file = tempfile::tempfile().map_err(|error| {
            let dir = std::env::temp_dir();
            let language = super::chatter::language();
            let why = fill::cli_no_temporary_file(language, dir.display(), &error);
            io::Error::new(error.kind(), why)
        })?;
        Ok(Self {
            writer: BufWriter::new(file),
            len: 0,
            places: HashMap::new(),
        })
    }

    /// Keeps `groups`; a group kept before is replaced (the latest answer
    /// of a group is the one read back).
    pub(super) fn add(&mut self, groups: Vec<Group>) -> io::Result<()> {
        let mut bytes = Vec::new();
        for group in groups {
            bytes.clear();
            // As sent (see `Group::as_sent`); plain data with string keys:
            // serialising to a Vec cannot fail.
            serde_json::to_writer(&mut bytes, &group.as_sent()).map_err(io::Error::other)?;
            let len = u32::try_from(bytes.len()).map_err(io::Error::other)?;
            self.writer.write_all(&bytes)?;
            self.places.insert(
                group.id,
                Place {
                    offset: self.len,
                    len,
                },
            );
            self.len += u64::from(len);
        }
        Ok(())
    }

    /// The groups `ids` names, in that order, as last kept; an id never
    /// kept is skipped. Reads the file one group at a time.
    pub(super) fn groups(
        &mut self,
        ids: impl IntoIterator<Item = i64>,
    ) -> io::Result<impl Iterator<Item = io::Result<Group>>> {
        self.writer.flush()?;
        let file = self.writer.get_ref();
        let places = &self.places;
        let mut bytes = Vec::new();
        Ok(ids.into_iter().filter_map(move |id| {
            let place = places.get(&id)?;
            bytes.resize(place.len as usize, 0);
            let read = file
                .read_exact_at(&mut bytes, place.offset)
                .and_then(|()| serde_json::from_slice(&bytes).map_err(io::Error::other));
            Some(read)
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Course, DaysCode};
    use std::sync::Arc;

    fn group(id: i64, name: &str) -> Group {
        Group {
            id,
            name: name.into(),
            days: DaysCode::Other("9".into()),
            course: Some(Arc::new(Course {
                id: 3,
                name: "English".into(),
                ..Course::default()
            })),
            ..Group::default()
        }
    }

    #[test]
    fn groups_read_back_as_kept_in_the_order_asked_the_latest_answer_winning() {
        let mut spill = Spill::new().unwrap();
        spill.add(vec![group(1, "a"), group(2, "b")]).unwrap();
        spill.add(vec![group(3, "c"), group(1, "a again")]).unwrap();
        let read: Vec<Group> = spill
            .groups([3, 1, 7, 2])
            .unwrap()
            .collect::<io::Result<_>>()
            .unwrap();
        assert_eq!(
            read,
            vec![group(3, "c"), group(1, "a again"), group(2, "b")]
        );
        // Read again, and kept after a read.
        spill.add(vec![group(2, "b again")]).unwrap();
        let names: Vec<String> = (spill.groups([1, 2]).unwrap())
            .map(|group| group.unwrap().name)
            .collect();
        assert_eq!(names, ["a again", "b again"]);
    }
}

//! A snapshot read as it streams in, within the ceilings of a walk
//! ([`Ceilings`]): at most `MAX_GROUPS` groups, `MAX_LISTED` branches and
//! plugins, and `MAX_SNAPSHOT_ELEMENTS` elements kept in the records' fields (exact
//! days, abilities, values kept as sent); the JSON nesting is bounded by
//! serde_json's own limit (128). What passes a ceiling refuses the file as
//! soon as it is met, so a crafted file of many tiny records (63 MiB of
//! `{}`: 7.3 million groups) costs the memory of `MAX_GROUPS` groups at
//! most, never what it packs. The version is checked when its key is read
//! (crmdeck writes it first), whose the snapshot is as soon as both are
//! known: neither another format's body nor another profile's is decoded.
//! Read in parts ([`InParts`]), the first groups are handed on as soon as
//! they are read, of a file whose version and key came first, and the rest
//! in slices as they are read (each handed on, not kept).

use super::{
    Ceilings, Courses, ELEMENTS, InParts, SNAPSHOT_VERSION, Snapshot, SnapshotError, SnapshotKey,
};
use chrono::{DateTime, Utc};
use crmdeck_model::budget::with_element_budget;
use crmdeck_model::{Branch, Group, Plugin};
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use std::cell::RefCell;
use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Reads a snapshot of `key` from `deserializer` (a whole document).
pub(super) fn read<'de, R: serde_json::de::Read<'de>>(
    mut deserializer: serde_json::Deserializer<R>,
    key: &SnapshotKey,
    most: &Ceilings,
    parts: Option<InParts<'_>>,
) -> Result<Snapshot, SnapshotError> {
    let refusal = RefCell::new(None);
    let (read, cut) = with_element_budget(most.elements, || {
        let snapshot = deserializer.deserialize_map(Whole {
            key,
            most,
            refusal: &refusal,
            parts,
        })?;
        deserializer.end()?;
        Ok::<_, serde_json::Error>(snapshot)
    });
    let refused = refusal.into_inner();
    match read {
        Err(error) => Err(refused.unwrap_or_else(|| SnapshotError::Unreadable(error.to_string()))),
        Ok(_) if cut => Err(SnapshotError::TooMany {
            what: ELEMENTS,
            most: most.elements,
        }),
        Ok(snapshot) => Ok(snapshot),
    }
}

/// Where a refusal is kept for the caller while serde carries its text.
type Refusal = RefCell<Option<SnapshotError>>;

fn refuse<E: de::Error>(refusal: &Refusal, why: SnapshotError) -> E {
    let text = why.to_string();
    *refusal.borrow_mut() = Some(why);
    E::custom(text)
}

/// The snapshot object, its fields in any order.
struct Whole<'a, 'p> {
    key: &'a SnapshotKey,
    most: &'a Ceilings,
    refusal: &'a Refusal,
    parts: Option<InParts<'p>>,
}

impl<'de> Visitor<'de> for Whole<'_, '_> {
    type Value = Snapshot;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a snapshot object")
    }

    fn visit_map<A: MapAccess<'de>>(mut self, mut map: A) -> Result<Snapshot, A::Error> {
        let mut version = None;
        let mut key = None;
        let mut taken_at: Option<DateTime<Utc>> = None;
        let mut groups = None;
        let mut branches = None;
        let mut plugins = None;
        let mut centre = None;
        while let Some(name) = map.next_key::<String>()? {
            match name.as_str() {
                "version" => {
                    let read: u32 = map.next_value()?;
                    if read != SNAPSHOT_VERSION {
                        return Err(refuse(self.refusal, SnapshotError::Version(read)));
                    }
                    version = Some(read);
                }
                "key" => key = Some(map.next_value::<SnapshotKey>()?),
                "taken_at" => taken_at = Some(map.next_value()?),
                "groups" => {
                    let mut parts = self.parts.take();
                    let stop = parts.as_ref().map(|parts| parts.stop);
                    let sizes = parts.as_ref().map(|parts| (parts.head, parts.slice));
                    // Handed on only once whose the file is is known.
                    let known = version.zip(key.as_ref()).zip(taken_at);
                    let mut headed = false;
                    let mut hand = |groups: Vec<Arc<Group>>| {
                        let (Some(parts), Some(((version, key), taken_at))) =
                            (parts.as_mut(), known)
                        else {
                            return;
                        };
                        if std::mem::replace(&mut headed, true) {
                            return (parts.on_slice)(groups);
                        }
                        (parts.on_head)(Snapshot {
                            version,
                            key: key.clone(),
                            taken_at,
                            branches: branches.clone(),
                            plugins: plugins.clone(),
                            centre: centre.clone(),
                            groups,
                        });
                    };
                    let mut listed = self.listed("groups", self.most.groups);
                    listed.stop = stop;
                    if let (Some((head, slice)), Some(_)) = (sizes, known) {
                        listed.parts = Some(Handing {
                            head,
                            slice: slice.max(1),
                            handed: false,
                            hand: &mut hand,
                        });
                    }
                    groups = map.next_value_seed(listed)?
                }
                "branches" => {
                    branches = map.next_value_seed(self.listed("branches", self.most.listed))?
                }
                "plugins" => {
                    plugins = map.next_value_seed(self.listed("plugins", self.most.listed))?
                }
                "centre" => centre = map.next_value()?,
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
            if version.is_some() && key.as_ref().is_some_and(|key| key != self.key) {
                return Err(refuse(self.refusal, SnapshotError::ForeignKey));
            }
        }
        let version = version.ok_or_else(|| de::Error::missing_field("version"))?;
        let key = key.ok_or_else(|| de::Error::missing_field("key"))?;
        Ok(Snapshot {
            version,
            key,
            taken_at: taken_at.ok_or_else(|| de::Error::missing_field("taken_at"))?,
            groups: groups.ok_or_else(|| de::Error::missing_field("groups"))?,
            branches,
            plugins,
            centre,
        })
    }
}

impl<'a> Whole<'a, '_> {
    fn listed<T>(&self, what: &'static str, most: usize) -> Listed<'a, T> {
        Listed {
            what,
            most,
            refusal: self.refusal,
            element: PhantomData,
            parts: None,
            stop: None,
        }
    }
}

/// A record of a list in a snapshot.
trait Element: de::DeserializeOwned {
    /// Once read: a group points at the copy held of its course.
    fn settle(&mut self, _courses: &mut Courses) {}
}

impl Element for Arc<Group> {
    fn settle(&mut self, courses: &mut Courses) {
        courses.share(self);
    }
}

impl Element for Branch {}
impl Element for Plugin {}

/// Who is given a list's records as they are read: its first `head`,
/// then each `slice` more; what is handed is not kept.
struct Handing<'a, T> {
    head: usize,
    slice: usize,
    /// The head was handed: slices follow.
    handed: bool,
    hand: &'a mut dyn FnMut(Vec<T>),
}

/// A list of at most `most` records (`null`: none), refused at the one past.
struct Listed<'a, T> {
    what: &'static str,
    most: usize,
    refusal: &'a Refusal,
    element: PhantomData<T>,
    /// Who is given the records as they are read, if anyone: the list
    /// returned holds those read after the last handed.
    parts: Option<Handing<'a, T>>,
    /// Set: refused at the next record.
    stop: Option<&'a AtomicBool>,
}

impl<'de, T: Element> DeserializeSeed<'de> for Listed<'_, T> {
    type Value = Option<Vec<T>>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_option(self)
    }
}

impl<'de, T: Element> Visitor<'de> for Listed<'_, T> {
    type Value = Option<Vec<T>>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a list of {}", self.what)
    }

    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_seq(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut list = Vec::new();
        let mut read = 0;
        let mut courses = Courses::default();
        while let Some(mut element) = seq.next_element::<T>()? {
            if self.stop.is_some_and(|stop| stop.load(Ordering::Relaxed)) {
                return Err(refuse(self.refusal, SnapshotError::Stopped));
            }
            if read == self.most {
                let why = SnapshotError::TooMany {
                    what: self.what,
                    most: self.most,
                };
                return Err(refuse(self.refusal, why));
            }
            read += 1;
            element.settle(&mut courses);
            list.push(element);
            if let Some(parts) = self.parts.as_mut() {
                let due = if parts.handed {
                    parts.slice
                } else {
                    parts.head
                };
                if list.len() == due {
                    parts.handed = true;
                    (parts.hand)(std::mem::take(&mut list));
                }
            }
        }
        Ok(Some(list))
    }
}

//! The API's records read field by field from JSON objects: unknown keys
//! are skipped, missing ones keep their default, and every field
//! goes through a tolerant conversion of `lenient.rs`.

use std::marker::PhantomData;
use std::sync::Arc;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess};

use super::lenient::{
    AbilitiesShape, Accept, AnyValue, ExactDaysShape, Loose, Shape, as_sent, count, date,
    days_code, flag, group_status, id, int, lesson_time, link, plugin_type, read, skip_list,
    skip_value, text, text_or_empty, timestamp,
};
use crate::{Branch, Company, Course, Group, Installation, Links, Me, Pagination, Plugin};
use crate::{SentText, WrittenBack};

/// A model type decoded from the keys of a JSON object.
/// An object with no known key decodes to the record's `Default`.
pub trait Record: Default {
    /// How the record is named in an error ("a group object").
    const EXPECTED: &'static str;
    /// Reads the value of `key` into its field; skips a key it does not know.
    fn read_field<'de, A: MapAccess<'de>>(
        &mut self,
        key: &str,
        map: &mut A,
    ) -> Result<(), A::Error>;
}

/// A record read from an object.
pub struct RecordRead<T> {
    pub record: T,
    /// Whether the object had no key at all (`{}`).
    pub empty: bool,
}

/// The [`Shape`] of a record: any object is one; any other value is
/// `Err(what it is)`.
#[derive(Default)]
pub struct RecordShape<T>(PhantomData<T>);

impl<'de, T: Record> Shape<'de> for RecordShape<T> {
    type Output = Result<RecordRead<T>, &'static str>;

    fn object<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Output, A::Error> {
        let mut record = T::default();
        let mut empty = true;
        while let Some(key) = map.next_key_seed(Accept(AnyValue))? {
            empty = false;
            match key {
                Loose::Text(key) => record.read_field(&key, &mut map)?,
                // JSON keys are always strings; other formats may differ.
                _ => skip_value(&mut map)?,
            }
        }
        Ok(Ok(RecordRead { record, empty }))
    }

    fn list<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Output, A::Error> {
        skip_list(seq).map(Err)
    }

    fn scalar<E: de::Error>(self, value: Loose<'de>) -> Result<Self::Output, E> {
        Ok(Err(value.kind()))
    }
}

/// Reads the next map value as a record (`None` when it is not an object).
fn read_record<'de, T: Record, A: MapAccess<'de>>(
    map: &mut A,
) -> Result<Option<RecordRead<T>>, A::Error> {
    Ok(map
        .next_value_seed(Accept(RecordShape::<T>::default()))?
        .ok())
}

/// Reads the next map value as a nested record, if it is an object.
pub fn nested<'de, T: Record, A: MapAccess<'de>>(map: &mut A) -> Result<Option<T>, A::Error> {
    Ok(read_record::<T, A>(map)?.map(|found| found.record))
}

/// `Deserialize` for a record: an object is required, its fields are tolerant.
fn deserialize_record<'de, T: Record, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<T, D::Error> {
    match deserializer.deserialize_map(Accept(RecordShape::<T>::default()))? {
        Ok(found) => Ok(found.record),
        Err(_) => Err(de::Error::custom(format_args!("expected {}", T::EXPECTED))),
    }
}

macro_rules! deserialize_records {
    ($($record:ty),* $(,)?) => {$(
        /// Tolerant: see the `decode` module.
        impl<'de> Deserialize<'de> for $record {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                deserialize_record(deserializer)
            }
        }
    )*};
}

deserialize_records!(
    Plugin,
    Installation,
    Group,
    Course,
    Pagination,
    Links,
    Branch,
    Me,
    Company
);

impl Record for Installation {
    const EXPECTED: &'static str = "an installation object";

    fn read_field<'de, A: MapAccess<'de>>(
        &mut self,
        key: &str,
        map: &mut A,
    ) -> Result<(), A::Error> {
        match key {
            "id" => self.id = read(map, id)?,
            "plugin_id" => self.plugin_id = read(map, int)?,
            "user_id" => self.user_id = read(map, int)?,
            "token" => self.token = read(map, text)?,
            "created_at" => self.created_at = read(map, timestamp)?,
            "updated_at" => self.updated_at = read(map, timestamp)?,
            _ => skip_value(map)?,
        }
        Ok(())
    }
}

impl Record for Plugin {
    const EXPECTED: &'static str = "a plugin object";

    fn read_field<'de, A: MapAccess<'de>>(
        &mut self,
        key: &str,
        map: &mut A,
    ) -> Result<(), A::Error> {
        match key {
            "id" => self.id = read(map, id)?,
            "name" => self.name = read(map, text_or_empty)?,
            "type" => self.plugin_type = read(map, plugin_type)?,
            "description" => self.description = read(map, text_or_empty)?,
            "logo" => self.logo = read(map, text)?,
            "background_image" => self.background_image = read(map, text)?,
            "url" => self.url = read(map, text)?,
            "abilities" => self.abilities = map.next_value_seed(Accept(AbilitiesShape))?,
            "created_at" => self.created_at = read(map, timestamp)?,
            "updated_at" => self.updated_at = read(map, timestamp)?,
            // Every "not installed" form (`null`, `[]`, `{}`) is `None`.
            "user" => {
                self.user = read_record::<Installation, A>(map)?
                    .filter(|found| !found.empty)
                    .map(|found| found.record)
            }
            _ => skip_value(map)?,
        }
        Ok(())
    }
}

impl Record for Course {
    const EXPECTED: &'static str = "a course object";

    fn read_field<'de, A: MapAccess<'de>>(
        &mut self,
        key: &str,
        map: &mut A,
    ) -> Result<(), A::Error> {
        match key {
            "id" => self.id = read(map, id)?,
            "name" => self.name = read(map, text_or_empty)?,
            "image" => self.image = read(map, text)?,
            "description" => self.description = read(map, text)?,
            "lesson_duration" => self.lesson_duration = read(map, int)?,
            "course_duration" => self.course_duration = read(map, int)?,
            "is_enabled" => self.is_enabled = read(map, flag)?,
            "parent_id" => self.parent_id = read(map, int)?,
            "price" => self.price = read(map, int)?,
            "company_id" => self.company_id = read(map, int)?,
            "type" => self.course_type = read(map, int)?,
            "lessons_per_module" => self.lessons_per_module = read(map, int)?,
            "created_at" => self.created_at = read(map, timestamp)?,
            "updated_at" => self.updated_at = read(map, timestamp)?,
            "created_by" => self.created_by = read(map, int)?,
            "updated_by" => self.updated_by = read(map, int)?,
            "deleted_at" => self.deleted_at = read(map, timestamp)?,
            "deleted_by" => self.deleted_by = read(map, int)?,
            "short_name" => self.short_name = read(map, text)?,
            _ => skip_value(map)?,
        }
        Ok(())
    }
}

impl Record for Group {
    const EXPECTED: &'static str = "a group object";

    fn read_field<'de, A: MapAccess<'de>>(
        &mut self,
        key: &str,
        map: &mut A,
    ) -> Result<(), A::Error> {
        match key {
            "id" => self.id = read_sent(map, "id", |v| Some(id(v)), &mut self.sent)?.unwrap_or(0),
            "company_group_number" => {
                self.company_group_number =
                    read_sent(map, "company_group_number", int, &mut self.sent)?
            }
            "name" => self.name = read(map, text_or_empty)?,
            "days" => self.days = read(map, days_code)?,
            "exact_days" => self.exact_days = map.next_value_seed(Accept(ExactDaysShape))?,
            "lesson_start_time" => {
                self.lesson_start_time =
                    read_sent(map, "lesson_start_time", lesson_time, &mut self.sent)?
            }
            "lesson_end_time" => {
                self.lesson_end_time =
                    read_sent(map, "lesson_end_time", lesson_time, &mut self.sent)?
            }
            "status" => self.status = read(map, group_status)?,
            "type" => self.group_type = read_sent(map, "type", int, &mut self.sent)?,
            "is_corporate" => self.is_corporate = read(map, flag)?,
            // Meaning not published: any value but null is kept as sent.
            "salary_for_corporate" => self.salary_for_corporate = read(map, as_sent)?.map(Box::new),
            "write_off" => self.write_off = read(map, as_sent)?.map(Box::new),
            "last_write_off_date" => {
                self.last_write_off_date =
                    read_sent(map, "last_write_off_date", date, &mut self.sent)?
            }
            "next_write_off_date" => {
                self.next_write_off_date =
                    read_sent(map, "next_write_off_date", date, &mut self.sent)?
            }
            "course_id" => self.course_id = read_sent(map, "course_id", int, &mut self.sent)?,
            "branch_id" => self.branch_id = read_sent(map, "branch_id", int, &mut self.sent)?,
            "selection_start_date" => {
                self.selection_start_date =
                    read_sent(map, "selection_start_date", date, &mut self.sent)?
            }
            "selection_end_date" => {
                self.selection_end_date =
                    read_sent(map, "selection_end_date", date, &mut self.sent)?
            }
            "group_start_date" => {
                self.group_start_date = read_sent(map, "group_start_date", date, &mut self.sent)?
            }
            "group_end_date" => {
                self.group_end_date = read_sent(map, "group_end_date", date, &mut self.sent)?
            }
            "created_at" => {
                self.created_at = read_sent(map, "created_at", timestamp, &mut self.sent)?
            }
            "updated_at" => {
                self.updated_at = read_sent(map, "updated_at", timestamp, &mut self.sent)?
            }
            "created_by" => self.created_by = read_sent(map, "created_by", int, &mut self.sent)?,
            "updated_by" => self.updated_by = read_sent(map, "updated_by", int, &mut self.sent)?,
            "deleted_at" => {
                self.deleted_at = read_sent(map, "deleted_at", timestamp, &mut self.sent)?
            }
            "deleted_by" => self.deleted_by = read_sent(map, "deleted_by", int, &mut self.sent)?,
            "comment" => self.comment = read(map, text)?,
            "course" => self.course = nested(map)?.map(Arc::new),
            _ => skip_value(map)?,
        }
        Ok(())
    }
}

/// Reads a field with [`read`], keeping its text in `sent` when it is not
/// the form the field is written back in: a time in another form, a
/// number sent as text (`"id": "12"` is written back `"12"`).
fn read_sent<'de, A: MapAccess<'de>, T: WrittenBack>(
    map: &mut A,
    key: &'static str,
    convert: impl FnOnce(Loose<'de>) -> Option<T>,
    sent: &mut SentText,
) -> Result<Option<T>, A::Error> {
    let value = map.next_value_seed(Accept(AnyValue))?;
    let text = match &value {
        Loose::Text(text) => Some(text.clone()),
        _ => None,
    };
    let field = convert(value);
    match (text, &field) {
        (Some(text), Some(field)) => sent.keep(key, &text, field),
        // A key sent twice: nothing of the first stays (the last wins).
        _ => sent.forget(key),
    }
    Ok(field)
}

impl Record for Links {
    const EXPECTED: &'static str = "a links object";

    fn read_field<'de, A: MapAccess<'de>>(
        &mut self,
        key: &str,
        map: &mut A,
    ) -> Result<(), A::Error> {
        match key {
            "next" => self.next = read(map, link)?,
            "previous" | "prev" => self.previous = read(map, link)?,
            _ => skip_value(map)?,
        }
        Ok(())
    }
}

impl Record for Pagination {
    const EXPECTED: &'static str = "a pagination object";

    /// The published keys are camelCase; snake_case twins are accepted too.
    fn read_field<'de, A: MapAccess<'de>>(
        &mut self,
        key: &str,
        map: &mut A,
    ) -> Result<(), A::Error> {
        match key {
            "count" => self.count = read(map, count)?,
            "total" => self.total = read(map, count)?,
            "perPage" | "per_page" => self.per_page = read(map, count)?,
            "currentPage" | "current_page" => self.current_page = read(map, count)?,
            "totalPages" | "total_pages" => self.total_pages = read(map, count)?,
            "links" => self.links = nested(map)?.unwrap_or_default(),
            _ => skip_value(map)?,
        }
        Ok(())
    }
}

impl Record for Branch {
    const EXPECTED: &'static str = "a branch object";

    fn read_field<'de, A: MapAccess<'de>>(
        &mut self,
        key: &str,
        map: &mut A,
    ) -> Result<(), A::Error> {
        match key {
            "id" => self.id = read(map, id)?,
            "name" => self.name = read(map, text_or_empty)?,
            _ => skip_value(map)?,
        }
        Ok(())
    }
}

impl Record for Me {
    const EXPECTED: &'static str = "a user object";

    fn read_field<'de, A: MapAccess<'de>>(
        &mut self,
        key: &str,
        map: &mut A,
    ) -> Result<(), A::Error> {
        match key {
            "id" => self.user_id = read(map, int)?,
            "company" => self.company = nested(map)?,
            "timezone" | "time_zone" | "timeZone" => self.timezone = read(map, text)?,
            _ => skip_value(map)?,
        }
        Ok(())
    }
}

impl Record for Company {
    const EXPECTED: &'static str = "a company object";

    fn read_field<'de, A: MapAccess<'de>>(
        &mut self,
        key: &str,
        map: &mut A,
    ) -> Result<(), A::Error> {
        match key {
            "id" => self.id = read(map, int)?,
            "name" => self.name = read(map, text)?,
            "timezone" | "time_zone" | "timeZone" => self.timezone = read(map, text)?,
            _ => skip_value(map)?,
        }
        Ok(())
    }
}

//! A change since a baseline in words, for the dashboard (issue 28): its
//! mark, the heading of its kind, the group it concerns, and each field
//! that differs as `old → new` (times `HH:MM` in the centre's zone, as the
//! digests hold them; lesson days by name; dates with their weekday).

use super::Language;
use super::weekday::{NameStyle, day_name, format_days};
use crate::domain::changes::{Field, Fields, Kind};
use crate::domain::digest::{Digest, Status};
use crate::sanitize::sanitize_line;
use chrono::{Datelike, NaiveDate};

/// The mark of a row that differs from the baseline, one column wide and
/// plain ASCII: `+` new, `~` changed, `A` archived, `-` gone.
pub fn mark(kind: Kind) -> &'static str {
    match kind {
        Kind::New => "+",
        Kind::Changed => "~",
        Kind::Archived => "A",
        Kind::Gone => "-",
    }
}

/// The heading of a kind's changes: "New", "Changed", "Archived", "Gone".
pub fn heading(kind: Kind) -> &'static str {
    match kind {
        Kind::New => "New",
        Kind::Changed => "Changed",
        Kind::Archived => "Archived",
        Kind::Gone => "Gone",
    }
}

/// A centre day for people: `Thu 26 Nov` (the weekday by name).
pub fn day(date: NaiveDate, language: Language) -> String {
    let name = day_name(date.weekday(), language, NameStyle::Short);
    format!("{name} {}", date.format("%-d %b"))
}

/// The baseline's day as the header counts against it: `Thu`, or the date
/// when it is more than 6 days before `today` (`2026-11-02`).
pub fn day_short(date: NaiveDate, today: NaiveDate, language: Language) -> String {
    if (today - date).num_days() <= 6 {
        day_name(date.weekday(), language, NameStyle::Short).to_owned()
    } else {
        date.format("%Y-%m-%d").to_string()
    }
}

/// The group a change concerns: `No 12 IELTS evening`, `#4021 IELTS` (its
/// id when it has no number), the name made safe for a terminal.
pub fn group(digest: &Digest) -> String {
    let name = sanitize_line(&digest.name);
    match digest.number.get() {
        Some(number) => format!("No {number} {name}"),
        None => format!("#{} {name}", digest.id),
    }
}

/// A field's name as a change line says it.
pub fn field_name(field: Field) -> &'static str {
    match field {
        Field::Number => "number",
        Field::Name => "name",
        Field::Course => "course",
        Field::Days => "days",
        Field::Start => "start",
        Field::End => "end",
        Field::Status => "status",
        Field::Branch => "branch",
        Field::StartsOn => "starts",
        Field::EndsOn => "ends",
        Field::Rest => "other fields",
    }
}

/// `field`'s value in `digest`, for people (`—` for none); a branch by
/// the name `branch` gives, else its id.
pub fn value(
    field: Field,
    digest: &Digest,
    language: Language,
    branch: &dyn Fn(i64) -> Option<String>,
) -> String {
    const NONE: &str = "—";
    let minute = |minute: Option<u16>| {
        minute.map_or(NONE.to_owned(), |m| format!("{:02}:{:02}", m / 60, m % 60))
    };
    let date = |date: Option<NaiveDate>| date.map_or(NONE.to_owned(), |d| day(d, language));
    match field {
        Field::Number => digest
            .number
            .get()
            .map_or(NONE.to_owned(), |n| n.to_string()),
        Field::Name => sanitize_line(&digest.name).into_owned(),
        Field::Course => match (&digest.course, digest.course_id.get()) {
            (Some(name), _) => sanitize_line(name).into_owned(),
            (None, Some(id)) => format!("#{id}"),
            (None, None) => NONE.to_owned(),
        },
        Field::Days => {
            let days: Vec<_> = digest.days.iter().collect();
            if days.is_empty() {
                NONE.to_owned()
            } else {
                format_days(&days, language, NameStyle::Short)
            }
        }
        Field::Start => minute(digest.start),
        Field::End => minute(digest.end),
        Field::Status => match digest.status {
            Status::Active => "active",
            Status::Archive => "archived",
            Status::Other => "other",
        }
        .to_owned(),
        Field::Branch => digest.branch.get().map_or(NONE.to_owned(), |id| {
            branch(id).map_or_else(
                || format!("#{id}"),
                |name| sanitize_line(&name).into_owned(),
            )
        }),
        Field::StartsOn => date(digest.starts_on),
        Field::EndsOn => date(digest.ends_on),
        Field::Rest => "changed".to_owned(),
    }
}

/// Each field of `fields` as `start 15:00 → 16:00` (`other fields changed`
/// for the hash of the rest).
pub fn differences(
    fields: Fields,
    before: &Digest,
    after: &Digest,
    language: Language,
    branch: &dyn Fn(i64) -> Option<String>,
) -> Vec<String> {
    fields
        .iter()
        .map(|field| {
            let name = field_name(field);
            if field == Field::Rest {
                return format!("{name} changed");
            }
            let old = value(field, before, language, branch);
            let new = value(field, after, language, branch);
            format!("{name} {old} → {new}")
        })
        .collect()
}

/// What a line of a new or gone group says of it: its days and times, its
/// course (`Mon Wed Fri 15:00–16:30 · IELTS`).
pub fn summary(digest: &Digest, language: Language) -> String {
    let none = &|_| None;
    let days = value(Field::Days, digest, language, none);
    let times = match (digest.start, digest.end) {
        (None, None) => String::new(),
        _ => format!(
            " {}–{}",
            value(Field::Start, digest, language, none),
            value(Field::End, digest, language, none)
        ),
    };
    let course = value(Field::Course, digest, language, none);
    format!("{days}{times} · {course}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::digest::Days;
    use chrono::Weekday;

    fn digest() -> Digest {
        Digest {
            id: 4021,
            number: Some(12).into(),
            name: "IELTS evening".into(),
            course_id: Some(3).into(),
            course: Some("IELTS".into()),
            days: Days::of([Weekday::Mon, Weekday::Wed]),
            start: Some(15 * 60),
            end: Some(16 * 60 + 30),
            status: Status::Active,
            branch: Some(2).into(),
            starts_on: None,
            ends_on: None,
            rest: 0,
        }
    }

    #[test]
    fn a_change_says_old_and_new_with_times_and_day_names() {
        let before = digest();
        let mut after = digest();
        after.start = Some(16 * 60);
        after.days = Days::of([Weekday::Tue, Weekday::Thu]);
        after.branch = Some(7).into();
        after.rest = 1;
        let fields = before.differences(&after);
        let branch = |id: i64| (id == 7).then(|| "Yunusobod".to_owned());
        let said = differences(fields, &before, &after, Language::En, &branch);
        assert_eq!(
            said,
            [
                "days Mon Wed → Tue Thu",
                "start 15:00 → 16:00",
                "branch #2 → Yunusobod",
                "other fields changed"
            ]
        );
        assert_eq!(group(&before), "No 12 IELTS evening");
        assert_eq!(
            summary(&before, Language::En),
            "Mon Wed 15:00–16:30 · IELTS"
        );
    }

    #[test]
    fn days_are_named() {
        let thursday = NaiveDate::from_ymd_opt(2026, 11, 26).unwrap();
        assert_eq!(day(thursday, Language::En), "Thu 26 Nov");
        let today = NaiveDate::from_ymd_opt(2026, 11, 27).unwrap();
        assert_eq!(day_short(thursday, today, Language::En), "Thu");
        let long_ago = NaiveDate::from_ymd_opt(2026, 11, 2).unwrap();
        assert_eq!(day_short(long_ago, today, Language::En), "2026-11-02");
    }
}

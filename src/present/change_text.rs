//! A change since a baseline in words, for the dashboard (issue 28): its
//! mark, the heading of its kind, the group it concerns, and each field
//! that differs as `old → new` (times `HH:MM` in the centre's zone, as the
//! digests hold them; lesson days by name; dates with their weekday).

use super::Language;
pub use super::columns::changes::field_name;
use super::columns::changes::{ChangeFormat, field_text, field_word};
use super::weekday::{NameStyle, day_name};
use crate::domain::changes::{Field, Fields, Kind};
use crate::domain::digest::Digest;
use crate::i18n::{Phrase, fill};
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

/// The heading of a kind's changes in `language` (the Changes tab's
/// sections): "New", "Changed", "Archived", "Gone" in English.
pub fn heading(kind: Kind, language: Language) -> &'static str {
    let phrase = match kind {
        Kind::New => Phrase::ChangeNew,
        Kind::Changed => Phrase::ChangeChanged,
        Kind::Archived => Phrase::ChangeArchived,
        Kind::Gone => Phrase::ChangeGone,
    };
    phrase.get(language)
}

/// A centre day for people: `Thu 26 Nov` (the weekday by name), and as
/// staff write it in Russian and Uzbek, day and month in digits (no
/// month's name to decline): `чт 26.11`, `Pa 26.11`, `Па 26.11`.
pub fn day(date: NaiveDate, language: Language) -> String {
    let name = day_name(date.weekday(), language, NameStyle::Short);
    let day_month = match language {
        Language::En => date.format("%-d %b"),
        Language::Ru | Language::Uz | Language::UzCyrl => date.format("%d.%m"),
    };
    format!("{name} {day_month}")
}

/// The baseline's day as the header counts against it: `Thu`, or the date
/// when it is more than 6 days before `today` (`2026-11-02`, `02.11.2026`).
pub fn day_short(date: NaiveDate, today: NaiveDate, language: Language) -> String {
    if (today - date).num_days() <= 6 {
        day_name(date.weekday(), language, NameStyle::Short).to_owned()
    } else {
        crate::i18n::date(language, date)
    }
}

/// The group a change concerns: `No 12 IELTS evening` (`№ 12 …` in
/// Russian and Uzbek), `#4021 IELTS` (its id when it has no number), the
/// name made safe for a terminal.
pub fn group(digest: &Digest, language: Language) -> String {
    let name = sanitize_line(&digest.name);
    match digest.number.get() {
        Some(number) => fill::date_group_number(language, number, name),
        None => format!("#{} {name}", digest.id),
    }
}

/// `field`'s value in `digest` as a change line shows it: the command
/// line's words ([`field_text`]: times `HH:MM` in the centre's zone, days
/// by name, a branch by name), made safe for a terminal.
pub fn value(field: Field, digest: &Digest, format: &ChangeFormat) -> String {
    let text = sanitize_line(&field_text(digest, field, format)).into_owned();
    // A status in the language shown, as the Groups tab's cell says it.
    match super::words::value(field_word(field), &text, format.language) {
        Some(word) => word.to_owned(),
        None => text,
    }
}

/// The order a change's fields are said in: when the lesson moves, the
/// front desk looks for its days and times, and a line cut at 80 columns
/// keeps its start; a name (which often holds the time) after them.
const SAID_FIRST: [Field; 11] = [
    Field::Days,
    Field::Start,
    Field::End,
    Field::Status,
    Field::Branch,
    Field::Course,
    Field::StartsOn,
    Field::EndsOn,
    Field::Number,
    Field::Name,
    Field::Rest,
];

/// Each field of `fields` as `start 15:00 → 16:00` (`other fields changed`
/// for the hash of the rest), the lesson's days and times first.
pub fn differences(
    fields: Fields,
    before: &Digest,
    after: &Digest,
    format: &ChangeFormat,
) -> Vec<String> {
    SAID_FIRST
        .into_iter()
        .filter(|field| fields.contains(*field))
        .map(|field| {
            let name = field_name(field, format.language);
            if field == Field::Rest {
                return fill::changes_field_changed(format.language, name);
            }
            let old = value(field, before, format);
            let new = value(field, after, format);
            format!("{name} {old} → {new}")
        })
        .collect()
}

/// What a line of a new or gone group says of it: its days and times, its
/// course (`Mon Wed Fri 15:00–16:30 · IELTS`).
pub fn summary(digest: &Digest, format: &ChangeFormat) -> String {
    let days = value(Field::Days, digest, format);
    let times = match (digest.start, digest.end) {
        (None, None) => String::new(),
        _ => format!(
            " {}–{}",
            value(Field::Start, digest, format),
            value(Field::End, digest, format)
        ),
    };
    let course = value(Field::Course, digest, format);
    format!("{days}{times} · {course}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::digest::{Days, Status};
    use crate::present::columns::BranchNames;
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
        after.name = "IELTS 16:00".into();
        after.start = Some(16 * 60);
        after.days = Days::of([Weekday::Tue, Weekday::Thu]);
        after.branch = Some(7).into();
        after.rest = 1;
        let fields = before.differences(&after);
        let branches = BranchNames::from([(7, "Yunusobod".to_owned())]);
        let format = ChangeFormat {
            language: Language::En,
            branches: &branches,
        };
        let said = differences(fields, &before, &after, &format);
        assert_eq!(
            said,
            [
                "days Mon Wed → Tue Thu",
                "start 15:00 → 16:00",
                "branch #2 → Yunusobod",
                "name IELTS evening → IELTS 16:00",
                "other fields changed"
            ],
            "the lesson's days and times first, the name after"
        );
        assert_eq!(group(&before, Language::En), "No 12 IELTS evening");
        assert_eq!(summary(&before, &format), "Mon Wed 15:00–16:30 · IELTS");
    }

    #[test]
    fn every_field_is_said() {
        for field in Field::ALL {
            let times = SAID_FIRST.iter().filter(|said| **said == field).count();
            assert_eq!(times, 1, "{field:?}");
        }
    }

    #[test]
    fn days_are_named() {
        let thursday = NaiveDate::from_ymd_opt(2026, 11, 26).unwrap();
        assert_eq!(day(thursday, Language::En), "Thu 26 Nov");
        let today = NaiveDate::from_ymd_opt(2026, 11, 27).unwrap();
        assert_eq!(day_short(thursday, today, Language::En), "Thu");
        let long_ago = NaiveDate::from_ymd_opt(2026, 11, 2).unwrap();
        assert_eq!(day_short(long_ago, today, Language::En), "2026-11-02");
        // As staff write them: no English month, the date in digits.
        assert_eq!(day(thursday, Language::Ru), "чт 26.11");
        assert_eq!(day(thursday, Language::Uz), "Pa 26.11");
        assert_eq!(day(thursday, Language::UzCyrl), "Па 26.11");
        assert_eq!(day_short(thursday, today, Language::Ru), "чт");
        assert_eq!(day_short(long_ago, today, Language::Ru), "02.11.2026");
    }

    #[test]
    fn a_group_is_named_by_its_number_in_the_language() {
        assert_eq!(group(&digest(), Language::Ru), "№ 12 IELTS evening");
        assert_eq!(group(&digest(), Language::UzCyrl), "№ 12 IELTS evening");
        let unnumbered = Digest {
            number: Option::<i64>::None.into(),
            ..digest()
        };
        assert_eq!(group(&unnumbered, Language::Ru), "#4021 IELTS evening");
    }
}

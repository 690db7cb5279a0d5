//! A change since the baseline as rows (issue 28): `crmdeck changes` as a
//! table, CSV or JSON. A changed group is a row per field that differs,
//! its old and new values as a person reads them (times in the centre's
//! zone, days by name, a branch by name); a new or gone group is one row.

use super::{BranchNames, Column};
use crate::domain::changes::{Comparison, Field, Kind};
use crate::domain::clock::format_minute;
use crate::domain::digest::{Digest, Status};
use crate::i18n::{Phrase, date};
use crate::present::Language;
use crate::present::format::NONE;
use crate::present::weekday::{NameStyle, format_days};

/// One row: a group's change, or one field of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChangeRow {
    pub kind: Kind,
    pub id: i64,
    pub number: Option<i64>,
    /// The group's name now (its last name for a gone group).
    pub name: String,
    /// None for a new or gone group.
    pub field: Option<Field>,
    /// The language the field's name and the values are said in (English
    /// for scripts).
    pub language: Language,
    pub old: String,
    pub new: String,
    /// The group's branch, days and lesson times now (as it was last, for
    /// a gone group), as in `groups --format csv`.
    pub branch: String,
    pub weekdays: String,
    pub start: String,
    pub end: String,
}

/// How the values read: the day names' language and the branches' names.
pub struct ChangeFormat<'a> {
    pub language: Language,
    pub branches: &'a BranchNames,
}

/// The columns of a change, left to right.
pub static COLUMNS: &[Column<ChangeRow, ()>] = &[
    Column::print_only("Kind", "kind", |row, _| row.kind.key().to_string()),
    Column::print_number("Id", "group_id", |row, _| row.id.to_string()),
    Column::print_number("Number", "number", |row, _| {
        row.number.map_or_else(String::new, |n| n.to_string())
    }),
    Column::print_only("Name", "name", |row, _| row.name.clone()),
    Column::print_only("Field", "field", |row, _| {
        (row.field)
            .map_or("", |field| field_name(field, row.language))
            .to_string()
    }),
    Column::print_only("Old", "old", |row, _| row.old.clone()),
    Column::print_only("New", "new", |row, _| row.new.clone()),
    // The group's own, on every row: a new or gone group has no field.
    Column::print_only("Branch", "branch_name", |row, _| row.branch.clone()),
    Column::print_only("Weekdays", "weekdays", |row, _| row.weekdays.clone()),
    Column::print_only("Start", "start", |row, _| row.start.clone()),
    Column::print_only("End", "end", |row, _| row.end.clone()),
];

/// A field's name for people.
pub fn field_word(field: Field) -> &'static str {
    match field {
        Field::Number => "number",
        Field::Name => "name",
        Field::Course => "course",
        Field::Days => "days",
        Field::Start => "start",
        Field::End => "end",
        Field::Status => "status",
        Field::Branch => "branch",
        Field::StartsOn => "start date",
        Field::EndsOn => "end date",
        Field::Rest => "other fields",
    }
}

/// A field's name in `language`, as a change line and the command line's
/// table say it ([`field_word`]'s English for scripts).
pub fn field_name(field: Field, language: Language) -> &'static str {
    match field {
        Field::Number => Phrase::FieldNumber,
        Field::Name => Phrase::FieldName,
        Field::Course => Phrase::FieldCourse,
        Field::Days => Phrase::FieldDays,
        Field::Start => Phrase::FieldStart,
        Field::End => Phrase::FieldEnd,
        Field::Status => Phrase::FieldStatus,
        Field::Branch => Phrase::FieldBranch,
        Field::StartsOn => Phrase::FieldStartDate,
        Field::EndsOn => Phrase::FieldEndDate,
        Field::Rest => Phrase::FieldOther,
    }
    .get(language)
}

/// `field` of `digest` as a person reads it (a date as staff write it in
/// `format`'s language); [`NONE`] when not set.
pub fn field_text(digest: &Digest, field: Field, format: &ChangeFormat) -> String {
    let or_none = |text: Option<String>| text.unwrap_or_else(|| NONE.to_string());
    let minute = |minute: Option<u16>| minute.map(format_minute);
    match field {
        Field::Number => or_none(digest.number.get().map(|n| n.to_string())),
        Field::Name => digest.name.to_string(),
        Field::Course => match (&digest.course, digest.course_id.get()) {
            (Some(name), _) => name.to_string(),
            (None, id) => or_none(id.map(|id| format!("#{id}"))),
        },
        Field::Days => {
            let days: Vec<_> = digest.days.iter().collect();
            or_none(
                (!days.is_empty()).then(|| format_days(&days, format.language, NameStyle::Short)),
            )
        }
        Field::Start => or_none(minute(digest.start)),
        Field::End => or_none(minute(digest.end)),
        Field::Status => match digest.status {
            Status::Active => "Active",
            Status::Archive => "Archive",
            Status::Other => "other",
        }
        .to_string(),
        Field::Branch => or_none(digest.branch.get().map(|id| {
            format
                .branches
                .get(&id)
                .cloned()
                .unwrap_or_else(|| format!("#{id}"))
        })),
        Field::StartsOn => or_none(digest.starts_on.map(|d| date(format.language, d))),
        Field::EndsOn => or_none(digest.ends_on.map(|d| date(format.language, d))),
        // Only its hash is kept: that it changed is all there is to say.
        Field::Rest => String::new(),
    }
}

/// The rows of `comparison` (of `baseline` to `now`) whose group `keep`
/// keeps: new, changed, archived, then gone, each by name.
pub fn rows(
    comparison: &Comparison,
    baseline: &[Digest],
    now: &[Digest],
    format: &ChangeFormat,
    keep: impl Fn(&Digest) -> bool,
) -> Vec<ChangeRow> {
    let mut rows = Vec::new();
    for change in &comparison.changes {
        let before = change.before.map(|at| &baseline[at]);
        let after = change.after.map(|at| &now[at]);
        let Some(group) = after.or(before) else {
            continue;
        };
        if !keep(group) {
            continue;
        }
        let own = |field| field_text(group, field, format);
        let row = |field: Option<Field>, old: String, new: String| ChangeRow {
            kind: change.kind,
            id: group.id,
            number: group.number.get(),
            name: group.name.to_string(),
            field,
            language: format.language,
            old,
            new,
            branch: own(Field::Branch),
            weekdays: own(Field::Days),
            start: own(Field::Start),
            end: own(Field::End),
        };
        match (before, after) {
            (Some(before), Some(after)) => rows.extend(change.fields.iter().map(|field| {
                let texts = [before, after].map(|digest| field_text(digest, field, format));
                let [old, new] = texts;
                row(Some(field), old, new)
            })),
            _ => rows.push(row(None, String::new(), String::new())),
        }
    }
    rows.sort_by(|a, b| (a.kind, &a.name, a.id).cmp(&(b.kind, &b.name, b.id)));
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::changes::compare;
    use crate::domain::digest::{Days, Digester};
    use crate::domain::test_groups::group;
    use crate::domain::zone::CENTRE_ZONE;
    use crate::model::DaysCode;
    use crate::present::columns::table::Table;
    use chrono::Weekday;

    #[test]
    fn a_changed_group_is_a_row_per_field_in_the_centres_words() {
        let mut digester = Digester::new(CENTRE_ZONE);
        let before = digester.digest(&group(7, DaysCode::MonWedFri, "15:00", "16:30"));
        let mut after = before.clone();
        after.start = Some(16 * 60);
        after.days = Days::of([Weekday::Tue, Weekday::Thu]);
        after.branch = Some(2).into();
        let gone = digester.digest(&group(9, DaysCode::Weekend, "10:00", "11:00"));
        let new = digester.digest(&group(3, DaysCode::EveryDay, "", ""));
        let baseline = [before, gone];
        let now = [new, after];
        let found = compare(&baseline, &now, true);
        let branches = BranchNames::from([(2, "Chilonzor".to_string())]);
        let format = ChangeFormat {
            language: Language::En,
            branches: &branches,
        };
        let rows = rows(&found, &baseline, &now, &format, |_| true);
        let table = Table::of(COLUMNS, &rows, &(), &BranchNames::new());
        assert_eq!(
            table.to_text(false),
            "KIND     ID  NUMBER  NAME     FIELD   OLD          NEW        BRANCH     \
             WEEKDAYS                     START  END\n\
             new      3   3       Group 3                                  —          \
             Mon Tue Wed Thu Fri Sat Sun  —      —\n\
             changed  7   7       Group 7  days    Mon Wed Fri  Tue Thu    Chilonzor  \
             Tue Thu                      16:00  16:30\n\
             changed  7   7       Group 7  start   15:00        16:00      Chilonzor  \
             Tue Thu                      16:00  16:30\n\
             changed  7   7       Group 7  branch  —            Chilonzor  Chilonzor  \
             Tue Thu                      16:00  16:30\n\
             gone     9   9       Group 9                                  —          \
             Sat Sun                      10:00  11:00\n"
        );
        // New and gone rows carry the group's branch, days and times; ids
        // and numbers are JSON numbers.
        let json: serde_json::Value = serde_json::from_str(&table.to_json()).unwrap();
        assert_eq!(json[0]["group_id"], 3);
        assert_eq!(json[0]["number"], 3);
        assert_eq!(json[4]["kind"], "gone");
        assert_eq!(json[4]["weekdays"], "Sat Sun");
        assert_eq!(
            (&json[4]["start"], &json[4]["end"]),
            (&"10:00".into(), &"11:00".into())
        );
        assert_eq!(json[1]["branch_name"], "Chilonzor");
        // A filter keeps the rows of the groups it keeps.
        let only = super::rows(&found, &baseline, &now, &format, |d| d.id == 9);
        assert_eq!(only.len(), 1);
        assert_eq!(only[0].kind, Kind::Gone);
    }

    /// The command line's table in Russian: a field by its name, a date
    /// as staff write it; for scripts (English) the field's key and ISO.
    #[test]
    fn a_changed_start_date_reads_in_the_language_and_iso_for_scripts() {
        let mut digester = Digester::new(CENTRE_ZONE);
        let before = digester.digest(&group(7, DaysCode::MonWedFri, "15:00", "16:30"));
        let mut after = before.clone();
        after.starts_on = chrono::NaiveDate::from_ymd_opt(2026, 11, 28);
        let (baseline, now) = ([before], [after]);
        let found = compare(&baseline, &now, true);
        let branches = BranchNames::new();
        let said = |language| {
            let format = ChangeFormat {
                language,
                branches: &branches,
            };
            let rows = rows(&found, &baseline, &now, &format, |_| true);
            let row = &rows[0];
            let field = COLUMNS[4].print_text(row, &(), &branches);
            (field, row.new.clone())
        };
        assert_eq!(
            said(Language::Ru),
            ("дата начала".to_owned(), "28.11.2026".to_owned())
        );
        assert_eq!(
            said(Language::En),
            ("start date".to_owned(), "2026-11-28".to_owned())
        );
    }
}

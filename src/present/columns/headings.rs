//! The heads of the command line's tables in the interface's language
//! (issue 36 §2), by the column's CSV name, which never changes: English
//! keeps the columns' own titles as they were; a column without a heading
//! here keeps its English title in every language (a test pins the tables
//! of `groups`, `today` and `timetable`). CSV keeps the names whatever the
//! language.

use crate::i18n::{Language, Phrase};

/// The phrase heading the column named `name` (its CSV name).
fn heading(name: &str) -> Option<Phrase> {
    Some(match name {
        "id" => Phrase::HeadingId,
        "number" => Phrase::HeadingNumber,
        "name" => Phrase::HeadingName,
        "course" => Phrase::HeadingCourse,
        "days" => Phrase::HeadingDays,
        "time" => Phrase::HeadingTime,
        "status" => Phrase::HeadingStatus,
        "branch" | "branch_name" => Phrase::HeadingBranch,
        "dates" => Phrase::HeadingDates,
        "course_start" => Phrase::HeadingCourseStart,
        "course_end" => Phrase::HeadingCourseEnd,
        "part" => Phrase::HeadingPart,
        "start" => Phrase::HeadingStart,
        "end" => Phrase::HeadingEnd,
        "when" => Phrase::HeadingWhen,
        "group_id" => Phrase::HeadingGroupId,
        "day" => Phrase::HeadingDay,
        "code" => Phrase::HeadingCode,
        "group_ids" => Phrase::HeadingGroupIds,
        "finding" => Phrase::HeadingFinding,
        "type" => Phrase::HeadingType,
        "installed" => Phrase::HeadingInstalled,
        "abilities" => Phrase::HeadingAbilities,
        "token" => Phrase::HeadingToken,
        // A centre of a fleet (issue 38, `columns/centres.rs`).
        "profile" => Phrase::HeadingProfile,
        "centre" => Phrase::HeadingCentre,
        "host" => Phrase::HeadingHost,
        "read_only" => Phrase::HeadingReadOnly,
        "latency_ms" => Phrase::HeadingLatency,
        "groups" => Phrase::HeadingGroups,
        "active_groups" => Phrase::HeadingActive,
        "in_class" => Phrase::HeadingInClass,
        "next_lesson" => Phrase::HeadingNextLesson,
        "snapshot_age_s" => Phrase::HeadingSnapshot,
        "plugins" => Phrase::HeadingPlugins,
        "token_expires_at" => Phrase::HeadingToken,
        "refreshed_at" => Phrase::HeadingRefreshed,
        // The keymap in use (`crmdeck keys`, `columns/keys.rs`).
        "where" => Phrase::ScreenHeadingWhere,
        "keys" => Phrase::ScreenHeadingKeys,
        "action" => Phrase::ScreenHeadingAction,
        "what_it_does" => Phrase::ScreenHeadingWhatItDoes,
        _ => return None,
    })
}

/// The head of the column whose English head is `head` (its title in
/// upper case) and whose CSV name is `name`, in `language`.
pub fn head(head: &str, name: &str, language: Language) -> String {
    match (language, heading(name)) {
        (Language::En, _) | (_, None) => head.to_string(),
        (_, Some(phrase)) => phrase.get(language).to_uppercase(),
    }
}

/// The dashboard's head of the column titled `title` (in English) and
/// named `name`, in `language`: a table's entry, no allocation per frame.
pub fn title(title: &'static str, name: &str, language: Language) -> &'static str {
    match (language, heading(name)) {
        (Language::En, _) | (_, None) => title,
        (_, Some(phrase)) => phrase.get(language),
    }
}

/// [`head`] of each column: `heads` their English heads, `names` their
/// CSV names.
pub fn heads(heads: &[String], names: &[&str], language: Language) -> Vec<String> {
    (heads.iter().zip(names))
        .map(|(english, name)| head(english, name, language))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::present::columns::{findings, groups, lessons, printed, today};

    #[test]
    fn english_keeps_the_titles_and_the_others_translate_them() {
        assert_eq!(head("NO", "number", Language::En), "NO");
        assert_eq!(head("NUMBER", "number", Language::En), "NUMBER");
        assert_eq!(head("DAYS", "days", Language::Ru), "ДНИ");
        assert_eq!(
            head("COURSE START", "course_start", Language::Uz),
            "KURS BOSHLANISHI"
        );
        assert_eq!(head("BRANCH", "branch_name", Language::UzCyrl), "ФИЛИАЛ");
        assert_eq!(head("WHATEVER", "not_a_column", Language::Ru), "WHATEVER");
        let english = ["NAME".to_string(), "X".to_string()];
        assert_eq!(
            heads(&english, &["name", "x"], Language::Ru),
            ["НАЗВАНИЕ", "X"]
        );
    }

    #[test]
    fn every_printed_column_of_the_clis_tables_has_a_heading() {
        let names: Vec<&str> = printed(groups::COLUMNS)
            .map(|c| c.name)
            .chain(printed(&today::columns()).map(|c| c.name))
            .chain(printed(&lessons::columns()).map(|c| c.name))
            .chain(printed(findings::COLUMNS).map(|c| c.name))
            .collect();
        assert!(names.len() > 15, "{names:?}");
        for name in names {
            assert!(heading(name).is_some(), "{name} has no heading");
        }
    }
}

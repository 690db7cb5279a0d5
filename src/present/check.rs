//! The timetable check's findings in words: one line per finding for
//! `crmdeck timetable --check`, and how many of each kind for the Week tab.

use chrono::{NaiveTime, TimeDelta};

use super::Language;
use super::format::join_fitting;
use super::timetable::{group_label, slot_times, unplaced_reason_in};
use super::weekday::{NameStyle, day_name};
use crate::domain::check::Finding;
use crate::domain::clock::format_clock;
use crate::domain::timetable::MINUTES_PER_DAY;
use crate::i18n::{Phrase, fill, plural};
use crate::model::Group;
use crate::sanitize::sanitize_line;

/// One line for people of `finding`, naming the group (or groups),
/// sanitised, in English: what JSON and CSV keep in every language.
pub fn describe(finding: &Finding, groups: &[Group]) -> String {
    describe_in(finding, groups, Language::En)
}

/// [`describe`] in `language` (`timetable --check`'s lines for people).
pub fn describe_in(finding: &Finding, groups: &[Group], language: Language) -> String {
    let label = |index: usize| group_label(&groups[index]);
    match finding {
        Finding::CannotPlace {
            group_index,
            reason,
        } => fill::check_cannot_place(
            language,
            label(*group_index),
            sanitize_line(&unplaced_reason_in(reason, language)),
        ),
        Finding::EndsBeforeStart { group_index, slot } => fill::check_ends_before_start(
            language,
            label(*group_index),
            format_clock(slot.start),
            format_clock(slot.end),
        ),
        Finding::PastMidnight { group_index, slot } => {
            fill::check_past_midnight(language, label(*group_index), slot_times(slot))
        }
        Finding::OutsideHours {
            group_index,
            slot,
            hours,
        } => fill::check_outside_hours(language, label(*group_index), hours, slot_times(slot)),
        Finding::Crowded(crowding) => {
            let branch = (crowding.branch_id).map_or_else(
                || Phrase::CheckNoBranch.get(language).to_owned(),
                |id| fill::check_branch_id(language, id),
            );
            let names: Vec<String> = (crowding.group_indices.iter())
                .map(|&index| label(index))
                .collect();
            plural::check_crowded(
                language,
                crowding.most as u64,
                day_name(crowding.day, language, NameStyle::Short),
                clock_text(crowding.from),
                clock_text(crowding.until),
                branch,
                crowding.max,
                names.join(", "),
            )
        }
    }
}

/// How many findings of each kind, for the Week tab's line: `"Check: 6
/// findings · 2 cannot be placed · 1 past midnight · 3 crowded"`, in
/// `language`, within `width` columns: the kinds that do not fit give way
/// to `…` whole, never a word cut; `None` when there are none.
pub fn summary(findings: &[Finding], width: usize, language: Language) -> Option<String> {
    if findings.is_empty() {
        return None;
    }
    let kinds = [
        "cannot_place",
        "ends_before_start",
        "past_midnight",
        "outside_hours",
        "crowded",
    ];
    let parts: Vec<String> = kinds
        .iter()
        .filter_map(|code| {
            let count = findings.iter().filter(|f| f.code() == *code).count();
            (count > 0).then(|| kind_count(code, count, language))
        })
        .collect();
    let count = plural::finding_count(language, findings.len() as u64);
    let total = fill::screen_check_total(language, count);
    Some(join_fitting(&total, &parts, " · ", width))
}

/// `count` findings of the kind `code`: `"2 cannot be placed"`.
fn kind_count(code: &str, count: usize, language: Language) -> String {
    match code {
        "cannot_place" => fill::screen_check_cannot_place(language, count),
        "ends_before_start" => fill::screen_check_ends_before_start(language, count),
        "past_midnight" => fill::screen_check_past_midnight(language, count),
        "outside_hours" => fill::screen_check_outside_hours(language, count),
        _ => fill::screen_check_crowded(language, count),
    }
}

/// `"16:00"`, and `"24:00"` for the end of the day.
fn clock_text(minute: u32) -> String {
    if minute >= MINUTES_PER_DAY {
        return "24:00".to_owned();
    }
    format_clock(NaiveTime::MIN + TimeDelta::minutes(i64::from(minute)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::check::{MaxParallel, check};
    use crate::domain::test_groups;
    use crate::domain::timetable::{WorkingHours, build_week};
    use crate::domain::zone::Zone;
    use crate::model::{DaysCode, LessonTime};
    use crate::present::format::display_width;
    use chrono::Weekday;
    use std::collections::BTreeMap;

    /// Group `id` of `branch`, named `G{id}`.
    fn group(id: i64, branch: i64, days: DaysCode, start: &str, end: &str) -> Group {
        Group {
            name: format!("G{id}"),
            branch_id: Some(branch),
            ..test_groups::group(id, days, start, end)
        }
    }

    /// Groups of branch 1 numbered 1, 2, … at weekends, one a lesson time each.
    fn at_weekends(times: &[&str]) -> Vec<Group> {
        let groups = test_groups::numbered(DaysCode::Weekend, times);
        let in_branch_1 = |group: Group| Group {
            name: format!("G{}", group.id),
            branch_id: Some(1),
            ..group
        };
        groups.into_iter().map(in_branch_1).collect()
    }

    fn lines(groups: &[Group], max: &MaxParallel) -> Vec<String> {
        let zone: Zone = "Europe/Berlin".parse().unwrap();
        let week = build_week(groups, &zone, false);
        check(&week, groups, WorkingHours::default(), max)
            .iter()
            .map(|finding| describe(finding, groups))
            .collect()
    }

    #[test]
    fn a_clean_timetable_has_no_finding() {
        let groups = vec![
            group(1, 1, DaysCode::MonWedFri, "08:00", "09:30"),
            group(2, 1, DaysCode::EveryDay, "19:30", "21:00"),
        ];
        let max = MaxParallel {
            every_branch: Some(1),
            ..MaxParallel::default()
        };
        assert_eq!(lines(&groups, &max), Vec::<String>::new());
        assert_eq!(summary(&[], 80, Language::En), None);
    }

    #[test]
    fn each_kind_of_finding_names_its_group_once() {
        let mut unreadable = group(5, 1, DaysCode::MonWedFri, "10:00", "11:00");
        unreadable.lesson_start_time = Some(LessonTime::Raw("noon-ish".into()));
        let groups = vec![
            group(1, 1, DaysCode::MonWedFri, "22:30", "01:00"),
            group(2, 1, DaysCode::TueThuSat, "10:00", "09:00"),
            group(3, 1, DaysCode::EveryDay, "07:00", "08:30"),
            group(4, 1, DaysCode::Other("9".into()), "10:00", "11:00"),
            unreadable,
            group(6, 1, DaysCode::Weekend, "20:00", "00:00"),
        ];
        assert_eq!(
            lines(&groups, &MaxParallel::default()),
            [
                "#4 G4: cannot be placed: days code 9 is not a known code",
                "#5 G5: cannot be placed: lesson time \"noon-ish\" is not a time",
                "#1 G1: runs past midnight (22:30–01:00+1)",
                "#1 G1: outside working hours 08:00–21:00 (22:30–01:00+1)",
                "#2 G2: ends before it starts (10:00–09:00)",
                "#2 G2: outside working hours 08:00–21:00 (10:00–09:00+1)",
                "#3 G3: outside working hours 08:00–21:00 (07:00–08:30)",
                "#6 G6: outside working hours 08:00–21:00 (20:00–00:00+1)",
            ]
        );
    }

    #[test]
    fn crowded_hours_per_branch_and_day_against_max_parallel() {
        let groups = vec![
            group(1, 1, DaysCode::MonWedFri, "10:00", "12:00"),
            group(2, 1, DaysCode::MonWedFri, "11:00", "12:30"),
            group(3, 1, DaysCode::Custom, "11:30", "13:00"),
            group(4, 1, DaysCode::MonWedFri, "12:30", "14:00"),
            // Another branch at the same time: counted apart.
            group(5, 2, DaysCode::MonWedFri, "11:00", "12:00"),
            group(6, 2, DaysCode::MonWedFri, "11:00", "12:00"),
        ];
        let mut groups = groups;
        groups[2].exact_days.days = vec![Weekday::Mon];
        let max = MaxParallel {
            every_branch: None,
            by_branch: BTreeMap::from([(1, 2)]),
        };
        assert_eq!(
            lines(&groups, &max),
            [
                "Mon 11:30–12:00, branch 1: 3 groups at once, more than max_parallel 2: #1 G1, #2 G2, #3 G3"
            ]
        );
        // A limit for every branch checks branch 2 too; branch 1's own wins.
        let max = MaxParallel {
            every_branch: Some(1),
            by_branch: BTreeMap::from([(1, 2)]),
        };
        let found = lines(&groups, &max);
        assert_eq!(found.len(), 1 + 3, "{found:#?}");
        assert!(
            found[1].starts_with("Mon 11:00–12:00, branch 2: 2 groups at once"),
            "{found:#?}"
        );
        assert!(
            found[2].starts_with("Wed 11:00–12:00, branch 2"),
            "{found:#?}"
        );
        assert_eq!(max.of(Some(1)), Some(2));
        assert_eq!(max.of(Some(7)), Some(1));
        assert_eq!(max.of(None), Some(1));
    }

    #[test]
    fn crowded_stretches_are_one_finding_per_clock_hour() {
        let groups = at_weekends(&["10:00-12:00", "10:00-11:00", "10:30-12:00", "11:00-11:30"]);
        let max = MaxParallel {
            every_branch: Some(2),
            ..MaxParallel::default()
        };
        let found = lines(&groups, &max);
        let saturday = [
            "Sat 10:30–11:00, branch 1: 3 groups at once, more than max_parallel 2: #2 G2, #1 G1, #3 G3",
            "Sat 11:00–11:30, branch 1: 3 groups at once, more than max_parallel 2: #1 G1, #3 G3, #4 G4",
        ];
        assert_eq!(found[..2], saturday);
        assert_eq!(found[2..], saturday.map(|line| line.replace("Sat", "Sun")));
        // Touching stretches within one hour are one finding, with the most at once.
        let times = [
            "10:00-11:00",
            "10:00-10:40",
            "10:20-10:40",
            "10:40-10:50",
            "10:40-10:50",
        ];
        let groups = at_weekends(&times);
        let found = lines(&groups, &max);
        assert_eq!(
            found[0],
            "Sat 10:20–10:50, branch 1: 3 groups at once, more than max_parallel 2: #2 G2, #1 G1, #3 G3, #4 G4, #5 G5"
        );
        assert_eq!(found.len(), 2);
    }

    #[test]
    fn the_summary_counts_each_kind() {
        let groups = vec![
            group(1, 1, DaysCode::MonWedFri, "22:30", "01:00"),
            group(2, 1, DaysCode::Other("".into()), "10:00", "11:00"),
        ];
        let zone: Zone = "UTC".parse().unwrap();
        let week = build_week(&groups, &zone, false);
        let findings = check(
            &week,
            &groups,
            WorkingHours::default(),
            &MaxParallel::default(),
        );
        let whole =
            "Check: 3 findings · 1 cannot be placed · 1 past midnight · 1 outside working hours";
        assert_eq!(
            summary(&findings, 200, Language::En).as_deref(),
            Some(whole)
        );
        assert_eq!(
            summary(&findings, display_width(whole), Language::En).as_deref(),
            Some(whole)
        );
        // Narrower: whole kinds give way, never a cut word.
        assert_eq!(
            summary(&findings, display_width(whole) - 1, Language::En).as_deref(),
            Some("Check: 3 findings · 1 cannot be placed · 1 past midnight · …")
        );
        assert_eq!(
            summary(&findings, 30, Language::En).as_deref(),
            Some("Check: 3 findings · …")
        );
        assert_eq!(
            summary(&findings, 5, Language::En).as_deref(),
            Some("Check: 3 findings · …")
        );
        // In the language shown: the counts' words and the findings' plural.
        assert_eq!(
            summary(&findings, 200, Language::Ru).as_deref(),
            Some(
                "Проверка: 3 замечания · не удаётся разместить: 1 · после полуночи: 1 · вне рабочих часов: 1"
            )
        );
        assert_eq!(
            summary(&findings[..1], 200, Language::UzCyrl).as_deref(),
            Some("Текширув: 1 та топилма · жойлаштириб бўлмайди: 1")
        );
        // A finding's line says why in the language shown too.
        let cannot = (findings.iter())
            .find(|finding| finding.code() == "cannot_place")
            .unwrap();
        assert_eq!(
            describe_in(cannot, &groups, Language::Ru),
            "#2 G2: не удаётся разместить: дни недели не переданы"
        );
    }
}

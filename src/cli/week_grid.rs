//! `crmdeck timetable`'s week as a plain-text grid for a terminal or a
//! file: days across, half hours down, overlapping lessons side by side in
//! their lanes (or counted when too narrow); then the groups that could not
//! be placed and the summary lines. The layout is `domain::timetable`'s,
//! the words `present::timetable`'s.

use std::collections::HashSet;

use crate::domain::clock::format_clock;
use crate::domain::timetable::{
    ROW_MINUTES, Slot, Week, WeekSummary, WorkingHours, clock_at, monday_to_sunday, summarize,
    visible_span,
};
use crate::i18n::{Phrase, fill, plural};
use crate::model::Group;
use crate::present::Language;
use crate::present::format::{display_width, pad_to_width, truncate_to_width};
use crate::present::timetable::{
    CONTINUES, free_hour_per_day, group_label, slot_line, unplaced_reason_in,
};
use crate::present::weekday::{NameStyle, day_name};
use crate::sanitize::sanitize_line;

/// A plain-text week for a terminal or a file, at most `width` columns wide
/// (wider only when even the narrowest day columns do not fit): days across,
/// half hours down; then the groups that could not be placed and the summary.
pub fn render_text(
    week: &Week,
    groups: &[Group],
    hours: WorkingHours,
    language: Language,
    width: usize,
) -> String {
    let day_width = day_column_width(width);
    let span = visible_span(week, hours);
    let mut out = String::new();
    let names = monday_to_sunday().map(|day| day_name(day, language, NameStyle::Short).to_owned());
    push_row(&mut out, "", names, day_width, COLUMN_RULE);
    push_row(
        &mut out,
        &RULE.repeat(TIME_AXIS_WIDTH),
        std::iter::repeat_n(RULE.repeat(day_width), 7),
        day_width,
        CROSSING,
    );
    let rows: Vec<u32> = span.step_by(ROW_MINUTES as usize).collect();
    let days: Vec<Vec<String>> = (week.days.iter())
        .map(|slots| day_cells(slots, (groups, language), &rows, day_width))
        .collect();
    for (at, &row) in rows.iter().enumerate() {
        let cells = days.iter().map(|cells| cells[at].clone());
        push_row(
            &mut out,
            &format_clock(clock_at(row)),
            cells,
            day_width,
            COLUMN_RULE,
        );
    }
    if !week.undecodable.is_empty() {
        out.push('\n');
        out.push_str(Phrase::ScreenNotPlaced.get(language));
        out.push('\n');
        for unplaced in &week.undecodable {
            let group = &groups[unplaced.group_index];
            let line = format!(
                "  {}: {}",
                group_label(group),
                unplaced_reason_in(&unplaced.reason, language)
            );
            out.push_str(&truncate_to_width(&sanitize_line(&line), width));
            out.push('\n');
        }
    }
    out.push('\n');
    out.push_str(&summary_text(
        &summarize(week, hours),
        week.hidden,
        hours,
        language,
        width,
    ));
    out
}

/// Columns of the time axis ("08:00").
const TIME_AXIS_WIDTH: usize = 5;
/// The narrowest a day column gets, however narrow the output.
const MIN_DAY_WIDTH: usize = 4;
/// The narrowest a lane gets; below it, overlapping lessons show as a count.
const MIN_LANE_WIDTH: usize = 6;
const COLUMN_RULE: char = '│';
const CROSSING: char = '┼';
const RULE: &str = "─";
const LANE_RULE: &str = "¦";

/// Each day column's width when the whole line is to fit in `width`.
fn day_column_width(width: usize) -> usize {
    // The time axis, then seven times a rule and a day.
    (width.saturating_sub(TIME_AXIS_WIDTH) / 7)
        .saturating_sub(1)
        .max(MIN_DAY_WIDTH)
}

/// One line of the grid: the time axis cell, then each day cell after `rule`.
fn push_row(
    out: &mut String,
    axis: &str,
    cells: impl Iterator<Item = String>,
    day_width: usize,
    rule: char,
) {
    let mut line = pad_to_width(axis, TIME_AXIS_WIDTH);
    for cell in cells {
        line.push(rule);
        line.push_str(&pad_to_width(&cell, day_width));
    }
    out.push_str(line.trim_end());
    out.push('\n');
}

/// The cells of one day, one for each of `rows`: each as [`day_cell`]
/// makes it, but where lessons crowd a cell too narrow for their lanes,
/// the whole run of rows those lessons hold together (each running on
/// from one row into the next) is a list of their groups: the count and
/// numbers (`3 groups: #120 #121…`), then each group by its start
/// (`14:00 #120 English B1`), and `+N` for those that do not fit. So no
/// lesson's own lines (its course, its times) mix with the others' count.
fn day_cells(
    slots: &[Slot],
    (groups, language): (&[Group], Language),
    rows: &[u32],
    width: usize,
) -> Vec<String> {
    let running = |row: u32| -> Vec<&Slot> {
        (slots.iter())
            .filter(|slot| slot.occupies(row..row + ROW_MINUTES))
            .collect()
    };
    let mut cells = Vec::with_capacity(rows.len());
    let mut at = 0;
    while at < rows.len() {
        let mut end = at + 1;
        while end < rows.len() {
            let next = rows[end]..rows[end] + ROW_MINUTES;
            if !running(rows[end - 1])
                .iter()
                .any(|slot| slot.occupies(next.clone()))
            {
                break;
            }
            end += 1;
        }
        let run = &rows[at..end];
        let crowded = run.iter().any(|&row| {
            let lessons = running(row);
            lessons.len() > 1 && side_by_side(&lessons, groups, row, width).is_none()
        });
        if crowded {
            let listed: Vec<&Slot> = (slots.iter())
                .filter(|slot| run.iter().any(|&row| slot.occupies(row..row + ROW_MINUTES)))
                .collect();
            cells.extend(crowd_list(&listed, (groups, language), run.len(), width));
        } else {
            cells.extend(
                run.iter()
                    .map(|&row| day_cell(slots, (groups, language), row, width)),
            );
        }
        at = end;
    }
    cells
}

/// `rows` cells listing the groups of `lessons` (in the day's order): the
/// count first, then a group a row by its start, the last row `+N` for
/// those left over when two rows or more are left for the list (with
/// one, the count's numbers name them).
fn crowd_list(
    lessons: &[&Slot],
    (groups, language): (&[Group], Language),
    rows: usize,
    width: usize,
) -> Vec<String> {
    let mut cells = vec![overlap_count(lessons, groups, width, language)];
    let room = rows.saturating_sub(1);
    let listed = match lessons.len() {
        fits if fits <= room => fits,
        _ if room >= 2 => room - 1,
        _ => room,
    };
    cells.extend(lessons[..listed].iter().map(|slot| {
        let group = &groups[slot.group_index];
        format!("{} {}", format_clock(slot.start), group_label(group))
    }));
    if listed < lessons.len() && room >= 2 {
        cells.push(format!("+{}", lessons.len() - listed));
    }
    cells.resize(rows, CONTINUES.to_owned());
    cells.truncate(rows);
    cells
}

/// What one day shows in the half hour from `row`: one lesson across the
/// column, overlapping lessons in their lanes, or their count when the
/// lanes would be too narrow.
fn day_cell(
    slots: &[Slot],
    (groups, language): (&[Group], Language),
    row: u32,
    width: usize,
) -> String {
    let running: Vec<&Slot> = slots
        .iter()
        .filter(|slot| slot.occupies(row..row + ROW_MINUTES))
        .collect();
    match running.as_slice() {
        [] => String::new(),
        [only] => slot_line(only, &groups[only.group_index], row),
        several => side_by_side(several, groups, row, width)
            .unwrap_or_else(|| overlap_count(several, groups, width, language)),
    }
}

/// Lessons running at once, each in its lane, when every lane is wide enough.
fn side_by_side(running: &[&Slot], groups: &[Group], row: u32, width: usize) -> Option<String> {
    let lanes: HashSet<usize> = running.iter().map(|slot| slot.lane).collect();
    // Lessons of different clusters can share a half hour, and their lanes
    // collide: then they go side by side in start order instead.
    let by_lane = lanes.len() == running.len();
    let count = if by_lane {
        running.iter().map(|slot| slot.lanes).max().unwrap_or(1)
    } else {
        running.len()
    };
    let lane_width = ((width + 1) / count).saturating_sub(1);
    if lane_width < MIN_LANE_WIDTH {
        return None;
    }
    let mut cells = vec![String::new(); count];
    for (position, slot) in running.iter().enumerate() {
        let lane = if by_lane { slot.lane } else { position };
        cells[lane] = slot_line(slot, &groups[slot.group_index], row);
    }
    let padded: Vec<String> = cells
        .iter()
        .map(|cell| pad_to_width(cell, lane_width))
        .collect();
    Some(padded.join(LANE_RULE))
}

/// `"3 groups: #12 #14 #15"`, cut to `width` (`"3 groups: #12 #1…"`) as long
/// as one number fits whole; `"3 groups"` when none does.
fn overlap_count(running: &[&Slot], groups: &[Group], width: usize, language: Language) -> String {
    let count = plural::group_count(language, running.len() as u64);
    let numbers: Vec<String> = running
        .iter()
        .map(|slot| {
            let group = &groups[slot.group_index];
            group
                .company_group_number
                .map_or_else(|| format!("id {}", group.id), |number| format!("#{number}"))
        })
        .collect();
    let Some(first) = numbers.first() else {
        return count;
    };
    if display_width(&format!("{count}: {first}")) > width {
        return count;
    }
    truncate_to_width(&format!("{count}: {}", numbers.join(" ")), width).into_owned()
}

/// The lines under the grid: groups, busiest day, first free hour per day.
fn summary_text(
    summary: &WeekSummary,
    hidden: usize,
    hours: WorkingHours,
    language: Language,
    width: usize,
) -> String {
    let mut first = match summary.busiest_day {
        Some((day, count)) => fill::cli_week_summary(
            language,
            plural::group_count(language, summary.groups as u64),
            day_name(day, language, NameStyle::Short),
            plural::lesson_count(language, count as u64),
        ),
        None => Phrase::WeekNoLessons.get(language).to_owned(),
    };
    if hidden > 0 {
        let hidden = fill::cli_week_hidden(language, hidden);
        first.push_str(&format!(" · {hidden}"));
    }
    let free_line = |style: NameStyle| {
        let days = free_hour_per_day(summary, language, style);
        fill::cli_week_first_free(language, hours, days.join("  "))
    };
    let free = free_line(NameStyle::Short);
    let free = if display_width(&free) <= width {
        free
    } else {
        free_line(NameStyle::Compact)
    };
    format!("{first}\n{free}\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::test_groups::group;
    use crate::model::{Course, DaysCode, GroupStatus, LessonTime};
    use std::sync::Arc;

    fn week_of(groups: &[Group]) -> Week {
        crate::domain::timetable::build_week(groups, &"UTC".parse().unwrap(), false)
    }

    fn name_all(groups: &mut [Group], name: &str, course: &str) {
        for group in groups {
            group.name = name.to_owned();
            group.course = Some(Arc::new(Course {
                name: course.to_owned(),
                ..Course::default()
            }));
        }
    }

    #[test]
    fn text_grid_has_days_rows_labels_and_summary() {
        let mut groups = vec![
            group(12, DaysCode::MonWedFri, "14:00", "15:30"),
            group(13, DaysCode::Other("9".into()), "10:00", "11:00"),
        ];
        name_all(&mut groups, "English B1", "General English");
        let week = week_of(&groups);
        let text = render_text(&week, &groups, WorkingHours::default(), Language::En, 200);
        let lines: Vec<&str> = text.lines().collect();
        for day in ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] {
            assert!(lines[0].contains(day), "{}", lines[0]);
        }
        assert!(lines[1].starts_with("─────┼"), "{}", lines[1]);
        assert!(lines[2].starts_with("08:00"), "{}", lines[2]);
        let row = |time: &str| *lines.iter().find(|l| l.starts_with(time)).unwrap();
        assert_eq!(row("14:00").matches("#12 English B1").count(), 3);
        assert_eq!(row("14:30").matches("General English").count(), 3);
        assert_eq!(row("15:00").matches("14:00–15:30").count(), 3);
        assert!(
            row("15:30")
                .chars()
                .skip(5)
                .all(|c| c == ' ' || c == COLUMN_RULE),
            "{}",
            row("15:30")
        );
        assert!(lines.iter().any(|l| l.starts_with("20:30")));
        assert!(!lines.iter().any(|l| l.starts_with("21:00")));
        assert!(
            text.contains("#13 English B1: days code 9 is not a known code"),
            "{text}"
        );
        assert!(
            text.contains("1 group this week · busiest day: Mon (1 lesson)"),
            "{text}"
        );
        assert!(
            text.contains("First free hour (08:00–21:00): Mon 08:00"),
            "{text}"
        );
        for line in &lines {
            assert!(display_width(line) <= 200, "{line}");
        }
    }

    #[test]
    fn text_grid_fits_80_columns_and_counts_overlaps_there() {
        let mut groups = vec![
            group(1, DaysCode::MonWedFri, "10:00", "11:30"),
            group(2, DaysCode::MonWedFri, "10:30", "12:00"),
        ];
        name_all(&mut groups, "Математика 漢字", "Math");
        let week = week_of(&groups);
        let narrow = render_text(&week, &groups, WorkingHours::default(), Language::Ru, 80);
        assert!(narrow.lines().next().unwrap().contains("пн"));
        let grid: Vec<&str> = narrow.lines().take_while(|l| !l.is_empty()).collect();
        for line in &grid {
            assert!(display_width(line) <= 80, "{line}");
        }
        let row = |time: &str| *grid.iter().find(|l| l.starts_with(time)).unwrap();
        // Too narrow for lanes: the lessons' rows are a list of their
        // groups, never one lesson's times among the others' count.
        assert!(row("10:00").contains("│2 группы │"), "{}", row("10:00"));
        assert!(row("10:30").contains("│10:00 #1…"), "{}", row("10:30"));
        assert!(row("11:00").contains("│10:30 #2…"), "{}", row("11:00"));
        assert!(row("11:30").contains("│┆"), "{}", row("11:30"));
        assert!(!narrow.contains("–12"), "{narrow}");

        let wide = render_text(&week, &groups, WorkingHours::default(), Language::En, 200);
        let row = wide.lines().find(|l| l.starts_with("10:30")).unwrap();
        assert_eq!(row.matches(LANE_RULE).count(), 3, "{row}");
        assert!(row.contains("Math"), "{row}");
        assert!(row.contains("#2 Матем"), "{row}");
    }

    #[test]
    fn text_grid_lists_as_many_numbers_as_fit() {
        let groups: Vec<Group> = [101, 102, 103]
            .into_iter()
            .map(|id| group(id, DaysCode::MonWedFri, "10:00", "11:00"))
            .collect();
        let week = week_of(&groups);
        // 120 columns: days 15 wide, too narrow for three lanes.
        let text = render_text(&week, &groups, WorkingHours::default(), Language::En, 120);
        let row = text.lines().find(|l| l.starts_with("10:00")).unwrap();
        assert!(row.contains("│3 groups: #101…│"), "{row}");
        let text = render_text(&week, &groups, WorkingHours::default(), Language::En, 80);
        let row = text.lines().find(|l| l.starts_with("10:00")).unwrap();
        assert!(row.contains("│3 groups │"), "{row}");
    }

    #[test]
    fn a_crowded_cell_reads_as_a_list_of_groups_and_says_those_left_over() {
        let mut groups: Vec<Group> = [120, 121, 122, 123, 124]
            .into_iter()
            .map(|id| group(id, DaysCode::MonWedFri, "14:00", "15:30"))
            .collect();
        groups[3] = group(123, DaysCode::MonWedFri, "14:30", "16:00");
        groups[4] = group(124, DaysCode::MonWedFri, "15:00", "16:30");
        name_all(&mut groups, "English B1", "General English");
        let week = week_of(&groups);
        let text = render_text(&week, &groups, WorkingHours::default(), Language::En, 120);
        let column = |time: &str| {
            let line = text.lines().find(|l| l.starts_with(time)).unwrap();
            line.split(COLUMN_RULE)
                .nth(1)
                .unwrap()
                .trim_end()
                .to_string()
        };
        // 14:00 to 16:30: five rows, the count and three groups, then +2.
        assert!(column("14:00").starts_with("5 groups: #120"), "{text}");
        assert_eq!(column("14:30"), "14:00 #120 Eng…");
        assert_eq!(column("15:00"), "14:00 #121 Eng…");
        assert_eq!(column("15:30"), "14:00 #122 Eng…");
        assert_eq!(column("16:00"), "+2");
        assert_eq!(column("16:30"), "");
        // No lesson's own lines (its course, its times) among them.
        assert!(!text.contains("General"), "{text}");
        assert!(!text.contains("–15:30"), "{text}");
    }

    #[test]
    fn text_grid_sanitises_server_text() {
        let mut groups = vec![group(1, DaysCode::EveryDay, "10:00", "11:00")];
        name_all(&mut groups, "Evil\u{1b}]0;pwned\u{7}", "C\u{1b}[2J");
        groups.push(Group {
            name: "Bad\u{1b}[31m".into(),
            lesson_start_time: Some(LessonTime::Raw("\u{1b}[2J".into())),
            ..group(2, DaysCode::EveryDay, "10:00", "11:00")
        });
        let text = render_text(
            &week_of(&groups),
            &groups,
            WorkingHours::default(),
            Language::En,
            200,
        );
        assert!(
            !text.contains('\u{1b}') && !text.contains('\u{7}'),
            "{text}"
        );
        assert!(text.contains("Evil␛]0;pwned␇"), "{text}");
        assert!(text.contains("\"␛[2J\" is not a time"), "{text}");
    }

    #[test]
    fn text_grid_of_an_empty_week() {
        let text = render_text(
            &Week::default(),
            &[],
            WorkingHours::default(),
            Language::Uz,
            80,
        );
        assert!(text.lines().next().unwrap().contains("Du"));
        assert_eq!(text.lines().filter(|l| l.contains(':')).count(), 26 + 1);
        assert!(text.contains("Bu haftada dars yoʻq"), "{text}");
        assert!(!text.contains("Joylashtirilmagan"), "{text}");
    }

    #[test]
    fn text_marks_midnight_estimates_and_hidden_groups() {
        let mut groups = vec![
            group(1, DaysCode::Weekend, "22:00", "01:00"),
            Group {
                lesson_end_time: None,
                course: Some(Arc::new(Course {
                    lesson_duration: Some(60),
                    ..Course::default()
                })),
                ..group(2, DaysCode::Weekend, "09:00", "00:00")
            },
            Group {
                status: GroupStatus::Archive,
                ..group(3, DaysCode::Weekend, "09:00", "10:00")
            },
        ];
        groups[0].name = "Late".into();
        let week = week_of(&groups);
        let text = render_text(&week, &groups, WorkingHours::default(), Language::En, 200);
        assert!(text.contains("22:00–01:00+1"), "{text}");
        assert!(text.contains("09:00–~10:00"), "{text}");
        assert!(text.contains("1 archived or inactive not shown"), "{text}");
        assert!(text.lines().any(|l| l.starts_with("23:30")), "{text}");
        assert!(!text.lines().any(|l| l.starts_with("00:00")), "{text}");
    }

    #[test]
    fn the_groups_not_placed_in_the_language_shown() {
        let mut groups = vec![group(13, DaysCode::Other("9".into()), "10:00", "11:00")];
        name_all(&mut groups, "English B1", "General English");
        let week = week_of(&groups);
        let text = render_text(&week, &groups, WorkingHours::default(), Language::Ru, 200);
        assert!(
            text.contains(
                "Не размещены (дни или время не читаются):\n  #13 English B1: код дней 9 неизвестен"
            ),
            "{text}"
        );
    }
}

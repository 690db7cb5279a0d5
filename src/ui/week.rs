//! The Week tab: a header (branch, loading progress, the selected group),
//! the day names, the grid of half-hour rows with each lesson in its lane,
//! the groups that cannot be placed, and the summary. The selected lesson
//! is reversed, so it shows without colour.

use super::View;
use super::detail;
use super::table::{FittedTable, RowLook};
use super::theme::{Styles, spinner};
use crate::app::keymap::Context;
use crate::app::layout::{Layout, WeekScreen};
use crate::app::shared::World;
use crate::app::week::{MAX_UNPLACED_LINES, WeekTab};
use crate::domain::clock::format_clock;
use crate::domain::timetable::{
    ROW_MINUTES, Slot, longest_occupied, monday_to_sunday, running, summarize,
};
use crate::i18n::{Phrase, fill, plural};
use crate::present::Language;
use crate::present::check;
use crate::present::columns::lessons::{self, Lesson};
use crate::present::columns::{NaturalWidths, ScreenRow};
use crate::present::format::{display_width, join_fitting, pad_to_width, truncate_to_width};
use crate::present::timetable::{
    free_hour_per_day, group_label, slot_line, slot_times, unplaced_reason_in,
};
use crate::present::weekday::{NameStyle, day_name};
use crate::sanitize::sanitize_line;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

/// Columns of the time axis ("08:00").
const AXIS_WIDTH: usize = 5;
/// The narrowest a day column gets before days scroll sideways.
const MIN_DAY_WIDTH: usize = 16;
/// The narrowest a lane gets; below it overlapping lessons show as a count.
const MIN_LANE_WIDTH: usize = 6;
const DAY_RULE: &str = "│";
const LANE_RULE: &str = "¦";
/// A lesson's rows after its label, course and times.
/// Cells of the loading progress bar.
const BAR_WIDTH: usize = 20;

/// Draws the Week tab (and the group detail over it when open).
pub fn draw(week: &WeekTab, frame: &mut Frame, view: &View) {
    let (app, shared, layout, styles) = (view.app, view.world, view.layout, view.styles);
    let screen = layout.week(week.extra_lines_below());
    let width = usize::from(screen.grid.width);
    frame.render_widget(
        Paragraph::new(header(week, shared, layout, styles)),
        screen.header,
    );
    // What goes under the grid follows its last row (a short day leaves
    // no gap).
    let shown_rows = if layout.week_shows_one_day() {
        one_day(week, frame, &screen, view)
    } else {
        seven_days(week, frame, &screen, view)
    };
    let mut below = unplaced_lines(week, shared.settings.language, width);
    below.extend(summary_lines(week, shared.settings.language, width));
    let below_area = Rect {
        y: screen.grid.y + shown_rows,
        height: screen
            .below
            .bottom()
            .saturating_sub(screen.grid.y + shown_rows),
        ..screen.below
    };
    frame.render_widget(Paragraph::new(below), below_area);
    if app.context() == Context::WeekDetail
        && let Some(document) = week.detail(shared.row_format(), &shared.branches.names)
    {
        detail::draw(
            frame,
            layout.detail,
            "Group",
            &document,
            week.detail_scroll,
            true,
            view,
        );
    }
}

/// The seven-day grid: the day names, then the half-hour rows from the
/// scroll position. The rows drawn.
fn seven_days(week: &WeekTab, frame: &mut Frame, screen: &WeekScreen, view: &View) -> u16 {
    let (shared, styles) = (view.world, view.styles);
    let columns = DayColumns::new(usize::from(screen.grid.width), week.day);
    frame.render_widget(
        Paragraph::new(day_names(&columns, shared.settings.language, styles)),
        screen.day_names,
    );
    let span = week.span();
    let longest = week.week.days.each_ref().map(|day| longest_occupied(day));
    let rows: Vec<Line<'static>> = (week.scroll..week.row_count())
        .take(usize::from(screen.grid.height))
        .map(|row| {
            let minute = span.start + row as u32 * ROW_MINUTES;
            let look = (shared.settings.language, styles);
            grid_line(week, &columns, minute, &longest, look)
        })
        .collect();
    let shown_rows = u16::try_from(rows.len()).unwrap_or(u16::MAX);
    frame.render_widget(Paragraph::new(rows), screen.grid);
    shown_rows
}

/// One day (the selected one) at narrow widths: its name and the keys to
/// the others, the column heads, then each lesson on a line of its own
/// across the width (time, group, course), the selected one reversed and
/// kept on screen. The lines drawn under the day's name.
fn one_day(week: &WeekTab, frame: &mut Frame, screen: &WeekScreen, view: &View) -> u16 {
    let (shared, styles) = (view.world, view.styles);
    let Some(weekday) = monday_to_sunday().nth(week.day) else {
        return 0;
    };
    let slots = &week.week.days[week.day];
    let before = if week.day > 0 { "◂ h" } else { "   " };
    let after = if week.day < 6 { "l ▸" } else { "   " };
    let name = day_name(weekday, shared.settings.language, NameStyle::Long);
    let count = if week.loaded {
        plural::lesson_count(shared.settings.language, slots.len() as u64)
    } else {
        String::new()
    };
    let title = Line::from(vec![
        Span::raw(format!("{before} ")),
        Span::styled(name.to_owned(), styles.heading),
        Span::raw(format!(" {after}  {count}")),
    ]);
    frame.render_widget(Paragraph::new(title), screen.day_names);
    if slots.is_empty() {
        return 0;
    }
    let columns = lessons::columns();
    let rows: Vec<ScreenRow> = slots
        .iter()
        .map(|slot| {
            let group = &week.groups[slot.group_index];
            ScreenRow::new(
                &columns,
                &Lesson {
                    day: weekday,
                    slot,
                    group,
                },
                &(),
            )
        })
        .collect();
    let grid = screen.grid;
    let table = FittedTable::fit(
        &columns,
        &NaturalWidths::of(&rows),
        &shared.branches.name_cells,
        usize::from(grid.width),
        (week.branch_id.is_none(), shared.settings.language),
    );
    let buf = frame.buffer_mut();
    table.draw_heads(buf, Rect { height: 1, ..grid }, styles);
    let room = usize::from(grid.height.saturating_sub(1)).max(1);
    let first = week.slot.saturating_sub(room - 1);
    let mut drawn = 1;
    for (y, (index, row)) in (grid.y + 1..grid.bottom()).zip(rows.iter().enumerate().skip(first)) {
        let line = Rect {
            y,
            height: 1,
            ..grid
        };
        table.draw_row(buf, line, row, index == week.slot, &RowLook::PLAIN, styles);
        drawn += 1;
    }
    drawn
}

/// The days on screen: all seven when they fit at a readable width,
/// otherwise as many as fit, the selected one among them.
struct DayColumns {
    first: usize,
    count: usize,
    width: usize,
}

impl DayColumns {
    fn new(total_width: usize, selected_day: usize) -> Self {
        let room = total_width.saturating_sub(AXIS_WIDTH);
        let count = (room / (MIN_DAY_WIDTH + 1)).clamp(1, 7);
        let width = (room / count).saturating_sub(1).max(1);
        let first = selected_day.saturating_sub(count - 1).min(7 - count);
        Self {
            first,
            count,
            width,
        }
    }

    fn days(&self) -> std::ops::Range<usize> {
        self.first..self.first + self.count
    }
}

/// Branch, then loading progress or what is selected.
fn header(week: &WeekTab, shared: &World, layout: &Layout, styles: &Styles) -> Line<'static> {
    let language = shared.settings.language;
    let branch = match week.branch_id {
        Some(id) => match shared.branches.names.get(&id) {
            Some(name) => fill::week_of(language, sanitize_line(name)),
            None => fill::week_of(language, fill::check_branch_id(language, id)),
        },
        None => Phrase::WeekOfAll.get(language).to_owned(),
    };
    let mut spans = vec![Span::styled(branch, styles.heading)];
    if let Some(progress) = week.progress(shared) {
        spans.push(Span::raw("  "));
        spans.push(Span::styled(
            progress_text(shared, progress.read, progress.pages),
            styles.busy,
        ));
    } else if !week.loaded {
        let not_loaded = Phrase::ScreenWeekNotLoaded.get(language);
        spans.push(Span::raw(format!("  {not_loaded}")));
    } else if let (Some(slot), Some(group)) = (week.selected_slot(), week.selected_group()) {
        let day = day_name(
            monday_to_sunday()
                .nth(week.day)
                .unwrap_or(chrono::Weekday::Mon),
            shared.settings.language,
            NameStyle::Short,
        );
        spans.push(Span::raw(format!(
            "  ▸ {} · {day} {}",
            group_label(group),
            slot_times(slot)
        )));
    }
    let mut line = Line::from(spans);
    let width = usize::from(layout.size.0);
    let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
    if display_width(&text) > width {
        line = Line::from(truncate_to_width(&text, width).into_owned());
    }
    line
}

/// `"⠋ loading 3/5 pages ██████░░░░"` (pages come several at a time),
/// or `"loading…"` while the number of pages is unknown.
fn progress_text(shared: &World, read: u64, pages: Option<u64>) -> String {
    let language = shared.settings.language;
    match pages {
        Some(total) if total > 0 => {
            let read = read.min(total);
            let done = (read as usize * BAR_WIDTH) / total as usize;
            format!(
                "{} {} {}{}",
                spinner(shared.now),
                fill::screen_week_loading_pages(language, read, total),
                "█".repeat(done),
                "░".repeat(BAR_WIDTH - done)
            )
        }
        _ => format!("{} {}…", spinner(shared.now), Phrase::Loading.get(language)),
    }
}

/// The day names over their columns, the selected one reversed; arrows
/// in the axis say days are off screen.
fn day_names(columns: &DayColumns, language: Language, styles: &Styles) -> Line<'static> {
    let before = if columns.first > 0 { "◂" } else { " " };
    let after = if columns.days().end < 7 { "▸" } else { " " };
    let mut spans = vec![Span::raw(pad_to_width(
        &format!("{before}   {after}"),
        AXIS_WIDTH,
    ))];
    for (index, day) in monday_to_sunday().enumerate() {
        if !columns.days().contains(&index) {
            continue;
        }
        spans.push(Span::raw(DAY_RULE));
        let name = day_name(day, language, NameStyle::Long);
        spans.push(Span::styled(
            pad_to_width(&truncate_to_width(name, columns.width), columns.width),
            styles.heading,
        ));
    }
    Line::from(spans)
}

/// One half-hour row: the time, then each day's cell.
fn grid_line(
    week: &WeekTab,
    columns: &DayColumns,
    minute: u32,
    longest: &[u32; 7],
    (language, styles): (Language, &Styles),
) -> Line<'static> {
    let mut spans = vec![Span::styled(
        pad_to_width(&format_clock(clock(minute)), AXIS_WIDTH),
        styles.dim,
    )];
    for day in columns.days() {
        spans.push(Span::raw(DAY_RULE));
        let selected = (week.day == day).then_some(week.slot);
        let cell = (minute, longest[day]);
        let look = (language, styles);
        spans.extend(day_cell(week, day, selected, cell, columns.width, look));
    }
    Line::from(spans)
}

/// What one day shows in the half hour from `minute`: each running lesson
/// in its lane, or "N groups" when the lanes would be too narrow. `cell`:
/// the half hour's first minute and the longest lesson of the day.
fn day_cell(
    week: &WeekTab,
    day: usize,
    selected: Option<usize>,
    (minute, longest): (u32, u32),
    width: usize,
    (language, styles): (Language, &Styles),
) -> Vec<Span<'static>> {
    let slots = &week.week.days[day];
    let running: Vec<(usize, &Slot)> =
        running(slots, minute..minute + ROW_MINUTES, longest).collect();
    let style_of = |index: usize| {
        if selected == Some(index) {
            styles.selected
        } else {
            Style::new()
        }
    };
    let lanes = running
        .iter()
        .map(|(_, slot)| slot.lanes)
        .max()
        .unwrap_or(1);
    let lane_width = ((width + 1) / lanes).saturating_sub(1);
    let mut distinct: Vec<usize> = running.iter().map(|(_, slot)| slot.lane).collect();
    distinct.sort_unstable();
    distinct.dedup();
    // Lessons of different overlap clusters can share a half hour, and
    // then their lanes collide: they are counted instead.
    let collide = distinct.len() < running.len();
    if running.len() > 1 && (collide || lane_width < MIN_LANE_WIDTH) {
        let text = plural::group_count(language, running.len() as u64);
        let has_selected = running.iter().any(|(index, _)| selected == Some(*index));
        let style = if has_selected {
            styles.selected
        } else {
            Style::new()
        };
        return vec![Span::styled(pad_to_width(&text, width), style)];
    }
    let (lanes, lane_width) = if lane_width < MIN_LANE_WIDTH {
        (1, width)
    } else {
        (lanes, lane_width)
    };
    let mut spans = Vec::new();
    for lane in 0..lanes {
        if lane > 0 {
            spans.push(Span::raw(LANE_RULE));
        }
        let in_lane = running
            .iter()
            .find(|(_, slot)| lanes == 1 || slot.lane == lane);
        let (text, style) = match in_lane {
            Some((index, slot)) => (
                slot_line(slot, &week.groups[slot.group_index], minute),
                style_of(*index),
            ),
            None => (String::new(), Style::new()),
        };
        let text = truncate_to_width(&text, lane_width).into_owned();
        spans.push(Span::styled(pad_to_width(&text, lane_width), style));
    }
    // Lanes may leave a column or two of the day unused.
    let used: usize = spans.iter().map(|s| display_width(&s.content)).sum();
    if used < width {
        spans.push(Span::raw(" ".repeat(width - used)));
    }
    spans
}

/// The groups whose days or times cannot be read, at most
/// [`MAX_UNPLACED_LINES`] of them, the last line counting the rest.
fn unplaced_lines(week: &WeekTab, language: Language, width: usize) -> Vec<Line<'static>> {
    let unplaced = &week.week.undecodable;
    if unplaced.is_empty() {
        return Vec::new();
    }
    let fit = |text: &str| Line::from(truncate_to_width(&sanitize_line(text), width).into_owned());
    let mut lines = vec![fit(Phrase::ScreenNotPlaced.get(language))];
    let listed = if unplaced.len() > MAX_UNPLACED_LINES {
        MAX_UNPLACED_LINES - 1
    } else {
        unplaced.len()
    };
    for entry in &unplaced[..listed] {
        let group = &week.groups[entry.group_index];
        lines.push(fit(&format!(
            "  {}: {}",
            group_label(group),
            unplaced_reason_in(&entry.reason, language)
        )));
    }
    if listed < unplaced.len() {
        let more = fill::screen_and_more(language, unplaced.len() - listed);
        lines.push(fit(&format!("  {more}")));
    }
    lines
}

/// Groups this week, busiest day, archived; then the first free hour per
/// day; then the check's count. Each fits `width` by giving way whole (a
/// part, a day's hour, the hours in the label), never a word cut.
fn summary_lines(week: &WeekTab, language: Language, width: usize) -> Vec<Line<'static>> {
    if !week.loaded {
        return Vec::new();
    }
    let summary = summarize(&week.week, week.hours);
    let (head, mut parts) = match summary.busiest_day {
        Some((day, count)) => (
            plural::week_groups(language, summary.groups as u64),
            vec![plural::week_busiest(
                language,
                count as u64,
                day_name(day, language, NameStyle::Short),
            )],
        ),
        None => (Phrase::WeekNoLessons.get(language).to_owned(), Vec::new()),
    };
    if week.week.hidden > 0 {
        parts.push(fill::archived_hidden(language, week.week.hidden));
    } else if week.include_archived {
        parts.push(Phrase::ArchivedShown.get(language).to_owned());
    }
    let first = join_fitting(&head, &parts, " · ", width);
    let with_hours = fill::week_free_hours(language, week.hours);
    let free_alone = Phrase::WeekFree.get(language);
    let choices = [
        (with_hours.as_str(), NameStyle::Short),
        (with_hours.as_str(), NameStyle::Compact),
        (free_alone, NameStyle::Compact),
    ];
    let free = choices
        .iter()
        .map(|&(label, style)| (label, free_hour_per_day(&summary, language, style)))
        .find(|(label, days)| display_width(&format!("{label} {}", days.join(" "))) <= width)
        .map(|(label, days)| join_fitting(label, &days, " ", width))
        .unwrap_or_else(|| {
            let days = free_hour_per_day(&summary, language, NameStyle::Compact);
            join_fitting(free_alone, &days, " ", width)
        });
    let mut lines: Vec<Line<'static>> = [first, free]
        .iter()
        // Only a width narrower than the head itself cuts it.
        .map(|text| Line::from(truncate_to_width(text, width).into_owned()))
        .collect();
    // How many of each kind the check finds; `crmdeck timetable --check`
    // names them.
    lines.extend(check::summary(&week.findings, width, language).map(Line::from));
    lines
}

/// The time of day `minute` minutes after midnight.
fn clock(minute: u32) -> chrono::NaiveTime {
    chrono::NaiveTime::MIN + chrono::TimeDelta::minutes(i64::from(minute % (24 * 60)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_fit_at_200_columns_and_scroll_at_80() {
        let wide = DayColumns::new(200, 6);
        assert_eq!((wide.first, wide.count), (0, 7));
        let narrow = DayColumns::new(80, 6);
        assert_eq!(narrow.count, 4);
        assert_eq!(narrow.days(), 3..7);
        assert_eq!(DayColumns::new(80, 1).days(), 0..4);
    }
}

//! The Today tab (its parts at a chosen moment, the clock moving a lesson
//! from next to now to done, waking only while shown, the detail, archived)
//! and the week's crowd list (Enter on a crowded cell, Esc back to it).

use super::*;
use crate::app::Tab;
use crate::app::command_line::CommandLine;
use crate::app::layout::Layout;
use crate::app::lesson_list::LessonList;
use crate::app::today::TodayLine;
use crate::domain::today::{Lesson, Part, Section, Today};
use crate::model::GroupStatus;
use crate::model::LessonTime;
use crate::present::Language;
use chrono::{DateTime, NaiveDateTime, NaiveTime, TimeDelta, Utc};
use std::time::Duration;

/// Tashkent, the fixtures' zone, is UTC+5 all year.
const TASHKENT: TimeDelta = TimeDelta::hours(5);

/// The instant of a wall-clock time in Tashkent.
fn instant(wall: NaiveDateTime) -> DateTime<Utc> {
    (wall - TASHKENT).and_utc()
}

/// An app on the Today tab, its groups walked by the scripted server.
fn today_shown() -> App {
    let mut app = loaded();
    let effects = press(&mut app, "4");
    answer(&mut app, effects, &mut |request| {
        Some(server_answer(request))
    });
    app
}

fn laid_out(app: &App) -> &Today {
    app.tabs.today.today.as_ref().expect("today laid out")
}

/// The part of the entry of group `id`.
fn part_of(app: &App, id: i64) -> Option<Section> {
    let entries = &app.tabs.today.entries;
    entries.iter().find(|e| e.group_id == id).map(|e| e.part)
}

fn tick(app: &mut App, at: DateTime<Utc>) {
    app.update(Input::Tick, at);
}

#[test]
fn four_and_t_on_the_groups_show_today_of_the_branch() {
    let mut app = loaded();
    press(&mut app, "4");
    assert_eq!((app.tab, app.context()), (Tab::Today, Context::Today));
    press(&mut app, "2t");
    assert_eq!(app.tab, Tab::Today);
    // The groups list walked every branch already: nothing is asked again.
    let again = press(&mut app, "24");
    assert!(fetches(&again).is_empty(), "{again:?}");
}

#[test]
fn the_parts_are_those_of_the_centres_wall_clock_at_its_minute() {
    let app = today_shown();
    let day = laid_out(&app);
    // 09:00 UTC is 14:00 in Tashkent, a Monday.
    assert_eq!(day.at.to_string(), "2025-06-02 14:00:00");
    let at = day.at;
    assert!(!day.now.is_empty() && !day.next.is_empty());
    assert!(!day.later.is_empty() && !day.done.is_empty());
    assert!(day.now.iter().all(|l| l.start <= at && at < l.end));
    let next_start = day.next[0].start;
    assert!(next_start > at);
    assert!(day.next.iter().all(|l| l.start == next_start));
    assert!(day.later.iter().all(|l| l.start > next_start));
    assert!(day.done.iter().all(|l| l.end <= at));
    let tab = &app.tabs.today;
    let mut order: Vec<Section> = tab.entries.iter().map(|e| e.part).collect();
    order.dedup();
    let parts = [Part::Now, Part::Next, Part::Later, Part::Done].map(Section::Part);
    assert_eq!(order, parts);
    assert_eq!(
        tab.lines().len(),
        tab.entries.len() + 4,
        "a heading per part"
    );
    // The day's groups meet on Mondays, and only the active ones show.
    let groups = &tab.groups;
    for entry in tab
        .entries
        .iter()
        .filter(|e| e.part != Section::CannotPlace)
    {
        let group = groups.iter().find(|g| g.id == entry.group_id).unwrap();
        assert_eq!(group.status, GroupStatus::Active, "{}", group.name);
    }
    assert!(day.hidden > 0, "archived groups are left out");
}

#[test]
fn the_clock_moves_a_lesson_from_next_to_now_to_done_on_its_minute() {
    let mut app = today_shown();
    let Lesson {
        group_id,
        start,
        end,
        ..
    } = laid_out(&app).next[0].clone();
    assert_eq!(part_of(&app, group_id), Some(Section::Part(Part::Next)));
    // A second before its start it is still next.
    tick(&mut app, instant(start) - TimeDelta::seconds(1));
    assert_eq!(part_of(&app, group_id), Some(Section::Part(Part::Next)));
    tick(&mut app, instant(start));
    assert_eq!(part_of(&app, group_id), Some(Section::Part(Part::Now)));
    assert_eq!(laid_out(&app).at, start);
    tick(&mut app, instant(end) - TimeDelta::seconds(1));
    assert_eq!(part_of(&app, group_id), Some(Section::Part(Part::Now)));
    tick(&mut app, instant(end));
    assert_eq!(part_of(&app, group_id), Some(Section::Part(Part::Done)));
}

#[test]
fn today_wakes_the_app_each_minute_only_while_it_is_shown() {
    let mut app = loaded_app_expiring(fixtures::settings(), None, NARROW);
    assert_eq!(app.needs_tick(), None, "the groups list is idle");
    let effects = press(&mut app, "4");
    answer(&mut app, effects, &mut |request| {
        Some(server_answer(request))
    });
    // now() is on a whole minute: the next one is a minute away.
    assert_eq!(app.needs_tick(), Some(Duration::from_secs(60)));
    app.update(Input::Tick, now() + TimeDelta::seconds(45));
    assert_eq!(app.needs_tick(), Some(Duration::from_secs(15)));
    // The help over it: today is still on screen and still moves.
    press(&mut app, "?");
    assert!(app.needs_tick().is_some());
    press(&mut app, "\x1b2");
    assert_eq!(app.needs_tick(), None, "idle again off the tab");
}

#[test]
fn enter_opens_the_groups_detail_and_esc_closes_it() {
    let mut app = today_shown();
    press(&mut app, "j");
    let selected = app.tabs.today.selected_id();
    assert_eq!(selected, Some(app.tabs.today.entries[1].group_id));
    press(&mut app, "\n");
    assert_eq!(app.context(), Context::TodayDetail);
    let detail = app.tabs.today.document(&app.world).unwrap();
    let id = format!("value: \"{}\"", selected.unwrap());
    assert!(format!("{detail:?}").contains(&id), "{id}: {detail:?}");
    press(&mut app, "jk\x1b");
    assert_eq!(app.context(), Context::Today);
    assert_eq!(app.tabs.today.selected_id(), selected);
    // G and g go to the last and the first lesson.
    press(&mut app, "G");
    assert_eq!(app.tabs.today.cursor, app.tabs.today.entries.len() - 1);
    press(&mut app, "g");
    assert_eq!(app.tabs.today.cursor, 0);
}

#[test]
fn leaving_today_drops_the_day_and_coming_back_keeps_the_selection() {
    let mut app = today_shown();
    press(&mut app, "Gk");
    let (selected, scroll) = (app.tabs.today.selected_id(), app.tabs.today.scroll);
    assert!(selected.is_some());
    press(&mut app, "2");
    assert!(app.tabs.today.today.is_none(), "dropped on leaving");
    assert!(app.tabs.today.entries.is_empty());
    let effects = press(&mut app, "4");
    assert!(fetches(&effects).is_empty(), "{effects:?}");
    assert_eq!(app.tabs.today.selected_id(), selected);
    assert_eq!(app.tabs.today.scroll, scroll);
}

#[test]
fn a_shows_archived_groups_and_keeps_the_selection() {
    let mut app = today_shown();
    press(&mut app, "jj");
    let selected = app.tabs.today.selected_id();
    let before = app.tabs.today.entries.len();
    press(&mut app, "a");
    assert_eq!(laid_out(&app).hidden, 0);
    assert!(app.tabs.today.entries.len() > before);
    assert_eq!(app.tabs.today.selected_id(), selected);
    press(&mut app, "a");
    assert_eq!(app.tabs.today.entries.len(), before);
}

#[test]
fn b_opens_the_branch_picker_and_a_branch_picked_shows_its_day() {
    let mut app = today_shown();
    press(&mut app, "b");
    assert_eq!(app.context(), Context::BranchPicker);
    // The picker's second row is the first branch.
    special(&mut app, KeyCode::Down);
    let effects = press(&mut app, "\n");
    answer(&mut app, effects, &mut |request| {
        Some(server_answer(request))
    });
    let branch = app.world.branch_id;
    assert!(branch.is_some());
    assert_eq!(app.tabs.today.branch_id, branch);
    // The branch's groups, walked into the store.
    let walked = app.world.store.groups(branch).map(|list| list.len());
    assert_eq!(walked, Some(app.tabs.today.groups.len()));
    assert!(!app.tabs.today.entries.is_empty());
}

/// A branch picked on Today: until the user moves, the first lesson of the
/// day stays selected (and in sight) while the branch's later pages bring
/// earlier lessons above those of its first page (moved to the evening).
#[test]
fn a_branch_picked_opens_at_the_top_of_its_day_while_its_pages_arrive() {
    let mut app = today_shown();
    press(&mut app, "b");
    special(&mut app, KeyCode::Down);
    let effects = press(&mut app, "\n");
    let [(id, request)] = &fetches(&effects)[..] else {
        panic!("page 1 first: {effects:?}");
    };
    let Answer::Walk(WalkAnswer::Groups(query, Ok(mut page))) = server_answer(request) else {
        panic!("a page of groups");
    };
    let evening = |hour| {
        Some(LessonTime::Clock(
            NaiveTime::from_hms_opt(hour, 0, 0).unwrap(),
        ))
    };
    for group in &mut page.groups {
        (group.lesson_start_time, group.lesson_end_time) = (evening(21), evening(22));
    }
    let mut waiting = fetches(&respond(
        &mut app,
        *id,
        Answer::Walk(WalkAnswer::Groups(query, Ok(page))),
    ));
    let first_seen = app.tabs.today.selected_id();
    assert!(first_seen.is_some() && !waiting.is_empty());
    while let Some((id, request)) = waiting.pop() {
        waiting.extend(fetches(&respond_ok(&mut app, id, &request)));
        assert_eq!((app.tabs.today.cursor, app.tabs.today.scroll), (0, 0));
    }
    let first = app.tabs.today.entries[0].group_id;
    assert_ne!(Some(first), first_seen, "earlier lessons came later");
    assert_eq!(app.tabs.today.selected_id(), Some(first));
}

/// An app of `size` on the Week tab, walked, its selection on a lesson
/// that shares its first half hour with other groups.
fn on_a_crowded_cell(size: (u16, u16)) -> App {
    let mut app = loaded_app(fixtures::settings(), size);
    let effects = press(&mut app, "3");
    answer(&mut app, effects, &mut |request| {
        Some(server_answer(request))
    });
    let wide = Layout::new(super::WIDE);
    let week = &mut app.tabs.week;
    let crowded = (0..7).find_map(|day| {
        (0..week.week.days[day].len()).find(|&slot| {
            week.day = day;
            week.slot = slot;
            week.crowd(&wide, Language::En).is_some()
        })
    });
    assert!(crowded.is_some(), "a crowded half hour in the fixtures");
    app
}

#[test]
fn enter_on_a_crowded_cell_lists_its_groups_and_esc_goes_back_to_it() {
    let mut app = on_a_crowded_cell(WIDE);
    let (day, slot) = (app.tabs.week.day, app.tabs.week.slot);
    let selected = app.tabs.week.selected_group().unwrap().id;
    press(&mut app, "\n");
    assert_eq!(app.context(), Context::Crowd);
    let list = app.overlay::<LessonList>().unwrap();
    assert!(list.groups.len() >= 2);
    assert_eq!(list.selected_group().map(|g| g.id), Some(selected));
    assert!(list.title.contains("groups"), "{}", list.title);
    // Enter on another group opens its detail; Esc back to the list.
    press(&mut app, "g");
    let first = app.overlay::<LessonList>().unwrap().groups[0].id;
    press(&mut app, "\n");
    assert_eq!(app.context(), Context::CrowdDetail);
    let list = app.overlay::<LessonList>().unwrap();
    let detail = format!("{:?}", list.document(&app.world).unwrap());
    assert!(detail.contains(&first.to_string()), "{detail}");
    press(&mut app, "\x1b");
    assert_eq!(app.context(), Context::Crowd);
    press(&mut app, "\x1b");
    assert_eq!(app.context(), Context::Week);
    assert!(app.overlay::<LessonList>().is_none());
    assert_eq!((app.tabs.week.day, app.tabs.week.slot), (day, slot));
}

/// The crowd's title counts its groups in the language shown (issue 36
/// §2): Russian's plural forms, English as before.
#[test]
fn a_crowds_title_counts_its_groups_in_the_language_shown() {
    let app = on_a_crowded_cell(WIDE);
    let wide = Layout::new(WIDE);
    let title = |language| app.tabs.week.crowd(&wide, language).unwrap().title;
    let n = app
        .tabs
        .week
        .crowd(&wide, Language::Ru)
        .unwrap()
        .lessons
        .len();
    let groups = match n % 10 {
        1 if n % 100 != 11 => "группа",
        2..=4 if !(12..=14).contains(&(n % 100)) => "группы",
        _ => "групп",
    };
    let (ru, en) = (title(Language::Ru), title(Language::En));
    assert!(ru.ends_with(&format!(" · {n} {groups}")), "{ru}");
    assert!(en.ends_with(&format!(" · {n} groups")), "{en}");
}

#[test]
fn at_narrow_widths_the_week_is_one_day_and_enter_opens_the_lesson() {
    let mut app = on_a_crowded_cell(NARROW);
    assert!(app.world.layout.week_shows_one_day());
    press(&mut app, "\n");
    assert_eq!(app.context(), Context::WeekDetail);
    assert!(app.overlay::<LessonList>().is_none());
}

#[test]
fn the_week_opens_on_todays_day_in_the_centres_zone() {
    // 2025-06-04 20:00 UTC is already Thursday in Tashkent.
    let mut app = loaded();
    let thursday = instant("2025-06-05T01:00:00".parse().unwrap());
    app.update(Input::Key(fixtures::key('3')), thursday);
    assert_eq!(app.tabs.week.day, 3);
}

#[test]
fn any_input_brings_today_up_to_the_clock_after_a_suspend() {
    let mut app = today_shown();
    let done_by_evening = laid_out(&app).now[0].group_id;
    // Back from a suspend at 23:00 in Tashkent: the first input lays the day out.
    let evening = now() + TimeDelta::hours(9);
    app.update(Input::Resumed, evening);
    assert_eq!(laid_out(&app).at.to_string(), "2025-06-02 23:00:00");
    assert_eq!(
        part_of(&app, done_by_evening),
        Some(Section::Part(Part::Done))
    );
}

/// During a walk the day is laid out each time the groups held have
/// doubled since the last layout, and once the walk is done: not at every
/// page (a layout reads every group: at every page, the square of the
/// centre). 95 groups in pages of 20: laid out at 20, 40, 80, then 95.
#[test]
fn today_lays_the_day_out_as_the_walk_doubles_and_when_it_ends() {
    let (mut app, effects) = fresh();
    let page_1 = fetch_of(&effects, &groups_request(1));
    answer(&mut app, effects, &mut |request| {
        (!matches!(request, Request::Groups(_))).then(|| server_answer(request))
    });
    press(&mut app, "4");
    let rest = fetches(&respond_ok(&mut app, page_1, &groups_request(1)));
    let held = |app: &App| app.tabs.today.groups.len();
    assert_eq!(held(&app), 20);
    let mut seen = Vec::new();
    for (id, request) in &rest {
        respond_ok(&mut app, *id, request);
        seen.push(held(&app));
    }
    assert_eq!(seen, [40, 40, 80, 95]);
    assert!(!laid_out(&app).is_empty());
}

#[test]
fn today_remembered_is_laid_out_only_once_the_clock_is_given() {
    // Issue 25 §2: no day of the epoch, even for the first frame.
    let mut settings = fixtures::settings();
    settings.view.tab = Some(Tab::Today.name().to_owned());
    let (mut app, _) = App::new(settings, fixtures::token_expires_at(), NARROW);
    assert!(app.tabs.today.today.is_none(), "no clock, no day");
    app.update(Input::Tick, now());
    let day = app
        .tabs
        .today
        .today
        .as_ref()
        .expect("laid out at the clock");
    assert_eq!(day.at.date(), now().date_naive());
}

/// The sections of the entries, in order, each once.
fn sections(app: &App) -> Vec<Section> {
    let mut order: Vec<Section> = app.tabs.today.entries.iter().map(|e| e.part).collect();
    order.dedup();
    order
}

/// Issue 37 §1: `h`/`l` show the day before and after; another day lists
/// its lessons in one section, headed, today's parts not headed; back on
/// today's date the tab follows the clock again.
#[test]
fn h_and_l_move_the_day_shown() {
    let mut app = today_shown();
    let monday = laid_out(&app).day;
    assert_eq!(monday.to_string(), "2025-06-02");
    press(&mut app, "l");
    let day = laid_out(&app);
    assert_eq!(day.day.to_string(), "2025-06-03");
    assert!(!day.is_today());
    assert!(!day.lessons.is_empty(), "Tuesday's lessons");
    assert!(day.now.is_empty() && day.next.is_empty() && day.done.is_empty());
    assert!(day.lessons.iter().all(|l| l.end.date() >= day.day));
    assert!(
        sections(&app)
            .iter()
            .all(|s| [Section::Day, Section::CannotPlace].contains(s))
    );
    let lines = app.tabs.today.lines();
    assert_eq!(
        lines[0],
        TodayLine::Heading {
            part: Section::Day,
            count: day.lessons.len()
        }
    );
    assert!(!lines.iter().any(|line| matches!(
        line,
        TodayLine::Heading {
            part: Section::Part(_),
            ..
        }
    )));
    // The Cyrillic layout's key for h (р) goes back, as h does.
    press(&mut app, "р");
    assert_eq!(app.tabs.today.day, None, "back on today");
    assert!(laid_out(&app).is_today());
    press(&mut app, "hh");
    assert_eq!(laid_out(&app).day.to_string(), "2025-05-31");
    // The clock moving keeps the day chosen.
    tick(&mut app, now() + TimeDelta::minutes(1));
    assert_eq!(laid_out(&app).day.to_string(), "2025-05-31");
}

/// `:today tomorrow`, `:today fri`, `:today DATE` show that day (from any
/// tab), `:today` alone today again; a word that names no day is said on
/// the line; Tab completes the words.
#[test]
fn today_takes_the_day_on_the_command_line() {
    let mut app = today_shown();
    press(&mut app, "1:today tomorrow\n");
    assert_eq!(app.tab, Tab::Today);
    assert_eq!(laid_out(&app).day.to_string(), "2025-06-03");
    press(&mut app, ":today fri\n");
    assert_eq!(laid_out(&app).day.to_string(), "2025-06-06");
    press(&mut app, ":today пн\n");
    assert!(laid_out(&app).is_today(), "Monday is today's weekday");
    press(&mut app, ":today 2025-12-01\n");
    assert_eq!(laid_out(&app).day.to_string(), "2025-12-01");
    press(&mut app, ":today\n");
    assert!(laid_out(&app).is_today());
    assert_eq!(app.tabs.today.day, None);
    press(&mut app, ":today soon\n");
    let error = app.overlay::<CommandLine>().and_then(|p| p.error.clone());
    assert!(
        error
            .as_deref()
            .is_some_and(|e| e.contains("soon is not a day")),
        "{error:?}"
    );
    press(&mut app, "\x1b:today tom\t");
    let line = app
        .overlay::<CommandLine>()
        .map(|p| p.input.text().to_string());
    assert_eq!(line.as_deref(), Some("today tomorrow"));
}

/// After the day's last lesson, tomorrow's first ones show under their
/// own heading, after an empty Next.
#[test]
fn after_the_last_lesson_tomorrows_first_lessons_show() {
    let mut app = today_shown();
    assert!(laid_out(&app).tomorrow.is_empty(), "lessons are left today");
    let last_start = laid_out(&app).later.last().map(|l| l.start).unwrap();
    tick(&mut app, instant(last_start) + TimeDelta::minutes(1));
    let day = laid_out(&app);
    assert!(day.next.is_empty() && day.later.is_empty());
    assert!(!day.tomorrow.is_empty());
    let first = day.tomorrow[0].start;
    assert_eq!(first.date().to_string(), "2025-06-03");
    assert!(day.tomorrow.iter().all(|l| l.start == first));
    let order = sections(&app);
    let next_at = app.tabs.today.lines().iter().position(|line| {
        *line
            == TodayLine::Heading {
                part: Section::Part(Part::Next),
                count: 0,
            }
    });
    let tomorrow_at = app.tabs.today.lines().iter().position(|line| {
        matches!(
            line,
            TodayLine::Heading {
                part: Section::Tomorrow,
                ..
            }
        )
    });
    assert!(order.contains(&Section::Tomorrow), "{order:?}");
    assert_eq!(
        tomorrow_at,
        next_at.map(|at| at + 1),
        "right under Next · none"
    );
}

//! `crmdeck today`: the lessons of a branch (or of every branch) at a
//! moment, in now / next / later / done, and the groups that cannot be placed.

use super::all_pages::{Missing, all_pages};
use super::args::TodayArgs;
use super::branch::{self, BranchList};
use super::filter::{GroupFilter, keep};
use super::groups::WALK_PER_PAGE;
use super::{CliError, Format, on_terminal, print_csv, print_pretty};
use crate::domain::today::{Lesson, Today, on_day};
use crate::domain::zone::Zone;
use crate::i18n::{Language, date, time};
use crate::model::Group;
use crate::present::columns::BranchNames;
use crate::present::columns::table::Table;
use crate::present::columns::today::{TodayRow, columns, rows};
use crate::present::format::RowFormat;
use crate::present::timetable::unplaced_reason;
use crate::present::today::{format_at, shown_day};
use crate::session::Session;
use chrono::{NaiveDateTime, Utc};
use serde::Serialize;

/// One centre's today, as `run` prints it.
pub struct Seen {
    today: Today,
    groups: Vec<Group>,
    branches: BranchNames,
    zone: Zone,
    at: NaiveDateTime,
    language: Language,
}

/// `session`'s centre's today, as `args` asks for it.
pub async fn seen(session: &Session, args: &TodayArgs) -> Result<Seen, CliError> {
    let config = &session.config;
    let branch_list = BranchList::new(session);
    let branch_id = match &args.branch {
        Some(flag) => Some(branch::resolve(flag, &branch_list).await?),
        None => config.branch_id,
    };
    // Today drawn from part of the groups would mislead: missing pages fail
    // the command.
    let (groups, (zone, _), branches) = tokio::join!(
        all_pages(session, branch_id, WALK_PER_PAGE, Missing::Fail),
        session.zone(),
        branch_list.get()
    );
    let groups = groups?.into_groups()?;
    // Branch names are a nicety from an unpublished endpoint: without them
    // the ids stand.
    let branches = branch::names(branches);
    let format_of_rows = RowFormat {
        language: config.language,
        zone,
    };
    let mut filter = GroupFilter::new(args.filter.as_deref(), &branches, &format_of_rows);
    let groups = keep(filter.as_mut(), groups);
    let now = zone.wall_clock(Utc::now());
    let at = args.at.map_or(now, |at| at.on(now));
    let day = args.day.map_or(at.date(), |day| day.date(at.date()));
    let today = on_day(&groups, &zone, day, at, args.archived);
    Ok(Seen {
        today,
        groups,
        branches,
        zone,
        at,
        language: config.language,
    })
}

pub async fn run(session: &Session, format: Format, args: &TodayArgs) -> Result<String, CliError> {
    let Seen {
        today,
        groups,
        branches,
        zone,
        at,
        language,
    } = seen(session, args).await?;
    Ok(match format {
        Format::Json => print_pretty(&today_json(&today, &groups, &branches))?,
        Format::Csv => print_csv(
            &columns(),
            &rows(&today, &groups, Language::En),
            &(),
            &branches,
        )?,
        Format::Table => {
            let rows = rows(&today, &groups, language);
            let table = Table::of(&columns(), &rows, &(), &branches);
            // Another day is named; today is its moment.
            let when = shown_day(&today, language).unwrap_or_else(|| moment(at, language));
            let mut text = format!("{when} ({zone})\n");
            text.push_str(&table.to_text_in(on_terminal(), language));
            text
        }
    })
}

/// Several centres' today (`--profiles`, `--fleet`: issue 38), each row
/// led by its centre; JSON: each centre's today with its `centre`.
pub fn centred(
    all: &[(String, Seen)],
    format: Format,
    language: Language,
) -> Result<String, CliError> {
    #[derive(Serialize)]
    struct Centred<'a> {
        centre: &'a str,
        #[serde(flatten)]
        today: TodayJson<'a>,
    }
    if format == Format::Json {
        let all: Vec<Centred> = (all.iter())
            .map(|(centre, seen)| Centred {
                centre,
                today: today_json(&seen.today, &seen.groups, &seen.branches),
            })
            .collect();
        return print_pretty(&all);
    }
    let language = match format {
        Format::Csv => Language::En,
        _ => language,
    };
    let none: [TodayRow; 0] = [];
    let template = Table::of(&columns(), &none, &(), &BranchNames::new());
    let tables = (all.iter())
        .map(|(centre, seen)| {
            let rows = rows(&seen.today, &seen.groups, language);
            let table = Table::of(&columns(), &rows, &(), &seen.branches);
            (centre.clone(), table)
        })
        .collect();
    let table = Table::centred(template, tables);
    Ok(match format {
        Format::Csv => table.to_csv(),
        _ => table.to_text_in(on_terminal(), language),
    })
}

/// The moment today is drawn at, for people: `2026-11-28 10:00` in
/// English (as before), the date as staff write it in the others
/// (`28.11.2026 10:00`).
fn moment(at: NaiveDateTime, language: Language) -> String {
    match language {
        Language::En => format_at(at).replace('T', " "),
        _ => format!(
            "{} {}",
            date(language, at.date()),
            time(language, at.time())
        ),
    }
}

/// Today for scripts, its keys in a fixed order.
#[derive(Serialize)]
struct TodayJson<'a> {
    at: String,
    /// The day listed: `YYYY-MM-DD` (`--day`; else the moment's).
    day: String,
    now: Vec<LessonJson<'a>>,
    next: Vec<LessonJson<'a>>,
    /// Tomorrow's first lessons, once nothing is left to start today.
    tomorrow: Vec<LessonJson<'a>>,
    later: Vec<LessonJson<'a>>,
    done: Vec<LessonJson<'a>>,
    /// Another day's lessons (`--day`), in time order.
    lessons: Vec<LessonJson<'a>>,
    cannot_place: Vec<UnplacedJson<'a>>,
}

/// What a script needs to name a group.
#[derive(Serialize)]
struct GroupJson<'a> {
    group_id: i64,
    number: Option<i64>,
    name: &'a str,
    course: Option<&'a str>,
    branch_id: Option<i64>,
    /// The branch's name when the server names it (`branch_name`, as in
    /// every export).
    #[serde(rename = "branch_name")]
    branch: Option<&'a str>,
}

#[derive(Serialize)]
struct LessonJson<'a> {
    #[serde(flatten)]
    group: GroupJson<'a>,
    /// `YYYY-MM-DDTHH:MM` in the centre's zone (yesterday's date for a
    /// lesson that ran past midnight).
    start: String,
    /// Tomorrow's date for a lesson that runs past midnight.
    end: String,
    /// The end was not sent: the start plus the course's lesson duration.
    end_estimated: bool,
}

#[derive(Serialize)]
struct UnplacedJson<'a> {
    #[serde(flatten)]
    group: GroupJson<'a>,
    /// For people.
    reason: String,
    /// For scripts: `no_days`, `unknown_days_code`, ...
    code: &'static str,
}

fn today_json<'a>(today: &Today, groups: &'a [Group], branches: &'a BranchNames) -> TodayJson<'a> {
    let group = |index: usize| {
        let group = &groups[index];
        GroupJson {
            group_id: group.id,
            number: group.company_group_number,
            name: &group.name,
            course: group.course.as_ref().map(|course| course.name.as_str()),
            branch_id: group.branch_id,
            branch: group
                .branch_id
                .and_then(|id| branches.get(&id))
                .map(String::as_str),
        }
    };
    let lessons = |lessons: &[Lesson]| {
        lessons
            .iter()
            .map(|lesson| LessonJson {
                group: group(lesson.group_index),
                start: format_at(lesson.start),
                end: format_at(lesson.end),
                end_estimated: lesson.end_estimated,
            })
            .collect()
    };
    TodayJson {
        at: format_at(today.at),
        day: today.day.format("%Y-%m-%d").to_string(),
        now: lessons(&today.now),
        next: lessons(&today.next),
        tomorrow: lessons(&today.tomorrow),
        later: lessons(&today.later),
        done: lessons(&today.done),
        lessons: lessons(&today.lessons),
        cannot_place: today
            .cannot_place
            .iter()
            .map(|unplaced| UnplacedJson {
                group: group(unplaced.group_index),
                reason: unplaced_reason(&unplaced.reason),
                code: unplaced.reason.code(),
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::today::parse_at;

    #[test]
    fn the_moment_reads_as_staff_write_it() {
        let at = parse_at("2026-11-28T09:05").unwrap();
        assert_eq!(moment(at, Language::En), "2026-11-28 09:05");
        assert_eq!(moment(at, Language::Ru), "28.11.2026 09:05");
        assert_eq!(moment(at, Language::UzCyrl), "28.11.2026 09:05");
    }
}

//! `crmdeck timetable`: a branch's week as a text grid, JSON or CSV.

use super::all_pages::all_pages;
use super::args::TimetableArgs;
use super::branch::{self, BranchList};
use super::groups::WALK_PER_PAGE;
use super::week_grid::render_text;
use super::{CliError, Format, on_terminal, pretty, print_csv, print_pretty};
use crate::domain::check::{MaxParallel, check};
use crate::domain::clock::format_clock;
use crate::domain::timetable::{Slot, Week, WorkingHours, build_week, monday_to_sunday, summarize};
use crate::domain::zone::Zone;
use crate::model::Group;
use crate::present::check::describe;
use crate::present::columns::BranchNames;
use crate::present::columns::findings;
use crate::present::columns::lessons::{self, day_key};
use crate::present::columns::table::Table;
use crate::present::timetable::unplaced_reason;
use crate::session::Session;
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

/// The grid's width when stdout is not a terminal or its width is unknown.
const FALLBACK_WIDTH: usize = 120;

pub async fn run(
    session: &Session,
    format: Format,
    args: &TimetableArgs,
) -> Result<String, CliError> {
    let config = &session.config;
    let branch_id = match &args.branch {
        Some(flag) => branch::resolve(flag, &BranchList::new(session)).await?,
        None => config.branch_id.ok_or_else(|| {
            CliError::Usage(
                "timetable needs a branch: --branch ID|NAME, or branch_id in the config".into(),
            )
        })?,
    };
    // A week drawn from part of the groups would mislead: missing pages
    // fail the command.
    let (groups, (zone, _)) = tokio::join!(
        all_pages(session, Some(branch_id), WALK_PER_PAGE, false),
        session.zone()
    );
    let groups = groups?.into_groups()?;
    let week = build_week(&groups, &zone, args.archived);
    let hours = args.hours.unwrap_or(config.working_hours);
    if args.check {
        return check_report(format, &week, groups, hours, &config.max_parallel);
    }
    Ok(match format {
        Format::Table => render_text(&week, &groups, hours, config.language, grid_width()),
        Format::Json => print_pretty(&week_json(branch_id, &week, &groups, hours, &zone))?,
        Format::Csv => {
            if !week.undecodable.is_empty() {
                eprintln!(
                    "crmdeck: warning: {} groups not placed, their days or times cannot be read \
                     (listed with --format json)",
                    week.undecodable.len()
                );
            }
            let lessons = lessons::of_week(&week, &groups);
            print_csv(&lessons::columns(), &lessons, &(), &BranchNames::new())?
        }
    })
}

/// The findings of the check, one line each (JSON: one object each), as
/// the error that makes the exit code 1; a line saying all is well otherwise.
fn check_report(
    format: Format,
    week: &Week,
    groups: Vec<Group>,
    hours: WorkingHours,
    max_parallel: &MaxParallel,
) -> Result<String, CliError> {
    let findings = check(week, &groups, hours, max_parallel);
    let report = match format {
        Format::Table => findings
            .iter()
            .map(|finding| format!("{}\n", describe(finding, &groups)))
            .collect(),
        Format::Csv => {
            Table::of(findings::COLUMNS, &findings, &groups, &BranchNames::new()).to_csv()
        }
        Format::Json => pretty(
            &findings
                .iter()
                .map(|finding| FindingJson {
                    code: finding.code(),
                    group_ids: (finding.group_indices().iter())
                        .map(|&index| groups[index].id)
                        .collect(),
                    finding: describe(finding, &groups),
                })
                .collect::<Vec<_>>(),
        )?,
    };
    if findings.is_empty() {
        let checked = if max_parallel.is_unset() {
            " (max_parallel not set: lessons at once not checked)"
        } else {
            ""
        };
        eprintln!("crmdeck: the timetable checks out{checked}");
        return Ok(report);
    }
    Err(CliError::Findings {
        report,
        count: findings.len(),
    })
}

#[derive(Serialize)]
struct FindingJson {
    /// `cannot_place`, `ends_before_start`, `past_midnight`, `outside_hours`, `crowded`.
    code: &'static str,
    group_ids: Vec<i64>,
    /// For people.
    finding: String,
}

/// The terminal's width when stdout is one.
fn grid_width() -> usize {
    if !on_terminal() {
        return FALLBACK_WIDTH;
    }
    crossterm::terminal::size().map_or(FALLBACK_WIDTH, |(columns, _)| usize::from(columns))
}

/// The week for scripts, its keys in a fixed order (days Monday first).
#[derive(Serialize)]
struct WeekJson<'a> {
    branch_id: i64,
    /// The zone the times of day are in.
    timezone: String,
    days: ByDay<Vec<SlotJson<'a>>>,
    undecodable: Vec<UnplacedJson<'a>>,
    summary: SummaryJson,
}

#[derive(Serialize)]
struct SlotJson<'a> {
    start: String,
    end: String,
    crosses_midnight: bool,
    end_estimated: bool,
    lane: usize,
    lanes: usize,
    group: GroupJson<'a>,
}

/// What a script needs to name a group.
#[derive(Serialize)]
struct GroupJson<'a> {
    id: i64,
    number: Option<i64>,
    name: &'a str,
    course: Option<&'a str>,
}

#[derive(Serialize)]
struct UnplacedJson<'a> {
    group: GroupJson<'a>,
    /// For people.
    reason: String,
    /// For scripts: `no_days`, `unknown_days_code`, ...
    code: &'static str,
}

#[derive(Serialize)]
struct SummaryJson {
    groups: usize,
    busiest_day: Option<BusiestDayJson>,
    first_free_hour: ByDay<Option<String>>,
    working_hours: WorkingHoursJson,
    /// Archived and other groups left out (see `--archived`).
    hidden: usize,
}

#[derive(Serialize)]
struct BusiestDayJson {
    day: &'static str,
    lessons: usize,
}

#[derive(Serialize)]
struct WorkingHoursJson {
    open: String,
    close: String,
}

/// Seven values as an object keyed `Mon` to `Sun`, in that order.
struct ByDay<T>([T; 7]);

impl<T: Serialize> Serialize for ByDay<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(7))?;
        for (day, value) in monday_to_sunday().zip(&self.0) {
            map.serialize_entry(day_key(day), value)?;
        }
        map.end()
    }
}

fn week_json<'a>(
    branch_id: i64,
    week: &Week,
    groups: &'a [Group],
    hours: WorkingHours,
    zone: &Zone,
) -> WeekJson<'a> {
    let summary = summarize(week, hours);
    WeekJson {
        branch_id,
        timezone: zone.to_string(),
        days: ByDay(std::array::from_fn(|index| {
            week.days[index]
                .iter()
                .map(|slot| slot_json(slot, groups))
                .collect()
        })),
        undecodable: week
            .undecodable
            .iter()
            .map(|unplaced| UnplacedJson {
                group: group_json(&groups[unplaced.group_index]),
                reason: unplaced_reason(&unplaced.reason),
                code: unplaced.reason.code(),
            })
            .collect(),
        summary: SummaryJson {
            groups: summary.groups,
            busiest_day: summary.busiest_day.map(|(day, lessons)| BusiestDayJson {
                day: day_key(day),
                lessons,
            }),
            first_free_hour: ByDay(summary.first_free_hour.map(|free| free.map(format_clock))),
            working_hours: WorkingHoursJson {
                open: format_clock(hours.open),
                close: format_clock(hours.close),
            },
            hidden: week.hidden,
        },
    }
}

fn slot_json<'a>(slot: &Slot, groups: &'a [Group]) -> SlotJson<'a> {
    SlotJson {
        start: format_clock(slot.start),
        end: format_clock(slot.end),
        crosses_midnight: slot.crosses_midnight,
        end_estimated: slot.end_estimated,
        lane: slot.lane,
        lanes: slot.lanes,
        group: group_json(&groups[slot.group_index]),
    }
}

fn group_json(group: &Group) -> GroupJson<'_> {
    GroupJson {
        id: group.id,
        number: group.company_group_number,
        name: &group.name,
        course: group.course.as_ref().map(|course| course.name.as_str()),
    }
}

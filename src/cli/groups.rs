//! `crmdeck groups`: one page, or every page with `--all`.

use super::args::GroupsArgs;
use super::branch::{self, BranchList};
use super::table::Table;
use super::{CliError, Format, json_text, on_terminal};
use crate::api::pages::walk_all;
use crate::config::Config;
use crate::domain::clock::lesson_range;
use crate::domain::format::{NONE, date, status_word};
use crate::domain::weekday::{NameStyle, day_name, describe_days, weekdays};
use crate::domain::zone::Zone;
use crate::model::{Branch, Group, GroupsQuery};
use crate::session::Session;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::io::{IsTerminal, Write};

pub async fn run(session: &Session, format: Format, args: &GroupsArgs) -> Result<String, CliError> {
    let config = &session.config;
    let per_page = args.per_page.unwrap_or(config.per_page);
    let branch_list = BranchList::new(session);
    let branch_id = match &args.branch {
        Some(flag) => Some(branch::resolve(flag, &branch_list).await?),
        None => config.branch_id,
    };
    let groups = if args.all {
        all_pages(session, branch_id, per_page).await?
    } else {
        let query = GroupsQuery {
            branch_id,
            page: args.page,
            per_page,
        };
        let page = session.client.groups(query).await?;
        if format == Format::Table {
            let total = page
                .pagination
                .total
                .map_or("?".to_string(), |t| t.to_string());
            eprintln!(
                "page {}/{} · {total} groups · {} per page",
                page.page(),
                page.total_pages(),
                page.per_page()
            );
        }
        page.groups
    };
    Ok(match format {
        Format::Json => json_text(&Value::Array(
            groups.iter().map(|g| group_json(g, config)).collect(),
        )),
        Format::Table | Format::Csv => {
            // Branch names are a nicety from an unpublished endpoint: a
            // failing or silent one costs a moment, never the table.
            let (branches, (zone, _)) = tokio::join!(branch_list.get(), session.zone());
            let table = table(&groups, branches.unwrap_or_default(), config, &zone);
            match format {
                Format::Csv => table.to_csv(),
                _ => table.to_text(on_terminal()),
            }
        }
    })
}

/// Every page, with a live progress line when stderr is a terminal and a
/// summary line on stderr at the end.
pub(super) async fn all_pages(
    session: &Session,
    branch_id: Option<i64>,
    per_page: u32,
) -> Result<Vec<Group>, CliError> {
    let live = std::io::stderr().is_terminal();
    let walked = walk_all(&session.client, branch_id, per_page, |read, total| {
        if live {
            let total = total.map_or("?".to_string(), |t| t.to_string());
            eprint!("\rpage {read}/{total}");
            let _ = std::io::stderr().flush();
        }
    })
    .await;
    if live {
        eprint!("\r");
    }
    let (groups, end) = walked?;
    if let Some(warning) = end.warning() {
        eprintln!("crmdeck: warning: {warning}");
    }
    eprintln!("{} groups from every page", groups.len());
    Ok(groups)
}

fn table(groups: &[Group], branches: &[Branch], config: &Config, zone: &Zone) -> Table {
    let branch_names: HashMap<i64, &str> =
        branches.iter().map(|b| (b.id, b.name.as_str())).collect();
    let mut table = Table::new(&[
        ("NO", None),
        ("NAME", Some(32)),
        ("COURSE", Some(24)),
        ("DAYS", Some(20)),
        ("TIME", None),
        ("STATUS", None),
        ("BRANCH", Some(16)),
        ("START", None),
        ("END", None),
    ]);
    let or_none = |text: Option<String>| text.unwrap_or_else(|| NONE.to_string());
    for group in groups {
        let branch = group.branch_id.map(|id| {
            branch_names
                .get(&id)
                .map_or_else(|| id.to_string(), |name| name.to_string())
        });
        table.push(vec![
            or_none(group.company_group_number.map(|n| n.to_string())),
            group.name.clone(),
            or_none(group.course.as_ref().map(|c| c.name.clone())),
            describe_days(
                &group.days,
                &group.exact_days,
                config.language,
                NameStyle::Short,
            ),
            lesson_range(
                group.lesson_start_time.as_ref(),
                group.lesson_end_time.as_ref(),
                zone,
            ),
            status_word(&group.status).into_owned(),
            or_none(branch),
            or_none(
                group
                    .group_start_date
                    .as_ref()
                    .map(|d| date(d).into_owned()),
            ),
            or_none(group.group_end_date.as_ref().map(|d| date(d).into_owned())),
        ]);
    }
    table
}

/// A group as JSON: every field as decoded, plus `days_names`.
fn group_json(group: &Group, config: &Config) -> Value {
    let mut value = serde_json::to_value(group).unwrap_or(Value::Null);
    let names: Vec<&str> = weekdays(&group.days, &group.exact_days)
        .into_iter()
        .map(|day| day_name(day, config.language, NameStyle::Short))
        .collect();
    value["days_names"] = json!(names);
    value
}

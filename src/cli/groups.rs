//! `crmdeck groups`: one page, or every page with `--all`.

use super::args::GroupsArgs;
use super::table::Table;
use super::walk::{store_for, walk};
use super::{CliError, Format, json_text, on_terminal};
use crate::config::Config;
use crate::domain::clock::lesson_range;
use crate::domain::format::{NONE, date, status_word};
use crate::domain::weekday::{NameStyle, day_name, describe_days, weekdays};
use crate::domain::zone::Zone;
use crate::model::{Branch, Group, GroupsQuery};
use crate::session::{Session, optional};
use crate::store::{Store, page_list};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::io::{IsTerminal, Write};
use std::time::Instant;

/// Groups asked for per page while reading every page: the largest page
/// the API is known to serve (the server's answer is trusted over it).
pub(super) const WALK_PER_PAGE: u32 = 100;

pub async fn run(session: &Session, format: Format, args: &GroupsArgs) -> Result<String, CliError> {
    let config = &session.config;
    let branch_id = args.branch.or(config.branch_id);
    let mut store = store_for(config);
    let groups = if args.all {
        let per_page = args.per_page.unwrap_or(WALK_PER_PAGE);
        all_pages(session, &mut store, branch_id, per_page, args.partial).await?
    } else {
        let per_page = args.per_page.unwrap_or(config.per_page);
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
            let (branches, (zone, _)) = tokio::join!(
                optional("branch names", session.client.branches()),
                session.zone()
            );
            if let Some(branches) = branches {
                store.branches.set(branches, Instant::now());
            }
            let branches = store.branches.get().map_or(&[][..], Vec::as_slice);
            let table = table(&groups, branches, config, &zone);
            match format {
                Format::Csv => table.to_csv(),
                _ => table.to_text(on_terminal()),
            }
        }
    })
}

/// Every page of `branch_id`, read through the store with concurrent
/// requests, in page order; a live progress line when stderr is a
/// terminal and a summary line on stderr at the end. Pages that fail are
/// asked once more (only those); pages still missing then fail the
/// command, unless `partial`: the groups read are then returned with a
/// warning naming the missing pages.
pub(super) async fn all_pages(
    session: &Session,
    store: &mut Store,
    branch_id: Option<i64>,
    per_page: u32,
    partial: bool,
) -> Result<Vec<Group>, CliError> {
    let live = std::io::stderr().is_terminal();
    let show = |list: &crate::store::GroupList| {
        if live {
            eprint!("\r{}", list.progress());
            let _ = std::io::stderr().flush();
        }
    };
    let list = store.groups_mut(branch_id, per_page);
    list.walk(Instant::now());
    let mut warnings = walk(&session.client, list, show).await;
    // Something was read, so the server answers: a page that failed gets
    // one more try (not while the server asked to wait long). With nothing
    // read, the cause is the answer.
    if !list.is_empty() && !list.retry_missing(Instant::now()).is_empty() {
        warnings.extend(walk(&session.client, list, show).await);
    }
    if live {
        // Back to the start of the line, the progress erased.
        eprint!("\r\x1b[K");
    }
    let missing = list.missing();
    if let Some((_, cause)) = missing.first() {
        if list.is_empty() {
            return Err(CliError::PagesMissing(cause.to_string()));
        }
        let pages: Vec<u64> = missing.iter().map(|(page, _)| *page).collect();
        let of = list
            .progress()
            .pages
            .map(|pages| format!(" of {pages}"))
            .unwrap_or_default();
        let causes = if missing.iter().all(|(_, other)| other == cause) {
            cause.to_string()
        } else {
            format!("{cause} (other pages other causes: see the log)")
        };
        let what = format!("{}{of} missing: {causes}", page_list(&pages));
        if !partial {
            return Err(CliError::PagesMissing(format!(
                "{what}; nothing printed: rerun, or add --partial to print the groups read"
            )));
        }
        eprintln!("crmdeck: warning: {what}; the groups of the other pages follow");
    }
    for warning in warnings {
        eprintln!("crmdeck: warning: {warning}");
    }
    eprintln!("{} groups from every page", list.len());
    Ok(list.groups().cloned().collect())
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

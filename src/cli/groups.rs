//! `crmdeck groups`: one page, or every page with `--all`.

use super::args::GroupsArgs;
use super::branch::{self, BranchList};
use super::table::Table;
use super::{CliError, Format, json_text, on_terminal};
use crate::api::pages::walk_all;
use crate::config::Config;
use crate::domain::columns::BranchNames;
use crate::domain::columns::groups::COLUMNS;
use crate::domain::format::RowFormat;
use crate::domain::weekday::{NameStyle, day_name, weekdays};
use crate::model::{Group, GroupsPage, GroupsQuery};
use crate::session::Session;
use serde_json::{Value, json};
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
        } else if let Some(hint) = more_pages_hint(&page) {
            // Data for a script on stdout; the hint for its author.
            eprintln!("{hint}");
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
            let branches: BranchNames = (branches.unwrap_or_default().iter())
                .map(|branch| (branch.id, branch.name.clone()))
                .collect();
            let rows = RowFormat {
                language: config.language,
                zone,
            };
            let table = Table::of(COLUMNS, &groups, &rows, &branches);
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

/// `page 1 of 2 — add --all for every group` when `page` is one of
/// several (the server says there are more, or links a next page).
fn more_pages_hint(page: &GroupsPage) -> Option<String> {
    let pages = page.pagination.total_pages;
    let more = pages.is_some_and(|pages| pages > 1) || page.pagination.links.next.is_some();
    more.then(|| {
        let of = pages.map_or("?".to_string(), |_| page.total_pages().to_string());
        format!("page {} of {of} — add --all for every group", page.page())
    })
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Links, Pagination};

    fn page(current: u64, pagination: Pagination) -> GroupsPage {
        GroupsPage {
            query: GroupsQuery {
                branch_id: None,
                page: current,
                per_page: 20,
            },
            groups: Vec::new(),
            pagination,
        }
    }

    #[test]
    fn one_page_of_several_says_so_and_the_only_page_says_nothing() {
        let of = |current, total_pages| Pagination {
            current_page: Some(current),
            total_pages: Some(total_pages),
            ..Pagination::default()
        };
        assert_eq!(
            more_pages_hint(&page(1, of(1, 2))).as_deref(),
            Some("page 1 of 2 — add --all for every group")
        );
        // The last page of several is still a part.
        assert_eq!(
            more_pages_hint(&page(12, of(12, 12))).as_deref(),
            Some("page 12 of 12 — add --all for every group")
        );
        assert_eq!(more_pages_hint(&page(1, of(1, 1))), None);
        // No pagination at all: nothing is known of other pages.
        assert_eq!(more_pages_hint(&page(1, Pagination::default())), None);
        // Only a link to the next page: there are more, how many is unknown.
        let linked = Pagination {
            links: Links {
                next: Some("https://api.example.uz/v2/groups?page=2".into()),
                previous: None,
            },
            ..Pagination::default()
        };
        assert_eq!(
            more_pages_hint(&page(1, linked)).as_deref(),
            Some("page 1 of ? — add --all for every group")
        );
    }
}

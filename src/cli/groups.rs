//! `crmdeck groups`: one page, or every page with `--all`.

use super::args::GroupsArgs;
use super::branch::{self, BranchList};
use super::cache;
use super::walk::{store_for, walk};
use super::{CliError, Format, json_text, on_terminal};
use crate::config::Config;
use crate::domain::columns::BranchNames;
use crate::domain::columns::groups::COLUMNS;
use crate::domain::columns::table::Table;
use crate::domain::format::RowFormat;
use crate::domain::weekday::{NameStyle, day_name, weekdays};
use crate::model::{Group, GroupsPage, GroupsQuery};
use crate::session::Session;
use crate::store::{Store, page_list};
use serde_json::{Value, json};
use std::io::{IsTerminal, Write};
use std::time::Instant;

/// Groups asked for per page while reading every page: the largest page
/// the API is known to serve (the server's answer is trusted over it).
pub(super) const WALK_PER_PAGE: u32 = 100;

pub async fn run(session: &Session, format: Format, args: &GroupsArgs) -> Result<String, CliError> {
    let config = &session.config;
    let branch_list = BranchList::new(session);
    let branch_id = match &args.branch {
        Some(flag) => Some(branch::resolve(flag, &branch_list).await?),
        None => config.branch_id,
    };
    let mut store = store_for(config);
    let groups = if args.all {
        let per_page = args.per_page.unwrap_or(WALK_PER_PAGE);
        let snapshots = session.cache();
        // The rest of the snapshot is asked for while the pages come.
        let (groups, extras) = tokio::join!(
            all_pages(session, &mut store, branch_id, per_page, args.partial),
            async {
                match snapshots {
                    Some(_) => Some(cache::extras(session, &branch_list).await),
                    None => None,
                }
            }
        );
        let groups = groups?;
        // Only a complete walk is a snapshot: never one with pages missing.
        let complete = (store.groups(branch_id)).filter(|list| list.is_complete());
        if let (Some(snapshots), Some(extras), Some(list)) = (snapshots, extras, complete) {
            let shared = list.shared_groups().cloned();
            cache::save(session, &snapshots, branch_id, shared, extras);
        }
        groups
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
    if let (Some(cut), false) = (warnings.iter().find(|w| w.is_cut_short()), partial) {
        return Err(CliError::PagesMissing(format!(
            "{cut}; nothing printed: add --partial to print the groups read"
        )));
    }
    for warning in warnings {
        eprintln!("crmdeck: warning: {warning}");
    }
    eprintln!("{} groups from every page", list.len());
    Ok(list.groups().cloned().collect())
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

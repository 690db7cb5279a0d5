//! `crmdeck groups`: one page, or every page with `--all`.

use super::all_pages::{Missing, all_pages};
use super::args::GroupsArgs;
use super::branch::{self, BranchList};
use super::filter::{GroupFilter, keep};
use super::{CliError, Format, json_text, language_of, on_terminal};
use super::{cache, chatter};
use crate::domain::weekday::weekdays;
use crate::i18n::{Language, Phrase, fill, plural};
use crate::model::{Group, GroupsPage, GroupsQuery};
use crate::present::columns::BranchNames;
use crate::present::columns::groups::COLUMNS;
use crate::present::columns::groups_for_scripts::{CSV_COLUMNS, add_derived};
use crate::present::columns::headings::heads;
use crate::present::columns::table::{RowMaker, Widths, csv_line, in_language, text_line};
use crate::present::format::RowFormat;
use crate::present::weekday::{NameStyle, day_name};
use crate::session::Session;
use serde_json::{Value, json};
use std::io::{BufWriter, Write};

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
    if args.all {
        let per_page = args.per_page.unwrap_or(WALK_PER_PAGE);
        let snapshots = session.cache();
        let missing = match args.partial {
            true => Missing::Partial,
            false => Missing::Fail,
        };
        // The rest of the snapshot is asked for while the pages come.
        let (walked, extras) =
            tokio::join!(all_pages(session, branch_id, per_page, missing), async {
                match snapshots {
                    Some(_) => Some(cache::extras(session, &branch_list).await),
                    None => None,
                }
            });
        let mut walked = walked?;
        // Only a complete walk is a snapshot and a history day: never one
        // with pages missing.
        if let (Some(snapshots), Some(extras), true) = (snapshots, extras, walked.is_whole()) {
            let (zone, _) = session.zone().await;
            cache::save(session, &snapshots, branch_id, &mut walked, extras, zone);
        }
        let table = table_format(session, &branch_list, format).await;
        let mut filter = GroupFilter::new(args.filter.as_deref(), &table.0, &table.1);
        // Written as read back from the spill file, never whole in memory.
        let mut out = BufWriter::new(std::io::stdout().lock());
        write_groups(format, &table, &mut out, |each| {
            walked.each(|group| {
                let admitted = filter.as_mut().is_none_or(|filter| filter.admits(&group));
                if admitted { each(group) } else { Ok(()) }
            })
        })?;
        out.flush()?;
        filter.iter().for_each(GroupFilter::say_unfound);
        return Ok(String::new());
    }
    let per_page = args.per_page.unwrap_or(config.per_page);
    let query = GroupsQuery {
        branch_id,
        page: args.page,
        per_page,
    };
    let page = session.client.groups(query).await?;
    if format == Format::Table {
        let language = chatter::language();
        let groups = (page.pagination.total).map_or_else(
            || Phrase::GroupsUnknown.get(language).to_string(),
            |total| plural::group_count(language, total),
        );
        chatter::note(&fill::page_note(
            language,
            page.page(),
            page.total_pages(),
            groups,
            page.per_page(),
        ));
    } else if let Some(hint) = more_pages_hint(&page, chatter::language()) {
        // Data for a script on stdout; the hint for its author.
        chatter::hint(&hint);
    }
    let table = table_format(session, &branch_list, format).await;
    let mut filter = GroupFilter::new(args.filter.as_deref(), &table.0, &table.1);
    let groups = keep(filter.as_mut(), page.groups);
    let mut out = Vec::new();
    write_groups(format, &table, &mut out, |each| {
        groups.iter().cloned().try_for_each(each)
    })?;
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// What every format needs besides the groups: the branches' names and
/// the centre's zone.
async fn table_format(
    session: &Session,
    branch_list: &BranchList<'_>,
    format: Format,
) -> (BranchNames, RowFormat) {
    // Branch names are a nicety from an unpublished endpoint: a
    // failing or silent one costs a moment, never the table.
    let (branches, (zone, _)) = tokio::join!(branch_list.get(), session.zone());
    let branches = branch::names(branches);
    let rows = RowFormat {
        language: language_of(format, session.config.language),
        zone,
    };
    (branches, rows)
}

/// Writes the groups `groups` calls its function with (once for JSON and
/// CSV, twice for the table: its widths first) to `out`, a group at a time.
fn write_groups<G>(
    format: Format,
    (branches, rows): &(BranchNames, RowFormat),
    out: &mut impl Write,
    mut groups: G,
) -> std::io::Result<()>
where
    G: FnMut(&mut dyn FnMut(Group) -> std::io::Result<()>) -> std::io::Result<()>,
{
    if format == Format::Json {
        let mut first = true;
        groups(&mut |group| {
            out.write_all(if first { b"[\n" } else { b",\n" })?;
            first = false;
            // The group as the element of a pretty array, indented as one.
            let one = json_text(&Value::Array(vec![group_json(&group, rows, branches)]));
            let element = (one.strip_prefix("[\n"))
                .and_then(|one| one.strip_suffix("\n]\n"))
                .unwrap_or(&one);
            out.write_all(element.as_bytes())
        })?;
        return out.write_all(if first { b"[]\n" } else { b"\n]\n" });
    }
    if format == Format::Csv {
        let maker = RowMaker::new(CSV_COLUMNS);
        out.write_all(csv_line(&maker.names()).as_bytes())?;
        return groups(&mut |group| {
            let cells = maker.cells(&group, rows, branches);
            out.write_all(csv_line(&cells).as_bytes())
        });
    }
    let maker = RowMaker::new(COLUMNS);
    // The heads and crmdeck's own words in the rows' language: the table
    // is for people.
    let names = maker.names();
    let headers = heads(&maker.headers(), &names, rows.language);
    let cells =
        |group: &Group| in_language(maker.cells(group, rows, branches), &names, rows.language);
    let mut widths = Widths::new(&headers, maker.max_widths());
    groups(&mut |group| {
        widths.measure(&cells(&group));
        Ok(())
    })?;
    let widths = widths.fitted(on_terminal());
    out.write_all(text_line(&headers, &widths).as_bytes())?;
    groups(&mut |group| out.write_all(text_line(&cells(&group), &widths).as_bytes()))
}

/// `page 1 of 2 — add --all for every group` when `page` is one of
/// several (the server says there are more, or links a next page).
fn more_pages_hint(page: &GroupsPage, language: Language) -> Option<String> {
    let pages = page.pagination.total_pages;
    let more = pages.is_some_and(|pages| pages > 1) || page.pagination.links.next.is_some();
    more.then(|| {
        let of = pages.map_or("?".to_string(), |_| page.total_pages().to_string());
        fill::more_pages(language, page.page(), of)
    })
}

/// A group as JSON: every field as the API sent it, `days_names` in
/// English whatever the interface speaks (`rows` is [`super::FOR_SCRIPTS`]'s), and the fields derived for scripts
/// ([`add_derived`]).
fn group_json(group: &Group, rows: &RowFormat, branches: &BranchNames) -> Value {
    let mut value = group.as_sent();
    let names: Vec<&str> = weekdays(&group.days, &group.exact_days)
        .into_iter()
        .map(|day| day_name(day, rows.language, NameStyle::Short))
        .collect();
    value["days_names"] = json!(names);
    add_derived(&mut value, group, rows, branches);
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
            more_pages_hint(&page(1, of(1, 2)), Language::En).as_deref(),
            Some("page 1 of 2 — add --all for every group")
        );
        // The last page of several is still a part.
        assert_eq!(
            more_pages_hint(&page(12, of(12, 12)), Language::En).as_deref(),
            Some("page 12 of 12 — add --all for every group")
        );
        assert_eq!(more_pages_hint(&page(1, of(1, 1)), Language::En), None);
        // No pagination at all: nothing is known of other pages.
        assert_eq!(
            more_pages_hint(&page(1, Pagination::default()), Language::En),
            None
        );
        // Only a link to the next page: there are more, how many is unknown.
        let linked = Pagination {
            links: Links {
                next: Some("https://api.example.uz/v2/groups?page=2".into()),
                previous: None,
            },
            ..Pagination::default()
        };
        assert_eq!(
            more_pages_hint(&page(1, linked), Language::En).as_deref(),
            Some("page 1 of ? — add --all for every group")
        );
        // In the language chosen.
        assert_eq!(
            more_pages_hint(&page(1, of(1, 2)), Language::Ru).as_deref(),
            Some("стр. 1 из 2 — добавьте --all, чтобы получить все группы")
        );
    }
}

//! The groups list: query parameters, branch filter and pagination.

use serde::Serialize;

use super::data::Group;
use super::urlencoded::value_of;

const DEFAULT_PER_PAGE: u64 = 20;
/// The cap the server applies silently unless a lower one is asked for
/// (`--max-per-page`); `perPage` tells the client.
pub const MAX_PER_PAGE: u64 = 100;

/// `branch_id`, `page`, `per_page` of a groups request; values that are not
/// numbers fall back to the defaults (no filter, page 1, 20 per page, or
/// the cap when it is lower).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct GroupQuery {
    pub(crate) branch_id: Option<i64>,
    pub(crate) page: u64,
    pub(crate) per_page: u64,
}

impl GroupQuery {
    /// The query of a request to a server that serves `max_per_page`
    /// groups a page at most (silently: `per_page` is cut to it).
    pub(crate) fn parse(query: &str, max_per_page: u64) -> Self {
        let number =
            |key: &str| value_of(query, key).and_then(|value| value.trim().parse::<i64>().ok());
        let max_per_page = max_per_page.clamp(1, MAX_PER_PAGE);
        Self {
            branch_id: number("branch_id"),
            page: number("page").map_or(1, |page| page.max(1).unsigned_abs()),
            per_page: number("per_page").map_or(DEFAULT_PER_PAGE.min(max_per_page), |per_page| {
                per_page.clamp(1, max_per_page as i64).unsigned_abs()
            }),
        }
    }

    /// The URL of another page of this same list.
    fn page_url(&self, base_url: &str, page: u64) -> String {
        let branch = self
            .branch_id
            .map(|branch_id| format!("branch_id={branch_id}&"))
            .unwrap_or_default();
        format!(
            "{base_url}/v2/groups?{branch}per_page={}&page={page}",
            self.per_page
        )
    }
}

/// The `pagination` object of the groups list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Pagination {
    count: usize,
    total: usize,
    per_page: u64,
    current_page: u64,
    total_pages: u64,
    links: Links,
}

/// `next` is absent on the last page, `previous` on the first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
struct Links {
    #[serde(skip_serializing_if = "Option::is_none")]
    next: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    previous: Option<String>,
}

/// The page of `groups` (ordered by id) that `query` asks for, and its pagination.
pub(crate) fn page<'a>(
    groups: impl IntoIterator<Item = &'a Group>,
    query: &GroupQuery,
    base_url: &str,
) -> (Vec<&'a Group>, Pagination) {
    let matching: Vec<&Group> = groups
        .into_iter()
        .filter(|group| {
            query
                .branch_id
                .is_none_or(|branch_id| group.branch_id == branch_id)
        })
        .collect();
    let total = matching.len();
    // Like Laravel's paginator: an empty list still has one (empty) page.
    let total_pages = (total as u64).div_ceil(query.per_page).max(1);
    let skip = usize::try_from(query.page.saturating_sub(1).saturating_mul(query.per_page))
        .unwrap_or(usize::MAX);
    let items: Vec<&Group> = matching
        .into_iter()
        .skip(skip)
        .take(query.per_page as usize)
        .collect();
    let links = Links {
        next: (query.page < total_pages).then(|| query.page_url(base_url, query.page + 1)),
        previous: (query.page > 1).then(|| query.page_url(base_url, query.page - 1)),
    };
    let pagination = Pagination {
        count: items.len(),
        total,
        per_page: query.per_page,
        current_page: query.page,
        total_pages,
        links,
    };
    (items, pagination)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::Seed;
    use serde_json::json;

    fn query(branch_id: Option<i64>, page: u64, per_page: u64) -> GroupQuery {
        GroupQuery {
            branch_id,
            page,
            per_page,
        }
    }

    #[test]
    fn parses_with_defaults_and_clamps() {
        let parse = |text: &str| GroupQuery::parse(text, MAX_PER_PAGE);
        assert_eq!(parse(""), query(None, 1, 20));
        assert_eq!(
            parse("branch_id=2&page=3&per_page=50"),
            query(Some(2), 3, 50)
        );
        assert_eq!(parse("per_page=500"), query(None, 1, 100));
        assert_eq!(parse("per_page=0&page=-4"), query(None, 1, 1));
        assert_eq!(
            parse("branch_id=abc&page=x&per_page=1e3"),
            query(None, 1, 20)
        );
        assert_eq!(parse("page=%203"), query(None, 3, 20));
    }

    #[test]
    fn a_lower_cap_cuts_per_page_silently() {
        let capped = |text: &str| GroupQuery::parse(text, 7);
        assert_eq!(capped("per_page=100"), query(None, 1, 7));
        assert_eq!(capped("per_page=5"), query(None, 1, 5));
        assert_eq!(capped(""), query(None, 1, 7));
        assert_eq!(GroupQuery::parse("per_page=100", 0), query(None, 1, 1));
        assert_eq!(GroupQuery::parse("per_page=100", 500), query(None, 1, 100));
    }

    #[test]
    fn pages_through_a_branch_with_links() {
        let groups = Seed::generate(false, crate::data::DEFAULT_GROUPS).groups;
        let in_branch = groups.iter().filter(|g| g.branch_id == 1).count();
        let base = "http://127.0.0.1:9";

        let (items, pagination) = page(&groups, &query(Some(1), 1, 10), base);
        assert_eq!(items.len(), 10);
        assert!(items.iter().all(|g| g.branch_id == 1));
        let expected_pages = in_branch.div_ceil(10) as u64;
        assert_eq!(
            serde_json::to_value(&pagination).unwrap(),
            json!({
                "count": 10, "total": in_branch, "perPage": 10, "currentPage": 1,
                "totalPages": expected_pages,
                "links": {"next": "http://127.0.0.1:9/v2/groups?branch_id=1&per_page=10&page=2"},
            })
        );

        let (items, pagination) = page(&groups, &query(Some(1), expected_pages, 10), base);
        assert_eq!(items.len(), in_branch - 10 * (expected_pages as usize - 1));
        let links = serde_json::to_value(&pagination.links).unwrap();
        assert_eq!(links.get("next"), None);
        assert_eq!(
            links["previous"],
            format!(
                "{base}/v2/groups?branch_id=1&per_page=10&page={}",
                expected_pages - 1
            )
        );
    }

    #[test]
    fn past_the_end_and_unknown_branch_are_empty() {
        let groups = Seed::generate(false, crate::data::DEFAULT_GROUPS).groups;
        let (items, pagination) = page(&groups, &query(None, 99, 20), "http://x");
        assert!(items.is_empty());
        assert_eq!(
            (pagination.count, pagination.total, pagination.total_pages),
            (0, 240, 12)
        );
        assert_eq!(pagination.links.next, None);

        let (items, pagination) = page(&groups, &query(Some(77), 1, 20), "http://x");
        assert!(items.is_empty());
        assert_eq!((pagination.total, pagination.total_pages), (0, 1));
        assert_eq!(serde_json::to_value(&pagination.links).unwrap(), json!({}));

        let (items, _) = page(&groups, &query(None, u64::MAX, 100), "http://x");
        assert!(items.is_empty());
    }
}

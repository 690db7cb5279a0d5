//! Page facts: the envelope every answer comes in, what the server says
//! about a page (`pagination`), which page of groups to ask for, and one
//! page of groups as it came back.

use serde::Serialize;

use super::records::Group;

/// `{status, success, data, pagination}`: every successful answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Envelope<T> {
    pub status: Option<i64>,
    pub success: Option<bool>,
    pub data: T,
    pub pagination: Option<Pagination>,
    /// A `message` next to the data, when the server sent one.
    pub message: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Links {
    pub next: Option<String>,
    pub previous: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Pagination {
    pub count: Option<u64>,
    pub total: Option<u64>,
    pub per_page: Option<u64>,
    pub current_page: Option<u64>,
    pub total_pages: Option<u64>,
    pub links: Links,
}

/// Which page of groups to ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GroupsQuery {
    pub branch_id: Option<i64>,
    pub page: u64,
    pub per_page: u32,
}

/// One page of groups as the server answered it.
#[derive(Debug, Clone, PartialEq)]
pub struct GroupsPage {
    pub query: GroupsQuery,
    pub groups: Vec<Group>,
    /// The server's pagination, trusted over what was asked for.
    pub pagination: Pagination,
}

impl GroupsPage {
    /// The page number the server says it sent (the asked one if it says none).
    pub fn page(&self) -> u64 {
        self.pagination.current_page.unwrap_or(self.query.page)
    }

    /// The number of pages, at least the current one.
    pub fn total_pages(&self) -> u64 {
        self.pagination
            .total_pages
            .unwrap_or_else(|| self.page())
            .max(1)
    }

    /// Items per page as the server applied it.
    pub fn per_page(&self) -> u32 {
        self.pagination
            .per_page
            .and_then(|n| u32::try_from(n).ok())
            .filter(|&n| n > 0)
            .unwrap_or(self.query.per_page)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_numbers_trust_the_server() {
        let page = GroupsPage {
            query: GroupsQuery {
                branch_id: None,
                page: 2,
                per_page: 500,
            },
            groups: Vec::new(),
            pagination: Pagination {
                per_page: Some(100),
                current_page: Some(2),
                total_pages: Some(3),
                ..Pagination::default()
            },
        };
        assert_eq!(page.per_page(), 100);
        assert_eq!(page.total_pages(), 3);
        let bare = GroupsPage {
            pagination: Pagination::default(),
            ..page
        };
        assert_eq!(bare.per_page(), 500);
        assert_eq!(bare.page(), 2);
        assert_eq!(bare.total_pages(), 2);
    }
}

//! A page of groups made ready to draw: every cell formatted, sanitised and
//! measured once, when the page arrives, so a frame only copies the visible
//! rows' clusters into the screen buffer.

use crate::domain::columns::ScreenTable;
use crate::domain::columns::groups::COLUMNS;
use crate::domain::format::RowFormat;
use crate::model::{Group, GroupStatus, GroupsPage};
use chrono::{DateTime, Utc};

/// A page of groups as it sits in the cache.
#[derive(Debug, Clone)]
pub struct CachedPage {
    pub groups: Vec<Group>,
    /// The groups as the table shows them (see [`COLUMNS`]), in the same order.
    pub table: ScreenTable,
    /// The page number the server sent.
    pub page: u64,
    pub total_pages: u64,
    /// Groups in all pages, when the server said.
    pub total: Option<u64>,
    pub per_page: u32,
    pub fetched_at: DateTime<Utc>,
}

impl CachedPage {
    /// Formats every row of `page` once.
    pub fn new(page: GroupsPage, format: RowFormat, now: DateTime<Utc>) -> Self {
        Self {
            table: ScreenTable::new(COLUMNS, &page.groups, &format),
            page: page.page(),
            total_pages: page.total_pages(),
            total: page.pagination.total,
            per_page: page.per_page(),
            groups: page.groups,
            fetched_at: now,
        }
    }

    /// Formats every row again (the zone changed).
    pub fn reformat(&mut self, format: RowFormat) {
        self.table = ScreenTable::new(COLUMNS, &self.groups, &format);
    }

    /// True when the group of row `index` is archived.
    pub fn archived(&self, index: usize) -> bool {
        self.groups[index].status == GroupStatus::Archive
    }
}

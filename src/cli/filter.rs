//! `--filter QUERY` of `groups`, `today`, `timetable` and `changes`: the
//! dashboard's query language (`domain::query`), tested on the same row
//! the dashboard's filter tests, so a query finds the same groups in both.

use super::chatter;
use crate::domain::digest::Digest;
use crate::domain::query::{CourseWordsByName, Facts, Matcher, Query, Unfound};
use crate::domain::script::fold;
use crate::i18n::fill;
use crate::model::Group;
use crate::present::columns::BranchNames;
use crate::present::columns::groups::screen_row;
use crate::present::format::RowFormat;
use crate::present::query::reading;

/// A query ready to test groups.
pub struct GroupFilter {
    matcher: Matcher,
    format: RowFormat,
    courses: CourseWordsByName,
    /// The query's text words no group given to [`Self::admits`] held.
    unfound: Unfound,
}

impl GroupFilter {
    /// The filter `text` as typed, a branch found by its name in
    /// `branches`, times in `format`'s zone; None for no filter. How the
    /// query was read is said where progress is (a terminal, or `-v`).
    pub fn new(text: Option<&str>, branches: &BranchNames, format: &RowFormat) -> Option<Self> {
        let query = Query::parse(text?);
        if query.is_empty() {
            return None;
        }
        chatter::note(&format!("filter: {}", reading(&query, format.language)));
        Some(Self {
            matcher: Matcher::new(&query, branches),
            // The rows tested are the same in every language, so that a
            // script's `--filter` keeps the same groups under any locale.
            format: RowFormat {
                language: super::FOR_SCRIPTS,
                ..*format
            },
            courses: CourseWordsByName::default(),
            unfound: Unfound::new(&query),
        })
    }

    /// Whether `group` meets the query.
    pub fn admits(&mut self, group: &Group) -> bool {
        let row = screen_row(group, &self.format, &mut self.courses);
        if !self.unfound.is_empty() {
            row.look(&self.matcher, &mut self.unfound);
        }
        row.matches(&self.matcher)
    }

    /// Says each text word of the query that no group given to
    /// [`Self::admits`] held (a typo, a time meant but read as a word): the
    /// list is empty or short for a reason the reader should see.
    pub fn say_unfound(&self) {
        for word in self.unfound.words() {
            chatter::warn(&fill::cli_filter_unfound(chatter::language(), word));
        }
    }

    /// Whether the group `digest` keeps of (a gone group's, as it was)
    /// meets the query: its text words in its number, name and course.
    pub fn admits_digest(&self, digest: &Digest) -> bool {
        let number = digest
            .number
            .get()
            .map(|n| n.to_string())
            .unwrap_or_default();
        let course = digest.course.as_deref().unwrap_or_default();
        let text = fold(&format!("{number} {} {course}", digest.name));
        let facts = Facts::of_digest(digest);
        self.matcher
            .matches(&text, digest.branch.get(), Some(&facts))
    }
}

/// `groups` without those `filter` leaves out.
pub fn keep(filter: Option<&mut GroupFilter>, mut groups: Vec<Group>) -> Vec<Group> {
    if let Some(filter) = filter {
        groups.retain(|group| filter.admits(group));
        filter.say_unfound();
    }
    groups
}

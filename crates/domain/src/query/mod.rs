//! The query language, one for the dashboard's `/` and `:filter` and the
//! command line's `--filter`: words ANDed, each either text to find in a
//! row (names and courses, in either script) or a field word that narrows
//! on what the group is: a weekday (`tue`, `вт`, `sesh`), a part of the
//! day (`evening`, `вечером`, `kechqurun`), a time or range on the
//! lesson's start (`17:00`, `>=17`, `17-20`), a set of days (`odd`, `har
//! kuni`, `days:mon,wed,fri`), `branch:`, `course:`, `status:`.
//!
//! Parsed here once ([`Query::parse`], never failing: what reads as no
//! field is text), printed back in a form that parses to the same
//! ([`Query`]'s `Display`), matched by a [`Matcher`]. How a query reads for
//! people ("Tue · from 17:00 · ielts") is `present::query`'s.
//!
//! Quotes make a word text whatever it looks like (`"tue"`, `"17"`) and
//! hold spaces (`branch:"Mirzo Ulugbek"`).

mod matcher;
pub mod named;
mod parse;
mod time;
pub mod words;

pub use matcher::{CourseWords, CourseWordsByName, Facts, Matcher, Unfound};
pub use time::LAST_MINUTE;

use crate::clock::format_minute;
pub use crate::weekday::Days;
use chrono::Weekday;
use std::fmt;

/// A query: its words, each a condition, all of which a row meets.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Query {
    pub terms: Vec<Term>,
}

/// One condition of a query.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Term {
    /// Text to find, as typed (matched folded to one script).
    Text(String),
    /// Meets on this day.
    Day(Weekday),
    /// Meets on exactly these days.
    Days(Days),
    /// Starts in this part of the day.
    Part(Part),
    /// Starts within this range.
    Start(TimeRange),
    /// In a branch whose name holds this, or whose id it is.
    Branch(String),
    /// Of a course whose name holds this.
    Course(String),
    Status(Status),
}

/// Parts of the day, on the lesson's start in the centre's zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Part {
    /// Before 12:00.
    Morning,
    /// From 12:00 to before 17:00.
    Afternoon,
    /// From 17:00.
    Evening,
}

impl Part {
    pub const ALL: [Part; 3] = [Part::Morning, Part::Afternoon, Part::Evening];

    /// The minutes of the day it holds.
    pub fn range(self) -> TimeRange {
        match self {
            Part::Morning => TimeRange::new(0, 12 * 60 - 1),
            Part::Afternoon => TimeRange::new(12 * 60, 17 * 60 - 1),
            Part::Evening => TimeRange::new(17 * 60, LAST_MINUTE),
        }
    }

    /// Its English word, as printed.
    pub fn word(self) -> &'static str {
        match self {
            Part::Morning => "morning",
            Part::Afternoon => "afternoon",
            Part::Evening => "evening",
        }
    }
}

/// Minutes of the day from `from` to `to`, both in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TimeRange {
    pub from: u16,
    pub to: u16,
}

impl TimeRange {
    pub fn new(from: u16, to: u16) -> Self {
        Self { from, to }
    }

    pub fn holds(self, minute: u16) -> bool {
        (self.from..=self.to).contains(&minute)
    }

    /// The whole hour it is, if it is one (`17` read as 17:00–17:59).
    pub fn whole_hour(self) -> Option<u16> {
        (self.from.is_multiple_of(60) && self.to == self.from + 59).then_some(self.from / 60)
    }
}

/// A group's status as a query names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    Active,
    Archived,
}

impl Query {
    /// The query `text` reads as. Never fails: a word that is no field
    /// is text to find.
    pub fn parse(text: &str) -> Self {
        Self {
            terms: parse::terms(text),
        }
    }

    /// No condition: every row passes.
    pub fn is_empty(&self) -> bool {
        self.terms.is_empty()
    }

    /// Whether any word is a field (the rest of the query is text).
    pub fn has_fields(&self) -> bool {
        self.terms.iter().any(|term| !matches!(term, Term::Text(_)))
    }
}

/// The query as it could be typed, in English: parsed again, the same query.
impl fmt::Display for Query {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (at, term) in self.terms.iter().enumerate() {
            if at > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{term}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Term::Text(text) if parse::reads_as_text(text) => f.write_str(text),
            Term::Text(text) => f.write_str(&parse::quoted(text)),
            Term::Day(day) => f.write_str(&day_word(*day)),
            Term::Days(set) => {
                let days: Vec<String> = set.iter().map(day_word).collect();
                write!(f, "days:{}", days.join(","))
            }
            Term::Part(part) => f.write_str(part.word()),
            Term::Start(range) => f.write_str(&time_text(*range)),
            Term::Branch(name) => write!(f, "branch:{}", parse::value_text(name)),
            Term::Course(name) => write!(f, "course:{}", parse::value_text(name)),
            Term::Status(Status::Active) => f.write_str("status:active"),
            Term::Status(Status::Archived) => f.write_str("status:archived"),
        }
    }
}

/// "tue".
fn day_word(day: Weekday) -> String {
    day.to_string().to_lowercase()
}

/// A range as typed: `17:00`, `17`, `>=17:00`, `<=12:00`, `17:00-20:00`.
fn time_text(range: TimeRange) -> String {
    let clock = format_minute;
    match range.whole_hour() {
        Some(hour) if (7..=22).contains(&hour) => return hour.to_string(),
        _ => {}
    }
    if range.from == range.to {
        clock(range.from)
    } else if range.to == LAST_MINUTE {
        format!(">={}", clock(range.from))
    } else if range.from == 0 {
        format!("<={}", clock(range.to))
    } else {
        format!("{}-{}", clock(range.from), clock(range.to))
    }
}

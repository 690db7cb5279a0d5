//! Text for people from the model and from [`crate::domain`]'s
//! computation: numbers, dates and widths (`format`), text measured once
//! for drawing (`cell_text`), the names of days in three languages
//! (`weekday`), a lesson's times, today's timings and headings, the
//! timetable check's findings in words, and one column table per record
//! kind (`columns`) that the dashboard, the command line and `:export` read.
//! Pure: no HTTP, no terminal; server text goes through
//! [`crate::sanitize`] before it is shown.

pub mod cell_text;
pub mod change_text;
pub mod check;
pub mod clock;
pub mod columns;
pub mod format;
pub mod query;
pub mod timetable;
pub mod today;
pub mod weekday;

use std::fmt;
use std::str::FromStr;

/// Language of weekday names (`language = "en" | "ru" | "uz"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Language {
    #[default]
    En,
    Ru,
    Uz,
}

impl FromStr for Language {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "en" => Ok(Self::En),
            "ru" => Ok(Self::Ru),
            "uz" => Ok(Self::Uz),
            other => Err(format!("unknown language {other:?}: expected en, ru or uz")),
        }
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::En => "en",
            Self::Ru => "ru",
            Self::Uz => "uz",
        })
    }
}

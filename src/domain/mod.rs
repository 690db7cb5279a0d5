//! Pure helpers on top of chrono: weekdays, times of day in a zone,
//! formatting for people, and sanitising server text before it is shown.
//! No HTTP, no terminal.

pub mod address;
pub mod branch_lookup;
pub mod cell_text;
pub mod check;
pub mod clock;
pub mod columns;
pub mod format;
pub mod script;
pub mod timetable;
pub mod today;
pub mod weekday;
pub mod zone;

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

//! Text for people from the model and from [`crate::domain`]'s
//! computation: numbers, dates and widths (`format`), text measured once
//! for drawing (`cell_text`), the names of days in three languages
//! (`weekday`), a lesson's times, today's timings and headings, the
//! timetable check's findings in words, and one column table per record
//! kind (`columns`) that the dashboard, the command line and `:export` read.
//! Pure: no HTTP, no terminal; server text goes through
//! [`crate::sanitize`] before it is shown.

pub mod api_words;
pub mod cell_text;
pub mod change_text;
pub mod check;
pub mod clock;
pub mod columns;
pub mod format;
pub mod install_across;
pub mod query;
pub mod timetable;
pub mod today;
pub mod weekday;
pub mod words;

/// The language of the interface: `en`, `ru`, `uz`, `uz-Cyrl` (the i18n
/// crate's, where it is chosen and its words are kept).
pub use crate::i18n::Language;

//! The floor everything stands on: the CRM's records as typed values and
//! the page facts (the token and its masking are `crmdeck-secret`'s). It
//! imports nothing of ours (crmdeck's other crates depend on it, it on
//! none of them): `api` reads answers into it, `domain` computes on it,
//! everybody else reads it.
//!
//! - `records`: groups, courses, plugins, installations, branches, the
//!   answer envelope, and their tolerant field types (codes, times, dates);
//! - `decode`: how each record is read from JSON, tolerantly (its
//!   `Deserialize`, for the API's answers and the snapshot files alike);
//! - `weekday`: days as the API sends them (numbers, names in three
//!   languages);
//! - `page`: pagination, which page of groups to ask for, a page as answered;
//! - `api_url`: the API's address ([`ApiUrl`]), parsed once for the config,
//!   the client and the top line;
//! - `budget`: the elements a document being decoded may still keep.

mod api_url;
pub mod budget;
pub mod decode;
mod page;
mod records;
pub mod weekday;

pub use api_url::{ApiUrl, ApiUrlError};
pub use page::{Envelope, GroupsPage, GroupsQuery, Links, Pagination};
pub use records::{
    Abilities, Branch, Company, Course, DateField, DaysCode, ExactDays, Group, GroupStatus,
    InstallResult, Installation, LessonTime, Me, Plugin, PluginType, RawText, SentText, Timestamp,
    WrittenBack,
};

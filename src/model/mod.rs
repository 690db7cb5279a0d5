//! The floor everything stands on: the CRM's records as typed values, the
//! page facts, and the secrets with their masking and expiry text. It
//! imports nothing of ours: `api` decodes into it, `domain` computes on it,
//! everybody else reads it.
//!
//! - `records`: groups, courses, plugins, installations, branches, the
//!   answer envelope, and their tolerant field types (codes, times, dates);
//! - `page`: pagination, which page of groups to ask for, a page as answered;
//! - `secret`: the bearer [`Token`], [`mask_secret`], [`redact_secrets`],
//!   [`describe_expiry`];
//! - `echo`: the token found in any text, whole or in pieces, to mask;
//! - `budget`: the elements a document being decoded may still keep.

pub mod budget;
pub mod echo;
mod page;
mod records;
mod secret;

pub use page::{Envelope, GroupsPage, GroupsQuery, Links, Pagination};
pub use records::{
    Abilities, Branch, Company, Course, DateField, DaysCode, ExactDays, Group, GroupStatus,
    InstallResult, Installation, LessonTime, Me, Plugin, PluginType, RawText, Timestamp,
};
pub use secret::{Token, describe_expiry, mask_secret, mask_token_like_words, redact_secrets};

//! How the records are read from JSON, tolerantly (every shape in
//! `tests/decoding.rs`'s table): the
//! `Deserialize` of each record (`records.rs`: unknown keys skipped, missing
//! ones left at their default) and the conversions of single fields
//! (`lenient.rs`: numbers as text, flags as 0/1, times in any seen form, a
//! value that does not fit kept raw or `None`). The API's answers
//! (`api::decode`) and the snapshot files (`crmdeck-store`) are read by the
//! same impls; the visitor machinery is public so that the API's envelope
//! and error bodies are read the same way.
//!
//! The impls live with the types because Rust lets only the crate of a type
//! (or of the trait) implement a foreign trait for it.

mod lenient;
mod records;

pub use lenient::{
    Accept, AnyValue, Loose, MAX_KEPT_ELEMENTS, Shape, flag, int, parse_with, read, skip_list,
    skip_object, skip_value, text, with_element_budget,
};
pub use records::{Record, RecordRead, RecordShape, nested};

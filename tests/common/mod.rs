//! Helpers shared by integration tests.

pub mod dashboard;
pub mod pty;

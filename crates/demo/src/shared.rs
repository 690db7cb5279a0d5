//! The state the handlers of one demo server share: the seeded records, the
//! token, the installations made since it started, hit counts, faults and
//! the shutdown signal. Built by `server`, read by `routes`.

use std::sync::atomic::AtomicU64;
use std::sync::{Mutex, MutexGuard, PoisonError};

use tokio_util::sync::CancellationToken;

use super::Route;
use super::data::Seed;
use super::faults::FaultControl;
use super::plugins::Installations;

/// What the handlers of one server share.
pub(crate) struct Shared {
    /// `http://127.0.0.1:PORT`, for links in answers.
    pub(crate) base_url: String,
    pub(crate) token: String,
    pub(crate) seed: Seed,
    /// The most groups a page holds (`per_page` is cut to it silently).
    pub(crate) max_per_page: u64,
    pub(super) installations: Mutex<Installations>,
    pub(super) hits: [AtomicU64; Route::ALL.len()],
    /// Requests being answered now, and the most there were at once.
    pub(super) in_flight: [AtomicU64; Route::ALL.len()],
    pub(super) peak_in_flight: [AtomicU64; Route::ALL.len()],
    pub(super) faults: FaultControl,
    /// Cancelled when the server stops: ends hanging and dripping answers.
    pub(super) shutdown: CancellationToken,
}

impl Shared {
    /// The demo user's installations, locked for a short read or update.
    pub(crate) fn installations(&self) -> MutexGuard<'_, Installations> {
        // Every update is a single insert: a panicked holder leaves no half state.
        self.installations
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}

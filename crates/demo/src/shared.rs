//! The state the handlers of one demo server share: the seeded records and
//! the centre of the epoch being served, the token, the installations made
//! since it started, hit counts, faults and the shutdown signal. Built by
//! `server`, read by `routes`.

use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::SystemTime;

use tokio_util::sync::CancellationToken;

use super::changes::Centre;
use super::data::Seed;
use super::faults::FaultControl;
use super::plugins::Installations;
use super::{Changes, Route};

/// What the handlers of one server share.
pub(crate) struct Shared {
    /// `http://127.0.0.1:PORT`, for links in answers.
    pub(crate) base_url: String,
    pub(crate) token: String,
    /// Other tokens let through besides (`DemoHandle::also_accept`): other
    /// accounts of the same centre, or an opaque token.
    pub(crate) also_accepted: Mutex<Vec<String>>,
    pub(crate) seed: Seed,
    /// The centre's name in `GET /v2/token/me`.
    pub(crate) centre_name: String,
    /// Every install answered 403 ([`DemoOptions::refuse_installs`](crate::DemoOptions)).
    pub(crate) refuse_installs: bool,
    pub(super) changes: Changes,
    /// The centre of the last epoch asked for, made from `seed`.
    pub(super) centre: Mutex<Arc<Centre>>,
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

    /// The centre of the epoch now, made on the first request of an epoch
    /// (the others wait for it). A walk that spans the start of an epoch
    /// reads its later pages from the new centre.
    pub(crate) fn centre(&self) -> Arc<Centre> {
        let epoch = self.changes.epoch_at(SystemTime::now());
        // Replaced whole or not at all: a panicked holder leaves no half state.
        let mut centre = self.centre.lock().unwrap_or_else(PoisonError::into_inner);
        if centre.epoch() != epoch {
            *centre = Arc::new(Centre::at(&self.seed, epoch));
        }
        Arc::clone(&centre)
    }
}

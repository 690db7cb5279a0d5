//! The sessions of a fleet's centres, each opened when first asked for (as
//! `:profile` opens one: `session::open_profile`; under `--demo` a demo
//! centre's server starts then, not at the start) and kept for the next
//! refresh, so a token command runs once and a demo centre keeps its server
//! and its installs. One that did not open is tried again next time.

use super::probe::{probe, snapshot_figures, summary_of};
use crate::config::Overrides;
use crate::domain::centre::{CentreSummary, Probe, Status};
use crate::session::Session;
use chrono::{DateTime, Utc};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

/// Each centre's session, opened once; cheap to clone (shared).
#[derive(Clone)]
pub struct Sessions {
    inner: Arc<Inner>,
}

struct Inner {
    overrides: Overrides,
    demo: bool,
    /// Per profile, its session once opened; the lock of one profile is
    /// held while it opens (the others open meanwhile).
    opened: Mutex<HashMap<String, Slot>>,
}

/// One profile's session once opened, locked while it opens.
type Slot = Arc<tokio::sync::Mutex<Option<Arc<Session>>>>;

impl Sessions {
    /// Sessions opened as the flags `overrides` and `--demo` open one,
    /// the profile replaced.
    pub fn new(overrides: &Overrides, demo: bool) -> Self {
        Self {
            inner: Arc::new(Inner {
                overrides: overrides.clone(),
                demo,
                opened: Mutex::default(),
            }),
        }
    }

    /// `profile`'s session, opened now if it is not yet; or why it did not
    /// open (one line: the session's errors never quote a token).
    pub async fn get(&self, profile: &str) -> Result<Arc<Session>, String> {
        let slot = {
            let mut opened = (self.inner.opened.lock()).unwrap_or_else(PoisonError::into_inner);
            opened.entry(profile.to_owned()).or_default().clone()
        };
        let mut slot = slot.lock().await;
        if let Some(session) = slot.as_ref() {
            return Ok(session.clone());
        }
        let opened = super::open(&self.inner.overrides, self.inner.demo, profile).await;
        let session = Arc::new(opened.map_err(|error| error.to_string().replace('\n', " "))?);
        *slot = Some(session.clone());
        Ok(session)
    }

    /// `previous` refreshed at `now`: the session opened (if it must be),
    /// the centre probed and its snapshot read; a session that does not
    /// open is [`Status::NotOpened`], its figures kept stale.
    pub async fn refresh(&self, previous: &CentreSummary, now: DateTime<Utc>) -> CentreSummary {
        let session = match self.get(&previous.profile).await {
            Ok(session) => session,
            Err(why) => {
                tracing::warn!(profile = %previous.profile, %why, "centre not opened");
                let probe = Probe {
                    status: Status::NotOpened,
                    latency: None,
                    figures: Default::default(),
                    at: now,
                };
                return CentreSummary::refreshed(previous, probe);
            }
        };
        let facts = summary_of(&session);
        let probed = probe(&session, now).await;
        let mut summary = CentreSummary::refreshed(previous, probed);
        summary.host = facts.host;
        summary.read_only = facts.read_only;
        summary.token_expires_at = facts.token_expires_at;
        summary.snapshot = snapshot_figures(&session, now).await;
        summary
    }
}

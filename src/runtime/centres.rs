//! The Centres tab's refresh (issue 38 §2): every centre of the fleet
//! probed through `fleet::for_each_centre`, at most `fleet_concurrency` at
//! once, each answering the app as it finishes (`Input::CentreProbed`), so
//! a slow or failing centre holds neither the others nor the keys (the
//! loop takes each result as one input among the keys). A centre's
//! session is opened once (as `:profile` opens it) and kept for the next
//! refresh. The probes outlive a switch of profile: the Centres view goes
//! on in the new app, which takes their results. A new refresh stops the
//! one before.

use crate::app::Input;
use crate::app::fleet::CentresAsk;
use crate::config::Overrides;
use crate::domain::centre::{CentreSummary, Probe, Status};
use crate::fleet::{self, Running};
use crate::session::Session;
use chrono::Utc;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// A centre's result: its summary's facts and what its probe found.
type Probed = (CentreSummary, Probe);

/// Where the centres' sessions come from, and the refresh under way.
pub struct CentresProbes {
    /// The start's flags and `--demo`; None: no config to open profiles
    /// from (a test's loop): every centre is said unreachable.
    source: Option<(Overrides, bool)>,
    /// Each centre's session, opened once.
    sessions: Arc<Mutex<HashMap<String, Arc<Session>>>>,
    /// The refresh under way: its number and its centres at work.
    running: Option<(u64, Running<Probed>)>,
}

impl CentresProbes {
    pub fn new(source: Option<(Overrides, bool)>) -> Self {
        Self {
            source,
            sessions: Arc::default(),
            running: None,
        }
    }

    /// Probes every centre `ask` names (the refresh before stops).
    pub fn start(&mut self, ask: CentresAsk) {
        let CentresAsk {
            refresh,
            profiles,
            concurrency,
        } = ask;
        let source = self.source.clone();
        let sessions = self.sessions.clone();
        let running = fleet::for_each_centre(profiles, concurrency, move |profile| {
            let (source, sessions) = (source.clone(), sessions.clone());
            async move { probed(&profile, source, &sessions).await }
        });
        self.running = Some((refresh, running));
    }

    /// The next centre to finish, as the app's input; waits for ever while
    /// none is at work.
    pub async fn next(&mut self) -> Input {
        if let Some((refresh, running)) = &mut self.running
            && let Some((_, (summary, probe))) = running.next().await
        {
            return probed_input(*refresh, summary, probe);
        }
        self.running = None;
        std::future::pending().await
    }

    /// A centre finished, if one has, without waiting.
    pub fn try_next(&mut self) -> Option<Input> {
        let (refresh, running) = self.running.as_mut()?;
        let (_, (summary, probe)) = running.try_next()?;
        Some(probed_input(*refresh, summary, probe))
    }
}

fn probed_input(refresh: u64, summary: CentreSummary, probe: Probe) -> Input {
    Input::CentreProbed {
        refresh,
        summary: Box::new(summary),
        probe,
    }
}

/// `profile`'s centre probed, its session opened first if it was not; a
/// session that does not open is a centre unreachable (why: in the log).
async fn probed(
    profile: &str,
    source: Option<(Overrides, bool)>,
    sessions: &Mutex<HashMap<String, Arc<Session>>>,
) -> Probed {
    let kept = sessions.lock().ok().and_then(|s| s.get(profile).cloned());
    let session = match (kept, source) {
        (Some(session), _) => Some(session),
        (None, Some((overrides, demo))) => match fleet::open(&overrides, demo, profile).await {
            Ok(session) => {
                let session = Arc::new(session);
                if let Ok(mut sessions) = sessions.lock() {
                    sessions.insert(profile.to_owned(), session.clone());
                }
                Some(session)
            }
            Err(error) => {
                tracing::warn!(%profile, %error, "a centre's profile did not open");
                None
            }
        },
        (None, None) => None,
    };
    match session {
        Some(session) => {
            let probe = fleet::probe(&session, Utc::now()).await;
            (fleet::summary_of(&session), probe)
        }
        None => {
            let probe = Probe {
                status: Status::Unreachable,
                latency: None,
                figures: Default::default(),
                at: Utc::now(),
            };
            (CentreSummary::new(profile), probe)
        }
    }
}

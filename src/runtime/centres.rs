//! The Centres tab's refresh (issue 38 §2): every centre of the fleet
//! refreshed through `fleet::for_each_centre`, at most `fleet_concurrency`
//! at once, each answering the app as it finishes (`Input::CentreProbed`),
//! so a slow or failing centre holds neither the others nor the keys (the
//! loop takes each result as one input among the keys). Each centre's
//! session is opened once and kept for the next refresh (`fleet::Sessions`).
//! The refresh outlives a switch of profile: the Centres view goes on in
//! the new app, which takes its results. A new refresh stops the one before.

use crate::app::Input;
use crate::app::fleet::CentresAsk;
use crate::config::Overrides;
use crate::domain::centre::{CentreSummary, Probe, Status};
use crate::fleet::{self, Running, Sessions};
use chrono::Utc;
use std::collections::HashMap;
use std::sync::Arc;

/// Where the centres' sessions come from, and the refresh under way.
pub struct CentresProbes {
    /// None: no config to open profiles from (a test's loop): every
    /// centre is said not opened.
    sessions: Option<Sessions>,
    /// The refresh under way: its number and its centres at work.
    running: Option<(u64, Running<CentreSummary>)>,
}

impl CentresProbes {
    /// Sessions opened as the start's flags and `--demo` open one.
    pub fn new(opener: Option<(Overrides, bool)>) -> Self {
        Self {
            sessions: opener.map(|(overrides, demo)| Sessions::new(&overrides, demo)),
            running: None,
        }
    }

    /// Refreshes every centre `ask` names (the refresh before stops).
    pub fn start(&mut self, ask: CentresAsk) {
        let CentresAsk {
            refresh,
            centres,
            concurrency,
        } = ask;
        let profiles = centres.iter().map(|c| c.profile.clone()).collect();
        let shown: Arc<HashMap<String, CentreSummary>> = Arc::new(
            (centres.into_iter())
                .map(|centre| (centre.profile.clone(), centre))
                .collect(),
        );
        let sessions = self.sessions.clone();
        let running = fleet::for_each_centre(profiles, concurrency, move |profile| {
            let (sessions, shown) = (sessions.clone(), shown.clone());
            async move {
                let previous =
                    (shown.get(&profile).cloned()).unwrap_or_else(|| CentreSummary::new(profile));
                match sessions {
                    Some(sessions) => sessions.refresh(&previous, Utc::now()).await,
                    None => CentreSummary::refreshed(&previous, not_opened()),
                }
            }
        });
        self.running = Some((refresh, running));
    }

    /// The next centre to finish, as the app's input; waits for ever while
    /// none is at work.
    pub async fn next(&mut self) -> Input {
        if let Some((refresh, running)) = &mut self.running
            && let Some((_, summary)) = running.next().await
        {
            return probed(*refresh, summary);
        }
        self.running = None;
        std::future::pending().await
    }

    /// A centre finished, if one has, without waiting.
    pub fn try_next(&mut self) -> Option<Input> {
        let (refresh, running) = self.running.as_mut()?;
        let (_, summary) = running.try_next()?;
        Some(probed(*refresh, summary))
    }
}

fn probed(refresh: u64, summary: CentreSummary) -> Input {
    Input::CentreProbed {
        refresh,
        summary: Box::new(summary),
    }
}

/// A centre of a loop without a config.
fn not_opened() -> Probe {
    Probe {
        status: Status::NotOpened,
        latency: None,
        figures: Default::default(),
        at: Utc::now(),
    }
}

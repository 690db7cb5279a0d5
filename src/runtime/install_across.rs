//! `:install-across`'s work (issue 38 §3), off the event loop: each
//! centre of the fleet the Centres tab shows (`--profiles`, `--fleet`, else
//! every profile of the config; the demo's under `--demo`) opened and asked for
//! its catalogue within `fleet_concurrency` ([`Input::AcrossAsked`], all
//! at once, in the centres' order); then one POST to each centre the plan
//! installs at, never sent again, each result as it comes
//! ([`Input::AcrossInstalled`]). The sessions of the last ask are kept for
//! the POSTs: the catalogue read and the install go to the same server.
//! Each result is handed to `send`, which gives it to the event loop (false
//! once the loop is gone).

use crate::app::Input;
use crate::config::{self, Overrides};
use crate::fleet::{self, across::Sessions};
use std::sync::{Arc, Mutex};

/// The sessions of the centres last asked, and the bound they were asked in.
#[derive(Clone, Default)]
pub struct Across {
    asked: Arc<Mutex<(Sessions, usize)>>,
}

impl Across {
    /// Asks each of `profiles` for its catalogue; `source` (the start's flags
    /// and `--demo`) None: a test's loop, no centre.
    pub fn ask(
        &self,
        source: Option<(Overrides, bool)>,
        profiles: Vec<String>,
        send: impl Fn(Input) -> bool + Send + 'static,
    ) {
        let asked = self.asked.clone();
        tokio::spawn(async move {
            let mut centres = Vec::new();
            if let Some((overrides, demo)) = source {
                let env = |name: &str| std::env::var(name).ok();
                let covered = config::load(&overrides, &env)
                    .map(|config| (profiles, config.fleet_concurrency));
                match covered {
                    Ok((profiles, bound)) => {
                        let (answered, sessions) =
                            fleet::across::ask(&overrides, demo, &profiles, bound).await;
                        centres = answered;
                        if let Ok(mut asked) = asked.lock() {
                            *asked = (sessions, bound);
                        }
                    }
                    Err(error) => tracing::warn!(%error, "install across: no centres"),
                }
            }
            send(Input::AcrossAsked(centres));
        });
    }

    /// One POST of `plugin_id` to each of `profiles` (centres of the last
    /// ask); each result sent as it comes.
    pub fn install(
        &self,
        plugin_id: i64,
        profiles: Vec<String>,
        send: impl Fn(Input) -> bool + Send + 'static,
    ) {
        let (sessions, bound) = self
            .asked
            .lock()
            .map(|asked| asked.clone())
            .unwrap_or_default();
        let mut running = fleet::across::install(Arc::new(sessions), plugin_id, profiles, bound);
        tokio::spawn(async move {
            while let Some((profile, outcome)) = running.next().await {
                let input = Input::AcrossInstalled { profile, outcome };
                if !send(input) {
                    break;
                }
            }
        });
    }
}

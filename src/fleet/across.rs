//! One plugin installed across centres (issue 38 §3), the work shared by
//! `crmdeck install --profiles` and the dashboard's `:install-across`:
//! each centre's session opened and its catalogue asked (the plan's data),
//! then one POST per centre, never sent again, each result as it comes;
//! both within the bound.

use super::{Running, classify, for_each_centre, open};
use crate::api::ApiError;
use crate::config::Overrides;
use crate::domain::install_across::{Centre, Outcome, Unlisted};
use crate::model::Installation;
use crate::session::Session;
use std::collections::HashMap;
use std::sync::Arc;

/// The sessions of the centres asked, by profile: the POSTs go to the
/// server whose catalogue was read, with the same token.
pub type Sessions = HashMap<String, Arc<Session>>;

/// Every centre of `profiles` opened and asked for its catalogue, `bound`
/// at once: the centres in `profiles`' order, and the sessions that opened.
pub async fn ask(
    overrides: &Overrides,
    demo: bool,
    profiles: &[String],
    bound: usize,
) -> (Vec<Centre>, Sessions) {
    let overrides = overrides.clone();
    let running = for_each_centre(profiles.to_vec(), bound, move |profile| {
        let overrides = overrides.clone();
        async move {
            match open(&overrides, demo, &profile).await {
                Ok(session) => {
                    let catalogue = (session.client.plugins().await)
                        .map_err(|error| Unlisted::from(classify(&error)));
                    (catalogue, session.config.read_only, Some(Arc::new(session)))
                }
                Err(error) => {
                    let why = error.to_string();
                    tracing::warn!(centre = %profile, %why, "install across: not opened");
                    (Err(Unlisted::NotOpened(why)), false, None)
                }
            }
        }
    });
    let mut answered: HashMap<String, _> = running.all().await.into_iter().collect();
    let mut sessions = Sessions::new();
    let centres = (profiles.iter())
        .map(|profile| {
            let (catalogue, read_only, session) =
                answered
                    .remove(profile)
                    .unwrap_or((Err(Unlisted::Unreachable), false, None));
            if let Some(session) = session {
                sessions.insert(profile.clone(), session);
            }
            Centre {
                profile: profile.clone(),
                read_only,
                catalogue,
            }
        })
        .collect();
    (centres, sessions)
}

/// One POST of `plugin_id` to each of `profiles` (of `sessions`), `bound`
/// at once; each result as it comes.
pub fn install(
    sessions: Arc<Sessions>,
    plugin_id: i64,
    profiles: Vec<String>,
    bound: usize,
) -> Running<Outcome> {
    for_each_centre(profiles, bound, move |profile| {
        let sessions = sessions.clone();
        async move {
            match sessions.get(&profile) {
                Some(session) => outcome(session.client.install(plugin_id).await),
                // Asked only of centres that opened.
                None => Outcome::Failed(String::new()),
            }
        }
    })
}

/// A POST's answer as the report says it: a refusal (the server said no,
/// or the request never left) is a failure; no answer after sending (a
/// time-out, the connection lost, a 5xx) is unknown.
fn outcome(answer: Result<Installation, ApiError>) -> Outcome {
    match answer {
        Ok(installation) => Outcome::Done {
            installation: installation.id,
        },
        // Sanitised where shown (`present::install_across`).
        Err(error) => {
            let why = error.to_string();
            match error.outcome_unknown() {
                true => Outcome::Unknown(why),
                false => Outcome::Failed(why),
            }
        }
    }
}

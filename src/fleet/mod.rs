//! Several centres at once (issue 38): which profiles a command covers
//! (`choice.rs`: `--profiles`, `--fleet`, every profile; pure), a centre's
//! session opened as `:profile` opens one (`session::open_profile`), one
//! centre probed (`probe.rs`: at most three requests, concurrently, each
//! error classified), and the bounded runner (`run.rs`: centres asked
//! concurrently within `fleet_concurrency`, each result given as it comes,
//! a slow or failing centre holding none of the others), the sessions
//! of a fleet opened once and kept (`sessions.rs`: `Sessions::refresh`,
//! one centre's summary refreshed), and one plugin installed across
//! centres (`across.rs`: the catalogues asked, the POSTs).

pub mod across;
mod choice;
mod probe;
mod run;
mod sessions;

pub use choice::{Choice, covered};
pub use probe::{classify, probe, snapshot_figures, summary_of};
pub use run::{Running, for_each_centre};
pub use sessions::Sessions;

use crate::config::Overrides;
use crate::domain::centre::NO_PROFILE;
use crate::session::{self, Session, SessionError};

/// A centre's session: `profile`'s, as `:profile` opens it; the centre in
/// use ([`NO_PROFILE`]: a config that names no profile, the address and
/// token from the flags or the environment) as the start opened it.
pub async fn open(
    overrides: &Overrides,
    demo: bool,
    profile: &str,
) -> Result<Session, SessionError> {
    if profile == NO_PROFILE {
        session::open(overrides, demo).await
    } else {
        session::open_profile(overrides, demo, profile).await
    }
}

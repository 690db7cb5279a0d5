//! The dashboard's snapshot: read at start, before any answer can arrive,
//! and handed to the app as data ([`Msg::Snapshot`]); written after each
//! complete walk the app reports ([`Walked`]), off the event loop. Nothing
//! of it when the cache is off (`cache = false`, `--no-cache`).

use crate::app::{Msg, Walked};
use crate::cache::Cache;
use crate::session::Session;
use crate::store::{Snapshot, SnapshotKey};

/// The snapshot files of this session's profile, server and account.
pub struct Snapshots {
    cache: Option<Cache>,
    /// Whose snapshots these are; the branch is set per snapshot.
    key: SnapshotKey,
}

impl Snapshots {
    /// The session's snapshots; none when who the token is is not known
    /// (`Session::account`): a snapshot is one account's.
    pub fn of(session: &Session) -> Self {
        let key = session.snapshot_key(None);
        if key.account.is_none() {
            tracing::info!("no snapshot: who the token is is not known");
        }
        Self {
            cache: session.cache().filter(|_| key.account.is_some()),
            key,
        }
    }

    /// None read, none written (the loop's unit tests).
    #[cfg(test)]
    pub fn off() -> Self {
        Self {
            cache: None,
            key: SnapshotKey {
                profile: None,
                base_url: String::new(),
                account: None,
                branch: None,
            },
        }
    }

    /// The snapshot of `branch` for the app, or why the file there is not
    /// used (logged here); `None` when there is none or the cache is off.
    pub fn read(&self, branch: Option<i64>) -> Option<Msg> {
        let cache = self.cache.as_ref()?;
        let key = SnapshotKey {
            branch,
            ..self.key.clone()
        };
        match cache.read(&key) {
            Ok(None) => None,
            Ok(Some(snapshot)) => {
                tracing::info!(
                    groups = snapshot.groups.len(),
                    taken_at = %snapshot.taken_at,
                    "snapshot read"
                );
                Some(Msg::Snapshot(Ok(Box::new(snapshot))))
            }
            Err(error) => {
                tracing::warn!(%error, "snapshot ignored");
                Some(Msg::Snapshot(Err(error.to_string())))
            }
        }
    }

    /// Writes what a complete walk found as its branch's snapshot, in a
    /// blocking task (the file may take a few milliseconds); a failure is
    /// logged (the next start is merely slower).
    pub fn write(&self, walked: Walked) {
        let Some(cache) = self.cache.clone() else {
            return;
        };
        let key = SnapshotKey {
            branch: walked.branch,
            ..self.key.clone()
        };
        let snapshot = Snapshot::new(
            key,
            walked.taken_at,
            walked.groups,
            walked.branches,
            walked.plugins,
            walked.centre,
        );
        tokio::task::spawn_blocking(move || match cache.write(&snapshot) {
            Ok(path) => tracing::info!(path = %path.display(), "snapshot written"),
            Err(error) => tracing::warn!(%error, "snapshot not written"),
        });
    }
}

//! The snapshot at the dashboard's start and at its quit (issue 34 §3, §4).
//!
//! - At start a large snapshot is drawn at once: its head (the first
//!   [`HEAD_GROUPS`] groups, with the branches, the catalogue and the
//!   centre's name, which the file holds first) is what the first frame
//!   shows, read in milliseconds; a thread of its own reads on to the whole
//!   (3.7 s at 100,000 groups) and hands it on in slices of
//!   [`SLICE_GROUPS`] as they are read, which the loop takes as messages
//!   like any answer, a slice a turn, with frames drawn and keys answered
//!   between them (taken at once, 100,000 groups held the loop 3.4 s in
//!   the profiling build). The groups are held once: by the list, not
//!   also by the reader. The reading stops when its
//!   [`Snapshots`] go (another profile) and dies with the process (a quit
//!   never waits for it).
//! - At quit the writes under way are stopped and waited for, briefly.

use super::Snapshots;
use crate::app::Input;
use crate::cache::CacheError;
use crate::model::Group;
use crate::store::{InParts, Snapshot, SnapshotError, SnapshotKey};
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, PoisonError, mpsc};
use std::time::Duration;
use tokio::task::JoinHandle;

/// The groups of a snapshot's head: five screenfuls of a 50-row terminal.
/// It is read and laid out before the first frame, so it is kept small: a
/// thousand cost 0.8 s before the first frame with the debug build on the
/// loaded 2-core machine, where the whole file took 3.7 s in release.
pub const HEAD_GROUPS: usize = 250;

/// The groups of each slice after the head: taking one (into the store,
/// its rows made and placed) is a few milliseconds of a turn in release,
/// well under a frame's budget in the debug build too.
pub const SLICE_GROUPS: usize = 1_000;

/// What runs of one session's snapshots.
#[derive(Debug, Default)]
pub(super) struct Underway {
    /// The writes started (`Snapshots::write`).
    writes: Mutex<Vec<JoinHandle<()>>>,
    /// Set when the snapshots go: the reading at start ends.
    stop_reading: Arc<AtomicBool>,
    /// The slices handed on that the loop has not taken yet
    /// ([`Snapshots::slice_taken`]).
    slices_ahead: Arc<Ahead>,
}

/// How many slices the reader is ahead of the loop, and the loop's word
/// when it took one.
#[derive(Debug, Default)]
struct Ahead {
    count: Mutex<usize>,
    taken: Condvar,
}

/// The most slices the reader runs ahead of the loop: a slice not taken
/// yet holds its groups twice over once pages of the walk replaced them
/// meanwhile (100 slices queued at once while a fast walk ran).
const MOST_SLICES_AHEAD: usize = 2;

impl Ahead {
    /// Waits until the loop is fewer than [`MOST_SLICES_AHEAD`] slices
    /// behind (or the reading stops), then counts one more.
    fn wait_for_room(&self, stop: &AtomicBool) {
        let mut count = self.count.lock().unwrap_or_else(PoisonError::into_inner);
        while *count >= MOST_SLICES_AHEAD && !stop.load(Ordering::Relaxed) {
            // Woken by the loop; the timeout only looks at `stop` again.
            let wait = self.taken.wait_timeout(count, Duration::from_millis(50));
            count = wait.unwrap_or_else(PoisonError::into_inner).0;
        }
        *count += 1;
    }

    fn took_one(&self) {
        let mut count = self.count.lock().unwrap_or_else(PoisonError::into_inner);
        *count = count.saturating_sub(1);
        self.taken.notify_one();
    }
}

impl Underway {
    /// Keeps `write`, to stop it at quit.
    pub(super) fn wrote(&self, write: JoinHandle<()>) {
        let mut writes = self.writes.lock().unwrap_or_else(PoisonError::into_inner);
        writes.retain(|write| !write.is_finished());
        writes.push(write);
    }
}

impl Drop for Underway {
    fn drop(&mut self) {
        self.stop_reading.store(true, Ordering::Relaxed);
    }
}

impl Snapshots {
    /// The snapshot of `branch` for the first frame, once read: the head of
    /// a large one ([`Input::SnapshotHead`]; its rest is given to `send` off
    /// the loop, as [`Input::SnapshotMore`] slices while read and
    /// [`Input::SnapshotRest`] once whole), all of a small one
    /// ([`Input::Snapshot`]), or why the file is not used; `None` when there
    /// is none or the cache is off.
    pub fn read_at_start(
        &self,
        branch: Option<i64>,
        send: impl Fn(Input) + Send + 'static,
    ) -> Option<Input> {
        let cache = self.cache.clone()?;
        let key = SnapshotKey {
            branch,
            ..self.key.clone()
        };
        let stop = self.underway.stop_reading.clone();
        let ahead = self.underway.slices_ahead.clone();
        let (first, first_read) = mpsc::sync_channel(1);
        let reading = std::thread::Builder::new()
            .name("snapshot".into())
            .spawn(move || {
                // Each slice as a snapshot of its groups alone.
                let headed: RefCell<Option<Snapshot>> = RefCell::new(None);
                let mut on_head = |head: Snapshot| {
                    tracing::info!(groups = head.groups.len(), "snapshot's head read");
                    let bare = Snapshot::new(
                        head.key.clone(),
                        head.taken_at,
                        Vec::<Arc<Group>>::new(),
                        None,
                        None,
                        None,
                    );
                    *headed.borrow_mut() = Some(bare);
                    let _ = first.send(Some(Input::SnapshotHead(Box::new(head))));
                };
                let mut on_slice = |groups| {
                    if let Some(bare) = headed.borrow().as_ref() {
                        ahead.wait_for_room(&stop);
                        let slice = Snapshot {
                            groups,
                            ..bare.clone()
                        };
                        send(Input::SnapshotMore(Box::new(slice)));
                    }
                };
                let parts = InParts {
                    head: HEAD_GROUPS,
                    on_head: &mut on_head,
                    slice: SLICE_GROUPS,
                    on_slice: &mut on_slice,
                    stop: &stop,
                };
                let read = cache.read_in_parts(&key, parts);
                let msg = as_msg(read);
                if headed.borrow().is_none() {
                    let _ = first.send(msg);
                    return;
                }
                match msg {
                    Some(Input::Snapshot(whole)) => send(Input::SnapshotRest(whole)),
                    // Stopped: no one waits for it any more.
                    None => {}
                    Some(other) => tracing::error!(?other, "not a snapshot's message"),
                }
            });
        match reading {
            Ok(_) => first_read.recv().ok().flatten(),
            Err(error) => {
                tracing::warn!(%error, "no thread to read the snapshot in: read at once");
                self.read(branch)
            }
        }
    }

    /// The loop took a slice of the snapshot's rest: the reader may hand
    /// on another ([`MOST_SLICES_AHEAD`]).
    pub fn slice_taken(&self) {
        self.underway.slices_ahead.took_one();
    }

    /// Ends the reading at start at its next group: its rest is no longer
    /// taken.
    pub fn stop_reading(&self) {
        self.underway.stop_reading.store(true, Ordering::Relaxed);
    }

    /// At quit (issue 34 §4): stops the writes under way (each ends at its
    /// next buffer, its temporary file removed, the old file as it was;
    /// `Cache::stop_writes`) and waits for them, at most `grace`. A write
    /// that outlasts it (a disk slow to sync) leaves its temporary file to
    /// the next start, which removes it.
    pub async fn stop(&self, grace: Duration) {
        let Some(cache) = &self.cache else {
            return;
        };
        cache.stop_writes();
        let writes = &self.underway.writes;
        let writes = std::mem::take(&mut *writes.lock().unwrap_or_else(PoisonError::into_inner));
        if writes.iter().all(JoinHandle::is_finished) {
            return;
        }
        tracing::info!(
            writes = writes.len(),
            "stopping the snapshot writes under way"
        );
        let all = futures::future::join_all(writes);
        if tokio::time::timeout(grace, all).await.is_err() {
            tracing::warn!(
                "a snapshot write outlasted the quit: its temporary file goes at the next start"
            );
        }
    }
}

/// A snapshot read (or why not) as the app's message; `None`: no file, or
/// its reading was stopped.
pub(super) fn as_msg(read: Result<Option<Snapshot>, CacheError>) -> Option<Input> {
    match read {
        Ok(None) | Err(CacheError::Snapshot(_, SnapshotError::Stopped)) => None,
        Ok(Some(snapshot)) => {
            tracing::info!(
                groups = snapshot.groups.len(),
                taken_at = %snapshot.taken_at,
                "snapshot read"
            );
            Some(Input::Snapshot(Ok(Box::new(snapshot))))
        }
        Err(error) => {
            tracing::warn!(%error, "snapshot ignored");
            Some(Input::Snapshot(Err(Arc::new(error))))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Baselines;
    use super::super::comparison_tests::key;
    use super::*;
    use crate::app::Walked;
    use crate::cache::Cache;
    use crate::domain::zone::CENTRE_ZONE;
    use std::sync::Mutex;

    fn snapshots(cache: &Cache) -> Snapshots {
        Snapshots {
            cache: Some(cache.clone()),
            key: key(),
            history_days: 7,
            baselines: Baselines::default(),
            underway: Underway::default(),
        }
    }

    fn groups(count: i64) -> Vec<Arc<Group>> {
        let group = |id| Group {
            id,
            name: format!("Group {id}"),
            ..Group::default()
        };
        (1..=count).map(|id| Arc::new(group(id))).collect()
    }

    /// A cache folder holding a snapshot of `count` groups, and its file.
    fn holding(count: i64) -> (tempfile::TempDir, Cache, std::path::PathBuf) {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path().to_path_buf());
        let path = written(&cache, count);
        (root, cache, path)
    }

    fn written(cache: &Cache, count: i64) -> std::path::PathBuf {
        let taken_at = "2026-11-25T09:00:00Z".parse().unwrap();
        let snapshot = Snapshot::new(key(), taken_at, groups(count), None, None, None);
        cache.write(&snapshot).unwrap()
    }

    /// The first message of the start, and what came after it.
    fn started(snapshots: &Snapshots) -> (Option<Input>, mpsc::Receiver<Input>) {
        let (send, sent) = mpsc::channel();
        let send = Mutex::new(send);
        let first = snapshots.read_at_start(None, move |msg| {
            send.lock().unwrap().send(msg).unwrap();
        });
        (first, sent)
    }

    const WAIT: Duration = Duration::from_secs(60);

    #[test]
    fn a_large_snapshots_head_comes_first_and_its_rest_after_in_slices_off_the_loop() {
        let count = HEAD_GROUPS + 2 * SLICE_GROUPS + 10;
        let (_root, cache, _) = holding(count as i64);
        // Kept while read: its reading stops when it goes.
        let large = snapshots(&cache);
        let (first, sent) = started(&large);
        let Some(Input::SnapshotHead(head)) = first else {
            panic!("the head first: {first:?}");
        };
        assert_eq!(head.groups.len(), HEAD_GROUPS);
        assert!(head.branches.is_some() || head.centre.is_none());
        let mut ids: Vec<i64> = head.groups.iter().map(|group| group.id).collect();
        for (expected, last) in [(SLICE_GROUPS, false), (SLICE_GROUPS, false), (10, true)] {
            let part = match sent.recv_timeout(WAIT).unwrap() {
                Input::SnapshotMore(part) if !last => part,
                Input::SnapshotRest(Ok(part)) if last => part,
                other => panic!("a slice, then the rest: {other:?}"),
            };
            assert_eq!(part.groups.len(), expected);
            assert_eq!((&part.key, part.taken_at), (&head.key, head.taken_at));
            ids.extend(part.groups.iter().map(|group| group.id));
        }
        // Every group once, in the file's order; the last part was the rest.
        assert_eq!(ids, (1..=count as i64).collect::<Vec<_>>());
        assert!(sent.recv_timeout(Duration::from_millis(50)).is_err());
        // A small one comes whole, at once; none, nothing.
        written(&cache, 10);
        let (first, sent) = started(&snapshots(&cache));
        assert!(matches!(first, Some(Input::Snapshot(Ok(whole))) if whole.groups.len() == 10));
        assert!(sent.recv_timeout(Duration::from_millis(50)).is_err());
        std::fs::remove_file(cache.path(&key())).unwrap();
        assert!(started(&snapshots(&cache)).0.is_none());
    }

    #[test]
    fn the_reader_runs_at_most_two_slices_ahead_of_the_loop() {
        let (_root, cache, _) = holding((HEAD_GROUPS + 4 * SLICE_GROUPS + 10) as i64);
        let snapshots = snapshots(&cache);
        let (first, sent) = started(&snapshots);
        assert!(matches!(first, Some(Input::SnapshotHead(_))));
        let slice = |msg: Input| matches!(msg, Input::SnapshotMore(_));
        for _ in 0..MOST_SLICES_AHEAD {
            assert!(slice(sent.recv_timeout(WAIT).unwrap()));
        }
        // The loop took none: the reader waits.
        assert!(sent.recv_timeout(Duration::from_secs(1)).is_err());
        snapshots.slice_taken();
        assert!(slice(sent.recv_timeout(WAIT).unwrap()));
        snapshots.slice_taken();
        assert!(slice(sent.recv_timeout(WAIT).unwrap()));
        // The last part is no slice: it comes whatever the loop took.
        assert!(matches!(
            sent.recv_timeout(WAIT).unwrap(),
            Input::SnapshotRest(Ok(_))
        ));
    }

    #[test]
    fn a_corrupt_rest_after_a_good_head_gives_the_head_and_says_why() {
        let (_root, cache, path) = holding(3 * HEAD_GROUPS as i64);
        let bytes = std::fs::read(&path).unwrap();
        std::fs::write(&path, &bytes[..bytes.len() * 2 / 3]).unwrap();
        let corrupt = snapshots(&cache);
        let (first, sent) = started(&corrupt);
        assert!(
            matches!(first, Some(Input::SnapshotHead(head)) if head.groups.len() == HEAD_GROUPS)
        );
        match sent.recv_timeout(WAIT).unwrap() {
            Input::SnapshotRest(Err(why)) => {
                let why = why.to_string();
                assert!(why.contains("not a snapshot"), "{why}");
            }
            other => panic!("{other:?}"),
        }
        // The file is left as it was: the next walk replaces it.
        assert_eq!(std::fs::read(&path).unwrap().len(), bytes.len() * 2 / 3);
    }

    #[test]
    fn the_reading_stops_when_its_snapshots_go() {
        let (_root, cache, _) = holding(50 * HEAD_GROUPS as i64);
        let snapshots = snapshots(&cache);
        let (first, sent) = started(&snapshots);
        assert!(matches!(first, Some(Input::SnapshotHead(_))));
        drop(snapshots);
        // Stopped: nothing more (the sender goes with the thread).
        assert!(matches!(
            sent.recv_timeout(WAIT),
            Err(mpsc::RecvTimeoutError::Disconnected)
        ));
    }

    #[tokio::test]
    async fn a_quit_while_a_snapshot_is_written_leaves_a_whole_file_and_no_temporary_one() {
        let root = tempfile::tempdir().unwrap();
        let cache = Cache::new(root.path().to_path_buf());
        let path = written(&cache, 10);
        let before = std::fs::read(&path).unwrap();
        let snapshots = snapshots(&cache);
        snapshots.write(Walked {
            branch: None,
            taken_at: chrono::Utc::now(),
            groups: groups(20_000),
            branches: None,
            plugins: None,
            centre: None,
            zone: CENTRE_ZONE,
        });
        snapshots.stop(WAIT).await;
        let temporaries = std::fs::read_dir(root.path()).unwrap().flatten();
        let temporaries =
            temporaries.filter(|entry| entry.file_name().to_string_lossy().ends_with(".tmp"));
        assert_eq!(temporaries.count(), 0);
        // The old file as it was, or the new one whole if it was done.
        let after = std::fs::read(&path).unwrap();
        let whole = cache.read(&key()).unwrap().unwrap();
        assert!(after == before || whole.groups.len() == 20_000);
    }
}

//! The bounded runner: one task per centre, at most `bound` at work at
//! once (a `Semaphore`), each result sent as it finishes, so a slow or
//! failing centre holds up none of the others and a screen shows them one
//! by one. Dropping the [`Running`] stops the centres still at work.

use std::sync::Arc;
use tokio::sync::{Semaphore, mpsc};
use tokio::task::JoinSet;

/// Centres at work; their results as each finishes.
pub struct Running<T> {
    results: mpsc::UnboundedReceiver<(String, T)>,
    /// Aborted when dropped.
    _tasks: JoinSet<()>,
}

impl<T> Running<T> {
    /// The next centre to finish, with its profile; None once all have.
    pub async fn next(&mut self) -> Option<(String, T)> {
        self.results.recv().await
    }

    /// A centre finished, if one has, without waiting.
    pub fn try_next(&mut self) -> Option<(String, T)> {
        self.results.try_recv().ok()
    }

    /// Every result, in the order they finished.
    pub async fn all(mut self) -> Vec<(String, T)> {
        let mut all = Vec::new();
        while let Some(result) = self.next().await {
            all.push(result);
        }
        all
    }
}

/// `work(profile)` for each of `profiles`, at most `bound` (1 at least)
/// at once, in the order given; on the current tokio runtime.
pub fn for_each_centre<T, F, Fut>(profiles: Vec<String>, bound: usize, work: F) -> Running<T>
where
    T: Send + 'static,
    F: Fn(String) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = T> + Send + 'static,
{
    let (sender, results) = mpsc::unbounded_channel();
    let permits = Arc::new(Semaphore::new(bound.max(1)));
    let work = Arc::new(work);
    let mut tasks = JoinSet::new();
    for profile in profiles {
        let (sender, permits, work) = (sender.clone(), permits.clone(), work.clone());
        tasks.spawn(async move {
            // Never closed: the semaphore lives as long as the tasks.
            let Ok(_permit) = permits.acquire_owned().await else {
                return;
            };
            let result = work(profile.clone()).await;
            // Fails only when nobody waits for it any more.
            let _ = sender.send((profile, result));
        });
    }
    Running {
        results,
        _tasks: tasks,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    /// The bound holds, and a centre that never answers holds none of the
    /// others: they arrive, and it is still at work.
    #[tokio::test(start_paused = true)]
    async fn within_the_bound_and_one_slow_centre_holds_none_of_the_others() {
        let at_once = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let profiles: Vec<String> = (0..8).map(|n| format!("c{n}")).collect();
        let (counting, peak) = (at_once.clone(), most.clone());
        let mut running = for_each_centre(profiles, 3, move |profile| {
            let (counting, peak) = (counting.clone(), peak.clone());
            async move {
                let now = counting.fetch_add(1, Ordering::SeqCst) + 1;
                peak.fetch_max(now, Ordering::SeqCst);
                if profile == "c0" {
                    std::future::pending::<()>().await;
                }
                tokio::time::sleep(Duration::from_millis(10)).await;
                counting.fetch_sub(1, Ordering::SeqCst);
                profile.len()
            }
        });
        let mut seen = Vec::new();
        for _ in 0..7 {
            let (profile, result) = running.next().await.expect("a centre");
            assert_eq!(result, 2);
            seen.push(profile);
        }
        seen.sort();
        assert_eq!(seen, ["c1", "c2", "c3", "c4", "c5", "c6", "c7"]);
        assert_eq!(most.load(Ordering::SeqCst), 3);
        assert!(running.try_next().is_none(), "c0 is still at work");
    }
}

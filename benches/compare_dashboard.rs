//! What changed since the baseline, as the dashboard compares it (issue 28
//! §2): off the loop, a walk's groups digested in the centre's zone and
//! compared with a history day (`SeenChanges::between`, the runtime's blocking
//! task); on the loop, the answer taken (`Changes::take`: each group's
//! kind by id for the marks) and the Changes tab's lines made. Budget:
//! 100,000 groups ≤ 150 ms off the loop.

// The tests' fixtures (`pub`: what this bench does not use is no dead code).
#[path = "../tests/support/fixtures.rs"]
pub mod fixtures;

use crmdeck::app::compared::{Changes, Compared, SeenChanges};
use crmdeck::domain::changes::Since;
use crmdeck::domain::digest::digests;
use crmdeck::domain::zone::CENTRE_ZONE;
use crmdeck::model::Group;
use crmdeck::store::HistoryDay;
use divan::{Bencher, black_box};
use std::sync::Arc;

fn main() {
    divan::main();
}

/// `count` groups now, and yesterday's day of them: one in a hundred
/// renamed since, one in a thousand new, one in a thousand gone.
fn centre(count: i64) -> (Vec<Arc<Group>>, HistoryDay) {
    let now: Vec<Arc<Group>> = (1..=count)
        .map(|id| Arc::new(fixtures::group(id)))
        .collect();
    let then = (1..=count + count / 1000)
        .filter(|id| id % 1000 != 7)
        .map(|id| {
            let mut group = fixtures::group(id);
            if id % 100 == 3 {
                group.name.push_str(" (old)");
            }
            group
        });
    let mut day = fixtures::sunday();
    day.digests = digests(then, CENTRE_ZONE);
    (now, day)
}

fn found(now: &[Arc<Group>], day: &HistoryDay) -> SeenChanges {
    let today = day.day.succ_opt().unwrap();
    SeenChanges::between(
        day,
        now,
        true,
        CENTRE_ZONE,
        fixtures::now(),
        today,
        Vec::new(),
    )
}

#[divan::bench(args = [10_000, 100_000], sample_count = 10)]
fn off_the_loop(bencher: Bencher, count: i64) {
    let (now, day) = centre(count);
    bencher.bench(|| found(black_box(&now), black_box(&day)));
}

#[divan::bench(args = [10_000, 100_000], sample_count = 10)]
fn the_answer_taken_on_the_loop(bencher: Bencher, count: i64) {
    let (now, day) = centre(count);
    let found = found(&now, &day);
    bencher
        .with_inputs(|| {
            let mut changes = Changes::default();
            let seq = changes.next_seq();
            let compared = Compared {
                seq,
                branch: None,
                since: Since::EarlierDay,
                result: Ok(found.clone()),
            };
            (changes, compared)
        })
        .bench_values(|(mut changes, compared)| {
            changes.take(compared);
            changes
        });
}

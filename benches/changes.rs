//! What changed since the baseline (issue 28), at 10,000 to 100,000
//! groups: the time and the memory on top of the walk (the baseline's day
//! read from its file, the groups walked now made digests, compared, the
//! rows of the changes made), and the history's size on disk at
//! `history_days = 7` (today and the 7 days before: 8 files at most).
//! Prints a table of the figures against the budgets, and exits non-zero
//! when one is missed.
//!
//! ```text
//! cargo bench --bench changes       # release, as scripts/bench.sh runs it
//! ```

// The tests' fixtures (`pub`: what this bench does not use is no dead code).
#[path = "../tests/support/fixtures.rs"]
pub mod fixtures;

use crmdeck::domain::changes::{Kind, compare};
use crmdeck::domain::digest::{Digester, digests, sort_by_id};
use crmdeck::domain::zone::Zone;
use crmdeck::model::{Group, LessonTime};
use crmdeck::present::Language;
use crmdeck::present::columns::BranchNames;
use crmdeck::present::columns::changes::{ChangeFormat, rows};
use crmdeck::store::{HistoryDay, SnapshotKey};
use std::alloc::{GlobalAlloc, Layout, System};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Counts the bytes held, and the most held since [`Counting::reset`].
struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is passed to the system allocator unchanged; only
// the counts are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let held = HELD.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(held, Ordering::Relaxed);
        // SAFETY: the caller's layout, as GlobalAlloc::alloc requires.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        HELD.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: a pointer this allocator gave with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

impl Counting {
    /// The most held from now on starts at what is held now.
    fn reset() -> usize {
        let held = HELD.load(Ordering::Relaxed);
        PEAK.store(held, Ordering::Relaxed);
        held
    }
}

const SIZES: [usize; 4] = [10_000, 25_000, 50_000, 100_000];
/// Budgets (issue 28): the comparison's time at 10,000 and 100,000 groups,
/// its memory at 100,000, a week's history at 10,000 and 100,000.
const MS_10K: f64 = 15.0;
const MS_100K: f64 = 150.0;
const EXTRA_BYTES_100K: usize = 30_000_000;
const DISK_10K: u64 = 10_000_000;
const DISK_100K: u64 = 100_000_000;
const ROUNDS: usize = 5;

fn tashkent() -> Zone {
    Zone::Named(chrono_tz::Asia::Tashkent)
}

/// The centre yesterday, and today: one group in a hundred moved to 16:00, one in two hundred renamed, one in a thousand archived, one in
/// five hundred gone, and as many new.
fn centre(size: usize) -> (Vec<Group>, Vec<Group>) {
    let yesterday: Vec<Group> = (1..=size as i64).map(fixtures::group).collect();
    let mut today: Vec<Group> = Vec::with_capacity(size);
    for group in &yesterday {
        let id = group.id;
        if id % 500 == 0 {
            continue;
        }
        let mut group = group.clone();
        if id % 100 == 0 {
            let sixteen = chrono::NaiveTime::from_hms_opt(16, 0, 0).expect("a time");
            group.lesson_start_time = Some(LessonTime::Clock(sixteen));
        }
        if id % 200 == 0 {
            group.name.push_str(" (new room)");
        }
        if id % 1000 == 0 {
            group.status = crmdeck::model::GroupStatus::Archive;
        }
        today.push(group);
    }
    today.extend((1..=(size / 500) as i64).map(|n| fixtures::group(size as i64 + n)));
    (yesterday, today)
}

fn key() -> SnapshotKey {
    SnapshotKey {
        profile: Some("bench".into()),
        base_url: "https://api.example.uz".into(),
        account: Some("5f1c".into()),
        branch: None,
    }
}

struct Figures {
    size: usize,
    median: Duration,
    extra_bytes: usize,
    day_bytes: usize,
    changes: usize,
}

fn measure(size: usize) -> Figures {
    let (yesterday, today) = centre(size);
    let day = "2026-11-26".parse().unwrap();
    let file = HistoryDay {
        key: key(),
        day,
        taken_at: "2026-11-26T04:00:00Z".parse().unwrap(),
        digests: digests(&yesterday, tashkent()),
    }
    .encode()
    .unwrap();
    drop(yesterday);
    let branches = BranchNames::new();
    let format = ChangeFormat {
        language: Language::En,
        branches: &branches,
    };
    let mut times = Vec::new();
    let mut extra_bytes = 0;
    let mut changes = 0;
    for _ in 0..ROUNDS {
        let before = Counting::reset();
        let started = Instant::now();
        // What `crmdeck changes` does on top of its walk.
        let baseline = HistoryDay::decode(&file, &key(), day).unwrap();
        let mut digester = Digester::sharing(tashkent(), &baseline.digests);
        let mut now: Vec<_> = today.iter().map(|group| digester.digest(group)).collect();
        sort_by_id(&mut now);
        let comparison = compare(&baseline.digests, &now, true);
        let made = rows(&comparison, &baseline.digests, &now, &format, |_| true);
        times.push(started.elapsed());
        extra_bytes = extra_bytes.max(PEAK.load(Ordering::Relaxed) - before);
        changes = comparison.changes.len();
        assert!(comparison.count(Kind::Gone) == size / 500 && !made.is_empty());
    }
    times.sort();
    Figures {
        size,
        median: times[ROUNDS / 2],
        extra_bytes,
        day_bytes: file.len(),
        changes,
    }
}

fn main() -> ExitCode {
    let mut missed = false;
    let mut row = |figure: String, value: String, budget: &str, met: Option<bool>| {
        let met = match met {
            Some(true) => "yes",
            Some(false) => {
                missed = true;
                "**NO**"
            }
            None => "—",
        };
        println!("| {figure} | {value} | {budget} | {met} |");
    };
    println!("| figure | value | budget | met? |");
    println!("|---|---|---|---|");
    for size in SIZES {
        let f = measure(size);
        let ms = f.median.as_secs_f64() * 1e3;
        let budget = match f.size {
            10_000 => Some(MS_10K),
            100_000 => Some(MS_100K),
            _ => None,
        };
        row(
            format!(
                "compare {} groups ({} changes; the day read, digests made, compared, rows made; median of {ROUNDS})",
                f.size, f.changes
            ),
            format!("{ms:.1} ms"),
            &budget.map_or("—".into(), |b| format!("≤ {b} ms")),
            budget.map(|b| ms <= b),
        );
        let week = f.day_bytes as u64 * 8;
        let disk_budget = match f.size {
            10_000 => Some(DISK_10K),
            100_000 => Some(DISK_100K),
            _ => None,
        };
        row(
            format!(
                "memory on top of the walk, {} groups (peak allocated)",
                f.size
            ),
            format!("{:.1} MB", f.extra_bytes as f64 / 1e6),
            if f.size == 100_000 {
                "≤ 30 MB"
            } else {
                "—"
            },
            (f.size == 100_000).then_some(f.extra_bytes <= EXTRA_BYTES_100K),
        );
        row(
            format!(
                "history at history_days = 7, {} groups (8 days of {:.2} MB, {} bytes a group)",
                f.size,
                f.day_bytes as f64 / 1e6,
                f.day_bytes / f.size
            ),
            format!("{:.1} MB", week as f64 / 1e6),
            &disk_budget.map_or("—".into(), |b| format!("≤ {} MB", b / 1_000_000)),
            disk_budget.map(|b| week <= b),
        );
    }
    if missed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

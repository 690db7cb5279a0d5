//! The soak's memory (issue 16, section 4): eight hours of the dashboard
//! auto-refreshing every 10 s against the demo server with faults, on a
//! paused clock (see `tests/support/soak.rs`, which `tests/soak.rs` runs
//! for its counts of what is left running). Prints the resident memory an
//! hour in and at the end, and exits non-zero when it grew by more than
//! 2 MB.
//!
//! ```text
//! cargo bench --bench soak          # release, as scripts/bench.sh runs it
//! cargo test --bench soak           # the same on a test build
//! ```

#[path = "../tests/support/console.rs"]
pub mod console;
#[path = "../tests/support/soak.rs"]
pub mod soak;

use std::process::ExitCode;

/// Budget: resident memory grown from the first hour to the eighth.
const RSS_GROWTH_BYTES: u64 = 2_000_000;
const HOURS: u32 = 8;

fn main() -> ExitCode {
    let report = soak::soak(HOURS);
    let (Some(first), Some(end)) = (report.first_hour.rss_bytes, report.end.rss_bytes) else {
        eprintln!("soak: no VmRSS in /proc/self/status");
        return ExitCode::from(2);
    };
    let growth = end.saturating_sub(first);
    let met = growth <= RSS_GROWTH_BYTES;
    println!("| figure | value | budget | met? |");
    println!("|---|---|---|---|");
    println!(
        "| RSS growth, hour 1 → hour {HOURS}, refresh every {} s ({:.2} → {:.2} MB; {} groups requests; {:.1} s of real time) | {} kB | ≤ 2000 kB | {} |",
        soak::REFRESH.as_secs(),
        first as f64 / 1e6,
        end as f64 / 1e6,
        report.end.groups_requests,
        report.took.as_secs_f64(),
        growth / 1000,
        if met { "yes" } else { "**NO**" }
    );
    if met {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

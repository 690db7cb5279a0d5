//! Eight hours of auto-refresh every 10 s against the demo server with
//! faults, on a paused clock (see `support::soak`): nothing is left
//! running that was not running an hour in. The memory it took is the
//! bench's (`benches/soak.rs`).
//!
//! A test binary of its own, apart from `tests/it/` (issue 35 §6): it is
//! minutes of one core's work, which in `it` would hold one of the two test
//! threads for the whole run and take a core from the tests that wait on
//! the binary against a deadline; and the resident memory its report
//! gives is the process's, which in `it` would count the other tests'.

pub mod support;

use crmdeck::runtime::Exit;
use support::soak::{REFRESH, soak};

#[test]
fn eight_hours_of_auto_refresh_leave_no_request_task_or_timer_behind() {
    let report = soak(8);
    eprintln!("{report:?}");
    assert_eq!(report.exit, Exit::Quit);
    // It kept refreshing: each refresh is due 10 s after the last one was
    // answered, so a fault's time-out (30 s) or retries put it back a bit.
    let refreshes = (report.end.at - report.first_hour.at).as_secs() / REFRESH.as_secs();
    let asked = report.end.groups_requests - report.first_hour.groups_requests;
    assert!(
        asked * 10 >= refreshes * 9,
        "{asked} requests for {refreshes} refreshes"
    );
    // Between two refreshes nothing is being answered, and no task more is
    // alive than an hour in (the fault injector has ended since).
    assert_eq!(report.end.requests_in_flight, 0);
    assert_eq!(report.first_hour.requests_in_flight, 0);
    assert!(
        report.end.tasks <= report.first_hour.tasks,
        "{} tasks alive at the end, {} an hour in",
        report.end.tasks,
        report.first_hour.tasks
    );
}

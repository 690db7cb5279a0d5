//! Twenty centres at once (issue 38 §6): twenty demo servers answering
//! each request after 500 ms, one profile each, `fleet_concurrency = 4`.
//! The dashboard's Centres tab refreshes them all when first shown:
//! `0` → every centre answered, in round trips of 500 ms (budget: six,
//! ⌈20 ÷ 4⌉ and one more, the start of the sessions besides); a key held
//! meanwhile is answered within 50 ms each (the slowest printed); and what
//! the view holds per centre, a summary and its strings, in bytes (budget:
//! 64 KB).

use crate::pty::{Launch, Pty};
use crate::report::{Report, Row, Spread, Unit, millis};
use crate::{Bench, COLUMNS, ROWS};
use crmdeck::demo::{DemoHandle, DemoOptions};
use crmdeck::domain::centre::{
    CentreSummary, Figures, NextLesson, Plugins, Probe, SnapshotFigures, Status,
};
use std::time::{Duration, Instant};

const CENTRES: usize = 20;
const CONCURRENCY: usize = 4;
const LATENCY: Duration = Duration::from_millis(500);
/// The one token every demo server of the stage takes.
const TOKEN: &str = "bench-centres-token";

// Issue 38 §6: ⌈20 ÷ 4⌉ + 1 round trips; keys within 50 ms; 64 KB a centre.
const REFRESH_ROUND_TRIPS: f64 = 6.0;
const KEY_MS: f64 = 50.0;
const BYTES_PER_CENTRE: f64 = 64.0 * 1024.0;
/// How often a key is pressed while the refresh goes on.
const KEY_EVERY: Duration = Duration::from_millis(100);

pub fn centres(bench: &Bench, report: &mut Report) -> Result<(), String> {
    let servers = (0..CENTRES)
        .map(|n| {
            bench.server_of(DemoOptions {
                latency: LATENCY,
                token: Some(TOKEN.to_string()),
                centre_name: Some(format!("Centre {n:02}")),
                ..DemoOptions::default()
            })
        })
        .collect::<Result<Vec<DemoHandle>, String>>()?;
    let mut config = format!(
        "fleet_concurrency = {CONCURRENCY}\ntoken_env = \"CRMDECK_BENCH_TOKEN\"\ndefault_profile = \"c00\"\n"
    );
    for (n, server) in servers.iter().enumerate() {
        config.push_str(&format!(
            "\n[profiles.c{n:02}]\nbase_url = \"{}\"\n",
            server.base_url()
        ));
    }
    let mut pty = Pty::spawn(&Launch {
        binary: &bench.binary,
        columns: COLUMNS,
        rows: ROWS,
        env: &[("CRMDECK_BENCH_TOKEN", TOKEN)],
        config: Some(&config),
        read_rate: None,
    })?;
    pty.wait_frame("the first frame", 0, |screen| {
        screen.contents().contains("crmdeck")
    })?;
    pty.drain(Duration::from_millis(300));
    let all_ok = format!("{CENTRES} centres: {CENTRES} ok");
    let shown = pty.type_keys("0")?;
    let mut keys = Keys::default();
    let done = loop {
        if pty.screen_text().contains(&all_ok) {
            break Instant::now();
        }
        if shown.elapsed() > Duration::from_secs(30) {
            return Err(format!(
                "the centres not all answered in 30 s:\n{}",
                pty.screen_text()
            ));
        }
        keys.press(&mut pty)?;
    };
    let refresh = done.saturating_duration_since(shown);
    // The same keys once every centre answered: what a key costs anyway.
    let mut after = Keys::default();
    for _ in 0..keys.pressed {
        after.press(&mut pty)?;
    }
    report.add(Row::info(
        format!(
            "{CENTRES} centres at {} ms, {CONCURRENCY} at once: 0 → every centre answered",
            LATENCY.as_millis()
        ),
        Spread::One(millis(refresh)),
        Unit::Milliseconds,
    ));
    report.add(Row::budget(
        "the same, in round trips",
        Spread::One(refresh.as_secs_f64() / LATENCY.as_secs_f64()),
        Unit::Ratio,
        REFRESH_ROUND_TRIPS,
    ));
    report.add(Row::budget(
        format!(
            "the same: the slowest of {} keys meanwhile, key → its frame",
            keys.pressed
        ),
        Spread::One(millis(keys.slowest)),
        Unit::Milliseconds,
        KEY_MS,
    ));
    report.add(Row::info(
        "the same keys once every centre answered: the slowest",
        Spread::One(millis(after.slowest)),
        Unit::Milliseconds,
    ));
    report.add(Row::budget(
        "the Centres view: bytes held per centre (its summary and strings)",
        Spread::One(held_per_centre() as f64),
        Unit::Bytes,
        BYTES_PER_CENTRE,
    ));
    pty.quit()?;
    for server in servers {
        bench.runtime.block_on(server.shutdown());
    }
    Ok(())
}

/// Keys pressed one at a time, each waited for, up and down the rows.
#[derive(Default)]
struct Keys {
    pressed: usize,
    slowest: Duration,
    up: bool,
}

impl Keys {
    /// A key, and the frame that shows its move; then a pause.
    fn press(&mut self, pty: &mut Pty) -> Result<(), String> {
        let before = selected(pty);
        let at = pty.type_keys(if self.up { "k" } else { "j" })?;
        let drawn = pty.wait_frame("the key's move", 0, |screen| selected_in(screen) != before)?;
        self.slowest = self.slowest.max(drawn.saturating_duration_since(at));
        self.pressed += 1;
        self.up = match selected(pty) {
            Some(row) if row.contains(&format!("c{:02}", CENTRES - 1)) => true,
            Some(row) if row.contains("c00") => false,
            _ => self.up,
        };
        std::thread::sleep(KEY_EVERY);
        pty.read_for(Duration::ZERO);
        Ok(())
    }
}

/// The selected row of the Centres table, if any.
fn selected(pty: &Pty) -> Option<String> {
    selected_in(pty.screen())
}

fn selected_in(screen: &vt100::Screen) -> Option<String> {
    screen.rows(0, COLUMNS).find(|line| line.starts_with("> c"))
}

/// What the Centres view holds for one centre: its summary (the fleet's
/// row, and whether it is asked) with every figure filled, its strings as
/// long as a real centre's.
fn held_per_centre() -> usize {
    let now = chrono::Utc::now();
    let probe = Probe {
        status: Status::Ok,
        latency: Some(LATENCY),
        figures: Figures {
            name: Some("Ziyo Learning Centre — Chilonzor branch".to_string()),
            groups: Some(2_000),
            plugins: Some(Plugins {
                installed: 3,
                total: 12,
            }),
        },
        at: now,
    };
    let mut summary = CentreSummary::refreshed(&CentreSummary::new("chilonzor-centre"), probe);
    summary.host = Some("api.chilonzor.example.uz".to_string());
    summary.token_expires_at = Some(now);
    summary.snapshot = Some(SnapshotFigures {
        active_groups: 1_800,
        in_class: 40,
        next: Some(NextLesson {
            start: now.naive_utc(),
            group: "English B1 — evening, teacher Karimova".to_string(),
        }),
        saved_at: now,
    });
    let strings = [
        summary.profile.capacity(),
        summary.host.as_ref().map_or(0, String::capacity),
        summary.figures.name.as_ref().map_or(0, String::capacity),
        (summary.snapshot.as_ref())
            .and_then(|snapshot| snapshot.next.as_ref())
            .map_or(0, |next| next.group.capacity()),
    ];
    std::mem::size_of::<CentreSummary>()
        + std::mem::size_of::<bool>()
        + strings.iter().sum::<usize>()
}

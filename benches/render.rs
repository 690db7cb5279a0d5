//! Drawing the Groups tab into a 200x50 TestBackend with pages of 20, 100
//! and 1000 groups (issue 4 budget: 1000 rows ÷ 20 rows ≤ 1.2), and
//! `App::update` for one cursor move. The app is built in setup from the
//! fixtures' scripted server; only the draw or the key is measured.
//!
//! With 10,000 groups in the store (issue 13, section 6): a key of the
//! filter, and a change of the sort, each to the frame drawn after it.
//! One key per sample, so that divan's slowest sample bounds the p99.

// The tests' fixtures (`pub`: what this bench does not use is no dead code).
#[path = "../tests/support/fixtures.rs"]
pub mod fixtures;

use crmdeck::app::{Answer, App, Input, Request, WalkAnswer};
use crmdeck::model::GroupsQuery;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use divan::Bencher;
use fixtures::now;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn main() {
    divan::main();
}

/// The terminal size of the budgets.
const SIZE: (u16, u16) = (200, 50);

/// An app of [`SIZE`] on the Groups tab whose first page holds `rows`
/// groups: the scripted server answers the groups request with that many,
/// whatever per_page the app asked for (the app caps it at 100).
fn app_with_page_of(rows: u32) -> App {
    let (mut app, effects) = App::new(fixtures::settings(), fixtures::token_expires_at(), SIZE);
    fixtures::answer(&mut app, effects, &mut |request| {
        Some(match request {
            // Answered for the query asked, with the page the server says
            // it sent: `rows` groups per page.
            Request::Groups(asked) => {
                let sent = GroupsQuery {
                    per_page: rows,
                    ..*asked
                };
                Answer::Walk(WalkAnswer::Groups(
                    *asked,
                    Ok(fixtures::groups_page(sent, u64::from(rows))),
                ))
            }
            other => fixtures::server_answer(other),
        })
    });
    app
}

#[divan::bench(args = [20, 100, 1000])]
fn draw_groups_tab(bencher: Bencher, rows: u32) {
    let app = app_with_page_of(rows);
    let mut terminal = Terminal::new(TestBackend::new(SIZE.0, SIZE.1)).expect("a test terminal");
    terminal
        .draw(|frame| crmdeck::ui::render(&app, frame))
        .expect("a first frame");
    let screen = format!("{:?}", terminal.backend());
    // The header writes thousands apart: "1 000 groups".
    let shown = match rows {
        1000.. => format!("{} {:03}", rows / 1000, rows % 1000),
        _ => rows.to_string(),
    };
    assert!(
        screen.contains(&format!("· {shown} groups")),
        "the page of {rows} groups is on screen"
    );
    bencher.bench_local(|| {
        terminal
            .draw(|frame| crmdeck::ui::render(&app, frame))
            .map(|_| ())
    });
}

/// One `j` (cursor down) on a loaded page of 100 groups, from the top row.
#[divan::bench]
fn update_cursor_down(bencher: Bencher) {
    let key = Input::Key(fixtures::key('j'));
    bencher
        .with_inputs(|| app_with_page_of(100))
        .bench_local_values(|mut app| {
            let effects = app.update(key.clone(), now());
            // Returned so that dropping the app is not measured.
            (app, effects)
        });
}

/// Groups in the store of the issue 13 figures.
const STORE_GROUPS: u64 = 10_000;

/// An app of [`SIZE`] on the Groups tab whose walk read [`STORE_GROUPS`]
/// groups, 100 a page.
fn app_with_store() -> App {
    let (mut app, effects) = App::new(fixtures::settings(), fixtures::token_expires_at(), SIZE);
    fixtures::answer(&mut app, effects, &mut |request| {
        Some(match request {
            Request::Groups(asked) => Answer::Walk(WalkAnswer::Groups(
                *asked,
                Ok(fixtures::groups_page(*asked, STORE_GROUPS)),
            )),
            other => fixtures::server_answer(other),
        })
    });
    app
}

/// A terminal of [`SIZE`] showing `app`, and what it shows.
fn terminal_on(app: &App) -> (Terminal<TestBackend>, String) {
    let mut terminal = Terminal::new(TestBackend::new(SIZE.0, SIZE.1)).expect("a test terminal");
    terminal
        .draw(|frame| crmdeck::ui::render(app, frame))
        .expect("a first frame");
    let screen = format!("{:?}", terminal.backend());
    (terminal, screen)
}

/// `input` taken by `app`, then the frame drawn.
fn key_to_frame(app: &mut App, terminal: &mut Terminal<TestBackend>, input: Input) {
    let effects = app.update(input, now());
    terminal
        .draw(|frame| crmdeck::ui::render(app, frame))
        .expect("a frame");
    divan::black_box(effects);
}

/// A key of the filter over every row: `e` typed after `/i`, then erased,
/// turn about (each refilters the 10,000 rows and draws).
#[divan::bench(sample_count = 2000, sample_size = 1)]
fn filter_key_to_frame_10000_groups(bencher: Bencher) {
    let mut app = app_with_store();
    fixtures::press(&mut app, "/i");
    let (mut terminal, screen) = terminal_on(&app);
    assert!(screen.contains("10 000 groups"), "{screen}");
    assert!(screen.contains(" of 10 000"), "the filter counts: {screen}");
    let keys = [
        Input::Key(fixtures::key('e')),
        Input::Key(KeyEvent::new(KeyCode::Backspace, KeyModifiers::NONE)),
    ];
    let mut turn = 0;
    bencher.bench_local(|| {
        turn += 1;
        key_to_frame(&mut app, &mut terminal, keys[turn % 2].clone());
    });
}

/// `s` (the next sort column, then the server's order again) over the
/// 10,000 rows, to the frame drawn.
#[divan::bench(sample_count = 500, sample_size = 1)]
fn sort_change_to_frame_10000_groups(bencher: Bencher) {
    let mut app = app_with_store();
    let (mut terminal, screen) = terminal_on(&app);
    assert!(screen.contains("10 000 groups"), "{screen}");
    let key = Input::Key(fixtures::key('s'));
    bencher.bench_local(|| key_to_frame(&mut app, &mut terminal, key.clone()));
}

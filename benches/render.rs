//! Drawing the Groups tab into a 200x50 TestBackend with pages of 20, 100
//! and 1000 groups (issue 4 budget: 1000 rows ÷ 20 rows ≤ 1.2), and
//! `App::update` for one cursor move. The app is built in setup from the
//! fixtures' scripted server; only the draw or the key is measured.

// The tests' fixtures (`pub`: what this bench does not use is no dead code).
#[path = "../tests/support/fixtures.rs"]
pub mod fixtures;

use crmdeck::app::{Answer, App, Input, Request};
use crmdeck::model::GroupsQuery;
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
    let (mut app, effects) = App::new(fixtures::settings(), SIZE);
    fixtures::answer(&mut app, effects, &mut |request| {
        Some(match request {
            // Answered for the query asked, with the page the server says
            // it sent: `rows` groups per page.
            Request::Groups(asked) => {
                let sent = GroupsQuery {
                    per_page: rows,
                    ..*asked
                };
                Answer::Groups(*asked, Ok(fixtures::groups_page(sent, u64::from(rows))))
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
    assert!(
        screen.contains(&format!("· {rows} groups")),
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

//! Render snapshots (insta + ratatui's TestBackend) at 80x24 and 160x48,
//! and checks that hold without colour. The clock and the zone are fixed
//! (fixtures::now, Asia/Tashkent): nothing depends on when or where it runs.

use crmdeck::api::ApiError;
use crmdeck::app::fixtures::{self, answer, loaded_app, press, server_answer};
use crmdeck::app::{Answer, App, AppSettings, Request};
use crmdeck::config::Theme;
use crmdeck::model::{DaysCode, GroupsPage};
use crmdeck::ui::render;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};
use std::time::Duration;

const SIZES: [(u16, u16); 2] = [(80, 24), (160, 48)];

fn draw(app: &App) -> Terminal<TestBackend> {
    let (width, height) = app.size();
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| render(app, frame)).unwrap();
    terminal
}

/// Snapshots the state `build` makes, at every size.
fn snapshot_at_sizes(name: &str, build: impl Fn((u16, u16)) -> App) {
    for size in SIZES {
        let app = build(size);
        let terminal = draw(&app);
        insta::assert_snapshot!(format!("{name}_{}x{}", size.0, size.1), terminal.backend());
    }
}

fn loaded(size: (u16, u16)) -> App {
    loaded_app(AppSettings::for_tests(), size)
}

fn no_answers(_: &Request) -> Option<Answer> {
    None
}

#[test]
fn loading() {
    snapshot_at_sizes("loading", |size| App::new(AppSettings::for_tests(), size).0);
}

#[test]
fn groups_page() {
    snapshot_at_sizes("groups_page", loaded);
}

#[test]
fn empty_page() {
    snapshot_at_sizes("empty_page", |size| {
        let (mut app, effects) = App::new(AppSettings::for_tests(), size);
        answer(&mut app, effects, &mut |request| {
            Some(match request {
                Request::Groups(query) => Answer::Groups(
                    *query,
                    Ok(GroupsPage {
                        groups: Vec::new(),
                        ..fixtures::groups_page(*query, 0)
                    }),
                ),
                other => server_answer(other),
            })
        });
        app
    });
}

#[test]
fn error_keeps_the_rows_on_screen() {
    snapshot_at_sizes("error_old_data_kept", |size| {
        let mut app = loaded(size);
        let effects = press(&mut app, "jjr");
        answer(&mut app, effects, &mut |request| {
            Some(request.failed(ApiError::Server {
                status: 502,
                message: Some("Bad Gateway".into()),
            }))
        });
        app
    });
}

#[test]
fn a_long_error_takes_the_hints_row_too() {
    snapshot_at_sizes("long_error", |size| {
        let mut app = loaded(size);
        // The install times out; the refetch that follows is left pending.
        let effects = press(&mut app, "1jiy");
        answer(&mut app, effects, &mut |request| match request {
            Request::Install { .. } => {
                Some(request.failed(ApiError::Timeout(Duration::from_secs(30))))
            }
            _ => None,
        });
        app
    });
}

#[test]
fn group_detail() {
    // Group 1 is selected: its comment holds an escape sequence and a BEL.
    snapshot_at_sizes("group_detail", |size| {
        let mut app = loaded(size);
        press(&mut app, "\n");
        app
    });
}

#[test]
fn plugin_list() {
    snapshot_at_sizes("plugin_list", |size| {
        let mut app = loaded(size);
        press(&mut app, "1");
        app
    });
}

#[test]
fn plugin_detail_installed() {
    snapshot_at_sizes("plugin_detail_installed", |size| {
        let mut app = loaded(size);
        press(&mut app, "1d");
        app
    });
}

#[test]
fn plugin_detail_not_installed() {
    snapshot_at_sizes("plugin_detail_not_installed", |size| {
        let mut app = loaded(size);
        press(&mut app, "1jd");
        app
    });
}

#[test]
fn install_confirmation() {
    snapshot_at_sizes("confirmation", |size| {
        let mut app = loaded(size);
        press(&mut app, "1ji");
        app
    });
}

#[test]
fn installing() {
    snapshot_at_sizes("installing", |size| {
        let mut app = loaded(size);
        let effects = press(&mut app, "1jiy");
        answer(&mut app, effects, &mut no_answers);
        app
    });
}

#[test]
fn help() {
    snapshot_at_sizes("help", |size| {
        let mut app = loaded(size);
        press(&mut app, "?");
        app
    });
}

#[test]
fn branch_picker() {
    snapshot_at_sizes("branch_picker", |size| {
        let mut app = loaded(size);
        press(&mut app, "bz");
        app
    });
}

#[test]
fn branch_picker_without_branches() {
    snapshot_at_sizes("branch_picker_numeric", |size| {
        let (mut app, effects) = App::new(AppSettings::for_tests(), size);
        answer(&mut app, effects, &mut |request| {
            Some(match request {
                Request::Branches => request.failed(ApiError::NotFound { message: None }),
                other => server_answer(other),
            })
        });
        press(&mut app, "b12");
        app
    });
}

#[test]
fn filtered_and_sorted() {
    snapshot_at_sizes("filtered_sorted", |size| {
        let mut app = loaded(size);
        press(&mut app, "/en\nss");
        app
    });
}

#[test]
fn too_small() {
    let app = loaded((59, 15));
    insta::assert_snapshot!("too_small_59x15", draw(&app).backend());
    let app = loaded((80, 14));
    let screen = draw(&app).backend().to_string();
    assert!(
        screen.contains("terminal too small: need 60x15, have 80x14"),
        "{screen}"
    );
}

/// The row marked selected, and whether it is reversed.
fn selected_row(buffer: &Buffer, width: u16) -> Option<(u16, bool)> {
    (0..buffer.area.height).find_map(|y| {
        let marker = buffer[(0, y)].symbol().to_string() + buffer[(1, y)].symbol();
        (marker == "> ").then(|| {
            let reversed = (0..width).all(|x| buffer[(x, y)].modifier.contains(Modifier::REVERSED));
            (y, reversed)
        })
    })
}

#[test]
fn mono_marks_the_selection_without_colour() {
    for size in SIZES {
        let settings = AppSettings {
            theme: Theme::Mono,
            ..AppSettings::for_tests()
        };
        let mut app = loaded_app(settings, size);
        press(&mut app, "jj");
        let terminal = draw(&app);
        let buffer = terminal.backend().buffer();
        let no_colour = buffer
            .content
            .iter()
            .all(|cell| cell.fg == Color::Reset && cell.bg == Color::Reset);
        assert!(no_colour, "mono draws colour at {size:?}");
        let list_width = if size.0 >= 140 { 96 } else { size.0 };
        let (row, reversed) = selected_row(buffer, list_width).expect("a row marked selected");
        assert_eq!(row, 5, "the third row is selected");
        assert!(reversed, "the selected row is reversed across the line");
        // The active tab is told by its brackets and reverse video.
        let top: String = (0..32).map(|x| buffer[(x, 0)].symbol()).collect();
        assert!(top.contains("[2 Groups]"), "{top}");
    }
}

#[test]
fn the_default_theme_sets_no_background() {
    let app = loaded((160, 48));
    let terminal = draw(&app);
    assert!(
        terminal
            .backend()
            .buffer()
            .content
            .iter()
            .all(|cell| cell.bg == Color::Reset)
    );
}

#[test]
fn server_text_cannot_reach_the_terminal_raw() {
    let mut app = loaded((160, 48));
    press(&mut app, "\n");
    let screen = draw(&app).backend().to_string();
    assert!(!screen.contains('\u{1b}') && !screen.contains('\u{7}'));
    assert!(screen.contains('␛'), "the escape shows as a placeholder");
}

#[test]
fn narrow_terminals_keep_the_essential_columns_with_compact_days() {
    let app = loaded((60, 20));
    let screen = draw(&app).backend().to_string();
    let heads = screen.lines().nth(2).unwrap();
    for head in ["No", "Name", "Days", "Time", "Status"] {
        assert!(heads.contains(head), "{heads}");
    }
    assert!(!heads.contains("Course"), "{heads}");
    assert!(screen.contains("TuThSa"), "{screen}");
}

/// Groups in the week of the snapshots: few enough that lessons show
/// side by side; the last one has a days code no one knows.
const WEEK_GROUPS: u64 = 14;

/// The Week tab of a small branch, its walk answered.
fn week(size: (u16, u16)) -> App {
    let mut app = loaded(size);
    let effects = press(&mut app, "w");
    answer(&mut app, effects, &mut |request| {
        Some(match request {
            Request::Groups(query) => {
                let mut page = fixtures::groups_page(*query, WEEK_GROUPS);
                if let Some(last) = page.groups.last_mut() {
                    last.days = DaysCode::Other("9".into());
                }
                Answer::Groups(*query, Ok(page))
            }
            other => server_answer(other),
        })
    });
    app
}

/// The week at 80x24 (days scroll sideways, the time axis scrolls) and at
/// 200x50 (every day fits), the selection moved to Tuesday's last lesson.
#[test]
fn week_view() {
    for size in [(80, 24), (200, 50)] {
        let mut app = week(size);
        press(&mut app, "lG");
        let terminal = draw(&app);
        insta::assert_snapshot!(format!("week_{}x{}", size.0, size.1), terminal.backend());
    }
}

/// Loading the week: the progress bar in the header.
#[test]
fn week_loading() {
    let mut app = loaded((80, 24));
    press(&mut app, "w");
    let terminal = draw(&app);
    insta::assert_snapshot!("week_loading_80x24", terminal.backend());
}

/// Enter on a lesson opens the same detail as the Groups tab.
#[test]
fn week_detail() {
    let mut app = week((80, 24));
    press(&mut app, "\n");
    let terminal = draw(&app);
    insta::assert_snapshot!("week_detail_80x24", terminal.backend());
}

//! Render snapshots (insta + ratatui's TestBackend) at 80x24 and 160x48,
//! and checks that hold without colour. The clock and the zone are fixed
//! (fixtures::now, Asia/Tashkent): nothing depends on when or where it runs.

use crate::support;

use chrono::{DateTime, Utc};
use crmdeck::api::ApiError;
use crmdeck::app::keymap::Keymap;
use crmdeck::app::layout::TabName;
use crmdeck::app::{
    Answer, App, AppAnswer, AppSettings, Input, PluginsAnswer, Request, Tab, WalkAnswer,
};
use crmdeck::config::Theme;
use crmdeck::domain::zone::Zone;
use crmdeck::model::{DaysCode, GroupsPage};
use crmdeck::store::Snapshot;
use crmdeck::ui::{render, render_screens, render_top_line};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier};
use std::time::Duration;
use support::fixtures::{self, answer, loaded_app, loaded_app_expiring, press, server_answer};
use support::screen::text_of;

const SIZES: [(u16, u16); 2] = [(80, 24), (160, 48)];

fn draw(app: &App) -> Terminal<TestBackend> {
    let (width, height) = app.size();
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| render(app, frame)).unwrap();
    terminal
}

/// What `app`'s screens draw: every line but the top one, which has
/// snapshots of its own (`top_line_*`), so that a new tab changes none of
/// the screens' snapshots.
fn screens(app: &App) -> String {
    let (width, height) = app.size();
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| render_screens(app, frame)).unwrap();
    let drawn = terminal.backend().to_string();
    let (top, below) = drawn.split_once('\n').unwrap();
    assert_eq!(top, format!("\"{}\"", " ".repeat(width.into())), "{drawn}");
    below.to_string()
}

/// Snapshots what `app`'s screens draw as `name`, the top line left out.
fn snapshot(name: &str, app: &App) {
    assert_drawn(name, &screens(app));
}

/// Snapshots the whole frame `app` draws as `name`.
fn snapshot_whole(name: &str, app: &App) {
    let terminal = draw(app);
    assert_drawn(name, &terminal.backend().to_string());
}

/// Asserts `drawn` as the snapshot `name`, kept in
/// `tests/snapshots/render__NAME.snap`: the folder and the names the
/// snapshots had while this file was a test binary of its own (insta would
/// otherwise take `tests/it/snapshots/` and prefix `it__render__`, from
/// this module's path). Every snapshot of this file goes through here.
fn assert_drawn(name: &str, drawn: &str) {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!(format!("render__{name}"), drawn));
}

/// Snapshots the state `build` makes, at every size.
fn snapshot_at_sizes(name: &str, build: impl Fn((u16, u16)) -> App) {
    for size in SIZES {
        snapshot(&format!("{name}_{}x{}", size.0, size.1), &build(size));
    }
}

/// The tabs the snapshots that show tabs draw, as data: the top line's
/// (`top_line_of`) and the help's (the number keys and words of these
/// alone, [`settings`]), so that a new tab changes none of them. What
/// holds for the real tabs is asserted in tests of its own.
const FIVE_TABS: [TabName; 5] = [
    ('1', "Plugins"),
    ('2', "Groups"),
    ('3', "Week"),
    ('4', "Today"),
    ('5', "Changes"),
];

/// The fixtures' settings, the keymap's tabs those of [`FIVE_TABS`].
fn settings() -> AppSettings {
    let five: Vec<Tab> = (Tab::ALL.iter().copied())
        .filter(|tab| FIVE_TABS.iter().any(|(_, name)| *name == tab.name()))
        .collect();
    assert_eq!(
        five.len(),
        FIVE_TABS.len(),
        "every tab of FIVE_TABS is a tab"
    );
    AppSettings {
        keymap: Keymap::default().for_tabs(&five),
        ..fixtures::settings()
    }
}

fn loaded(size: (u16, u16)) -> App {
    loaded_app(settings(), size)
}

/// A new app whose first requests the scripted server answered, but those
/// `except` answers itself.
fn loaded_except(size: (u16, u16), except: impl Fn(&Request) -> Option<Answer>) -> App {
    let (mut app, effects) = App::new(fixtures::settings(), fixtures::token_expires_at(), size);
    answer(&mut app, effects, &mut |request| {
        Some(except(request).unwrap_or_else(|| server_answer(request)))
    });
    app
}

/// The loaded app after `keys`, the requests they start answered by
/// `reply` (None: left unanswered).
fn after(size: (u16, u16), keys: &str, reply: &mut dyn FnMut(&Request) -> Option<Answer>) -> App {
    let mut app = loaded(size);
    let effects = press(&mut app, keys);
    answer(&mut app, effects, reply);
    app
}

#[test]
fn loading() {
    snapshot_at_sizes("loading", |size| {
        App::new(fixtures::settings(), fixtures::token_expires_at(), size).0
    });
}

#[test]
fn empty_page() {
    snapshot_at_sizes("empty_page", |size| {
        loaded_except(size, |request| match request {
            Request::Groups(query) => Some(Answer::Walk(WalkAnswer::Groups(
                *query,
                Ok(GroupsPage {
                    groups: Vec::new(),
                    ..fixtures::groups_page(*query, 0)
                }),
            ))),
            _ => None,
        })
    });
}

/// A new app whose first requests the scripted server answered, but the
/// pages of groups after the first, which `later` answers (None: left
/// on their way).
fn first_page_then(size: (u16, u16), later: impl Fn(u64) -> Option<ApiError>) -> App {
    let (mut app, effects) = App::new(fixtures::settings(), fixtures::token_expires_at(), size);
    answer(&mut app, effects, &mut |request| match request {
        Request::Groups(query) if query.page > 1 => later(query.page).map(|e| request.failed(e)),
        other => Some(server_answer(other)),
    });
    app
}

#[test]
fn a_walk_under_way_shows_its_first_rows_and_its_progress() {
    snapshot_at_sizes("walk_under_way", |size| first_page_then(size, |_| None));
}

/// A new app shown the fixtures' snapshot of groups 1 to 40, as the
/// runtime does before any answer.
fn from_snapshot(size: (u16, u16)) -> (App, Vec<crmdeck::app::Effect>) {
    started_from(fixtures::snapshot(1..=40), size)
}

/// A new app shown `snapshot` before any answer.
fn started_from(snapshot: Snapshot, size: (u16, u16)) -> (App, Vec<crmdeck::app::Effect>) {
    let (mut app, mut effects) = App::new(fixtures::settings(), fixtures::token_expires_at(), size);
    let snapshot = Input::Snapshot(Ok(Box::new(snapshot)));
    effects.extend(app.update(snapshot, fixtures::now()));
    (app, effects)
}

#[test]
fn a_snapshot_start_shows_its_rows_and_its_age_while_refreshing() {
    snapshot_at_sizes("snapshot_start", |size| from_snapshot(size).0);
}

#[test]
fn the_snapshots_catalogue_says_its_age_while_refreshing() {
    let (mut app, _) = from_snapshot((80, 24));
    press(&mut app, "1");
    snapshot("snapshot_plugins_80x24", &app);
}

#[test]
fn a_snapshot_stays_with_its_age_while_a_page_is_missing() {
    let (mut app, effects) = from_snapshot((80, 24));
    answer(&mut app, effects, &mut |request| match request {
        Request::Groups(query) if query.page == 3 => {
            Some(request.failed(ApiError::Timeout(Duration::from_secs(30))))
        }
        other => Some(server_answer(other)),
    });
    snapshot("snapshot_page_missing_80x24", &app);
}

#[test]
fn missing_pages_say_so_and_r_retries() {
    snapshot_at_sizes("pages_missing", |size| {
        let mut app = first_page_then(size, |page| {
            Some(ApiError::Server {
                status: 502,
                message: Some(format!("Bad Gateway (page {page})")),
            })
        });
        // Pages 2 and 4 came back on a retry of r: 3 and 5 stay missing.
        let effects = press(&mut app, "r");
        answer(&mut app, effects, &mut |request| match request {
            Request::Groups(query) if query.page % 2 == 0 => Some(server_answer(request)),
            other => Some(other.failed(ApiError::Server {
                status: 502,
                message: Some("Bad Gateway".into()),
            })),
        });
        app
    });
}

/// Today from a walk with pages missing: each part says its day is partial.
#[test]
fn today_says_when_its_day_is_built_from_partial_data() {
    let mut app = first_page_then((80, 24), |page| {
        Some(ApiError::Server {
            status: 502,
            message: Some(format!("Bad Gateway (page {page})")),
        })
    });
    press(&mut app, "4");
    let screen = text_of(draw(&app).backend().buffer());
    let headings: Vec<&str> = (screen.lines())
        .filter(|line| line.starts_with(" Now ·") || line.starts_with(" Next ·"))
        .collect();
    assert_eq!(headings.len(), 2, "{screen}");
    for heading in headings {
        assert!(
            heading.contains("partial: 1/5 pages, 4 missing (r)"),
            "{screen}"
        );
    }
    snapshot("today_pages_missing_80x24", &app);
}

#[test]
fn a_filters_match_stands_out_in_the_rows() {
    let mut app = loaded((80, 24));
    // Two words, in another order than in the name: each stands out.
    press(&mut app, "/6.5 ielts");
    let terminal = draw(&app);
    let buffer = terminal.backend().buffer();
    let screen = terminal.backend().to_string();
    let row = screen
        .lines()
        .position(|line| line.contains("IELTS 6.5"))
        .expect("an IELTS row") as u16;
    let line: String = (0..80).map(|x| buffer[(x, row)].symbol()).collect();
    let start = line.find("IELTS").unwrap() as u16;
    for x in start..start + 5 {
        let cell = &buffer[(x, row)];
        assert!(
            cell.modifier
                .contains(Modifier::UNDERLINED | Modifier::BOLD),
            "{x}: {cell:?}"
        );
    }
    let after = &buffer[(start + 5, row)];
    assert!(!after.modifier.contains(Modifier::UNDERLINED), "{after:?}");
    for x in start + 6..start + 9 {
        let cell = &buffer[(x, row)];
        assert!(
            cell.modifier.contains(Modifier::UNDERLINED),
            "{x}: {cell:?}"
        );
    }
}

#[test]
fn a_filter_word_no_group_holds_is_named_on_the_filter_line() {
    let mut app = loaded((120, 24));
    press(&mut app, "/ielts xyzzyq");
    let screen = draw(&app).backend().to_string();
    let line = (screen.lines())
        .find(|line| line.contains("filter /"))
        .expect("the filter line");
    assert!(line.contains("no group holds “xyzzyq”"), "{line}");
    assert!(!line.contains("“ielts”"), "ielts is in a group: {line}");
    // Words the groups hold: nothing said.
    press(&mut app, "\x1b/ielts 6.5");
    let screen = draw(&app).backend().to_string();
    assert!(!screen.contains("no group holds"), "{screen}");
}

#[test]
fn error_keeps_the_rows_on_screen() {
    snapshot_at_sizes("error_old_data_kept", |size| {
        after(size, "jjr", &mut |request| {
            Some(request.failed(ApiError::Server {
                status: 502,
                message: Some("Bad Gateway".into()),
            }))
        })
    });
}

#[test]
fn a_long_error_takes_the_hints_row_too() {
    // The install times out; the refetch that follows is left pending.
    snapshot_at_sizes("long_error", |size| {
        after(size, "1jiy", &mut |request| match request {
            Request::Install { .. } => {
                Some(request.failed(ApiError::Timeout(Duration::from_secs(30))))
            }
            _ => None,
        })
    });
}

/// States the loaded app reaches by keys: (snapshot name, keys).
const AFTER_KEYS: [(&str, &str); 14] = [
    ("groups_page", ""),
    // Group 1 is selected: its comment holds an escape sequence and a BEL.
    ("group_detail", "\n"),
    ("plugin_list", "1"),
    ("plugin_detail_installed", "1d"),
    ("plugin_detail_not_installed", "1jd"),
    ("confirmation", "1ji"),
    // The install left unanswered.
    ("installing", "1jiy"),
    ("help", "?"),
    // Typed into the help: only the actions about the token are left.
    ("help_filtered", "1d?tok"),
    ("branch_picker", "bz"),
    ("filtered_sorted", "/en\nss"),
    // Field words: the filter line says how the query was read.
    ("filtered_by_query", "/tue 9-12 status:active\n"),
    // Tab twice: the second branch on the line, the four offered above it.
    ("command_line_candidates", ":branch \t\t"),
    ("command_line_mistake", ":brnch\n"),
];

#[test]
fn states_reached_by_keys() {
    for (name, keys) in AFTER_KEYS {
        snapshot_at_sizes(name, |size| after(size, keys, &mut |_| None));
    }
}

#[test]
fn branch_picker_without_branches() {
    snapshot_at_sizes("branch_picker_numeric", |size| {
        let mut app = loaded_except(size, |request| {
            matches!(request, Request::Branches)
                .then(|| request.failed(ApiError::NotFound { message: None }))
        });
        press(&mut app, "b12");
        app
    });
}

#[test]
fn too_small() {
    snapshot_whole("too_small_59x15", &loaded((59, 15)));
    let app = loaded((80, 14));
    let screen = draw(&app).backend().to_string();
    assert!(
        screen.contains("terminal too small: need 60x15, have 80x14"),
        "{screen}"
    );
}

#[test]
fn a_cut_help_says_more_lines_are_below() {
    let help = after((60, 15), "?", &mut |_| None);
    snapshot("help_60x15", &help);
    let screen = draw(&help).backend().to_string();
    assert!(screen.contains("↓ more"), "{screen}");
    let whole = after((160, 48), "?", &mut |_| None);
    let screen = draw(&whole).backend().to_string();
    assert!(!screen.contains("more "), "{screen}");
}

#[test]
fn a_narrow_groups_summary_shortens_its_notes_rather_than_cut_them() {
    for (size, notes) in [
        ((80, 24), "60/95 · no archived · number ↑ "),
        ((60, 15), "no archived · number ↑ "),
    ] {
        let keys = if size.0 == 80 { "/en\nas" } else { "as" };
        let app = after(size, keys, &mut |_| None);
        let screen = draw(&app).backend().to_string();
        let summary = screen.lines().nth(1).unwrap();
        assert!(
            summary.ends_with(&format!("{notes}\"")),
            "{size:?}: {summary}"
        );
    }
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
            ..fixtures::settings()
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
    week_with(fixtures::settings(), size)
}

/// The Week tab of a small branch under `settings`: the walk the app
/// starts with answered, the week laid out from it.
fn week_with(settings: AppSettings, size: (u16, u16)) -> App {
    let (mut app, effects) = App::new(settings, fixtures::token_expires_at(), size);
    answer(&mut app, effects, &mut |request| {
        Some(match request {
            Request::Groups(query) => {
                let mut page = fixtures::groups_page(*query, WEEK_GROUPS);
                if let Some(last) = page.groups.last_mut() {
                    last.days = DaysCode::Other("9".into());
                }
                Answer::Walk(WalkAnswer::Groups(*query, Ok(page)))
            }
            other => server_answer(other),
        })
    });
    press(&mut app, "w");
    app
}

/// The week at 80x24 (days scroll sideways, the time axis scrolls) and at
/// 200x50 (every day fits), the selection moved to Tuesday's last lesson.
#[test]
fn week_view() {
    // One day at 80 columns, the grid at 160 and 200.
    for size in [(80, 24), (160, 48), (200, 50)] {
        let mut app = week(size);
        press(&mut app, "lG");
        snapshot(&format!("week_{}x{}", size.0, size.1), &app);
    }
}

/// The check's line under the week: each kind counted, shortened at 80
/// columns by whole kinds, never a cut word.
#[test]
fn week_check_line() {
    let settings = AppSettings {
        max_parallel: crmdeck::domain::check::MaxParallel {
            every_branch: Some(1),
            ..Default::default()
        },
        working_hours: "12:00-16:00".parse().unwrap(),
        ..fixtures::settings()
    };
    for (size, expected) in [
        (
            (200, 50),
            "Check: 15 findings · 1 cannot be placed · 6 outside working hours · 8 crowded",
        ),
        ((60, 24), "Check: 15 findings · 1 cannot be placed · …"),
    ] {
        let app = week_with(settings.clone(), size);
        let screen = draw(&app).backend().to_string();
        let line = screen
            .lines()
            .find(|line| line.contains("Check: "))
            .unwrap_or_else(|| panic!("{screen}"));
        assert_eq!(line.trim_matches(['"', ' ']), expected, "{screen}");
    }
}

/// The lines under the week at any width: whole words only (a part or a
/// day that does not fit gives way to `…`), each word one the widest
/// screen shows too.
#[test]
fn week_summary_lines_never_cut_a_word() {
    let summary_of = |width: u16| -> Vec<String> {
        let screen = draw(&week((width, 24))).backend().to_string();
        screen
            .lines()
            .map(|line| line.trim_matches(['"', ' ']).to_owned())
            .filter(|line| {
                ["groups this week", "Free", "Check:"]
                    .iter()
                    .any(|start| line.starts_with(start) || line.contains("groups this week"))
            })
            .collect()
    };
    let wide = summary_of(200);
    assert_eq!(wide.len(), 3, "{wide:#?}");
    let words: Vec<&str> = wide.iter().flat_map(|line| line.split(' ')).collect();
    for width in [60, 70, 80, 100] {
        let lines = summary_of(width);
        assert_eq!(lines.len(), 3, "{width}: {lines:#?}");
        for line in &lines {
            for word in line.split(' ').filter(|word| *word != "…") {
                // Two-letter day names stand in for three-letter ones.
                let known = words.contains(&word)
                    || ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su", "Free:"].contains(&word);
                assert!(known, "{width} columns cut {word:?}: {line}");
            }
        }
    }
    assert!(
        summary_of(80)[1].ends_with("Su 08:00"),
        "{:?}",
        summary_of(80)
    );
}

/// Loading the week: the progress of the walk the Groups tab started (page
/// 1 read, the others on their way) in the header.
#[test]
fn week_loading() {
    let (mut app, effects) = App::new(fixtures::settings(), fixtures::token_expires_at(), (80, 24));
    answer(&mut app, effects, &mut |request| match request {
        Request::Groups(query) if query.page > 1 => None,
        other => Some(server_answer(other)),
    });
    press(&mut app, "3");
    snapshot("week_loading_80x24", &app);
}

/// Enter on a lesson opens the same detail as the Groups tab.
#[test]
fn week_detail() {
    let mut app = week((80, 24));
    press(&mut app, "\n");
    snapshot("week_detail_80x24", &app);
}

// ---- invisible characters ----

/// A terminal as xterm, VTE and tmux are: each character as wide as
/// glibc's `wcwidth` says, which for some invisible characters is not what
/// unicode-width (and so ratatui) measures. It is fed the cells of each
/// frame's diff as ratatui's backends write them: a cursor move before a
/// cell that does not follow the last one written, then the cell's text.
struct WcwidthTerminal {
    width: u16,
    cells: Vec<String>,
}

impl WcwidthTerminal {
    fn new((width, height): (u16, u16)) -> Self {
        Self {
            width,
            cells: vec![" ".to_string(); usize::from(width) * usize::from(height)],
        }
    }

    /// glibc 2.35's width where it differs from unicode-width's.
    fn char_width(c: char) -> usize {
        use unicode_width::UnicodeWidthChar;
        match c {
            '\u{2028}' | '\u{2029}' | '\u{FFF9}'..='\u{FFFB}' => 0,
            '\u{AD}' | '\u{FFA0}' => 1,
            '\u{3164}' => 2,
            c => c.width().unwrap_or(0),
        }
    }

    /// Draws the changes from `before` to `after`.
    fn draw(&mut self, before: &Buffer, after: &Buffer) {
        let mut last: Option<(u16, u16)> = None;
        let mut cursor = (0, 0);
        for (x, y, cell) in before.diff(after) {
            if !matches!(last, Some((lx, ly)) if ly == y && x == lx + 1) {
                cursor = (x, y);
            }
            for c in cell.symbol().chars() {
                let width = Self::char_width(c);
                let (cx, cy) = cursor;
                if width == 0 || cx + width as u16 > self.width {
                    continue;
                }
                let at = usize::from(cy) * usize::from(self.width) + usize::from(cx);
                self.cells[at] = c.to_string();
                if width == 2 {
                    self.cells[at + 1] = String::new();
                }
                cursor.0 += width as u16;
            }
            last = Some((x, y));
        }
    }

    fn screen(&self) -> String {
        self.cells
            .chunks(usize::from(self.width))
            .map(|row| row.concat())
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// The plugin list, fetched again and answered with `plugins`.
fn plugins_named(app: &mut App, names: &[&str]) {
    let effects = press(app, "r");
    answer(app, effects, &mut |request| match request {
        Request::Plugins => {
            let mut plugins = fixtures::plugins();
            for (plugin, name) in plugins.iter_mut().zip(names) {
                plugin.name = name.to_string();
            }
            Some(Answer::Plugins(PluginsAnswer::Plugins(Ok(plugins))))
        }
        _ => None,
    });
}

/// A frame of plugins whose names hold invisible characters, then one of
/// plain names: the terminal shows what a fresh draw of the second shows,
/// with no cell left over from the first.
#[test]
fn invisible_characters_leave_no_stale_cells() {
    let size = (80, 24);
    let mut app = loaded(size);
    press(&mut app, "1");
    plugins_named(
        &mut app,
        &[
            "Telegram\u{FFF9}\u{FFFA}bot\u{FFFB}",
            "SMS\u{3164}gateway\u{3164}(Eskiz)",
            "Payme\u{FFA0}\u{FFA0}payments\u{2028}",
            "Cli\u{AD}ck",
        ],
    );
    let first = draw(&app).backend().buffer().clone();
    plugins_named(&mut app, &["Telegram", "SMS", "Payme", "Click"]);
    let second = draw(&app).backend().buffer().clone();
    let blank = Buffer::empty(first.area);

    let mut shown = WcwidthTerminal::new(size);
    shown.draw(&blank, &first);
    shown.draw(&first, &second);
    let mut fresh = WcwidthTerminal::new(size);
    fresh.draw(&blank, &second);
    assert_eq!(shown.screen(), fresh.screen());
}

#[test]
fn a_zero_width_space_shows() {
    let mut app = loaded((80, 24));
    press(&mut app, "1");
    plugins_named(&mut app, &["Zero\u{200B}width", "Zerowidth"]);
    let screen = draw(&app).backend().to_string();
    let rows: Vec<&str> = screen.lines().filter(|l| l.contains("Zero")).collect();
    assert_eq!(rows.len(), 2, "{screen}");
    assert!(rows[0].contains("Zero\u{FFFD}width"), "{screen}");
    assert!(rows[1].contains("Zerowidth"), "{screen}");
}

// ---- the top line ----

/// The top line alone (the tab bar, the centre, the account) of what `app`
/// draws, with [`FIVE_TABS`] for tabs: the screens' snapshots leave it out.
fn top_line_of(app: &App) -> String {
    top_line_drawn(app, &FIVE_TABS).backend().to_string()
}

/// The top line `app` draws with `tabs` for tabs, a line of its width.
fn top_line_drawn(app: &App, tabs: &[TabName]) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(app.size().0, 1)).unwrap();
    terminal
        .draw(|frame| render_top_line(app, frame, tabs))
        .unwrap();
    terminal
}

#[test]
fn the_top_line_names_every_tab_and_marks_the_one_shown() {
    let shown = [
        ("groups", "", 80),
        ("groups", "", 160),
        ("plugins", "1", 60),
        ("today", "4", 80),
        ("changes", "5", 160),
    ];
    for (name, keys, width) in shown {
        let mut app = loaded((width, 24));
        press(&mut app, keys);
        assert_drawn(&format!("top_line_{name}_{width}"), &top_line_of(&app));
    }
}

/// The real tabs, however many there are: at every width the one shown is
/// named whole in its brackets, every other keeps its number (its name
/// whole or cut, or the number alone), and the zone and the profile keep
/// their place; with seven tabs given as data too.
#[test]
fn the_top_line_keeps_every_tabs_number_the_zone_and_the_profile() {
    let on_utc = || AppSettings {
        machine_zone: Zone::Named(chrono_tz::UTC),
        ..fixtures::settings()
    };
    let seven: Vec<TabName> = (FIVE_TABS.iter().copied())
        .chain([('6', "Centres"), ('7', "Notes")])
        .collect();
    for size in [(60, 15), (80, 24), (100, 30), (160, 48)] {
        for &shown in Tab::ALL {
            let mut app = loaded_app_expiring(on_utc(), None, size);
            press(&mut app, &shown.key().to_string());
            let screen = draw(&app).backend().to_string();
            let top = screen.lines().next().unwrap();
            let name = format!("[{} {}]", shown.key(), shown.name());
            assert!(top.contains(&name), "{size:?}: {top}");
            for tab in Tab::ALL.iter().filter(|&&tab| tab != shown) {
                let number = format!(" {} ", tab.key());
                assert!(top.contains(&number), "{tab:?} at {size:?}: {top}");
            }
            // The zone, its name or its short name, right before the profile.
            let zone_and_profile = |top: &str| {
                ["+05  demo", "Tashkent  demo"]
                    .iter()
                    .any(|z| top.contains(z))
            };
            assert!(zone_and_profile(top), "{size:?}: {top}");
            let top = top_line_drawn(&app, &seven).backend().to_string();
            assert!(zone_and_profile(&top), "seven at {size:?}: {top}");
        }
    }
    // An expired token's way out stays whole beside the tabs (at 100
    // columns, the pseudo-terminal tests' width).
    let expired = Some(fixtures::now() - chrono::TimeDelta::hours(1));
    let app = loaded_app_expiring(on_utc(), expired, (100, 30));
    let screen = draw(&app).backend().to_string();
    let real = screen.lines().next().unwrap().to_string();
    for top in [real, top_line_drawn(&app, &seven).backend().to_string()] {
        assert!(top.contains("⚠ token expired: renew it, press R"), "{top}");
    }
}

// ---- the zone of the times ----

/// The top line at 160x48 of the loaded app with `settings`.
fn top_line(settings: AppSettings) -> String {
    top_line_expiring(settings, fixtures::token_expires_at())
}

/// [`top_line`] with a token that expires at `expires_at`.
fn top_line_expiring(settings: AppSettings, expires_at: Option<DateTime<Utc>>) -> String {
    top_line_of(&loaded_app_expiring(settings, expires_at, (160, 48)))
}

#[test]
fn the_top_line_names_the_zone_of_the_times_when_the_machine_reads_another() {
    let on_utc = AppSettings {
        machine_zone: Zone::Named(chrono_tz::UTC),
        ..fixtures::settings()
    };
    let top = top_line(on_utc);
    assert!(
        top.contains("times in Asia/Tashkent  demo · Ziyo Learning Centre"),
        "{top}"
    );
    // A machine whose clock reads the same (Samarkand is UTC+5 too).
    let same_clock = AppSettings {
        machine_zone: Zone::Named(chrono_tz::Asia::Samarkand),
        ..fixtures::settings()
    };
    let top = top_line(same_clock);
    assert!(!top.contains("times in"), "{top}");
}

#[test]
fn a_narrow_top_line_and_today_keep_the_zone_shortened() {
    let on_utc = || AppSettings {
        machine_zone: Zone::Named(chrono_tz::UTC),
        ..fixtures::settings()
    };
    let app = loaded_app_expiring(on_utc(), None, (60, 15));
    let top = top_line_of(&app);
    assert!(top.contains("   +05  demo · Ziy"), "{top}");
    for size in [(80, 24), (60, 15)] {
        let mut app = loaded_app_expiring(on_utc(), None, size);
        press(&mut app, "t");
        let screen = draw(&app).backend().to_string();
        let summary = screen.lines().nth(1).unwrap();
        assert!(summary.contains(" · +05"), "{size:?}: {summary}");
    }
}

// ---- where am I ----

#[test]
fn the_top_line_names_the_centre_and_else_the_host() {
    let top = top_line(fixtures::settings());
    assert!(top.contains("demo · Ziyo Learning Centre"), "{top}");

    // /v2/token/me not there (404): the host, without a word.
    let app = loaded_except((160, 48), |request| {
        (*request == Request::Me).then_some(Answer::App(AppAnswer::Me(Err(ApiError::NotFound {
            message: None,
        }))))
    });
    let top = top_line_of(&app);
    assert!(top.contains("demo · api.example.uz"), "{top}");
    assert!(!top.contains("Ziyo"), "{top}");
}

#[test]
fn a_snapshot_start_names_the_centre_from_its_first_frame_until_the_live_answer() {
    // Server text from the file: drawn as harmless as the live answer.
    let snapshot = Snapshot {
        centre: Some("Old\u{1b}[2J Centre".into()),
        ..fixtures::snapshot(1..=40)
    };
    let (mut app, effects) = started_from(snapshot, (160, 48));
    let top = top_line_of(&app);
    assert!(top.contains("demo · Old␛[2J Centre"), "{top}");
    assert!(!top.contains("api.example.uz"), "{top}");

    // /v2/token/me answers with the centre's name of today.
    answer(&mut app, effects, &mut |request| {
        Some(server_answer(request))
    });
    let top = top_line_of(&app);
    assert!(top.contains("demo · Ziyo Learning Centre"), "{top}");
}

#[test]
fn the_top_line_says_what_the_environment_replaced_of_the_profile() {
    // Issue 25 §5: the profile's name must not claim a server it is not.
    let settings = AppSettings {
        profile: Some("small".into()),
        replaced: vec!["URL from CRMDECK_BASE_URL".into()],
        ..fixtures::settings()
    };
    let top = top_line_expiring(settings.clone(), None);
    assert!(
        top.contains("small · URL from CRMDECK_BASE_URL · Ziyo"),
        "{top}"
    );
    let app = loaded_app_expiring(settings, None, (60, 15));
    let top = top_line_of(&app);
    assert!(top.contains("small · URL from CRMDE…"), "{top}");
}

#[test]
fn a_narrow_top_line_shortens_the_centre_and_keeps_the_profile() {
    let settings = AppSettings {
        profile: Some("production".into()),
        machine_zone: Zone::Named(chrono_tz::UTC),
        read_only: true,
        ..fixtures::settings()
    };
    let app = loaded_app_expiring(settings.clone(), None, (60, 15));
    let top = top_line_of(&app);
    // Five tabs leave little room at 60 columns, even as their numbers:
    // read-only is a short mark, the profile's name stays whole (issue 37
    // §4).
    assert!(top.contains("5       RO  +05  production"), "{top}");
    let wide = top_line_of(&loaded_app_expiring(settings.clone(), None, (160, 48)));
    assert!(
        wide.contains("read-only  "),
        "whole where there is room: {wide}"
    );
    assert!(!top.contains("times in"), "the zone gives way first: {top}");

    // With the token's warning too, the warning is shortened, not the name.
    let warned = Some(fixtures::now() + chrono::TimeDelta::minutes(40));
    let app = loaded_app_expiring(settings, warned, (60, 15));
    let top = top_line_of(&app);
    assert!(top.contains("⚠ token expi…production"), "{top}");
    assert!(top.contains("production"), "{top}");
}

#[test]
fn plain_http_allowed_by_the_config_is_said_on_the_top_line() {
    let top_line = |insecure_http| {
        let settings = AppSettings {
            profile: None,
            insecure_http,
            ..fixtures::settings()
        };
        top_line_of(&loaded_app(settings, (160, 48)))
    };
    let said = top_line(true);
    assert!(said.contains("⚠ plain http"), "{said}");
    assert!(!top_line(false).contains("plain http"));
}

/// The cells of the top line, and where `text` starts in it.
fn top_cells(app: &App, text: &str) -> (Vec<ratatui::buffer::Cell>, usize) {
    let terminal = top_line_drawn(app, &FIVE_TABS);
    let buffer = terminal.backend().buffer();
    let width = usize::from(buffer.area.width);
    let cells = buffer.content[..width].to_vec();
    let line: String = cells.iter().map(|c| c.symbol()).collect();
    let start = line.find(text).expect("text on the top line");
    (cells, line[..start].chars().count())
}

#[test]
fn a_profiles_accent_colours_the_top_line_and_without_colour_marks_its_name() {
    let red = AppSettings {
        accent: Some(Color::Red),
        ..fixtures::settings()
    };
    let app = loaded_app(red.clone(), (160, 48));
    let (cells, _) = top_cells(&app, "demo");
    assert!(
        cells.iter().all(|cell| cell.bg == Color::Red),
        "the whole line"
    );
    assert!(
        cells[..7].iter().all(|cell| cell.fg == Color::White),
        "readable on red"
    );
    // The rest of the screen keeps the terminal's background.
    let terminal = draw(&app);
    let width = usize::from(terminal.backend().buffer().area.width);
    assert!(
        terminal.backend().buffer().content[width..]
            .iter()
            .all(|c| c.bg == Color::Reset)
    );

    let mono = AppSettings {
        theme: Theme::Mono,
        ..red
    };
    let app = loaded_app(mono, (160, 48));
    let (cells, start) = top_cells(&app, "demo ·");
    assert!(
        cells
            .iter()
            .all(|cell| cell.bg == Color::Reset && cell.fg == Color::Reset)
    );
    let name = &cells[start..start + 4];
    assert!(
        name.iter().all(|c| c.modifier.contains(Modifier::REVERSED)),
        "{name:?}"
    );
    assert!(
        !cells[start + 4].modifier.contains(Modifier::REVERSED),
        "only the name"
    );
}

// ---- today and the week's crowds ----

/// Today at the fixtures' moment (14:00 on a Monday in Tashkent): each part
/// under its heading, the branch column as every branch shows; at the end
/// (G) a group whose days cannot be read.
#[test]
fn today_view() {
    snapshot_at_sizes("today", |size| today(size, "4"));
    snapshot("today_end_80x24", &today((80, 24), "4G"));
}

/// Issue 37 §1: another day (`l`: Tuesday) named on the summary line, its
/// lessons under one heading; after Monday's last lesson (22:30 in
/// Tashkent) tomorrow's first lessons under `Tomorrow · Tue`, right under
/// an empty Next.
#[test]
fn today_for_another_day_and_tomorrow_after_the_last_lesson() {
    snapshot("today_next_day_80x24", &today((80, 24), "4l"));
    let mut late = today((80, 24), "4");
    let at = "2025-06-02T17:30:00Z".parse().unwrap();
    late.update(crmdeck::app::Input::Tick, at);
    snapshot("today_tomorrow_80x24", &late);
}

/// The Today tab after `keys`, the last group of the walk with days that
/// cannot be read.
fn today(size: (u16, u16), keys: &str) -> App {
    let mut app = loaded_except(size, |request| match request {
        Request::Groups(query) => {
            let Answer::Walk(WalkAnswer::Groups(_, Ok(mut page))) = server_answer(request) else {
                return None;
            };
            if let Some(last) = page.groups.last_mut() {
                last.days = DaysCode::Other("9".into());
            }
            Some(Answer::Walk(WalkAnswer::Groups(*query, Ok(page))))
        }
        _ => None,
    });
    press(&mut app, keys);
    app
}

/// Enter on a half hour of the grid where two groups meet (Monday 13:30):
/// the list of both over the week.
#[test]
fn week_crowd_list() {
    let mut app = week((160, 48));
    press(&mut app, "j\n");
    snapshot("week_crowd_list_160x48", &app);
}

/// The fixtures' snapshot of groups 1..=30 at start, compared with
/// Sunday's walk of the history (1 new, 5 changed, 4 archived, 31 gone).
fn compared_from_snapshot(size: (u16, u16)) -> App {
    let (mut app, effects) = started_from(fixtures::snapshot(1..=30), size);
    let ask = fixtures::compare_asked(&effects).unwrap().clone();
    fixtures::compared(&mut app, &ask, &fixtures::sunday());
    app
}

#[test]
fn rows_that_changed_since_the_baseline_are_marked_and_the_header_counts_them() {
    snapshot("changes_marks_80x24", &compared_from_snapshot((80, 24)));
    for (size, said) in [
        ((60, 15), " 4 chg Sun"),
        // While the walk refreshes the snapshot's rows its progress
        // takes the room: the count in its short form.
        ((80, 24), " 4 chg Sun"),
        ((200, 50), " 4 changes since Sun"),
    ] {
        let screen = draw(&compared_from_snapshot(size)).backend().to_string();
        let summary = screen.lines().nth(1).unwrap();
        assert!(summary.contains(said), "{size:?}: {screen}");
    }
    // Without a comparison: no column of marks, no count.
    let screen = draw(&from_snapshot((80, 24)).0).backend().to_string();
    assert!(!screen.contains("since Sun"), "{screen}");
}

#[test]
fn the_changes_tab_lists_each_change_under_its_kind() {
    let mut app = compared_from_snapshot((80, 24));
    press(&mut app, "5j");
    snapshot("changes_tab_80x24", &app);
    let mut app = compared_from_snapshot((160, 48));
    press(&mut app, "5");
    snapshot("changes_tab_160x48", &app);
}

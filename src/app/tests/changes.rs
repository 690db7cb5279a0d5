//! What changed since the baseline (issue 28 §2): asked for at the
//! snapshot (before any answer) and after each walk, the answer's marks
//! by id, the Changes tab's lines by kind, Enter opening the group,
//! `:changes since …` asking again with that baseline, an incomplete walk
//! calling no group gone, and why nothing was compared.

use super::*;
use crate::app::Tab;
use crate::app::changes::ChangeLine;
use crate::app::compared::{Compared, NotCompared};
use crate::app::document::DocLine;
use crate::app::list_pane::Focus;
use crate::domain::changes::{Kind, Since};
use crate::domain::digest::digests;
use crate::domain::zone::CENTRE_ZONE;
use chrono::{NaiveDate, Weekday};

fn with_cache() -> AppSettings {
    AppSettings {
        cache: true,
        ..fixtures::settings()
    }
}

use fixtures::{compare_asked as asked, compared as answered, sunday};

/// An app shown the snapshot of groups 1..=30, nothing answered, compared
/// with [`sunday`]; and the effects of its start.
fn compared_from_snapshot() -> (App, Vec<Effect>) {
    let (mut app, mut effects) = App::new(with_cache(), fixtures::token_expires_at(), NARROW);
    let snapshot = fixtures::snapshot(1..=30);
    let result = Input::Snapshot(Ok(Box::new(snapshot)));
    effects.extend(app.update(result, now()));
    let ask = asked(&effects)
        .expect("a comparison asked at the snapshot")
        .clone();
    answered(&mut app, &ask, &sunday());
    (app, effects)
}

#[test]
fn the_snapshot_is_compared_before_any_answer_and_its_rows_marked_by_kind() {
    let (mut app, effects) = App::new(with_cache(), fixtures::token_expires_at(), NARROW);
    assert!(asked(&effects).is_none(), "nothing to compare yet");
    let snapshot = fixtures::snapshot(1..=30);
    let result = Input::Snapshot(Ok(Box::new(snapshot)));
    let effects = app.update(result, now());
    let ask = asked(&effects).unwrap().clone();
    assert_eq!(ask.since, Since::EarlierDay);
    assert_eq!(ask.groups.len(), 30);
    assert!(ask.complete, "a snapshot is a complete walk's");
    assert_eq!(ask.seen_at, now() - chrono::TimeDelta::minutes(3));
    assert!(app.world.changes.kind(None, 1).is_none(), "no marks before");

    answered(&mut app, &ask, &sunday());
    let changes = &app.world.changes;
    assert_eq!(changes.kind(None, 1), Some(Kind::New));
    assert_eq!(changes.kind(None, 5), Some(Kind::Changed));
    assert_eq!(changes.kind(None, 4), Some(Kind::Archived));
    assert_eq!(changes.kind(None, 31), Some(Kind::Gone));
    assert_eq!(changes.kind(None, 2), None, "unchanged: no mark");
    assert_eq!(changes.kind(Some(2), 1), None, "another branch's list");
    assert_eq!(changes.found(None).unwrap().changes.len(), 4);
}

#[test]
fn the_changes_tab_lists_each_kind_under_its_heading_and_enter_opens_the_group() {
    let (mut app, _) = compared_from_snapshot();
    press(&mut app, "5");
    assert_eq!((app.tab, app.context()), (Tab::Changes, Context::Changes));
    let tab = &app.tabs.changes;
    let lines = tab.lines.as_slice();
    let heading = |kind| ChangeLine::Heading { kind, count: 1 };
    assert_eq!(
        lines,
        [
            heading(Kind::New),
            ChangeLine::Change(0),
            heading(Kind::Changed),
            ChangeLine::Change(1),
            heading(Kind::Archived),
            ChangeLine::Change(2),
            heading(Kind::Gone),
            ChangeLine::Change(3),
        ]
    );
    assert_eq!(tab.selected(&app.world).unwrap().id(), 1);

    press(&mut app, "j");
    let seen = app.tabs.changes.selected(&app.world).unwrap().clone();
    assert_eq!((seen.id(), seen.kind), (5, Kind::Changed));
    let said = crate::present::change_text::differences(
        seen.fields,
        seen.before.as_ref().unwrap(),
        seen.after.as_ref().unwrap(),
        &crate::present::columns::changes::ChangeFormat {
            language: crate::present::Language::En,
            branches: &Default::default(),
        },
    );
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].starts_with("name Renamed since → "), "{said:?}");

    press(&mut app, "\n");
    assert_eq!(app.tab, Tab::Groups);
    assert_eq!(selected_group(&app), Some(5));
    assert_eq!(app.context(), Context::GroupDetail, "its detail open");
    // The detail says what changed, under the fields.
    let field = detail_after(&app, "Changed since Sun 1 Jun");
    assert!(
        matches!(&field, DocLine::Field { label: "name", value } if value.starts_with("Renamed since → ")),
        "{field:?}"
    );

    // A gone group has nothing to open: it is said.
    let said = enter_on_the_gone(&mut app);
    assert!(
        said.contains("No 31") && said.contains("is gone since Sun 1 Jun"),
        "{said}"
    );
}

/// The line after `heading` in the detail of the group selected.
fn detail_after(app: &App, heading: &str) -> DocLine {
    let detail = app.tabs.groups.detail(&app.world).unwrap();
    let at = (detail.iter())
        .position(|line| *line == DocLine::Heading(heading.into()))
        .unwrap_or_else(|| panic!("{heading:?} in the detail: {detail:?}"));
    detail[at + 1].clone()
}

/// Enter on the gone group of the Changes tab: what the status line says.
fn enter_on_the_gone(app: &mut App) -> String {
    press(app, "\x1b5G\n");
    assert_eq!(app.tab, Tab::Changes);
    status(app, Severity::Info).unwrap_or_default().to_owned()
}

/// In Russian: the detail's heading with the day as staff write it, the
/// field by its name; a gone group's № and day said likewise.
#[test]
fn what_changed_is_said_in_the_language_shown() {
    let (mut app, _) = compared_from_snapshot();
    app.world.settings.language = crate::present::Language::Ru;
    press(&mut app, "5j\n");
    let field = detail_after(&app, "Изменённые с вс 01.06");
    let label = matches!(&field, DocLine::Field { label, .. } if *label == "название");
    assert!(label, "{field:?}");
    let said = enter_on_the_gone(&mut app);
    assert!(said.contains("№ 31") && said.contains("вс 01.06"), "{said}");
}

#[test]
fn enter_on_a_hidden_group_shows_it_the_filter_cleared_and_the_archived_shown() {
    let (mut app, _) = compared_from_snapshot();
    // Group 4 is archived now: hidden, and a filter hides it too.
    press(&mut app, "a/zzz\n");
    assert!(!visible_ids(&app).contains(&4));
    press(&mut app, "5jj\n");
    assert_eq!(selected_group(&app), Some(4));
    assert!(!app.tabs.groups.hide_archived);
    assert!(app.tabs.groups.list.filter.is_empty());
}

#[test]
fn esc_in_the_detail_a_change_opened_goes_back_to_changes_on_the_same_row() {
    let (mut app, _) = compared_from_snapshot();
    press(&mut app, "5jj\n");
    assert_eq!((app.tab, selected_group(&app)), (Tab::Groups, Some(4)));
    let cursor = app.tabs.changes.cursor.index;
    press(&mut app, "\x1b");
    assert_eq!(app.tab, Tab::Changes);
    assert_eq!(app.tabs.changes.cursor.index, cursor, "the same row");
    // The Groups tab's detail is closed; a detail opened there by hand
    // goes back to the list, not to Changes.
    press(&mut app, "2");
    assert_eq!(app.tabs.groups.list.focus(), Focus::List);
    press(&mut app, "\n\x1b");
    assert_eq!(app.tab, Tab::Groups);
}

#[test]
fn changes_since_a_day_asks_again_with_that_baseline_and_the_latest_answer_wins() {
    let (mut app, _) = compared_from_snapshot();
    let first = asked(&press(&mut app, ":changes since mon\n"))
        .unwrap()
        .clone();
    assert_eq!(first.since, Since::Weekday(Weekday::Mon));
    assert_eq!(app.tab, Tab::Changes);
    let second = asked(&press(&mut app, ":changes yesterday\n"))
        .unwrap()
        .clone();
    assert_eq!(second.since, Since::Yesterday);
    assert!(second.seq > first.seq);
    let date = asked(&press(&mut app, ":changes since 2025-05-28\n"))
        .unwrap()
        .clone();
    assert_eq!(
        date.since,
        Since::Date(NaiveDate::from_ymd_opt(2025, 5, 28).unwrap())
    );
    // An older ask's answer comes late: dropped.
    let mut empty = sunday();
    empty.digests.clear();
    answered(&mut app, &first, &empty);
    assert_eq!(app.world.changes.kind(None, 5), Some(Kind::Changed));
    // A walk's comparison keeps the baseline chosen.
    let ask = app.world.compare(None, None).unwrap();
    let Effect::Compare(ask) = ask else {
        panic!("{ask:?}")
    };
    assert_eq!(ask.since, date.since);
    // A day that is none is a mistake the prompt keeps.
    press(&mut app, ":changes since someday\n");
    assert!(
        app.overlay::<crate::app::command_line::CommandLine>()
            .is_some()
    );
}

#[test]
fn an_incomplete_walk_asks_without_calling_a_group_gone() {
    let (mut app, effects) = App::new(with_cache(), fixtures::token_expires_at(), NARROW);
    let left = answer(&mut app, effects, &mut |request| match request {
        Request::Groups(query) if query.page == 3 => {
            Some(request.failed(ApiError::Timeout(std::time::Duration::from_secs(30))))
        }
        _ => Some(server_answer(request)),
    });
    let ask = asked(&left)
        .expect("the walk that ended is compared")
        .clone();
    assert!(!ask.complete, "page 3 missing");
    // The baseline held every group and one more: none is called gone.
    let mut day = sunday();
    day.digests = digests((1..=200).map(fixtures::group), CENTRE_ZONE);
    answered(&mut app, &ask, &day);
    let found = app.world.changes.found(None).unwrap();
    assert_eq!(
        found
            .changes
            .iter()
            .filter(|s| s.kind == Kind::Gone)
            .count(),
        0
    );
    assert!(found.unknown > 100, "{}", found.unknown);

    // Once page 3 is read, the walk is complete: gone ones are gone.
    let retry = press(&mut app, "r");
    let left = answer(&mut app, retry, &mut |request| Some(server_answer(request)));
    let ask = asked(&left).unwrap().clone();
    assert!(ask.complete);
    answered(&mut app, &ask, &day);
    let found = app.world.changes.found(None).unwrap();
    let gone = found
        .changes
        .iter()
        .filter(|s| s.kind == Kind::Gone)
        .count();
    assert_eq!(gone, 200 - fixtures::TOTAL_GROUPS as usize);
}

#[test]
fn without_a_baseline_no_row_is_marked_and_the_tab_says_why() {
    let (mut app, mut effects) = App::new(with_cache(), fixtures::token_expires_at(), NARROW);
    let result = Input::Snapshot(Ok(Box::new(fixtures::snapshot(1..=30))));
    effects.extend(app.update(result, now()));
    let ask = asked(&effects).unwrap().clone();
    let why = NotCompared::NoBaseline {
        kept: Vec::new(),
        ignored: vec!["history-ab.bin: corrupt (checksum)".into()],
    };
    let compared = Compared {
        seq: ask.seq,
        branch: ask.branch,
        since: ask.since,
        result: Err(why.clone()),
    };
    app.update(Input::Compared(Box::new(compared)), now());
    assert_eq!(app.world.changes.kind(None, 1), None);
    assert!(app.world.changes.found(None).is_none());
    assert!(app.world.changes.of(None).is_some());
    let text = why.explain(Since::EarlierDay, crate::i18n::Language::En);
    assert!(
        text.starts_with("No earlier day to compare with") && text.contains("corrupt"),
        "{text}"
    );
    // The rows stay: nothing is blanked.
    assert_eq!(app.tabs.groups.rows.len(), 30);
}

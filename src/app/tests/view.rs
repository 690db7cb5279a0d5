//! The view remembered for the next start: the app says when it changed
//! (once per change), and starts where a remembered view says.

use super::*;
use crate::app::{SavedView, Tab};

/// The views the app asked to remember among `effects`.
fn remembered(effects: &[Effect]) -> Vec<&SavedView> {
    effects
        .iter()
        .filter_map(|effect| match effect {
            Effect::Remember(view) => Some(view),
            _ => None,
        })
        .collect()
}

#[test]
fn a_change_of_tab_sort_archived_or_branch_is_remembered_once() {
    let mut app = loaded();
    // Moving and filtering change nothing remembered.
    assert!(remembered(&press(&mut app, "jj/ielts\n")).is_empty());
    let sorted = press(&mut app, "s");
    let sort = app.tabs.groups.list.sort.map(|sort| sort.name(COLUMNS));
    assert_eq!(
        remembered(&sorted),
        vec![&SavedView {
            tab: Some("Groups".into()),
            sort: sort.map(str::to_owned),
            ..SavedView::default()
        }]
    );
    let both = press(&mut app, "Sa");
    let views = remembered(&both);
    assert_eq!(views.len(), 2, "one per key: {views:?}");
    assert!(views[0].descending && !views[0].hide_archived);
    assert!(views[1].descending && views[1].hide_archived);
    // The branch picked.
    press(&mut app, "b");
    press(&mut app, "yunus");
    let picked = press(&mut app, "\n");
    assert_eq!(remembered(&picked)[0].branch_id, Some(2));
    // The tab, and the week's own toggle.
    let week = press(&mut app, "3a");
    let views = remembered(&week);
    assert_eq!(views.len(), 2, "{views:?}");
    assert_eq!(views[0].tab.as_deref(), Some("Week"));
    assert!(views[1].week_archived);
    assert_eq!(app.view(), *views[1]);
}

#[test]
fn the_app_starts_where_the_remembered_view_says() {
    let view = SavedView {
        branch_id: Some(3),
        tab: Some("Week".into()),
        sort: Some("name".into()),
        descending: true,
        hide_archived: true,
        week_archived: true,
    };
    // As the runtime gives it: the remembered branch is the settings' one.
    let settings = AppSettings {
        branch_id: view.branch_id,
        view: view.clone(),
        ..fixtures::settings()
    };
    let (mut app, effects) = App::new(settings, fixtures::token_expires_at(), NARROW);
    assert_eq!(app.tab, Tab::Week);
    // One walk of branch 3, shared by the week shown and the groups list.
    let walks: Vec<_> = fetches(&effects)
        .into_iter()
        .filter(|(_, request)| matches!(request, Request::Groups(_)))
        .collect();
    assert_eq!(walks.len(), 1, "{walks:?}");
    assert_eq!(walks[0].1, Request::Groups(branch_query(Some(3), 1)));
    answer(&mut app, effects, &mut |request| {
        Some(server_answer(request))
    });
    assert!(app.tabs.week.loaded, "the week laid out from that walk");
    assert!(app.tabs.week.include_archived);
    let groups = &app.tabs.groups;
    assert_eq!(
        groups.list.sort.map(|sort| sort.name(COLUMNS)),
        Some("name")
    );
    assert!(groups.list.descending && groups.hide_archived);
    // Nothing changed: nothing to remember.
    assert_eq!(app.view(), view);
    assert!(remembered(&press(&mut app, "j")).is_empty());
}

#[test]
fn names_no_longer_known_are_ignored() {
    let settings = AppSettings {
        view: SavedView {
            tab: Some("Reports".into()),
            sort: Some("colour".into()),
            ..SavedView::default()
        },
        ..fixtures::settings()
    };
    let app = loaded_with(settings);
    assert_eq!(app.tab, Tab::Groups);
    assert_eq!(app.tabs.groups.list.sort, None);
}

#[test]
fn a_remembered_branch_this_centre_does_not_have_falls_back_to_all_with_a_note() {
    // Issue 25 §4: branch #7 was chosen on another centre.
    let settings = AppSettings {
        branch_id: Some(7),
        ..fixtures::settings()
    };
    let app = loaded_with(settings);
    assert_eq!(app.world.branch_id, None, "all branches");
    assert_eq!(app.tabs.groups.branch_id, None);
    let note = app.world.status.current().expect("a note").text.clone();
    assert!(
        note.contains("branch #7 is not a branch of this centre"),
        "{note}"
    );
    // A branch the centre has stays.
    let settings = AppSettings {
        branch_id: Some(2),
        ..fixtures::settings()
    };
    assert_eq!(loaded_with(settings).world.branch_id, Some(2));
}

//! The Centres tab (issue 38 §1, §2): shown the first time (and on `r`)
//! every centre is asked, once, within the bound; each centre's probe is
//! merged as it comes, an older refresh's dropped; a centre that fails
//! keeps its last figures, marked stale with their age; Enter opens the
//! centre by the profile switch; the new app starts on the centre, and the
//! tab's key or Esc comes back to the rows and the cursor as they were.

use super::*;
use crate::app::fleet::{CentresAsk, Fleet};
use crate::app::{SavedView, Tab};
use crate::domain::centre::{CentreSummary, Figures, Plugins, Probe, Status};
use crate::present::columns::centres::{COLUMNS, CentreFormat};
use crate::present::columns::on_screen;
use std::time::Duration;

const FLEET: [&str; 3] = ["demo", "north", "east"];

fn fleet_settings() -> AppSettings {
    AppSettings {
        fleet: Fleet::of(FLEET.map(String::from), 4),
        ..fixtures::settings()
    }
}

/// The refresh asked for among `effects`.
fn asked(effects: &[Effect]) -> Option<&CentresAsk> {
    effects.iter().find_map(|effect| match effect {
        Effect::ProbeCentres(ask) => Some(ask),
        _ => None,
    })
}

/// A probe made `minutes` ago: ok with 240 groups, else `status` alone.
fn probe(status: Status, minutes: i64) -> Probe {
    let figures = match status {
        Status::Ok => Figures {
            name: Some("North".to_string()),
            groups: Some(240),
            plugins: Some(Plugins {
                installed: 2,
                total: 9,
            }),
        },
        _ => Figures::default(),
    };
    Probe {
        status,
        latency: (status == Status::Ok).then(|| Duration::from_millis(120)),
        figures,
        at: now() - chrono::TimeDelta::minutes(minutes),
    }
}

/// `profile`'s row after `probe`, as the runtime answers it for the
/// refresh `refresh` (the row shown merged with the probe).
fn probed(app: &mut App, refresh: u64, profile: &str, probe: Probe) -> Vec<Effect> {
    let summary = Box::new(CentreSummary::refreshed(centre(app, profile), probe));
    app.update(Input::CentreProbed { refresh, summary }, now())
}

fn centre<'a>(app: &'a App, profile: &str) -> &'a CentreSummary {
    let centres = &app.tabs.centres.fleet.centres;
    centres.iter().find(|c| c.profile == profile).unwrap()
}

/// The cells of `profile`'s row as the tab draws them (English).
fn cells(app: &App, profile: &str) -> Vec<String> {
    let format = CentreFormat {
        now: now(),
        language: crate::i18n::Language::En,
        scripts: false,
    };
    let row = ScreenRow::new(COLUMNS, centre(app, profile), &format);
    (row.cells.iter())
        .map(|cell| {
            cell.text()
                .map_or(String::new(), |t| t.as_str().to_string())
        })
        .collect()
}

/// The index of the column named `name` on screen.
fn column(name: &str) -> usize {
    on_screen(COLUMNS)
        .position(|(column, _)| column.name == name)
        .unwrap()
}

#[test]
fn the_first_showing_asks_every_centre_once_within_the_bound_and_r_asks_again() {
    let mut app = loaded_with(fleet_settings());
    let ask = asked(&press(&mut app, "0"))
        .cloned()
        .expect("asked at the first showing");
    assert_eq!(app.tab, Tab::Centres);
    let profiles: Vec<&str> = ask.centres.iter().map(|c| c.profile.as_str()).collect();
    assert_eq!(profiles, FLEET);
    assert_eq!((ask.refresh, ask.concurrency), (1, 4));
    assert!(
        app.needs_tick().is_some(),
        "the spinner turns while they are asked"
    );
    assert!(
        asked(&press(&mut app, "20")).is_none(),
        "shown again: not asked again"
    );
    let again = asked(&press(&mut app, "r")).cloned().expect("r asks again");
    assert_eq!(again.refresh, 2);
    assert!(asked(&fixtures::press(&mut app, ":")).is_none());
}

#[test]
fn each_centre_is_merged_as_it_comes_and_a_failure_keeps_its_figures_stale() {
    let mut app = loaded_with(fleet_settings());
    press(&mut app, "0");
    probed(&mut app, 1, "north", probe(Status::Ok, 3));
    assert!(app.tabs.centres.fleet.asking[0], "demo is still asked");
    assert!(
        !app.tabs.centres.fleet.asking[1],
        "north answered on its own"
    );
    assert_eq!(centre(&app, "north").figures.groups, Some(240));
    assert_eq!(cells(&app, "north")[column("status")], "ok");
    assert_eq!(cells(&app, "north")[column("groups")], "240");

    press(&mut app, "r");
    // The first refresh's late answer is dropped.
    probed(&mut app, 1, "east", probe(Status::Ok, 0));
    assert_eq!(centre(&app, "east").status, None);
    probed(&mut app, 2, "north", probe(Status::Unreachable, 0));
    let north = centre(&app, "north");
    assert_eq!(north.status, Some(Status::Unreachable));
    assert_eq!(north.figures.groups, Some(240), "the last figures kept");
    assert!(north.is_stale());
    let row = cells(&app, "north");
    assert_eq!(row[column("status")], "unreachable · stale, 3 min old");
    assert_eq!(row[column("groups")], "240");
    probed(&mut app, 2, "east", probe(Status::TokenRefused, 0));
    probed(&mut app, 2, "demo", probe(Status::ApiError(502), 0));
    assert_eq!(cells(&app, "east")[column("status")], "token refused");
    assert_eq!(cells(&app, "demo")[column("status")], "API error 502");
    assert!(!app.tabs.centres.fleet.is_asking());
}

#[test]
fn enter_opens_the_centre_by_the_profile_switch_and_its_key_or_esc_comes_back() {
    let mut app = loaded_with(fleet_settings());
    press(&mut app, "0");
    probed(&mut app, 1, "north", probe(Status::Ok, 0));
    assert_eq!(app.tabs.centres.cursor.index, 0, "on the centre looked at");
    press(&mut app, "jj");
    let effects = special(&mut app, KeyCode::Enter);
    assert!(
        effects.contains(&Effect::SwitchProfile("east".to_string())),
        "{effects:?}"
    );

    // The runtime opens the session and starts a new app with the fleet,
    // looking at the centre opened.
    let mut fleet = app.fleet().clone();
    fleet.looking_at = Some("east".to_string());
    let settings = AppSettings {
        profile: Some("east".to_string()),
        fleet: fleet.clone(),
        view: SavedView {
            tab: Some("Centres".to_string()),
            ..SavedView::default()
        },
        ..fixtures::settings()
    };
    let mut opened = loaded_with(settings);
    assert_eq!(opened.tab, Tab::Groups, "the centre opens on its rows");
    special(&mut opened, KeyCode::Esc);
    assert_eq!(opened.tab, Tab::Centres, "Esc comes back");
    assert_eq!(opened.tabs.centres.cursor.index, 2);
    assert_eq!(
        opened.tabs.centres.fleet.centres, fleet.centres,
        "the rows as they were"
    );
    press(&mut opened, "2");
    press(&mut opened, "0");
    assert_eq!(opened.tab, Tab::Centres, "and so does its key");

    // Enter on the centre looked at shows its rows, no switch.
    let effects = special(&mut opened, KeyCode::Enter);
    assert!(
        !effects
            .iter()
            .any(|e| matches!(e, Effect::SwitchProfile(_)))
    );
    assert_eq!(opened.tab, Tab::Groups);
}

#[test]
fn esc_on_a_centre_not_opened_from_the_centres_view_stays() {
    let mut app = loaded_with(fleet_settings());
    special(&mut app, KeyCode::Esc);
    assert_eq!(app.tab, Tab::Groups);
}

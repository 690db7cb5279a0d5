//! `:install-across` (issue 38 §3): the centres asked as an effect, the
//! plan, the number of centres typed (a wrong one, the right one, in a
//! Cyrillic layout too, Esc), one effect for the POSTs, and the results
//! filled in as they come, to the log and on screen until dismissed.

use super::*;
use crate::app::install_across::{InstallAcross, Stage};
use crate::domain::install_across::{Centre, Outcome, Skip};

/// Three centres with the fixtures' catalogue: `north` read-only.
fn centres(app: &App) -> Vec<Centre> {
    let plugins = app.world.plugins().to_vec();
    ["east", "north", "west"]
        .map(|profile| Centre {
            profile: profile.to_string(),
            read_only: profile == "north",
            catalogue: Ok(plugins.clone()),
        })
        .to_vec()
}

fn across(app: &App) -> Option<&InstallAcross> {
    app.overlay::<InstallAcross>()
}

/// `:install-across` on plugin 2 (SMS gateway, not installed, selected on
/// the Plugins tab), the centres answered: the plan, two to install at.
fn planned() -> App {
    let mut app = loaded();
    let effects = press(&mut app, "1j:install-across\n");
    // The centres of the fleet, as the Centres tab has them.
    let fleet: Vec<String> = (app.fleet().centres.iter())
        .map(|centre| centre.profile.clone())
        .collect();
    assert!(!fleet.is_empty());
    assert!(effects.contains(&Effect::AskAcross(fleet)), "{effects:?}");
    let opened = across(&app).expect("open");
    assert_eq!((opened.plugin_id, opened.stage.clone()), (2, Stage::Asking));
    let centres = centres(&app);
    app.update(Input::AcrossAsked(centres), now());
    assert_eq!(app.context(), Context::InstallAcross);
    let Stage::Confirming(plan) = &across(&app).unwrap().stage else {
        panic!("the plan");
    };
    assert_eq!(plan.installs(), 2);
    app
}

/// The POSTs asked for in `effects`.
fn sent(effects: &[Effect]) -> Vec<(i64, Vec<String>)> {
    (effects.iter())
        .filter_map(|effect| match effect {
            Effect::InstallAcross {
                plugin_id,
                profiles,
            } => Some((*plugin_id, profiles.clone())),
            _ => None,
        })
        .collect()
}

#[test]
fn the_right_number_sends_one_post_a_centre_and_the_report_stays() {
    let mut app = planned();
    // `y` and Enter alone do not confirm: letters are not taken.
    let effects = press(&mut app, "y");
    assert!(sent(&effects).is_empty());
    assert_eq!(across(&app).unwrap().input.text(), "");
    let effects = press(&mut app, "2\n");
    let targets = vec!["east".to_string(), "west".to_string()];
    assert_eq!(sent(&effects), [(2, targets)]);
    assert!(effects.iter().any(
        |e| matches!(e, Effect::Log(line) if line.contains("north") && line.contains("read_only"))
    ));
    let done = Outcome::Done { installation: 9 };
    let effects = app.update(
        Input::AcrossInstalled {
            profile: "west".into(),
            outcome: done.clone(),
        },
        now(),
    );
    assert!(
        matches!(&effects[..], [Effect::Log(line)] if line.contains("west") && line.contains("done"))
    );
    assert!(!across(&app).unwrap().is_reported());
    // Esc does not hide results on their way.
    press(&mut app, "\x1b");
    assert!(across(&app).is_some());
    let failed = Outcome::Failed("HTTP 403 forbidden".into());
    app.update(
        Input::AcrossInstalled {
            profile: "east".into(),
            outcome: failed.clone(),
        },
        now(),
    );
    let Stage::Sending { outcomes, .. } = &across(&app).unwrap().stage else {
        panic!("sent");
    };
    let read_only = Outcome::Skipped(Skip::ReadOnly);
    assert_eq!(outcomes, &[Some(failed), Some(read_only), Some(done)]);
    assert!(across(&app).unwrap().is_reported());
    // Enter twice sends nothing again; it dismisses the report.
    let effects = press(&mut app, "\n");
    assert!(sent(&effects).is_empty());
    assert!(across(&app).is_none());
}

#[test]
fn a_wrong_number_refuses_and_sends_nothing() {
    for typed in ["3\n", "1\n", "\n"] {
        let mut app = planned();
        let effects = press(&mut app, typed);
        assert!(sent(&effects).is_empty(), "{typed:?}");
        assert!(across(&app).is_none(), "{typed:?}");
        let said = status(&app, Severity::Error)
            .unwrap_or_default()
            .to_string();
        assert!(said.contains("nothing sent"), "{typed:?}: {said}");
    }
}

#[test]
fn esc_before_sending_cancels() {
    let mut app = planned();
    let effects = press(&mut app, "2\x1b");
    assert!(sent(&effects).is_empty());
    assert!(across(&app).is_none());
}

#[test]
fn in_a_cyrillic_layout_the_digits_reach_the_input_and_letters_do_not() {
    let mut app = planned();
    // `ш` is the i key, `о` the j key: keys of the list elsewhere.
    press(&mut app, "шо2");
    assert_eq!(across(&app).unwrap().input.text(), "2");
    let effects = press(&mut app, "\n");
    assert_eq!(sent(&effects).len(), 1);
}

#[test]
fn an_id_given_names_the_plugin_and_read_only_here_does_not_forbid_it() {
    let mut settings = fixtures::settings();
    settings.read_only = true;
    let mut app = loaded_with(settings);
    let effects = press(&mut app, ":install-across 4\n");
    assert!(
        effects.iter().any(|e| matches!(e, Effect::AskAcross(_))),
        "{effects:?}"
    );
    assert_eq!(across(&app).map(|a| a.plugin_id), Some(4));
}

//! `:install-across` drawn at 80x24 in English and in Russian (issue 38
//! §3): the plan with the number being typed, and the report once every
//! centre answered (a failure, a skip, a success).

use crate::render_languages::drawn;
use crate::support;

use crmdeck::app::{App, AppSettings, Input};
use crmdeck::domain::install_across::{Centre, Outcome};
use crmdeck::i18n::Language;
use support::fixtures::{self, loaded_app, now, press};

/// `:install-across` on plugin 2 in `language`, three centres answered
/// (`north` read-only), `2` typed; with `sent`, confirmed and every
/// centre's result in.
fn across(language: Language, sent: bool) -> App {
    let settings = AppSettings {
        language,
        ..fixtures::settings()
    };
    let mut app = loaded_app(settings, (80, 24));
    press(&mut app, "1j:install-across\n");
    let centres = ["east", "north", "west"].map(|profile| Centre {
        profile: profile.to_string(),
        read_only: profile == "north",
        catalogue: Ok(fixtures::plugins()),
    });
    app.update(Input::AcrossAsked(centres.to_vec()), now());
    press(&mut app, "2");
    if sent {
        press(&mut app, "\n");
        let results = [
            ("west", Outcome::Done { installation: 31 }),
            (
                "east",
                Outcome::Failed("HTTP 403 forbidden: This action is unauthorized.".into()),
            ),
        ];
        for (profile, outcome) in results {
            let input = Input::AcrossInstalled {
                profile: profile.to_string(),
                outcome,
            };
            app.update(input, now());
        }
    }
    app
}

#[test]
fn the_plan_and_the_report_in_every_language() {
    for language in [Language::En, Language::Ru, Language::Uz, Language::UzCyrl] {
        for (state, sent) in [("plan", false), ("report", true)] {
            let screen = drawn(&across(language, sent)).join("\n");
            let code = language.code().to_lowercase().replace('-', "_");
            let name = format!("render__install_across_{code}_{state}_80x24");
            let mut settings = insta::Settings::clone_current();
            settings.set_snapshot_path("../snapshots");
            settings.set_prepend_module_to_snapshot(false);
            settings.bind(|| insta::assert_snapshot!(name, screen));
        }
    }
}

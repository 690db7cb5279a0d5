//! The words of an install across centres (issue 38 §3), for the CLI's
//! table and the dashboard's popup alike: the plan's heading, each
//! centre's step and result, the summary. Server text sanitised here.

use crate::domain::install_across::{Outcome, Plan, Skip, Step};
use crate::i18n::{Language, Phrase, fill, plural};
use crate::sanitize::sanitize_line;

/// `Telegram bot (plugin 3): install at 2 centres of 3`; no name when no
/// centre lists the id.
pub fn heading(plan: &Plan, language: Language) -> String {
    let count = plural::across_install_count(language, plan.installs() as u64, plan.steps.len());
    match &plan.name {
        Some(name) => {
            let plugin = fill::across_plugin(language, sanitize_line(name), plan.plugin_id);
            format!("{plugin}: {count}")
        }
        None => count,
    }
}

/// Why a centre is skipped.
pub fn reason(skip: &Skip, language: Language) -> String {
    let said = |phrase: Phrase| phrase.get(language).to_string();
    match skip {
        Skip::AlreadyInstalled => said(Phrase::AcrossReasonAlready),
        Skip::ReadOnly => said(Phrase::AcrossReasonReadOnly),
        Skip::Unreachable => said(Phrase::AcrossReasonUnreachable),
        Skip::TokenRefused => said(Phrase::AcrossReasonToken),
        Skip::ApiError(status) => fill::across_reason_api(language, status),
        Skip::NotListed => said(Phrase::AcrossReasonNotListed),
        Skip::OtherName(name) => fill::across_reason_other_name(language, sanitize_line(name)),
        Skip::NotOpened(why) => fill::across_reason_not_opened(language, sanitize_line(why)),
    }
}

/// What the plan does at a centre: `install`, `skip: read-only`.
pub fn step(step: &Step, language: Language) -> String {
    match step {
        Step::Install => Phrase::AcrossStepInstall.get(language).to_string(),
        Step::Skip(skip) => fill::across_step_skip(language, reason(skip, language)),
    }
}

/// What became of a centre: `done (installation 27)`, `failed: …`.
pub fn outcome(outcome: &Outcome, language: Language) -> String {
    match outcome {
        Outcome::Done { installation } => fill::across_done(language, installation),
        Outcome::Failed(why) => fill::across_failed(language, sanitize_line(why)),
        Outcome::Skipped(skip) => fill::across_skipped(language, reason(skip, language)),
        Outcome::Unknown(why) => {
            let unknown = Phrase::AcrossUnknown.get(language);
            match why.is_empty() {
                true => unknown.to_string(),
                false => format!("{unknown} ({})", sanitize_line(why)),
            }
        }
    }
}

/// `1 done · 1 failed · 1 skipped · 0 unknown`.
pub fn summary(outcomes: &[Outcome], language: Language) -> String {
    let count = |code: &str| outcomes.iter().filter(|o| o.code() == code).count();
    fill::across_summary(
        language,
        count("done"),
        count("failed"),
        count("skipped"),
        count("unknown"),
    )
}

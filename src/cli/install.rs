//! `crmdeck install ID`: confirm, then one POST (never retried).

use super::plugins::installation_json;
use super::{CliError, Format, chatter, json_text};
use crate::api::ApiError;
use crate::i18n::{Language, Phrase, fill};
use crate::model::{Installation, Plugin};
use crate::present::columns::BranchNames;
use crate::present::columns::installs::{self, Installed};
use crate::present::columns::plugins::{PluginFormat, shown_token};
use crate::present::columns::table::Table;
use crate::present::format::plugin_type_word;
use crate::present::{api_words, words};
use crate::sanitize::sanitize_line;
use crate::session::Session;
use std::io::{BufRead, IsTerminal, Write};

pub async fn run(
    session: &Session,
    format: Format,
    plugin_id: i64,
    yes: bool,
    show_token: bool,
) -> Result<String, CliError> {
    let language = chatter::language();
    if session.config.read_only {
        return Err(CliError::Usage(
            Phrase::CliReadOnlyInstall.get(language).into(),
        ));
    }
    // The catalogue says whether it is installed already (then no POST at all)
    // and what the confirmation should name.
    let plugins = session.client.plugins().await?;
    let plugin = plugins
        .iter()
        .find(|p| p.id == plugin_id)
        .ok_or_else(|| CliError::Usage(fill::cli_no_such_plugin(language, plugin_id)))?;
    if let Some(existing) = &plugin.user {
        let name = sanitize_line(&plugin.name);
        eprintln!("crmdeck: {}", fill::cli_already_installed(language, name));
        return Ok(report(plugin, existing, format, show_token));
    }
    if !yes {
        confirm(plugin, language)?;
    }
    match through_a_hang_up(session.client.install(plugin_id)).await {
        Ok(installation) => Ok(report(plugin, &installation, format, show_token)),
        Err(error) if error.outcome_unknown() => Err(unknown_outcome(session, plugin, error).await),
        Err(error) => Err(error.into()),
    }
}

/// The install's answer, waited for through a SIGHUP (an SSH session that
/// drops): the POST is on its way and may take effect, so the process stays
/// for the answer, which the client logs when it comes, or "outcome
/// unknown" at the request's time-out. Without a handler SIGHUP ended the
/// process at once and the log never said what became of the install
/// (issue 33 §7). Other signals keep their default: they end it at once.
pub(super) async fn through_a_hang_up<T>(install: impl Future<Output = T>) -> T {
    use tokio::signal::unix::{SignalKind, signal};
    let Ok(mut hang_up) = signal(SignalKind::hangup()) else {
        return install.await;
    };
    tokio::pin!(install);
    tokio::select! {
        answer = &mut install => answer,
        _ = hang_up.recv() => {
            tracing::warn!("SIGHUP during the install: waiting for its answer");
            install.await
        }
    }
}

/// The error for an install that may have happened all the same (see
/// [`ApiError::outcome_unknown`]): the plugin list, asked once (a read),
/// says what it shows now. Never a second POST: an install the server is
/// still carrying out (behind a gateway that gave up) shows later.
async fn unknown_outcome(session: &Session, plugin: &Plugin, error: ApiError) -> CliError {
    let language = chatter::language();
    let name = sanitize_line(&plugin.name);
    let check = Phrase::CliInstallCheck.get(language);
    let now = match session.client.plugins().await {
        Ok(plugins) => match plugins.into_iter().find(|p| p.id == plugin.id) {
            Some(Plugin {
                user: Some(installation),
                ..
            }) => fill::cli_install_now_shows(language, name, installation.id),
            Some(_) => fill::cli_install_shows_not(language, name, check),
            None => fill::cli_install_not_listed(language, name, check),
        },
        Err(list_error) => {
            tracing::info!(%list_error, "the plugin list after an install of unknown outcome");
            check.to_string()
        }
    };
    let error = api_words::in_language(&error.to_string(), language).into_owned();
    CliError::OutcomeUnknown(fill::cli_outcome_unknown(language, error, now))
}

/// Asks on the terminal; refuses to guess when there is none. The answer
/// is `y` in every language, as the prompt's `[y/N]` says (keys stay).
fn confirm(plugin: &Plugin, language: Language) -> Result<(), CliError> {
    if !std::io::stdin().is_terminal() {
        return Err(CliError::Usage(
            Phrase::CliInstallNeedsYes.get(language).into(),
        ));
    }
    let mut stderr = std::io::stderr().lock();
    write!(stderr, "{} ", prompt(plugin, language))?;
    stderr.flush()?;
    let mut answer = String::new();
    std::io::stdin().lock().read_line(&mut answer)?;
    if matches!(answer.trim(), "y" | "Y" | "yes" | "Yes") {
        Ok(())
    } else {
        Err(CliError::Usage(
            Phrase::CliInstallCancelled.get(language).into(),
        ))
    }
}

/// `Install Attendance (Free; may: read groups)? [y/N]`, in `language`.
fn prompt(plugin: &Plugin, language: Language) -> String {
    let abilities = plugin.abilities.as_list().join(", ");
    let abilities = match abilities.is_empty() {
        true => Phrase::CliInstallNothingListed.get(language),
        false => &abilities,
    };
    let kind = plugin_type_word(&plugin.plugin_type);
    let kind = words::value("type", kind, language).unwrap_or(kind);
    let name = sanitize_line(&plugin.name);
    fill::cli_install_prompt(language, name, kind, sanitize_line(abilities))
}

fn report(
    plugin: &Plugin,
    installation: &Installation,
    format: Format,
    show_token: bool,
) -> String {
    match format {
        Format::Json => json_text(&installation_json(installation, show_token)),
        // A table of one row, so a name that starts like a formula is
        // defused as in every CSV.
        Format::Csv => {
            let installed = Installed {
                plugin,
                installation,
            };
            let shown = PluginFormat { show_token };
            Table::of(
                &installs::columns(),
                [&installed],
                &shown,
                &BranchNames::new(),
            )
            .to_csv()
        }
        Format::Table => {
            let token = installation
                .token
                .as_deref()
                .map(|t| shown_token(t, show_token));
            let language = chatter::language();
            let hint = if show_token || installation.token.is_none() {
                String::new()
            } else {
                format!(" {}", Phrase::CliShowTokenHint.get(language))
            };
            let installed = fill::cli_installed(
                language,
                sanitize_line(&plugin.name),
                plugin.id,
                installation.id,
                token.as_deref().unwrap_or(Phrase::TodayNone.get(language)),
            );
            format!("{installed}{hint}\n")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::PluginType;

    #[test]
    fn the_confirmation_asks_in_the_language_and_the_answer_stays_y() {
        let plugin = Plugin {
            id: 7,
            name: "Attendance".to_string(),
            plugin_type: PluginType::Free,
            ..Plugin::default()
        };
        assert_eq!(
            prompt(&plugin, Language::En),
            "Install Attendance (Free; may: nothing listed)? [y/N]"
        );
        assert_eq!(
            prompt(&plugin, Language::Ru),
            "Установить Attendance (бесплатный; может: ничего не указано)? [y/N]"
        );
        assert_eq!(
            prompt(&plugin, Language::Uz),
            "Attendance oʻrnatilsinmi (bepul; qila oladi: hech narsa koʻrsatilmagan)? [y/N]"
        );
    }

    #[test]
    fn csv_is_a_row_whose_formula_is_defused() {
        let plugin = Plugin {
            id: 7,
            name: "=HYPERLINK(\"http://x\")".to_string(),
            ..Plugin::default()
        };
        let installation = Installation {
            id: 27,
            plugin_id: Some(7),
            token: Some("27|jCr5Qm0aXbT7sLw2kHd9PzUeYv4NcR8gFo1iKj6M".to_string()),
            ..Installation::default()
        };
        let csv = report(&plugin, &installation, Format::Csv, false);
        let masked = shown_token(installation.token.as_deref().unwrap(), false);
        assert_eq!(
            csv,
            format!(
                "plugin_id,name,installation_id,token\r\n7,\"'=HYPERLINK(\"\"http://x\"\")\",27,{masked}\r\n"
            )
        );
    }
}

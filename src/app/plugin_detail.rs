//! A plugin's detail: what it is, its installation with the token masked
//! unless revealed (before the long text, so that it shows at 80x24), and
//! what it may do.

use super::document::{DocLine, field};
use crate::i18n::{Language, Phrase, fill};
use crate::model::{Abilities, Plugin, Timestamp};
use crate::present::format::{NONE, RowFormat, plugin_type_word, timestamp};
use crate::present::words::value;
use crate::sanitize::{sanitize_line, sanitize_text};
use crate::secret::mask_secret;

/// How the installation part of a plugin's detail shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InstallView {
    /// An install request is on its way.
    pub installing: bool,
    /// The token shows in full.
    pub token_revealed: bool,
}

/// The detail view of `plugin`, its words in `format`'s language and
/// times in its zone.
pub fn plugin_document(plugin: &Plugin, view: InstallView, format: RowFormat) -> Vec<DocLine> {
    let language = format.language;
    let state = match (&plugin.user, view.installing) {
        (Some(installation), _) => fill::detail_installed_as(language, installation.id),
        (None, true) => Phrase::DetailInstalling.get(language).to_string(),
        (None, false) => Phrase::DetailNotInstalled.get(language).to_string(),
    };
    let stamp =
        |t: &Option<Timestamp>| (t.as_ref()).map(|t| line(&timestamp(t, &format.zone, language)));
    let mut document = vec![
        DocLine::Heading(line(&plugin.name)),
        field("Id", Some(plugin.id.to_string())),
        field("Type", Some(type_word(plugin, language))),
        field("Installed", Some(state)),
    ];
    // The installation before the long text (issue 37): at 80x24 its token
    // shows without scrolling past the description and the abilities.
    if let Some(installation) = &plugin.user {
        let token = installation.token.as_deref().map(|token| {
            if view.token_revealed {
                line(token)
            } else {
                mask_secret(token)
            }
        });
        document.extend([
            DocLine::Blank,
            DocLine::Heading(Phrase::DetailInstallation.get(language).to_string()),
            field("Token", token),
            field("Id", Some(installation.id.to_string())),
            field("User", installation.user_id.map(|id| format!("#{id}"))),
            field("Installed at", stamp(&installation.created_at)),
            field("Updated", stamp(&installation.updated_at)),
            DocLine::Blank,
        ]);
    }
    document.extend([
        field(
            "Description",
            Some(sanitize_text(&plugin.description).into_owned()).filter(|d| !d.trim().is_empty()),
        ),
        field("Abilities", Some(abilities(&plugin.abilities, language))),
        field("URL", plugin.url.as_deref().map(line)),
        field("Logo", plugin.logo.as_deref().map(line)),
        field("Background", plugin.background_image.as_deref().map(line)),
        field("Created", stamp(&plugin.created_at)),
        field("Updated", stamp(&plugin.updated_at)),
    ]);
    document
}

/// Free or Premium in `language` (as the table says it); a type the
/// server sent otherwise, as sent.
fn type_word(plugin: &Plugin, language: Language) -> String {
    let word = line(plugin_type_word(&plugin.plugin_type));
    value("type", &word, language).map_or(word, str::to_owned)
}

/// One ability per line, "•" before each; a value that did not decode as
/// a list shows as sent.
fn abilities(abilities: &Abilities, language: Language) -> String {
    match abilities {
        Abilities::List(names) if names.is_empty() => NONE.to_string(),
        Abilities::List(names) => names
            .iter()
            .map(|name| format!("• {}", line(name)))
            .collect::<Vec<_>>()
            .join("\n"),
        Abilities::Raw(raw) => fill::detail_not_a_list(language, line(raw)),
    }
}

fn line(text: &str) -> String {
    sanitize_line(text).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::zone::CENTRE_ZONE;
    use crate::model::PluginType;

    fn values(plugin: &Plugin, installing: bool, language: Language) -> Vec<String> {
        let view = InstallView {
            installing,
            token_revealed: false,
        };
        let format = RowFormat {
            language,
            zone: CENTRE_ZONE,
        };
        (plugin_document(plugin, view, format).into_iter())
            .filter_map(|line| match line {
                DocLine::Field { value, .. } => Some(value),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_detail_s_own_words_are_said_in_the_language_and_the_server_s_stay() {
        let plugin = Plugin {
            id: 2,
            name: "SMS".to_string(),
            plugin_type: PluginType::Premium,
            abilities: Abilities::Raw("send-sms".to_string()),
            ..Plugin::default()
        };
        let russian = values(&plugin, false, Language::Ru);
        for said in ["премиум", "не установлен", "send-sms (не список)"]
        {
            assert!(russian.iter().any(|v| v == said), "{said}: {russian:?}");
        }
        let installing = values(&plugin, true, Language::UzCyrl);
        assert!(
            installing.iter().any(|v| v == "ўрнатилмоқда…"),
            "{installing:?}"
        );
        let english = values(&plugin, false, Language::En);
        for said in ["Premium", "not installed", "send-sms (not a list)"] {
            assert!(english.iter().any(|v| v == said), "{said}: {english:?}");
        }
    }
}

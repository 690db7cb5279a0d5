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
        field("Abilities", Some(abilities(&plugin.abilities))),
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
fn abilities(abilities: &Abilities) -> String {
    match abilities {
        Abilities::List(names) if names.is_empty() => NONE.to_string(),
        Abilities::List(names) => names
            .iter()
            .map(|name| format!("• {}", line(name)))
            .collect::<Vec<_>>()
            .join("\n"),
        Abilities::Raw(raw) => format!("{} (not a list)", line(raw)),
    }
}

fn line(text: &str) -> String {
    sanitize_line(text).into_owned()
}

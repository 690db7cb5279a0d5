//! A plugin as a row: the Plugins tab's list, `crmdeck plugins` and its CSV.

use super::{Column, Filtered, Natural, OnScreen, Print, Text, Tone};
use crate::model::{Installation, Plugin};
use crate::present::format::{NONE, abilities_inline, plugin_type_word};
use crate::secret::mask_secret;

/// How a plugin reads.
#[derive(Debug, Clone, Copy, Default)]
pub struct PluginFormat {
    /// Installation tokens print in full (else masked).
    pub show_token: bool,
}

/// What the Installed column shows on the dashboard for an installed
/// plugin (an install on its way shows over the cell as it is drawn).
const INSTALLED: &str = "✓ installed";

/// The columns of a plugin, left to right.
pub static COLUMNS: &[Column<Plugin, PluginFormat>] = &[
    Column {
        title: "Id",
        name: "id",
        text: Text::Plain(|plugin, _| plugin.id.to_string()),
        screen: None,
        print: Print::Whole,
    },
    Column {
        title: "Name",
        name: "name",
        text: Text::Plain(|plugin, _| plugin.name.clone()),
        screen: Some(OnScreen {
            natural: Natural::WIDEST,
            flex_min: Some(16),
            priority: 9,
            essential: true,
            tone: Tone::Plain,
            filtered: Filtered::Drawn,
            sort: None,
        }),
        print: Print::UpTo(32),
    },
    Column {
        title: "Type",
        name: "type",
        text: Text::Plain(|plugin, _| plugin_type_word(&plugin.plugin_type).to_string()),
        screen: Some(OnScreen {
            // As wide as "Premium" even when every plugin is Free.
            natural: Natural::Widest {
                floor: 7,
                cap: usize::MAX,
            },
            flex_min: None,
            priority: 8,
            essential: true,
            tone: Tone::Plain,
            filtered: Filtered::No,
            sort: None,
        }),
        print: Print::Whole,
    },
    Column {
        title: "Installed",
        name: "installed",
        text: Text::Split {
            screen: |plugin, _| if plugin.is_installed() { INSTALLED } else { "" }.to_string(),
            print: |plugin, _| if plugin.is_installed() { "yes" } else { "no" }.to_string(),
        },
        screen: Some(OnScreen {
            // Room for "⠋ installing…" too.
            natural: Natural::Exactly(13),
            flex_min: None,
            priority: 7,
            essential: true,
            tone: Tone::State,
            filtered: Filtered::No,
            sort: None,
        }),
        print: Print::Whole,
    },
    Column {
        title: "Token",
        name: "token",
        text: Text::Plain(|plugin, format| token_text(plugin.user.as_ref(), format)),
        screen: None,
        print: Print::Whole,
    },
    Column {
        title: "Abilities",
        name: "abilities",
        text: Text::Split {
            screen: |plugin, _| abilities_inline(&plugin.abilities),
            print: |plugin, _| plugin.abilities.as_list().join(", "),
        },
        screen: Some(OnScreen {
            natural: Natural::Exactly(60),
            flex_min: Some(12),
            priority: 1,
            essential: false,
            tone: Tone::Quiet,
            filtered: Filtered::No,
            sort: None,
        }),
        print: Print::UpTo(48),
    },
];

/// The token of `installation` as printed (see [`shown_token`]), [`NONE`]
/// when there is none.
pub fn token_text(installation: Option<&Installation>, format: &PluginFormat) -> String {
    installation
        .and_then(|installation| installation.token.as_deref())
        .map_or_else(
            || NONE.to_string(),
            |token| shown_token(token, format.show_token),
        )
}

/// An installation token as printed: in full when `show_token`, else masked.
pub fn shown_token(token: &str, show_token: bool) -> String {
    if show_token {
        token.to_string()
    } else {
        mask_secret(token)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{BranchNames, ScreenRow, on_screen, printed};
    use super::*;
    use crate::model::{Abilities, PluginType};

    fn plugin(installed: bool) -> Plugin {
        Plugin {
            id: 4,
            name: "Telegram\u{7} bot".to_string(),
            plugin_type: PluginType::Premium,
            abilities: Abilities::List(if installed {
                vec!["send".to_string(), "read".to_string()]
            } else {
                Vec::new()
            }),
            user: installed.then(|| Installation {
                id: 9,
                token: Some("12|abcdefghijklmnopqrstuvwxyz".to_string()),
                ..Installation::default()
            }),
            ..Plugin::default()
        }
    }

    fn shown(plugin: &Plugin) -> Vec<String> {
        let row = ScreenRow::new(COLUMNS, plugin, &PluginFormat::default());
        on_screen(COLUMNS)
            .zip(&row.cells)
            .map(|(_, cell)| cell.text().map_or("", |t| t.as_str()).to_string())
            .collect()
    }

    fn print(plugin: &Plugin, show_token: bool) -> Vec<String> {
        let format = PluginFormat { show_token };
        printed(COLUMNS)
            .map(|c| c.print_text(plugin, &format, &BranchNames::new()))
            .collect()
    }

    #[test]
    fn people_and_scripts_read_a_plugin_each_their_way() {
        let installed = plugin(true);
        assert_eq!(
            shown(&installed),
            ["Telegram␇ bot", "Premium", "✓ installed", "send, read"]
        );
        assert_eq!(
            print(&installed, false),
            [
                "4",
                "Telegram␇ bot",
                "Premium",
                "yes",
                "12|abcd…",
                "send, read"
            ]
        );
        assert_eq!(print(&installed, true)[4], "12|abcdefghijklmnopqrstuvwxyz");
        let fresh = plugin(false);
        assert_eq!(shown(&fresh), ["Telegram␇ bot", "Premium", "", NONE]);
        assert_eq!(
            print(&fresh, true),
            ["4", "Telegram␇ bot", "Premium", "no", NONE, ""]
        );
    }
}

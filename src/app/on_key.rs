//! A key press: the keymap's action for it in the context of the screen
//! with the focus; the global actions carried out here, the others handed
//! to that screen (or its text input, for a key that is text in it).

use super::ask::{ExportFormat, ExportTo};
use super::command_line::CommandLine;
use super::help::Help;
use super::keymap::{Action, Context};
use super::registry::Overlay;
use super::screen::Listing;
use super::{App, Effect, Tab};
use crate::i18n::Phrase;
use crossterm::event::{KeyEvent, KeyEventKind};

impl App {
    pub(super) fn on_key(&mut self, key: &KeyEvent) -> Vec<Effect> {
        if key.kind == KeyEventKind::Release {
            return Vec::new();
        }
        let context = self.context();
        let action = self.world.settings.keymap.action_for(context, key);
        if self.world.layout.is_too_small() {
            // Nothing is drawn but the size it needs: a key must not act
            // unseen (a confirmation accepted that was never shown).
            // Resizing acts, and so do quitting and suspending.
            return match action {
                Some(action @ (Action::Quit | Action::Suspend)) => self.perform(action, context),
                _ => Vec::new(),
            };
        }
        match action {
            Some(action) => self.perform(action, context),
            None if context.takes_text() => {
                let (screen, mut shared) = self.focused_mut();
                screen.type_text(key, &mut shared);
                Vec::new()
            }
            None => Vec::new(),
        }
    }

    /// The global actions here; the others to the screen with the focus.
    pub(super) fn perform(&mut self, action: Action, context: Context) -> Vec<Effect> {
        match action {
            Action::Quit => vec![Effect::Quit],
            Action::Suspend => vec![Effect::Suspend],
            Action::ShowTab(tab) => self.show_tab(tab, false),
            Action::NextTab => self.show_tab(self.tab.beside(true), false),
            Action::PreviousTab => self.show_tab(self.tab.beside(false), false),
            Action::Help => {
                self.overlays.push(Overlay::Help(Help::new(context)));
                Vec::new()
            }
            Action::CommandLine => {
                let listing = self.tabs.get(self.tab).listing();
                let sortable = listing.map(Listing::sortable).unwrap_or_default();
                self.overlays
                    .push(Overlay::CommandLine(CommandLine::new(context, sortable)));
                // For `:profile` and its completion: one added since the start.
                vec![Effect::ReadProfiles]
            }
            Action::Refresh => self.refresh(),
            Action::Back if self.back_to_centres(context) => self.show_tab(Tab::Centres, false),
            Action::Export => self.export(ExportTo {
                format: ExportFormat::Csv,
                path: None,
                replace: false,
            }),
            Action::ReloadToken => {
                self.world.status.info(
                    Phrase::StatusReloadingToken.get(self.world.settings.language),
                    self.world.now,
                );
                vec![Effect::ReloadToken, Effect::ReadProfiles]
            }
            Action::Move(movement) => {
                let (screen, mut shared) = self.focused_mut();
                screen.move_by(movement, &mut shared);
                Vec::new()
            }
            _ => {
                let (screen, mut shared) = self.focused_mut();
                screen.perform(action, &mut shared)
            }
        }
    }

    /// Esc on the centre Enter opened from the Centres view, where it has
    /// nothing else to do (no overlay, a tab's own list, no message,
    /// nothing loading, no query): back to the Centres view.
    fn back_to_centres(&self, context: Context) -> bool {
        let tab = self.tabs.get(self.tab);
        let lists = [
            Context::GroupsList,
            Context::PluginsList,
            Context::Week,
            Context::Today,
            Context::Changes,
        ];
        let filtered = (tab.listing())
            .and_then(Listing::query)
            .is_some_and(|query| !query.is_empty());
        self.tabs.centres.opened()
            && self.overlays.is_empty()
            && lists.contains(&context)
            && self.world.status.current().is_none()
            && !tab.busy(&self.world)
            && !filtered
    }
}

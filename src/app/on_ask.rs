//! What the screens ask of the app ([`Ask`], the vocabulary of `ask.rs`),
//! carried out after each input: an overlay opened or closed, a tab
//! shown, a command to the tabs, an action as its key would do it, the
//! tab's rows exported.

use super::ask::{Ask, ExportFormat, ExportTo, Tell};
use super::branch_picker::BranchPicker;
use super::confirm::Confirm;
use super::install_across::InstallAcross;
use super::lesson_list::LessonList;
use super::screen::Listing;
use super::shared::Shared;
use super::{App, Effect, Tab};
use crate::i18n::{Phrase, fill};
use crate::present::words::say;

impl App {
    /// What the screens asked of the app, in order (carrying one out may
    /// lead to more).
    pub(super) fn carry_out_asks(&mut self) -> Vec<Effect> {
        let mut effects = Vec::new();
        while let Some(ask) = self.world.next_ask() {
            match ask {
                Ask::BranchPicker { current } => {
                    let picker = BranchPicker::open(
                        self.world.branches_state(),
                        current,
                        self.world.settings.language,
                    );
                    self.overlays.push(picker.into());
                }
                Ask::Confirm(confirmation) => self.overlays.push(Confirm(confirmation).into()),
                Ask::Lessons(crowd) => self.overlays.push(LessonList::new(crowd).into()),
                Ask::Close => {
                    self.overlays.pop();
                }
                Ask::Show { tab, reload } => effects.extend(self.show_tab(tab, reload)),
                Ask::TellTabs(tell) => {
                    for &tab in Tab::ALL {
                        let screen = self.tabs.get_mut(tab);
                        effects.extend(screen.hear(&tell, &mut Shared::new(&mut self.world)));
                    }
                }
                Ask::TellShown(tell) => {
                    let screen = self.tabs.get_mut(self.tab);
                    effects.extend(screen.hear(&tell, &mut Shared::new(&mut self.world)));
                }
                Ask::Perform(action) => effects.extend(self.perform(action, self.context())),
                Ask::Export(to) => effects.extend(self.export(to)),
                Ask::Profile(name) => effects.push(Effect::SwitchProfile(name)),
                // Said in the language it switches to.
                Ask::Language(language) => {
                    self.world.settings.language = language;
                    let said = crate::i18n::Phrase::LanguageSwitched.get(language);
                    Shared::new(&mut self.world).info(said);
                    for &tab in Tab::ALL {
                        let screen = self.tabs.get_mut(tab);
                        let tell = Tell::Language;
                        effects.extend(screen.hear(&tell, &mut Shared::new(&mut self.world)));
                    }
                }
                Ask::SaveQuery(name) => effects.extend(self.save_query(name)),
                Ask::InstallAcross { plugin_id, name } => {
                    self.overlays
                        .push(InstallAcross::new(plugin_id, name).into());
                    let fleet = &self.world.settings.fleet.centres;
                    let profiles = fleet.iter().map(|centre| centre.profile.clone());
                    effects.push(Effect::AskAcross(profiles.collect()));
                }
                Ask::Query(query) => {
                    effects.extend(self.show_tab(Tab::Groups, false));
                    let screen = self.tabs.get_mut(Tab::Groups);
                    let tell = Tell::Filter(query);
                    effects.extend(screen.hear(&tell, &mut Shared::new(&mut self.world)));
                }
            }
        }
        effects
    }

    /// `:save NAME`: the Groups list's query for the runtime to keep, or
    /// why not (no query; a name the config's `[queries]` holds, which
    /// would win over it).
    fn save_query(&mut self, name: String) -> Vec<Effect> {
        let language = self.world.settings.language;
        let listing = self.tabs.get(Tab::Groups).listing();
        let text = (listing.and_then(Listing::query))
            .map(|query| query.text().trim().to_string())
            .unwrap_or_default();
        let refused = match self.world.settings.queries.get(&name) {
            _ if text.is_empty() => Some(Phrase::QueryNothingToSave.get(language).to_string()),
            Some(found) if found.in_config.is_some() => {
                Some(fill::query_in_config(language, &found.name))
            }
            _ => None,
        };
        match refused {
            Some(why) => {
                self.world.status.error(why, self.world.now);
                Vec::new()
            }
            None => vec![Effect::SaveQuery { name, text }],
        }
    }

    /// The rows of the tab shown as a file's contents, for the runtime to
    /// write; or why there are none.
    pub(super) fn export(&mut self, to: ExportTo) -> Vec<Effect> {
        let ExportTo {
            format,
            path,
            replace,
        } = to;
        let now = self.world.now;
        let listing = self.tabs.get(self.tab).listing();
        let Some(table) = listing.and_then(|listing| listing.view(&self.world)) else {
            let language = self.world.settings.language;
            let why = fill::app_no_list_to_export(language, say(self.tab.name(), language));
            self.world.status.error(why, now);
            return Vec::new();
        };
        let contents = match format {
            ExportFormat::Csv => table.to_csv(),
            ExportFormat::Json => table.to_json(),
        };
        // The centre's date and time, as every time on screen.
        let stamp = self.world.zone.wall_clock(now).format("%Y%m%d-%H%M%S");
        let tab = self.tab.name().to_lowercase();
        vec![Effect::Export {
            contents,
            rows: table.len(),
            path,
            file_name: format!("crmdeck-{tab}-{stamp}.{}", format.word()),
            replace,
        }]
    }
}

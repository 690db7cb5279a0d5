//! The Centres tab (issue 38 §1, §2): one row a centre of the fleet, its
//! status, latency, figures and snapshot's figures, the counts per status
//! on top. Shown the first time, and on `r`, every centre is asked again
//! (`Effect::ProbeCentres`: the runtime asks them concurrently within the
//! bound, each answering on its own as `Input::CentreProbed`); a centre
//! that fails keeps its last figures, marked stale. Enter opens the centre
//! in the dashboard (`:profile`'s switch); its key (or Esc on the centre
//! opened) comes back with the rows and the cursor as they were.

use super::ask::{Ask, Tell};
use super::fleet::Fleet;
use super::keymap::{Action, Context};
use super::list_cursor::{ListCursor, Movement};
use super::protocol::Effect;
use super::screen::{Screen, TabScreen};
use super::shared::{AppSettings, Shared, World};
use super::tab::Tab;
use crate::domain::centre::CentreSummary;

/// The lines above the list: the summary, the column heads.
pub const LINES_ABOVE_LIST: u16 = 2;

/// The state of the Centres tab.
#[derive(Debug, Clone)]
pub struct CentresTab {
    pub fleet: Fleet,
    /// The selected centre, and the scroll.
    pub cursor: ListCursor,
}

impl From<&AppSettings> for CentresTab {
    /// The fleet as the settings carry it, the cursor on the centre being
    /// looked at (the one Enter opened, coming back).
    fn from(settings: &AppSettings) -> Self {
        let fleet = settings.fleet.clone();
        let index = fleet.place_of(fleet.looking_at.as_deref()).unwrap_or(0);
        Self {
            fleet,
            cursor: ListCursor { index, offset: 0 },
        }
    }
}

impl CentresTab {
    /// Every centre asked again.
    fn ask(&mut self) -> Vec<Effect> {
        self.fleet
            .ask()
            .map(Effect::ProbeCentres)
            .into_iter()
            .collect()
    }

    /// Whether this app is the centre Enter opened from the Centres view
    /// (Esc on its rows comes back).
    pub fn opened(&self) -> bool {
        let opened = self.fleet.opened.as_deref();
        opened.is_some() && opened == self.fleet.looking_at.as_deref()
    }

    /// The selected centre.
    pub fn selected(&self) -> Option<&CentreSummary> {
        self.fleet.centres.get(self.cursor.index)
    }

    /// Rows of centres on screen.
    fn height(world: &World) -> usize {
        let body = world.layout.bands.body.height;
        usize::from(body.saturating_sub(LINES_ABOVE_LIST)).max(1)
    }

    /// Enter: the centre in the dashboard; the one being looked at is
    /// already open (its Groups shown).
    fn open(&mut self, shared: &mut Shared) {
        let Some(profile) = self.selected().map(|c| c.profile.clone()) else {
            return;
        };
        if self.fleet.looking_at.as_deref() == Some(profile.as_str()) {
            shared.ask(Ask::Show {
                tab: Tab::Groups,
                reload: false,
            });
            return;
        }
        self.fleet.opened = Some(profile.clone());
        shared.ask(Ask::Profile(profile));
    }
}

impl Screen for CentresTab {
    fn context(&self) -> Context {
        Context::Centres
    }

    fn perform(&mut self, action: Action, shared: &mut Shared) -> Vec<Effect> {
        match action {
            Action::Open => self.open(shared),
            Action::Back => shared.dismiss(),
            _ => {}
        }
        Vec::new()
    }

    fn move_by(&mut self, movement: Movement, shared: &mut Shared) {
        let height = Self::height(shared);
        self.cursor
            .apply(movement, self.fleet.centres.len(), height);
    }

    fn fit(&mut self, shared: &mut Shared) {
        let height = Self::height(shared);
        self.cursor
            .scroll_into_view(self.fleet.centres.len(), height);
    }

    fn hear(&mut self, _tell: &Tell, _shared: &mut Shared) -> Vec<Effect> {
        Vec::new()
    }
}

impl TabScreen for CentresTab {
    /// The first time it is shown, every centre is asked.
    fn on_show(&mut self, shared: &mut Shared) -> Vec<Effect> {
        self.fit(shared);
        match self.fleet.refresh {
            0 => self.ask(),
            _ => Vec::new(),
        }
    }

    fn refresh(&mut self, _shared: &mut Shared) -> Vec<Effect> {
        self.ask()
    }

    fn busy(&self, _world: &World) -> bool {
        self.fleet.is_asking()
    }
}

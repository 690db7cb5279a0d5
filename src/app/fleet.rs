//! The fleet as the Centres tab shows it (issue 38 §1, §2), as data: one
//! summary a centre (`domain::centre::CentreSummary`: the last probe, the
//! last good figures), which of them are being asked, and the number of
//! the latest refresh. Vocabulary: the settings carry it from one app to
//! the next when Enter opens a centre (a new app for its profile), so the
//! Centres view comes back with its rows as they were.

use crate::domain::centre::CentreSummary;

/// How many centres are asked at once when the config does not say
/// (`fleet_concurrency`).
pub const DEFAULT_CONCURRENCY: usize = 4;

/// Every centre of the fleet, in the fleet's order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Fleet {
    pub centres: Vec<CentreSummary>,
    /// Whether each centre (by its place) is being asked.
    pub asking: Vec<bool>,
    /// The number of the latest refresh asked for: a probe of an earlier
    /// one is dropped (0: none asked yet).
    pub refresh: u64,
    /// Centres asked at once at most.
    pub concurrency: usize,
    /// The centre being looked at (the profile in use): its row is marked.
    pub looking_at: Option<String>,
    /// The centre Enter opened (its profile), for the app that opens it.
    pub opened: Option<String>,
}

/// What the runtime is asked to refresh: every centre of `centres` (as
/// shown: a failure keeps their figures), at most `concurrency` at once,
/// each answering as it finishes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CentresAsk {
    pub refresh: u64,
    pub centres: Vec<CentreSummary>,
    pub concurrency: usize,
}

impl Fleet {
    /// The centres of `profiles`, none asked yet.
    pub fn of(profiles: impl IntoIterator<Item = String>, concurrency: usize) -> Self {
        let centres: Vec<CentreSummary> = profiles.into_iter().map(CentreSummary::new).collect();
        Self {
            asking: vec![false; centres.len()],
            centres,
            refresh: 0,
            concurrency: concurrency.max(1),
            looking_at: None,
            opened: None,
        }
    }

    /// A new refresh of every centre: what the runtime is asked (None for
    /// an empty fleet).
    pub fn ask(&mut self) -> Option<CentresAsk> {
        if self.centres.is_empty() {
            return None;
        }
        self.refresh += 1;
        self.asking.iter_mut().for_each(|asking| *asking = true);
        Some(CentresAsk {
            refresh: self.refresh,
            centres: self.centres.clone(),
            concurrency: self.concurrency,
        })
    }

    /// A centre's summary as its refresh `refresh` left it (its last
    /// figures kept when it failed): false when it is no longer awaited
    /// (an older refresh, a centre not in the fleet).
    pub fn take(&mut self, refresh: u64, summary: CentreSummary) -> bool {
        let place = self
            .centres
            .iter()
            .position(|c| c.profile == summary.profile);
        let Some(place) = place.filter(|_| refresh == self.refresh) else {
            return false;
        };
        self.centres[place] = summary;
        self.asking[place] = false;
        true
    }

    /// Whether any centre is being asked.
    pub fn is_asking(&self) -> bool {
        self.asking.contains(&true)
    }

    /// The place of the centre of `profile`.
    pub fn place_of(&self, profile: Option<&str>) -> Option<usize> {
        let profile = profile?;
        self.centres.iter().position(|c| c.profile == profile)
    }
}

//! What changed since a baseline (issue 28 §2), as the app asks for it and
//! holds it: the ask ([`CompareAsk`], `Effect::Compare`: the groups as
//! `Arc`s, the runtime reads the history, digests and compares off the
//! loop), the answer ([`Compared`], `Input::Compared`), and what the app keeps
//! of the latest answer ([`Changes`]): each change, and each group's kind by
//! id for the Groups list's marks (looked up per row drawn).

use crate::domain::changes::{Fields, Kind, Since, compare};
use crate::domain::digest::{Digest, digests};
use crate::domain::zone::Zone;
use crate::i18n::{self, DayStyle, Language, Phrase, fill};
use crate::model::Group;
use crate::store::HistoryDay;
use chrono::{DateTime, NaiveDate, Utc};
use std::collections::HashMap;
use std::sync::Arc;

/// A comparison to make, off the event loop.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompareAsk {
    /// Latest wins: an answer to an older ask is dropped.
    pub seq: u64,
    /// Whose history (the snapshot's key's branch).
    pub branch: Option<i64>,
    pub since: Since,
    /// The groups now (the store's, no copy).
    pub groups: Vec<Arc<Group>>,
    /// The groups are a complete walk's (or a snapshot's): only then is a
    /// group missing from them gone.
    pub complete: bool,
    /// The centre's zone: its day now, and the lesson times in it.
    pub zone: Zone,
    /// When the groups were as given (the snapshot's time, a walk's end).
    pub seen_at: DateTime<Utc>,
    /// The clock now (the centre's today).
    pub now: DateTime<Utc>,
}

/// One group's change, as the answer carries it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seen {
    pub kind: Kind,
    /// Empty for new and gone groups.
    pub fields: Fields,
    /// In the baseline (None: new).
    pub before: Option<Digest>,
    /// Now (None: gone).
    pub after: Option<Digest>,
    /// When the app first saw this change (the same kind and fields).
    pub seen_at: DateTime<Utc>,
}

impl Seen {
    /// The group's id.
    pub fn id(&self) -> i64 {
        self.digest().id
    }

    /// Its digest now, else in the baseline.
    pub fn digest(&self) -> &Digest {
        match (&self.after, &self.before) {
            (Some(digest), _) | (None, Some(digest)) => digest,
            (None, None) => unreachable!("a change has a digest before or after"),
        }
    }
}

/// What a comparison found: the changes seen since the baseline's day.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeenChanges {
    /// The baseline's centre day, and when its walk was.
    pub day: NaiveDate,
    pub taken_at: DateTime<Utc>,
    /// The centre's day of the comparison.
    pub today: NaiveDate,
    pub changes: Vec<Seen>,
    /// Groups of the baseline an incomplete walk did not see: unknown.
    pub unknown: usize,
    /// History files passed over (corrupt, too big), and why.
    pub ignored: Vec<String>,
}

impl SeenChanges {
    /// What changed from the history's `day` to `groups` (digested in
    /// `zone`), seen at `seen_at` on the centre's day `today`; a group
    /// missing is gone only when `complete`. Off the loop: 100,000 groups
    /// take some 100 ms.
    pub fn between(
        day: &HistoryDay,
        groups: &[Arc<Group>],
        complete: bool,
        zone: Zone,
        seen_at: DateTime<Utc>,
        today: NaiveDate,
        ignored: Vec<String>,
    ) -> Self {
        let now = digests(groups, zone);
        let found = compare(&day.digests, &now, complete);
        let changes = (found.changes.iter())
            .map(|change| Seen {
                kind: change.kind,
                fields: change.fields,
                before: change.before.map(|at| day.digests[at].clone()),
                after: change.after.map(|at| now[at].clone()),
                seen_at,
            })
            .collect();
        Self {
            day: day.day,
            taken_at: day.taken_at,
            today,
            changes,
            unknown: found.unknown,
            ignored,
        }
    }
}

/// Why nothing was compared.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotCompared {
    /// No history is kept (`cache = false`, `--no-cache`, who the token
    /// is not known).
    NoHistory,
    /// The history holds no day the baseline asked for that reads.
    NoBaseline {
        /// The centre days kept.
        kept: Vec<NaiveDate>,
        /// Files passed over, and why.
        ignored: Vec<String>,
    },
}

impl NotCompared {
    /// Why, in a sentence (the Changes tab's), in `language`.
    pub fn explain(&self, since: Since, language: Language) -> String {
        match self {
            Self::NoHistory => Phrase::CompareNoHistory.get(language).to_owned(),
            Self::NoBaseline { kept, ignored } => {
                let asked = match since {
                    Since::EarlierDay => Phrase::CompareNoEarlierDay.get(language).to_owned(),
                    Since::Last => Phrase::CompareNoWalkKept.get(language).to_owned(),
                    Since::Yesterday => Phrase::CompareNoWalkYesterday.get(language).to_owned(),
                    Since::Date(date) => {
                        fill::compare_no_walk_of_date(language, i18n::date(language, date))
                    }
                    Since::Weekday(day) => {
                        let day = i18n::weekday(language, day, DayStyle::Short);
                        fill::compare_no_walk_of_weekday(language, day)
                    }
                };
                // A walk of today is kept: it can be the baseline, asked.
                let hint = match since == Since::EarlierDay && !kept.is_empty() {
                    true => format!(" {}", Phrase::CompareHintSinceLast.get(language)),
                    false => String::new(),
                };
                let kept = match kept.as_slice() {
                    [] if !ignored.is_empty() => Phrase::CompareNoDayReads.get(language).to_owned(),
                    [] => Phrase::CompareHistoryEmpty.get(language).to_owned(),
                    days => {
                        let days: Vec<String> =
                            days.iter().map(|&day| i18n::date(language, day)).collect();
                        fill::compare_kept(language, days.join(", "))
                    }
                };
                let ignored = match ignored.as_slice() {
                    [] => String::new(),
                    why => format!("; {}", fill::compare_passed_over(language, why.join("; "))),
                };
                format!("{asked} ({kept}){ignored}.{hint}")
            }
        }
    }
}

/// The answer to a [`CompareAsk`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Compared {
    pub seq: u64,
    pub branch: Option<i64>,
    pub since: Since,
    pub result: Result<SeenChanges, NotCompared>,
}

/// What the app holds of the comparisons: the baseline chosen, the latest
/// answer, each group's kind by id.
#[derive(Debug, Default)]
pub struct Changes {
    /// The baseline asked for (`:changes since …`).
    pub since: Since,
    /// The last ask sent.
    asked: u64,
    /// The latest answer taken.
    latest: Option<Compared>,
    /// Each changed group's kind (gone ones too), by id.
    kinds: HashMap<i64, Kind>,
}

impl Changes {
    /// The next ask's number; answers to earlier ones are dropped.
    pub fn next_seq(&mut self) -> u64 {
        self.asked += 1;
        self.asked
    }

    /// True while an ask is unanswered.
    pub fn pending(&self) -> bool {
        self.asked > 0 && self.latest.as_ref().is_none_or(|c| c.seq != self.asked)
    }

    /// Takes `compared` unless a later ask was sent since; a change seen
    /// before against the same day (same kind, same fields) keeps the time
    /// it was first seen. True when taken.
    pub fn take(&mut self, mut compared: Compared) -> bool {
        if compared.seq != self.asked {
            return false;
        }
        if let (
            Some(Compared {
                result: Ok(old), ..
            }),
            Ok(new),
        ) = (&self.latest, &mut compared.result)
            && old.day == new.day
        {
            let earlier: HashMap<i64, &Seen> = old.changes.iter().map(|s| (s.id(), s)).collect();
            for seen in &mut new.changes {
                if let Some(before) = earlier.get(&seen.id())
                    && before.kind == seen.kind
                    && before.fields == seen.fields
                {
                    seen.seen_at = seen.seen_at.min(before.seen_at);
                }
            }
        }
        self.kinds = match &compared.result {
            Ok(found) => found.changes.iter().map(|s| (s.id(), s.kind)).collect(),
            Err(_) => HashMap::new(),
        };
        self.latest = Some(compared);
        true
    }

    /// The latest answer, if it is of `branch`.
    pub fn of(&self, branch: Option<i64>) -> Option<&Compared> {
        self.latest.as_ref().filter(|c| c.branch == branch)
    }

    /// What the latest comparison of `branch` found, if it found.
    pub fn found(&self, branch: Option<i64>) -> Option<&SeenChanges> {
        self.of(branch)?.result.as_ref().ok()
    }

    /// The kind of the change of group `id` in `branch`'s comparison, if
    /// it changed; None too when there is no comparison (no marks).
    pub fn kind(&self, branch: Option<i64>, id: i64) -> Option<Kind> {
        self.found(branch)?;
        self.kinds.get(&id).copied()
    }
}

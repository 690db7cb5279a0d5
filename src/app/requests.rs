//! Requests in flight, each under its own id. An answer whose id is not
//! awaited any more (cancelled, superseded) is dropped: the latest wins.

use super::protocol::{Effect, Request, RequestId};
use crate::model::GroupsQuery;
use std::collections::BTreeMap;

/// Why a request was sent: what to do with its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// A page of groups for the cache; shown when it is the page wanted.
    GroupsPage(GroupsQuery),
    /// A page of the week's walk through every page of a branch.
    WeekPage(GroupsQuery),
    Plugins,
    Branches,
    /// The centre's zone, when the config names none.
    Me,
    Install {
        plugin_id: i64,
    },
}

/// The requests awaited and the counter of ids.
#[derive(Debug, Default)]
pub struct Requests {
    last_id: u64,
    awaited: BTreeMap<RequestId, Purpose>,
}

impl Requests {
    /// Registers a new request and returns the effect that sends it.
    pub fn start(&mut self, purpose: Purpose, request: Request) -> Effect {
        self.last_id += 1;
        let id = RequestId(self.last_id);
        self.awaited.insert(id, purpose);
        Effect::Fetch { id, request }
    }

    /// The purpose of an answer, forgetting the request; None for an answer
    /// no longer awaited.
    pub fn finish(&mut self, id: RequestId) -> Option<Purpose> {
        self.awaited.remove(&id)
    }

    /// Abandons every request whose purpose matches, one Cancel each.
    pub fn cancel_where(&mut self, abandoned: impl Fn(&Purpose) -> bool) -> Vec<Effect> {
        let ids: Vec<RequestId> = self
            .awaited
            .iter()
            .filter(|(_, purpose)| abandoned(purpose))
            .map(|(id, _)| *id)
            .collect();
        ids.into_iter()
            .map(|id| {
                self.awaited.remove(&id);
                Effect::Cancel(id)
            })
            .collect()
    }

    /// True while a request with this purpose is awaited.
    pub fn is_awaiting(&self, purpose: Purpose) -> bool {
        self.awaited.values().any(|p| *p == purpose)
    }

    /// True while any request matching `wanted` is awaited.
    pub fn any(&self, wanted: impl Fn(&Purpose) -> bool) -> bool {
        self.awaited.values().any(wanted)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_fresh_and_answers_are_taken_once() {
        let mut requests = Requests::default();
        let first = requests.start(Purpose::Plugins, Request::Plugins);
        let second = requests.start(Purpose::Branches, Request::Branches);
        let (Effect::Fetch { id: a, .. }, Effect::Fetch { id: b, .. }) = (first, second) else {
            panic!("fetches expected");
        };
        assert_ne!(a, b);
        assert!(requests.is_awaiting(Purpose::Plugins));
        assert_eq!(requests.finish(a), Some(Purpose::Plugins));
        assert_eq!(requests.finish(a), None);
        assert_eq!(
            requests.cancel_where(|p| *p == Purpose::Branches),
            vec![Effect::Cancel(b)]
        );
        assert!(!requests.any(|_| true));
    }
}

//! The one registry of requests in flight: each under its own id, with
//! its owner (the one `calls!` names for it, `app/protocol.rs`), who takes
//! its answer. An answer whose id is not awaited any more (cancelled,
//! superseded) is dropped: the latest wins.

use super::protocol::{Answer, Effect, Owner, Request, RequestId};
use crate::api::ApiError;
use std::collections::BTreeMap;

/// The requests awaited and the counter of ids.
#[derive(Debug, Default)]
pub struct Requests {
    last_id: u64,
    awaited: BTreeMap<RequestId, Request>,
    /// Requests given up on but left to run to their end (the server is
    /// still serving them): their answers are dropped, and until then they
    /// count as in flight.
    abandoned: BTreeMap<RequestId, Request>,
}

impl Requests {
    /// Registers a new request and returns the effect that sends it.
    pub fn send(&mut self, request: Request) -> Effect {
        self.last_id += 1;
        let id = RequestId(self.last_id);
        self.awaited.insert(id, request.clone());
        Effect::Fetch { id, request }
    }

    /// Sends `request` unless the same one is on its way.
    pub fn send_once(&mut self, request: Request) -> Option<Effect> {
        (!self.is_awaiting(&request)).then(|| self.send(request))
    }

    /// Sends `request` anew, abandoning the same one still on its way (its
    /// answer may predate a change the new one will see).
    pub fn resend(&mut self, request: Request) -> Vec<Effect> {
        let mut effects = self.cancel(request.owner(), |awaited| *awaited == request);
        effects.push(self.send(request));
        effects
    }

    /// The owner of the answer to request `id`, forgetting the request;
    /// None for an answer no longer awaited. An answer whose key is not the
    /// request's (a mix-up in the runtime) reaches the owner as a failure
    /// of its request, never as data.
    pub fn finish(&mut self, id: RequestId, answer: Answer) -> Option<(Owner, Answer)> {
        let request = self.awaited.remove(&id)?;
        let owner = request.owner();
        if answer.request() == request {
            return Some((owner, answer));
        }
        let mix_up = ApiError::Decode {
            status: 200,
            detail: "the answer belongs to another kind of request".to_string(),
            snippet: String::new(),
        };
        Some((owner, request.failed(mix_up)))
    }

    /// The requests awaited for `owner` that `picked` picks.
    fn awaited_by(&self, owner: Owner, picked: impl Fn(&Request) -> bool) -> Vec<RequestId> {
        (self.awaited.iter())
            .filter(|(_, request)| request.owner() == owner && picked(request))
            .map(|(id, _)| *id)
            .collect()
    }

    /// Abandons the requests of `owner` that `abandoned` picks, one Cancel each.
    pub fn cancel(&mut self, owner: Owner, abandoned: impl Fn(&Request) -> bool) -> Vec<Effect> {
        let ids = self.awaited_by(owner, abandoned);
        ids.into_iter()
            .map(|id| {
                self.awaited.remove(&id);
                Effect::Cancel(id)
            })
            .collect()
    }

    /// Gives up the requests of `owner` that `abandoned` picks without
    /// stopping them (no Cancel): their answers will be dropped, and each
    /// counts in [`abandoned`](Self::abandoned) until it [`ended`](Self::ended).
    pub fn abandon(&mut self, owner: Owner, abandoned: impl Fn(&Request) -> bool) {
        for id in self.awaited_by(owner, abandoned) {
            if let Some(request) = self.awaited.remove(&id) {
                self.abandoned.insert(id, request);
            }
        }
    }

    /// Requests given up on that are still running.
    pub fn abandoned(&self) -> usize {
        self.abandoned.len()
    }

    /// Request `id`, given up on, has ended (its answer came): true when
    /// it was one.
    pub fn ended(&mut self, id: RequestId) -> bool {
        self.abandoned.remove(&id).is_some()
    }

    /// True while `request` is awaited.
    pub fn is_awaiting(&self, request: &Request) -> bool {
        self.any(|_, awaited| awaited == request)
    }

    /// True while any request matching `wanted` is awaited.
    pub fn any(&self, wanted: impl Fn(Owner, &Request) -> bool) -> bool {
        (self.awaited.values()).any(|request| wanted(request.owner(), request))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::protocol::{AppAnswer, PluginsAnswer};

    const PLUGINS: Owner = Owner::Plugins;

    #[test]
    fn ids_are_fresh_and_answers_are_taken_once() {
        let mut requests = Requests::default();
        let first = requests.send(Request::Plugins);
        let second = requests.send(Request::Branches);
        let (Effect::Fetch { id: a, .. }, Effect::Fetch { id: b, .. }) = (first, second) else {
            panic!("fetches expected");
        };
        assert_ne!(a, b);
        assert!(requests.is_awaiting(&Request::Plugins));
        assert!(!requests.is_awaiting(&Request::Me));
        assert_eq!(requests.send_once(Request::Plugins), None);
        let answer = Answer::Plugins(PluginsAnswer::Plugins(Ok(Vec::new())));
        let (owner, taken) = requests.finish(a, answer.clone()).unwrap();
        assert_eq!((owner, taken.request()), (PLUGINS, Request::Plugins));
        assert!(requests.finish(a, answer).is_none());
        assert!(requests.cancel(PLUGINS, |_| true).is_empty(), "not its own");
        assert_eq!(
            requests.cancel(Owner::App, |r| *r == Request::Branches),
            vec![Effect::Cancel(b)]
        );
        assert!(!requests.any(|_, _| true));
    }

    #[test]
    fn an_answer_to_another_request_arrives_as_a_failure() {
        let mut requests = Requests::default();
        let Effect::Fetch { id, .. } = requests.send(Request::Plugins) else {
            panic!("a fetch expected");
        };
        let (owner, answer) = requests
            .finish(id, Answer::App(AppAnswer::Branches(Ok(Vec::new()))))
            .unwrap();
        assert_eq!(owner, PLUGINS);
        assert!(matches!(
            answer,
            Answer::Plugins(PluginsAnswer::Plugins(Err(ApiError::Decode { .. })))
        ));
    }

    #[test]
    fn a_request_sent_anew_abandons_the_one_on_its_way() {
        let mut requests = Requests::default();
        let Effect::Fetch { id: first, .. } = requests.send(Request::Plugins) else {
            panic!("a fetch expected");
        };
        let effects = requests.resend(Request::Plugins);
        assert_eq!(effects[0], Effect::Cancel(first));
        assert!(matches!(effects[1], Effect::Fetch { id, .. } if id != first));
        let late = Answer::Plugins(PluginsAnswer::Plugins(Ok(Vec::new())));
        assert!(requests.finish(first, late).is_none(), "the latest wins");
    }

    #[test]
    fn an_abandoned_request_counts_until_it_ended_and_its_answer_is_dropped() {
        let mut requests = Requests::default();
        let page = Request::Groups(crate::model::GroupsQuery {
            branch_id: None,
            page: 1,
            per_page: 20,
        });
        let Effect::Fetch { id, .. } = requests.send(page.clone()) else {
            panic!("a fetch expected");
        };
        requests.abandon(Owner::Walk, |_| true);
        assert_eq!(requests.abandoned(), 1);
        assert!(!requests.any(|_, _| true));
        let answer = page.failed(ApiError::NotFound { message: None });
        assert!(requests.finish(id, answer).is_none());
        assert!(requests.ended(id));
        assert!(!requests.ended(id));
        assert_eq!(requests.abandoned(), 0);
    }
}

//! The one registry of requests in flight: each under its own id, its
//! owner the one `calls!` names for it (`app/protocol.rs`: an [`Owner`] is
//! its answer type), who takes its answer. An answer whose id is not awaited any more (cancelled,
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
        // The same request: the same owner's.
        let mut effects = self.cancel_where(|awaited| *awaited == request);
        effects.push(self.send(request));
        effects
    }

    /// The answer to request `id`, forgetting the request; None for an
    /// answer no longer awaited. It comes under the request's owner (its
    /// [`Answer`] variant): an answer whose key is not the request's (a
    /// mix-up in the runtime) reaches that owner as a failure of its
    /// request, never as data.
    pub fn finish(&mut self, id: RequestId, answer: Answer) -> Option<Answer> {
        let request = self.awaited.remove(&id)?;
        if answer.request() == request {
            return Some(answer);
        }
        let mix_up = ApiError::Decode {
            status: 200,
            detail: "the answer belongs to another kind of request".to_string(),
            snippet: String::new(),
        };
        Some(request.failed(mix_up))
    }

    /// The requests awaited of the owner `O` that `picked` picks.
    fn awaited_by<O: Owner>(&self, picked: impl Fn(&Request) -> bool) -> Vec<RequestId> {
        self.awaited_where(|request| O::owns(request) && picked(request))
    }

    /// The requests awaited that `picked` picks, whoever's.
    fn awaited_where(&self, picked: impl Fn(&Request) -> bool) -> Vec<RequestId> {
        (self.awaited.iter())
            .filter(|(_, request)| picked(request))
            .map(|(id, _)| *id)
            .collect()
    }

    /// Abandons the requests of the owner `O` that `abandoned` picks, one
    /// Cancel each.
    pub fn cancel<O: Owner>(&mut self, abandoned: impl Fn(&Request) -> bool) -> Vec<Effect> {
        self.cancel_where(|request| O::owns(request) && abandoned(request))
    }

    /// Abandons the requests that `abandoned` picks, one Cancel each.
    fn cancel_where(&mut self, abandoned: impl Fn(&Request) -> bool) -> Vec<Effect> {
        let ids = self.awaited_where(abandoned);
        ids.into_iter()
            .map(|id| {
                self.awaited.remove(&id);
                Effect::Cancel(id)
            })
            .collect()
    }

    /// Gives up the requests of the owner `O` that `abandoned` picks
    /// without stopping them (no Cancel): their answers will be dropped,
    /// and each counts in [`abandoned`](Self::abandoned) until it
    /// [`ended`](Self::ended).
    pub fn abandon<O: Owner>(&mut self, abandoned: impl Fn(&Request) -> bool) {
        for id in self.awaited_by::<O>(abandoned) {
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
        self.any(|awaited| awaited == request)
    }

    /// True while any request matching `wanted` is awaited (an owner's:
    /// `any(PluginsAnswer::owns)`).
    pub fn any(&self, wanted: impl Fn(&Request) -> bool) -> bool {
        (self.awaited.values()).any(wanted)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::protocol::{AppAnswer, PluginsAnswer, WalkAnswer};

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
        let taken = requests.finish(a, answer.clone()).unwrap();
        assert!(matches!(taken, Answer::Plugins(_)), "under its owner");
        assert_eq!(taken.request(), Request::Plugins);
        assert!(requests.finish(a, answer).is_none());
        let not_its_own = requests.cancel::<PluginsAnswer>(|_| true);
        assert!(not_its_own.is_empty(), "not its own");
        assert_eq!(
            requests.cancel::<AppAnswer>(|r| *r == Request::Branches),
            vec![Effect::Cancel(b)]
        );
        assert!(!requests.any(|_| true));
    }

    #[test]
    fn an_answer_to_another_request_arrives_as_a_failure() {
        let mut requests = Requests::default();
        let Effect::Fetch { id, .. } = requests.send(Request::Plugins) else {
            panic!("a fetch expected");
        };
        let answer = requests
            .finish(id, Answer::App(AppAnswer::Branches(Ok(Vec::new()))))
            .unwrap();
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
        requests.abandon::<AppAnswer>(|_| true);
        assert_eq!(requests.abandoned(), 0, "not its own");
        requests.abandon::<WalkAnswer>(|_| true);
        assert_eq!(requests.abandoned(), 1);
        assert!(!requests.any(|_| true));
        let answer = page.failed(ApiError::NotFound { message: None });
        assert!(requests.finish(id, answer).is_none());
        assert!(requests.ended(id));
        assert!(!requests.ended(id));
        assert_eq!(requests.abandoned(), 0);
    }
}

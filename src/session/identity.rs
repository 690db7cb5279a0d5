//! Who a token is (issue 33 §2, issue 34 §6), as what keys the snapshot,
//! the history and the view remembered: its JWT subject; else the user
//! and centre `/v2/token/me` answers; else the account that token was
//! last seen to be ([`KnownTokens`]); else, when the server does not say
//! (no `/v2/token/me`), the keyed hash of the token itself (a new token
//! starts afresh). Only hashes, never the token.

use super::OPTIONAL_WAIT;
use super::known_tokens::KnownTokens;
use crate::api::{ApiError, Client};
use crate::model::Me;

/// Who a token is, and how that was learnt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    /// The account, hashed; None when not known (then nothing is kept).
    pub account: Option<String>,
    pub by: IdentifiedBy,
}

/// How an [`Identity`] was learnt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdentifiedBy {
    /// The JWT's subject.
    Subject,
    /// `/v2/token/me`'s user and centre.
    Me,
    /// What `/v2/token/me` answered for this token before (not yet checked
    /// this run).
    Remembered,
    /// The server does not say (no subject, no `/v2/token/me`): the keyed
    /// hash of the token itself.
    TokenItself,
    /// Not known (the server did not answer in time): nothing is kept.
    Unknown,
}

impl IdentifiedBy {
    /// How `info` says it.
    pub fn describe(self) -> &'static str {
        match self {
            Self::Subject => "the token's subject (a JWT)",
            Self::Me => "the user and centre /v2/token/me names",
            Self::Remembered => "the account this token was before (/v2/token/me unasked)",
            Self::TokenItself => {
                "the token itself (no JWT subject, no /v2/token/me): a new token starts afresh"
            }
            Self::Unknown => "not known (no JWT subject, no answer of /v2/token/me)",
        }
    }
}

/// What `/v2/token/me` said of a token.
#[derive(Debug, Clone)]
pub enum MeOutcome {
    Answered(Me),
    /// The server answered, and does not say (404, 403, another shape, an
    /// answer naming no user): it has no such endpoint for us.
    Silent,
    /// No answer (a time-out, the network, a 5xx, a 401).
    NoAnswer,
}

impl MeOutcome {
    pub fn of(result: Result<Me, ApiError>) -> Self {
        match result {
            Ok(me) if me.account().is_some() => Self::Answered(me),
            Ok(_) => Self::Silent,
            Err(
                ApiError::NotFound { .. }
                | ApiError::Forbidden { .. }
                | ApiError::Decode { .. }
                | ApiError::Server {
                    status: 405 | 501, ..
                },
            ) => Self::Silent,
            Err(_) => Self::NoAnswer,
        }
    }

    pub fn me(&self) -> Option<&Me> {
        match self {
            Self::Answered(me) => Some(me),
            _ => None,
        }
    }
}

/// Who a token is, from what is known of it: its `subject`, its `keyed`
/// hash, the account `remembered` for that hash, and what `/v2/token/me`
/// said (None: not asked).
pub fn identity_of(
    subject: Option<&str>,
    keyed: Option<&str>,
    remembered: Option<&str>,
    me: Option<&MeOutcome>,
) -> Identity {
    let known = |account: String, by| Identity {
        account: Some(account),
        by,
    };
    if let Some(subject) = subject {
        return known(
            account_hash(&format!("subject {subject}")),
            IdentifiedBy::Subject,
        );
    }
    if let Some(who) = me.and_then(MeOutcome::me).and_then(Me::account) {
        return known(account_hash(&who), IdentifiedBy::Me);
    }
    if let Some(account) = remembered {
        return known(account.to_owned(), IdentifiedBy::Remembered);
    }
    match (me, keyed) {
        (Some(MeOutcome::Silent), Some(keyed)) => known(
            account_hash(&format!("keyed token {keyed}")),
            IdentifiedBy::TokenItself,
        ),
        _ => Identity {
            account: None,
            by: IdentifiedBy::Unknown,
        },
    }
}

/// Whether learning who `client`'s token is waits for `/v2/token/me`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wait {
    /// A token remembered is taken at once (the dashboard's start: its
    /// snapshot drawn before any answer; checked afterwards).
    Remembered,
    /// `/v2/token/me` is asked first ([`OPTIONAL_WAIT`] at most).
    ForMe,
}

/// Who `client`'s token is, asking `/v2/token/me` unless its subject says
/// (or, with [`Wait::Remembered`], `known` remembers it); an answer is
/// remembered in `known`.
pub async fn learn(client: &Client, known: Option<&KnownTokens>, wait: Wait) -> Identity {
    let token = client.token();
    if let Some(subject) = token.subject() {
        return identity_of(Some(&subject), None, None, None);
    }
    let keyed = known.and_then(|known| known.keyed_hash(&token));
    let remembered =
        (known.zip(keyed.as_deref())).and_then(|(known, keyed)| known.remembered(keyed));
    if wait == Wait::Remembered && remembered.is_some() {
        return identity_of(None, keyed.as_deref(), remembered.as_deref(), None);
    }
    let me = match tokio::time::timeout(OPTIONAL_WAIT, client.me()).await {
        Ok(result) => MeOutcome::of(result),
        Err(_) => MeOutcome::NoAnswer,
    };
    identified(known, keyed.as_deref(), remembered.as_deref(), &me)
}

/// [`identity_of`] a token that is no JWT, given what `/v2/token/me`
/// said; its answer remembered in `known`.
pub fn identified(
    known: Option<&KnownTokens>,
    keyed: Option<&str>,
    remembered: Option<&str>,
    me: &MeOutcome,
) -> Identity {
    let identity = identity_of(None, keyed, remembered, Some(me));
    if identity.by == IdentifiedBy::Me
        && let (Some(known), Some(keyed), Some(account)) = (known, keyed, &identity.account)
    {
        known.remember(keyed, account);
    }
    identity
}

/// `who` (a token's subject, or a user and centre), hashed: 16 bytes of
/// SHA-256 in hex, what a key holds of an account.
pub fn account_hash(who: &str) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(format!("crmdeck account\0{who}"));
    digest[..16].iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn me(user: i64) -> MeOutcome {
        MeOutcome::Answered(Me {
            user_id: Some(user),
            company: Some(crate::model::Company {
                id: Some(7),
                ..Default::default()
            }),
            timezone: None,
        })
    }

    #[test]
    fn a_subject_wins_then_the_answer_then_what_was_remembered() {
        let by_subject = identity_of(Some("1001"), Some("k"), Some("r"), Some(&me(5)));
        assert_eq!(by_subject.by, IdentifiedBy::Subject);
        let by_me = identity_of(None, Some("k"), Some("r"), Some(&me(5)));
        assert_eq!(by_me.by, IdentifiedBy::Me);
        assert_ne!(by_me.account, by_subject.account);
        assert_ne!(
            identity_of(None, None, None, Some(&me(6))).account,
            by_me.account
        );
        let remembered = identity_of(None, Some("k"), Some("r"), Some(&MeOutcome::NoAnswer));
        assert_eq!(remembered.account.as_deref(), Some("r"));
        assert_eq!(remembered.by, IdentifiedBy::Remembered);
    }

    #[test]
    fn without_subject_and_me_the_keyed_token_is_the_account_and_silence_is_unknown() {
        let itself = identity_of(None, Some("k1"), None, Some(&MeOutcome::Silent));
        assert_eq!(itself.by, IdentifiedBy::TokenItself);
        let another = identity_of(None, Some("k2"), None, Some(&MeOutcome::Silent));
        assert_ne!(itself.account, another.account, "a new token starts afresh");
        for me in [None, Some(&MeOutcome::NoAnswer)] {
            let unknown = identity_of(None, Some("k1"), None, me);
            assert_eq!(unknown.account, None);
            assert_eq!(unknown.by, IdentifiedBy::Unknown);
        }
        // No key to hash with: nothing is kept.
        assert_eq!(
            identity_of(None, None, None, Some(&MeOutcome::Silent)).account,
            None
        );
    }

    #[test]
    fn a_missing_endpoint_is_silence_a_dead_server_no_answer() {
        let not_found = ApiError::NotFound { message: None };
        assert!(matches!(MeOutcome::of(Err(not_found)), MeOutcome::Silent));
        let down = ApiError::Network("refused".into());
        assert!(matches!(MeOutcome::of(Err(down)), MeOutcome::NoAnswer));
        let refused = ApiError::Unauthorized {
            expired_at: None,
            message: None,
        };
        assert!(matches!(MeOutcome::of(Err(refused)), MeOutcome::NoAnswer));
    }
}

//! Our client's own words for a failed request (`api::ApiError`'s
//! `Display`: "cannot reach the server: …") in the language shown (issue
//! 36 §2). The error's English stays what the log, the store's walk causes
//! and scripts keep; a screen words it as it shows it, so this reads the
//! English text and says its lead again, keeping the rest (the system's or
//! the server's own words, as sent). A text with no lead of ours, an HTTP
//! status among them, is shown as it is.

use crate::i18n::{Language, Phrase};
use std::borrow::Cow;

/// The leads of `ApiError`'s texts that are ours, with their phrases.
const LEADS: [(&str, Phrase); 4] = [
    ("cannot reach the server", Phrase::ApiLeadUnreachable),
    (
        "connection lost before the answer",
        Phrase::ApiLeadConnectionLost,
    ),
    ("no answer from the server within", Phrase::ApiLeadNoAnswer),
    ("unexpected answer", Phrase::ApiLeadUnexpected),
];

/// `english` (an `ApiError` said, or a text that ends in one after a
/// `: `) with our lead said in `language`.
pub fn in_language(english: &str, language: Language) -> Cow<'_, str> {
    if language == Language::En {
        return Cow::Borrowed(english);
    }
    for (lead, phrase) in LEADS {
        // At the start, or after what names the request ("groups page 1: ").
        let at = match english.strip_prefix(lead) {
            Some(_) => Some(0),
            None => english.find(&format!(": {lead}")).map(|at| at + 2),
        };
        if let Some(at) = at {
            let rest = &english[at + lead.len()..];
            return Cow::Owned(format!("{}{}{rest}", &english[..at], phrase.get(language)));
        }
    }
    Cow::Borrowed(english)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `ApiError`'s texts as its `Display` writes them (the api crate is
    /// above this floor; `tests/it` shows a real one through a screen).
    #[test]
    fn our_lead_is_said_in_the_language_and_the_rest_kept() {
        let refused = "cannot reach the server: 127.0.0.1:9: Connection refused";
        assert_eq!(in_language(refused, Language::En), refused);
        assert_eq!(
            in_language(refused, Language::Ru),
            "нет связи с сервером: 127.0.0.1:9: Connection refused"
        );
        let timeout = "no answer from the server within 30 s";
        assert_eq!(
            in_language(timeout, Language::Uz),
            "serverdan javob kelmadi, kutilgan vaqt 30 s"
        );
        let named = format!("groups page 1: {refused}");
        assert!(in_language(&named, Language::UzCyrl).starts_with("groups page 1: серверга"));
        // An HTTP status is the protocol's, not ours: as it is.
        let status = "HTTP 502 Bad Gateway";
        assert_eq!(in_language(status, Language::Ru), status);
    }
}

//! The words a query reads as fields rather than as text to find: weekday
//! names, parts of the day, sets of days, statuses, in English, Russian and
//! Uzbek (Latin and Cyrillic), as `../shared/query-words.md` lists them.
//!
//! Words are compared folded to one script ([`fold`]): `вечер` and
//! `vecher`, `кечқурун` and `kechqurun` are one word. Cyrillic's
//! two-letter day names (`вт`) are the exception: folded they are Latin
//! pairs (`vt`, `sr`, `pt`) that would take ordinary text away.

use super::{Days, Part};
use crate::script::fold;
use chrono::Weekday;
use crmdeck_model::weekday::{ENGLISH, RUSSIAN, UZBEK, WEEK};

/// Words for a weekday beyond its long names (which any prefix of four
/// letters or more reads as: `sesh`, `chet`, `chor`), Monday first.
/// Uzbek's shorter forms (`du`, `se`, `ju`, `pay`, `sha`, `yak`) are left
/// to text: they are syllables of too many names (`pay` finds Payme).
const DAY_WORDS: [&[&str]; 7] = [
    &["mon"],
    &["tue", "tues"],
    &["wed"],
    &["thu", "thur", "thurs"],
    &["fri"],
    &["sat"],
    &["sun"],
];

/// Cyrillic's two-letter day names, matched as typed (in any case).
const CYRILLIC_SHORT: [&str; 7] = ["пн", "вт", "ср", "чт", "пт", "сб", "вс"];

/// Parts of the day, by their words and phrases.
pub const PARTS: [(Part, &[&str]); 3] = [
    (
        Part::Morning,
        &["morning", "утро", "утром", "ertalab", "эрталаб"],
    ),
    (
        Part::Afternoon,
        &[
            "afternoon",
            "day",
            "день",
            "днём",
            "днем",
            "kunduzi",
            "кундузи",
            "tushdan keyin",
            "тушдан кейин",
        ],
    ),
    (
        Part::Evening,
        &[
            "evening",
            "вечер",
            "вечером",
            "kechqurun",
            "kechki",
            "кечқурун",
            "кечки",
        ],
    ),
];

/// Sets of days staff name as one: the API's codes 1 to 4.
pub const NAMED_SETS: [(&str, Days, &[&str]); 4] = [
    (
        "odd",
        Days::MON_WED_FRI,
        &["odd", "toq", "тоқ", "toq kunlar", "тоқ кунлар"],
    ),
    (
        "even",
        Days::TUE_THU_SAT,
        &["even", "juft", "жуфт", "juft kunlar", "жуфт кунлар"],
    ),
    (
        "weekend",
        Days::WEEKEND,
        &[
            "weekend",
            "weekends",
            "выходные",
            "dam olish",
            "dam olish kunlari",
            "дам олиш кунлари",
        ],
    ),
    (
        "every",
        Days::EVERY_DAY,
        &[
            "every",
            "daily",
            "everyday",
            "every day",
            "har kuni",
            "ҳар куни",
            "каждый день",
            "ежедневно",
        ],
    ),
];

/// The most words a phrase of [`PARTS`] or [`NAMED_SETS`] has.
pub const LONGEST_PHRASE: usize = 3;

/// The statuses `status:` takes, by their words.
pub const STATUSES: [(super::Status, &[&str]); 2] = [
    (
        super::Status::Active,
        &["active", "активный", "активные", "faol", "фаол"],
    ),
    (
        super::Status::Archived,
        &["archived", "archive", "архив", "arxiv", "архивные"],
    ),
];

/// The weekday `word` names: a name or abbreviation of the tables, or a
/// prefix of four letters or more of one day's long name in any language.
pub fn weekday(word: &str) -> Option<Weekday> {
    let lower = word.to_lowercase();
    if let Some(at) = CYRILLIC_SHORT.iter().position(|short| *short == lower) {
        return Some(WEEK[at]);
    }
    let folded = fold(word);
    if folded.is_empty() {
        return None;
    }
    if let Some(at) = DAY_WORDS
        .iter()
        .position(|words| words.contains(&folded.as_str()))
    {
        return Some(WEEK[at]);
    }
    let long_of = |at: usize| [ENGLISH, RUSSIAN, UZBEK].map(|table| fold(table[at].1));
    let whole = (0..7).find(|&at| long_of(at).contains(&folded));
    if let Some(at) = whole {
        return Some(WEEK[at]);
    }
    if folded.chars().count() < 4 {
        return None;
    }
    let mut prefixed =
        (0..7).filter(|&at| long_of(at).iter().any(|long| long.starts_with(&folded)));
    match (prefixed.next(), prefixed.next()) {
        (Some(at), None) => Some(WEEK[at]),
        _ => None,
    }
}

/// The part of the day the phrase `words` names.
pub fn part(words: &str) -> Option<Part> {
    let folded = fold(words);
    PARTS
        .iter()
        .find(|(_, names)| names.iter().any(|name| fold(name) == folded))
        .map(|(part, _)| *part)
}

/// The set of days the phrase `words` names (`odd`, `har kuni`).
pub fn named_set(words: &str) -> Option<Days> {
    let folded = fold(words);
    NAMED_SETS
        .iter()
        .find(|(_, _, names)| names.iter().any(|name| fold(name) == folded))
        .map(|(_, set, _)| *set)
}

/// The status `word` names.
pub fn status(word: &str) -> Option<super::Status> {
    let folded = fold(word);
    STATUSES
        .iter()
        .find(|(_, names)| names.iter().any(|name| fold(name) == folded))
        .map(|(status, _)| *status)
}

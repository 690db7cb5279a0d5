//! How a query was read, in words, so that a word taken the wrong way is
//! seen: `вт вечером ielts 17-20` reads "Tue · evening (from 17:00) · ielts
//! · starts 17:00–20:00".

use super::Language;
use super::weekday::{NameStyle, day_name};
use crate::domain::clock::format_minute;
use crate::domain::query::words::NAMED_SETS;
use crate::domain::query::{Days, LAST_MINUTE, Part, Query, Status, Term, TimeRange};
use crate::i18n::{Phrase, fill};

/// `query`'s words as read, a `·` apart, days named in `language`.
pub fn reading(query: &Query, language: Language) -> String {
    let words: Vec<String> = query
        .terms
        .iter()
        .map(|term| term_reading(term, language))
        .collect();
    words.join(" · ")
}

fn term_reading(term: &Term, language: Language) -> String {
    match term {
        // As it could be typed: quoted when it looks like a field.
        Term::Text(_) => term.to_string(),
        Term::Day(day) => day_name(*day, language, NameStyle::Short).to_string(),
        Term::Days(set) => days_reading(*set, language),
        Term::Part(part) => {
            let (word, hours) = part_words(*part, language);
            fill::screen_query_part(language, word, hours)
        }
        Term::Start(range) => fill::screen_query_starts(language, range_reading(*range, language)),
        Term::Branch(name) if name.is_empty() => said(Phrase::ScreenQueryAnyBranch, language),
        Term::Branch(name) => fill::screen_query_branch(language, name),
        Term::Course(name) if name.is_empty() => said(Phrase::ScreenQueryAnyCourse, language),
        Term::Course(name) => fill::screen_query_course(language, name),
        Term::Status(Status::Active) => said(Phrase::ScreenQueryActive, language),
        Term::Status(Status::Archived) => said(Phrase::ScreenQueryArchived, language),
    }
}

fn said(phrase: Phrase, language: Language) -> String {
    phrase.get(language).to_string()
}

/// "only Mon Wed Fri (odd days)": the days of a group that meets on
/// exactly these.
fn days_reading(set: Days, language: Language) -> String {
    let names: Vec<&str> = set
        .iter()
        .map(|day| day_name(day, language, NameStyle::Short))
        .collect();
    let days = names.join(" ");
    let named = NAMED_SETS.iter().find(|(_, named, _)| *named == set);
    let set = named.and_then(|(name, _, _)| match *name {
        "odd" => Some(Phrase::ScreenQuerySetOdd),
        "even" => Some(Phrase::ScreenQuerySetEven),
        "weekend" => Some(Phrase::ScreenQuerySetWeekend),
        "every" => Some(Phrase::ScreenQuerySetEvery),
        _ => None,
    });
    match set {
        Some(set) => fill::screen_query_only_named(language, days, set.get(language)),
        None => fill::screen_query_only(language, days),
    }
}

/// A part of the day's word and its hours: ("evening", "from 17:00").
fn part_words(part: Part, language: Language) -> (&'static str, String) {
    let word = |phrase: Phrase| phrase.get(language);
    match part {
        Part::Morning => (
            word(Phrase::ScreenQueryMorning),
            fill::screen_query_before(language, "12:00"),
        ),
        Part::Afternoon => (
            word(Phrase::ScreenQueryAfternoon),
            "12:00–17:00".to_string(),
        ),
        Part::Evening => (
            word(Phrase::ScreenQueryEvening),
            fill::screen_query_from(language, "17:00"),
        ),
    }
}

/// "at 17:00", "from 17:00", "until 11:59", "17:00–20:00".
fn range_reading(range: TimeRange, language: Language) -> String {
    let clock = format_minute;
    if range.from == range.to {
        fill::screen_query_at(language, clock(range.from))
    } else if range.to == LAST_MINUTE {
        fill::screen_query_from(language, clock(range.from))
    } else if range.from == 0 {
        fill::screen_query_until(language, clock(range.to))
    } else {
        format!("{}–{}", clock(range.from), clock(range.to))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> String {
        reading(&Query::parse(text), Language::En)
    }

    #[test]
    fn each_kind_of_word_in_words() {
        let cases = [
            ("вт >=17 ielts", "Tue · starts from 17:00 · ielts"),
            ("вечером 17-20", "evening (from 17:00) · starts 17:00–20:00"),
            (
                "17 17:30 <12",
                "starts 17:00–17:59 · starts at 17:30 · starts until 11:59",
            ),
            ("toq kunlar", "only Mon Wed Fri (odd days)"),
            ("days:mon,thu", "only Mon Thu"),
            (
                "branch:chil course: status:archived",
                "branch “chil” · any course · archived",
            ),
            (r#""tue" du"#, r#""tue" · du"#),
        ];
        for (typed, read_as) in cases {
            assert_eq!(read(typed), read_as, "{typed}");
        }
        let russian = reading(&Query::parse("tue"), Language::Ru);
        assert_eq!(russian, "вт", "days in the dashboard's language");
        // Every word of ours in the language shown; a name typed kept.
        let russian = reading(
            &Query::parse("вечером >=17 toq branch:chil course: status:archived"),
            Language::Ru,
        );
        assert_eq!(
            russian,
            "вечер (с 17:00) · начало с 17:00 · только пн ср пт (нечётные дни) · \
             филиал «chil» · любой курс · в архиве"
        );
        let uzbek = reading(&Query::parse("утром 17:30 <12 days:mon,thu"), Language::Uz);
        assert_eq!(
            uzbek,
            "ertalab (12:00 gacha) · boshlanishi 17:30 da · boshlanishi 11:59 gacha · faqat Du Pa"
        );
    }
}

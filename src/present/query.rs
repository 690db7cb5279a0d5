//! How a query was read, in words, so that a word taken the wrong way is
//! seen: `вт вечером ielts 17-20` reads "Tue · evening (from 17:00) · ielts
//! · starts 17:00–20:00".

use super::Language;
use super::weekday::{NameStyle, day_name};
use crate::domain::clock::format_minute;
use crate::domain::query::words::NAMED_SETS;
use crate::domain::query::{Days, LAST_MINUTE, Part, Query, Status, Term, TimeRange};

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
    let quoted = |what: &str, value: &str| format!("{what} “{value}”");
    match term {
        // As it could be typed: quoted when it looks like a field.
        Term::Text(_) => term.to_string(),
        Term::Day(day) => day_name(*day, language, NameStyle::Short).to_string(),
        Term::Days(set) => days_reading(*set, language),
        Term::Part(part) => format!("{} ({})", part.word(), part_hours(*part)),
        Term::Start(range) => format!("starts {}", range_reading(*range)),
        Term::Branch(name) if name.is_empty() => "any branch".to_string(),
        Term::Branch(name) => quoted("branch", name),
        Term::Course(name) if name.is_empty() => "any course".to_string(),
        Term::Course(name) => quoted("course", name),
        Term::Status(Status::Active) => "active".to_string(),
        Term::Status(Status::Archived) => "archived".to_string(),
    }
}

/// "only Mon Wed Fri (odd days)": the days of a group that meets on
/// exactly these.
fn days_reading(set: Days, language: Language) -> String {
    let names: Vec<&str> = set
        .iter()
        .map(|day| day_name(day, language, NameStyle::Short))
        .collect();
    let named = NAMED_SETS.iter().find(|(_, named, _)| *named == set);
    match named {
        Some((name, _, _)) => format!("only {} ({name} days)", names.join(" ")),
        None => format!("only {}", names.join(" ")),
    }
}

fn part_hours(part: Part) -> String {
    match part {
        Part::Morning => "before 12:00".to_string(),
        Part::Afternoon => "12:00–17:00".to_string(),
        Part::Evening => "from 17:00".to_string(),
    }
}

/// "at 17:00", "from 17:00", "until 11:59", "17:00–20:00".
fn range_reading(range: TimeRange) -> String {
    let clock = format_minute;
    if range.from == range.to {
        format!("at {}", clock(range.from))
    } else if range.to == LAST_MINUTE {
        format!("from {}", clock(range.from))
    } else if range.from == 0 {
        format!("until {}", clock(range.to))
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
    }
}

//! crmdeck's words in four languages (issue 36): English (the source),
//! Russian, Uzbek in Latin script and Uzbek in Cyrillic.
//!
//! - [`Phrase`], [`fill`] and [`plural`]: the messages of `catalogue/*.txt`,
//!   generated and checked by `build.rs` (a message missing from a
//!   language, placeholders that differ, a plural form missing: the build
//!   fails; a misspelt id does not compile);
//! - [`plural_category`]: CLDR's rules for whole numbers;
//! - [`weekday`], [`date`], [`time`]: days, dates and times as staff read them;
//! - [`choose`]: which language, from the flag, the environment and the
//!   config (a pure function; the caller reads the real environment).
//!
//! The ground floor: no crate of ours, no I/O.

#[cfg(test)]
mod catalogue;
pub mod choose;

use std::fmt;
use std::str::FromStr;

use chrono::{NaiveDate, NaiveTime, Timelike, Weekday};

pub use choose::{Chosen, LanguageSource, UnknownLanguage, choose};

include!(concat!(env!("OUT_DIR"), "/messages.rs"));

/// A language of the interface.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash, PartialOrd, Ord)]
pub enum Language {
    /// English, the catalogues' source.
    #[default]
    En,
    Ru,
    /// Uzbek in Latin script (the official one).
    Uz,
    /// Uzbek in Cyrillic script.
    UzCyrl,
}

impl Language {
    /// The four, in catalogue order.
    pub const ALL: [Language; 4] = [Self::En, Self::Ru, Self::Uz, Self::UzCyrl];

    /// How `--lang`, `CRMDECK_LANG` and the config write it.
    pub const fn code(self) -> &'static str {
        match self {
            Self::En => "en",
            Self::Ru => "ru",
            Self::Uz => "uz",
            Self::UzCyrl => "uz-Cyrl",
        }
    }

    /// Its own name for itself, in itself (`русский`).
    pub fn name(self) -> &'static str {
        Phrase::LanguageName.get(self)
    }
}

impl FromStr for Language {
    type Err = UnknownLanguage;

    /// One of the four codes, in any case (`uz-cyrl` too).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let given = s.trim();
        Self::ALL
            .into_iter()
            .find(|language| language.code().eq_ignore_ascii_case(given))
            .ok_or_else(|| UnknownLanguage(given.to_string()))
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A piece of a generated message: text, or the index of an argument.
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub enum Piece {
    Text(&'static str),
    Arg(usize),
}

/// `pieces` with the arguments written in.
fn render(pieces: &[Piece], args: &[&dyn fmt::Display]) -> String {
    use fmt::Write;
    let mut out = String::new();
    for piece in pieces {
        match piece {
            Piece::Text(text) => out.push_str(text),
            // Writing into a String does not fail.
            Piece::Arg(index) => {
                let _ = write!(out, "{}", args[*index]);
            }
        }
    }
    out
}

/// A plural category of CLDR (whole numbers only: `other` of Russian,
/// which fractions take, is never needed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PluralCategory {
    One = 0,
    Few = 1,
    Many = 2,
    Other = 3,
}

/// The category `n` takes in `language`, by CLDR's rules: Russian one
/// (1, 21, 31…, not 11), few (2–4, 22–24…, not 12–14), many (the rest);
/// English and Uzbek one (1) and other.
pub fn plural_category(language: Language, n: u64) -> PluralCategory {
    match language {
        Language::Ru => match (n % 10, n % 100) {
            (1, tens) if tens != 11 => PluralCategory::One,
            (2..=4, tens) if !(12..=14).contains(&tens) => PluralCategory::Few,
            _ => PluralCategory::Many,
        },
        Language::En | Language::Uz | Language::UzCyrl => match n {
            1 => PluralCategory::One,
            _ => PluralCategory::Other,
        },
    }
}

/// How long a weekday's name is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DayStyle {
    /// `Monday`, `понедельник`, `dushanba`, `душанба`.
    Full,
    /// The Days column's: `Mon`, `пн`, `Du`, `Ду`.
    Short,
}

const FULL: [Phrase; 7] = [
    Phrase::DayMon,
    Phrase::DayTue,
    Phrase::DayWed,
    Phrase::DayThu,
    Phrase::DayFri,
    Phrase::DaySat,
    Phrase::DaySun,
];

const SHORT: [Phrase; 7] = [
    Phrase::DayMonShort,
    Phrase::DayTueShort,
    Phrase::DayWedShort,
    Phrase::DayThuShort,
    Phrase::DayFriShort,
    Phrase::DaySatShort,
    Phrase::DaySunShort,
];

/// `day`'s name in `language` (the glossary's, CLDR's): no allocation.
pub fn weekday(language: Language, day: Weekday, style: DayStyle) -> &'static str {
    let table = match style {
        DayStyle::Full => &FULL,
        DayStyle::Short => &SHORT,
    };
    table[day.num_days_from_monday() as usize].get(language)
}

/// A date as staff write it: `28.11.2026` in Russian and Uzbek, and in
/// English what crmdeck has always shown, `2026-11-28`.
pub fn date(language: Language, date: NaiveDate) -> String {
    match language {
        Language::En => date.format("%Y-%m-%d").to_string(),
        Language::Ru | Language::Uz | Language::UzCyrl => date.format("%d.%m.%Y").to_string(),
    }
}

/// A time of day, 24-hour in every language: `09:05`, `18:30`.
pub fn time(_language: Language, time: NaiveTime) -> String {
    format!("{:02}:{:02}", time.hour(), time.minute())
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Weekday::{Fri, Mon, Sun, Wed};

    #[test]
    fn plurals_follow_cldr_at_the_issues_numbers() {
        use PluralCategory::{Few, Many, One, Other};
        let numbers = [0, 1, 2, 5, 11, 21, 22, 111];
        let expected = [
            (
                Language::En,
                [Other, One, Other, Other, Other, Other, Other, Other],
            ),
            (Language::Ru, [Many, One, Few, Many, Many, One, Few, Many]),
            (
                Language::Uz,
                [Other, One, Other, Other, Other, Other, Other, Other],
            ),
            (
                Language::UzCyrl,
                [Other, One, Other, Other, Other, Other, Other, Other],
            ),
        ];
        for (language, categories) in expected {
            let found = numbers.map(|n| plural_category(language, n));
            assert_eq!(found, categories, "{language}");
        }
        // The teens and their neighbours.
        let ru = |n| plural_category(Language::Ru, n);
        assert_eq!(
            [12, 13, 14, 24, 25, 101, 1000].map(ru),
            [Many, Many, Many, Few, Many, One, Many]
        );
    }

    #[test]
    fn plural_messages_read_as_the_glossary_writes_them() {
        let groups = |language, n| plural::group_count(language, n);
        let ru = [0, 1, 2, 5, 11, 21, 22, 111].map(|n| groups(Language::Ru, n));
        assert_eq!(
            ru,
            [
                "0 групп",
                "1 группа",
                "2 группы",
                "5 групп",
                "11 групп",
                "21 группа",
                "22 группы",
                "111 групп"
            ]
        );
        assert_eq!(
            [1, 2, 21].map(|n| groups(Language::En, n)),
            ["1 group", "2 groups", "21 groups"]
        );
        // Uzbek keeps the noun singular after a number.
        assert_eq!(
            [1, 5].map(|n| groups(Language::Uz, n)),
            ["1 ta guruh", "5 ta guruh"]
        );
        assert_eq!(
            [1, 22].map(|n| groups(Language::UzCyrl, n)),
            ["1 та гуруҳ", "22 та гуруҳ"]
        );
    }

    #[test]
    fn the_lists_summary_counts_take_their_plural_form() {
        let numbers = [0, 1, 2, 5, 11, 21, 22, 111];
        let plugins = numbers.map(|n| plural::summary_plugins(Language::Ru, n));
        assert_eq!(
            plugins,
            [
                "0 плагинов",
                "1 плагин",
                "2 плагина",
                "5 плагинов",
                "11 плагинов",
                "21 плагин",
                "22 плагина",
                "111 плагинов"
            ]
        );
        let groups = plural::summary_groups;
        assert_eq!(groups(Language::Ru, 12_341), "12341 группа");
        assert_eq!(groups(Language::Ru, 240), "240 групп");
        assert_eq!(groups(Language::Ru, 22), "22 группы");
        assert_eq!(groups(Language::En, 1), "1 group");
        assert_eq!(groups(Language::Uz, 5), "5 ta guruh");
        let stopped = numbers.map(|n| plural::status_loading_stopped(Language::Ru, n));
        assert_eq!(stopped[1], "загрузка остановлена: показана 1 группа");
        assert_eq!(stopped[6], "загрузка остановлена: показаны 22 группы");
        assert_eq!(stopped[7], "загрузка остановлена: показано 111 групп");
    }

    #[test]
    fn weekdays_as_the_glossary_names_them() {
        let days = |language, style| {
            [Mon, Wed, Fri]
                .map(|day| weekday(language, day, style))
                .join(" ")
        };
        assert_eq!(days(Language::Ru, DayStyle::Short), "пн ср пт");
        assert_eq!(days(Language::Uz, DayStyle::Short), "Du Ch Ju");
        assert_eq!(days(Language::UzCyrl, DayStyle::Short), "Ду Чо Жу");
        assert_eq!(days(Language::En, DayStyle::Short), "Mon Wed Fri");
        assert_eq!(weekday(Language::Ru, Sun, DayStyle::Full), "воскресенье");
        assert_eq!(weekday(Language::Uz, Sun, DayStyle::Full), "yakshanba");
        assert_eq!(weekday(Language::UzCyrl, Mon, DayStyle::Full), "душанба");
        assert_eq!(weekday(Language::En, Sun, DayStyle::Full), "Sunday");
    }

    #[test]
    fn dates_as_staff_write_them_and_times_in_24_hours() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 28).unwrap();
        assert_eq!(date(Language::Ru, day), "28.11.2026");
        assert_eq!(date(Language::Uz, day), "28.11.2026");
        assert_eq!(date(Language::UzCyrl, day), "28.11.2026");
        assert_eq!(date(Language::En, day), "2026-11-28");
        let evening = NaiveTime::from_hms_opt(18, 5, 0).unwrap();
        for language in Language::ALL {
            assert_eq!(time(language, evening), "18:05");
        }
    }

    #[test]
    fn languages_read_back_their_codes_and_refuse_others_naming_the_four() {
        for language in Language::ALL {
            assert_eq!(language.code().parse::<Language>(), Ok(language));
        }
        assert_eq!("UZ-CYRL".parse::<Language>(), Ok(Language::UzCyrl));
        let refused = "fr".parse::<Language>().unwrap_err();
        assert_eq!(
            refused.to_string(),
            "unknown language \"fr\": expected en, ru, uz or uz-Cyrl"
        );
    }

    #[test]
    fn a_phrase_is_drawn_without_allocating() {
        // The same &'static str every time: a table's entry, not a new String.
        let once = Phrase::LanguageName.get(Language::Ru);
        let again = Phrase::LanguageName.get(Language::Ru);
        assert_eq!(once.as_ptr(), again.as_ptr());
        assert_eq!(once, "русский");
    }

    #[test]
    fn uzbek_latin_writes_its_apostrophes_as_the_modifier_letters() {
        // ʻ (U+02BB) in oʻ and gʻ, ʼ (U+02BC) for the sign; never ASCII.
        let source = include_str!("../catalogue/uz.txt");
        for (number, line) in source.lines().enumerate() {
            let text = line.split_once(" = ").map_or("", |(_, text)| text);
            for quote in ['\'', '`', '\u{2018}', '\u{2019}'] {
                assert!(
                    !text.contains(quote),
                    "uz.txt:{}: {quote:?} in {text:?}: write ʻ (U+02BB) or ʼ (U+02BC)",
                    number + 1
                );
            }
        }
        assert!(source.contains("oʻ"), "the check read the Uzbek catalogue");
    }

    #[test]
    fn every_language_has_every_message() {
        // What build.rs checked, seen from here: every phrase has a text
        // in every language, and the others are not English left over.
        for phrase in Phrase::ALL {
            for language in Language::ALL {
                assert!(
                    !phrase.get(language).is_empty(),
                    "{} in {language}",
                    phrase.id()
                );
            }
        }
        assert_ne!(
            Phrase::DayMon.get(Language::Ru),
            Phrase::DayMon.get(Language::En)
        );
    }
}

//! Weekdays: the days a group meets, and naming them for people in
//! English, Russian or Uzbek (reading them from the API's codes and names
//! is the model's, `model::weekday`).

use chrono::Weekday;

use crate::domain::Language;
use crate::model::weekday::{ENGLISH, RUSSIAN, UZBEK, WEEK};
use crate::model::{DaysCode, ExactDays};

/// How long a day's name is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameStyle {
    /// "Mon", "Пн", "Du"
    Short,
    /// "Monday", "Понедельник", "Dushanba"
    Long,
    /// Two letters, for tight columns: "Mo", "Пн", "Du"
    Compact,
}

/// The days a group meets, Monday to Sunday, each once. Code 5 takes the
/// recognised `exact.days`; an unknown code meets on no known day.
pub fn weekdays(days: &DaysCode, exact: &ExactDays) -> Vec<Weekday> {
    use Weekday::{Fri, Mon, Sat, Sun, Thu, Tue, Wed};
    match days {
        DaysCode::MonWedFri => vec![Mon, Wed, Fri],
        DaysCode::TueThuSat => vec![Tue, Thu, Sat],
        DaysCode::Weekend => vec![Sat, Sun],
        DaysCode::EveryDay => WEEK.to_vec(),
        DaysCode::Custom => WEEK
            .into_iter()
            .filter(|day| exact.days.contains(day))
            .collect(),
        DaysCode::Other(_) => Vec::new(),
    }
}

/// The name of `day` in `lang`, as long as `style` asks.
pub fn day_name(day: Weekday, lang: Language, style: NameStyle) -> &'static str {
    let table = match lang {
        Language::En => &ENGLISH,
        Language::Ru => &RUSSIAN,
        Language::Uz => &UZBEK,
    };
    let (short, long, compact) = table[day.num_days_from_monday() as usize];
    match style {
        NameStyle::Short => short,
        NameStyle::Long => long,
        NameStyle::Compact => compact,
    }
}

/// What goes between two day names in `style`.
fn separator(style: NameStyle) -> &'static str {
    match style {
        NameStyle::Short => " ",
        NameStyle::Long => ", ",
        NameStyle::Compact => "",
    }
}

/// `days` named and joined: "Mon Wed Fri", "Monday, Wednesday, Friday", "MoWeFr".
pub fn format_days(days: &[Weekday], lang: Language, style: NameStyle) -> String {
    days.iter()
        .map(|&day| day_name(day, lang, style))
        .collect::<Vec<_>>()
        .join(separator(style))
}

/// What a days column shows for a group: its days by name; for code 5 also
/// the unrecognised `exact_days` elements as sent ("other" when there is
/// nothing at all); "code 9" for a code outside the published set.
pub fn describe_days(
    days: &DaysCode,
    exact: &ExactDays,
    lang: Language,
    style: NameStyle,
) -> String {
    match days {
        DaysCode::Other(raw) if raw.trim().is_empty() => "code ?".to_string(),
        DaysCode::Other(raw) => format!("code {raw}"),
        DaysCode::Custom => {
            let names = format_days(&weekdays(days, exact), lang, style);
            // Raw elements stay apart from each other even in the compact
            // style, where the day names themselves run together.
            let raw_separator = match style {
                NameStyle::Compact => " ",
                _ => separator(style),
            };
            let raw = exact
                .unknown
                .iter()
                .map(|element| element.trim())
                .filter(|element| !element.is_empty())
                .collect::<Vec<_>>()
                .join(raw_separator);
            match (names.is_empty(), raw.is_empty()) {
                (true, true) => "other".to_string(),
                (false, true) => names,
                (true, false) => raw,
                (false, false) => format!("{names}{raw_separator}{raw}"),
            }
        }
        // Seven names say less than two words, and fit a narrow column.
        DaysCode::EveryDay => every_day(lang).to_string(),
        _ => format_days(&weekdays(days, exact), lang, style),
    }
}

fn every_day(lang: Language) -> &'static str {
    match lang {
        Language::En => "every day",
        Language::Ru => "каждый день",
        Language::Uz => "har kuni",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::weekday::parse_day_name;
    use Weekday::{Fri, Mon, Sat, Sun, Thu, Tue, Wed};

    fn exact(days: &[Weekday], unknown: &[&str]) -> ExactDays {
        ExactDays {
            days: days.to_vec(),
            unknown: unknown.iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn every_shown_name_parses_back() {
        for lang in [Language::En, Language::Ru, Language::Uz] {
            for style in [NameStyle::Short, NameStyle::Long, NameStyle::Compact] {
                for day in WEEK {
                    let name = day_name(day, lang, style);
                    assert_eq!(parse_day_name(name), Some(day), "{lang} {style:?} {name}");
                }
            }
        }
    }

    #[test]
    fn codes_give_their_days_in_week_order() {
        let none = ExactDays::default();
        assert_eq!(weekdays(&DaysCode::MonWedFri, &none), vec![Mon, Wed, Fri]);
        assert_eq!(weekdays(&DaysCode::TueThuSat, &none), vec![Tue, Thu, Sat]);
        assert_eq!(weekdays(&DaysCode::Weekend, &none), vec![Sat, Sun]);
        assert_eq!(weekdays(&DaysCode::EveryDay, &none), WEEK.to_vec());
        assert_eq!(weekdays(&DaysCode::Custom, &none), vec![]);
        assert_eq!(
            weekdays(&DaysCode::Other("9".into()), &exact(&[Mon], &[])),
            vec![]
        );
    }

    #[test]
    fn custom_days_are_sorted_and_unique_and_ignored_for_other_codes() {
        let sent = exact(&[Sun, Wed, Mon, Wed, Sun], &["x"]);
        assert_eq!(weekdays(&DaysCode::Custom, &sent), vec![Mon, Wed, Sun]);
        assert_eq!(weekdays(&DaysCode::Weekend, &sent), vec![Sat, Sun]);
    }

    #[test]
    fn day_names_in_every_language_and_style() {
        let expected: [(Language, NameStyle, [&str; 7]); 9] = [
            (
                Language::En,
                NameStyle::Short,
                ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
            ),
            (
                Language::En,
                NameStyle::Long,
                [
                    "Monday",
                    "Tuesday",
                    "Wednesday",
                    "Thursday",
                    "Friday",
                    "Saturday",
                    "Sunday",
                ],
            ),
            (
                Language::En,
                NameStyle::Compact,
                ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"],
            ),
            (
                Language::Ru,
                NameStyle::Short,
                ["Пн", "Вт", "Ср", "Чт", "Пт", "Сб", "Вс"],
            ),
            (
                Language::Ru,
                NameStyle::Long,
                [
                    "Понедельник",
                    "Вторник",
                    "Среда",
                    "Четверг",
                    "Пятница",
                    "Суббота",
                    "Воскресенье",
                ],
            ),
            (
                Language::Ru,
                NameStyle::Compact,
                ["Пн", "Вт", "Ср", "Чт", "Пт", "Сб", "Вс"],
            ),
            (
                Language::Uz,
                NameStyle::Short,
                ["Du", "Se", "Ch", "Pa", "Ju", "Sh", "Ya"],
            ),
            (
                Language::Uz,
                NameStyle::Long,
                [
                    "Dushanba",
                    "Seshanba",
                    "Chorshanba",
                    "Payshanba",
                    "Juma",
                    "Shanba",
                    "Yakshanba",
                ],
            ),
            (
                Language::Uz,
                NameStyle::Compact,
                ["Du", "Se", "Ch", "Pa", "Ju", "Sh", "Ya"],
            ),
        ];
        for (lang, style, names) in expected {
            let shown: Vec<&str> = WEEK
                .into_iter()
                .map(|day| day_name(day, lang, style))
                .collect();
            assert_eq!(shown, names, "{lang} {style:?}");
        }
    }

    #[test]
    fn format_joins_by_style() {
        let days = [Mon, Wed, Fri];
        assert_eq!(
            format_days(&days, Language::En, NameStyle::Short),
            "Mon Wed Fri"
        );
        assert_eq!(
            format_days(&days, Language::En, NameStyle::Long),
            "Monday, Wednesday, Friday"
        );
        assert_eq!(
            format_days(&days, Language::En, NameStyle::Compact),
            "MoWeFr"
        );
        assert_eq!(
            format_days(&days, Language::Ru, NameStyle::Short),
            "Пн Ср Пт"
        );
        assert_eq!(
            format_days(&days, Language::Ru, NameStyle::Long),
            "Понедельник, Среда, Пятница"
        );
        assert_eq!(
            format_days(&days, Language::Ru, NameStyle::Compact),
            "ПнСрПт"
        );
        assert_eq!(
            format_days(&days, Language::Uz, NameStyle::Short),
            "Du Ch Ju"
        );
        assert_eq!(
            format_days(&days, Language::Uz, NameStyle::Long),
            "Dushanba, Chorshanba, Juma"
        );
        assert_eq!(
            format_days(&days, Language::Uz, NameStyle::Compact),
            "DuChJu"
        );
        assert_eq!(format_days(&[Sun], Language::En, NameStyle::Long), "Sunday");
        for style in [NameStyle::Short, NameStyle::Long, NameStyle::Compact] {
            assert_eq!(format_days(&[], Language::En, style), "", "{style:?}");
        }
    }

    #[test]
    fn describe_published_codes() {
        let none = ExactDays::default();
        let en = Language::En;
        assert_eq!(
            describe_days(&DaysCode::MonWedFri, &none, en, NameStyle::Short),
            "Mon Wed Fri"
        );
        assert_eq!(
            describe_days(&DaysCode::TueThuSat, &none, Language::Ru, NameStyle::Short),
            "Вт Чт Сб"
        );
        assert_eq!(
            describe_days(&DaysCode::Weekend, &none, Language::Uz, NameStyle::Long),
            "Shanba, Yakshanba"
        );
        assert_eq!(
            describe_days(&DaysCode::EveryDay, &none, en, NameStyle::Compact),
            "every day"
        );
        assert_eq!(
            describe_days(&DaysCode::EveryDay, &none, Language::Ru, NameStyle::Long),
            "каждый день"
        );
        assert_eq!(
            describe_days(&DaysCode::EveryDay, &none, Language::Uz, NameStyle::Short),
            "har kuni"
        );
        // Exact days do not change what a published code means.
        assert_eq!(
            describe_days(
                &DaysCode::Weekend,
                &exact(&[Mon], &["x"]),
                en,
                NameStyle::Short
            ),
            "Sat Sun"
        );
    }

    #[test]
    fn describe_custom_days_shows_unknown_elements_raw() {
        let en = Language::En;
        let sent = exact(&[Fri, Mon], &["9", "Funday"]);
        assert_eq!(
            describe_days(&DaysCode::Custom, &sent, en, NameStyle::Short),
            "Mon Fri 9 Funday"
        );
        assert_eq!(
            describe_days(&DaysCode::Custom, &sent, en, NameStyle::Long),
            "Monday, Friday, 9, Funday"
        );
        assert_eq!(
            describe_days(&DaysCode::Custom, &sent, en, NameStyle::Compact),
            "MoFr 9 Funday"
        );
        let only_raw = exact(&[], &["?", " "]);
        assert_eq!(
            describe_days(&DaysCode::Custom, &only_raw, en, NameStyle::Long),
            "?"
        );
        let only_days = exact(&[Sat], &[]);
        assert_eq!(
            describe_days(&DaysCode::Custom, &only_days, Language::Ru, NameStyle::Long),
            "Суббота"
        );
    }

    #[test]
    fn describe_custom_with_nothing_and_unknown_codes() {
        let none = ExactDays::default();
        for style in [NameStyle::Short, NameStyle::Long, NameStyle::Compact] {
            assert_eq!(
                describe_days(&DaysCode::Custom, &none, Language::Uz, style),
                "other"
            );
            assert_eq!(
                describe_days(&DaysCode::Custom, &exact(&[], &[""]), Language::En, style),
                "other"
            );
        }
        let en = Language::En;
        assert_eq!(
            describe_days(&DaysCode::Other("9".into()), &none, en, NameStyle::Short),
            "code 9"
        );
        assert_eq!(
            describe_days(&DaysCode::Other("abc".into()), &none, en, NameStyle::Long),
            "code abc"
        );
        assert_eq!(
            describe_days(&DaysCode::Other("".into()), &none, en, NameStyle::Short),
            "code ?"
        );
        assert_eq!(
            describe_days(
                &DaysCode::Other("9".into()),
                &exact(&[Mon], &[]),
                en,
                NameStyle::Short
            ),
            "code 9"
        );
    }
}

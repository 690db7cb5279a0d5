//! The names of weekdays for people, in the interface's language (the
//! i18n crate's catalogues, as the glossary names them), and a group's days
//! as a days column shows them.

use chrono::Weekday;

use super::Language;
use crate::domain::weekday::weekdays;
use crate::i18n::{DayStyle, Phrase, fill, weekday};
use crate::model::weekday::{ENGLISH, RUSSIAN};
use crate::model::{DaysCode, ExactDays};

/// How long a day's name is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameStyle {
    /// "Mon", "пн", "Du", "Ду"
    Short,
    /// "Monday", "понедельник", "dushanba", "душанба"
    Long,
    /// Two letters, for tight columns: "Mo", "пн", "Du", "Ду"
    Compact,
}

/// The name of `day` in `lang`, as long as `style` asks.
pub fn day_name(day: Weekday, lang: Language, style: NameStyle) -> &'static str {
    match (style, lang) {
        // Run together ("MoWeFr", "ПнСрПт"), the names need their capitals:
        // English's two letters, Russian's capitalised; Uzbek's short names
        // are both already.
        (NameStyle::Compact, Language::En) => ENGLISH[day.num_days_from_monday() as usize].2,
        (NameStyle::Compact, Language::Ru) => RUSSIAN[day.num_days_from_monday() as usize].2,
        (NameStyle::Short | NameStyle::Compact, _) => weekday(lang, day, DayStyle::Short),
        (NameStyle::Long, _) => weekday(lang, day, DayStyle::Full),
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
        DaysCode::Other(raw) if raw.trim().is_empty() => fill::detail_code(lang, "?"),
        DaysCode::Other(raw) => fill::detail_code(lang, raw),
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
                (true, true) => Phrase::ScreenDaysOther.get(lang).to_string(),
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
    Phrase::EveryDay.get(lang)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Weekday::{Fri, Mon, Sat, Sun, Wed};

    use crate::domain::test_groups::exact;
    use crate::model::weekday::WEEK;

    #[test]
    fn day_names_in_every_language_and_style() {
        let styles = [NameStyle::Short, NameStyle::Long, NameStyle::Compact];
        for (day, (short, long, compact)) in WEEK.into_iter().zip(ENGLISH) {
            let names = styles.map(|style| day_name(day, Language::En, style));
            assert_eq!(names, [short, long, compact], "en {day}");
        }
        // The other languages: the catalogues' (the glossary's) names, the
        // short ones two letters already.
        for lang in [Language::Ru, Language::Uz, Language::UzCyrl] {
            for day in WEEK {
                let names = styles.map(|style| day_name(day, lang, style));
                let short = weekday(lang, day, DayStyle::Short);
                assert_eq!(names[..2], [short, weekday(lang, day, DayStyle::Full)]);
                assert_eq!(
                    names[2].to_lowercase(),
                    short.to_lowercase(),
                    "{lang} {day}"
                );
                assert!(names[2].starts_with(char::is_uppercase), "{lang} {day}");
                assert_eq!(short.chars().count(), 2, "{lang} {day}");
            }
        }
        // As people read them.
        let name = |day, lang, style| day_name(day, lang, style);
        assert_eq!(name(Mon, Language::En, NameStyle::Long), "Monday");
        assert_eq!(name(Sun, Language::Ru, NameStyle::Long), "воскресенье");
        assert_eq!(name(Sun, Language::Uz, NameStyle::Short), "Ya");
        assert_eq!(name(Sun, Language::UzCyrl, NameStyle::Short), "Як");
        assert_eq!(name(Weekday::Thu, Language::En, NameStyle::Compact), "Th");
        assert_eq!(name(Sat, Language::Ru, NameStyle::Compact), "Сб");
    }

    #[test]
    fn format_joins_by_style() {
        let days = [Mon, Wed, Fri];
        let (short, long, compact) = (NameStyle::Short, NameStyle::Long, NameStyle::Compact);
        let expected = [
            (
                Language::En,
                ["Mon Wed Fri", "Monday, Wednesday, Friday", "MoWeFr"],
            ),
            (
                Language::Ru,
                ["пн ср пт", "понедельник, среда, пятница", "ПнСрПт"],
            ),
            (
                Language::Uz,
                ["Du Ch Ju", "dushanba, chorshanba, juma", "DuChJu"],
            ),
            (
                Language::UzCyrl,
                ["Ду Чо Жу", "душанба, чоршанба, жума", "ДуЧоЖу"],
            ),
        ];
        for (lang, names) in expected {
            let shown = [short, long, compact].map(|style| format_days(&days, lang, style));
            assert_eq!(shown, names, "{lang}");
        }
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
            "вт чт сб"
        );
        assert_eq!(
            describe_days(&DaysCode::Weekend, &none, Language::Uz, NameStyle::Long),
            "shanba, yakshanba"
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
        assert_eq!(
            describe_days(
                &DaysCode::EveryDay,
                &none,
                Language::UzCyrl,
                NameStyle::Short
            ),
            "ҳар куни"
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
            "суббота"
        );
    }

    #[test]
    fn describe_custom_with_nothing_and_unknown_codes() {
        let none = ExactDays::default();
        for style in [NameStyle::Short, NameStyle::Long, NameStyle::Compact] {
            assert_eq!(
                describe_days(&DaysCode::Custom, &none, Language::Uz, style),
                "boshqa"
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
        // Our words in the language shown, the server's code as sent.
        let ru = Language::Ru;
        assert_eq!(
            describe_days(&DaysCode::Other("9".into()), &none, ru, NameStyle::Short),
            "код 9"
        );
        assert_eq!(
            describe_days(&DaysCode::Custom, &exact(&[], &[""]), ru, NameStyle::Short),
            "другие"
        );
        assert_eq!(
            describe_days(
                &DaysCode::Other("".into()),
                &none,
                Language::Uz,
                NameStyle::Long
            ),
            "kod ?"
        );
    }
}

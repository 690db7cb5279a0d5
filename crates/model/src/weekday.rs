//! Weekdays as the API sends them: a number (1 = Monday … 7 = Sunday, 0 =
//! Sunday too) or a name in English, Russian or Uzbek, in any case. The
//! tolerant reading of `exact_days` (`decode/lenient.rs`) reads them; the
//! same names are how days are shown (`domain::weekday` picks them by
//! language and length).

use chrono::Weekday;

/// Monday to Sunday, the order in which days are always shown.
pub const WEEK: [Weekday; 7] = [
    Weekday::Mon,
    Weekday::Tue,
    Weekday::Wed,
    Weekday::Thu,
    Weekday::Fri,
    Weekday::Sat,
    Weekday::Sun,
];

/// One language's names, Monday first: (short, long, compact).
pub type NameTable = [(&'static str, &'static str, &'static str); 7];

pub const ENGLISH: NameTable = [
    ("Mon", "Monday", "Mo"),
    ("Tue", "Tuesday", "Tu"),
    ("Wed", "Wednesday", "We"),
    ("Thu", "Thursday", "Th"),
    ("Fri", "Friday", "Fr"),
    ("Sat", "Saturday", "Sa"),
    ("Sun", "Sunday", "Su"),
];

pub const RUSSIAN: NameTable = [
    ("Пн", "Понедельник", "Пн"),
    ("Вт", "Вторник", "Вт"),
    ("Ср", "Среда", "Ср"),
    ("Чт", "Четверг", "Чт"),
    ("Пт", "Пятница", "Пт"),
    ("Сб", "Суббота", "Сб"),
    ("Вс", "Воскресенье", "Вс"),
];

pub const UZBEK: NameTable = [
    ("Du", "Dushanba", "Du"),
    ("Se", "Seshanba", "Se"),
    ("Ch", "Chorshanba", "Ch"),
    ("Pa", "Payshanba", "Pa"),
    ("Ju", "Juma", "Ju"),
    ("Sh", "Shanba", "Sh"),
    ("Ya", "Yakshanba", "Ya"),
];

/// Names accepted when parsing beyond those shown (`domain::weekday::day_name`), Monday first.
const EXTRA_NAMES: [&[&str]; 7] = [
    &["Душанба"],
    &["Tues", "Сешанба"],
    &["Чоршанба"],
    &["Thur", "Thurs", "Пайшанба"],
    &["Жума"],
    &["Шанба"],
    &["Якшанба"],
];

/// The day of an API number: 1 = Monday ... 7 = Sunday, and 0 = Sunday too.
pub fn day_from_number(n: i64) -> Option<Weekday> {
    match n {
        0 => Some(Weekday::Sun),
        1..=7 => Some(WEEK[(n - 1) as usize]),
        _ => None,
    }
}

/// The day named by `s` in English, Russian or Uzbek (Latin or Cyrillic), or
/// by its number ("0".."7"). Ignores surrounding space, case and one trailing dot.
pub fn parse_day_name(s: &str) -> Option<Weekday> {
    let trimmed = s.trim();
    let name = trimmed.strip_suffix('.').unwrap_or(trimmed).trim();
    if name.is_empty() {
        return None;
    }
    if let Ok(number) = name.parse::<i64>() {
        return day_from_number(number);
    }
    WEEK.iter().enumerate().find_map(|(index, &day)| {
        let shown = [ENGLISH, RUSSIAN, UZBEK].into_iter().flat_map(|table| {
            let (short, long, compact) = table[index];
            [short, long, compact]
        });
        let mut accepted = shown.chain(EXTRA_NAMES[index].iter().copied());
        accepted
            .any(|candidate| same_ignoring_case(name, candidate))
            .then_some(day)
    })
}

/// Unicode-aware case-insensitive comparison (Cyrillic included), without allocating.
fn same_ignoring_case(a: &str, b: &str) -> bool {
    a.chars()
        .flat_map(char::to_lowercase)
        .eq(b.chars().flat_map(char::to_lowercase))
}

#[cfg(test)]
mod tests {
    use super::*;
    use Weekday::{Fri, Mon, Sat, Sun, Thu, Tue, Wed};

    #[test]
    fn numbers_map_monday_first_and_zero_is_sunday() {
        let expected = [Sun, Mon, Tue, Wed, Thu, Fri, Sat, Sun];
        for (n, day) in expected.into_iter().enumerate() {
            assert_eq!(day_from_number(n as i64), Some(day), "number {n}");
        }
        for n in [-1, 8, 9, 100, i64::MIN, i64::MAX] {
            assert_eq!(day_from_number(n), None, "number {n}");
        }
    }

    #[test]
    fn english_names_short_full_and_two_letter_in_any_case() {
        let cases: [(&str, Weekday); 21] = [
            ("Mon", Mon),
            ("monday", Mon),
            ("MO", Mon),
            ("Tue", Tue),
            ("Tues", Tue),
            ("TUESDAY", Tue),
            ("tu", Tue),
            ("wed", Wed),
            ("Wednesday", Wed),
            ("Thu", Thu),
            ("thur", Thu),
            ("Thurs.", Thu),
            ("tHuRsDaY", Thu),
            ("Th", Thu),
            ("fri", Fri),
            ("Friday", Fri),
            ("SAT", Sat),
            ("saturday", Sat),
            ("Sun", Sun),
            ("  Sunday.  ", Sun),
            ("su", Sun),
        ];
        for (name, day) in cases {
            assert_eq!(parse_day_name(name), Some(day), "{name:?}");
        }
    }

    #[test]
    fn russian_names_in_any_case() {
        let short = ["Пн", "Вт", "Ср", "Чт", "Пт", "Сб", "Вс"];
        let long = [
            "Понедельник",
            "Вторник",
            "Среда",
            "Четверг",
            "Пятница",
            "Суббота",
            "Воскресенье",
        ];
        for (index, day) in WEEK.into_iter().enumerate() {
            for name in [short[index], long[index]] {
                assert_eq!(parse_day_name(name), Some(day), "{name:?}");
                assert_eq!(
                    parse_day_name(&name.to_uppercase()),
                    Some(day),
                    "{name:?} upper"
                );
                assert_eq!(
                    parse_day_name(&name.to_lowercase()),
                    Some(day),
                    "{name:?} lower"
                );
            }
        }
        assert_eq!(parse_day_name("пн."), Some(Mon));
    }

    #[test]
    fn uzbek_names_latin_and_cyrillic() {
        let latin = [
            "Dushanba",
            "Seshanba",
            "Chorshanba",
            "Payshanba",
            "Juma",
            "Shanba",
            "Yakshanba",
        ];
        let cyrillic = [
            "Душанба",
            "Сешанба",
            "Чоршанба",
            "Пайшанба",
            "Жума",
            "Шанба",
            "Якшанба",
        ];
        let short = ["Du", "Se", "Ch", "Pa", "Ju", "Sh", "Ya"];
        for (index, day) in WEEK.into_iter().enumerate() {
            for name in [latin[index], cyrillic[index], short[index]] {
                assert_eq!(parse_day_name(name), Some(day), "{name:?}");
                assert_eq!(
                    parse_day_name(&name.to_uppercase()),
                    Some(day),
                    "{name:?} upper"
                );
            }
        }
    }

    #[test]
    fn numeric_text_follows_the_number_rule() {
        assert_eq!(parse_day_name("0"), Some(Sun));
        assert_eq!(parse_day_name(" 1 "), Some(Mon));
        assert_eq!(parse_day_name("7"), Some(Sun));
        assert_eq!(parse_day_name("8"), None);
        assert_eq!(parse_day_name("-1"), None);
    }

    #[test]
    fn non_names_are_refused() {
        for junk in [
            "", "  ", ".", "M", "Monday!", "Mond", "Funday", "xyz", "1.5", "Пнд", "[1]",
        ] {
            assert_eq!(parse_day_name(junk), None, "{junk:?}");
        }
    }
}

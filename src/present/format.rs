//! Formatting for people: numbers, dates, codes, and column widths.
//!
//! The width helpers measure terminal columns (unicode-width): wide CJK and
//! emoji take two, combining marks none. They expect sanitised text (see
//! [`crate::sanitize`]); control characters have no meaningful width.

use std::borrow::Cow;

use chrono::{DateTime, NaiveDateTime, Utc};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use super::Language;
use crate::domain::zone::{Zone, ZoneSource};
use crate::i18n::{Phrase, fill, plural};
use crate::model::{Abilities, DateField, GroupStatus, PluginType, Timestamp};
use crate::sanitize::sanitize_line;

/// How records read for people: weekday names in `language`, times of day
/// in `zone`.
#[derive(Debug, Clone, Copy)]
pub struct RowFormat {
    pub language: Language,
    pub zone: Zone,
}

/// What a null or absent value shows.
pub const NONE: &str = "—";

/// Marks text cut to fit a column.
pub const ELLIPSIS: char = '…';
/// Columns [`ELLIPSIS`] takes.
pub const ELLIPSIS_COLUMNS: usize = 1;

/// ZERO WIDTH JOINER: the character after it belongs to the same emoji.
const ZWJ: char = '\u{200D}';

/// `n` in groups of three digits separated by a space: `1 200 000`, `-5 000`.
pub fn thousands(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::with_capacity(digits.len() * 4 / 3 + 1);
    if n < 0 {
        out.push('-');
    }
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(' ');
        }
        out.push(digit);
    }
    out
}

/// `said`, a message that says the count `n` first, with that count in
/// groups of three digits ([`thousands`]): the catalogues' plural
/// messages say their count as plain `{n}`.
pub fn count_in_thousands(said: String, n: u64) -> String {
    let plain = n.to_string();
    match said.find(&plain) {
        Some(at) if n >= 1000 => {
            let grouped = thousands(i64::try_from(n).unwrap_or(i64::MAX));
            format!("{}{grouped}{}", &said[..at], &said[at + plain.len()..])
        }
        _ => said,
    }
}

/// A date as staff write it in `language` ([`crate::i18n::date`]:
/// `YYYY-MM-DD` in English, `28.11.2026` in Russian and Uzbek), or the raw
/// text as sent.
pub fn date(d: &DateField, language: Language) -> Cow<'_, str> {
    match d {
        DateField::Date(date) => Cow::Owned(crate::i18n::date(language, *date)),
        DateField::Raw(raw) => Cow::Borrowed(raw),
    }
}

/// `YYYY-MM-DD HH:MM` (the date as [`date`] writes it in `language`, the
/// time 24-hour): a UTC time in `zone`, an old zone-less time as it is,
/// raw text as sent.
pub fn timestamp(t: &Timestamp, zone: &Zone, language: Language) -> String {
    match t {
        Timestamp::Utc(at) => date_time(zone.wall_clock(*at), language),
        Timestamp::Local(wall_clock) => date_time(*wall_clock, language),
        Timestamp::Raw(raw) => raw.to_string(),
    }
}

/// A wall-clock time as [`timestamp`] writes it in `language`.
pub fn date_time(wall_clock: NaiveDateTime, language: Language) -> String {
    let date = crate::i18n::date(language, wall_clock.date());
    format!("{date} {}", crate::i18n::time(language, wall_clock.time()))
}

/// `"yes"`, `"no"`, or [`NONE`].
pub fn flag(v: Option<bool>) -> &'static str {
    match v {
        Some(true) => "yes",
        Some(false) => "no",
        None => NONE,
    }
}

/// `"Active"`, `"Archive"`, `"status 7"` for another code (`статус 7`
/// in Russian: the two words are worded where they are shown, see
/// [`super::words`]), [`NONE`] when blank.
pub fn status_word(s: &GroupStatus, language: Language) -> Cow<'static, str> {
    match s {
        GroupStatus::Active => Cow::Borrowed("Active"),
        GroupStatus::Archive => Cow::Borrowed("Archive"),
        GroupStatus::Other(raw) => match raw.trim() {
            "" => Cow::Borrowed(NONE),
            code => Cow::Owned(fill::date_status_code(language, code)),
        },
    }
}

/// `"Free"`, `"Premium"`, another type as sent, [`NONE`] when blank.
pub fn plugin_type_word(t: &PluginType) -> &str {
    match t {
        PluginType::Free => "Free",
        PluginType::Premium => "Premium",
        PluginType::Other(raw) if raw.trim().is_empty() => NONE,
        PluginType::Other(raw) => raw,
    }
}

/// A plugin's abilities on one line, "a, b", [`NONE`] when there are none.
pub fn abilities_inline(abilities: &Abilities) -> String {
    match abilities.as_list().as_slice() {
        [] => NONE.to_string(),
        names => sanitize_line(&names.join(", ")).into_owned(),
    }
}

/// A value whose meaning is not published: a string's content, [`NONE`] for
/// null, anything else as compact JSON.
pub fn json_value(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(text) => text.clone(),
        serde_json::Value::Null => NONE.to_owned(),
        other => other.to_string(),
    }
}

/// Terminal columns `s` takes.
pub fn display_width(s: &str) -> usize {
    s.width()
}

/// `s` cut to at most `width` columns, ending in `…` when cut. Cuts fall
/// between characters, never between a character and the combining marks
/// or emoji joiners that follow it. Borrowed when `s` already fits.
pub fn truncate_to_width(s: &str, width: usize) -> Cow<'_, str> {
    if display_width(s) <= width {
        return Cow::Borrowed(s);
    }
    let Some(budget) = width.checked_sub(ELLIPSIS_COLUMNS) else {
        return Cow::Borrowed("");
    };
    let kept = &s[..fitting_prefix_len(s, budget)];
    let mut out = String::with_capacity(kept.len() + ELLIPSIS.len_utf8());
    out.push_str(kept);
    out.push(ELLIPSIS);
    Cow::Owned(out)
}

/// `head`, then `parts` each after `separator`, within `width` columns: the
/// last parts give way whole to `…` (after the separator), so that no word
/// is cut; `head` alone (and `…`) when no part fits. `head` itself is
/// never cut.
pub fn join_fitting(head: &str, parts: &[String], separator: &str, width: usize) -> String {
    let line = |kept: usize| {
        let mut out = head.to_owned();
        for part in &parts[..kept] {
            out.push_str(separator);
            out.push_str(part);
        }
        if kept < parts.len() {
            out.push_str(separator);
            out.push(ELLIPSIS);
        }
        out
    };
    let kept = (0..=parts.len())
        .rev()
        .find(|&kept| display_width(&line(kept)) <= width)
        .unwrap_or(0);
    line(kept)
}

/// `s` truncated to `width` columns, then padded with spaces to exactly
/// `width` columns.
pub fn pad_to_width(s: &str, width: usize) -> String {
    let cell = truncate_to_width(s, width);
    let padding = width.saturating_sub(display_width(&cell));
    let mut out = String::with_capacity(cell.len() + padding);
    out.push_str(&cell);
    out.extend(std::iter::repeat_n(' ', padding));
    out
}

/// Byte length of the longest prefix of `s` that ends on a cluster boundary
/// and is at most `budget` columns wide.
pub(crate) fn fitting_prefix_len(s: &str, budget: usize) -> usize {
    let mut fitted = 0;
    let mut used = 0;
    for cluster in clusters(s) {
        used += display_width(cluster);
        if used > budget {
            break;
        }
        fitted += cluster.len();
    }
    // Summing clusters can undercount a ligature that spans two of them:
    // measure the prefix as a whole and step back until it fits.
    while display_width(&s[..fitted]) > budget {
        fitted -= clusters(&s[..fitted]).last().map_or(fitted, str::len);
    }
    fitted
}

/// `s` split where a cut is allowed: each piece is one character with the
/// zero-width characters, emoji modifiers and ZWJ-joined characters after it.
/// A cheap stand-in for grapheme clusters, enough for column fitting.
fn clusters(s: &str) -> impl Iterator<Item = &str> {
    let mut rest = s;
    std::iter::from_fn(move || {
        let mut chars = rest.char_indices();
        let (_, first) = chars.next()?;
        let mut previous = first;
        let end = chars
            .find(|&(_, c)| {
                let boundary = starts_cluster(previous, c);
                previous = c;
                boundary
            })
            .map_or(rest.len(), |(index, _)| index);
        let (cluster, tail) = rest.split_at(end);
        rest = tail;
        Some(cluster)
    })
}

fn starts_cluster(previous: char, c: char) -> bool {
    let is_emoji_modifier = ('\u{1F3FB}'..='\u{1F3FF}').contains(&c);
    previous != ZWJ && !is_emoji_modifier && c.width() != Some(0)
}

/// `at` for people: `14:02` in `zone`, 24-hour, the date before it (as
/// [`date`] writes it in `language`) when it is not the day of `now` there
/// (`2037-01-01 05:00`, `01.01.2037 05:00`).
pub fn clock_time(
    at: DateTime<Utc>,
    now: DateTime<Utc>,
    zone: &Zone,
    language: Language,
) -> String {
    let wall = zone.wall_clock(at);
    if wall.date() == zone.wall_clock(now).date() {
        crate::i18n::time(language, wall.time())
    } else {
        date_time(wall, language)
    }
}

/// A server's long `Retry-After` for people: `the server asks to wait
/// until 14:05` (`wait` from `now`, the time in `zone`), in `language`.
pub fn asked_to_wait(
    wait: std::time::Duration,
    now: DateTime<Utc>,
    zone: &Zone,
    language: Language,
) -> String {
    let until = chrono::TimeDelta::from_std(wait)
        .ok()
        .and_then(|wait| now.checked_add_signed(wait))
        .unwrap_or(DateTime::<Utc>::MAX_UTC);
    fill::date_asked_to_wait(language, clock_time(until, now, zone, language))
}

/// When a snapshot was taken, for people: `as of 14:02, 3 min ago` (the
/// time of day in `zone`; the date too when it was not today there), in
/// `language`: `данные на 14:02, 3 мин назад`.
pub fn as_of(
    taken_at: DateTime<Utc>,
    now: DateTime<Utc>,
    zone: &Zone,
    language: Language,
) -> String {
    let when = clock_time(taken_at, now, zone, language);
    fill::date_as_of(
        language,
        when,
        ago((now - taken_at).num_minutes(), language),
    )
}

/// An age of `minutes` for people: `just now`, `3 min ago`, `2 h 5 min
/// ago`, `3 d ago` (`3 дня назад`: days counted by the language's plural).
pub fn ago(minutes: i64, language: Language) -> String {
    match (minutes / (24 * 60), minutes / 60 % 24, minutes % 60) {
        // A clock set back: the age is not known better than this.
        _ if minutes < 1 => Phrase::CentreAgeNow.get(language).to_owned(),
        (0, 0, m) => fill::date_minutes_ago(language, m),
        (0, h, 0) => fill::date_hours_ago(language, h),
        (0, h, m) => fill::date_hours_minutes_ago(language, h, m),
        (d, _, _) => plural::date_days_ago(language, d.unsigned_abs()),
    }
}

/// `45 s`, `12 min`, `2 h 5 min`: a span of time as a person reads it in
/// `language` (the store's `duration_words`, which the log keeps English).
pub fn duration_words(span: std::time::Duration, language: Language) -> String {
    let secs = span.as_secs();
    match secs {
        0..60 => fill::date_seconds(language, secs.max(1)),
        60..3600 => fill::today_minutes(language, secs.div_ceil(60)),
        _ => match (secs / 3600, (secs % 3600) / 60) {
            (hours, 0) => fill::today_hours(language, hours),
            (hours, minutes) => fill::today_hours_minutes(language, hours, minutes),
        },
    }
}

/// `"1 group"`, `"3 groups"`.
pub fn counted(count: usize, noun: &str) -> String {
    let plural = if count == 1 { "" } else { "s" };
    format!("{count} {noun}{plural}")
}

/// Where the zone that times are shown in came from, in a few words
/// (`crmdeck info`), in `language`.
pub fn zone_source(source: ZoneSource, language: Language) -> &'static str {
    match source {
        ZoneSource::Config => Phrase::DateZoneConfig,
        ZoneSource::Api => Phrase::DateZoneApi,
        ZoneSource::Default => Phrase::DateZoneDefault,
    }
    .get(language)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_messages_count_in_thousands() {
        let said = |text: &str, n| count_in_thousands(text.to_string(), n);
        assert_eq!(said("12341 группа", 12_341), "12 341 группа");
        assert_eq!(said("100000 groups", 100_000), "100 000 groups");
        assert_eq!(said("240 groups", 240), "240 groups");
        // The count said first; a number after it is left.
        assert_eq!(said("1000 pages × 1000", 1000), "1 000 pages × 1000");
    }

    #[test]
    fn as_of_says_the_time_and_the_age() {
        use chrono::TimeZone;
        let zone = Zone::Named(chrono_tz::Asia::Tashkent);
        let taken = Utc.with_ymd_and_hms(2026, 11, 25, 9, 2, 0).unwrap();
        let at = |minutes| taken + chrono::TimeDelta::minutes(minutes);
        let english = [
            (0, "as of 14:02, just now"),
            (-5, "as of 14:02, just now"),
            (3, "as of 14:02, 3 min ago"),
            (120, "as of 14:02, 2 h ago"),
            (125, "as of 14:02, 2 h 5 min ago"),
            // Past midnight in Tashkent: the date is said.
            (600, "as of 2026-11-25 14:02, 10 h ago"),
            (3 * 24 * 60, "as of 2026-11-25 14:02, 3 d ago"),
        ];
        for (minutes, said) in english {
            let as_of = as_of(taken, at(minutes), &zone, Language::En);
            assert_eq!(as_of, said, "{minutes} min");
        }
        // In the language shown: dates as staff write them, days counted.
        let ru = |minutes| as_of(taken, at(minutes), &zone, Language::Ru);
        assert_eq!(ru(0), "данные на 14:02, только что");
        assert_eq!(ru(125), "данные на 14:02, 2 ч 5 мин назад");
        assert_eq!(ru(600), "данные на 25.11.2026 14:02, 10 ч назад");
        let days = [1, 2, 5, 11, 21, 22].map(|d| ru(d * 24 * 60 + 1));
        assert_eq!(
            days.map(|said| said.rsplit(", ").next().unwrap().to_owned()),
            [
                "1 день назад",
                "2 дня назад",
                "5 дней назад",
                "11 дней назад",
                "21 день назад",
                "22 дня назад"
            ]
        );
        assert_eq!(
            as_of(taken, at(3), &zone, Language::Uz),
            "14:02 holatiga, 3 daqiqa oldin"
        );
        assert_eq!(
            as_of(taken, at(2 * 24 * 60), &zone, Language::UzCyrl),
            "25.11.2026 14:02 ҳолатига, 2 кун олдин"
        );
    }

    #[test]
    fn a_wait_asked_for_says_its_time_24_hour_in_the_language() {
        use chrono::TimeZone;
        let zone = Zone::Named(chrono_tz::Asia::Tashkent);
        let now = Utc.with_ymd_and_hms(2026, 11, 25, 9, 2, 0).unwrap();
        let wait = std::time::Duration::from_secs(3 * 60);
        let asked = |language| asked_to_wait(wait, now, &zone, language);
        assert_eq!(asked(Language::En), "the server asks to wait until 14:05");
        assert_eq!(asked(Language::Ru), "сервер просит подождать до 14:05");
        // Past midnight there: the date too.
        let evening = Utc.with_ymd_and_hms(2026, 11, 25, 18, 30, 0).unwrap();
        assert_eq!(
            asked_to_wait(wait * 20, evening, &zone, Language::Uz),
            "server 26.11.2026 00:30 gacha kutishni soʻramoqda"
        );
        let past_midnight = evening + chrono::TimeDelta::hours(1);
        assert_eq!(
            clock_time(past_midnight, now, &zone, Language::En),
            "2026-11-26 00:30"
        );
        assert_eq!(clock_time(evening, now, &zone, Language::Ru), "23:30");
    }

    #[test]
    fn spans_of_time_in_the_language() {
        use std::time::Duration;
        let said = |secs, language| duration_words(Duration::from_secs(secs), language);
        assert_eq!(
            [0, 45, 90, 3600, 7500].map(|secs| said(secs, Language::En)),
            ["1 s", "45 s", "2 min", "1 h", "2 h 5 min"]
        );
        assert_eq!(
            [45, 90, 7500].map(|secs| said(secs, Language::Ru)),
            ["45 с", "2 мин", "2 ч 5 мин"]
        );
        assert_eq!(said(45, Language::Uz), "45 soniya");
    }

    #[test]
    fn a_zones_source_in_the_language() {
        assert_eq!(
            zone_source(ZoneSource::Config, Language::En),
            "from the config"
        );
        assert_eq!(
            zone_source(ZoneSource::Config, Language::Ru),
            "из конфигурации"
        );
    }

    #[test]
    fn join_fitting_drops_whole_parts_never_a_word() {
        let parts: Vec<String> = ["busiest: Sat", "3 archived hidden"]
            .map(String::from)
            .to_vec();
        let whole = "10 groups · busiest: Sat · 3 archived hidden";
        assert_eq!(join_fitting("10 groups", &parts, " · ", 80), whole);
        assert_eq!(
            join_fitting("10 groups", &parts, " · ", display_width(whole)),
            whole
        );
        assert_eq!(
            join_fitting("10 groups", &parts, " · ", display_width(whole) - 1),
            "10 groups · busiest: Sat · …"
        );
        assert_eq!(
            join_fitting("10 groups", &parts, " · ", 12),
            "10 groups · …"
        );
        assert_eq!(join_fitting("Free:", &parts, " ", 3), "Free: …");
        assert_eq!(join_fitting("Free:", &[], " ", 3), "Free:");
    }
    use chrono::{NaiveDate, TimeZone, Utc};
    use serde_json::json;

    /// "Ё" built from "Е" and a combining diaeresis: two chars, one column.
    const YO_DECOMPOSED: &str = "\u{0415}\u{0308}";

    #[test]
    fn thousands_groups_by_three() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1 000");
        assert_eq!(thousands(1_200_000), "1 200 000");
        assert_eq!(thousands(-5000), "-5 000");
        assert_eq!(thousands(-999), "-999");
        assert_eq!(thousands(123_456), "123 456");
        assert_eq!(thousands(i64::MIN), "-9 223 372 036 854 775 808");
        assert_eq!(thousands(i64::MAX), "9 223 372 036 854 775 807");
    }

    #[test]
    fn dates_and_raw_dates() {
        let parsed = DateField::Date(NaiveDate::from_ymd_opt(2024, 6, 10).unwrap());
        assert_eq!(date(&parsed, Language::En), "2024-06-10");
        let raw = DateField::Raw("10/06/2024".into());
        let shown = date(&raw, Language::Ru);
        assert!(matches!(shown, Cow::Borrowed("10/06/2024")), "{shown:?}");
        for language in [Language::Ru, Language::Uz, Language::UzCyrl] {
            assert_eq!(date(&parsed, language), "10.06.2024");
        }
    }

    #[test]
    fn timestamps_in_the_zone() {
        let tashkent: Zone = "Asia/Tashkent".parse().unwrap();
        let late_evening = Timestamp::Utc(Utc.with_ymd_and_hms(2024, 6, 10, 21, 5, 51).unwrap());
        // UTC+5 moves it to the next day.
        assert_eq!(
            timestamp(&late_evening, &tashkent, Language::En),
            "2024-06-11 02:05"
        );
        let utc_zone: Zone = "UTC".parse().unwrap();
        assert_eq!(
            timestamp(&late_evening, &utc_zone, Language::En),
            "2024-06-10 21:05"
        );

        let old = NaiveDate::from_ymd_opt(2022, 7, 13)
            .unwrap()
            .and_hms_opt(20, 0, 46)
            .unwrap();
        assert_eq!(
            timestamp(&Timestamp::Local(old), &tashkent, Language::En),
            "2022-07-13 20:00"
        );
        assert_eq!(
            timestamp(&late_evening, &tashkent, Language::Ru),
            "11.06.2024 02:05"
        );
        assert_eq!(
            timestamp(&Timestamp::Raw("yesterday".into()), &tashkent, Language::En),
            "yesterday"
        );
    }

    #[test]
    fn flags() {
        assert_eq!(flag(Some(true)), "yes");
        assert_eq!(flag(Some(false)), "no");
        assert_eq!(flag(None), NONE);
    }

    #[test]
    fn status_words() {
        assert_eq!(status_word(&GroupStatus::Active, Language::En), "Active");
        assert_eq!(status_word(&GroupStatus::Archive, Language::En), "Archive");
        assert_eq!(
            status_word(&GroupStatus::Other("7".into()), Language::En),
            "status 7"
        );
        assert_eq!(
            status_word(&GroupStatus::Other(" abc ".into()), Language::En),
            "status abc"
        );
        assert_eq!(
            status_word(&GroupStatus::Other("".into()), Language::En),
            NONE
        );
        let other = GroupStatus::Other("7".into());
        assert_eq!(status_word(&other, Language::Ru), "статус 7");
        assert_eq!(status_word(&other, Language::Uz), "holat 7");
    }

    #[test]
    fn plugin_type_words() {
        assert_eq!(plugin_type_word(&PluginType::Free), "Free");
        assert_eq!(plugin_type_word(&PluginType::Premium), "Premium");
        assert_eq!(
            plugin_type_word(&PluginType::Other("Enterprise".into())),
            "Enterprise"
        );
        assert_eq!(plugin_type_word(&PluginType::Other(" ".into())), NONE);
    }

    #[test]
    fn json_values() {
        assert_eq!(json_value(&json!("50%")), "50%");
        assert_eq!(json_value(&json!(1500)), "1500");
        assert_eq!(json_value(&json!(true)), "true");
        assert_eq!(json_value(&json!(null)), NONE);
        assert_eq!(
            json_value(&json!({"a": [1, 2], "b": "x"})),
            r#"{"a":[1,2],"b":"x"}"#
        );
    }

    #[test]
    fn widths_of_wide_and_combining_text() {
        assert_eq!(display_width(""), 0);
        assert_eq!(display_width("Группа"), 6);
        assert_eq!(display_width(YO_DECOMPOSED), 1);
        assert_eq!(display_width("漢字"), 4);
        assert_eq!(display_width("🎓"), 2);
        assert_eq!(display_width("Oʻzbek"), 6);
        assert_eq!(display_width(NONE), 1);
    }

    #[test]
    fn truncate_keeps_text_that_fits() {
        for (s, width) in [("Группа", 6), ("漢字", 4), ("", 0), ("abc", 10)] {
            let cut = truncate_to_width(s, width);
            assert!(matches!(cut, Cow::Borrowed(_)), "{s:?} at {width}: {cut:?}");
            assert_eq!(cut, s);
        }
    }

    #[test]
    fn truncate_cuts_with_an_ellipsis() {
        assert_eq!(truncate_to_width("Английский язык", 8), "Английс…");
        assert_eq!(truncate_to_width("abc", 2), "a…");
        assert_eq!(truncate_to_width("abc", 1), "…");
        assert_eq!(truncate_to_width("abc", 0), "");
    }

    #[test]
    fn truncate_never_splits_a_wide_character() {
        // "漢字" is 4 columns; at 4 - 1 = 3 for the text, only "漢" fits.
        assert_eq!(truncate_to_width("漢字漢", 4), "漢…");
        assert_eq!(truncate_to_width("漢字漢", 5), "漢字…");
        assert_eq!(truncate_to_width("漢字", 2), "…");
        assert_eq!(truncate_to_width("🎓🎓🎓", 4), "🎓…");
    }

    #[test]
    fn truncate_keeps_combining_marks_with_their_base() {
        let three = YO_DECOMPOSED.repeat(3);
        assert_eq!(display_width(&three), 3);
        assert_eq!(truncate_to_width(&three, 2), format!("{YO_DECOMPOSED}…"));
        // A combining mark on the last kept letter is never left behind.
        assert_eq!(
            truncate_to_width(&format!("ab{YO_DECOMPOSED}cd"), 4),
            format!("ab{YO_DECOMPOSED}…")
        );
    }

    #[test]
    fn truncate_keeps_emoji_sequences_whole() {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"; // one 2-column emoji
        assert_eq!(display_width(family), 2);
        assert_eq!(
            truncate_to_width(&format!("{family}{family}x"), 3),
            format!("{family}…")
        );
        let thumbs_toned = "\u{1F44D}\u{1F3FD}";
        assert_eq!(
            truncate_to_width(&format!("{thumbs_toned}ok!"), 4),
            format!("{thumbs_toned}o…")
        );
        // VS16 widens a narrow symbol: "❤️" is 2 columns, so it cannot fit in 1.
        let heart = "\u{2764}\u{FE0F}";
        assert_eq!(display_width(heart), 2);
        assert_eq!(truncate_to_width(&format!("{heart}abc"), 2), "…");
        assert_eq!(
            truncate_to_width(&format!("{heart}abc"), 3),
            format!("{heart}…")
        );
    }

    #[test]
    fn truncate_measures_the_kept_prefix_as_a_whole() {
        // unicode-width counts this odd sequence as 3 columns although its two
        // pieces measure 1 each: the kept prefix is re-measured and shortened.
        let quirk = "\u{2018}\u{FE0F}\u{FE01}\u{0627}";
        assert_eq!(display_width(quirk), 3);
        let cut = truncate_to_width("\u{2018}\u{FE0F}\u{FE01}\u{0627}x", 3);
        assert_eq!(cut, "\u{2018}\u{FE0F}\u{FE01}…");
        assert!(display_width(&cut) <= 3);
    }

    #[test]
    fn truncate_result_never_exceeds_the_width() {
        let samples = [
            "Английский язык",
            "漢字漢字漢字",
            "🎓a🎓b🎓",
            "Oʻzbek tili — boshlangʻich",
            &YO_DECOMPOSED.repeat(7),
        ];
        for s in samples {
            for width in 0..=display_width(s) + 1 {
                let cut = truncate_to_width(s, width);
                assert!(display_width(&cut) <= width, "{s:?} at {width}: {cut:?}");
                assert!(
                    display_width(&cut) + 1 >= width.min(display_width(s)),
                    "{s:?} at {width}: {cut:?}"
                );
            }
        }
    }

    #[test]
    fn pad_fills_to_the_exact_width() {
        assert_eq!(pad_to_width("ab", 4), "ab  ");
        assert_eq!(pad_to_width("漢字", 5), "漢字 ");
        assert_eq!(pad_to_width("漢字漢", 4), "漢… ");
        assert_eq!(pad_to_width(YO_DECOMPOSED, 3), format!("{YO_DECOMPOSED}  "));
        assert_eq!(pad_to_width("abcdef", 4), "abc…");
        assert_eq!(pad_to_width("", 2), "  ");
        assert_eq!(pad_to_width("abc", 0), "");
        for s in ["🎓 party", "漢a字", "x"] {
            for width in 0..10 {
                assert_eq!(
                    display_width(&pad_to_width(s, width)),
                    width,
                    "{s:?} at {width}"
                );
            }
        }
    }
}

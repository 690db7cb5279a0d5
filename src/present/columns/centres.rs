//! A centre of a fleet as a row (issue 38): `crmdeck centres` as a table
//! (words in the interface's language) and as CSV (keys and numbers for
//! scripts), and the counts per status above the table.

use super::{Column, OnScreen, Tone};
use crate::domain::centre::{CentreSummary, Status};
use crate::i18n::{Language, Phrase, fill, plural};
use crate::present::clock::expiry_in;
use crate::sanitize::sanitize_line;
use chrono::{DateTime, SecondsFormat, Utc};
use std::time::Duration;

/// How the rows read: at `now`, for people in `language` or for scripts.
pub struct CentreFormat {
    pub now: DateTime<Utc>,
    pub language: Language,
    /// CSV: keys, numbers and RFC 3339 times, no words.
    pub scripts: bool,
}

/// `column` shown on the dashboard's Centres tab too, in the fleet's
/// order (never sorted or filtered).
const fn shown(
    flex_min: Option<usize>,
    priority: u8,
    essential: bool,
    tone: Tone,
    column: Column<CentreSummary, CentreFormat>,
) -> Column<CentreSummary, CentreFormat> {
    Column {
        screen: Some(OnScreen::in_order(flex_min, priority, essential, tone)),
        ..column
    }
}

/// The columns of a centre, left to right (the dashboard shows them all,
/// as many as fit).
pub static COLUMNS: &[Column<CentreSummary, CentreFormat>] = &[
    shown(
        Some(8),
        13,
        true,
        Tone::Plain,
        Column::print_only("Profile", "profile", |s, _| s.profile.clone()),
    ),
    shown(
        Some(8),
        11,
        false,
        Tone::Plain,
        Column::print_only("Centre", "centre", |s, _| {
            (s.figures.name.as_deref())
                .map_or_else(String::new, |name| sanitize_line(name).into_owned())
        }),
    ),
    shown(
        Some(8),
        2,
        false,
        Tone::Quiet,
        Column::print_only("Host", "host", |s, _| s.host.clone().unwrap_or_default()),
    ),
    shown(
        Some(10),
        12,
        true,
        Tone::State,
        Column::print_only("Status", "status", status_text),
    ),
    shown(
        None,
        5,
        false,
        Tone::Quiet,
        Column::print_only("Read-only", "read_only", |s, f| match f.scripts {
            true => s.read_only.to_string(),
            false if s.read_only => Phrase::CentreReadOnly.get(f.language).to_string(),
            false => String::new(),
        }),
    ),
    shown(
        None,
        8,
        false,
        Tone::Quiet,
        Column::print_number("Latency", "latency_ms", |s, f| {
            let ms = s.latency.map(|latency| latency.as_millis());
            match f.scripts {
                true => ms.map(|ms| ms.to_string()).unwrap_or_default(),
                false => ms
                    .map(|ms| fill::centre_latency(f.language, ms))
                    .unwrap_or_default(),
            }
        }),
    ),
    shown(
        None,
        10,
        false,
        Tone::Plain,
        Column::print_number("Groups", "groups", |s, _| {
            (s.figures.groups).map_or_else(String::new, |n| n.to_string())
        }),
    ),
    shown(
        None,
        7,
        false,
        Tone::Plain,
        Column::print_number("Active", "active_groups", |s, _| {
            (s.snapshot.as_ref()).map_or_else(String::new, |snap| snap.active_groups.to_string())
        }),
    ),
    shown(
        None,
        9,
        false,
        Tone::Plain,
        Column::print_number("In class", "in_class", |s, _| {
            (s.snapshot.as_ref()).map_or_else(String::new, |snap| snap.in_class.to_string())
        }),
    ),
    shown(
        Some(10),
        6,
        false,
        Tone::Plain,
        Column::print_only("Next lesson", "next_lesson", |s, f| {
            let next = s.snapshot.as_ref().and_then(|snap| snap.next.as_ref());
            next.map_or_else(String::new, |next| match f.scripts {
                true => next.start.format("%Y-%m-%dT%H:%M").to_string(),
                false => format!(
                    "{} {}",
                    next.start.format("%H:%M"),
                    sanitize_line(&next.group)
                ),
            })
        }),
    ),
    shown(
        None,
        4,
        false,
        Tone::Quiet,
        Column::print_only("Snapshot", "snapshot_age_s", |s, f| {
            let age = s.snapshot.as_ref().map(|snap| snap.age(f.now));
            age.map_or_else(String::new, |age| aged(age, f))
        }),
    ),
    shown(
        None,
        3,
        false,
        Tone::Plain,
        Column::print_only("Plugins", "plugins", |s, _| {
            let plugins = s.figures.plugins;
            plugins.map_or_else(String::new, |p| format!("{}/{}", p.installed, p.total))
        }),
    ),
    shown(
        Some(8),
        1,
        false,
        Tone::Quiet,
        Column::print_only("Token", "token_expires_at", |s, f| {
            (s.token_expires_at).map_or_else(String::new, |at| match f.scripts {
                true => at.to_rfc3339_opts(SecondsFormat::Secs, true),
                false => expiry_in(crate::secret::expiry(at, f.now), f.language),
            })
        }),
    ),
    shown(
        None,
        0,
        false,
        Tone::Quiet,
        Column::print_only("Refreshed", "refreshed_at", |s, f| {
            (s.refreshed_at).map_or_else(String::new, |at| match f.scripts {
                true => at.to_rfc3339_opts(SecondsFormat::Secs, true),
                false => at.format("%H:%M:%S").to_string(),
            })
        }),
    ),
];

/// The status as people read it (`API error 502`, `unreachable · stale,
/// 5 min old`), or its key for scripts (`api_error`).
fn status_text(summary: &CentreSummary, format: &CentreFormat) -> String {
    let Some(status) = summary.status else {
        return match format.scripts {
            true => String::new(),
            false => Phrase::CentreNotAsked.get(format.language).to_string(),
        };
    };
    if format.scripts {
        return match status {
            Status::ApiError(code) => format!("{}_{code}", status.key()),
            _ => status.key().to_string(),
        };
    }
    let word = status_word(status, format.language);
    match summary.stale_for(format.now) {
        Some(age) => format!(
            "{word} · {}",
            fill::centre_stale(format.language, aged(age, format))
        ),
        None => word,
    }
}

/// A status in `language`'s words.
pub fn status_word(status: Status, language: Language) -> String {
    match status {
        Status::Ok => Phrase::CentreOk.get(language).to_string(),
        Status::Unreachable => Phrase::CentreUnreachable.get(language).to_string(),
        Status::TokenRefused => Phrase::CentreTokenRefused.get(language).to_string(),
        Status::ApiError(code) => fill::centre_api_error(language, code),
        Status::NotOpened => Phrase::CentreNotOpened.get(language).to_string(),
    }
}

/// An age for people (`5 min`, `3 h`, `2 d`), in seconds for scripts.
fn aged(age: Duration, format: &CentreFormat) -> String {
    let seconds = age.as_secs();
    if format.scripts {
        return seconds.to_string();
    }
    let language = format.language;
    match seconds / 60 {
        0 => Phrase::CentreAgeNow.get(language).to_string(),
        minutes @ 1..60 => fill::centre_age_minutes(language, minutes),
        minutes @ 60..1440 => fill::centre_age_hours(language, minutes / 60),
        minutes => fill::centre_age_days(language, minutes / 1440),
    }
}

/// The counts above the table: `3 centres: 2 ok · 1 unreachable`, the
/// statuses in the order they first appear.
pub fn counts(summaries: &[CentreSummary], language: Language) -> String {
    let mut seen: Vec<(String, usize)> = Vec::new();
    for summary in summaries {
        let word = match summary.status {
            Some(status) => status_word(status, language),
            None => Phrase::CentreNotAsked.get(language).to_string(),
        };
        match seen.iter_mut().find(|(known, _)| *known == word) {
            Some((_, count)) => *count += 1,
            None => seen.push((word, 1)),
        }
    }
    let each: Vec<String> = (seen.iter())
        .map(|(word, n)| format!("{n} {word}"))
        .collect();
    let all = plural::centre_count(language, summaries.len() as u64);
    format!("{all}: {}", each.join(" · "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::centre::{Figures, Probe};
    use crate::present::columns::BranchNames;
    use crate::present::columns::table::Table;

    fn at(seconds: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000 + seconds, 0).unwrap()
    }

    fn summaries() -> Vec<CentreSummary> {
        let good = Probe {
            status: Status::Ok,
            latency: Some(Duration::from_millis(120)),
            figures: Figures {
                name: Some("Ziyo\u{1b}[31m North".to_string()),
                groups: Some(2_000),
                plugins: None,
            },
            at: at(0),
        };
        let north = CentreSummary::refreshed(&CentreSummary::new("north"), good);
        let mut failed = north.clone();
        failed.profile = "east".to_string();
        failed.read_only = true;
        let failed = CentreSummary::refreshed(
            &failed,
            Probe {
                status: Status::ApiError(502),
                latency: None,
                figures: Figures::default(),
                at: at(300),
            },
        );
        vec![north, failed]
    }

    #[test]
    fn people_read_words_and_scripts_keys() {
        let rows = summaries();
        let people = CentreFormat {
            now: at(600),
            language: Language::En,
            scripts: false,
        };
        let text = Table::of(COLUMNS, &rows, &people, &BranchNames::new()).to_text(false);
        assert!(text.contains("API error 502 · stale, 10 min old"), "{text}");
        assert!(
            text.contains("read-only") && text.contains("120 ms"),
            "{text}"
        );
        assert!(!text.contains('\u{1b}'), "sanitised: {text}");
        let scripts = CentreFormat {
            scripts: true,
            ..people
        };
        let csv = Table::of(COLUMNS, &rows, &scripts, &BranchNames::new()).to_csv();
        assert!(
            csv.starts_with("profile,centre,host,status,read_only,latency_ms,groups"),
            "{csv}"
        );
        assert!(csv.contains(",api_error_502,true,,2000,"), "{csv}");
        assert!(csv.contains(",ok,false,120,2000,"), "{csv}");
    }

    #[test]
    fn counts_per_status_in_each_language() {
        let rows = summaries();
        assert_eq!(
            counts(&rows, Language::En),
            "2 centres: 1 ok · 1 API error 502"
        );
        assert!(counts(&rows, Language::Ru).starts_with("2 центра: "));
    }
}

//! Times in a query, on the lesson's start: `17:00`, `17`, `5pm`, `>=17`,
//! `>17:30`, `<12`, `17-20`, `17:00–20:00`.

use super::TimeRange;

/// The last minute of the day.
pub const LAST_MINUTE: u16 = 23 * 60 + 59;

/// A time as typed: its minute, and whether it named a whole hour (`17`,
/// `5pm`, and `17:` or `17:3` half typed) rather than a minute (`17:00`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Point {
    minute: u16,
    hour_only: bool,
}

/// The lesson starts `token` reads as, if it is a time: a bare number only
/// from 7 to 22 (anything else is text: a group's number, a year).
pub fn read(token: &str) -> Option<TimeRange> {
    type Range = fn(u16) -> Option<TimeRange>;
    let operators: [(&str, Range); 6] = [
        (">=", |at| Some(TimeRange::new(at, LAST_MINUTE))),
        ("≥", |at| Some(TimeRange::new(at, LAST_MINUTE))),
        ("<=", |at| Some(TimeRange::new(0, at))),
        ("≤", |at| Some(TimeRange::new(0, at))),
        (">", |at| {
            (at < LAST_MINUTE).then(|| TimeRange::new(at + 1, LAST_MINUTE))
        }),
        ("<", |at| {
            at.checked_sub(1).map(|before| TimeRange::new(0, before))
        }),
    ];
    for (operator, range) in operators {
        if let Some(rest) = token.strip_prefix(operator) {
            return range(point(rest.trim())?.minute);
        }
    }
    if let Some((from, to)) = token.split_once(['-', '–', '—']) {
        let from = time_like(from.trim())?;
        // `17:00-`: from then on.
        if to.trim().is_empty() {
            return Some(TimeRange::new(from.minute, LAST_MINUTE));
        }
        let to = end_like(to.trim())?;
        return (from.minute <= to.minute).then(|| TimeRange::new(from.minute, to.minute));
    }
    let at = time_like(token)?;
    Some(if at.hour_only {
        TimeRange::new(at.minute, at.minute + 59)
    } else {
        TimeRange::new(at.minute, at.minute)
    })
}

/// A point that is a time without an operator before it: a bare number
/// only from 7 to 22.
fn time_like(text: &str) -> Option<Point> {
    let at = point(text)?;
    let bare = text.bytes().all(|byte| byte.is_ascii_digit());
    (!bare || (7 * 60..=22 * 60).contains(&at.minute)).then_some(at)
}

/// The end of a range: a time, or the day's end written `24:00` or `24`.
fn end_like(text: &str) -> Option<Point> {
    match text {
        "24" | "24:00" => Some(Point {
            minute: LAST_MINUTE,
            hour_only: false,
        }),
        _ => time_like(text),
    }
}

/// `17`, `17:30`, `17:` and `17:3` (half typed: the hour), `5pm`, `5:30pm`.
fn point(text: &str) -> Option<Point> {
    let lower = text.to_ascii_lowercase();
    let (clock, half) = match lower.strip_suffix("am") {
        Some(clock) => (clock, Some(0)),
        None => match lower.strip_suffix("pm") {
            Some(clock) => (clock, Some(12)),
            None => (lower.as_str(), None),
        },
    };
    let (hour, minute) = match clock.split_once(':') {
        Some((hour, minute)) => (hour, Some(minute)),
        None => (clock, None),
    };
    let hour = digits(hour, 2)?;
    let hour = match half {
        Some(offset) if (1..=12).contains(&hour) => hour % 12 + offset,
        Some(_) => return None,
        None => hour,
    };
    if hour > 23 {
        return None;
    }
    let minute = match minute {
        Some(minute) if minute.len() == 2 => Some(digits(minute, 2).filter(|m| *m < 60)?),
        Some(minute) if minute.len() < 2 && (minute.is_empty() || digits(minute, 1).is_some()) => {
            None
        }
        Some(_) => return None,
        None => None,
    };
    Some(Point {
        minute: hour * 60 + minute.unwrap_or(0),
        hour_only: minute.is_none(),
    })
}

/// The number of one to `most` ASCII digits.
fn digits(text: &str, most: usize) -> Option<u16> {
    let all_digits =
        !text.is_empty() && text.len() <= most && text.bytes().all(|b| b.is_ascii_digit());
    all_digits.then(|| text.parse().ok()).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(from: &str, to: &str) -> Option<TimeRange> {
        let minute = |clock: &str| {
            let (hour, minute) = clock.split_once(':').unwrap();
            hour.parse::<u16>().unwrap() * 60 + minute.parse::<u16>().unwrap()
        };
        Some(TimeRange::new(minute(from), minute(to)))
    }

    #[test]
    fn the_forms_staff_type() {
        let cases = [
            ("17:00", range("17:00", "17:00")),
            ("9:05", range("09:05", "09:05")),
            ("17", range("17:00", "17:59")),
            ("7", range("07:00", "07:59")),
            ("5pm", range("17:00", "17:59")),
            ("5:30PM", range("17:30", "17:30")),
            ("12am", range("00:00", "00:59")),
            ("12pm", range("12:00", "12:59")),
            (">=17", range("17:00", "23:59")),
            ("≥17", range("17:00", "23:59")),
            (">17:30", range("17:31", "23:59")),
            ("<12", range("00:00", "11:59")),
            ("<=12", range("00:00", "12:00")),
            ("<5", range("00:00", "04:59")),
            ("17-20", range("17:00", "20:00")),
            ("17:00–20:00", range("17:00", "20:00")),
            ("8am-1pm", range("08:00", "13:00")),
            ("17:", range("17:00", "17:59")),
            ("17:3", range("17:00", "17:59")),
            ("17:00-", range("17:00", "23:59")),
            ("17-", range("17:00", "23:59")),
            ("17:00-24:00", range("17:00", "23:59")),
            ("17-24", range("17:00", "23:59")),
            ("5pm-9pm", range("17:00", "21:00")),
        ];
        for (typed, expected) in cases {
            assert_eq!(read(typed), expected, "{typed}");
        }
    }

    #[test]
    fn other_numbers_are_text() {
        for typed in [
            "2024", "5", "23", "0", "1-2", "20-17", "17:60", "25:00", "13pm", "0pm", ">", "<0",
            ">23:59", "17:300", "1:2:3", "abc", "", "-", "ab:cd", "24", "24:00", "24-", "-17",
            "17-25",
        ] {
            assert_eq!(read(typed), None, "{typed}");
        }
    }
}

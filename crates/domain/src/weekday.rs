//! Weekdays: the days a group meets (reading them from the API's codes
//! and names is the model's, `model::weekday`; naming them for people is
//! `present::weekday`).

use chrono::Weekday;

use crmdeck_model::weekday::WEEK;
use crmdeck_model::{DaysCode, ExactDays};

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

#[cfg(test)]
mod tests {
    use super::*;
    use Weekday::{Fri, Mon, Sat, Sun, Thu, Tue, Wed};
    use crmdeck_model::weekday::{ENGLISH, RUSSIAN, UZBEK, parse_day_name};

    use crate::test_groups::exact;

    #[test]
    fn every_shown_name_parses_back() {
        for table in [ENGLISH, RUSSIAN, UZBEK] {
            for (day, (short, long, compact)) in WEEK.into_iter().zip(table) {
                for name in [short, long, compact] {
                    assert_eq!(parse_day_name(name), Some(day), "{name}");
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
}

//! Weekdays: the days a group meets (reading them from the API's codes
//! and names is the model's, `model::weekday`; naming them for people is
//! `present::weekday`).

use chrono::Weekday;
use std::borrow::Borrow;

use crmdeck_model::weekday::WEEK;
use crmdeck_model::{DaysCode, ExactDays};

/// A set of weekdays, one bit each (Monday the lowest): the days a group
/// meets as the history keeps them and as a query names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Days(u8);

impl Days {
    /// The API's codes 1 to 4.
    pub const MON_WED_FRI: Self = Self(0b0010101);
    pub const TUE_THU_SAT: Self = Self(0b0101010);
    pub const WEEKEND: Self = Self(0b1100000);
    pub const EVERY_DAY: Self = Self(0b1111111);

    pub fn of(days: impl IntoIterator<Item = impl Borrow<Weekday>>) -> Self {
        Self(
            days.into_iter()
                .fold(0, |set, day| set | bit(*day.borrow())),
        )
    }

    /// The days from their bits; None for a bit past Sunday.
    pub fn from_bits(bits: u8) -> Option<Self> {
        (bits < 1 << 7).then_some(Self(bits))
    }

    pub fn bits(self) -> u8 {
        self.0
    }

    pub fn has(self, day: Weekday) -> bool {
        self.0 & bit(day) != 0
    }

    /// Monday to Sunday.
    pub fn iter(self) -> impl Iterator<Item = Weekday> {
        WEEK.into_iter().filter(move |day| self.has(*day))
    }
}

fn bit(day: Weekday) -> u8 {
    1 << day.num_days_from_monday()
}

/// The days a group meets, Monday to Sunday, each once. Code 5 takes the
/// recognised `exact.days`; an unknown code meets on no known day.
/// The weekdays as the command line completes them (`:today fri`,
/// `:changes since fri`), from Monday.
pub const DAY_WORDS: [&str; 7] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

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

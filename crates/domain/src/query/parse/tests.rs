use super::super::{Days, Part, Query, Status, Term, TimeRange};
use chrono::Weekday::{Fri, Mon, Sat, Thu, Tue, Wed};
use proptest::prelude::*;

fn parse(text: &str) -> Vec<Term> {
    Query::parse(text).terms
}

fn text(word: &str) -> Term {
    Term::Text(word.to_string())
}

#[test]
fn the_front_desk_question_reads_as_its_fields() {
    assert_eq!(
        parse("ielts tue evening branch:chil"),
        vec![
            text("ielts"),
            Term::Day(Tue),
            Term::Part(Part::Evening),
            Term::Branch("chil".into()),
        ]
    );
}

#[test]
fn weekdays_in_every_language_and_their_abbreviations() {
    let cases = [
        ("tue", Tue),
        ("Tuesday", Tue),
        ("вт", Tue),
        ("ВТ", Tue),
        ("вторник", Tue),
        ("sesh", Tue),
        ("seshanba", Tue),
        ("сешанба", Tue),
        ("thurs", Thu),
        ("чет", Thu),
        ("четверг", Thu),
        ("pays", Thu),
        ("chor", Wed),
        ("ср", Wed),
        ("juma", Fri),
        ("жума", Fri),
        ("shanba", Sat),
        ("пн", Mon),
        ("dushanba", Mon),
    ];
    for (word, day) in cases {
        assert_eq!(parse(word), vec![Term::Day(day)], "{word}");
    }
    // Too short or too common to be a day: text.
    for word in [
        "du", "se", "ju", "vt", "pt", "mo", "th", "che", "chem", "sun5",
    ] {
        assert_eq!(parse(word), vec![text(word)], "{word}");
    }
}

#[test]
fn parts_of_the_day_and_their_phrases() {
    let cases = [
        ("morning", Part::Morning),
        ("утром", Part::Morning),
        ("ertalab", Part::Morning),
        ("днём", Part::Afternoon),
        ("tushdan keyin", Part::Afternoon),
        ("тушдан кейин", Part::Afternoon),
        ("вечером", Part::Evening),
        ("kechqurun", Part::Evening),
        ("кечқурун", Part::Evening),
    ];
    for (words, part) in cases {
        assert_eq!(parse(words), vec![Term::Part(part)], "{words}");
    }
}

#[test]
fn sets_of_days_by_name_code_and_list() {
    let cases = [
        ("toq kunlar", Days::MON_WED_FRI),
        ("тоқ кунлар", Days::MON_WED_FRI),
        ("juft kunlar", Days::TUE_THU_SAT),
        ("har kuni", Days::EVERY_DAY),
        ("каждый день", Days::EVERY_DAY),
        ("dam olish kunlari", Days::WEEKEND),
        ("выходные", Days::WEEKEND),
        ("days:1", Days::MON_WED_FRI),
        ("days:4", Days::EVERY_DAY),
        ("days:odd", Days::MON_WED_FRI),
        ("days:mon,wed", Days::of([Mon, Wed])),
        ("DAYS:пн,ср,пт", Days::MON_WED_FRI),
        ("days:du,chor,ju", Days::MON_WED_FRI),
    ];
    for (words, set) in cases {
        assert_eq!(parse(words), vec![Term::Days(set)], "{words}");
    }
    assert_eq!(parse("days:9"), vec![text("days:9")]);
    assert_eq!(parse("days:"), vec![text("days:")]);
}

#[test]
fn times_ranges_and_operators_apart_from_their_numbers() {
    let range = |from, to| Term::Start(TimeRange::new(from, to));
    assert_eq!(parse(">= 17"), vec![range(1020, 1439)]);
    assert_eq!(parse("17 - 20"), vec![range(1020, 1200)]);
    assert_eq!(parse("17 – 20:30"), vec![range(1020, 1230)]);
    assert_eq!(
        parse("ielts - 17"),
        vec![text("ielts"), text("-"), range(1020, 1079)]
    );
    assert_eq!(parse("2024 5"), vec![text("2024"), text("5")]);
}

#[test]
fn fields_by_name_their_values_and_quotes() {
    assert_eq!(
        parse(r#"branch:"Mirzo Ulugbek" course:IELTS status:archived"#),
        vec![
            Term::Branch("Mirzo Ulugbek".into()),
            Term::Course("IELTS".into()),
            Term::Status(Status::Archived),
        ]
    );
    assert_eq!(
        parse("филиал:Чил статус:архив"),
        vec![Term::Branch("Чил".into()), Term::Status(Status::Archived)]
    );
    assert_eq!(parse("branch:"), vec![Term::Branch(String::new())]);
    assert_eq!(parse("status:maybe"), vec![text("status:maybe")]);
    assert_eq!(parse("http://x"), vec![text("http://x")]);
    // Quoted: text, whatever it looks like.
    assert_eq!(
        parse(r#""tue" "17" "branch:x""#),
        vec![text("tue"), text("17"), text("branch:x")]
    );
    assert_eq!(parse(r#""a \"b\" c"#), vec![text(r#"a "b" c"#)]);
}

#[test]
fn printed_in_english_and_parsed_again_the_same() {
    let cases = [
        ("вт вечером ielts", "tue evening ielts"),
        ("toq kunlar 17-20", "days:mon,wed,fri 17:00-20:00"),
        ("17 >=17:30 <12 5pm 9:05", "17 >=17:30 <=11:59 17 09:05"),
        (
            r#"филиал:"Mirzo Ulugbek" "tue""#,
            r#"branch:"Mirzo Ulugbek" "tue""#,
        ),
        (r#""dam" "-" ">""#, r#""dam" "-" ">""#),
    ];
    for (typed, printed) in cases {
        let query = Query::parse(typed);
        assert_eq!(query.to_string(), printed, "{typed}");
        assert_eq!(Query::parse(printed), query, "{printed}");
    }
}

/// Words the parser gives meaning to, to make the generated queries hit
/// its paths and not only text.
fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "tue", "вт", "sesh", "evening", "tushdan", "keyin", "har", "kuni", "dam", "olish",
            "kunlari", "17", "17:30", ">=", ">", "<", "-", "–", "20", "5pm", "branch:", "course:",
            "status:", "days:", "archived", "mon,wed", "\"", "\\", ":", "ielts", "1-2",
        ])
        .prop_map(str::to_string),
        "\\PC{0,6}",
        any::<String>(),
    ]
}

#[test]
fn times_said_in_words_read_as_times() {
    let from_five = TimeRange::new(17 * 60, 23 * 60 + 59);
    for typed in [
        "tue from 17:00",
        "tue after 17:00",
        "tue 17:00-",
        "tue 17:00-24:00",
        "tue после 17:00",
        "tue с 17",
        "tue 17:00 dan keyin",
        "tue 17:00dan keyin",
        "tue 17:00dan",
        "tue 17:00 дан кейин",
        "tue >= 17:00",
    ] {
        assert_eq!(
            parse(typed),
            vec![Term::Day(Tue), Term::Start(from_five)],
            "{typed}"
        );
    }
    assert_eq!(
        parse("tue 5pm-9pm"),
        vec![
            Term::Day(Tue),
            Term::Start(TimeRange::new(17 * 60, 21 * 60))
        ]
    );
    assert_eq!(
        parse("before 12"),
        vec![Term::Start(TimeRange::new(0, 11 * 60 + 59))]
    );
    assert_eq!(
        parse("17 gacha"),
        vec![Term::Start(TimeRange::new(0, 17 * 60))]
    );
    // A side word with no time beside it stays a word to find.
    assert_eq!(parse("after school"), vec![text("after"), text("school")]);
    assert_eq!(parse("с 2024"), vec![text("с"), text("2024")]);
    assert_eq!(parse("keyin"), vec![text("keyin")]);
}

proptest! {
    #[test]
    fn the_parser_never_panics(text in any::<String>()) {
        let _ = Query::parse(&text);
    }

    #[test]
    fn a_query_printed_and_parsed_again_means_the_same(
        words in prop::collection::vec(word(), 0..8),
        glue in prop::collection::vec(prop::sample::select(vec!["", " ", "  ", "\t"]), 8),
    ) {
        let typed: String = words.iter().zip(&glue).map(|(word, glue)| format!("{word}{glue}")).collect();
        let query = Query::parse(&typed);
        let printed = query.to_string();
        prop_assert_eq!(Query::parse(&printed), query, "typed {:?} printed {:?}", typed, printed);
    }
}

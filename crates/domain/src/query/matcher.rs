//! A query made ready to test many rows: its text words folded with a
//! searcher built once (a `str::contains` per row builds one per call, 80%
//! of a keystroke's time over 100,000 rows), the branches a word names
//! found once, and a row's fields ([`Facts`]) read once when it arrives.

use super::{Days, Query, Status, Term, TimeRange};
use crate::clock::minute_in;
use crate::digest::{Digest, Status as DigestStatus};
use crate::script::fold;
use crate::sound::{is_heard, sound};
use crate::weekday::weekdays;
use crate::zone::Zone;
use crmdeck_model::{Group, GroupStatus};
use memchr::memmem::Finder;
use std::collections::HashMap;
use std::sync::Arc;

/// What a query's fields look at in a group, read once: 24 bytes held in
/// each of the dashboard's rows (its branch is the row's own, see
/// [`Matcher::matches`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Facts {
    /// The course's name as the query looks at it, one copy per name.
    pub course: Option<Arc<CourseWords>>,
    /// The lesson's start in the centre's zone, in minutes of the day.
    pub start: Option<u16>,
    pub days: Days,
    pub status: Option<Status>,
}

impl Facts {
    /// The facts of `group`, its start in `zone`, its course's name the
    /// one copy in `courses`.
    pub fn of(group: &Group, zone: &Zone, courses: &mut CourseWordsByName) -> Self {
        let start = group.lesson_start_time.as_ref();
        Self {
            course: (group.course.as_ref()).map(|course| courses.of(&course.name)),
            start: start.and_then(|time| minute_in(time, zone)),
            days: Days::of(weekdays(&group.days, &group.exact_days)),
            status: match group.status {
                GroupStatus::Active => Some(Status::Active),
                GroupStatus::Archive => Some(Status::Archived),
                GroupStatus::Other(_) => None,
            },
        }
    }

    /// The facts of a group as the history keeps it (a gone group's, say).
    pub fn of_digest(digest: &Digest) -> Self {
        Self {
            course: (digest.course.as_deref()).map(|course| Arc::new(CourseWords::new(course))),
            start: digest.start,
            days: digest.days,
            status: match digest.status {
                DigestStatus::Active => Some(Status::Active),
                DigestStatus::Archive => Some(Status::Archived),
                DigestStatus::Other => None,
            },
        }
    }
}

/// A course's name as the query looks at it: folded ([`fold`]), and how
/// that sounds ([`sound`]: `питон` finds Python).
#[derive(Debug, PartialEq, Eq)]
pub struct CourseWords {
    pub folded: Box<str>,
    pub sound: Box<str>,
}

impl CourseWords {
    pub fn new(name: &str) -> Self {
        let folded = fold(name);
        Self {
            sound: sound(&folded).into(),
            folded: folded.into(),
        }
    }
}

/// One [`CourseWords`] for each course's name, shared by the rows of its
/// groups (a centre has tens of courses for thousands of groups).
#[derive(Debug, Clone, Default)]
pub struct CourseWordsByName(HashMap<Arc<str>, Arc<CourseWords>>);

impl CourseWordsByName {
    /// The words of the course named `name`.
    pub fn of(&mut self, name: &str) -> Arc<CourseWords> {
        if let Some(words) = self.0.get(name) {
            return words.clone();
        }
        let words = Arc::new(CourseWords::new(name));
        self.0.insert(name.into(), words.clone());
        words
    }
}

/// A [`Query`] compiled for matching.
#[derive(Debug, Clone)]
pub struct Matcher {
    conditions: Vec<Condition>,
}

/// One term's test, and its words looked for as text: a text term's own,
/// a field's as printed (`tue`) in a row without [`Facts`] (a plugin).
#[derive(Debug, Clone)]
struct Condition {
    test: Test,
    words: WordSearch,
}

#[derive(Debug, Clone)]
enum Test {
    /// The words found in the row, or in its branch's name.
    Text,
    Day(chrono::Weekday),
    Days(Days),
    Start(TimeRange),
    Branch(BranchIds),
    /// Boxed: a searcher is large beside the other tests.
    Course(Box<Heard>),
    Status(Status),
}

/// A word searched in a row's text, and the branches whose name holds it.
#[derive(Debug, Clone)]
struct WordSearch {
    /// Looked for in the row's text by its letters, in its course's name
    /// by its sound too.
    heard: Heard,
    branches: BranchIds,
}

/// Branch ids, sorted: a row's branch looked up by a binary search over
/// the few a word names, not hashed (SipHash) for every row at every keystroke.
#[derive(Debug, Clone, Default)]
struct BranchIds(Box<[i64]>);

impl BranchIds {
    fn new(mut ids: Vec<i64>) -> Self {
        ids.sort_unstable();
        ids.dedup();
        Self(ids.into_boxed_slice())
    }

    fn contains(&self, id: i64) -> bool {
        self.0.binary_search(&id).is_ok()
    }
}

/// A word (folded) looked for in a course's name by its letters, and by
/// its sound when it is long enough ([`is_heard`]): `питон` finds Python,
/// `pit` only what holds `pit`.
#[derive(Debug, Clone)]
struct Heard {
    letters: Finder<'static>,
    sound: Option<Finder<'static>>,
}

impl Heard {
    fn new(word: &str) -> Self {
        Self {
            letters: Finder::new(word).into_owned(),
            sound: is_heard(word).then(|| Finder::new(&sound(word)).into_owned()),
        }
    }

    /// Whether the course `words` hold the word by its letters.
    fn in_letters(&self, words: &CourseWords) -> bool {
        self.letters.find(words.folded.as_bytes()).is_some()
    }

    /// Whether the course `words` sound as if they held the word.
    fn in_sound(&self, words: &CourseWords) -> bool {
        (self.sound.as_ref()).is_some_and(|sound| sound.find(words.sound.as_bytes()).is_some())
    }
}

impl Matcher {
    /// `query` ready to match, branches found by name in `branch_names`.
    pub fn new(query: &Query, branch_names: &HashMap<i64, String>) -> Self {
        let folded: Vec<(i64, String)> = if query.is_empty() {
            Vec::new()
        } else {
            (branch_names.iter())
                .map(|(id, name)| (*id, fold(name)))
                .collect()
        };
        let branches_holding = |word: &str| -> Vec<i64> {
            (folded.iter())
                .filter(|(_, name)| name.contains(word))
                .map(|(id, _)| *id)
                .collect()
        };
        let found = |text: &str| {
            let word = fold(text);
            WordSearch {
                branches: BranchIds::new(branches_holding(&word)),
                heard: Heard::new(&word),
            }
        };
        let conditions = query.terms.iter().map(|term| {
            let test = match term {
                Term::Text(_) => Test::Text,
                Term::Day(day) => Test::Day(*day),
                Term::Days(set) => Test::Days(*set),
                Term::Part(part) => Test::Start(part.range()),
                Term::Start(range) => Test::Start(*range),
                Term::Branch(name) => {
                    let name = fold(name);
                    let mut ids = branches_holding(&name);
                    ids.extend(name.trim().parse::<i64>().ok());
                    Test::Branch(BranchIds::new(ids))
                }
                Term::Course(name) => Test::Course(Box::new(Heard::new(&fold(name)))),
                Term::Status(status) => Test::Status(*status),
            };
            let words = match term {
                Term::Text(text) => found(text),
                _ => found(&term.to_string()),
            };
            Condition { test, words }
        });
        Self {
            conditions: conditions.collect(),
        }
    }

    /// No condition: every row passes.
    pub fn is_empty(&self) -> bool {
        self.conditions.is_empty()
    }

    /// Whether a row meets every condition: `text` its words folded
    /// ([`fold`]), `branch` its group's branch, `facts` its fields
    /// (None: a record with none, whose field words are looked for as text).
    pub fn matches(&self, text: &str, branch: Option<i64>, facts: Option<&Facts>) -> bool {
        (self.conditions.iter()).all(|condition| condition.meets(text, branch, facts))
    }
}

impl Condition {
    /// Whether a row meets this condition ([`Matcher::matches`]).
    fn meets(&self, text: &str, branch: Option<i64>, facts: Option<&Facts>) -> bool {
        let Condition { test, words } = self;
        let found = |found: &WordSearch| {
            branch.is_some_and(|id| found.branches.contains(id))
                || found.heard.letters.find(text.as_bytes()).is_some()
        };
        let course = facts.and_then(|facts| facts.course.as_deref());
        // A word that sounds like the course (`питон`, Python) finds it.
        let heard = |found: &WordSearch| course.is_some_and(|course| found.heard.in_sound(course));
        match (test, facts) {
            (Test::Text, _) | (_, None) => found(words) || heard(words),
            (Test::Day(day), Some(facts)) => facts.days.has(*day),
            (Test::Days(set), Some(facts)) => facts.days == *set,
            (Test::Start(range), Some(facts)) => facts.start.is_some_and(|at| range.holds(at)),
            (Test::Branch(ids), Some(_)) => branch.is_some_and(|id| ids.contains(id)),
            (Test::Course(heard), Some(_)) => {
                course.is_some_and(|course| heard.in_letters(course) || heard.in_sound(course))
            }
            (Test::Status(status), Some(facts)) => facts.status == Some(*status),
        }
    }
}

/// The text words of a query that no row looked at held, as typed: a
/// word that finds nothing (a typo, a time meant but read as a word) is
/// said, not left to an empty list (issue 37 §3).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Unfound {
    /// The index of the word's condition in the [`Matcher`] made of the
    /// same query (one condition per term, in order), and the word.
    words: Vec<(usize, String)>,
}

impl Unfound {
    /// Every text word of `query`, none found yet.
    pub fn new(query: &Query) -> Self {
        let words = query.terms.iter().enumerate();
        let words = words.filter_map(|(at, term)| match term {
            Term::Text(word) => Some((at, word.clone())),
            _ => None,
        });
        Self {
            words: words.collect(),
        }
    }

    /// Takes out the words a row holds (as [`Matcher::matches`] reads it);
    /// nothing to do once every word was found. `matcher` is made of the
    /// query this was.
    pub fn look(
        &mut self,
        matcher: &Matcher,
        text: &str,
        branch: Option<i64>,
        facts: Option<&Facts>,
    ) {
        self.words.retain(|(at, _)| {
            (matcher.conditions.get(*at))
                .is_none_or(|condition| !condition.meets(text, branch, facts))
        });
    }

    /// Whether every word was found.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// The words no row held, as typed.
    pub fn words(&self) -> impl Iterator<Item = &str> {
        self.words.iter().map(|(_, word)| word.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_groups::group;
    use chrono::{TimeZone, Utc};
    use crmdeck_model::{Course, DaysCode, LessonTime};

    /// An IELTS group at Chilonzor (branch 1) on Tue Thu Sat at 17:30.
    fn ielts() -> Group {
        Group {
            name: "Yunus 3".into(),
            branch_id: Some(1),
            course: Some(Arc::new(Course {
                id: 9,
                name: "IELTS Intensive".into(),
                ..Course::default()
            })),
            ..group(1, DaysCode::TueThuSat, "17:30", "19:00")
        }
    }

    fn names() -> HashMap<i64, String> {
        HashMap::from([(1, "Chilonzor".to_string()), (2, "Юнусобод".to_string())])
    }

    /// Whether the group meets `query`, as its row's text would read.
    fn meets(group: &Group, query: &str) -> bool {
        let matcher = Matcher::new(&Query::parse(query), &names());
        let text = fold(&format!(
            "{} {}",
            group.name,
            group.course.as_ref().unwrap().name
        ));
        matcher.matches(
            &text,
            group.branch_id,
            Some(&Facts::of(
                group,
                &Zone::Local,
                &mut CourseWordsByName::default(),
            )),
        )
    }

    #[test]
    fn each_field_narrows_and_the_words_are_anded() {
        let group = ielts();
        for query in [
            "",
            "ielts tue evening",
            "вт вечером",
            "sesh 17",
            "17:30",
            ">=17",
            "17-18",
            "juft kunlar",
            "days:tue,thu,sat",
            "branch:chil",
            "branch:1",
            "филиал:Чил",
            "course:ielts",
            "course:интенсив",
            "status:active",
            "chilonzor",
            "yunus",
        ] {
            assert!(meets(&group, query), "{query} should find it");
        }
        for query in [
            "ielts mon",
            "morning",
            "afternoon",
            "17:00",
            "<17:30",
            "18-20",
            "toq kunlar",
            "days:tue,thu",
            "branch:юнус",
            "branch:2",
            "course:yunus",
            "status:archived",
            "ielts french",
        ] {
            assert!(!meets(&group, query), "{query} should not find it");
        }
    }

    #[test]
    fn the_start_is_read_in_the_centres_zone() {
        let tashkent = Zone::Named(chrono_tz::Asia::Tashkent);
        let mut group = ielts();
        // 12:00 UTC is 17:00 in Tashkent.
        let at = Utc.with_ymd_and_hms(2024, 12, 23, 12, 0, 0).unwrap();
        group.lesson_start_time = Some(LessonTime::Utc(at));
        let facts = Facts::of(&group, &tashkent, &mut CourseWordsByName::default());
        assert_eq!(facts.start, Some(17 * 60));
        let evening = Matcher::new(&Query::parse("evening"), &names());
        assert!(evening.matches("", None, Some(&facts)));
    }

    /// The courses of `names` (one group each) that `query` finds, as the
    /// dashboard's rows would read them.
    fn courses_found<'a>(query: &str, names: &[&'a str]) -> Vec<&'a str> {
        let matcher = Matcher::new(&Query::parse(query), &HashMap::new());
        let mut courses = CourseWordsByName::default();
        let found = names.iter().filter(|name| {
            let mut group = ielts();
            group.course = Some(Arc::new(Course {
                name: name.to_string(),
                ..Course::default()
            }));
            let facts = Facts::of(&group, &Zone::Local, &mut courses);
            matcher.matches(&fold(name), None, Some(&facts))
        });
        found.copied().collect()
    }

    #[test]
    fn a_course_written_by_ear_in_the_other_script_is_found_both_ways() {
        let centre = [
            "Python Backend",
            "Java",
            "Deutsch A1",
            "CEFR B2",
            "IELTS Intensive",
            "Русский язык",
            "Matematika",
            "Fizika",
            "Kimyo",
            "Biologiya",
            "English Kids",
            "Frontend",
            "SAT Math",
            "Tarix",
            "Ona tili",
        ];
        for (typed, course) in [
            ("питон", "Python Backend"),
            ("пайтон", "Python Backend"),
            ("СЕФР", "CEFR B2"),
            ("дойч", "Deutsch A1"),
            ("course:питон", "Python Backend"),
        ] {
            assert_eq!(courses_found(typed, &centre), [course], "{typed}");
        }
        // And back: the course written in Cyrillic, the word in Latin.
        let cyrillic = ["Питон для детей", "Пайтон", "СЕФР B2", "Дойч", "Математика"];
        assert_eq!(
            courses_found("python", &cyrillic),
            ["Питон для детей", "Пайтон"]
        );
        assert_eq!(courses_found("cefr", &cyrillic), ["СЕФР B2"]);
        assert_eq!(courses_found("deutsch", &cyrillic), ["Дойч"]);
        // Short words by their letters only: no course by its sound.
        for (typed, found) in [("pit", 0), ("ja", 1), ("sef", 0), ("doi", 0), ("ti", 2)] {
            assert_eq!(courses_found(typed, &centre).len(), found, "{typed}");
        }
    }

    #[test]
    fn the_words_no_row_holds_are_named() {
        let query = Query::parse("ielts pyhton tue xyzzy");
        let matcher = Matcher::new(&query, &names());
        let mut unfound = Unfound::new(&query);
        assert_eq!(
            unfound.words().collect::<Vec<_>>(),
            ["ielts", "pyhton", "xyzzy"]
        );
        let mut courses = CourseWordsByName::default();
        for group in [
            ielts(),
            Group {
                name: "xyzzy 1".into(),
                ..ielts()
            },
        ] {
            let text = fold(&format!(
                "{} {}",
                group.name,
                group.course.as_ref().unwrap().name
            ));
            let facts = Facts::of(&group, &Zone::Local, &mut courses);
            unfound.look(&matcher, &text, group.branch_id, Some(&facts));
        }
        assert_eq!(
            unfound.words().collect::<Vec<_>>(),
            ["pyhton"],
            "tue is a field"
        );
        assert!(!unfound.is_empty());
    }

    #[test]
    fn without_facts_a_field_word_is_looked_for_as_text() {
        let matcher = Matcher::new(&Query::parse("вт"), &names());
        assert!(matcher.matches("open on tue", None, None));
        assert!(!matcher.matches("payments", None, None));
    }
}

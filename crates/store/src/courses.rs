//! One copy of each course for all the groups that name it.
//!
//! Every group of an answer carries its whole course (about 500 bytes with
//! its texts), and a centre has tens of courses for thousands of groups:
//! held once per course, 10,000 groups take about 5 MB less.

use crmdeck_model::{Course, Group};
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::sync::Arc;

/// The latest copy of each course seen, by id.
#[derive(Debug, Clone, Default)]
pub struct Courses(HashMap<i64, Arc<Course>>);

impl Courses {
    /// Points `group` at the copy held of its course when that copy is
    /// equal to the group's (the group is copied only if it is shared);
    /// a course not seen before, or changed since, becomes the copy held.
    pub fn share(&mut self, group: &mut Arc<Group>) {
        let Some(course) = &group.course else {
            return;
        };
        match self.0.entry(course.id) {
            Entry::Occupied(held) if Arc::ptr_eq(held.get(), course) => {}
            Entry::Occupied(held) if held.get() == course => {
                Arc::make_mut(group).course = Some(Arc::clone(held.get()));
            }
            Entry::Occupied(mut held) => {
                held.insert(Arc::clone(course));
            }
            Entry::Vacant(slot) => {
                slot.insert(Arc::clone(course));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn group(id: i64, course: &Course) -> Arc<Group> {
        Arc::new(Group {
            id,
            course: Some(Arc::new(course.clone())),
            ..Group::default()
        })
    }

    fn course(name: &str) -> Course {
        Course {
            id: 7,
            name: name.into(),
            ..Course::default()
        }
    }

    #[test]
    fn equal_courses_are_held_once_and_a_changed_one_is_not_merged() {
        let mut courses = Courses::default();
        let (mut first, mut second) = (group(1, &course("IELTS")), group(2, &course("IELTS")));
        courses.share(&mut first);
        courses.share(&mut second);
        let shared = |a: &Arc<Group>, b: &Arc<Group>| {
            Arc::ptr_eq(a.course.as_ref().unwrap(), b.course.as_ref().unwrap())
        };
        assert!(shared(&first, &second));

        let mut renamed = group(3, &course("IELTS 7+"));
        courses.share(&mut renamed);
        assert!(!shared(&first, &renamed));
        assert_eq!(renamed.course.as_ref().unwrap().name, "IELTS 7+");
        // The changed course is the copy held from now on.
        let mut later = group(4, &course("IELTS 7+"));
        courses.share(&mut later);
        assert!(shared(&renamed, &later));

        let mut none = Arc::new(Group::default());
        courses.share(&mut none);
        assert!(none.course.is_none());
    }
}

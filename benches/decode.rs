//! Decoding a `GET /v2/groups` page of 20, 100 and 1000 groups, and, as
//! the yardstick of the same run, `serde_json` parsing the same bytes into
//! a `serde_json::Value` (issue 23: the budget is the ratio of the two,
//! checked by `scripts/bench.sh`). The bodies are synthesised in setup in
//! the shape the demo server sends on the wire; nothing here touches a
//! network.

use divan::counter::BytesCount;
use divan::{Bencher, black_box};
use serde_json::{Value, json};

fn main() {
    divan::main();
}

/// (group name, course name, course price, lesson duration in minutes).
const SUBJECTS: [(&str, &str, i64, i64); 4] = [
    ("Frontend React", "Frontend (React)", 1_200_000, 120),
    ("IELTS 6.5", "IELTS Intensive", 900_000, 90),
    ("Русский язык", "Russian language", 350_000, 90),
    ("日本語 N5", "Japanese (JLPT)", 600_000, 60),
];

/// Group `index` of a page, as the demo server writes it: times as UTC
/// timestamps with microseconds, flags as 0/1, a lesson duration as a string.
fn wire_group(index: usize) -> Value {
    let (subject, course_name, price, minutes) = SUBJECTS[index % SUBJECTS.len()];
    let hour = 8 + index * 3 % 11;
    let course_id = 100 + (index % SUBJECTS.len()) as i64;
    json!({
        "id": 1000 + index,
        "company_group_number": index + 1,
        "name": format!("{subject} — {hour:02}:00"),
        "days": 1 + index % 3,
        "exact_days": [],
        "lesson_start_time": format!("2024-12-23T{:02}:00:00.000000Z", hour - 5),
        "lesson_end_time": format!("2024-12-23T{:02}:00:00.000000Z", hour - 3),
        "status": 1 + index % 2,
        "type": 2,
        "is_corporate": 0,
        "salary_for_corporate": null,
        "write_off": null,
        "last_write_off_date": "2025-08-31",
        "next_write_off_date": "2025-09-30",
        "course_id": course_id,
        "branch_id": 1 + index % 4,
        "selection_start_date": null,
        "selection_end_date": null,
        "group_start_date": format!("2025-01-{:02}", 1 + index % 28),
        "group_end_date": format!("2025-09-{:02}", 1 + index % 28),
        "created_at": "2024-12-23T10:26:57.000000Z",
        "updated_at": "2024-12-30T12:18:01.000000Z",
        "created_by": 1043,
        "updated_by": 1077,
        "deleted_at": null,
        "deleted_by": null,
        "comment": format!("Dars xonasi {}", 100 + index % 300),
        "course": wire_course(course_id, course_name, price, minutes),
    })
}

/// The course embedded in a group, as the demo server writes it.
fn wire_course(course_id: i64, course_name: &str, price: i64, minutes: i64) -> Value {
    json!({
        "id": course_id,
        "name": course_name,
        "image": format!("https://cdn.demo-crm.uz/courses/{course_id}.jpg"),
        "description": format!("{course_name}: lessons, homework and a final project."),
        "lesson_duration": minutes.to_string(),
        "course_duration": 8,
        "is_enabled": 1,
        "parent_id": null,
        "price": price,
        "company_id": 37,
        "type": 1,
        "lessons_per_module": 12,
        "created_at": "2022-09-18T07:11:26.000000Z",
        "updated_at": "2022-10-09T02:22:49.000000Z",
        "created_by": 1101,
        "updated_by": 1101,
        "deleted_at": null,
        "deleted_by": null,
        "short_name": null

    })
}

/// The body of page 1 holding `count` groups, envelope and pagination included.
fn page_body(count: usize) -> Vec<u8> {
    let body = json!({
        "status": 200,
        "success": true,
        "data": (0..count).map(wire_group).collect::<Vec<_>>(),
        "pagination": {
            "count": count,
            "total": count * 3,
            "perPage": count,
            "currentPage": 1,
            "totalPages": 3,
            "links": { "next": format!("http://127.0.0.1:8799/v2/groups?per_page={count}&page=2") }
        }
    });
    serde_json::to_vec(&body).expect("a JSON value serialises")
}

#[divan::bench(args = [20, 100, 1000])]
fn groups_page(bencher: Bencher, count: usize) {
    let body = page_body(count);
    let decoded = crmdeck::api::decode::groups(&body).expect("the synthesised page decodes");
    assert_eq!(decoded.data.len(), count);
    bencher
        .counter(BytesCount::of_slice(&body))
        .bench(|| crmdeck::api::decode::groups(black_box(&body)));
}

/// The yardstick: the same page parsed into a `serde_json::Value` by the
/// same JSON library, a reading of every byte without our types (every
/// string and map allocated), against which `groups_page` is held by
/// `scripts/bench.sh` (its ratio, in rounds).
#[divan::bench(args = [20, 100, 1000])]
fn value_page(bencher: Bencher, count: usize) {
    let body = page_body(count);
    let parsed: Value = serde_json::from_slice(&body).expect("the synthesised page parses");
    assert_eq!(parsed["data"].as_array().map(Vec::len), Some(count));
    bencher
        .counter(BytesCount::of_slice(&body))
        .bench(|| serde_json::from_slice::<Value>(black_box(&body)));
}

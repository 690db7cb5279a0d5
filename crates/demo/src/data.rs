//! The demo's seeded data: a plugin catalogue, four branches in Tashkent,
//! fifteen courses and 240 groups (or as many as asked). Generated from a
//! fixed seed, so every run (and every server instance) serves the same
//! records, and a larger centre begins with the same 240 groups; field
//! names, order and JSON types follow SPEC.md.

use chrono::{Months, NaiveDate, NaiveDateTime, NaiveTime, TimeDelta};
use serde::Serialize;

use super::rng::SplitMix64;
use super::wire::{date, timestamp};
// The API's own English names, as the model reads them back: the demo
// sends what the live service sends, not crmdeck's words for people.
use crmdeck_model::weekday::{ENGLISH, day_from_number};

/// The seed of all demo data.
pub(crate) const SEED: u64 = 0x0C4D_DEC4_2024_0610;
/// The user the demo token stands for; installations belong to it.
pub(crate) const DEMO_USER_ID: i64 = 1042;
const COMPANY_ID: i64 = 37;
/// Staff accounts that appear in `created_by` / `updated_by`.
const STAFF_IDS: [i64; 4] = [DEMO_USER_ID, 1043, 1077, 1101];
/// The groups of the demo centre unless asked for another number.
pub const DEFAULT_GROUPS: usize = 240;
/// Tashkent is UTC+5 all year (no daylight saving).
pub(crate) const TASHKENT_UTC_OFFSET: TimeDelta = TimeDelta::hours(5);
pub(crate) const FIRST_LESSON_MINUTE: i64 = 8 * 60;
pub(crate) const LAST_LESSON_END_MINUTE: i64 = 20 * 60;

/// Terminal attacks planted in the data when `DemoOptions::hostile_text` is
/// set: clear screen, an OSC 52 clipboard write, an OSC 0 title change, BEL,
/// carriage return, backspace, RIGHT-TO-LEFT OVERRIDE and a zero width space
/// (which would let a name pass for another).
pub const HOSTILE_FRAGMENTS: [&str; 8] = [
    "\x1b[2J",
    "\x1b]52;c;cHduZWQ=\x07",
    "\x1b]0;pwned\x07",
    "\x07",
    "\r",
    "\x08",
    "\u{202E}",
    "\u{200B}",
];

#[derive(Debug, Clone, Serialize)]
pub(crate) struct Branch {
    pub(crate) id: i64,
    pub(crate) name: &'static str,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct Course {
    pub(crate) id: i64,
    pub(crate) name: &'static str,
    pub(crate) image: String,
    pub(crate) description: &'static str,
    /// Numeric text, as the live service sends it.
    pub(crate) lesson_duration: String,
    pub(crate) course_duration: i64,
    pub(crate) is_enabled: i64,
    pub(crate) parent_id: Option<i64>,
    pub(crate) price: i64,
    pub(crate) company_id: i64,
    #[serde(rename = "type")]
    pub(crate) course_type: i64,
    pub(crate) lessons_per_module: i64,
    pub(crate) created_at: String,
    pub(crate) updated_at: String,
    pub(crate) created_by: i64,
    pub(crate) updated_by: i64,
    pub(crate) deleted_at: Option<String>,
    pub(crate) deleted_by: Option<i64>,
    pub(crate) short_name: Option<&'static str>,
}

/// `exact_days`: day numbers (1 = Monday) for some groups, English names for others.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub(crate) enum ExactDays {
    Numbers(Vec<u32>),
    Names(Vec<&'static str>),
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct Group {
    pub(crate) id: i64,
    pub(crate) company_group_number: i64,
    pub(crate) name: String,
    pub(crate) days: u8,
    pub(crate) exact_days: ExactDays,
    pub(crate) lesson_start_time: String,
    pub(crate) lesson_end_time: String,
    pub(crate) status: i64,
    #[serde(rename = "type")]
    pub(crate) group_type: i64,
    pub(crate) is_corporate: i64,
    pub(crate) salary_for_corporate: Option<i64>,
    pub(crate) write_off: Option<i64>,
    pub(crate) last_write_off_date: String,
    pub(crate) next_write_off_date: String,
    pub(crate) course_id: i64,
    pub(crate) branch_id: i64,
    pub(crate) selection_start_date: Option<String>,
    pub(crate) selection_end_date: Option<String>,
    pub(crate) group_start_date: String,
    pub(crate) group_end_date: String,
    pub(crate) created_at: String,
    pub(crate) updated_at: String,
    pub(crate) created_by: i64,
    pub(crate) updated_by: i64,
    pub(crate) deleted_at: Option<String>,
    pub(crate) deleted_by: Option<i64>,
    pub(crate) comment: String,
    pub(crate) course: Course,
}

/// How the `user` of a plugin that is not installed is written: Laravel
/// sends `[]` for most and `null` for some, depending on the code path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NotInstalled {
    EmptyList,
    Null,
}

/// A plugin of the catalogue, without its per-user `user` field.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Plugin {
    pub(crate) id: i64,
    pub(crate) name: String,
    #[serde(rename = "type")]
    pub(crate) plugin_type: &'static str,
    pub(crate) description: &'static str,
    pub(crate) logo: String,
    pub(crate) background_image: String,
    pub(crate) url: &'static str,
    /// A JSON-encoded array, delivered as a string.
    pub(crate) abilities: String,
    pub(crate) created_at: String,
    pub(crate) updated_at: String,
    #[serde(skip)]
    pub(crate) not_installed: NotInstalled,
}

/// The installation of a plugin for the demo user (the `user` object).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Installation {
    pub(crate) id: i64,
    pub(crate) plugin_id: i64,
    pub(crate) user_id: i64,
    /// `<id>|<40 alphanumerics>`.
    pub(crate) token: String,
    pub(crate) created_at: String,
    pub(crate) updated_at: String,
}

/// Everything the demo serves, generated once per server.
#[derive(Debug, Clone)]
pub(crate) struct Seed {
    pub(crate) branches: Vec<Branch>,
    pub(crate) plugins: Vec<Plugin>,
    /// Installations that exist when the server starts.
    pub(crate) installations: Vec<Installation>,
    /// The courses, for groups made later (`changes`).
    pub(crate) courses: Vec<Course>,
    /// Ordered by id.
    pub(crate) groups: Vec<Group>,
}

impl Seed {
    /// The demo data with `group_count` groups over the four branches; with
    /// `hostile_text`, some texts carry [`HOSTILE_FRAGMENTS`].
    pub(crate) fn generate(hostile_text: bool, group_count: usize) -> Self {
        let mut rng = SplitMix64::new(SEED);
        let branches = branches();
        let mut plugins = plugins(&mut rng);
        let installations = installations(&mut rng);
        let courses = courses(&mut rng);
        let mut groups = groups(&mut rng, &branches, &courses, group_count);
        if hostile_text {
            plant_hostile_text(&mut plugins, &mut groups);
        }
        Self {
            branches,
            plugins,
            installations,
            courses,
            groups,
        }
    }
}

/// A fresh installation token: `<installation id>|<40 alphanumerics>`.
pub(crate) fn installation_token(rng: &mut SplitMix64, installation_id: i64) -> String {
    format!("{installation_id}|{}", rng.alphanumeric(40))
}

/// A seed for the generator of tokens minted at run time (install).
pub(crate) fn runtime_seed() -> u64 {
    SEED.rotate_left(17) ^ 0x01A5_7A11
}

/// The demo centre: the company of every record.
pub(crate) const COMPANY_NAME: &str = "Ziyo Learning Centre";
/// Its zone, as `GET /v2/token/me` names it (the offset of every time above).
const COMPANY_TIMEZONE: &str = "Asia/Tashkent";

/// The `data` of `GET /v2/token/me`: the demo user and the centre it works for.
#[derive(Debug, Serialize)]
pub(crate) struct Me<'a> {
    id: i64,
    name: &'static str,
    phone: &'static str,
    company_id: i64,
    company: MeCompany<'a>,
}

#[derive(Debug, Serialize)]
struct MeCompany<'a> {
    id: i64,
    name: &'a str,
    timezone: &'static str,
}

/// `centre`: the centre's name (each demo centre of `--demo` its own).
pub(crate) fn me(centre: &str) -> Me<'_> {
    Me {
        id: DEMO_USER_ID,
        name: "Demo Operator",
        phone: "998901234567",
        company_id: COMPANY_ID,
        company: MeCompany {
            id: COMPANY_ID,
            name: centre,
            timezone: COMPANY_TIMEZONE,
        },
    }
}

fn branches() -> Vec<Branch> {
    ["Chilonzor", "Yunusobod", "Mirzo Ulug'bek", "Sergeli"]
        .into_iter()
        .zip(1..)
        .map(|(name, id)| Branch { id, name })
        .collect()
}

/// `SMS gateway (Eskiz)` -> `sms-gateway-eskiz`, for URLs.
fn slug(name: &str) -> String {
    let lower = name.to_ascii_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|word| !word.is_empty())
        .collect();
    words.join("-")
}

/// A moment between `from` and `from + days`, at an office hour in Tashkent
/// (written in UTC).
fn office_moment(rng: &mut SplitMix64, from: NaiveDate, days: i64) -> NaiveDateTime {
    let day = from + TimeDelta::days(rng.between(0, days));
    let seconds_into_day = rng.between(9 * 3600, 18 * 3600 - 1);
    day.and_time(NaiveTime::MIN) + TimeDelta::seconds(seconds_into_day) - TASHKENT_UTC_OFFSET
}

/// `(created_at, updated_at)`, the update at or after the creation.
fn created_updated(rng: &mut SplitMix64, from: NaiveDate, days: i64) -> (String, String) {
    let created = office_moment(rng, from, days);
    let updated = created + TimeDelta::seconds(rng.between(0, 180 * 86_400));
    (timestamp(created), timestamp(updated))
}

fn ymd(year: i32, month: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(year, month, day).expect("a valid constant date")
}

struct PluginSpec {
    name: &'static str,
    premium: bool,
    description: &'static str,
    url: &'static str,
    abilities: &'static [&'static str],
    not_installed: NotInstalled,
}

const PLUGIN_SPECS: [PluginSpec; 12] = [
    PluginSpec {
        name: "Telegram bot",
        premium: false,
        description: "Sends lesson reminders, attendance and payment notices to students and parents through your centre's Telegram bot.",
        url: "https://core.telegram.org/bots",
        abilities: &["read-groups", "read-students", "send-message"],
        not_installed: NotInstalled::EmptyList,
    },
    PluginSpec {
        name: "SMS gateway (Eskiz)",
        premium: true,
        description: "SMS notifications through Eskiz.uz: payment reminders, missed lessons, birthday greetings.",
        url: "https://eskiz.uz/sms",
        abilities: &["send-sms", "read-students"],
        not_installed: NotInstalled::EmptyList,
    },
    PluginSpec {
        name: "Payme payments",
        premium: true,
        description: "Accept tuition payments with Payme; paid invoices are matched to the student automatically.",
        url: "https://payme.uz/business",
        abilities: &["create-payment", "read-payments", "read-students"],
        not_installed: NotInstalled::EmptyList,
    },
    PluginSpec {
        name: "Click",
        premium: true,
        description: "Accept tuition payments through Click and see them in the student's balance at once.",
        url: "https://click.uz/business",
        abilities: &["create-payment", "read-payments"],
        not_installed: NotInstalled::EmptyList,
    },
    PluginSpec {
        name: "Google Sheets export",
        premium: false,
        description: "Exports groups, students and payments to a Google Sheets spreadsheet every night.",
        url: "https://www.google.com/sheets/about/",
        abilities: &["read-groups", "read-students", "read-payments"],
        not_installed: NotInstalled::EmptyList,
    },
    PluginSpec {
        name: "AmoCRM sync",
        premium: true,
        description: "Two-way sync of leads and deals between the CRM and AmoCRM.",
        url: "https://www.amocrm.com",
        abilities: &["create-lead", "update-lead", "read-leads"],
        not_installed: NotInstalled::EmptyList,
    },
    PluginSpec {
        name: "Zoom lessons",
        premium: true,
        description: "Creates a Zoom meeting for every online lesson and sends the link to the group.",
        url: "https://zoom.us",
        abilities: &["read-groups", "create-lesson"],
        not_installed: NotInstalled::EmptyList,
    },
    PluginSpec {
        name: "SMS gateway (Play Mobile)",
        premium: true,
        description: "SMS notifications through Play Mobile for Beeline, Ucell, Mobiuz and Uzmobile numbers.",
        url: "https://playmobile.uz",
        abilities: &["send-sms"],
        not_installed: NotInstalled::Null,
    },
    PluginSpec {
        name: "Instagram leads",
        premium: false,
        description: "Turns Instagram direct messages and comments into leads.",
        url: "https://business.instagram.com",
        abilities: &["create-lead"],
        not_installed: NotInstalled::EmptyList,
    },
    PluginSpec {
        name: "Website lead form",
        premium: false,
        description: "A lead form for your website; every submission becomes a lead.",
        url: "https://demo-crm.uz/plugins/lead-form",
        abilities: &["create-lead", "update-lead"],
        not_installed: NotInstalled::EmptyList,
    },
    PluginSpec {
        name: "Face ID attendance",
        premium: true,
        description: "Marks attendance from Hikvision Face ID terminals at the entrance.",
        url: "https://www.hikvision.com",
        abilities: &["read-groups", "update-attendance"],
        not_installed: NotInstalled::Null,
    },
    PluginSpec {
        name: "Google Calendar",
        premium: false,
        description: "Puts every lesson of a teacher's groups into their Google Calendar.",
        url: "https://calendar.google.com",
        abilities: &["read-groups", "read-lessons"],
        not_installed: NotInstalled::EmptyList,
    },
];

/// Plugins installed for the demo user when the server starts.
const PREINSTALLED_PLUGIN_IDS: [i64; 3] = [1, 5, 9];
/// The plugin whose name carries the terminal attacks with `hostile_text`.
const HOSTILE_PLUGIN_ID: i64 = 10;

fn plugins(rng: &mut SplitMix64) -> Vec<Plugin> {
    PLUGIN_SPECS
        .iter()
        .zip(1..)
        .map(|(spec, id)| {
            let slug = slug(spec.name);
            let (created_at, updated_at) = created_updated(rng, ymd(2023, 2, 1), 300);
            Plugin {
                id,
                name: spec.name.to_string(),
                plugin_type: if spec.premium { "Premium" } else { "Free" },
                description: spec.description,
                logo: format!("https://cdn.demo-crm.uz/plugins/{slug}/logo.png"),
                background_image: format!("https://cdn.demo-crm.uz/plugins/{slug}/background.jpg"),
                url: spec.url,
                abilities: serde_json::to_string(spec.abilities).expect("a list of strings"),
                created_at,
                updated_at,
                not_installed: spec.not_installed,
            }
        })
        .collect()
}

fn installations(rng: &mut SplitMix64) -> Vec<Installation> {
    let mut id = 14;
    PREINSTALLED_PLUGIN_IDS
        .iter()
        .map(|&plugin_id| {
            // Other users' installations take the ids in between.
            id += rng.between(1, 9);
            let (created_at, updated_at) = created_updated(rng, ymd(2024, 1, 10), 200);
            Installation {
                id,
                plugin_id,
                user_id: DEMO_USER_ID,
                token: installation_token(rng, id),
                created_at,
                updated_at,
            }
        })
        .collect()
}

struct CourseSpec {
    name: &'static str,
    short_name: Option<&'static str>,
    price: i64,
    lesson_minutes: i64,
    months: i64,
    lessons_per_module: i64,
    description: &'static str,
    /// Group names start with one of these.
    group_labels: &'static [&'static str],
}

const COURSE_SPECS: [CourseSpec; 15] = [
    CourseSpec {
        name: "General English (Beginner)",
        short_name: None,
        price: 450_000,
        lesson_minutes: 90,
        months: 6,
        lessons_per_module: 12,
        description: "Everyday English from zero: speaking first, grammar as needed.",
        group_labels: &["English Beginner", "English Elementary"],
    },
    CourseSpec {
        name: "General English (Intermediate)",
        short_name: None,
        price: 550_000,
        lesson_minutes: 90,
        months: 6,
        lessons_per_module: 12,
        description: "From Pre-Intermediate to Upper-Intermediate in two terms.",
        group_labels: &["English Pre-Intermediate", "English Intermediate"],
    },
    CourseSpec {
        name: "IELTS Intensive",
        short_name: Some("IELTS"),
        price: 900_000,
        lesson_minutes: 120,
        months: 4,
        lessons_per_module: 12,
        description: "Four skills, weekly mock tests, band 6.0 to 7.5.",
        group_labels: &["IELTS 6.0", "IELTS 6.5", "IELTS 7.0"],
    },
    CourseSpec {
        name: "CEFR B2 preparation",
        short_name: Some("CEFR"),
        price: 750_000,
        lesson_minutes: 90,
        months: 4,
        lessons_per_module: 12,
        description: "Preparation for the national CEFR exam, B2 level.",
        group_labels: &["CEFR B2"],
    },
    CourseSpec {
        name: "Mathematics",
        short_name: None,
        price: 500_000,
        lesson_minutes: 90,
        months: 9,
        lessons_per_module: 12,
        description: "School mathematics for grades 7 to 11.",
        group_labels: &["Mathematics 7-9", "Mathematics 10-11"],
    },
    CourseSpec {
        name: "Mathematics for university entrance (DTM)",
        short_name: Some("DTM"),
        price: 600_000,
        lesson_minutes: 90,
        months: 9,
        lessons_per_module: 12,
        description: "Test practice for the DTM entrance exam.",
        group_labels: &["DTM Math"],
    },
    CourseSpec {
        name: "Python backend",
        short_name: None,
        price: 1_100_000,
        lesson_minutes: 120,
        months: 8,
        lessons_per_module: 12,
        description: "Python, SQL, Django and REST APIs, with a final project.",
        group_labels: &["Python Foundation", "Python Backend"],
    },
    CourseSpec {
        name: "Frontend (React)",
        short_name: None,
        price: 1_200_000,
        lesson_minutes: 120,
        months: 8,
        lessons_per_module: 12,
        description: "HTML, CSS, JavaScript and React, with a final project.",
        group_labels: &["Frontend Foundation", "Frontend React"],
    },
    CourseSpec {
        name: "Russian language",
        short_name: None,
        price: 450_000,
        lesson_minutes: 90,
        months: 6,
        lessons_per_module: 12,
        description: "Spoken and written Russian for adults.",
        group_labels: &["Русский язык", "Russian A2"],
    },
    CourseSpec {
        name: "Korean (TOPIK)",
        short_name: None,
        price: 600_000,
        lesson_minutes: 90,
        months: 8,
        lessons_per_module: 12,
        description: "Korean from Hangul to TOPIK II.",
        group_labels: &["Korean TOPIK I", "Korean TOPIK II"],
    },
    CourseSpec {
        name: "Mental arithmetic",
        short_name: None,
        price: 450_000,
        lesson_minutes: 60,
        months: 10,
        lessons_per_module: 8,
        description: "Abacus and mental arithmetic for children aged 5 to 12.",
        group_labels: &["Mental arithmetic"],
    },
    CourseSpec {
        name: "Chemistry",
        short_name: None,
        price: 500_000,
        lesson_minutes: 90,
        months: 9,
        lessons_per_module: 12,
        description: "School chemistry and entrance exam practice.",
        group_labels: &["Chemistry"],
    },
    CourseSpec {
        name: "Biology",
        short_name: None,
        price: 500_000,
        lesson_minutes: 90,
        months: 9,
        lessons_per_module: 12,
        description: "School biology and entrance exam practice.",
        group_labels: &["Biology"],
    },
    CourseSpec {
        name: "German A1",
        short_name: None,
        price: 550_000,
        lesson_minutes: 90,
        months: 5,
        lessons_per_module: 10,
        description: "German for beginners up to the Goethe A1 exam.",
        group_labels: &["Deutsch A1"],
    },
    CourseSpec {
        name: "Kids English",
        short_name: None,
        price: 450_000,
        lesson_minutes: 60,
        months: 9,
        lessons_per_module: 8,
        description: "English through games and songs for children aged 6 to 10.",
        group_labels: &["Kids English"],
    },
];

const FIRST_COURSE_ID: i64 = 101;
/// Kids English is a sub-course of General English (Beginner).
const CHILD_COURSE: (usize, i64) = (14, FIRST_COURSE_ID);
/// Chemistry is switched off but still has groups.
const DISABLED_COURSE: usize = 11;

/// The courses, in the order of [`COURSE_SPECS`].
fn courses(rng: &mut SplitMix64) -> Vec<Course> {
    COURSE_SPECS
        .iter()
        .enumerate()
        .map(|(index, spec)| {
            let id = FIRST_COURSE_ID + index as i64;
            let (created_at, updated_at) = created_updated(rng, ymd(2022, 8, 1), 300);
            let author = *rng.pick(&STAFF_IDS);
            Course {
                id,
                name: spec.name,
                image: format!("https://cdn.demo-crm.uz/courses/{}.jpg", slug(spec.name)),
                description: spec.description,
                lesson_duration: spec.lesson_minutes.to_string(),
                course_duration: spec.months,
                is_enabled: i64::from(index != DISABLED_COURSE),
                parent_id: (index == CHILD_COURSE.0).then_some(CHILD_COURSE.1),
                price: spec.price,
                company_id: COMPANY_ID,
                course_type: 1,
                lessons_per_module: spec.lessons_per_module,
                created_at,
                updated_at,
                created_by: author,
                updated_by: author,
                deleted_at: None,
                deleted_by: None,
                short_name: spec.short_name,
            }
        })
        .collect()
}

const COMMENTS: [&str; 10] = [
    "Dars xonasi 204",
    "Ota-onalar yig'ilishi juma kuni soat 18:00 da",
    "Guruh to'ldi, yangi o'quvchi qabul qilinmaydi",
    "O'qituvchi almashtirildi",
    "Imtihon oy oxirida",
    "Sinov darsi bepul",
    "Дарс хонаси 3-қават",
    "Гуруҳ тўлди",
    "Ўқитувчи таътилда, дарслар кўчирилди",
    "Онлайн дарслар (Zoom)",
];

/// Two or three distinct days, Monday first: numbers for some groups, names for others.
pub(crate) fn exact_days(rng: &mut SplitMix64) -> ExactDays {
    let count = rng.between(2, 3) as usize;
    let mut days: Vec<u32> = Vec::with_capacity(count);
    while days.len() < count {
        let day = rng.between(1, 7) as u32;
        if !days.contains(&day) {
            days.push(day);
        }
    }
    days.sort_unstable();
    if rng.percent(50) {
        ExactDays::Numbers(days)
    } else {
        ExactDays::Names(
            days.iter()
                .filter_map(|&day| day_from_number(i64::from(day)))
                .map(|day| ENGLISH[day.num_days_from_monday() as usize].1)
                .collect(),
        )
    }
}

/// A Tashkent wall-clock time on `day`, as the UTC timestamp the API sends.
fn lesson_timestamp(day: NaiveDate, minute_of_day: i64) -> String {
    let wall_clock = day.and_time(NaiveTime::MIN) + TimeDelta::minutes(minute_of_day);
    timestamp(wall_clock - TASHKENT_UTC_OFFSET)
}

fn add_months(day: NaiveDate, months: i64) -> NaiveDate {
    let months = Months::new(u32::try_from(months).unwrap_or(0));
    day.checked_add_months(months).unwrap_or(day)
}

fn groups(
    rng: &mut SplitMix64,
    branches: &[Branch],
    courses: &[Course],
    count: usize,
) -> Vec<Group> {
    let mut id = 1180;
    (1..=count as i64)
        .map(|company_group_number| {
            id += rng.between(1, 3);
            group(rng, branches, courses, id, company_group_number)
        })
        .collect()
}

/// One group of the centre, drawn from `rng`.
pub(crate) fn group(
    rng: &mut SplitMix64,
    branches: &[Branch],
    courses: &[Course],
    id: i64,
    company_group_number: i64,
) -> Group {
    let course_index = rng.below(courses.len() as u64) as usize;
    let spec = &COURSE_SPECS[course_index];
    let course = &courses[course_index];
    let branch = &branches[rng.weighted(&[35, 30, 20, 15])];
    let days = [1, 2, 3, 4, 5][rng.weighted(&[38, 34, 10, 6, 12])];
    let exact_days = if days == 5 {
        exact_days(rng)
    } else {
        ExactDays::Numbers(Vec::new())
    };

    let last_slot = (LAST_LESSON_END_MINUTE - spec.lesson_minutes - FIRST_LESSON_MINUTE) / 30;
    let start_minute = FIRST_LESSON_MINUTE + 30 * rng.between(0, last_slot);
    let label = rng.pick(spec.group_labels);
    let name = format!(
        "{label} — {:02}:{:02}",
        start_minute / 60,
        start_minute % 60
    );

    let start = ymd(2023, 9, 1) + TimeDelta::days(rng.between(0, 640));
    let created = office_moment(rng, start - TimeDelta::days(45), 20);
    let updated = created + TimeDelta::seconds(rng.between(0, 120 * 86_400));
    let last_write_off = add_months(start, rng.between(0, spec.months - 1));
    let with_selection = rng.percent(40);
    let is_corporate = rng.percent(8);
    let salary_for_corporate =
        (is_corporate && rng.percent(50)).then(|| 1000 * rng.between(150, 300));
    let write_off = rng.percent(4).then(|| rng.between(1, 2));
    let comment = if rng.percent(35) {
        ""
    } else {
        *rng.pick(&COMMENTS)
    };

    Group {
        id,
        company_group_number,
        name,
        days,
        exact_days,
        lesson_start_time: lesson_timestamp(created.date(), start_minute),
        lesson_end_time: lesson_timestamp(created.date(), start_minute + spec.lesson_minutes),
        status: if rng.percent(15) { 3 } else { 2 },
        group_type: if rng.percent(10) { 2 } else { 1 },
        is_corporate: i64::from(is_corporate),
        salary_for_corporate,
        write_off,
        last_write_off_date: date(last_write_off),
        next_write_off_date: date(add_months(last_write_off, 1)),
        course_id: course.id,
        branch_id: branch.id,
        selection_start_date: with_selection.then(|| date(start - TimeDelta::days(21))),
        selection_end_date: with_selection.then(|| date(start - TimeDelta::days(1))),
        group_start_date: date(start),
        group_end_date: date(add_months(start, spec.months)),
        created_at: timestamp(created),
        updated_at: timestamp(updated),
        created_by: *rng.pick(&STAFF_IDS),
        updated_by: *rng.pick(&STAFF_IDS),
        deleted_at: None,
        deleted_by: None,
        comment: comment.to_string(),
        course: course.clone(),
    }
}

/// Every fragment goes into one group name and one comment (spread over the
/// pages, the first group included, as far as there are groups) and all of
/// them into one plugin name.
fn plant_hostile_text(plugins: &mut [Plugin], groups: &mut [Group]) {
    for (index, fragment) in HOSTILE_FRAGMENTS.iter().enumerate() {
        if let Some(group) = groups.get_mut(index * 31) {
            group.name.push_str(&format!("{fragment}pwned"));
        }
        if let Some(group) = groups.get_mut(index * 31 + 13) {
            group.comment.push_str(&format!("{fragment}pwned"));
        }
    }
    for plugin in plugins
        .iter_mut()
        .filter(|plugin| plugin.id == HOSTILE_PLUGIN_ID)
    {
        plugin.name.push_str(&HOSTILE_FRAGMENTS.concat());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{DateTime, Timelike, Utc};
    use std::collections::BTreeSet;

    fn has_hostile_text(text: &str) -> bool {
        HOSTILE_FRAGMENTS
            .iter()
            .any(|fragment| text.contains(fragment))
    }

    fn utc(text: &str) -> DateTime<Utc> {
        assert!(text.ends_with(".000000Z"), "{text}");
        text.parse().unwrap()
    }

    #[test]
    fn a_larger_centre_begins_with_the_same_groups_and_a_smaller_one_is_cut() {
        let json = |groups: &[Group]| serde_json::to_string(groups).unwrap();
        let usual = Seed::generate(true, DEFAULT_GROUPS).groups;
        let larger = Seed::generate(true, 2000).groups;
        assert_eq!(larger.len(), 2000);
        assert_eq!(json(&larger[..DEFAULT_GROUPS]), json(&usual));
        assert!(larger.windows(2).all(|pair| pair[0].id < pair[1].id));
        let in_branch = |branch_id| larger.iter().filter(|g| g.branch_id == branch_id).count();
        assert!((1..=4).all(|branch_id| in_branch(branch_id) > 200));
        let smaller = Seed::generate(true, 5).groups;
        assert_eq!(json(&smaller), json(&usual[..5]));
        assert!(Seed::generate(true, 0).groups.is_empty());
    }

    #[test]
    fn same_seed_same_data() {
        let first = serde_json::to_string(&Seed::generate(false, DEFAULT_GROUPS).groups).unwrap();
        let second = serde_json::to_string(&Seed::generate(false, DEFAULT_GROUPS).groups).unwrap();
        assert_eq!(first, second);
    }

    #[test]
    fn branches_are_four_named_ones() {
        let names: Vec<&str> = branches().iter().map(|branch| branch.name).collect();
        assert_eq!(
            names,
            ["Chilonzor", "Yunusobod", "Mirzo Ulug'bek", "Sergeli"]
        );
    }

    #[test]
    fn plugins_look_like_the_catalogue() {
        let seed = Seed::generate(false, DEFAULT_GROUPS);
        assert_eq!(seed.plugins.len(), 12);
        let types: BTreeSet<&str> = seed.plugins.iter().map(|p| p.plugin_type).collect();
        assert_eq!(types, BTreeSet::from(["Free", "Premium"]));
        for plugin in &seed.plugins {
            let abilities: Vec<String> = serde_json::from_str(&plugin.abilities).unwrap();
            assert!(!abilities.is_empty());
            for url in [
                &plugin.logo,
                &plugin.background_image,
                &plugin.url.to_string(),
            ] {
                assert!(url.starts_with("https://"), "{url}");
            }
            assert!(utc(&plugin.updated_at) >= utc(&plugin.created_at));
        }
        let null_users = seed
            .plugins
            .iter()
            .filter(|p| p.not_installed == NotInstalled::Null)
            .count();
        assert_eq!(null_users, 2);
    }

    #[test]
    fn preinstalled_tokens_are_id_pipe_forty_alphanumerics() {
        let seed = Seed::generate(false, DEFAULT_GROUPS);
        assert_eq!(seed.installations.len(), 3);
        for installation in &seed.installations {
            let (id, secret) = installation.token.split_once('|').unwrap();
            assert_eq!(id, installation.id.to_string());
            assert_eq!(secret.len(), 40);
            assert!(secret.chars().all(|c| c.is_ascii_alphanumeric()));
            assert_eq!(installation.user_id, DEMO_USER_ID);
        }
    }

    #[test]
    fn courses_have_prices_in_sums_and_one_parent() {
        let courses = courses(&mut SplitMix64::new(SEED));
        assert_eq!(courses.len(), 15);
        assert!(
            courses
                .iter()
                .all(|c| (450_000..=1_200_000).contains(&c.price))
        );
        assert!(
            courses
                .iter()
                .all(|c| c.lesson_duration.parse::<u32>().is_ok())
        );
        assert_eq!(courses.iter().filter(|c| c.parent_id.is_some()).count(), 1);
        assert!(courses.iter().filter(|c| c.short_name.is_none()).count() > 10);
    }

    #[test]
    fn groups_cover_every_code_and_branch() {
        let groups = Seed::generate(false, DEFAULT_GROUPS).groups;
        assert_eq!(groups.len(), DEFAULT_GROUPS);
        assert!(groups.windows(2).all(|pair| pair[0].id < pair[1].id));
        assert!(
            groups
                .windows(2)
                .all(|pair| pair[0].company_group_number < pair[1].company_group_number)
        );
        let days: BTreeSet<u8> = groups.iter().map(|g| g.days).collect();
        assert_eq!(days, BTreeSet::from([1, 2, 3, 4, 5]));
        let branch_ids: BTreeSet<i64> = groups.iter().map(|g| g.branch_id).collect();
        assert_eq!(branch_ids, BTreeSet::from([1, 2, 3, 4]));

        let archived = groups.iter().filter(|g| g.status == 3).count();
        assert!((20..=55).contains(&archived), "{archived} archived");
        assert!(groups.iter().any(|g| g.is_corporate == 1));
        assert!(groups.iter().any(|g| g.salary_for_corporate.is_some()));
        assert!(groups.iter().any(|g| g.write_off.is_some()));
        assert!(groups.iter().filter(|g| g.write_off.is_none()).count() > 200);
        assert!(groups.iter().any(|g| g.selection_start_date.is_some()));
        assert!(groups.iter().any(|g| g.selection_start_date.is_none()));
        assert!(groups.iter().any(|g| g.comment.is_empty()));
        assert!(groups.iter().any(|g| g.comment.contains('ў')));
        assert!(groups.iter().any(|g| g.comment.contains("o'")));
    }

    #[test]
    fn exact_days_only_for_code_five_as_numbers_or_names() {
        let groups = Seed::generate(false, DEFAULT_GROUPS).groups;
        let (mut numbers, mut names) = (0, 0);
        for group in &groups {
            match (&group.exact_days, group.days) {
                (ExactDays::Numbers(days), 5) if !days.is_empty() => numbers += 1,
                (ExactDays::Names(days), 5) if !days.is_empty() => names += 1,
                (ExactDays::Numbers(days), code) if code != 5 => assert!(days.is_empty()),
                (other, code) => panic!("days {code} with exact_days {other:?}"),
            }
        }
        assert!(numbers > 0 && names > 0);
    }

    #[test]
    fn lessons_run_between_eight_and_twenty_in_tashkent() {
        for group in Seed::generate(false, DEFAULT_GROUPS).groups {
            let start = utc(&group.lesson_start_time) + TASHKENT_UTC_OFFSET;
            let end = utc(&group.lesson_end_time) + TASHKENT_UTC_OFFSET;
            assert!(start.hour() >= 8, "{}", group.lesson_start_time);
            assert!(
                end.hour() * 60 + end.minute() <= 20 * 60,
                "{}",
                group.lesson_end_time
            );
            let minutes = (end - start).num_minutes();
            assert_eq!(minutes.to_string(), group.course.lesson_duration);
            assert!(group.name.ends_with(&start.format("%H:%M").to_string()));
        }
    }

    #[test]
    fn dates_are_days_and_timestamps_have_microseconds() {
        for group in Seed::generate(false, DEFAULT_GROUPS).groups {
            for day in [
                &group.last_write_off_date,
                &group.next_write_off_date,
                &group.group_start_date,
                &group.group_end_date,
            ] {
                assert!(NaiveDate::parse_from_str(day, "%Y-%m-%d").is_ok(), "{day}");
            }
            assert!(utc(&group.updated_at) >= utc(&group.created_at));
            // ISO dates compare as text: the group is created, then recruits, then starts.
            let created_on = &group.created_at[..10];
            let recruiting = group
                .selection_start_date
                .as_deref()
                .unwrap_or(&group.group_start_date);
            assert!(created_on < recruiting, "{created_on} {recruiting}");
            assert!(
                group.selection_end_date.as_deref().unwrap_or("") < group.group_start_date.as_str()
            );
            assert!(group.group_start_date < group.group_end_date);
            assert!(group.last_write_off_date < group.next_write_off_date);
        }
    }

    #[test]
    fn a_fourteen_o_clock_lesson_is_nine_utc() {
        assert_eq!(
            lesson_timestamp(ymd(2024, 6, 10), 14 * 60),
            "2024-06-10T09:00:00.000000Z"
        );
    }

    #[test]
    fn hostile_text_only_when_asked() {
        let tame = Seed::generate(false, DEFAULT_GROUPS);
        assert!(
            !tame
                .groups
                .iter()
                .any(|g| has_hostile_text(&g.name) || has_hostile_text(&g.comment))
        );
        assert!(!tame.plugins.iter().any(|p| has_hostile_text(&p.name)));

        let hostile = Seed::generate(true, DEFAULT_GROUPS);
        assert!(has_hostile_text(&hostile.groups[0].name));
        for fragment in HOSTILE_FRAGMENTS {
            assert!(hostile.groups.iter().any(|g| g.name.contains(fragment)));
            assert!(hostile.groups.iter().any(|g| g.comment.contains(fragment)));
        }
        let plugin_names: Vec<&str> = hostile
            .plugins
            .iter()
            .filter(|p| has_hostile_text(&p.name))
            .map(|p| p.name.as_str())
            .collect();
        assert_eq!(plugin_names.len(), 1);
        assert!(
            HOSTILE_FRAGMENTS
                .iter()
                .all(|f| plugin_names[0].contains(f))
        );
    }

    #[test]
    fn slugs_are_url_safe() {
        assert_eq!(slug("SMS gateway (Eskiz)"), "sms-gateway-eskiz");
        assert_eq!(slug("Frontend (React)"), "frontend-react");
    }
}

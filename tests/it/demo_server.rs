//! The demo server over real HTTP: SPEC shapes, auth, paging, install,
//! every fault kind, hit counts, determinism, the centre's epochs and
//! hostile text.

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

use chrono::{NaiveDate, NaiveDateTime};
use crmdeck::demo::{
    Changes, DemoHandle, DemoOptions, Fault, FaultScope, HOSTILE_FRAGMENTS, Route,
    parse_fault_spec, start,
};
use crmdeck::secret::Token;
use reqwest::header::{ACCEPT, CONTENT_LENGTH, CONTENT_TYPE, LOCATION, RETRY_AFTER};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

/// A demo server and a client that does not follow redirects.
struct Demo {
    handle: DemoHandle,
    client: reqwest::Client,
}

impl Demo {
    async fn start() -> Self {
        Self::with(DemoOptions::default()).await
    }

    async fn with(options: DemoOptions) -> Self {
        let handle = start("127.0.0.1:0".parse().unwrap(), options)
            .await
            .unwrap();
        crmdeck::api::install_tls_provider();
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap();
        Self { handle, client }
    }

    fn url(&self, path_and_query: &str) -> String {
        format!("{}{path_and_query}", self.handle.base_url())
    }

    /// A request as a well-behaved client sends it: bearer token, JSON accepted.
    fn authorised(&self, method: Method, path_and_query: &str) -> reqwest::RequestBuilder {
        self.client
            .request(method, self.url(path_and_query))
            .bearer_auth(self.handle.token())
            .header(ACCEPT, "application/json")
    }

    /// A request to `route` with the right token (an install of plugin 2).
    fn to(&self, route: Route) -> reqwest::RequestBuilder {
        let request = self.authorised(route.method(), route.path());
        if route == Route::Install {
            request.json(&json!({"plugin_id": 2}))
        } else {
            request
        }
    }

    async fn get(&self, path_and_query: &str) -> (StatusCode, Value) {
        json_of(self.authorised(Method::GET, path_and_query)).await
    }

    /// The body of a GET that must succeed (HTTP 200).
    async fn get_ok(&self, path_and_query: &str) -> Value {
        let (status, body) = self.get(path_and_query).await;
        assert_eq!(status, StatusCode::OK, "GET {path_and_query}: {body}");
        body
    }

    /// The answer to an install with `body` (JSON), which must come with
    /// the status `expected`.
    async fn install(&self, body: Value, expected: StatusCode) -> Value {
        let request = self.authorised(Method::POST, Route::Install.path());
        let (status, answer) = json_of(request.json(&body)).await;
        assert_eq!(status, expected, "install {body}: {answer}");
        answer
    }

    /// The next answer (on `route`, if given) is `fault`.
    fn fault_once(&self, fault: Fault, route: Option<Route>) {
        self.handle.faults().push(fault, 1, route);
    }

    /// Plugin `id` as the plugin list shows it.
    async fn listed_plugin(&self, id: i64) -> Value {
        let plugins = self.get_ok("/v2/plugins").await;
        let listed = plugins["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["id"] == id);
        listed.unwrap_or_else(|| panic!("no plugin {id}")).clone()
    }

    /// Every group, walking the pages of 100.
    async fn all_groups(&self) -> Vec<Value> {
        let mut groups = Vec::new();
        for page in 1..=3 {
            let (_, body) = self
                .get(&format!("/v2/groups?per_page=100&page={page}"))
                .await;
            groups.extend(body["data"].as_array().unwrap().iter().cloned());
        }
        groups
    }
}

async fn json_of(request: reqwest::RequestBuilder) -> (StatusCode, Value) {
    let response = request.send().await.unwrap();
    let status = response.status();
    let text = response.text().await.unwrap();
    let body = serde_json::from_str(&text).unwrap_or_else(|error| panic!("{error}: {text:.200}"));
    (status, body)
}

async fn status_and_text(request: reqwest::RequestBuilder) -> (StatusCode, String) {
    let response = request.send().await.unwrap();
    (response.status(), response.text().await.unwrap())
}

/// An install's answer, as far as the order of its `data`'s keys.
#[derive(serde::Deserialize)]
struct Install {
    data: KeysInOrder,
}

/// The keys of a JSON object in the order they were written (a `Value`
/// sorts them).
struct KeysInOrder(Vec<String>);

impl<'de> serde::Deserialize<'de> for KeysInOrder {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Keys;
        impl<'de> serde::de::Visitor<'de> for Keys {
            type Value = KeysInOrder;
            fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
                formatter.write_str("an object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<KeysInOrder, A::Error> {
                let mut keys = Vec::new();
                while let Some((key, serde::de::IgnoredAny)) = map.next_entry()? {
                    keys.push(key);
                }
                Ok(KeysInOrder(keys))
            }
        }
        deserializer.deserialize_map(Keys)
    }
}

/// The JSON type of a value, as named in the shape tables below.
fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "bool",
        Value::Number(number) if number.is_i64() || number.is_u64() => "int",
        Value::Number(_) => "float",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// The envelope of every success: `status`, `success`, `data` (a list).
const ENVELOPE: [(&str, &str); 3] = [("status", "int"), ("success", "bool"), ("data", "array")];

/// Who made a record and when, deleted or not: in groups and courses.
const AUDIT: [(&str, &str); 6] = [
    ("created_at", "string"),
    ("updated_at", "string"),
    ("created_by", "int"),
    ("updated_by", "int"),
    ("deleted_at", "null"),
    ("deleted_by", "null"),
];

/// Exactly these fields, each of one of the `|`-separated kinds.
fn assert_shape(object: &Value, shape: &[(&str, &str)]) {
    let fields: BTreeSet<&str> = object
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    let expected: BTreeSet<&str> = shape.iter().map(|(name, _)| *name).collect();
    assert_eq!(fields, expected, "fields of {object}");
    for (name, kinds) in shape {
        let found = kind(&object[*name]);
        assert!(
            kinds.split('|').any(|k| k == found),
            "{name} is {found}, not {kinds}, in {object}"
        );
    }
}

/// `2024-06-10T09:05:51.000000Z`.
fn assert_timestamp(value: &Value) -> NaiveDateTime {
    let text = value.as_str().unwrap();
    assert!(text.ends_with('Z') && text.len() == 27, "{text}");
    NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S%.6fZ").unwrap()
}

fn assert_date(value: &Value) {
    NaiveDate::parse_from_str(value.as_str().unwrap(), "%Y-%m-%d").unwrap();
}

fn assert_installation_token(token: &Value, installation_id: &Value) {
    let (id, secret) = token.as_str().unwrap().split_once('|').unwrap();
    assert_eq!(id, installation_id.to_string());
    assert_eq!(secret.len(), 40);
    assert!(secret.chars().all(|c| c.is_ascii_alphanumeric()));
}

const INSTALLATION_SHAPE: [(&str, &str); 6] = [
    ("id", "int"),
    ("plugin_id", "int"),
    ("user_id", "int"),
    ("token", "string"),
    ("created_at", "string"),
    ("updated_at", "string"),
];

#[tokio::test]
async fn plugins_have_the_spec_shape() {
    let demo = Demo::start().await;
    let body = demo.get_ok("/v2/plugins").await;
    assert_shape(&body, &ENVELOPE);
    assert_eq!(
        (&body["status"], &body["success"]),
        (&json!(200), &json!(true))
    );

    let plugins = body["data"].as_array().unwrap();
    assert!(plugins.len() >= 10);
    let (mut installed, mut empty_list, mut null) = (0, 0, 0);
    for plugin in plugins {
        assert_shape(
            plugin,
            &[
                ("id", "int"),
                ("name", "string"),
                ("type", "string"),
                ("description", "string"),
                ("logo", "string"),
                ("background_image", "string"),
                ("url", "string"),
                ("abilities", "string"),
                ("created_at", "string"),
                ("updated_at", "string"),
                ("user", "object|array|null"),
            ],
        );
        assert!(["Free", "Premium"].contains(&plugin["type"].as_str().unwrap()));
        for url in ["logo", "background_image", "url"] {
            assert!(plugin[url].as_str().unwrap().starts_with("https://"));
        }
        let abilities: Vec<String> =
            serde_json::from_str(plugin["abilities"].as_str().unwrap()).unwrap();
        assert!(!abilities.is_empty());
        assert_timestamp(&plugin["created_at"]);
        assert_timestamp(&plugin["updated_at"]);
        match &plugin["user"] {
            Value::Object(_) => {
                installed += 1;
                let user = &plugin["user"];
                assert_shape(user, &INSTALLATION_SHAPE);
                assert_eq!(user["plugin_id"], plugin["id"]);
                assert_installation_token(&user["token"], &user["id"]);
                assert_timestamp(&user["created_at"]);
            }
            Value::Array(items) => {
                assert!(items.is_empty());
                empty_list += 1;
            }
            _ => null += 1,
        }
    }
    assert_eq!(installed, 3);
    assert!(empty_list > null && null >= 1);
}

#[tokio::test]
async fn groups_and_courses_have_the_spec_shape() {
    let demo = Demo::start().await;
    let body = demo.get_ok("/v2/groups").await;
    assert_shape(
        &body,
        &[&ENVELOPE[..], &[("pagination", "object")]].concat(),
    );
    assert_shape(
        &body["pagination"],
        &[
            ("count", "int"),
            ("total", "int"),
            ("perPage", "int"),
            ("currentPage", "int"),
            ("totalPages", "int"),
            ("links", "object"),
        ],
    );

    let groups = demo.all_groups().await;
    assert_eq!(groups.len(), 240);
    let mut days_codes = BTreeSet::new();
    let mut parents = BTreeSet::new();
    for group in &groups {
        let group_fields = [
            ("id", "int"),
            ("company_group_number", "int"),
            ("name", "string"),
            ("days", "int"),
            ("exact_days", "array"),
            ("lesson_start_time", "string"),
            ("lesson_end_time", "string"),
            ("status", "int"),
            ("type", "int"),
            ("is_corporate", "int"),
            ("salary_for_corporate", "int|null"),
            ("write_off", "int|null"),
            ("last_write_off_date", "string"),
            ("next_write_off_date", "string"),
            ("course_id", "int"),
            ("branch_id", "int"),
            ("selection_start_date", "string|null"),
            ("selection_end_date", "string|null"),
            ("group_start_date", "string"),
            ("group_end_date", "string"),
            ("comment", "string"),
            ("course", "object"),
        ];
        assert_shape(group, &[&group_fields[..], &AUDIT].concat());
        let course = &group["course"];
        let course_fields = [
            ("id", "int"),
            ("name", "string"),
            ("image", "string"),
            ("description", "string"),
            ("lesson_duration", "string"),
            ("course_duration", "int"),
            ("is_enabled", "int"),
            ("parent_id", "int|null"),
            ("price", "int"),
            ("company_id", "int"),
            ("type", "int"),
            ("lessons_per_module", "int"),
            ("short_name", "string|null"),
        ];
        assert_shape(course, &[&course_fields[..], &AUDIT].concat());
        assert_eq!(course["id"], group["course_id"]);
        assert!(
            course["lesson_duration"]
                .as_str()
                .unwrap()
                .parse::<u32>()
                .is_ok()
        );
        if !course["parent_id"].is_null() {
            parents.insert(course["id"].as_i64().unwrap());
        }

        days_codes.insert(group["days"].as_i64().unwrap());
        let exact_days = group["exact_days"].as_array().unwrap();
        assert_eq!(group["days"] == 5, !exact_days.is_empty(), "{group}");
        assert!([2, 3].contains(&group["status"].as_i64().unwrap()));
        assert!([0, 1].contains(&group["is_corporate"].as_i64().unwrap()));
        for field in [
            "lesson_start_time",
            "lesson_end_time",
            "created_at",
            "updated_at",
        ] {
            assert_timestamp(&group[field]);
        }
        for field in [
            "last_write_off_date",
            "next_write_off_date",
            "group_start_date",
            "group_end_date",
        ] {
            assert_date(&group[field]);
        }
        for field in ["selection_start_date", "selection_end_date"] {
            if !group[field].is_null() {
                assert_date(&group[field]);
            }
        }
    }
    assert_eq!(days_codes, BTreeSet::from([1, 2, 3, 4, 5]));
    assert_eq!(parents.len(), 1);
}

#[tokio::test]
async fn lesson_times_are_tashkent_wall_clock_in_utc() {
    let demo = Demo::start().await;
    for group in demo.all_groups().await {
        let start = assert_timestamp(&group["lesson_start_time"]) + chrono::TimeDelta::hours(5);
        let name = group["name"].as_str().unwrap();
        assert!(
            name.ends_with(&start.format(" — %H:%M").to_string()),
            "{name} at {start}"
        );
        let hour = start.format("%H").to_string().parse::<u32>().unwrap();
        assert!((8..20).contains(&hour), "{name}");
    }
}

#[tokio::test]
async fn branches_are_id_and_name() {
    let demo = Demo::start().await;
    let body = demo.get_ok("/v2/branches").await;
    let branches = body["data"].as_array().unwrap();
    assert_eq!(branches.len(), 4);
    for branch in branches {
        assert_shape(branch, &[("id", "int"), ("name", "string")]);
    }
    assert_eq!(branches[0]["name"], "Chilonzor");
}

#[tokio::test]
async fn token_me_names_the_user_and_the_centre_with_its_zone() {
    let demo = Demo::start().await;
    let (status, body) = demo.get(Route::Me.path()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["status"], 200);
    assert_eq!(body["data"]["id"], 1042);
    assert_eq!(
        body["data"]["company"],
        json!({"id": 37, "name": "Ziyo Learning Centre", "timezone": "Asia/Tashkent"})
    );
}

#[tokio::test]
async fn wrong_or_missing_tokens_get_what_laravel_sends() {
    let demo = Demo::start().await;
    for route in Route::ALL {
        let wrong = demo
            .client
            .request(route.method(), demo.url(route.path()))
            .bearer_auth("not-the-token")
            .header(ACCEPT, "application/json");
        let (status, body) = json_of(wrong).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{route:?}");
        assert_eq!(body, json!({"message": "Unauthenticated."}));

        let (status, body) = json_of(
            demo.client
                .request(route.method(), demo.url(route.path()))
                .header(ACCEPT, "application/json"),
        )
        .await;
        assert_eq!(
            (status, body),
            (
                StatusCode::UNAUTHORIZED,
                json!({"message": "Unauthenticated."})
            )
        );

        let browser = demo
            .client
            .request(route.method(), demo.url(route.path()))
            .send()
            .await
            .unwrap();
        assert_eq!(browser.status(), StatusCode::FOUND, "{route:?}");
        assert_eq!(browser.headers()[LOCATION], demo.url("/login").as_str());
    }
    let (status, page) = status_and_text(demo.client.get(demo.url("/login"))).await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("<form"));
}

#[tokio::test]
async fn a_token_given_in_the_options_is_the_only_one_accepted() {
    let demo = Demo::with(DemoOptions {
        token: Some("static-demo-token".to_string()),
        ..DemoOptions::default()
    })
    .await;
    assert_eq!(demo.handle.token(), "static-demo-token");
    assert_eq!(demo.get("/v2/branches").await.0, StatusCode::OK);

    let generated = Demo::start().await;
    let expires_at = Token::new(generated.handle.token()).expires_at().unwrap();
    let left = expires_at - chrono::Utc::now();
    assert!(left > chrono::TimeDelta::hours(11) && left <= chrono::TimeDelta::hours(12));
    assert!(!format!("{:?}", generated.handle).contains(generated.handle.token()));
}

#[tokio::test]
async fn unknown_paths_and_methods_answer_laravel_json() {
    let demo = Demo::start().await;
    let (status, body) = demo.get("/v2/students").await;
    assert_eq!(
        (status, body),
        (StatusCode::NOT_FOUND, json!({"message": "Not Found"}))
    );
    let (status, body) = demo.get(Route::Install.path()).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("Supported methods: POST")
    );
}

#[tokio::test]
async fn the_branch_filter_partitions_the_groups() {
    let demo = Demo::start().await;
    let mut total = 0;
    for branch_id in 1..=4 {
        let (_, body) = demo
            .get(&format!("/v2/groups?branch_id={branch_id}&per_page=100"))
            .await;
        let groups = body["data"].as_array().unwrap();
        assert!(!groups.is_empty());
        assert!(groups.iter().all(|group| group["branch_id"] == branch_id));
        total += body["pagination"]["total"].as_u64().unwrap();
    }
    assert_eq!(total, 240);

    let body = demo.get_ok("/v2/groups?branch_id=999").await;
    assert_eq!(body["data"], json!([]));
    assert_eq!(body["pagination"]["total"], 0);
    assert_eq!(body["pagination"]["links"], json!({}));
}

#[tokio::test]
async fn paging_caps_per_page_and_links_the_pages() {
    let demo = Demo::start().await;
    let (_, body) = demo.get("/v2/groups?per_page=500").await;
    assert_eq!(body["pagination"]["perPage"], 100);
    assert_eq!(body["data"].as_array().unwrap().len(), 100);
    assert_eq!(body["pagination"]["totalPages"], 3);

    let (_, first) = demo.get("/v2/groups").await;
    let pagination = &first["pagination"];
    assert_eq!(
        (&pagination["count"], &pagination["perPage"]),
        (&json!(20), &json!(20))
    );
    assert_eq!(pagination["currentPage"], 1);
    assert_eq!(pagination["links"].get("previous"), None);
    assert_eq!(
        pagination["links"]["next"],
        demo.url("/v2/groups?per_page=20&page=2")
    );

    // Following `next` walks every group once, in id order.
    let mut ids: Vec<i64> = Vec::new();
    let mut next = Some(demo.url("/v2/groups?branch_id=2&per_page=30"));
    let mut pages = 0;
    while let Some(url) = next {
        let (_, body) = json_of(
            demo.client
                .get(&url)
                .bearer_auth(demo.handle.token())
                .header(ACCEPT, "application/json"),
        )
        .await;
        pages += 1;
        let page = body["pagination"]["currentPage"].as_i64().unwrap();
        if page > 1 {
            let previous = demo.url(&format!(
                "/v2/groups?branch_id=2&per_page=30&page={}",
                page - 1
            ));
            assert_eq!(body["pagination"]["links"]["previous"], previous);
        }
        ids.extend(
            body["data"]
                .as_array()
                .unwrap()
                .iter()
                .map(|g| g["id"].as_i64().unwrap()),
        );
        next = body["pagination"]["links"]
            .get("next")
            .map(|url| url.as_str().unwrap().to_string());
        if next.is_none() {
            assert_eq!(body["pagination"]["totalPages"], page);
            assert_eq!(
                body["pagination"]["total"].as_u64().unwrap() as usize,
                ids.len()
            );
        }
    }
    assert!(pages > 1);
    assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));

    let past = demo.get_ok("/v2/groups?page=50").await;
    assert_eq!(past["data"], json!([]));
    assert_eq!(past["pagination"]["total"], 240);
    assert_eq!(past["pagination"]["count"], 0);
    assert_eq!(past["pagination"]["links"].get("next"), None);

    let (_, defaults) = demo
        .get("/v2/groups?page=abc&per_page=lots&branch_id=x")
        .await;
    assert_eq!(defaults["data"], first["data"]);
}

#[tokio::test]
async fn install_creates_once_and_lists_the_plugin_as_installed() {
    let demo = Demo::start().await;
    let body = demo.install(json!({"plugin_id": 2}), StatusCode::OK).await;
    assert_eq!(
        (&body["status"], &body["success"]),
        (&json!(200), &json!(true))
    );
    let installation = body["data"].clone();
    assert_shape(&installation, &INSTALLATION_SHAPE);
    assert_eq!(installation["plugin_id"], 2);
    assert_installation_token(&installation["token"], &installation["id"]);
    assert_timestamp(&installation["created_at"]);
    // The service's own field order (a client must not depend on it, but the demo keeps it).
    let (_, text) = status_and_text(demo.to(Route::Install)).await;
    let Install { data } = serde_json::from_str(&text).unwrap();
    let keys = data.0.join(",");
    assert_eq!(
        keys, "plugin_id,user_id,token,updated_at,created_at,id",
        "{text}"
    );

    let again = demo
        .install(json!({"plugin_id": "2"}), StatusCode::OK)
        .await;
    assert_eq!(again["data"], installation);

    assert_eq!(demo.listed_plugin(2).await["user"], installation);

    // A preinstalled plugin answers with its existing installation.
    let preinstalled = demo.listed_plugin(1).await["user"].clone();
    let body = demo.install(json!({"plugin_id": 1}), StatusCode::OK).await;
    assert_eq!(body["data"], preinstalled);
}

#[tokio::test]
async fn install_takes_a_form_body() {
    let demo = Demo::start().await;
    let form = demo
        .authorised(Method::POST, Route::Install.path())
        .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body("plugin_id=8");
    let (status, body) = json_of(form).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["data"]["plugin_id"], 8);

    assert_eq!(
        demo.listed_plugin(8).await["user"]["id"],
        body["data"]["id"]
    );
}

#[tokio::test]
async fn install_refuses_unknown_missing_and_invalid_ids() {
    let demo = Demo::start().await;
    let body = demo
        .install(json!({"plugin_id": 999}), StatusCode::NOT_FOUND)
        .await;
    assert_eq!(
        body,
        json!({"status": 404, "success": false, "message": "Plugin not found."})
    );

    let body = demo
        .install(json!({}), StatusCode::UNPROCESSABLE_ENTITY)
        .await;
    assert_eq!(
        body,
        json!({"message": "The given data was invalid.", "errors": {"plugin_id": ["The plugin id field is required."]}})
    );

    let body = demo
        .install(
            json!({"plugin_id": "abc"}),
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
    assert_eq!(
        body["errors"]["plugin_id"],
        json!(["The plugin id must be an integer."])
    );

    let (_, plugins) = demo.get("/v2/plugins").await;
    let installed = plugins["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["user"].is_object())
        .count();
    assert_eq!(installed, 3);
}

#[tokio::test]
async fn status_faults_answer_laravel_bodies() {
    let demo = Demo::start().await;
    for (code, message) in [
        (401, "Unauthenticated."),
        (403, "This action is unauthorized."),
        (404, "Not Found"),
        (500, "Server Error"),
        (503, "Service Unavailable"),
    ] {
        demo.fault_once(Fault::Status(code), None);
        let (status, body) = demo.get("/v2/plugins").await;
        assert_eq!(status.as_u16(), code);
        assert_eq!(body, json!({ "message": message }));
    }
    demo.fault_once(Fault::Status(422), None);
    let (status, body) = demo.get("/v2/groups").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(body["message"], "The given data was invalid.");
    assert!(body["errors"].is_object());
}

#[tokio::test]
async fn retry_after_html_and_empty_faults() {
    let demo = Demo::start().await;
    let faults = demo.handle.faults();
    faults.push(Fault::RetryAfter(2), 1, None);
    let response = demo.to(Route::Groups).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(response.headers()[RETRY_AFTER], "2");
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!({"message": "Too Many Attempts."})
    );

    faults.push(Fault::Html(502), 1, None);
    let response = demo.to(Route::Plugins).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::BAD_GATEWAY);
    assert!(
        response.headers()[CONTENT_TYPE]
            .to_str()
            .unwrap()
            .starts_with("text/html")
    );
    assert!(
        response
            .text()
            .await
            .unwrap()
            .contains("<title>502 Bad Gateway</title>")
    );

    faults.push(Fault::Empty(200), 1, None);
    let (status, text) = status_and_text(demo.to(Route::Branches)).await;
    assert_eq!((status, text.as_str()), (StatusCode::OK, ""));
}

#[tokio::test]
async fn truncated_cuts_the_real_answer_in_the_middle() {
    let demo = Demo::start().await;
    let (_, whole) = status_and_text(demo.to(Route::Plugins)).await;
    demo.fault_once(Fault::Truncated, Some(Route::Plugins));
    let (status, cut) = status_and_text(demo.to(Route::Plugins)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(cut.len(), whole.len() / 2);
    assert!(whole.starts_with(&cut));
    assert!(serde_json::from_str::<Value>(&cut).is_err());
}

#[tokio::test]
async fn wrong_shape_swaps_lists_and_objects() {
    let demo = Demo::start().await;
    demo.handle.faults().push(Fault::WrongShape, 2, None);
    let (status, groups) = json_of(demo.to(Route::Groups)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(groups["success"], true);
    assert!(groups["data"].is_object());
    assert!(groups["data"]["0"]["id"].is_i64());

    let (status, install) = json_of(demo.to(Route::Install)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(install["data"].as_array().unwrap().len(), 1);
    assert_eq!(install["data"][0]["plugin_id"], 2);
}

#[tokio::test]
async fn hang_blocks_only_its_own_request_until_shutdown() {
    let demo = Demo::start().await;
    demo.handle
        .faults()
        .push(Fault::Hang, 2, Some(Route::Groups));
    let hanging = tokio::spawn(demo.to(Route::Groups).send());

    let timed_out = demo
        .to(Route::Groups)
        .timeout(Duration::from_millis(300))
        .send()
        .await
        .unwrap_err();
    assert!(timed_out.is_timeout());
    let (status, _) = json_of(demo.to(Route::Plugins)).await;
    assert_eq!(status, StatusCode::OK);
    assert!(!hanging.is_finished());

    let Demo { handle, client } = demo;
    let url = format!("{}{}", handle.base_url(), Route::Branches.path());
    let stopping = Instant::now();
    handle.shutdown().await;
    assert!(
        stopping.elapsed() < Duration::from_secs(3),
        "shutdown waited for the hang"
    );
    let answer = hanging.await.unwrap().unwrap();
    assert_eq!(answer.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(client.get(url).send().await.is_err(), "still listening");
}

#[tokio::test]
async fn drip_sends_the_real_body_slowly() {
    let demo = Demo::start().await;
    let (_, whole) = status_and_text(demo.to(Route::Branches)).await;
    let every = Duration::from_millis(60);
    demo.fault_once(Fault::Drip { chunk: 40, every }, None);

    let started = Instant::now();
    let mut response = demo.to(Route::Branches).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.headers()[CONTENT_LENGTH],
        whole.len().to_string().as_str()
    );
    let mut body = Vec::new();
    let mut chunks = 0;
    while let Some(chunk) = response.chunk().await.unwrap() {
        chunks += 1;
        body.extend_from_slice(&chunk);
    }
    assert_eq!(String::from_utf8(body).unwrap(), whole);
    assert!(chunks >= 2, "{chunks} chunks");
    let intervals = (whole.len().div_ceil(40) - 1) as u32;
    assert!(started.elapsed() >= every * intervals - Duration::from_millis(20));
}

#[tokio::test]
async fn oversize_pads_a_valid_answer() {
    let demo = Demo::start().await;
    let (_, normal) = json_of(demo.to(Route::Branches)).await;
    demo.fault_once(Fault::Oversize(3_000_000), None);
    let response = demo.to(Route::Branches).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[CONTENT_LENGTH], "3000000");
    let bytes = response.bytes().await.unwrap();
    assert_eq!(bytes.len(), 3_000_000);
    let body: Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(body, normal);
}

#[tokio::test]
async fn a_counted_fault_is_used_up() {
    let demo = Demo::start().await;
    let (fault, times, route) = parse_fault_spec("500x3").unwrap();
    demo.handle.faults().push(fault, times, route);
    assert_eq!(demo.handle.faults().pending(), 3);
    for route in [Route::Plugins, Route::Groups, Route::Branches] {
        assert_eq!(
            json_of(demo.to(route)).await.0,
            StatusCode::INTERNAL_SERVER_ERROR
        );
    }
    assert_eq!(demo.handle.faults().pending(), 0);
    assert_eq!(json_of(demo.to(Route::Plugins)).await.0, StatusCode::OK);
}

#[tokio::test]
async fn a_route_scoped_fault_waits_for_its_route() {
    let demo = Demo::start().await;
    let (fault, times, route) = parse_fault_spec("html:503@groups").unwrap();
    demo.handle.faults().push(fault, times, route);
    demo.fault_once(Fault::Status(500), None);
    // The unscoped fault behind it serves the first other request.
    assert_eq!(
        json_of(demo.to(Route::Plugins)).await.0,
        StatusCode::INTERNAL_SERVER_ERROR
    );
    assert_eq!(json_of(demo.to(Route::Branches)).await.0, StatusCode::OK);
    let (status, page) = status_and_text(demo.to(Route::Groups)).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(page.contains("nginx"));
    assert_eq!(json_of(demo.to(Route::Groups)).await.0, StatusCode::OK);
}

#[tokio::test]
async fn a_fault_on_a_page_of_the_groups_waits_for_that_page() {
    let demo = Demo::start().await;
    let (fault, times, scope) = parse_fault_spec("500x2@groups:page=2").unwrap();
    demo.handle.faults().push(fault, times, scope);
    let page = |number: u64| format!("/v2/groups?per_page=20&page={number}");
    assert_eq!(demo.get(&page(1)).await.0, StatusCode::OK);
    assert_eq!(demo.get(&page(3)).await.0, StatusCode::OK);
    assert_eq!(json_of(demo.to(Route::Plugins)).await.0, StatusCode::OK);
    for _ in 0..2 {
        assert_eq!(
            demo.get(&page(2)).await.0,
            StatusCode::INTERNAL_SERVER_ERROR
        );
    }
    assert_eq!(demo.get(&page(2)).await.0, StatusCode::OK);
    // No `page` parameter is page 1.
    demo.handle
        .faults()
        .push(Fault::Status(502), 1, FaultScope::groups_page(1));
    assert_eq!(demo.get("/v2/groups").await.0, StatusCode::BAD_GATEWAY);
}

#[tokio::test]
async fn a_centre_of_n_groups_capped_per_page_as_asked() {
    let demo = Demo::with(DemoOptions {
        groups: 2000,
        max_per_page: 20,
        ..DemoOptions::default()
    })
    .await;
    let body = demo.get_ok("/v2/groups?per_page=100&page=3").await;
    let pagination = &body["pagination"];
    assert_eq!(pagination["total"], 2000);
    // Cut silently to the cap; the answer says so.
    assert_eq!(pagination["perPage"], 20);
    assert_eq!(pagination["totalPages"], 100);
    assert_eq!(body["data"].as_array().unwrap().len(), 20);
    assert_eq!(
        pagination["links"]["next"],
        format!("{}/v2/groups?per_page=20&page=4", demo.handle.base_url())
    );
    // The same centre on another server: the same groups.
    let again = Demo::with(DemoOptions {
        groups: 2000,
        ..DemoOptions::default()
    })
    .await;
    let same = again.get_ok("/v2/groups?per_page=20&page=3").await;
    assert_eq!(same["data"], body["data"]);
    let branch = demo.get_ok("/v2/groups?branch_id=1&per_page=5").await;
    let in_branch = branch["pagination"]["total"].as_u64().unwrap();
    assert!((600..=800).contains(&in_branch), "{in_branch} in branch 1");
}

#[tokio::test]
async fn clear_drops_queued_faults() {
    let demo = Demo::start().await;
    demo.handle.faults().push(Fault::Status(500), 10, None);
    demo.handle.faults().clear();
    assert_eq!(json_of(demo.to(Route::Plugins)).await.0, StatusCode::OK);
}

#[tokio::test]
async fn hits_count_every_request_per_route() {
    let demo = Demo::start().await;
    demo.fault_once(Fault::Status(500), Some(Route::Groups));
    json_of(demo.to(Route::Groups)).await;
    json_of(demo.to(Route::Groups)).await;
    json_of(demo.to(Route::Install)).await;
    let unauthorised = demo
        .client
        .get(demo.url(Route::Branches.path()))
        .header(ACCEPT, "application/json");
    json_of(unauthorised).await;
    demo.get("/v2/students").await;

    assert_eq!(demo.handle.hits(Route::Groups), 2);
    assert_eq!(demo.handle.hits(Route::Install), 1);
    assert_eq!(demo.handle.hits(Route::Branches), 1);
    assert_eq!(demo.handle.hits(Route::Plugins), 0);
}

#[tokio::test]
async fn latency_delays_every_answer() {
    let start_latency = Duration::from_millis(150);
    let demo = Demo::with(DemoOptions {
        latency: start_latency,
        ..DemoOptions::default()
    })
    .await;
    let started = Instant::now();
    json_of(demo.to(Route::Branches)).await;
    assert!(started.elapsed() >= start_latency);

    let longer = Duration::from_millis(300);
    demo.handle.faults().set_latency(longer);
    demo.fault_once(Fault::Status(500), None);
    let started = Instant::now();
    assert_eq!(
        json_of(demo.to(Route::Plugins)).await.0,
        StatusCode::INTERNAL_SERVER_ERROR
    );
    assert!(started.elapsed() >= longer);

    demo.handle.faults().clear();
    assert_eq!(demo.handle.faults().latency(), start_latency);
}

#[tokio::test]
async fn two_servers_serve_the_same_data() {
    let first = Demo::start().await;
    let second = Demo::start().await;
    assert_ne!(first.handle.addr(), second.handle.addr());
    assert_eq!(first.all_groups().await, second.all_groups().await);
    assert_eq!(
        first.get("/v2/plugins").await,
        second.get("/v2/plugins").await
    );
}

/// A server of the centre at `epoch`, always.
async fn at_epoch(epoch: u64) -> Demo {
    Demo::with(DemoOptions {
        changes: Changes::Epoch(epoch),
        ..DemoOptions::default()
    })
    .await
}

/// Every group of `demo`'s centre by id.
async fn groups_by_id(demo: &Demo) -> BTreeMap<i64, Value> {
    let groups = demo.all_groups().await;
    let by_id: BTreeMap<i64, Value> = groups
        .iter()
        .map(|group| (group["id"].as_i64().unwrap(), group.clone()))
        .collect();
    assert_eq!(by_id.len(), groups.len(), "ids are unique");
    by_id
}

/// The ids of groups in both centres whose `field` differs.
fn changed(before: &BTreeMap<i64, Value>, after: &BTreeMap<i64, Value>, field: &str) -> Vec<i64> {
    before
        .iter()
        .filter(|(id, old)| after.get(id).is_some_and(|new| new[field] != old[field]))
        .map(|(id, _)| *id)
        .collect()
}

#[tokio::test]
async fn the_same_epoch_is_the_same_centre_and_the_next_moves_archives_adds_and_removes() {
    let (first, again, next) = (
        at_epoch(1000).await,
        at_epoch(1000).await,
        at_epoch(1001).await,
    );
    let (first, again, next) = (
        groups_by_id(&first).await,
        groups_by_id(&again).await,
        groups_by_id(&next).await,
    );
    assert_eq!(first, again);
    assert_eq!(
        (first.len(), next.len()),
        (240, 240),
        "the centre keeps its size"
    );
    let new: Vec<&i64> = next.keys().filter(|id| !first.contains_key(id)).collect();
    let gone: Vec<&i64> = first.keys().filter(|id| !next.contains_key(id)).collect();
    // Two of each kind made, two of each (made 12 epochs before) undone.
    assert_eq!(
        (new.len(), gone.len()),
        (4, 4),
        "new {new:?}, gone {gone:?}"
    );
    for field in ["lesson_start_time", "days", "branch_id", "status"] {
        let ids = changed(&first, &next, field);
        assert!((1..=4).contains(&ids.len()), "{field}: {ids:?}");
    }
    // A moved lesson is an hour off and its name says so.
    for id in changed(&first, &next, "lesson_start_time") {
        let start = |group: &Value| assert_timestamp(&group["lesson_start_time"]);
        let hours = (start(&next[&id]) - start(&first[&id])).num_minutes().abs();
        assert_eq!(hours, 60, "{id}");
        assert_ne!(next[&id]["name"], first[&id]["name"]);
    }
    let archived = first
        .iter()
        .filter(|(id, group)| {
            group["status"] == 2 && next.get(id).is_some_and(|g| g["status"] == 3)
        })
        .count();
    assert!(archived > 0, "an active group is archived");
    let frozen = groups_by_id(&Demo::start().await).await;
    assert_ne!(first, frozen);
    // New ones come after the seeded ones; the others are seeded ones back.
    let last_seeded = *frozen.keys().last().unwrap();
    assert_eq!(new.iter().filter(|id| ***id > last_seeded).count(), 2);
    assert!(
        new.iter()
            .all(|id| **id > last_seeded || frozen.contains_key(id))
    );
}

#[tokio::test]
async fn a_centre_that_changes_every_second_differs_a_second_later_and_a_frozen_one_never() {
    let changing = Demo::with(DemoOptions {
        changes: Changes::every(1),
        ..DemoOptions::default()
    })
    .await;
    let frozen = Demo::with(DemoOptions {
        changes: Changes::every(0),
        ..DemoOptions::default()
    })
    .await;
    assert_eq!(frozen.handle.epoch(), None);
    let (before, frozen_before) = (groups_by_id(&changing).await, groups_by_id(&frozen).await);
    // Every page of `before` is of this epoch or an earlier one.
    let seen = changing.handle.epoch().unwrap();
    let deadline = Instant::now() + Duration::from_secs(5);
    while changing.handle.epoch() == Some(seen) {
        assert!(Instant::now() < deadline, "the epoch moves on");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_ne!(groups_by_id(&changing).await, before);
    assert_eq!(groups_by_id(&frozen).await, frozen_before);
}

fn hostile(text: &str) -> bool {
    HOSTILE_FRAGMENTS
        .iter()
        .any(|fragment| text.contains(fragment))
}

#[tokio::test]
async fn hostile_text_appears_only_when_asked() {
    let tame = Demo::start().await;
    let groups = tame.all_groups().await;
    assert!(
        !groups.iter().any(
            |g| hostile(g["name"].as_str().unwrap()) || hostile(g["comment"].as_str().unwrap())
        )
    );
    let (_, plugins) = tame.get("/v2/plugins").await;
    let plugins = plugins["data"].as_array().unwrap();
    assert!(!plugins.iter().any(|p| hostile(p["name"].as_str().unwrap())));

    let nasty = Demo::with(DemoOptions {
        hostile_text: true,
        ..DemoOptions::default()
    })
    .await;
    let groups = nasty.all_groups().await;
    for fragment in HOSTILE_FRAGMENTS {
        assert!(
            groups
                .iter()
                .any(|g| g["name"].as_str().unwrap().contains(fragment)),
            "{fragment:?}"
        );
        assert!(
            groups
                .iter()
                .any(|g| g["comment"].as_str().unwrap().contains(fragment)),
            "{fragment:?}"
        );
    }
    let (_, first_page) = nasty.get("/v2/groups").await;
    assert!(hostile(first_page["data"][0]["name"].as_str().unwrap()));
    let (_, plugins) = nasty.get("/v2/plugins").await;
    let names: Vec<&str> = plugins["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .filter(|name| hostile(name))
        .collect();
    assert_eq!(names.len(), 1);
}

#[tokio::test]
async fn dropping_the_handle_stops_the_server() {
    let demo = Demo::start().await;
    let url = demo.url(Route::Branches.path());
    let Demo { handle, client } = demo;
    drop(handle);
    let deadline = Instant::now() + Duration::from_secs(3);
    while client.get(&url).send().await.is_ok() {
        assert!(Instant::now() < deadline, "still listening after drop");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[test]
fn fault_specs_parse_and_bad_ones_are_refused() {
    let any = FaultScope::default();
    assert_eq!(parse_fault_spec("500x3"), Ok((Fault::Status(500), 3, any)));
    assert_eq!(
        parse_fault_spec("empty:200@branches"),
        Ok((Fault::Empty(200), 1, Some(Route::Branches).into()))
    );
    assert_eq!(
        parse_fault_spec("oversize:20000000"),
        Ok((Fault::Oversize(20_000_000), 1, any))
    );
    assert_eq!(
        parse_fault_spec("retry-after:2@install"),
        Ok((Fault::RetryAfter(2), 1, Some(Route::Install).into()))
    );
    assert!(matches!(
        parse_fault_spec("drip@plugins"),
        Ok((
            Fault::Drip { .. },
            1,
            FaultScope {
                route: Some(Route::Plugins),
                page: None
            }
        ))
    ));
    assert_eq!(
        parse_fault_spec("500x2@groups:page=7"),
        Ok((Fault::Status(500), 2, FaultScope::groups_page(7)))
    );
    for bad in [
        "",
        "boom",
        "700",
        "500x0",
        "html",
        "hang@students",
        "500@groups:page=x",
        "500@me:page=2",
    ] {
        let error = parse_fault_spec(bad).unwrap_err();
        assert!(!error.is_empty());
    }
}

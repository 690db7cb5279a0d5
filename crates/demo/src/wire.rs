//! The wire format as the live service writes it: the success envelope,
//! Laravel-like error bodies, timestamps with microseconds.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use chrono::{NaiveDate, NaiveDateTime};
use serde::Serialize;
use std::collections::BTreeMap;

/// `2024-06-10T09:05:51.000000Z`: UTC, microseconds, a trailing Z.
pub(crate) fn timestamp(utc: NaiveDateTime) -> String {
    utc.format("%Y-%m-%dT%H:%M:%S%.6fZ").to_string()
}

/// `YYYY-MM-DD`.
pub(crate) fn date(day: NaiveDate) -> String {
    day.format("%Y-%m-%d").to_string()
}

/// `{"status":200,"success":true,"data":...}` plus `pagination` on lists that have one.
#[derive(Debug, Serialize)]
struct Envelope<T, P> {
    status: u16,
    success: bool,
    data: T,
    #[serde(skip_serializing_if = "Option::is_none")]
    pagination: Option<P>,
}

/// A 200 answer carrying `data`.
pub(crate) fn ok(data: impl Serialize) -> Response {
    ok_with_pagination(data, None::<()>)
}

/// A 200 answer carrying `data` and, when given, `pagination`.
pub(crate) fn ok_with_pagination(
    data: impl Serialize,
    pagination: Option<impl Serialize>,
) -> Response {
    Json(Envelope {
        status: StatusCode::OK.as_u16(),
        success: true,
        data,
        pagination,
    })
    .into_response()
}

/// `{"message": text}` with that status: the shape of most Laravel errors.
pub(crate) fn message(status: StatusCode, text: &str) -> Response {
    #[derive(Serialize)]
    struct Message<'a> {
        message: &'a str,
    }
    (status, Json(Message { message: text })).into_response()
}

/// `{"status":404,"success":false,"message":...}`: the envelope form of an
/// error that some controllers of the live service answer with.
pub(crate) fn failure(status: StatusCode, text: &str) -> Response {
    #[derive(Serialize)]
    struct Failure<'a> {
        status: u16,
        success: bool,
        message: &'a str,
    }
    let body = Failure {
        status: status.as_u16(),
        success: false,
        message: text,
    };
    (status, Json(body)).into_response()
}

/// 422 with Laravel's validation body for one failed field.
pub(crate) fn validation_failed(field: &str, text: &str) -> Response {
    #[derive(Serialize)]
    struct Invalid<'a> {
        message: &'a str,
        errors: BTreeMap<&'a str, [&'a str; 1]>,
    }
    let body = Invalid {
        message: "The given data was invalid.",
        errors: BTreeMap::from([(field, [text])]),
    };
    (StatusCode::UNPROCESSABLE_ENTITY, Json(body)).into_response()
}

/// The message Laravel's exception handler writes for a status.
pub(crate) fn laravel_message(status: StatusCode) -> &'static str {
    match status.as_u16() {
        401 => "Unauthenticated.",
        403 => "This action is unauthorized.",
        404 => "Not Found",
        429 => "Too Many Attempts.",
        500 => "Server Error",
        _ => status.canonical_reason().unwrap_or("Error"),
    }
}

/// The JSON body Laravel answers with for a bare status.
pub(crate) fn laravel_error(status: StatusCode) -> Response {
    if status == StatusCode::UNPROCESSABLE_ENTITY {
        return validation_failed("plugin_id", "The plugin id field is required.");
    }
    message(status, laravel_message(status))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::to_bytes;
    use serde_json::json;

    async fn body_of(response: Response) -> (StatusCode, serde_json::Value) {
        let status = response.status();
        let bytes = to_bytes(response.into_body(), usize::MAX).await.unwrap();
        (status, serde_json::from_slice(&bytes).unwrap())
    }

    #[test]
    fn formats_timestamps_and_dates_like_laravel() {
        let at = NaiveDate::from_ymd_opt(2024, 6, 10)
            .unwrap()
            .and_hms_opt(9, 5, 51)
            .unwrap();
        assert_eq!(timestamp(at), "2024-06-10T09:05:51.000000Z");
        assert_eq!(date(at.date()), "2024-06-10");
    }

    #[tokio::test]
    async fn envelope_has_pagination_only_when_given() {
        let (status, body) = body_of(ok(json!({"id": 1}))).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(
            body,
            json!({"status": 200, "success": true, "data": {"id": 1}})
        );

        let (_, body) = body_of(ok_with_pagination(json!([]), Some(json!({"count": 0})))).await;
        assert_eq!(body["pagination"], json!({"count": 0}));
    }

    #[tokio::test]
    async fn error_bodies_follow_laravel() {
        for (code, text) in [
            (401, "Unauthenticated."),
            (403, "This action is unauthorized."),
            (404, "Not Found"),
            (500, "Server Error"),
            (503, "Service Unavailable"),
            (418, "I'm a teapot"),
        ] {
            let status = StatusCode::from_u16(code).unwrap();
            let (got, body) = body_of(laravel_error(status)).await;
            assert_eq!(got, status);
            assert_eq!(body, json!({ "message": text }));
        }
        let (status, body) = body_of(laravel_error(StatusCode::UNPROCESSABLE_ENTITY)).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(body["message"], "The given data was invalid.");
        assert_eq!(
            body["errors"]["plugin_id"][0],
            "The plugin id field is required."
        );

        let response = laravel_error(StatusCode::UNPROCESSABLE_ENTITY);
        let text = to_bytes(response.into_body(), usize::MAX).await.unwrap();
        assert!(text.starts_with(br#"{"message":"The given data was invalid.","errors":"#));

        let (status, body) = body_of(failure(StatusCode::NOT_FOUND, "Plugin not found.")).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(
            body,
            json!({"status": 404, "success": false, "message": "Plugin not found."})
        );
    }
}

//! Runs `tests/vectors/*.json` against the engine, with the same serde shapes the wasm API
//! uses, so Rust and TypeScript check one set of cases.

use serde_json::{json, Value};
use stepzero_core::record::{build_record, RecordMeta};
use stepzero_core::{choices, flow, journey, media, validate, Answers, EngineError, StepId};

fn load(name: &str) -> Value {
    let path = format!("{}/../tests/vectors/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn cases<'a>(doc: &'a Value, key: &str) -> &'a Vec<Value> {
    let list = doc[key]
        .as_array()
        .unwrap_or_else(|| panic!("vector list {key} missing"));
    assert!(!list.is_empty(), "vector list {key} is empty");
    list
}

fn answers(case: &Value) -> Answers {
    serde_json::from_value(case["answers"].clone()).expect("vector answers parse")
}

fn step(case: &Value, key: &str) -> StepId {
    StepId::parse(case[key].as_str().expect("step id is text")).expect("vector step is known")
}

fn name(case: &Value) -> String {
    case["name"].as_str().unwrap_or("(unnamed)").to_owned()
}

fn opt_str(value: &Value) -> Option<&str> {
    value.as_str()
}

#[test]
fn next_step_vectors() {
    for case in cases(&load("flow.json"), "next") {
        let got = flow::next_step(step(case, "step"), &answers(case));
        assert_eq!(got.as_str(), case["expect"], "{}", name(case));
    }
}

#[test]
fn previous_step_vectors() {
    for case in cases(&load("flow.json"), "previous") {
        let got = flow::previous_step(step(case, "step"), &answers(case));
        assert_eq!(got.as_str(), case["expect"], "{}", name(case));
    }
}

#[test]
fn route_vectors() {
    for case in cases(&load("flow.json"), "route") {
        let got: Vec<_> = flow::route(&answers(case))
            .iter()
            .map(|s| s.as_str())
            .collect();
        assert_eq!(json!(got), case["expect"], "{}", name(case));
    }
}

#[test]
fn reachable_step_vectors() {
    for case in cases(&load("flow.json"), "reachable") {
        let got = journey::reachable_step(step(case, "target"), &answers(case));
        assert_eq!(got.as_str(), case["expect"], "{}", name(case));
    }
}

#[test]
fn progress_vectors() {
    for case in cases(&load("flow.json"), "progress") {
        let want = case["expect"].as_f64().expect("number");
        let got = flow::progress(step(case, "step"));
        assert!(
            (got - want).abs() < 1e-12,
            "{}: {got} != {want}",
            case["step"]
        );
    }
}

#[test]
fn thank_you_type_vectors() {
    for case in cases(&load("flow.json"), "thankYouType") {
        assert_eq!(flow::thank_you_type(&answers(case)).label(), case["expect"]);
    }
}

#[test]
fn unknown_step_ids_are_refused() {
    for id in cases(&load("flow.json"), "unknownSteps") {
        let id = id.as_str().expect("text");
        assert_eq!(
            StepId::parse(id),
            Err(EngineError::UnknownStep(id.to_owned()))
        );
    }
}

#[test]
fn validate_step_vectors() {
    for case in cases(&load("validation.json"), "steps") {
        let got = validate::validate_step(step(case, "step"), &answers(case));
        assert_eq!(
            serde_json::to_value(got).expect("json"),
            case["expect"],
            "{}",
            name(case)
        );
    }
}

#[test]
fn validate_all_vectors() {
    for case in cases(&load("validation.json"), "validateAll") {
        let got = journey::validate_all(&answers(case));
        assert_eq!(
            serde_json::to_value(got).expect("json"),
            case["expect"],
            "{}",
            name(case)
        );
    }
}

#[test]
fn every_message_is_the_specs() {
    let doc = load("validation.json");
    let messages = doc["messages"].as_object().expect("messages");
    for (code, message) in messages {
        let code: validate::ErrorCode = serde_json::from_value(json!(code)).unwrap_or_else(|_| {
            panic!("vector names unknown code {code}");
        });
        assert_eq!(code.message(), message);
    }
}

#[test]
fn digits_only_vectors() {
    for pair in cases(&load("validation.json"), "digitsOnly") {
        assert_eq!(
            validate::digits_only(pair[0].as_str().expect("text")),
            pair[1]
        );
    }
}

#[test]
fn attachment_vectors() {
    for case in cases(&load("validation.json"), "attachments") {
        let size = case["size"].as_f64().expect("size");
        let got = media::check_attachment(
            size,
            case["type"].as_str().expect("type"),
            case["fileName"].as_str().expect("name"),
        )
        .expect("valid size");
        assert_eq!(
            serde_json::to_value(got).expect("json"),
            case["expect"],
            "{}",
            name(case)
        );
    }
}

#[test]
fn upload_content_type_vectors() {
    for case in cases(&load("validation.json"), "contentTypes") {
        let got = media::upload_content_type(
            case["type"].as_str().expect("type"),
            case["fileName"].as_str().expect("name"),
        );
        assert_eq!(json!(got), case["expect"], "{case}");
    }
}

#[test]
fn record_vectors() {
    for case in cases(&load("records.json"), "records") {
        let meta: RecordMeta = serde_json::from_value(case["meta"].clone()).expect("meta");
        let got = build_record(&answers(case), &meta);
        if case["expectBadArgument"] == json!(true) {
            assert!(
                matches!(got, Err(EngineError::BadArgument(_))),
                "{}",
                name(case)
            );
            continue;
        }
        if let Some(step) = case["expectError"].as_str() {
            let step = StepId::parse(step).expect("step");
            assert_eq!(got, Err(EngineError::Incomplete(step)), "{}", name(case));
            continue;
        }
        let got = serde_json::to_value(got.expect("record builds")).expect("json");
        if let Some(fields) = case["expectField"].as_object() {
            for (key, want) in fields {
                assert_eq!(&got[key], want, "{}: {key}", name(case));
            }
        } else {
            assert_eq!(got, case["expect"], "{}", name(case));
        }
    }
}

#[test]
fn object_name_vectors() {
    for case in cases(&load("records.json"), "objectNames") {
        let ms = case["ms"].as_f64().expect("ms");
        let got = media::storage_object_name(ms, case["fileName"].as_str().expect("name"));
        assert_eq!(got, case["expect"], "{}", name(case));
    }
}

#[test]
fn repeat_visit_vectors() {
    for case in cases(&load("state.json"), "repeatVisit") {
        let got = flow::repeat_visit_thank_you(
            case["now"].as_f64().expect("now"),
            opt_str(&case["surveyCompleted"]),
            opt_str(&case["completionTime"]),
            opt_str(&case["lastThankYouType"]),
        );
        assert_eq!(
            json!(got.map(|kind| kind.label())),
            case["expect"],
            "{}",
            name(case)
        );
    }
}

#[test]
fn restore_vectors() {
    for case in cases(&load("state.json"), "restore") {
        assert_eq!(
            json!(journey::should_restore_answers(&answers(case))),
            case["expect"],
            "{}",
            name(case)
        );
    }
}

#[test]
fn cookie_choice_and_thank_you_type_vectors() {
    let doc = load("state.json");
    for pair in cases(&doc, "cookieChoice") {
        let got = opt_str(&pair[0])
            .and_then(choices::CookieChoice::parse)
            .map(|c| c.label());
        assert_eq!(json!(got), pair[1], "{}", pair[0]);
    }
    for pair in cases(&doc, "thankYouTypes") {
        let got = opt_str(&pair[0])
            .and_then(choices::ThankYouType::parse)
            .map(|c| c.label());
        assert_eq!(json!(got), pair[1], "{}", pair[0]);
    }
}

#[test]
fn email_param_vectors() {
    use stepzero_core::email::{email_params, FileInfo};
    use stepzero_core::record::SurveyResponse;
    for case in cases(&load("email.json"), "params") {
        let record: SurveyResponse =
            serde_json::from_value(case["record"].clone()).expect("record");
        let file: Option<FileInfo> = serde_json::from_value(case["file"].clone()).expect("file");
        let got: serde_json::Map<String, Value> =
            email_params(&answers(case), &record, file.as_ref())
                .into_iter()
                .map(|(key, value)| (key.to_owned(), json!(value)))
                .collect();
        if let Some(fields) = case["expectFields"].as_object() {
            for (key, want) in fields {
                assert_eq!(&got[key], want, "{}: {key}", name(case));
            }
        } else {
            assert_eq!(Value::Object(got), case["expect"], "{}", name(case));
        }
    }
}

#[test]
fn outbox_vectors() {
    use stepzero_core::outbox::{self, Delivery};
    let doc = load("outbox.json");
    let label = |kind: Delivery| serde_json::to_value(kind).expect("json");
    let num = |case: &Value, key: &str| case[key].as_f64().expect("number");
    for case in cases(&doc, "insert") {
        let got = outbox::classify_insert(
            num(case, "status") as u16,
            case["code"].as_str().expect("code"),
            case["earlierUnanswered"].as_bool().expect("bool"),
        );
        assert_eq!(label(got), case["expect"], "{case}");
    }
    for case in cases(&doc, "upload") {
        let earlier = case["earlierUnknown"].as_bool().expect("bool");
        let got = outbox::classify_upload(
            num(case, "status") as u16,
            case["message"].as_str().expect("msg"),
            earlier,
        );
        assert_eq!(label(got), case["expect"], "{case}");
    }
    for case in cases(&doc, "email") {
        let got = outbox::classify_email(
            num(case, "status") as u16,
            case["text"].as_str().expect("text"),
        );
        assert_eq!(
            serde_json::to_value(got).expect("json"),
            case["expect"],
            "{case}"
        );
    }
    let bytes = |hex: &str| -> Vec<u8> {
        (0..hex.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex"))
            .collect()
    };
    for pair in cases(&doc, "uuidV4") {
        let got = stepzero_core::record::uuid_v4(&bytes(pair[0].as_str().expect("hex")));
        assert_eq!(json!(got.expect("16 bytes")), pair[1], "{pair}");
    }
    for case in cases(&doc, "metadataRemoval") {
        let got = stepzero_core::media::needs_metadata_removal(
            &bytes(case["head"].as_str().expect("head")),
            case["type"].as_str().expect("type"),
            case["name"].as_str().expect("name"),
        );
        assert_eq!(json!(got), case["expect"], "{case}");
    }
    for case in cases(&doc, "retryDelay") {
        let got = outbox::retry_delay_ms(num(case, "attempt") as u32, num(case, "jitter"));
        assert_eq!(json!(got), json!(num(case, "expect")), "{case}");
    }
    for pair in cases(&doc, "nextObjectName") {
        assert_eq!(
            json!(outbox::next_object_name(pair[0].as_str().expect("name"))),
            pair[1]
        );
    }
    for pair in cases(&doc, "uuid") {
        assert_eq!(
            json!(stepzero_core::record::is_uuid(
                pair[0].as_str().expect("id")
            )),
            pair[1],
            "{pair}"
        );
    }
    for pair in cases(&doc, "honeypot") {
        let got = stepzero_core::record::should_store(pair[0].as_str().expect("value"));
        assert_eq!(json!(got), pair[1], "{pair}");
    }
}

/// tests/vectors/outbox-age.json: when an undelivered entry is given up, whatever the clock does.
#[test]
fn outbox_age_vectors() {
    use stepzero_core::outbox;
    let doc = load("outbox-age.json");
    let ms = |v: &Value| v.as_f64().unwrap_or(f64::NAN);
    for case in cases(&doc, "daysSeen") {
        let got = outbox::days_seen(
            case["days"].as_u64().expect("days") as u32,
            ms(&case["last"]),
            ms(&case["now"]),
        );
        assert_eq!(json!(got), case["expect"], "{case}");
    }
    for case in cases(&doc, "giveUp") {
        let got = outbox::give_up(
            case[0].as_u64().expect("days") as u32,
            case[1] == json!(true),
        );
        assert_eq!(json!(got), case[2], "{case}");
    }
    for case in cases(&doc, "isDue") {
        let got = outbox::is_due(ms(&case[0]), ms(&case[1]));
        assert_eq!(json!(got), case[2], "{case}");
    }
    for case in cases(&doc, "journeys") {
        let mut days = case["start"]["days"].as_u64().unwrap_or(0) as u32;
        let mut last = ms(&case["start"]["last"]);
        let mut given_up = Value::Null;
        for (i, now) in case["tries"].as_array().expect("tries").iter().enumerate() {
            days = outbox::days_seen(days, last, ms(now));
            last = ms(now);
            if outbox::give_up(days, true) {
                given_up = json!(i);
                break;
            }
        }
        assert_eq!(given_up, case["giveUpAt"], "{}", name(case));
    }
}

//! Property tests: the journey always ends, Back always leads somewhere, and no input —
//! wrong JSON types, unknown ids, huge or strange strings — makes the engine panic.

use proptest::prelude::*;
use serde_json::{json, Value};
use stepzero_core::choices::{Completed, Discomfort, Gender, Reason, YesNo};
use stepzero_core::record::{build_record, RecordMeta};
use stepzero_core::{email, flow, journey, media, validate, Answers, Backward, Forward, StepId};

/// An answer: usually a real option, sometimes any text, sometimes absent.
fn answer(labels: Vec<&'static str>) -> impl Strategy<Value = Option<String>> {
    prop_oneof![
        3 => proptest::sample::select(labels).prop_map(|s| Some(s.to_owned())),
        1 => any::<String>().prop_map(Some),
        1 => Just(None),
    ]
}

fn labels<T: Copy>(all: &'static [(T, &'static str)]) -> Vec<&'static str> {
    all.iter().map(|(_, label)| *label).collect()
}

pub(crate) fn any_answers() -> impl Strategy<Value = Answers> {
    let text = || proptest::option::of(any::<String>());
    (
        (
            text(),
            text(),
            answer(labels(Completed::ALL)),
            answer(labels(Discomfort::ALL)),
        ),
        (
            answer(labels(Reason::ALL)),
            text(),
            answer(labels(YesNo::ALL)),
            answer(labels(YesNo::ALL)),
        ),
        (
            text(),
            answer(labels(YesNo::ALL)),
            answer(vec!["0", "1", "34", "120", "121"]),
            answer(labels(Gender::ALL)),
        ),
        proptest::option::of(any::<bool>()),
    )
        .prop_map(
            |((q1, q2, q3, q4a), (q4b, other, q5a, q5b), (email, q6, age, gender), consent)| {
                Answers {
                    question1: q1,
                    question2: q2,
                    question3: q3,
                    question4a: q4a,
                    question4b: q4b,
                    answer4b_other: other,
                    question5a: q5a,
                    question5b: q5b,
                    answer5b_email: email,
                    question6: q6,
                    age,
                    gender,
                    terms_consent: consent,
                }
            },
        )
}

fn any_step() -> impl Strategy<Value = StepId> {
    proptest::sample::select(StepId::ALL.to_vec())
}

/// Any JSON value, nested a little: what a tampered localStorage could hold.
fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<f64>().prop_map(|n| json!(n)),
        any::<i64>().prop_map(|n| json!(n)),
        any::<String>().prop_map(Value::String),
    ];
    leaf.prop_recursive(3, 24, 6, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            proptest::collection::hash_map(
                proptest::sample::select(vec![
                    "question1",
                    "question3",
                    "question4b",
                    "answer5b-email",
                    "age",
                    "termsConsent",
                    "x"
                ]),
                inner,
                0..6
            )
            .prop_map(|map| Value::Object(
                map.into_iter().map(|(k, v)| (k.to_owned(), v)).collect()
            )),
        ]
    })
}

/// Runs every answers-taking function: none may panic.
fn exercise(answers: &Answers) {
    for step in StepId::ALL {
        let _ = flow::next_step(step, answers);
        let _ = flow::previous_step(step, answers);
        let _ = journey::reachable_step(step, answers);
        let _ = validate::validate_step(step, answers);
    }
    let _ = journey::validate_all(answers);
    let _ = journey::should_restore_answers(answers);
    let meta = RecordMeta {
        completion_time: "t".into(),
        user_agent: "ua".into(),
        ..RecordMeta::default()
    };
    if let Ok(record) = build_record(answers, &meta) {
        let _ = email::email_params(answers, &record, None);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn next_from_step_1_reaches_submit_within_9_steps(answers in any_answers()) {
        let mut step = StepId::One;
        let mut visited = 1;
        loop {
            match flow::next_step(step, &answers) {
                Forward::Submit => break,
                Forward::Step(next) => {
                    step = next;
                    visited += 1;
                    prop_assert!(visited <= 9, "more than 9 steps");
                }
            }
        }
        prop_assert_eq!(step, StepId::Eight);
    }

    #[test]
    fn back_from_any_step_reaches_home_within_9_steps(answers in any_answers(), start in any_step()) {
        let mut step = start;
        for _ in 0..9 {
            match flow::previous_step(step, &answers) {
                Backward::Home => return Ok(()),
                Backward::Step(previous) => step = previous,
            }
        }
        prop_assert!(false, "Back never reached home from {}", start.as_str());
    }

    #[test]
    fn back_undoes_next_along_the_route(answers in any_answers()) {
        let route = flow::route(&answers);
        for pair in route.windows(2) {
            let expected = if pair[1] == StepId::FiveB { StepId::FourB } else { pair[0] };
            prop_assert_eq!(flow::previous_step(pair[1], &answers), Backward::Step(expected));
        }
    }

    #[test]
    fn reachable_step_is_on_the_route(answers in any_answers(), target in any_step()) {
        prop_assert!(flow::route(&answers).contains(&journey::reachable_step(target, &answers)));
    }

    #[test]
    fn complete_answers_build_a_record_whose_age_is_in_range(answers in any_answers()) {
        let meta = RecordMeta { completion_time: "t".into(), user_agent: "ua".into(), ..RecordMeta::default() };
        match build_record(&answers, &meta) {
            Ok(record) => {
                prop_assert!(journey::validate_all(&answers).is_empty());
                prop_assert!(record.question7_age.is_some_and(|age| (1..=120).contains(&age)));
                prop_assert!(record.terms_consent);
            }
            Err(_) => prop_assert!(!journey::validate_all(&answers).is_empty()),
        }
    }

    #[test]
    fn any_answers_never_panic(answers in any_answers()) {
        exercise(&answers);
    }

    #[test]
    fn wrong_json_types_are_errors_not_panics(value in any_json()) {
        if let Ok(answers) = serde_json::from_value::<Answers>(value) {
            exercise(&answers);
        }
    }

    #[test]
    fn any_step_id_text_parses_or_errs(id in any::<String>()) {
        let _ = StepId::parse(&id);
    }

    #[test]
    fn object_names_are_safe_keys(ms in any::<f64>(), name in any::<String>()) {
        let key = media::storage_object_name(ms, &name);
        let (stamp, file) = key.split_once('_').expect("underscore after the timestamp");
        prop_assert!(stamp.bytes().all(|b| b.is_ascii_digit()));
        prop_assert!(!file.is_empty() && file.len() <= 200);
        prop_assert!(file.bytes().all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b)));
        prop_assert!(!file.bytes().all(|b| b == b'.'));
    }

    #[test]
    fn attachment_checks_never_panic(size in any::<f64>(), mime in any::<String>(), name in any::<String>()) {
        let _ = media::check_attachment(size, &mime, &name);
    }

    #[test]
    fn digits_only_keeps_only_ascii_digits(text in any::<String>()) {
        let digits = validate::digits_only(&text);
        prop_assert!(digits.bytes().all(|b| b.is_ascii_digit()));
        prop_assert_eq!(digits.len(), text.chars().filter(char::is_ascii_digit).count());
    }
}

#[test]
fn megabyte_strings_are_refused_quickly_not_panicking() {
    let huge = "x".repeat(1 << 20);
    let answers = Answers {
        question1: Some(huge.clone()),
        question2: Some(huge.clone()),
        question3: Some(huge.clone()),
        question5b: Some("Yes".into()),
        answer5b_email: Some(format!("{huge}@{huge}.com")),
        age: Some("9".repeat(1 << 20)),
        ..Answers::default()
    };
    exercise(&answers);
    let errors = validate::validate_step(StepId::One, &answers);
    assert_eq!(errors[0].code, validate::ErrorCode::TextTooLong);
    assert_eq!(media::storage_object_name(1.0, &huge).len(), 202);
}

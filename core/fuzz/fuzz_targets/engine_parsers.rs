//! The engine's parsers of visitor-controlled text: step ids, answers as JSON, file names and
//! types. None may panic; the functions downstream must accept whatever parsed.
#![no_main]

use libfuzzer_sys::fuzz_target;
use stepzero_core::{flow, journey, media, validate, Answers, StepId};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = StepId::parse(&text);
    let name = media::storage_object_name(1_700_000_000_000.0, &text);
    assert!(name.is_ascii());
    let _ = media::check_attachment(data.len() as f64, &text, &text);
    let _ = media::upload_content_type(&text, &text);
    if let Ok(answers) = serde_json::from_slice::<Answers>(data) {
        let _ = journey::validate_all(&answers);
        for id in ["1", "2", "3", "4a", "4b", "4b-other", "5a", "5b", "6", "7", "8"] {
            if let Ok(step) = StepId::parse(id) {
                let _ = flow::next_step(step, &answers);
                let _ = flow::previous_step(step, &answers);
                let _ = validate::validate_step(step, &answers);
            }
        }
    }
});

//! The reference vectors (`tests/vectors/reference.json`): a response's reference from its
//! id, and what an operator types read back to the id's first 40 bits.

use serde_json::Value;
use stepzero_core::reference::{id_prefix, reference};

#[test]
fn reference_vectors() {
    let path = format!(
        "{}/../tests/vectors/reference.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let doc: Value = serde_json::from_str(&text).expect("json");
    let list = |key: &str| {
        doc[key]
            .as_array()
            .filter(|l| !l.is_empty())
            .expect(key)
            .clone()
    };
    for case in list("reference") {
        let id = case["id"].as_str().expect("id");
        let got = reference(id);
        assert_eq!(
            got.as_deref(),
            case["reference"].as_str(),
            "{}",
            case["name"]
        );
        if let Some(r) = got {
            let hex: String = id.to_lowercase().replace('-', "")[..10].to_owned();
            assert_eq!(
                id_prefix(&r).as_deref(),
                Some(hex.as_str()),
                "{} reads back",
                case["name"]
            );
        }
    }
    for case in list("read") {
        let text = case["text"].as_str().expect("text");
        assert_eq!(
            id_prefix(text).as_deref(),
            case["prefix"].as_str(),
            "{}",
            case["name"]
        );
    }
}

//! The proof-of-work vectors (`tests/vectors/work.json`, also read by vitest and the wasm test):
//! the canonical message, the hash, the first solution (of the first form and of each part of
//! the split form), the split's shape and the refusal reading.

use serde_json::Value;
use stepzero_core::work;

fn load() -> Value {
    let path = format!("{}/../tests/vectors/work.json", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(path).expect("work.json")).expect("parses")
}

fn num(case: &Value, key: &str) -> u64 {
    case[key]
        .as_u64()
        .unwrap_or_else(|| panic!("{key} is a number"))
}

#[test]
fn verify_vectors() {
    for case in load()["verify"].as_array().expect("verify list") {
        let (id, nonce) = (
            case["id"].as_str().expect("id"),
            case["nonce"].as_str().expect("nonce"),
        );
        let ms = num(case, "completionMs");
        let difficulty = u32::try_from(num(case, "difficulty")).expect("small");
        let valid = work::verify(id, ms, nonce, difficulty);
        assert_eq!(
            valid,
            case["valid"].as_bool().expect("valid"),
            "{}",
            case["name"]
        );
        if case["sha256"].is_string() {
            // Each listed solution is the first one from 0: the solver must find exactly it.
            let found = work::solve(id, ms, difficulty, 0, 1 << 24).map(|n| n.to_string());
            assert_eq!(found.as_deref(), Some(nonce), "{}", case["name"]);
        }
    }
}

#[test]
fn split_vectors() {
    for case in load()["split"].as_array().expect("split list") {
        let (id, text) = (
            case["id"].as_str().expect("id"),
            case["work"].as_str().expect("work"),
        );
        let ms = num(case, "completionMs");
        let difficulty = u32::try_from(num(case, "difficulty")).expect("small");
        let valid = case["valid"].as_bool().expect("valid");
        assert_eq!(
            work::verify(id, ms, text, difficulty),
            valid,
            "{}",
            case["name"]
        );
        if case["firstFromZero"].as_bool() == Some(true) {
            // Each part's listed nonce is its first solution from 0: the solver finds exactly it.
            assert_eq!(
                work::solve_all(id, ms, difficulty).as_deref(),
                Some(text),
                "{}",
                case["name"]
            );
        }
    }
}

#[test]
fn shape_vectors() {
    for case in load()["shape"].as_array().expect("shape list") {
        let difficulty = u32::try_from(num(case, "difficulty")).expect("small");
        let (parts, bits) = work::shape(difficulty);
        assert_eq!(u64::from(parts), num(case, "parts"), "{case}");
        assert_eq!(u64::from(bits), num(case, "partBits"), "{case}");
    }
}

#[test]
fn refusal_vectors() {
    for case in load()["refusal"].as_array().expect("refusal list") {
        let got = work::refusal_difficulty(
            case["code"].as_str().expect("code"),
            case["hint"].as_str().expect("hint"),
        );
        assert_eq!(got.map(u64::from), case["expect"].as_u64(), "{case}");
    }
}

#[test]
fn the_database_starts_at_the_engines_default_difficulty() {
    // The last migration that sets the column's default decides it: the table's own
    // (`work_difficulty integer not null default d`) or a later `alter column`
    // (`work_difficulty set default d`).
    let dir = format!("{}/../supabase/migrations", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("migrations")
        .filter_map(|entry| Some(entry.ok()?.path()))
        .collect();
    files.sort();
    let default_in = |sql: &str| {
        [
            "work_difficulty integer not null default ",
            "work_difficulty set default ",
        ]
        .iter()
        .filter_map(|lead| {
            let at = sql.rfind(lead)? + lead.len();
            let digits: String = sql[at..].chars().take_while(char::is_ascii_digit).collect();
            Some((at, digits.parse::<u32>().ok()?))
        })
        .max()
        .map(|(_, difficulty)| difficulty)
    };
    let last = files
        .iter()
        .rev()
        .find_map(|path| default_in(&std::fs::read_to_string(path).ok()?));
    assert_eq!(
        last,
        Some(work::DEFAULT_DIFFICULTY),
        "the migrations' last default for work_difficulty: keep it equal to the engine's"
    );
}

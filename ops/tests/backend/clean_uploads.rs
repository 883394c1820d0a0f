//! `clean-uploads`: an upload a pending response can still claim (younger than the retention)
//! survives, as does every upload a row names; an unclaimable one (older, no row) is deleted
//! through the Storage API, its bytes too.

use super::emails;
use super::remind::backdate;
use super::support::{stack, stderr, stdout, Stack};

const BYTES: &[u8] = b"\xff\xd8\xff\xe0 not really a photo";

fn upload(stack: &Stack, name: &str) {
    let answer = ureq::post(format!(
        "{}/storage/v1/object/survey_media/{name}",
        stack.url
    ))
    .header("apikey", &stack.service_key)
    .header("Authorization", format!("Bearer {}", stack.service_key))
    .header("Content-Type", "image/jpeg")
    .send(BYTES);
    assert!(answer.is_ok(), "upload: {answer:?}");
}

fn has_bytes(stack: &Stack, name: &str) -> bool {
    ureq::get(format!("{}/__stack/objects/survey_media/{name}", stack.url))
        .config()
        .http_status_as_error(false)
        .build()
        .call()
        .expect("the stand-in answers")
        .status()
        == 200
}

#[test]
fn only_uploads_no_pending_response_can_claim_are_deleted() {
    let Some(stack) = stack() else { return };
    let named_old = "1791879000001_named.jpg";
    let young = "1791879000002_young.jpg";
    let almost = "1791879000003_almost.jpg";
    let expired = "1791879000004_expired.jpg";
    for name in [named_old, young, almost, expired] {
        upload(&stack, name);
    }
    let answers = emails::yes("Sing on the bus", "Yes", "31");
    let row = emails::record_with_file(
        &answers,
        "c1000001-0001-4000-8000-000000000001",
        "2026-11-03T10:00:00Z",
        Some(named_old),
    );
    stack.insert(
        &stack.service_key,
        &serde_json::to_value(row).expect("json"),
    );
    backdate(&stack, &[], &[named_old, expired], 46.0);
    backdate(&stack, &[], &[almost], 44.0);

    let dir = tempfile::tempdir().expect("dir");
    let output = stack.tool(dir.path(), &["clean-uploads"], &[]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).contains("deleted 1 upload"),
        "{}",
        stdout(&output)
    );
    assert!(
        !has_bytes(&stack, expired),
        "the unclaimable upload's bytes are gone"
    );
    for kept in [named_old, young, almost] {
        assert!(has_bytes(&stack, kept), "{kept} is kept");
    }
    let again = stack.tool(dir.path(), &["clean-uploads"], &[]);
    assert!(stdout(&again).contains("no upload to delete"), "{again:?}");
}

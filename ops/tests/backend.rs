//! The tool against the real local backend (tests/stack): PostgreSQL, PostgREST and the
//! gateway, with the locally signed service-role key. `make test-ops` starts a throwaway
//! stack and runs these; under a plain `cargo test` (no stack) each one says it was skipped.

mod backend {
    mod clean_uploads;
    mod emails;
    mod errors;
    mod export;
    mod forget;
    mod import;
    mod import_refusals;
    mod late_files;
    mod remind;
    mod report;
    mod support;
}

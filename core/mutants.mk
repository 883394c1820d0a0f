# Mutation testing of the engine, included by the top-level Makefile. Not part of `make test`:
# it builds and tests the crate once per mutant, minutes on a small machine (the property
# tests run 32 cases per mutant instead of 256: the shared vectors do most of the killing).
#   make mutants      cargo-mutants over the engine's rules (flow, validate, journey, record,
#                     outbox); every mutant must be caught or listed in core/mutants.toml's
#                     exclusions with the reason it changes nothing. Output in target/mutants.out/.

MUTANTS_FILES := core/src/flow.rs core/src/validate.rs core/src/journey.rs core/src/record.rs \
	core/src/outbox.rs

.PHONY: mutants

mutants: tools
	@scripts/ensure-cargo-bin.sh cargo-mutants cargo-mutants
	PROPTEST_CASES=32 cargo mutants --package stepzero-core --config core/mutants.toml \
	  --output target $(addprefix --file ,$(MUTANTS_FILES)) --timeout 120 --jobs 1

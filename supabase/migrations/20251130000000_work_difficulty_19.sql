-- The proof of work's default difficulty goes from 18 to 19 (issue #24; docs/decisions.md,
-- "Abuse resistance", the entry "default difficulty 19"): the visitor's solver got about 2.1x faster per hash, and so did the
-- attacker's native solver (core/examples/work_flood.rs runs the same search), to about 81 rows
-- per CPU-second at 18. At 19 an attacker's native solver stores about 40 rows per CPU-second
-- (no more than the 69 the work is held to) while the visitor's wasm solver under a 4x CPU
-- slowdown stays well inside 300 ms at p95. Equal to the engine's DEFAULT_DIFFICULTY
-- (core/src/work.rs; core/tests/engine/work.rs checks the two agree).
alter table stepzero_private.settings alter column work_difficulty set default 19;

-- The stored setting follows only if it is still the old default: an operator who chose another
-- value (raised during an attack, or lowered) keeps it, and lowers or raises it by hand
-- (docs/operate.md). The update goes through the history's trigger
-- (20251125000000_work_difficulty_history.sql), so the history records 19 from now: the
-- operators' import still asks 18 of an email sent before this migration, 19 of one sent after.
-- Rows in flight are not lost: a visitor's outbox row solved at 18 is refused with the usual
-- PT428 and hint `difficulty=19`, and the browser solves it again at 19 and sends it at once
-- (web/src/outbox/work.ts; 20251122000100_one_row_and_work.sql).
update stepzero_private.settings set work_difficulty = 19 where work_difficulty = 18;

-- The proof of work's default difficulty goes from 18 to 19
-- (docs/decisions.md, "Abuse resistance"; figures: commit 56c7c6a): the faster search speeds up
-- the attacker's native solver too (core/examples/work_flood.rs runs the same search), past the
-- 69 rows per CPU-second the work is held to at 18; at 19 it stays under, while the visitor's
-- wasm solver under a 4x CPU slowdown stays inside 300 ms at p95. Equal to the engine's
-- DEFAULT_DIFFICULTY (core/src/work.rs; core/tests/engine/work.rs checks the two agree).
alter table stepzero_private.settings alter column work_difficulty set default 19;

-- The stored setting follows only if it is still the old default: an operator who chose another
-- value (raised during an attack, or lowered) keeps it, and lowers or raises it by hand
-- (docs/operate.md, "During an attack"). The update goes through the history's trigger
-- (20251125000000_work_difficulty_history.sql), so the history records 19 from now: the
-- operators' import still asks 18 of an email sent before this migration, 19 of one sent after.
-- Rows in flight are not lost: a visitor's outbox row solved at 18 is refused with the usual
-- PT428 and hint `difficulty=19`, and the browser solves it again at 19 and sends it at once
-- (web/src/outbox/work.ts; 20251122000100_one_row_and_work.sql).
update stepzero_private.settings set work_difficulty = 19 where work_difficulty = 18;

// pg_cron runs in the stack as on hosted Supabase (issue #22): the migrations' job that erases
// addresses older than address_retention_days is scheduled with a command naming no address,
// and when pg_cron runs it (here every minute, to be quick) the old address is erased and is
// then in no table, pg_cron's run history included.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { connectAsOwner, sleep, startStack, validRow } from './helpers.mjs';

let stack;
let db;

before(async () => {
  stack = await startStack();
  db = await connectAsOwner(stack);
});

after(async () => {
  await db?.end();
  await stack?.stop();
});

test("pg_cron runs the address retention; the address is then in no table, cron's included", async () => {
  const { rows: jobs } = await db.query('select schedule, command from cron.job');
  assert.deepEqual(jobs, [{ schedule: '17 * * * *', command: 'select stepzero_private.erase_expired_addresses()' }]);

  const row = validRow({
    question3_completed: 'Not Yet',
    question4a_discomfort: null,
    question4b_reason: "I'm too nervous",
    question5a_another: null,
    question5b_reminder: 'Yes',
    question5b_email: 'cron.retention@example.org',
  });
  const columns = Object.keys(row);
  await db.query(
    `insert into public.survey_responses (${columns.join(', ')}, created_at)
     values (${columns.map((_, i) => `$${i + 1}`).join(', ')}, now() - interval '31 days')`,
    Object.values(row),
  );
  // The same job, every minute instead of every hour (cron.schedule replaces it by name).
  await db.query(`select cron.schedule('stepzero-erase-expired-addresses', '* * * * *', $1)`, [jobs[0].command]);
  const deadline = Date.now() + 75_000;
  for (;;) {
    const { rows } = await db.query("select count(*)::int as n from cron.job_run_details where status = 'succeeded'");
    if (rows[0].n > 0) break;
    assert.ok(Date.now() < deadline, 'pg_cron ran the job within 75 s');
    await sleep(1000);
  }
  const { rows: stored } = await db.query('select question5b_email, address_erased_at from public.survey_responses where id = $1', [
    row.id,
  ]);
  assert.equal(stored[0].question5b_email, null);
  assert.ok(stored[0].address_erased_at);
  const found = await (await stack.api('/__stack/find/cron.retention@example.org')).json();
  assert.deepEqual(found.found, []);
  assert.ok(found.tables > 50);
});

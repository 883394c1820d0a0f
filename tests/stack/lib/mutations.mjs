// The database rules as they stand after every migration, read from the catalog (not from the
// migration files, which a later migration may redefine), and one mutation per rule: SQL that
// removes or weakens exactly that rule. New tables, constraints, grants, policies and buckets
// are picked up without changes here, in `public` (with the functions the operators' tool calls
// there) and in the operator's private schema (stepzero_private: its settings, counters and the
// security definer checks the policies and triggers call).

const q = (id) => `"${id.replaceAll('"', '""')}"`;
// The schemas whose tables, sequences and functions hold rules (stepzero_private need not exist).
const SCHEMAS = "('public', 'stepzero_private')";
const lit = (s) => `'${s.replaceAll("'", "''")}'`;

/** Splits a deparsed boolean expression into its top-level AND terms (quotes respected). */
export function conjuncts(expr) {
  let e = expr.trim();
  while (e.startsWith('(') && closingParen(e, 0) === e.length - 1) e = e.slice(1, -1).trim();
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < e.length; i++) {
    const ch = e[i];
    if (ch === "'") {
      i++;
      while (i < e.length && !(e[i] === "'" && e[i + 1] !== "'")) i += e[i] === "'" ? 2 : 1;
    } else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (depth === 0 && e.startsWith(' AND ', i)) {
      parts.push(e.slice(start, i).trim());
      start = i + 5;
      i += 4;
    }
  }
  parts.push(e.slice(start).trim());
  return parts;
}

function closingParen(s, open) {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    if (s[i] === "'") {
      i++;
      while (i < s.length && !(s[i] === "'" && s[i + 1] !== "'")) i += s[i] === "'" ? 2 : 1;
    } else if (s[i] === '(') depth++;
    else if (s[i] === ')' && --depth === 0) return i;
  }
  return -1;
}

/** Weakenings of stepzero_private.check_work (supabase/migrations/*_work_split.sql): [label, text, replacement]. */
const WORK_CHECK_MUTANTS = [
  ['any number of parts', 'cardinality(nonces) = parts and', ''],
  ['parts not bound to their index', 'part.i - 1', '0'],
  ['64 parts (another split)', 'parts integer := 1 << least(difficulty, 5)', 'parts integer := 1 << least(difficulty, 6)'],
  [
    'one bit less per part',
    'part_bits integer := difficulty - least(difficulty, 5)',
    'part_bits integer := difficulty - least(difficulty, 5) - 1',
  ],
  [
    'the first form one bit short',
    "difficulty)\n        = repeat('0', difficulty)",
    "difficulty - 1)\n        = repeat('0', difficulty - 1)",
  ],
  ['no split form', "nonces := string_to_array(nonce, ',');", "nonces := '{}';"],
  ['no first form', "if nonce ~ '^[0-9]{1,20}$' then", 'if false then'],
];

// Weakenings of the reminders' and retention's functions
// (supabase/migrations/20251127000000_reminders_and_retention.sql), each caught by
// supabase/tests/database/09_reminders_and_retention.test.sql. The two locks are seen from the
// one session the SQL tests have: the claim's advisory lock in pg_locks, the claimed row's
// FOR UPDATE in pgrowlocks. Left out, as one session cannot tell them apart from the rule: SKIP
// LOCKED alone (dropped, a claim waits for a row another transaction locked instead of passing
// it; within the advisory lock only a concurrent forget holds one), and finish_reminder's
// FOR UPDATE (a concurrent forget then waits on the delete instead). `make test-ops` runs two
// claims at once against the real stack (ops/tests/backend/remind.rs).
const CLAIM_MUTANTS = [
  [
    'no advisory lock (claims in parallel)',
    "perform pg_advisory_xact_lock('pg_class'::regclass::oid::integer,\n                                'stepzero_private.reminders'::regclass::oid::integer);",
    '',
  ],
  ['no FOR UPDATE SKIP LOCKED', 'for update of r skip locked', ''],
  ['expired addresses not erased first', 'perform stepzero_private.erase_expired_addresses();', ''],
  ['delay ignored', 'and r.created_at <= now() - make_interval(days => settings.reminder_delay_days)', ''],
  ['a claimed one claimed again', 'and not exists (select 1 from stepzero_private.reminders m where m.response_id = r.id)', ''],
  // supabase/migrations/20251201000000_no_reminder_after_forget.sql, caught by 12_no_reminder_after_forget.test.sql.
  ['a forgotten one claimed', 'and not exists (select 1 from stepzero_private.forgotten_responses f where f.id = r.id)', ''],
  ['newest first', 'order by r.created_at, r.id', 'order by r.created_at desc, r.id'],
  ['max_count ignored', 'exit when claimed >= max_count;', ''],
  [
    'daily cap ignored',
    "exit when (select count(*) from stepzero_private.reminders m\n                where m.claimed_at > now() - interval '1 day' and m.state <> 'skipped')\n              >= settings.reminder_daily_cap;",
    '',
  ],
  ['daily cap off by one', '>= settings.reminder_daily_cap;', '> settings.reminder_daily_cap;'],
  ['daily cap counts every claim ever', "m.claimed_at > now() - interval '1 day' and ", ''],
  ['daily cap counts skipped ones', " and m.state <> 'skipped'", ''],
  ['per-address period ignored', 'if not found then', 'if false then'],
  ['per-address period ends at once', 'now() + make_interval(days => settings.reminder_address_period_days)', 'now()'],
  [
    'a skipped address kept',
    'update public.survey_responses r\n         set question5b_email = null, address_erased_at = now()\n       where r.id = due.id;',
    '',
  ],
];
const FINISH_MUTANTS = [
  ['any outcome', "outcome is null or outcome not in ('sent', 'failed', 'retry')", 'false'],
  ['a finished one finished again', "and m.state = 'claimed'", ''],
  ['retry keeps the claim', 'delete from stepzero_private.reminders m where m.response_id = finish_reminder.response_id;', ''],
  [
    'retry keeps the period',
    'delete from stepzero_private.reminder_addresses a\n     where a.address_hash = stepzero_private.address_hash(address);',
    '',
  ],
  ['every outcome recorded as sent', 'set state = outcome,', "set state = 'sent',"],
  [
    'address not erased on sent or failed',
    'update public.survey_responses r\n     set question5b_email = null, address_erased_at = now()\n   where r.id = finish_reminder.response_id;',
    '',
  ],
  [
    'address not erased on failed',
    'where r.id = finish_reminder.response_id;',
    "where r.id = finish_reminder.response_id and outcome = 'sent';",
  ],
];
const ERASE_MUTANTS = [
  ['lost-claim hour rule dropped', 'r.id in (select response_id from lost)\n          or ', ''],
  ['every open claim lost at once', " and m.claimed_at < now() - interval '1 hour'", ''],
  [
    'retention interval ignored',
    'or r.created_at < now() - make_interval(days => (select s.address_retention_days\n                                                              from stepzero_private.settings s))',
    '',
  ],
  [
    'retention setting ignored (30 days)',
    'make_interval(days => (select s.address_retention_days\n                                                              from stepzero_private.settings s))',
    "interval '30 days'",
  ],
  ['expired periods kept', 'delete from stepzero_private.reminder_addresses a where a.until <= now();', ''],
  ['periods deleted before they end', 'where a.until <= now();', 'where true;'],
];
const UPLOADS_MUTANTS = [
  ['any bucket', "o.bucket_id = 'survey_media'\n     and ", ''],
  [
    'retention interval ignored',
    'and o.created_at < now() - make_interval(days => (select s.upload_retention_days\n                                                         from stepzero_private.settings s))',
    '',
  ],
  [
    'retention setting ignored (45 days)',
    'make_interval(days => (select s.upload_retention_days\n                                                         from stepzero_private.settings s))',
    "interval '45 days'",
  ],
  ['named uploads listed', 'and not exists (select 1 from public.survey_responses r where r.media_file_url = o.name)', ''],
];
const ADDRESS_HASH_MUTANTS = [['case counts', 'lower(address)', 'address']];
const FORGET_PERIOD_MUTANTS = [['every period deleted', 'where a.address_hash in', 'where true or a.address_hash in']];

/** Functions whose body holds rules no catalog entry shows: [schema, name, mutants]. */
const BODY_MUTANTS = [
  ['stepzero_private', 'check_work', WORK_CHECK_MUTANTS],
  ['public', 'claim_reminders', CLAIM_MUTANTS],
  ['public', 'finish_reminder', FINISH_MUTANTS],
  ['stepzero_private', 'erase_expired_addresses', ERASE_MUTANTS],
  ['public', 'expired_unclaimed_uploads', UPLOADS_MUTANTS],
  ['stepzero_private', 'address_hash', ADDRESS_HASH_MUTANTS],
  ['public', 'forget_reminder_addresses', FORGET_PERIOD_MUTANTS],
];

/** @returns {Promise<{label: string, sql: string}[]>} read with a pg client on the migrated db */
export async function discover(db) {
  const out = [];
  const add = (label, sql) => out.push({ label, sql });
  const rows = async (text) => (await db.query(text)).rows;

  const tables = await rows(`
    select c.oid, n.nspname, c.relname, c.relrowsecurity,
           case when n.nspname = 'public' then '' else n.nspname || '.' end || c.relname as label
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ${SCHEMAS} and c.relkind in ('r', 'p') order by n.nspname, c.relname`);
  for (const t of tables) {
    const T = `${q(t.nspname)}.${q(t.relname)}`;
    for (const c of await rows(`select conname, contype from pg_constraint
                                 where conrelid = ${t.oid} order by conname`)) {
      // cascade: a primary key another table's foreign key references (stepzero_private.reminders
      // references the responses) goes with that foreign key, as it cannot go alone.
      add(`${t.label}: drop constraint ${c.conname}`, `alter table ${T} drop constraint ${q(c.conname)} cascade`);
    }
    for (const a of await rows(`
        select a.attname, a.attnotnull, d.adbin is not null as has_default,
               exists (select 1 from pg_index i where i.indrelid = a.attrelid and i.indisprimary
                                                  and a.attnum = any (i.indkey)) as in_pk
          from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
         where a.attrelid = ${t.oid} and a.attnum > 0 and not a.attisdropped order by a.attnum`)) {
      if (a.attnotnull && !a.in_pk) {
        add(`${t.label}: ${a.attname} nullable`, `alter table ${T} alter column ${q(a.attname)} drop not null`);
      }
      if (a.has_default) {
        add(`${t.label}: ${a.attname} without default`, `alter table ${T} alter column ${q(a.attname)} drop default`);
      }
    }
    if (t.relrowsecurity) add(`${t.label}: row level security off`, `alter table ${T} disable row level security`);
    // As if the migration's REVOKE were missing: the API roles keep hosted Supabase's defaults.
    add(`${t.label}: API roles keep every privilege`, `grant all on ${T} to anon, authenticated`);
    for (const g of await rows(`
        select distinct grantee, privilege_type from information_schema.role_column_grants
         where table_schema = ${lit(t.nspname)} and table_name = ${lit(t.relname)}
           and grantee in ('anon', 'authenticated')
        union
        select distinct grantee, privilege_type from information_schema.role_table_grants
         where table_schema = ${lit(t.nspname)} and table_name = ${lit(t.relname)}
           and grantee in ('anon', 'authenticated') order by 1, 2`)) {
      add(`${t.label}: revoke ${g.privilege_type} from ${g.grantee}`, `revoke ${g.privilege_type} on ${T} from ${q(g.grantee)}`);
    }
    for (const tg of await rows(`select tgname from pg_trigger where tgrelid = ${t.oid} and not tgisinternal`)) {
      add(`${t.label}: drop trigger ${tg.tgname}`, `drop trigger ${q(tg.tgname)} on ${T}`);
    }
  }

  // Sequences (the private counters): as if their REVOKE were missing.
  for (const sq of await rows(`select n.nspname, c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
                                where n.nspname in ${SCHEMAS} and c.relkind = 'S' order by 1, 2`)) {
    add(
      `sequence ${sq.nspname}.${sq.relname}: API roles keep every privilege`,
      `grant all on sequence ${q(sq.nspname)}.${q(sq.relname)} to anon, authenticated`,
    );
  }

  // Functions of the private schema, and those of `public` the migrations make (the operators'
  // questions the service role asks through the API; an extension's own are not rules): a
  // security definer one run as its caller instead (who may read none of what it reads), and
  // EXECUTE for an API role that does not have it. Named with their schema (an empty search_path
  // while they are read), as the mutated copy's session may not search `public`.
  await db.query("set search_path = ''");
  const functions = await rows(`select p.oid::regprocedure::text as sig, p.prosecdef,
                                     array(select r from unnest(array['anon', 'authenticated']) r
                                            where not has_function_privilege(r, p.oid, 'EXECUTE')) as lacking
                                from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                               where n.nspname in ${SCHEMAS}
                                 and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass
                                                    and d.objid = p.oid and d.deptype = 'e')
                               order by 1`);
  await db.query('reset search_path');
  for (const f of functions) {
    if (f.prosecdef) add(`function ${f.sig}: security invoker`, `alter function ${f.sig} security invoker`);
    for (const r of f.lacking) add(`function ${f.sig}: executable by ${r}`, `grant execute on function ${f.sig} to ${q(r)}`);
  }

  // Inside the functions of BODY_MUTANTS (a body is one rule in several parts, which no catalog
  // entry shows): each weakening rewrites the function's own definition; one that no longer
  // matches the text fails to apply and is reported, so an edit of the function cannot silently
  // drop its mutants. A function that is missing is reported too.
  for (const [schema, name, mutants] of BODY_MUTANTS) {
    const [fn] = await rows(`select pg_get_functiondef(p.oid) as def from pg_proc p join pg_namespace n
                               on n.oid = p.pronamespace where n.nspname = ${lit(schema)} and p.proname = ${lit(name)}`);
    for (const [label, from, to] of mutants) {
      add(
        `function ${name}: ${label}`,
        fn?.def.includes(from) ? fn.def.replace(from, to) : `select 'no longer matches: ${name}: ${label}'::int`,
      );
    }
  }

  for (const p of await rows(`select schemaname, tablename, policyname, permissive, roles::text[] as roles,
                                     cmd, qual, with_check from pg_policies
                               where schemaname in ('public', 'storage') order by 1, 2, 3`)) {
    const T = `${q(p.schemaname)}.${q(p.tablename)}`;
    const P = `${q(p.policyname)} on ${T}`;
    const name = `policy ${p.policyname}`;
    const roles = p.roles.map((r) => (r === 'public' ? 'public' : q(r))).join(', ');
    add(`${name}: dropped`, `drop policy ${P}`);
    if (!(p.roles.length === 1 && p.roles[0] === 'public')) add(`${name}: for every role`, `alter policy ${P} to public`);
    if (p.cmd !== 'ALL') {
      const using = p.qual ?? p.with_check;
      add(
        `${name}: for every command`,
        `drop policy ${P}; create policy ${q(p.policyname)} on ${T}
        as ${p.permissive} for all to ${roles} using (${using})` + (p.with_check ? ` with check (${p.with_check})` : ''),
      );
    }
    for (const [clause, expr] of [
      ['using', p.qual],
      ['with check', p.with_check],
    ]) {
      if (!expr) continue;
      // A condition that is already `true` (the insert policy leaves the device clock alone) has
      // nothing to loosen: that mutant would be the rule itself.
      if (!/^\(?true\)?$/i.test(expr.trim())) add(`${name}: ${clause} (true)`, `alter policy ${P} ${clause} (true)`);
      const terms = conjuncts(expr);
      if (terms.length < 2) continue;
      terms.forEach((term, i) => {
        const rest = terms
          .filter((_, j) => j !== i)
          .map((x) => `(${x})`)
          .join(' and ');
        add(`${name}: ${clause} without ${term}`, `alter policy ${P} ${clause} (${rest})`);
      });
    }
  }

  for (const b of await rows(`select id, public, file_size_limit, allowed_mime_types::text[] as types
                                from storage.buckets order by id`)) {
    const W = `update storage.buckets set %s where id = ${lit(b.id)}`;
    const set = (s) => W.replace('%s', s);
    add(`bucket ${b.id}: public ${!b.public}`, set(`public = ${!b.public}`));
    if (b.file_size_limit !== null) add(`bucket ${b.id}: no size limit`, set('file_size_limit = null'));
    if (b.file_size_limit !== null) add(`bucket ${b.id}: size limit doubled`, set(`file_size_limit = ${Number(b.file_size_limit) * 2}`));
    if (b.types) {
      add(`bucket ${b.id}: any type`, set('allowed_mime_types = null'));
      add(`bucket ${b.id}: allows image/svg+xml`, set("allowed_mime_types = allowed_mime_types || '{image/svg+xml}'"));
      for (const t of b.types) {
        add(`bucket ${b.id}: without ${t}`, set(`allowed_mime_types = array_remove(allowed_mime_types, ${lit(t)})`));
      }
    }
  }
  return out;
}

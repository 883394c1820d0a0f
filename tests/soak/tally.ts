// How the soak counts what arrived, by id, as the operators' import would (ops/src/import.rs):
// a response is delivered when its id is a row, or is in an email the import can read (its
// `response_json` carries the id). An email of an id that is also a row, or a second email of
// one id, is not a second response: the import inserts by id, and a repeat answers "already
// stored". So "duplicated" is what the import could NOT fold: one visitor's answers under two
// ids (the visitor's marker, in the answers, found in rows or emails of more than one id), or
// one id in two rows (the primary key forbids it; checked anyway), or an id no visitor had.

export interface Arrived {
  rows: { id: string; text: string }[];
  /** Each email as the stand-in received it: `template_params` with `response_json`. */
  emails: { template_params?: Record<string, string> }[];
}

export interface Visitor {
  id: string | null;
  marker: string;
}

export interface Tally {
  visitors: number;
  delivered: number;
  lost: number;
  duplicated: number;
  asRow: number;
  asEmailOnly: number;
  /** Emails the import reads as "already stored": of an id that is a row, or a repeat email. */
  foldedEmails: number;
  /** Ids found that no visitor had (counted in `duplicated`). */
  strangers: string[];
  lostIds: string[];
}

/** The id an email carries for the import, or null when it carries none. */
export function emailId(email: Arrived['emails'][number]): string | null {
  try {
    const block = JSON.parse(email.template_params?.response_json ?? '');
    return typeof block?.id === 'string' ? block.id.toLowerCase() : null;
  } catch {
    return null;
  }
}

export function tally(visitors: Visitor[], arrived: Arrived): Tally {
  const rowIds = new Map<string, number>();
  const texts = new Map<string, string[]>(); // id -> everything that arrived for it, as text
  const add = (id: string, text: string) => texts.set(id, [...(texts.get(id) ?? []), text]);
  for (const row of arrived.rows) {
    const id = row.id.toLowerCase();
    rowIds.set(id, (rowIds.get(id) ?? 0) + 1);
    add(id, row.text);
  }
  const emailIds = new Set<string>();
  let foldedEmails = 0;
  for (const email of arrived.emails) {
    const id = emailId(email);
    if (id === null) continue;
    if (rowIds.has(id) || emailIds.has(id)) foldedEmails += 1;
    emailIds.add(id);
    add(id, JSON.stringify(email.template_params));
  }
  const known = new Set(visitors.map((visitor) => visitor.id?.toLowerCase()).filter((id): id is string => !!id));
  const strangers = [...texts.keys()].filter((id) => !known.has(id));
  let duplicated = strangers.length + [...rowIds.values()].filter((count) => count > 1).length;
  const lostIds: string[] = [];
  let asRow = 0;
  let asEmailOnly = 0;
  for (const visitor of visitors) {
    const id = visitor.id?.toLowerCase() ?? null;
    if (id !== null && rowIds.has(id)) asRow += 1;
    else if (id !== null && emailIds.has(id)) asEmailOnly += 1;
    else lostIds.push(visitor.id ?? `(${visitor.marker}: never kept)`);
    const under = [...texts.entries()].filter(([, found]) => found.some((text) => text.includes(visitor.marker))).map(([found]) => found);
    if (new Set(under).size > 1) duplicated += 1;
  }
  return {
    visitors: visitors.length,
    delivered: asRow + asEmailOnly,
    lost: lostIds.length,
    duplicated,
    asRow,
    asEmailOnly,
    foldedEmails,
    strangers,
    lostIds,
  };
}

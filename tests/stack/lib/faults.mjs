// The faults a test can set on the local backend (POST /__stack/faults): make the next insert,
// upload, email or reminder (resend) fail with a status, drop the connection, or (insert) commit
// and lose the answer, or answer late, or (email) refuse bodies over a size, or (upload) read its
// body at a trickle; or (insert, upload) hold the call until the faults are next set. Read by
// the gateway at each call. "refuse" is the network itself, for everyone who meets it (pages,
// service workers, the operators' tool): every request but the tests' own (/__stack/*) has its
// connection cut, for that many milliseconds from when it is set.

const FAULT_KEYS = ['insert', 'upload', 'email', 'resend', 'refuse'];

export class Faults {
  constructor() {
    this.set = {};
    this.#announce();
  }

  /** Resolves when the faults are next replaced or cleared (what a held upload waits for). */
  changed() {
    return this.nextChange;
  }

  #announce() {
    this.wake?.();
    this.nextChange = new Promise((resolve) => {
      this.wake = resolve;
    });
  }

  /** Replaces the faults with `body`; returns a message saying what is wrong with it, or null. */
  replace(body) {
    const problem = faultProblem(body);
    if (problem) return problem;
    const { refuse, ...calls } = body;
    this.set = calls;
    this.refusingUntil = refuse === undefined ? 0 : Date.now() + refuse;
    this.#announce();
    return null;
  }

  /** Whether a new connection is to be cut now (the "refuse" fault). */
  refusing() {
    return Date.now() < (this.refusingUntil ?? 0);
  }

  clear() {
    this.set = {};
    this.refusingUntil = 0;
    this.#announce();
  }

  /**
   * The fault set for `call`, if any, counting down a `{fault, times}` one (cleared at zero).
   * `undefined` when the call should behave normally.
   */
  take(call) {
    const set = this.set[call];
    if (set === undefined) return undefined;
    if (typeof set !== 'object') return set;
    if (set.times !== undefined) {
      set.times -= 1;
      if (set.times <= 0) delete this.set[call];
    }
    return set.fault;
  }
}

/** Answers a fault: a status through `answer`, or "drop" (the connection is cut without an answer). */
export function answerFault(res, value, answer) {
  if (value === 'drop') return res.socket?.destroy();
  return answer(value);
}

function faultProblem(body) {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'body must be an object such as {"insert":500}';
  for (const [k, v] of Object.entries(body)) {
    if (!FAULT_KEYS.includes(k)) return `unknown fault "${k}"; known: ${FAULT_KEYS.join(', ')}`;
    if (k === 'refuse') {
      if (!(Number.isInteger(v) && v > 0 && v <= 3_600_000)) return 'fault "refuse" must be a number of milliseconds, 1 to 3600000';
      continue;
    }
    const value = v && typeof v === 'object' && !Array.isArray(v) ? v.fault : v;
    if (v && typeof v === 'object' && v.times !== undefined && !(Number.isInteger(v.times) && v.times > 0)) {
      return `fault "${k}": times must be a positive integer`;
    }
    const statusOrDrop = value === 'drop' || (Number.isInteger(value) && value >= 400 && value <= 599);
    const insertOnly = k === 'insert' && (value === 'commit-drop' || value === 'hold' || /^delay:\d{1,6}$/.test(String(value)));
    const emailOnly = k === 'email' && /^limit:\d{1,9}$/.test(String(value));
    const uploadOnly = k === 'upload' && (value === 'hold' || /^trickle:[1-9]\d{0,9}$/.test(String(value)));
    // resend "delay:<ms>": the mail is recorded as sent, then the answer waits (a run killed
    // between the send and its record).
    const resendOnly = k === 'resend' && /^delay:\d{1,6}$/.test(String(value));
    if (!statusOrDrop && !insertOnly && !emailOnly && !uploadOnly && !resendOnly) {
      return `fault "${k}" must be an HTTP status 400-599 or "drop" (insert also: "commit-drop", "delay:<ms>", "hold"; email also: "limit:<bytes>"; upload also: "trickle:<bytes per second>", "hold"; resend also: "delay:<ms>"), optionally as {"fault": ..., "times": n}`;
    }
  }
  return null;
}

// A call bounded in time: its value, or NO_ANSWER once `ms` have passed. The call goes on; the
// caller decides what a late answer means (the proof of work is asked for again on the next
// attempt; the store watches for it). A rejection within the time is passed on.
export const NO_ANSWER = Symbol('no answer');

export function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof NO_ANSWER> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(NO_ANSWER), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}

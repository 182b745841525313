/** A policy's answer: allowed, or the reason it is not, written for the person who asked. */
export type Verdict = true | string;
export type Rule<S> = (actor: import('./roles.ts').Actor, subject: S) => Verdict;

/** The first refusal of several checks, or true. */
export function all(...verdicts: (() => Verdict)[]): Verdict {
  for (const v of verdicts) {
    const r = v();
    if (r !== true) return r;
  }
  return true;
}

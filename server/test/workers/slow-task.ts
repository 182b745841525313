// A module for worker-task.test.ts: answers, fails, spins, or allocates until the heap cap stops it.
export const double = (bytes: Uint8Array) => new Uint8Array(bytes.map((b) => b * 2));
export const refuse = (message: string) => {
  // As platform/errors.ts's badRequest carries it (not imported: the worker starts faster without it).
  throw Object.assign(new Error(message), { status: 400 });
};
export const spin = () => {
  for (;;);
};
export const hoard = () => {
  const kept: { i: number }[][] = [];
  for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => ({ i })));
};

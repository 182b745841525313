import { Writable } from 'node:stream';

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO ', 40: 'WARN ', 50: 'ERROR', 60: 'FATAL' };
/** Fields every line carries or that the compact line already shows. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err']);

function clock(time: unknown): string {
  const d = typeof time === 'number' ? new Date(time) : new Date();
  return d.toTimeString().slice(0, 8);
}

function extras(entry: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(entry)) {
    if (SHOWN.has(key) || value === undefined) continue;
    parts.push(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  }
  return parts.length ? ` ${parts.join(' ')}` : '';
}

/** One pino JSON line as one short human line (plus the stack of an error, indented). */
export function formatLogLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const level = LEVELS[entry.level as number] ?? String(entry.level);
  const head = `${clock(entry.time)} ${level}`;
  const req = entry.req as { method?: string; url?: string } | undefined;
  const res = entry.res as { statusCode?: number } | undefined;
  if (req && res && typeof entry.responseTime === 'number') {
    return `${head} ${req.method} ${req.url} ${res.statusCode} ${entry.responseTime} ms${extras(entry)}`;
  }
  const err = entry.err as { message?: string; stack?: string } | undefined;
  const stack = err?.stack ? `\n    ${err.stack.split('\n').join('\n    ')}` : err?.message ? ` (${err.message})` : '';
  return `${head} ${entry.msg ?? ''}${extras(entry)}${stack}`;
}

/** A destination that turns pino's JSON lines into compact lines on `out` (a terminal). */
export function prettyDestination(out: NodeJS.WritableStream): Writable {
  let pending = '';
  return new Writable({
    write(chunk, _encoding, done) {
      pending += String(chunk);
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      const text = lines
        .filter((l) => l.trim())
        .map((l) => `${formatLogLine(l)}\n`)
        .join('');
      if (text) out.write(text);
      done();
    },
  });
}

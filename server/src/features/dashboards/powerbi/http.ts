import { AppError } from '../../../platform/errors.ts';

export type Fetch = typeof fetch;

/** The part of a failed fetch a person can act on: the system error code (ECONNREFUSED, ENOTFOUND…) or the timeout. */
export function networkCause(err: unknown): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return 'no answer in time';
  const cause = (err as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  return cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
}

/** Calls fetch, turning a connection failure into a 503 that names the service and the cause. */
export async function reach(fetchImpl: Fetch, service: string, url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    throw new AppError(
      'UNAVAILABLE',
      `Power BI is unavailable: could not reach ${service} at ${new URL(url).origin} (${networkCause(err)}).`,
    );
  }
}

export async function readJson(res: Response): Promise<Record<string, unknown> | undefined> {
  const text = await res.text().catch(() => '');
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** An AppError that also carries how long the upstream asked us to wait (the route can send it as Retry-After). */
export class PowerBiRateLimited extends AppError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super('RATE_LIMITED', message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Retry-After as seconds (it may be a number of seconds or an HTTP date); 60 when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now: number): number {
  if (!header) return 60;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? 60 : Math.max(1, Math.ceil((at - now) / 1000));
}

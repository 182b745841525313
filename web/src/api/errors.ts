/** What an error response carried, for callers with their own wording (the admin API, spec section 8). */
export type ErrorResponseBody = { kind: 'json'; value: unknown } | { kind: 'text'; value: string } | { kind: 'none' };

/** An HTTP failure with the status and the message a person can act on. */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly body: ErrorResponseBody;

  constructor(status: number, statusText: string, message: string, body: ErrorResponseBody = { kind: 'none' }) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.body = body;
  }
}

/**
 * Reads the server's message from an error body. The contract's ErrorBody carries `detail` and
 * `message`; older services send `detail` as an object with its own `message`.
 */
export function messageFromErrorBody(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const record = body as Record<string, unknown>;
  const detail = record.detail;
  if (typeof detail === 'string' && detail) return detail;
  if (detail && typeof detail === 'object') {
    const nested = (detail as Record<string, unknown>).message;
    if (typeof nested === 'string' && nested) return nested;
  }
  if (typeof record.message === 'string' && record.message) return record.message;
  return null;
}

export async function errorFromResponse(response: Response): Promise<ApiError> {
  let message: string | null = null;
  let body: ErrorResponseBody = { kind: 'none' };
  try {
    const type = response.headers.get('content-type') ?? '';
    if (type.includes('json')) {
      const value: unknown = await response.json();
      body = { kind: 'json', value };
      message = messageFromErrorBody(value);
    } else {
      const text = await response.text();
      body = { kind: 'text', value: text };
      message = text.trim().slice(0, 300) || null;
    }
  } catch {
    // An unreadable body still leaves the status to report.
  }
  const fallback = `Request failed with status ${response.status}${response.statusText ? ` (${response.statusText})` : ''}`;
  return new ApiError(response.status, response.statusText, message ?? fallback, body);
}

import { CHAT_ERROR_ADVICE, CHAT_ERROR_TEXTS } from '@hangar/contract';
import { ApiError } from '../../api/client';
import { messageFromErrorBody } from '../../api/errors';

/** Adds the spec's advice once (the server's own texts may already end with it). */
export function withAdvice(text: string): string {
  return text.includes(CHAT_ERROR_ADVICE) ? text : `${text} ${CHAT_ERROR_ADVICE}`;
}

/** The spec's text for a status: 400, 401, 403, 404, 429, 500, 504, else the generic one. */
export function chatErrorTextForStatus(status: number | null): string {
  return (status !== null ? CHAT_ERROR_TEXTS[status] : undefined) ?? CHAT_ERROR_TEXTS.other;
}

/**
 * Spec section 8: the server's message (detail, detail.message or message) when its JSON error
 * carries one, else the text for the status; either way followed by the advice.
 */
export function chatErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    const server = error.body.kind === 'json' ? messageFromErrorBody(error.body.value) : null;
    return withAdvice(server ?? chatErrorTextForStatus(error.status));
  }
  return withAdvice(CHAT_ERROR_TEXTS.other);
}

export const isAbortError = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

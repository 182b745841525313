import { type AnswerStatus, type ChatMessage, type ChatSession, DEFAULT_CHAT_TITLE, type MultidocsCitation } from '@hangar/contract';
import { CHAT_LIMITS } from './constants';

export type ChatRole = 'user' | 'assistant' | 'info' | 'error';

/** The order in which a message's text is looked for (spec section 3: user, assistant, info or error). */
export const CHAT_ROLES: readonly ChatRole[] = ['user', 'assistant', 'info', 'error'];

/** A message as the screen shows it: one role and its text, plus what the answer cost. */
export interface UiMessage {
  key: string;
  role: ChatRole;
  text: string;
  model?: string | null;
  dataType?: ChatMessage['data_type'];
  credit?: number | null;
  /** An answer still streaming. */
  loading?: boolean;
  timestamp: string;
  /** A model-switch line not stored on the server yet (stored before the first question). */
  unsynced?: boolean;
  /** Answers: the server's id (Stop, re-attaching) and how the answer stands. */
  messageId?: number;
  status?: AnswerStatus;
  /** Multi-docs answers (model ia_multidocs): the preview panel and the sources their [n] cite. */
  preview?: string;
  citations?: MultidocsCitation[];
  previewError?: boolean;
}

export interface Conversation {
  id: string;
  title: string;
  messages: UiMessage[];
}

export class InvalidMessageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidMessageError';
  }
}

/**
 * Spec sections 5 and 8: a message must carry user, assistant, info or error text, as a string.
 * Returns the role of the first text found; throws the spec's "Invalid message: ..." otherwise.
 */
export function messageRole(message: unknown): ChatRole {
  if (message && typeof message === 'object') {
    const record = message as Record<string, unknown>;
    for (const role of CHAT_ROLES) {
      if (!(role in record) || record[role] === undefined) continue;
      if (typeof record[role] !== 'string') throw new InvalidMessageError(`Invalid message: ${role} text must be a string`);
      return role;
    }
  }
  throw new InvalidMessageError('Invalid message: must contain either user, assistant, info or error text');
}

let localCounter = 0;
export const localKey = () => `local-${++localCounter}`;
export const nowIso = () => new Date().toISOString().replace('Z', '+00:00');

/** A stored message for the screen; a malformed one becomes an error line with the validation text. */
export function toUiMessage(raw: unknown, key: string): UiMessage {
  const record = (raw && typeof raw === 'object' ? raw : {}) as Partial<ChatMessage>;
  const timestamp = typeof record.timestamp === 'string' ? record.timestamp : nowIso();
  try {
    const role = messageRole(raw);
    return {
      key,
      role,
      text: record[role] as string,
      model: record.model ?? null,
      dataType: record.data_type,
      credit: typeof record.credit === 'number' ? record.credit : null,
      timestamp,
      ...(role === 'assistant' && typeof record.message_id === 'number' ? { messageId: record.message_id } : {}),
      ...(role === 'assistant' && record.status ? { status: record.status, loading: record.status === 'streaming' } : {}),
      ...(role === 'assistant' && typeof record.preview === 'string' ? { preview: record.preview } : {}),
      ...(role === 'assistant' && Array.isArray(record.citations) ? { citations: record.citations } : {}),
      ...(role === 'assistant' && record.preview_error ? { previewError: true } : {}),
    };
  } catch (error) {
    return { key, role: 'error', text: (error as Error).message, timestamp };
  }
}

/** A session from the server, each message validated on the way in. */
export function conversationFromSession(session: Omit<ChatSession, 'conversation'> & { conversation: unknown[] }): Conversation {
  return {
    id: session.session_id,
    title: session.title,
    messages: session.conversation.map((raw, index) => toUiMessage(raw, `${session.session_id}-${index}`)),
  };
}

export const emptyConversation = (id: string): Conversation => ({ id, title: DEFAULT_CHAT_TITLE, messages: [] });

/** Empty means nothing asked or answered yet: info lines (a model switch) do not count. */
export function isEmptyConversation(messages: readonly UiMessage[]): boolean {
  return !messages.some((m) => m.role === 'user' || m.role === 'assistant');
}

/** Spec section 4: the chat's model defaults to the model of the last answer. */
export function lastAssistantModel(messages: readonly UiMessage[]): string | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === 'assistant' && message.model) return message.model;
  }
  return null;
}

/** Spec: the typed effect applies only to the last two answers of 200 characters or fewer. */
export function typedAnswerKeys(messages: readonly UiMessage[]): Set<string> {
  const answers = messages.filter((m) => m.role === 'assistant').slice(-CHAT_LIMITS.typedLastAnswers);
  return new Set(answers.filter((m) => m.text.length <= CHAT_LIMITS.typedMaxChars).map((m) => m.key));
}

/** Spec section 4: the info line added when the model changes. */
export const switchInfoText = (previous: string, next: string) => `You have now left the ${previous} ... You are now using ${next}.`;

/** The answer still being produced on the server (after a reload): the last answer, when it streams. */
export function streamingAnswer(messages: readonly UiMessage[]): UiMessage | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === 'assistant') return message.status === 'streaming' && message.messageId ? message : null;
  }
  return null;
}

/**
 * Whether a reopened conversation is in multi-docs mode: its last answer was a multi-docs one
 * (the chat's model is the last answer's, spec section 4), unless a model switch came after it.
 */
export function multidocsModeOf(messages: readonly UiMessage[], multidocsModel: string, multidocsTitle: string): boolean {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === 'assistant') return message.model === multidocsModel;
    if (message.role === 'info' && message.dataType === 'text_switch' && message.text.startsWith('You have now left'))
      return message.text.endsWith(`You are now using ${multidocsTitle}.`);
  }
  return false;
}

import {
  ANSWER_ID_HEADER,
  AnswerStopResponse,
  ChatConfigResponse,
  type ChatLanguage,
  ChatModelsResponse,
  ChatSession,
  ContextRequest,
  HistoryResponse,
  SearchResponse,
} from '@hangar/contract';
import { apiFetch, apiJson, type Parser } from '../../api/client';
import { type Conversation, conversationFromSession } from './messages';

export const chatKeys = {
  all: ['chat'] as const,
  config: ['chat', 'config'] as const,
  models: ['chat', 'models'] as const,
  history: ['chat', 'history'] as const,
  search: (q: string) => ['chat', 'search', q] as const,
  session: (id: string) => ['chat', 'session', id] as const,
};

const BASE = '/api/secured_gpt';

export type ChatConfig = ReturnType<typeof ChatConfigResponse.parse>;
export type ChatModels = ReturnType<typeof ChatModelsResponse.parse>;
export type ChatModel = ChatModels['models'][number];
export type HistoryItem = ReturnType<typeof HistoryResponse.parse>['chats'][number];
export type SearchHit = ReturnType<typeof SearchResponse.parse>['results'][number];

export const fetchChatConfig = () => apiJson(`${BASE}/config`, ChatConfigResponse);
export const changeChatLanguage = (language: ChatLanguage) => apiJson(`${BASE}/change/config/${language}`, ChatConfigResponse);
export const saveChatContext = (context: string) =>
  apiJson(`${BASE}/context`, ContextRequest, { method: 'POST', body: JSON.stringify({ context }) });
export const fetchChatModels = () => apiJson(`${BASE}/models`, ChatModelsResponse);

export async function postInfo(id: string, message: string): Promise<void> {
  await apiFetch(`${BASE}/info`, { method: 'POST', body: JSON.stringify({ id, message, type: 'text_switch' }) });
}

export const fetchHistory = async () => (await apiJson(`${BASE}/history`, HistoryResponse)).chats;
export const searchChats = async (q: string) => (await apiJson(`${BASE}/search?${new URLSearchParams({ q })}`, SearchResponse)).results;

/** The session's fields are checked by the contract; each message is validated by the screen (spec section 5). */
const SessionParser: Parser<Conversation> = {
  parse(input) {
    const conversation = (input as { conversation?: unknown })?.conversation;
    const rest = ChatSession.omit({ conversation: true }).parse(input);
    return conversationFromSession({ ...rest, conversation: Array.isArray(conversation) ? conversation : [] });
  },
};

export const fetchConversation = (id: string) => apiJson(`${BASE}/sessions/${encodeURIComponent(id)}`, SessionParser);

export async function renameChat(id: string, title: string): Promise<void> {
  await apiFetch(`${BASE}/sessions/${encodeURIComponent(id)}`, { method: 'PATCH', body: JSON.stringify({ title }) });
}

export async function deleteChat(id: string): Promise<void> {
  await apiFetch(`${BASE}/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export interface AskBody {
  id: string;
  message: string;
  model: string;
}

/**
 * The answer stream. Through apiFetch: bearer token, one refresh on 401, JSON errors as ApiError.
 * The answer's id (for Stop and re-attaching) comes in a header.
 */
export async function askStream(
  body: AskBody,
  signal: AbortSignal,
): Promise<{ body: ReadableStream<Uint8Array>; messageId: number | null }> {
  const response = await apiFetch(`${BASE}/askstream`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { Accept: 'text/plain' },
    signal,
  });
  if (!response.body) throw new Error('The answer stream has no body');
  const messageId = Number(response.headers.get(ANSWER_ID_HEADER));
  return { body: response.body, messageId: Number.isInteger(messageId) && messageId > 0 ? messageId : null };
}

/** An answer's event stream: what exists so far, then the rest as the server produces it, then its end. */
export async function followAnswer(messageId: number, signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  const response = await apiFetch(`${BASE}/answers/${messageId}/stream`, { headers: { Accept: 'text/event-stream' }, signal });
  if (!response.body) throw new Error('The answer stream has no body');
  return response.body;
}

/** The Stop button: the server ends the answer wherever it is produced. */
export const stopAnswer = (messageId: number) => apiJson(`${BASE}/answers/${messageId}/stop`, AnswerStopResponse, { method: 'POST' });

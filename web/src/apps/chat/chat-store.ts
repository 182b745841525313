import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { chatKeys } from './api';
import { newChatId } from './ids';
import { type Conversation, emptyConversation, isEmptyConversation } from './messages';

export interface ChatSharedState {
  /** The conversation on screen. */
  activeId: string;
  /** An answer is streaming: sending waits for it. */
  streaming: boolean;
  /** The server's id of the answer streaming, once known: what the Stop button stops. */
  answerId: number | null;
}

/** The conversation open in this browser tab, kept across a reload (issue 13.2: its answer may still be streaming). */
const ACTIVE_KEY = 'hangar.chat.active';

function remembered(): string | null {
  try {
    return sessionStorage.getItem(ACTIVE_KEY);
  } catch {
    return null;
  }
}

function remember(id: string | null) {
  try {
    if (id) sessionStorage.setItem(ACTIVE_KEY, id);
    else sessionStorage.removeItem(ACTIVE_KEY);
  } catch {
    // Storage refused (private mode, quota): a reload then opens a new chat, as before.
  }
}

/**
 * What the chat tab and the sidebar's Chat History panel share: which conversation is open and
 * whether an answer is streaming. One per QueryClient, so it lives as long as the portal's
 * cache (and each test starts fresh) without a provider in the shell.
 * Conversations themselves live in the query cache under chatKeys.session(id).
 */
export class ChatStore {
  private state: ChatSharedState;
  private readonly listeners = new Set<() => void>();
  /** Ids made here and never sent: the server does not know them yet. */
  private readonly localIds = new Set<string>();

  private readonly queryClient: QueryClient;

  constructor(queryClient: QueryClient) {
    this.queryClient = queryClient;
    this.state = { activeId: remembered() ?? this.createLocal(), streaming: false, answerId: null };
  }

  get = (): ChatSharedState => this.state;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(change: Partial<ChatSharedState>) {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }

  private createLocal(): string {
    const id = newChatId();
    this.localIds.add(id);
    this.queryClient.setQueryData(chatKeys.session(id), emptyConversation(id));
    return id;
  }

  isLocal(id: string): boolean {
    return this.localIds.has(id);
  }

  /** The server now knows the conversation (a question was sent). */
  markStored(id: string) {
    this.localIds.delete(id);
    if (id === this.state.activeId) remember(id);
  }

  select(id: string) {
    // Only conversations the server knows are remembered: a new empty one is new again after a reload.
    remember(this.localIds.has(id) ? null : id);
    if (id !== this.state.activeId) this.set({ activeId: id });
  }

  setStreaming(streaming: boolean, answerId: number | null = null) {
    if (streaming !== this.state.streaming || answerId !== this.state.answerId)
      this.set({ streaming, answerId: streaming ? answerId : null });
  }

  /** Answers the user stopped here (their stream ends with a normal credit chunk: the screen marks them stopped). */
  readonly stopped = new Set<number>();

  private isEmpty(id: string): boolean {
    const conversation = this.queryClient.getQueryData<Conversation>(chatKeys.session(id));
    return conversation !== undefined && isEmptyConversation(conversation.messages);
  }

  /**
   * Spec section 4: reuses an existing empty conversation (the open one first), else starts a
   * new one with a generated id. Returns the id now open.
   */
  newChat(): string {
    const { activeId } = this.state;
    const reusable = [activeId, ...this.localIds].find((id) => this.isEmpty(id));
    const id = reusable ?? this.createLocal();
    this.select(id);
    return id;
  }

  /** After a deletion: the conversation leaves the cache, and the screen when it was open. */
  forget(id: string) {
    this.localIds.delete(id);
    this.queryClient.removeQueries({ queryKey: chatKeys.session(id), exact: true });
    if (this.state.activeId === id) this.newChat();
  }
}

const stores = new WeakMap<QueryClient, ChatStore>();

export function chatStoreFor(queryClient: QueryClient): ChatStore {
  let store = stores.get(queryClient);
  if (!store) {
    store = new ChatStore(queryClient);
    stores.set(queryClient, store);
  }
  return store;
}

export function useChatStore(): ChatStore {
  return chatStoreFor(useQueryClient());
}

export function useChatState(): ChatSharedState {
  const store = useChatStore();
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

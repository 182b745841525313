import { type AnswerStatus, CHAT_CUT_FOR_CREDIT_TEXT } from '@hangar/contract';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { logout } from '../../api/auth';
import { ApiError } from '../../api/client';
import { useCredits } from '../../shell/credits/CreditsProvider';
import { useTabs } from '../../shell/tabs/TabsProvider';
import { askStream, chatKeys, fetchChatConfig, fetchChatModels, fetchConversation, followAnswer, postInfo, stopAnswer } from './api';
import { type ChatStore, useChatStore } from './chat-store';
import { CHAT_TEXTS } from './constants';
import { chatErrorText, isAbortError, withAdvice } from './errors';
import { type Conversation, emptyConversation, localKey, nowIso, streamingAnswer, type UiMessage } from './messages';
import { readAnswerEvents, readAnswerStream } from './stream';

export function updateConversation(queryClient: QueryClient, id: string, change: (conversation: Conversation) => Conversation) {
  queryClient.setQueryData<Conversation>(chatKeys.session(id), (current) => change(current ?? emptyConversation(id)));
}

const errorMessage = (text: string): UiMessage => ({ key: localKey(), role: 'error', text, timestamp: nowIso() });

/** Spec section 6: the chat configuration; when it cannot be read the user is logged out, as Logout Account does. */
export function useChatConfig() {
  const { closeAllTabs } = useTabs();
  const query = useQuery({ queryKey: chatKeys.config, queryFn: fetchChatConfig, staleTime: Number.POSITIVE_INFINITY, retry: 1 });
  const loggedOut = useRef(false);
  useEffect(() => {
    if (!query.isError || loggedOut.current) return;
    loggedOut.current = true;
    console.error('The chat configuration could not be read; signing out.', query.error);
    closeAllTabs();
    void logout();
  }, [query.isError, query.error, closeAllTabs]);
  return query;
}

export function useChatModels() {
  return useQuery({ queryKey: chatKeys.models, queryFn: fetchChatModels, staleTime: 5 * 60_000 });
}

/** A conversation from the cache; one the server does not have (new, or never asked) is empty. */
export function useConversation(id: string) {
  const store = useChatStore();
  return useQuery({
    queryKey: chatKeys.session(id),
    queryFn: async () => {
      if (store.isLocal(id)) return emptyConversation(id);
      try {
        return await fetchConversation(id);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return emptyConversation(id);
        throw error;
      }
    },
    // The screen keeps the cached copy up to date itself while it asks and streams.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60_000,
  });
}

/** Stores the model-switch lines kept back while the conversation was empty, in order. */
export async function storePendingInfoLines(queryClient: QueryClient, id: string) {
  const pending = queryClient.getQueryData<Conversation>(chatKeys.session(id))?.messages.filter((m) => m.unsynced) ?? [];
  for (const line of pending) {
    try {
      await postInfo(id, line.text);
    } catch (error) {
      console.warn('A model-switch line could not be stored.', error);
    }
    updateConversation(queryClient, id, (c) => ({
      ...c,
      messages: c.messages.map((m) => (m.key === line.key ? { ...m, unsynced: false } : m)),
    }));
  }
}

/**
 * Sends a question and streams the answer into the conversation (spec section 4): the user
 * message, then an empty loading answer updated chunk by chunk; the closing credit chunk sets the
 * cost and the title. Then credits and history are re-read.
 */
export function useSendMessage() {
  const queryClient = useQueryClient();
  const store: ChatStore = useChatStore();
  const { refresh } = useCredits();
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  return useCallback(
    async (id: string, text: string, model: string): Promise<void> => {
      if (store.get().streaming || !text.trim()) return;
      const answerKey = localKey();
      const timestamp = nowIso();
      updateConversation(queryClient, id, (c) => ({
        ...c,
        messages: [
          ...c.messages,
          { key: localKey(), role: 'user', text, model, timestamp },
          { key: answerKey, role: 'assistant', text: '', model, loading: true, timestamp },
        ],
      }));
      const setAnswer = (change: (m: UiMessage) => UiMessage) =>
        updateConversation(queryClient, id, (c) => ({ ...c, messages: c.messages.map((m) => (m.key === answerKey ? change(m) : m)) }));
      const dropEmptyAnswer = (extra: UiMessage[] = []) =>
        updateConversation(queryClient, id, (c) => ({
          ...c,
          messages: [...c.messages.filter((m) => m.key !== answerKey || m.text), ...extra].map((m) =>
            m.key === answerKey ? { ...m, loading: false } : m,
          ),
        }));

      store.setStreaming(true);
      const controller = new AbortController();
      abortRef.current = controller;
      try {
        await storePendingInfoLines(queryClient, id);
        const { body, messageId } = await askStream({ id, message: text, model }, controller.signal);
        store.markStored(id);
        store.setStreaming(true, messageId);
        if (messageId) setAnswer((m) => ({ ...m, messageId, status: 'streaming' }));
        const final = await readAnswerStream(body, (snapshot) => setAnswer((m) => ({ ...m, text: snapshot.text })));
        const stopped = messageId !== null && store.stopped.has(messageId);
        const extra: UiMessage[] = [];
        if (final.error) extra.push(errorMessage(withAdvice(final.error)));
        else if (!final.complete) extra.push(errorMessage(withAdvice(CHAT_TEXTS.interrupted)));
        // The server stores a cut or failed answer with that status: the screen says the same.
        const status: AnswerStatus = stopped
          ? 'stopped'
          : !final.complete
            ? 'failed'
            : final.error === CHAT_CUT_FOR_CREDIT_TEXT
              ? 'cut'
              : final.error
                ? 'failed'
                : 'complete';
        updateConversation(queryClient, id, (c) => ({
          ...c,
          title: final.title ?? c.title,
          messages: [
            ...c.messages.flatMap((m) => {
              if (m.key !== answerKey) return [m];
              if (!final.text && !final.complete) return [];
              return [{ ...m, text: final.text, loading: false, credit: final.complete ? final.credit : null, status }];
            }),
            ...extra,
          ],
        }));
      } catch (error) {
        if (isAbortError(error)) {
          dropEmptyAnswer();
          return;
        }
        console.warn('The question could not be answered.', error);
        dropEmptyAnswer([errorMessage(chatErrorText(error))]);
      } finally {
        if (abortRef.current === controller) abortRef.current = null;
        store.setStreaming(false);
        void refresh();
        void queryClient.invalidateQueries({ queryKey: chatKeys.history });
      }
    },
    [queryClient, store, refresh],
  );
}

/**
 * Issue 13.2: a conversation whose last answer the server is still producing (the page was
 * reloaded, or another tab asked) re-attaches to it and shows the rest as it comes.
 */
export function useResumeAnswer(id: string, conversation: Conversation | undefined) {
  const queryClient = useQueryClient();
  const store: ChatStore = useChatStore();
  const { refresh } = useCredits();
  const answer = conversation ? streamingAnswer(conversation.messages) : null;
  const messageId = answer?.messageId ?? null;
  const answerKey = answer?.key ?? null;

  useEffect(() => {
    if (!messageId || !answerKey || store.get().streaming) return;
    const controller = new AbortController();
    const setAnswer = (change: (m: UiMessage) => UiMessage) =>
      updateConversation(queryClient, id, (c) => ({ ...c, messages: c.messages.map((m) => (m.key === answerKey ? change(m) : m)) }));
    store.setStreaming(true, messageId);
    void (async () => {
      try {
        const body = await followAnswer(messageId, controller.signal);
        let first = true;
        const end = await readAnswerEvents(body, (text) => {
          // The first event is everything written so far: it replaces what the page loaded.
          setAnswer((m) => ({ ...m, text: first ? text : m.text + text }));
          first = false;
        });
        if (!end) return;
        updateConversation(queryClient, id, (c) => ({
          ...c,
          messages: [
            ...c.messages.map((m) =>
              m.key === answerKey ? { ...m, loading: false, status: end.status, credit: end.status === 'complete' ? end.credit : null } : m,
            ),
            ...(end.error ? [errorMessage(end.error)] : []),
          ],
        }));
      } catch (error) {
        if (!isAbortError(error)) console.warn('The answer could not be followed.', error);
      } finally {
        if (store.get().answerId === messageId) store.setStreaming(false);
        if (!controller.signal.aborted) {
          void refresh();
          void queryClient.invalidateQueries({ queryKey: chatKeys.history });
        }
      }
    })();
    return () => controller.abort();
  }, [id, messageId, answerKey, queryClient, store, refresh]);
}

/** The Stop button: asks the server to end the streaming answer; what was written stays. */
export function useStopAnswer() {
  const store: ChatStore = useChatStore();
  return useCallback(async () => {
    const { answerId } = store.get();
    if (!answerId) return;
    store.stopped.add(answerId);
    try {
      await stopAnswer(answerId);
    } catch (error) {
      store.stopped.delete(answerId);
      console.warn('The answer could not be stopped.', error);
    }
  }, [store]);
}

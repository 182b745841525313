import { MULTIDOCS_MODEL_ID } from '@hangar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useCredits } from '../../../shell/credits/CreditsProvider';
import { chatKeys, stopAnswer } from '../api';
import { useChatStore } from '../chat-store';
import { localKey, nowIso, type UiMessage } from '../messages';
import { storePendingInfoLines, updateConversation } from '../useChat';
import {
  deleteAttachment,
  deleteSessionAttachments,
  listSessionAttachments,
  openDualStream,
  scrapeUrl,
  transcribe,
  uploadFile,
} from './api';
import { type DualStreamState, readDualStream } from './dual-stream';
import type { MultidocsComposerApi, MultidocsSend } from './MultidocsComposer';

/** The menu entry (tab 7) whose choice in the MODEL modal turns multi-docs mode on. */
export const MULTIDOCS_TAB_ID = 7;

/** The answer message as the dual stream has it so far. */
function fromStream(state: DualStreamState): Partial<UiMessage> {
  return {
    text: state.answer,
    preview: state.preview,
    citations: state.citations,
    previewError: state.previewError !== null,
    status: state.answerError ? 'failed' : undefined,
  };
}

/** Deletes a session's attachments on the server; a failure leaves them to the server's sweep. */
export function forgetSessionAttachments(sessionId: string) {
  deleteSessionAttachments(sessionId).catch((error: unknown) => console.warn('The attachments could not be deleted.', error));
}

/**
 * Multi-docs questions of one conversation (the session id ties uploads and questions together),
 * answered by `model` when the chat knows which one (the one it shows), else by the server's pick.
 * The question and its reply go into the conversation like the chat's own messages (the server
 * stores them there too), so a reload or the history shows them as they were shown live.
 */
export function useMultidocs(sessionId: string, model?: string) {
  const queryClient = useQueryClient();
  const store = useChatStore();
  const [busy, setBusy] = useState(false);
  /** The streaming answer's stored id, once its header arrived: what Stop stops. */
  const [streaming, setStreaming] = useState<number | null>(null);
  const stopped = useRef(false);
  const { refresh } = useCredits();

  const api: MultidocsComposerApi = {
    uploadFile: (file, onProgress) => uploadFile(sessionId, file, onProgress),
    scrapeUrl: (url) => scrapeUrl(sessionId, url),
    transcribe: (audio) => transcribe(sessionId, audio),
    list: () => listSessionAttachments(sessionId),
    remove: async (uri) => {
      await deleteAttachment(uri);
    },
  };

  async function send(payload: MultidocsSend) {
    const id = sessionId;
    const answerKey = localKey();
    const timestamp = nowIso();
    updateConversation(queryClient, id, (c) => ({
      ...c,
      messages: [
        ...c.messages,
        { key: localKey(), role: 'user', text: payload.text, model: MULTIDOCS_MODEL_ID, timestamp },
        { key: answerKey, role: 'assistant', text: '', model: MULTIDOCS_MODEL_ID, loading: true, preview: '', citations: [], timestamp },
      ],
    }));
    const setAnswer = (change: Partial<UiMessage>) =>
      updateConversation(queryClient, id, (c) => ({
        ...c,
        messages: c.messages.map((m) => (m.key === answerKey ? { ...m, ...change } : m)),
      }));
    setBusy(true);
    try {
      await storePendingInfoLines(queryClient, id);
      const { body, messageId } = await openDualStream({
        sessionId: id,
        html: payload.text,
        texts: payload.texts,
        totalPages: payload.totalPages,
        additionalTime: payload.additionalTime,
        totalTime: 0,
        ...(model ? { model } : {}),
      });
      store.markStored(id);
      stopped.current = false;
      if (messageId) setStreaming(messageId);
      // Spec section 4: the loading flag clears when total_credit arrives.
      const final = await readDualStream(body, (state) => setAnswer({ ...fromStream(state), loading: !state.done }));
      const failed = final.answerError !== null || !final.done;
      setAnswer({
        ...fromStream(final),
        loading: false,
        credit: final.credit,
        status: stopped.current ? 'stopped' : failed ? 'failed' : 'complete',
        ...(messageId ? { messageId } : {}),
      });
      if (final.title) updateConversation(queryClient, id, (c) => ({ ...c, title: final.title ?? c.title }));
    } catch (error) {
      console.warn('The multi-docs question could not be answered.', error);
      setAnswer({ loading: false, status: 'failed' });
    } finally {
      setBusy(false);
      setStreaming(null);
      // total_credit changed the balance on the server: the header's figure is re-read.
      void refresh();
      void queryClient.invalidateQueries({ queryKey: chatKeys.history });
    }
  }

  /** Stop: the server ends the model call; what was written stays, marked as stopped. */
  const stop =
    streaming === null
      ? undefined
      : async () => {
          stopped.current = true;
          try {
            await stopAnswer(streaming);
          } catch (error) {
            stopped.current = false;
            console.warn('The answer could not be stopped.', error);
          }
        };

  return { api, busy, send, stop };
}

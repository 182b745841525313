import {
  DEFAULT_CHAT_TITLE,
  type MenuItem,
  MULTIDOCS_HEADER_TITLE,
  MULTIDOCS_LEFT_EXPLANATION,
  MULTIDOCS_MODEL_ID,
} from '@hangar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ChevronDown, FileStack, Globe, SquarePen, WalletCards } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useCredits } from '../../shell/credits/CreditsProvider';
import { tabFromMenuItem, useMenu } from '../../shell/menu/useMenu';
import { useTabs } from '../../shell/tabs/TabsProvider';
import { firstName, useClaims } from '../../shell/token/useClaims';
import { Spinner } from '../../ui/Spinner';
import { HomeApp } from '../home/HomeApp';
import type { AppProps } from '../registry';
import { type ChatModel, chatKeys, postInfo } from './api';
import { useChatState, useChatStore } from './chat-store';
import { Composer } from './components/Composer';
import { DocumentOptionsModal, hasDocumentShortcuts } from './components/DocumentOptionsModal';
import { ChatGreeting } from './components/EmptyState';
import { MessageList, preloadMarkdown } from './components/MessageList';
import { ModelModal } from './components/ModelModal';
import { SettingsModal } from './components/SettingsModal';
import { TranslatorModal } from './components/TranslatorModal';
import { useFollowBottom } from './components/useFollowBottom';
import { WebSearchModal } from './components/WebSearchModal';
import { CHAT_TEXTS, FALLBACK_MODEL_ID } from './constants';
import { isEmptyConversation, lastAssistantModel, localKey, multidocsModeOf, nowIso, switchInfoText, typedAnswerKeys } from './messages';
import { canAnswer, multidocsAnsweringModel } from './multidocs/answering-model';
import { MultidocsComposer } from './multidocs/MultidocsComposer';
import { onMultidocsRequest } from './multidocs/mode-request';
import { forgetSessionAttachments, MULTIDOCS_TAB_ID, useMultidocs } from './multidocs/useMultidocs';
import {
  updateConversation,
  useChatConfig,
  useChatModels,
  useConversation,
  useResumeAnswer,
  useSendMessage,
  useStopAnswer,
} from './useChat';

/** The chat's modal statuses (spec section 2); MULTIMODAL comes with its feature. */
export type ChatModalStatus = 'CLOSE' | 'MODEL' | 'PARAMS' | 'SEARCH' | 'DOCUMENT_OPT' | 'TRANSLATOR';

const toolButton =
  'inline-flex items-center gap-1.5 rounded-full border border-line px-3 py-1.5 text-fg-muted text-sm transition hover:bg-surface hover:text-fg';

const iconButton =
  'flex size-9 shrink-0 items-center justify-center rounded-lg text-fg-muted transition hover:bg-surface hover:text-fg disabled:opacity-50';

/** Tab 9: the secured chat (classic mode). Its empty state is the portal's home. */
export function ChatApp({ tab }: AppProps) {
  const queryClient = useQueryClient();
  const store = useChatStore();
  const { activeId, streaming, answerId } = useChatState();
  const config = useChatConfig();
  const models = useChatModels();
  const conversation = useConversation(activeId);
  const send = useSendMessage();
  const stop = useStopAnswer();
  useResumeAnswer(activeId, conversation.data);
  const credits = useCredits();
  const { openTab } = useTabs();
  const { data: menu } = useMenu();
  const claims = useClaims();

  const [draft, setDraft] = useState('');
  const [modal, setModal] = useState<ChatModalStatus>('CLOSE');
  /** Models chosen explicitly, by conversation. */
  const [chosenModel, setChosenModel] = useState<Record<string, string>>({});
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  /**
   * Multi-docs mode, by conversation (spec section 4: a new chat starts with it off). A conversation
   * whose last answer is a multi-docs one reopens in the mode (the chat's model is the last answer's).
   */
  const [multidocsOn, setMultidocsOn] = useState<Record<string, boolean>>({});
  const scrollRef = useRef<HTMLDivElement>(null);

  const messages = conversation.data?.messages ?? [];
  const loadingConversation = conversation.isPending;
  const empty = !loadingConversation && isEmptyConversation(messages);
  const modelList = models.data?.models;

  const modelTitle = useCallback(
    (id: string | null | undefined) => (id ? (modelList?.find((m) => m.id === id)?.title ?? id) : null),
    [modelList],
  );

  // Spec section 4: the model of the last answer, else the server's default (gpt4). A model the
  // list says cannot answer is never shown as the chat's (issue 33): the server's default is.
  const lastModel = lastAssistantModel(messages);
  const lastModelUsable = lastModel !== null && canAnswer(lastModel, modelList);
  const chosen = chosenModel[activeId];
  const chosenUsable = chosen !== undefined && canAnswer(chosen, modelList);
  const currentModelId =
    (chosenUsable ? chosen : null) ?? (lastModelUsable ? lastModel : null) ?? models.data?.defaultModel ?? FALLBACK_MODEL_ID;
  const currentModelTitle = modelTitle(currentModelId) ?? currentModelId;
  const inMultidocs = multidocsOn[activeId] ?? multidocsModeOf(messages, MULTIDOCS_MODEL_ID, MULTIDOCS_HEADER_TITLE);
  /** Who answers in Multi Docs mode (gpt4, else the offline assistant): shown, and asked for. */
  const multidocsModel = multidocsAnsweringModel(modelList);
  const multidocs = useMultidocs(activeId, multidocsModel?.id);
  const headerTitle = inMultidocs ? MULTIDOCS_HEADER_TITLE : currentModelTitle;
  const headerHint = inMultidocs && multidocsModel ? `${MULTIDOCS_HEADER_TITLE}, answered by ${multidocsModel.title}` : headerTitle;
  const showGreeting = empty;

  const typedKeys = useMemo(() => typedAnswerKeys(messages), [messages]);
  const { onScroll, showButton, scrollToBottom, scrollToTop } = useFollowBottom(scrollRef, messages, !empty);

  useEffect(() => {
    if (!empty) preloadMarkdown();
  }, [empty]);

  // Another conversation opens at its end; an empty one at its greeting.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on conversation change only
  useEffect(() => {
    if (empty) scrollToTop();
    else scrollToBottom(false);
  }, [activeId]);

  const focusComposer = () => window.setTimeout(() => textareaRef.current?.focus(), 0);

  function sendDraft(text: string) {
    if (credits.isExhausted) return;
    setDraft('');
    scrollToBottom(false);
    void send(activeId, text, currentModelId);
  }

  function newChat() {
    // The files of the multi-docs session left behind go with it.
    if (inMultidocs) forgetSessionAttachments(activeId);
    const id = store.newChat();
    setMultidocsOn((on) => ({ ...on, [id]: false }));
    if (chosenModel[id] === undefined) setChosenModel((chosen) => ({ ...chosen, [id]: currentModelId }));
    focusComposer();
  }

  function chooseModel(model: ChatModel) {
    setModal('CLOSE');
    if (model.id === currentModelId && !inMultidocs) return;
    const id = activeId;
    setChosenModel((chosen) => ({ ...chosen, [id]: model.id }));
    if (inMultidocs) {
      setMultidocsOn((on) => ({ ...on, [id]: false }));
      // Spec section 4: the chat no longer has access to the files, so they are deleted.
      forgetSessionAttachments(id);
      addInfo(switchInfoText(MULTIDOCS_HEADER_TITLE, model.title));
      addInfo(MULTIDOCS_LEFT_EXPLANATION);
      return;
    }
    addInfo(switchInfoText(currentModelTitle, model.title));
  }

  /**
   * Spec section 4: choosing Multi Docs selects gpt4 and turns the mode on; without a provider for
   * gpt4 the offline assistant answers instead (the server's fallback), so it is the one selected.
   */
  function enterMultidocs() {
    setModal('CLOSE');
    if (inMultidocs) return;
    const id = activeId;
    setChosenModel((chosen) => ({ ...chosen, [id]: multidocsModel?.id ?? FALLBACK_MODEL_ID }));
    setMultidocsOn((on) => ({ ...on, [id]: true }));
    addInfo(switchInfoText(currentModelTitle, MULTIDOCS_HEADER_TITLE));
  }

  const enterRef = useRef(enterMultidocs);
  enterRef.current = enterMultidocs;
  // Tab 7's request waits for the model list: the switch line names the model really left (issue
  // 33: "You have now left the gpt4" was the id shown before the list came).
  const modelsKnown = models.data !== undefined || models.isError;
  useEffect(() => (modelsKnown ? onMultidocsRequest(() => enterRef.current()) : undefined), [modelsKnown]);

  function addInfo(text: string) {
    const id = activeId;
    // An empty conversation is not stored yet: its switch line is stored with the first question.
    updateConversation(queryClient, id, (c) => ({
      ...c,
      messages: [...c.messages, { key: localKey(), role: 'info', text, dataType: 'text_switch', timestamp: nowIso(), unsynced: empty }],
    }));
    if (!empty) {
      postInfo(id, text).then(
        () => queryClient.invalidateQueries({ queryKey: chatKeys.history }),
        (error: unknown) => console.warn('The model-switch line could not be stored.', error),
      );
    }
  }

  function openFunctionality(item: MenuItem) {
    if (item.id === MULTIDOCS_TAB_ID) return enterMultidocs();
    setModal('CLOSE');
    openTab(tabFromMenuItem(item));
  }

  function fillComposer(template: string) {
    setModal('CLOSE');
    setDraft(template);
    focusComposer();
  }

  const initial = (claims?.name?.trim()[0] ?? 'P').toUpperCase();
  const title = empty || conversation.data?.title === DEFAULT_CHAT_TITLE ? null : conversation.data?.title;

  return (
    <div className="flex h-full min-h-0 flex-col">
      <header className="flex h-14 shrink-0 items-center gap-2 border-line border-b px-3 sm:px-4">
        <button
          type="button"
          onClick={() => setModal('MODEL')}
          aria-label="Choose a model"
          aria-haspopup="dialog"
          title={`Model: ${headerHint}`}
          className="flex min-w-0 items-center gap-1.5 rounded-lg px-2.5 py-1.5 font-semibold text-lg transition hover:bg-surface"
        >
          <span className="truncate" data-testid="current-model">
            {headerTitle}
          </span>
          <ChevronDown className="size-4 shrink-0 text-fg-muted" aria-hidden />
        </button>
        <p className="hidden min-w-0 flex-1 truncate text-center text-fg-muted text-sm md:block" data-testid="chat-title">
          {title}
        </p>
        <div className="ml-auto flex shrink-0 items-center gap-1 md:ml-0">
          <button type="button" onClick={newChat} aria-label="New chat" title="New chat" className={iconButton}>
            <SquarePen className="size-5" aria-hidden />
          </button>
          <button
            type="button"
            onClick={() => setModal('PARAMS')}
            aria-label="Settings"
            aria-haspopup="dialog"
            title="Settings"
            className="ml-1 flex size-9 items-center justify-center rounded-full bg-brand font-semibold text-sm text-white transition hover:opacity-90 dark:bg-surface-strong"
          >
            {initial}
          </button>
        </div>
      </header>

      <div className="relative min-h-0 flex-1">
        <div ref={scrollRef} onScroll={onScroll} className="h-full overflow-y-auto" data-testid="chat-scroll">
          <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:px-6">
            {showGreeting && (
              <ChatGreeting name={firstName(claims?.name)} prompts={config.data?.suggested_prompts} onPickPrompt={fillComposer} />
            )}
            {loadingConversation ? (
              <Spinner label="Loading the conversation..." />
            ) : conversation.isError ? (
              <p className="rounded-xl border border-line bg-surface px-4 py-3 text-sm">
                This conversation could not be loaded.{' '}
                <button type="button" onClick={() => void conversation.refetch()} className="font-medium underline">
                  Try again
                </button>
              </p>
            ) : (
              <MessageList messages={messages} typedKeys={typedKeys} busy={streaming} modelTitle={modelTitle} />
            )}
          </div>
          {showGreeting && (
            <div className="border-line border-t">
              <HomeApp tab={tab} />
            </div>
          )}
        </div>
        {showButton && (
          <button
            type="button"
            onClick={() => scrollToBottom()}
            aria-label="Scroll to the latest message"
            title="Scroll to the latest message"
            className="-translate-x-1/2 absolute bottom-3 left-1/2 flex size-9 items-center justify-center rounded-full border border-line bg-page text-fg shadow-md transition hover:bg-surface"
          >
            <ArrowDown className="size-4.5" aria-hidden />
          </button>
        )}
      </div>

      <div className="shrink-0 px-3 pt-2 pb-3 sm:px-4">
        <div className="mx-auto w-full max-w-3xl space-y-2">
          {credits.isExhausted ? (
            <p
              data-testid="chat-out-of-credit"
              className="flex items-start gap-3 rounded-2xl border border-red-200 bg-red-50 px-4 py-3 text-red-900 text-sm dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100"
            >
              <WalletCards className="mt-0.5 size-5 shrink-0" aria-hidden />
              {CHAT_TEXTS.outOfCredit}
            </p>
          ) : inMultidocs ? (
            <MultidocsComposer
              key={activeId}
              api={multidocs.api}
              busy={multidocs.busy}
              onSend={(p) => void multidocs.send(p)}
              onStop={multidocs.stop ? () => void multidocs.stop?.() : undefined}
            />
          ) : (
            <Composer
              value={draft}
              onChange={setDraft}
              onSend={sendDraft}
              busy={streaming}
              onStop={answerId ? () => void stop() : undefined}
              textareaRef={textareaRef}
              tools={
                <>
                  <button type="button" onClick={() => setModal('SEARCH')} aria-haspopup="dialog" className={toolButton}>
                    <Globe className="size-4" aria-hidden />
                    Search
                  </button>
                  {hasDocumentShortcuts(menu?.items ?? []) && (
                    <button
                      type="button"
                      onClick={() => setModal('DOCUMENT_OPT')}
                      aria-haspopup="dialog"
                      aria-label="Documents"
                      title="Documents: translator and Multi Docs"
                      className={toolButton}
                    >
                      <FileStack className="size-4" aria-hidden />
                      {/* Narrow windows keep the icon only, beside Search and the send button. */}
                      <span className="hidden sm:inline">Documents</span>
                    </button>
                  )}
                </>
              }
            />
          )}
          {!empty && <p className="text-center text-fg-subtle text-xs">{CHAT_TEXTS.tokenHint}</p>}
          <p className="text-center text-fg-subtle text-xs">{CHAT_TEXTS.footer}</p>
        </div>
      </div>

      {modal === 'MODEL' && (
        <ModelModal
          models={modelList}
          loading={models.isPending}
          failed={models.isError}
          onRetry={() => void models.refetch()}
          currentId={currentModelId}
          menuItems={menu?.items ?? []}
          onChoose={chooseModel}
          onOpenFunctionality={openFunctionality}
          onClose={() => setModal('CLOSE')}
        />
      )}
      {modal === 'PARAMS' && <SettingsModal config={config.data} onUsePrompt={fillComposer} onClose={() => setModal('CLOSE')} />}
      {modal === 'SEARCH' && <WebSearchModal onClose={() => setModal('CLOSE')} />}
      {modal === 'DOCUMENT_OPT' && (
        <DocumentOptionsModal
          menuItems={menu?.items ?? []}
          onTranslator={() => setModal('TRANSLATOR')}
          onOpenTab={openFunctionality}
          onClose={() => setModal('CLOSE')}
        />
      )}
      {modal === 'TRANSLATOR' && <TranslatorModal onClose={() => setModal('CLOSE')} />}
    </div>
  );
}

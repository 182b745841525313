import { CHAT_CONTEXT_MAX, CHAT_LANGUAGES, type ChatLanguage, type SuggestedPrompt } from '@hangar/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Check, LoaderCircle, Settings2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { ApiError } from '../../../api/client';
import { type ChatConfig, changeChatLanguage, chatKeys, saveChatContext } from '../api';
import { CHAT_LIMITS, LANGUAGE_NAMES } from '../constants';
import { Modal } from './Modal';

interface SettingsModalProps {
  config: ChatConfig | undefined;
  onUsePrompt: (template: string) => void;
  onClose: () => void;
}

const fieldClass =
  'w-full rounded-lg border border-line bg-page px-3 py-2 text-fg text-sm placeholder:text-fg-subtle focus:border-accent focus:outline-none';
const sectionTitle = 'font-semibold text-fg-subtle text-xs uppercase tracking-wider';
const failureText = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/** PARAMS: Settings (600 px) with the answer language, the optimized prompts and the personal context. */
export function SettingsModal({ config, onUsePrompt, onClose }: SettingsModalProps) {
  return (
    <Modal
      title="Settings"
      onClose={onClose}
      width={CHAT_LIMITS.settingsWidthPx}
      icon={<Settings2 className="size-5 shrink-0 text-fg-muted" aria-hidden />}
    >
      <div className="divide-y divide-line">
        <LanguageSection language={config?.language} />
        <PromptsSection prompts={config?.suggested_prompts} onUsePrompt={onUsePrompt} />
        <ContextSection context={config?.context} />
      </div>
    </Modal>
  );
}

function LanguageSection({ language }: { language: ChatLanguage | undefined }) {
  const queryClient = useQueryClient();
  const id = useId();
  const change = useMutation({
    mutationFn: changeChatLanguage,
    onSuccess: (config) => queryClient.setQueryData(chatKeys.config, config),
  });
  const value = change.isPending ? change.variables : language;
  return (
    <section className="space-y-2 px-5 py-4">
      <label htmlFor={id} className={`block ${sectionTitle}`}>
        Language
      </label>
      <p className="text-fg-muted text-sm">The language SecuredGPT answers in.</p>
      <div className="flex items-center gap-3">
        <select
          id={id}
          value={value ?? ''}
          disabled={!language || change.isPending}
          onChange={(event) => change.mutate(event.target.value as ChatLanguage)}
          className={`${fieldClass} max-w-56`}
        >
          {!language && <option value="">Loading...</option>}
          {CHAT_LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {code} · {LANGUAGE_NAMES[code]}
            </option>
          ))}
        </select>
        {change.isPending && <LoaderCircle className="size-4 animate-spin text-fg-muted" aria-label="Saving the language" />}
      </div>
      {change.isError && (
        <p className="text-red-700 text-sm dark:text-red-300">{failureText(change.error, 'The language could not be changed.')}</p>
      )}
    </section>
  );
}

function PromptsSection({
  prompts,
  onUsePrompt,
}: {
  prompts: Record<string, SuggestedPrompt[]> | undefined;
  onUsePrompt: (template: string) => void;
}) {
  const [category, setCategory] = useState<string | null>(null);
  const list = category ? (prompts?.[category] ?? []) : [];
  return (
    <section aria-labelledby="chat-prompts-title" className="space-y-3 px-5 py-4">
      <h3 id="chat-prompts-title" className={sectionTitle}>
        Optimized Prompts
      </h3>
      {!prompts ? (
        <p className="text-fg-muted text-sm">Loading the prompts...</p>
      ) : category === null ? (
        <>
          <p className="text-fg-muted text-sm">
            Ready-made prompts by theme. Pick one to fill the message box, then complete the brackets.
          </p>
          <ul className="flex flex-wrap gap-2">
            {Object.entries(prompts).map(([name, items]) => (
              <li key={name}>
                <button
                  type="button"
                  onClick={() => setCategory(name)}
                  className="rounded-full border border-line px-3 py-1.5 text-sm transition hover:border-accent hover:bg-surface"
                >
                  {name} <span className="text-fg-subtle">({items.length})</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <button
            type="button"
            onClick={() => setCategory(null)}
            className="inline-flex items-center gap-1.5 font-medium text-sm hover:underline"
          >
            <ArrowLeft className="size-4" aria-hidden /> All categories
          </button>
          <h4 className="font-semibold">{category}</h4>
          <ul className="space-y-2">
            {list.map((prompt) => (
              <li key={prompt.name} className="rounded-xl border border-line px-4 py-3">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium text-sm">{prompt.name}</p>
                    <p className="mt-0.5 text-fg-muted text-sm">{prompt.definition}</p>
                  </div>
                  <button
                    type="button"
                    onClick={() => onUsePrompt(prompt.prompt_template)}
                    aria-label={`Use the prompt ${prompt.name}`}
                    className="shrink-0 rounded-lg bg-accent px-3 py-1.5 font-semibold text-accent-fg text-xs transition hover:opacity-90"
                  >
                    Use
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function ContextSection({ context }: { context: string | undefined }) {
  const queryClient = useQueryClient();
  const id = useId();
  const helpId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const value = draft ?? context ?? '';
  const save = useMutation({
    mutationFn: saveChatContext,
    onSuccess: ({ context: stored }) => {
      queryClient.setQueryData<ChatConfig>(chatKeys.config, (config) => (config ? { ...config, context: stored } : config));
      setDraft(null);
      setSaved(true);
    },
  });
  useEffect(() => {
    if (!saved) return;
    const timer = window.setTimeout(() => setSaved(false), CHAT_LIMITS.savedIndicatorMs);
    return () => window.clearTimeout(timer);
  }, [saved]);
  const changed = draft !== null && draft !== (context ?? '');
  return (
    <section className="space-y-2 px-5 py-4">
      <label htmlFor={id} className={`block ${sectionTitle}`}>
        Context
      </label>
      <p id={helpId} className="text-fg-muted text-sm">
        What SecuredGPT should know about you and your work (role, airport, preferred format). It is added to every conversation.
      </p>
      <textarea
        id={id}
        aria-describedby={helpId}
        value={value}
        disabled={context === undefined}
        maxLength={CHAT_CONTEXT_MAX}
        rows={5}
        onChange={(event) => setDraft(event.target.value)}
        placeholder="For example: I work in airport operations at the Lisbon airport; answer briefly with bullet points."
        className={`${fieldClass} resize-y`}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span className="text-fg-subtle text-xs tabular-nums">
          {value.length.toLocaleString('en')} / {CHAT_CONTEXT_MAX.toLocaleString('en')}
        </span>
        <div className="flex items-center gap-3">
          {saved && (
            <span role="status" className="inline-flex items-center gap-1 font-medium text-emerald-700 text-sm dark:text-emerald-300">
              <Check className="size-4" aria-hidden /> Saved
            </span>
          )}
          <button
            type="button"
            disabled={!changed || save.isPending}
            onClick={() => save.mutate(value)}
            className="inline-flex items-center gap-2 rounded-lg bg-accent px-4 py-1.5 font-semibold text-accent-fg text-sm transition hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-50"
          >
            {save.isPending && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
            Save context
          </button>
        </div>
      </div>
      {save.isError && (
        <p className="text-red-700 text-sm dark:text-red-300">{failureText(save.error, 'The context could not be saved.')}</p>
      )}
    </section>
  );
}

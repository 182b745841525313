import { PROMPT_NAMES_FOR_EMPTY_STATE } from '@hangar/contract';
import { Sparkles } from 'lucide-react';
import type { ChatConfig } from '../api';

interface EmptyStateProps {
  name: string | null;
  prompts: ChatConfig['suggested_prompts'] | undefined;
  onPickPrompt: (template: string) => void;
}

/** A greeting and four suggested prompts; picking one fills the message box. */
export function ChatGreeting({ name, prompts, onPickPrompt }: EmptyStateProps) {
  const suggestions = PROMPT_NAMES_FOR_EMPTY_STATE.flatMap(({ category, name: promptName }) => {
    const prompt = prompts?.[category]?.find((p) => p.name === promptName);
    return prompt ? [prompt] : [];
  });
  return (
    <section aria-labelledby="chat-greeting" className="space-y-5">
      <div className="space-y-1.5 text-center">
        <h2 id="chat-greeting" className="font-semibold text-2xl tracking-tight sm:text-3xl">
          {name ? `Hello ${name}, how can I help you today?` : 'Hello, how can I help you today?'}
        </h2>
        <p className="text-fg-muted text-sm">Ask anything, or start from a suggested prompt.</p>
      </div>
      {/* Skeletons and cards share one fixed height (one-line name, two-line description): the prompts
          arriving do not move what is below (issue 13, layout shift). */}
      <ul aria-label="Suggested prompts" className="grid gap-3 sm:grid-cols-2">
        {prompts === undefined
          ? PROMPT_NAMES_FOR_EMPTY_STATE.map((p) => (
              <li key={p.name} aria-hidden className="h-22 animate-pulse rounded-xl border border-line bg-surface" />
            ))
          : suggestions.map((prompt) => (
              <li key={prompt.name} className="h-22">
                <button
                  type="button"
                  onClick={() => onPickPrompt(prompt.prompt_template)}
                  className="flex h-full w-full items-start gap-3 rounded-xl border border-line bg-page p-4 text-left transition hover:border-accent hover:bg-surface"
                >
                  <Sparkles className="mt-0.5 size-4 shrink-0 text-brand dark:text-accent" aria-hidden />
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-sm" title={prompt.name}>
                      {prompt.name}
                    </span>
                    <span className="mt-0.5 line-clamp-2 text-fg-muted text-xs">{prompt.definition}</span>
                  </span>
                </button>
              </li>
            ))}
      </ul>
    </section>
  );
}

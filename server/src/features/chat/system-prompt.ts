import type { ChatLanguage } from '@hangar/contract';

const LANGUAGE_NAMES: Record<ChatLanguage, string> = { EN: 'English', ES: 'Spanish', FR: 'French', PT: 'Portuguese', JA: 'Japanese' };

/** The assistant's instructions: its role, the answer language setting, and the user's own context. */
export function systemPrompt(opts: { language: ChatLanguage; context: string; userName: string; today: Date }): string {
  const lines = [
    'You are SecuredGPT, the internal assistant of an airport operator group. Conversations stay inside the group.',
    `Answer in ${LANGUAGE_NAMES[opts.language]}, whatever the language of the question, unless the user explicitly asks for another language.`,
    'Be accurate and concise; say so when you are not sure, and never invent figures, names or sources.',
    'Use Markdown: short paragraphs, lists and tables where they help, code blocks for code.',
    `Today is ${opts.today.toISOString().slice(0, 10)}. The user is ${opts.userName}.`,
  ];
  if (opts.context.trim()) lines.push('', 'What the user wants you to know about them and their work:', opts.context.trim());
  return lines.join('\n');
}

/**
 * The most characters the instructions take before the user's context (the answer language is
 * only known once the settings are read, in the statement that holds the credit), and what a
 * context adds besides its own text: for sizing a hold before the settings are read. Only the
 * name's length varies (the date always takes ten characters), so the rest is measured once
 * rather than building the instructions seven times for every question.
 */
export function systemPromptChars(userName: string): { plain: number; contextExtra: number } {
  unnamed ??= measureInstructions('', new Date());
  return { plain: unnamed.plain + userName.length, contextExtra: unnamed.contextExtra };
}
let unnamed: { plain: number; contextExtra: number } | undefined;

/** The same figures, from the instructions themselves. */
export function measureInstructions(userName: string, today: Date): { plain: number; contextExtra: number } {
  const length = (language: ChatLanguage, context: string) => systemPrompt({ language, context, userName, today }).length;
  const plain = Math.max(...(Object.keys(LANGUAGE_NAMES) as ChatLanguage[]).map((language) => length(language, '')));
  return { plain, contextExtra: length('EN', 'x') - length('EN', '') - 1 };
}

/** A short title for a new conversation, from its first question. */
export function titleFrom(question: string): string {
  const words = question.replace(/\s+/g, ' ').trim().split(' ').slice(0, 8).join(' ');
  const title = words.length > 60 ? `${words.slice(0, 57)}...` : words;
  return title || 'New chat...';
}

/**
 * The offline assistant: the embedded default when no language model is configured. It does not
 * pretend to answer; it says plainly what is missing and whom to ask. Everyone reads this answer,
 * so it names no configuration key: those are for administrators, on the Services page (issue 33 item 6).
 */
export function offlineAnswer(question: string): string {
  const trimmed = question.trim().replace(/[.?!]+$/, '');
  const asked = trimmed.length > 120 ? `${trimmed.slice(0, 117)}...` : trimmed;
  return [
    `**No language model is configured on this portal yet**, so I cannot answer “${asked}”.`,
    '',
    'I am the offline assistant: I run inside Hangar without any external service. I answer questions about',
    'your data (when you hold Talk to my data) and about how to use the portal (from its user guide); Multi Docs',
    'quotes the passages of your documents that answer a question.',
    '',
    'To get real answers, ask your administrator to connect a language model to the portal',
    '(OpenAI, Azure OpenAI, Mistral, Gemini, or a model server of your own). Administrators find what',
    'each one needs, and whether it answers, under Data Analytics › Services.',
    '',
    'This answer cost no credits.',
  ].join('\n');
}

/** Splits a text into word-sized chunks, so the offline answer streams like a model's. */
export function* wordChunks(text: string): Generator<string> {
  for (const match of text.matchAll(/\S+\s*|\s+/g)) yield match[0];
}

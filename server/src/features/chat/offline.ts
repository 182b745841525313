/**
 * The offline assistant: the embedded default when no language model is configured. It does not
 * pretend to answer; it says plainly what is missing and how an administrator adds a model.
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
    'To get real answers, an administrator sets one of these and restarts the portal:',
    '- `OPENAI_API_KEY` (OpenAI), or `AZURE_OPENAI_API_KEY` with `AZURE_OPENAI_BASE_URL` (Azure OpenAI)',
    '- `MISTRAL_API_KEY` (Mistral) or `GOOGLE_GENERATIVE_AI_API_KEY` (Gemini)',
    '- `OPENAI_COMPATIBLE_BASE_URL` for a server of your own (vLLM, Ollama, llama.cpp)',
    '',
    'This answer cost no credits.',
  ].join('\n');
}

/** Splits a text into word-sized chunks, so the offline answer streams like a model's. */
export function* wordChunks(text: string): Generator<string> {
  for (const match of text.matchAll(/\S+\s*|\s+/g)) yield match[0];
}

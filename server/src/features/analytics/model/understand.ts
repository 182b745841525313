import type { jsonSchema, LanguageModelUsage } from 'ai';
import type { Config } from '../../../config.ts';
import type { ModelDefinition } from '../../../providers/llm/catalogue.ts';
import { languageModel } from '../../../providers/llm/providers.ts';

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export type Understanding =
  | { kind: 'query'; input: unknown }
  | { kind: 'clarification'; text: string }
  /** The model answered, but not with one usable tool call. */
  | { kind: 'unusable'; problem: string };

/** About four characters a token: only when a provider reports no usage. */
const estimate = (text: string) => Math.ceil(text.length / 4);

export function usageOf(usage: LanguageModelUsage | undefined, prompt: string, output: string): TokenUsage {
  return {
    inputTokens: usage?.inputTokens ?? estimate(prompt),
    outputTokens: usage?.outputTokens ?? estimate(output),
  };
}

/**
 * Asks the model to read the question with two tools and no execution: the tool call itself is the
 * answer. The input is not checked here (jsonSchema without validate): validate.ts does, so that a
 * bad query becomes a clear refusal rather than an SDK error.
 */
export async function understandQuestion(opts: {
  model: ModelDefinition;
  config: Config;
  system: string;
  question: string;
  querySchema: Parameters<typeof jsonSchema>[0];
  clarifySchema: Parameters<typeof jsonSchema>[0];
  maxOutputTokens: number;
}): Promise<{ understanding: Understanding; usage: TokenUsage }> {
  // The AI SDK loads on the first model call: an idle server does not hold it (docs/decisions.md, lazy modules).
  const { generateText, jsonSchema, ToolChoiceViolationError, tool } = await import('ai');
  const answered = await generateText({
    model: languageModel(opts.model, opts.config),
    system: opts.system,
    prompt: opts.question,
    tools: {
      query_data: tool({
        description: 'The structured query that answers the question, in the semantic layer’s ids',
        inputSchema: jsonSchema(opts.querySchema),
      }),
      ask_clarification: tool({
        description: 'A question back to the user when the question cannot be read as one query of this data',
        inputSchema: jsonSchema(opts.clarifySchema),
      }),
    },
    toolChoice: 'required',
    // One query per question: OpenAI may otherwise fill both tools at once.
    providerOptions: { openai: { parallelToolCalls: false } },
    temperature: 0,
    maxRetries: 1,
    maxOutputTokens: opts.maxOutputTokens,
    abortSignal: AbortSignal.timeout(opts.config.CHAT_UPSTREAM_TIMEOUT_MS),
  }).catch((err) => {
    // The model answered, in text rather than with a tool: a reading that cannot be used, not an outage.
    if (ToolChoiceViolationError.isInstance(err)) return null;
    throw err;
  });
  if (!answered) {
    return {
      usage: usageOf(undefined, opts.system + opts.question, ''),
      understanding: { kind: 'unusable', problem: 'the model answered without filling a query' },
    };
  }
  const result = answered;
  const calls = result.toolCalls;
  const usage = usageOf(result.totalUsage, opts.system + opts.question, JSON.stringify(calls.map((c) => c.input)) + result.text);
  const call = calls[0];
  if (!call) return { usage, understanding: { kind: 'unusable', problem: 'the model answered without filling a query' } };
  if (calls.length > 1) return { usage, understanding: { kind: 'unusable', problem: 'the model filled several queries at once' } };
  if (call.dynamic && call.invalid) {
    return { usage, understanding: { kind: 'unusable', problem: `the model's query could not be read (${call.toolName})` } };
  }
  if (call.toolName === 'ask_clarification') {
    const text = (call.input as { question?: unknown } | null)?.question;
    if (typeof text !== 'string' || !text.trim()) {
      return { usage, understanding: { kind: 'unusable', problem: 'the model asked back without a question' } };
    }
    return { usage, understanding: { kind: 'clarification', text: text.trim().slice(0, 500) } };
  }
  return { usage, understanding: { kind: 'query', input: call.input } };
}

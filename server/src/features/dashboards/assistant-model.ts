import type { QuestionLanguage } from '@hangar/contract';
import type { jsonSchema } from 'ai';
import type { AppContext } from '../../platform/context.ts';
import { can } from '../../platform/policies/index.ts';
import type { Actor } from '../../platform/policies/roles.ts';
import type { ModelDefinition } from '../../providers/llm/catalogue.ts';
import { languageModel } from '../../providers/llm/providers.ts';
import {
  analyticsModel,
  checkModelQuery,
  clarifySchema,
  type GovernedAnswers,
  looksLikeSql,
  parseQuestion,
  phraseReading,
  querySchema,
  readableMeasures,
  type SemanticLayer,
  scopeOf,
  TALK_TO_MY_DATA,
  type TokenUsage,
  understandingPrompt,
  usageOf,
} from '../analytics/index.ts';

/** The spec: what the assistant writes from this tag on is not shown. */
export const INSIGHT_TAG = '<dashboard-insight';
export const dropInsight = (text: string) => {
  const at = text.indexOf(INSIGHT_TAG);
  return at < 0 ? text : text.slice(0, at).trimEnd();
};

const FEATURE = 'dashboards';
const CALL_OUTPUT_TOKENS = 400;
const READING_OUTPUT_TOKENS = 200;
/** The reading's prompt: its instructions and at most 40 rows of the result. */
const READING_PROMPT_TOKENS = 800;

const tokensOf = (text: string) => Math.ceil(text.length / 4);
const costOf = (model: ModelDefinition, u: TokenUsage) => (u.inputTokens * model.priceIn + u.outputTokens * model.priceOut) / 1000;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

type Call =
  /** The model answered in text (or nothing) without calling any tool. */
  | { kind: 'none' }
  | { kind: 'find'; input: unknown }
  | { kind: 'query'; input: unknown }
  | { kind: 'clarification'; input: unknown }
  | { kind: 'unusable'; problem: string };

export interface AssistantDeps {
  layer: SemanticLayer;
  governed: GovernedAnswers;
  /** Where the measures are shown among the dashboards the user holds (the catalogue's answer). */
  whereIs: (actor: Actor, measures: string[]) => string;
  /** The offline answer, when the model cannot be reached. */
  offline: (actor: Actor, message: string) => Promise<string>;
}

function assistantPrompt(base: string, layer: SemanticLayer, uc: string): string {
  return [
    base,
    '',
    `You are also the assistant panel beside the ${uc} dashboards. When the user asks where a KPI is shown (which dashboard, which widget), call find_kpi with the measure's id; when they ask for numbers or how a KPI splits, call query_data.`,
    'Measures find_kpi knows (id: label):',
    ...[...layer.measures.values()].map((m) => `- ${m.id}: ${m.label}`),
  ].join('\n');
}

/** The one tool call the model made, not yet checked. */
async function callModel(opts: {
  ctx: AppContext;
  model: ModelDefinition;
  system: string;
  message: string;
  layer: SemanticLayer;
  queryTool: Parameters<typeof jsonSchema>[0];
}): Promise<{ call: Call; usage: TokenUsage }> {
  // The AI SDK loads on the first model call: an idle server does not hold it (docs/decisions.md, lazy modules).
  const { generateText, jsonSchema, ToolChoiceViolationError, tool } = await import('ai');
  const answered = await generateText({
    model: languageModel(opts.model, opts.ctx.config),
    system: opts.system,
    prompt: opts.message,
    tools: {
      find_kpi: tool({
        description: 'Where a KPI is shown among the dashboards the user holds: the dashboard and the widget',
        inputSchema: jsonSchema({
          type: 'object',
          additionalProperties: false,
          required: ['measure'],
          properties: { measure: { type: 'string', enum: [...opts.layer.measures.keys()] } },
        }),
      }),
      query_data: tool({
        description: 'The structured query that answers the question with the governed numbers, in the semantic layer’s ids',
        inputSchema: jsonSchema(opts.queryTool),
      }),
      ask_clarification: tool({
        description: 'A question back to the user when the question is neither where a KPI is nor one query of this data',
        inputSchema: jsonSchema(clarifySchema),
      }),
    },
    toolChoice: 'required',
    providerOptions: { openai: { parallelToolCalls: false } },
    temperature: 0,
    maxRetries: 1,
    maxOutputTokens: CALL_OUTPUT_TOKENS,
    abortSignal: AbortSignal.timeout(opts.ctx.config.CHAT_UPSTREAM_TIMEOUT_MS),
  }).catch((err) => {
    // Text instead of a tool call: an answer that cannot be used, not an outage.
    if (ToolChoiceViolationError.isInstance(err)) return null;
    throw err;
  });
  const prompt = opts.system + opts.message;
  if (!answered) return { usage: usageOf(undefined, prompt, ''), call: { kind: 'none' } };
  const calls = answered.toolCalls;
  const usage = usageOf(answered.totalUsage, prompt, JSON.stringify(calls.map((c) => c.input)) + answered.text);
  const call = calls[0];
  if (!call) return { usage, call: { kind: 'none' } };
  if (calls.length > 1) return { usage, call: { kind: 'unusable', problem: 'it called several tools at once' } };
  if (call.dynamic && call.invalid) return { usage, call: { kind: 'unusable', problem: `its ${call.toolName} call could not be read` } };
  const kind = ({ find_kpi: 'find', query_data: 'query', ask_clarification: 'clarification' } as const)[call.toolName];
  if (!kind) return { usage, call: { kind: 'unusable', problem: `it called an unknown tool (${call.toolName})` } };
  return { usage, call: { kind, input: call.input } };
}

/**
 * The dashboards' assistant with a model (issue 17): the model picks one tool (find_kpi, answered
 * from the catalogue; query_data, checked against the semantic layer and run through Talk to my
 * data's engine, the caller's scope added by its compiler; or a question back), then phrases the
 * numbers (a reading with a number the result lacks is dropped). Credits held before, settled at
 * the tokens used, released when the model cannot be reached: then the offline assistant answers,
 * free, with a notice. Null: no model is configured for this user, and the offline path answers.
 */
export function createModelAssistant(ctx: AppContext, deps: AssistantDeps) {
  const { layer } = deps;

  async function execute(
    actor: Actor,
    message: string,
    language: QuestionLanguage,
    call: Call,
    model: ModelDefinition,
    add: (u: TokenUsage) => void,
  ) {
    const cannot = (problem: string) =>
      `The question was read into something that cannot be answered: ${problem}. Rephrase it, naming a KPI such as load factor or revenue.`;
    if (call.kind === 'none') throw new Error('a call without a tool is answered offline, not executed');
    if (call.kind === 'unusable') return cannot(`the model ${call.problem}`);
    if (call.kind === 'clarification') {
      const q = isObject(call.input) ? call.input.question : null;
      return typeof q === 'string' && dropInsight(q).trim()
        ? dropInsight(q).trim().slice(0, 500)
        : cannot('the model asked back without a question');
    }
    if (call.kind === 'find') {
      const input = call.input;
      if (!isObject(input) || Object.keys(input).some((k) => k !== 'measure')) return cannot('find_kpi takes only a measure');
      const id = input.measure;
      if (typeof id !== 'string' || !layer.measures.has(id)) return cannot(`there is no measure "${String(id).slice(0, 60)}"`);
      return deps.whereIs(actor, [id]);
    }
    const checked = checkModelQuery(layer, call.input);
    if (!checked.query) return cannot(checked.problem);
    const governed = await deps.governed(actor, message, checked.query);
    if (!governed) {
      return `That query could not be run on the data you can see. Rephrase it${can(actor, 'application.open', TALK_TO_MY_DATA) === true ? ', or open Talk to my data (tab 6)' : ''}.`;
    }
    const { answer, markdown } = governed;
    if (!answer.result?.rows.length || !answer.narrative || !answer.understood) return markdown;
    const reading = await phraseReading({
      model,
      config: ctx.config,
      question: message,
      language,
      understood: answer.understood,
      result: answer.result,
      computed: answer.narrative,
      maxOutputTokens: READING_OUTPUT_TOKENS,
    }).catch((err) => {
      ctx.app.log.warn({ err }, 'dashboard assistant: the model could not phrase the reading; the computed one is shown');
      return null;
    });
    if (reading) add(reading.usage);
    const text = reading?.text ? dropInsight(reading.text) : null;
    return text && markdown.startsWith(answer.narrative) ? text + markdown.slice(answer.narrative.length) : markdown;
  }

  return async function answerWithModel(actor: Actor, message: string, uc: string): Promise<{ text: string; credit: number } | null> {
    const model = analyticsModel(ctx.config, actor);
    // SQL typed in the question is left to the offline path, free, without asking a model.
    if (!model || looksLikeSql(message)) return null;
    const today = new Date();
    const { language } = parseQuestion(message, layer, today);
    const measures = readableMeasures(layer, await scopeOf(ctx, actor));
    const system = assistantPrompt(understandingPrompt({ layer, measures, language, today }), layer, uc);
    const promptCost = ((tokensOf(system) + tokensOf(message)) * model.priceIn) / 1000;
    const estimate =
      promptCost + (READING_PROMPT_TOKENS * model.priceIn + (CALL_OUTPUT_TOKENS + READING_OUTPUT_TOKENS) * model.priceOut) / 1000;
    // The whole estimate is held (its output limits are the ones asked upstream), or the question is
    // refused with the out-of-credit message (402) or the daily cap's (429): a tool call cut short by
    // what a smaller hold pays for could not be read (issue item 5).
    let reservation: { id: string; amount: number } | null = null;
    if (estimate > 0) reservation = await ctx.credits.reserve(actor.sub, estimate, FEATURE);

    let closed = false;
    try {
      const used: TokenUsage = { inputTokens: 0, outputTokens: 0 };
      const add = (u: TokenUsage) => {
        used.inputTokens += u.inputTokens;
        used.outputTokens += u.outputTokens;
      };
      let call: Call;
      try {
        const read = await callModel({ ctx, model, system, message, layer, queryTool: querySchema(measures, layer) });
        add(read.usage);
        call = read.call;
      } catch (err) {
        ctx.app.log.warn({ err }, 'dashboard assistant: the model failed, the offline assistant answered');
        if (reservation) await ctx.credits.release(reservation.id);
        closed = true;
        const notice = `${model.title} could not be reached, so the offline assistant answered instead, at no cost.`;
        return { text: `> ${notice}\n\n${await deps.offline(actor, message)}`, credit: 0 };
      }
      // Its own text is never shown: it was not computed from the governed data. The call is
      // charged (the model answered); the offline assistant's answer is free.
      const text =
        call.kind === 'none'
          ? `> ${model.title} answered without looking anything up, so the offline assistant answered instead.\n\n${await deps.offline(actor, message)}`
          : await execute(actor, message, language, call, model, add);
      const cost = reservation ? Math.min(reservation.amount, costOf(model, used)) : 0;
      if (reservation) await ctx.credits.settle(reservation.id, cost, { model: model.id, ...used });
      closed = true;
      return { text, credit: Math.round(cost * 1000) / 1000 };
    } catch (err) {
      if (reservation && !closed) await ctx.credits.release(reservation.id).catch(() => {});
      throw err;
    }
  };
}

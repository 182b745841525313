import type { DataAnswer, QuestionLanguage } from '@hangar/contract';
import type { Config } from '../../../config.ts';
import type { AppContext } from '../../../platform/context.ts';
import type { Actor } from '../../../platform/policies/roles.ts';
import { configuredModels, type ModelDefinition, providerConfigured } from '../../../providers/llm/catalogue.ts';
import { InsufficientCreditError } from '../../credits/ledger.ts';
import { type Parsed, parseQuestion } from '../parser/parser.ts';
import type { SemanticLayer } from '../semantic-layer.ts';
import type { AnalyticsService } from '../service.ts';
import { scopeOf } from '../warehouse.ts';
import { phraseReading } from './narrate.ts';
import { clarifySchema, querySchema, readableMeasures, understandingPrompt } from './prompt.ts';
import { type TokenUsage, type Understanding, understandQuestion } from './understand.ts';
import { checkModelQuery, looksLikeSql } from './validate.ts';

const FEATURE = 'analytics';
const QUERY_OUTPUT_TOKENS = 400;
const READING_OUTPUT_TOKENS = 200;
/** The reading's prompt: its instructions and at most 40 rows of the result. */
const READING_PROMPT_TOKENS = 800;

/**
 * The model that reads questions: the chat's default (gpt4 when its provider is configured, else
 * the first configured model the user may pick); null when none is, and the offline parser reads.
 */
export function analyticsModel(config: Config, actor: Actor): ModelDefinition | null {
  const usable = configuredModels(config).filter(
    (m) =>
      m.provider !== 'offline' &&
      (!m.stagingOnly || config.HANGAR_STAGING) &&
      (!m.requiresApp || actor.apps.includes(m.requiresApp)) &&
      providerConfigured(m.provider, config) === null,
  );
  return usable.find((m) => m.id === 'gpt4') ?? usable[0] ?? null;
}

const tokensOf = (text: string) => Math.ceil(text.length / 4);
const costOf = (model: ModelDefinition, u: TokenUsage) => (u.inputTokens * model.priceIn + u.outputTokens * model.priceOut) / 1000;

/** The model's reading as the parser's: a query checked against the layer, or a question back. */
function asParsed(u: Understanding, layer: SemanticLayer, language: QuestionLanguage, examples: string): Parsed {
  const back = (clarification: string): Parsed => ({ language, ignored: [], query: null, clarification });
  if (u.kind === 'clarification') return back(u.text);
  const checked = u.kind === 'unusable' ? { query: null, problem: u.problem } : checkModelQuery(layer, u.input);
  if (!checked.query)
    return back(`Your question was read into a query that cannot be run: ${checked.problem}. Rephrase it, naming ${examples}.`);
  return { language, ignored: [], query: checked.query, clarification: null };
}

/**
 * Talk to my data with a model (issue 16): the model reads the question into a structured query
 * (checked against the semantic layer, compiled with the caller's scope by the server), and
 * phrases the reading from the computed numbers. Credits are held before, settled at the tokens
 * used, released on failure. A model that fails to answer leaves the question to the offline
 * parser, free, with a notice. Without a model, the offline answer as before.
 */
export function createAsking(ctx: AppContext, service: AnalyticsService) {
  const { layer } = service;
  return async function ask(actor: Actor, question: string, today = new Date()): Promise<DataAnswer> {
    const model = analyticsModel(ctx.config, actor);
    // SQL typed in the question is refused by the parser, free, without asking a model.
    if (!model || looksLikeSql(question)) return service.ask(actor, question, today);
    const measures = readableMeasures(layer, await scopeOf(ctx, actor));
    if (!measures.length) return service.ask(actor, question, today);

    const { language } = parseQuestion(question, layer, today);
    const system = understandingPrompt({ layer, measures, language, today });
    const promptCost = ((tokensOf(system) + tokensOf(question)) * model.priceIn) / 1000;
    const estimate =
      promptCost + (READING_PROMPT_TOKENS * model.priceIn + (QUERY_OUTPUT_TOKENS + READING_OUTPUT_TOKENS) * model.priceOut) / 1000;
    // The whole estimate is held (its output limits are the ones asked upstream), or the question is
    // refused with the out-of-credit message (402) or the daily cap's (429): a query cut short by
    // what a smaller hold pays for could not be read (issue item 5).
    let reservation: { id: string; amount: number } | null = null;
    if (estimate > 0) reservation = await ctx.credits.reserve(actor.sub, estimate, FEATURE);
    else if ((await ctx.credits.balance(actor.sub)).remaining <= 0) throw new InsufficientCreditError();

    let closed = false;
    try {
      const used: TokenUsage = { inputTokens: 0, outputTokens: 0 };
      const add = (u: TokenUsage) => {
        used.inputTokens += u.inputTokens;
        used.outputTokens += u.outputTokens;
      };
      let understanding: Understanding;
      try {
        const read = await understandQuestion({
          model,
          config: ctx.config,
          system,
          question,
          querySchema: querySchema(measures, layer),
          clarifySchema,
          maxOutputTokens: QUERY_OUTPUT_TOKENS,
        });
        add(read.usage);
        understanding = read.understanding;
      } catch (err) {
        // The model did not answer: nothing to pay; the offline parser reads, and the answer says so.
        ctx.app.log.warn({ err }, 'talk to my data: the model failed, the offline parser answered');
        if (reservation) await ctx.credits.release(reservation.id);
        closed = true;
        const offline = await service.read(actor, question, today);
        const notice = `${model.title} could not be reached, so the question was read by the offline reader instead, at no cost.`;
        return service.store(actor.sub, { ...offline, notices: [notice, ...offline.notices] });
      }

      const examples = `a measure such as ${measures
        .slice(0, 4)
        .map((m) => m.label.toLowerCase())
        .join(', ')}`;
      const answer = await service.read(actor, question, today, async () => asParsed(understanding, layer, language, examples));
      if (answer.status === 'answered' && answer.result?.rows.length && answer.narrative && answer.understood) {
        const reading = await phraseReading({
          model,
          config: ctx.config,
          question,
          language,
          understood: answer.understood,
          result: answer.result,
          computed: answer.narrative,
          maxOutputTokens: READING_OUTPUT_TOKENS,
        }).catch((err) => {
          ctx.app.log.warn({ err }, 'talk to my data: the model could not phrase the reading; the computed one is shown');
          return null;
        });
        if (reading) {
          add(reading.usage);
          if (reading.text) answer.narrative = reading.text;
        }
      }
      // Never more than the hold (the ledger caps it too).
      const cost = reservation ? Math.min(reservation.amount, costOf(model, used)) : 0;
      if (reservation) await ctx.credits.settle(reservation.id, cost, { model: model.id, ...used });
      closed = true;
      return service.store(actor.sub, { ...answer, credit: Math.round(cost * 1000) / 1000 });
    } catch (err) {
      if (reservation && !closed) await ctx.credits.release(reservation.id).catch(() => {});
      throw err;
    }
  };
}

import { APP, type DataAnswer, type SemanticQuery } from '@hangar/contract';
import type { AppContext } from '../../platform/context.ts';
import { can } from '../../platform/policies/index.ts';
import type { Actor } from '../../platform/policies/roles.ts';
import { formatValue } from './answer.ts';
import { parseQuestion } from './parser/parser.ts';
import { buildSemanticLayer } from './semantic-layer.ts';
import { createAnalyticsService } from './service.ts';

// What other features may use of Talk to my data: the chat's offline assistant answers questions
// about the user's data with it (issue 16), through this and nothing else.

const TABLE_ROWS = 12;

/** A markdown answer to a question about the caller's data, or null when it is not one (or not theirs to ask). */
/** Said to a user who asks a question of the governed data without holding the application that answers it. */
export const DATA_RIGHT_MISSING =
  'This is a question of the governed data, which **Talk to my data** answers, and you do not hold it. Ask for it with **Send request** at the bottom of the sidebar. This answer cost no credits.';

/** The application that answers questions of the data, as the application policy checks it. */
export const TALK_TO_MY_DATA = { requires: [APP.talkToMyData], title: 'Talk to my data' } as const;
type Application = { requires: readonly string[]; title: string };

export function createDataQuestions(ctx: AppContext, application: Application = TALK_TO_MY_DATA) {
  const answer = createGovernedAnswers(ctx, application);
  const layer = buildSemanticLayer();
  return async (actor: Actor, question: string): Promise<string | null> => {
    if (can(actor, 'application.open', application) !== true) {
      // The true reason, not "no language model": the question names a measure of the data.
      return parseQuestion(question, layer, new Date()).query ? DATA_RIGHT_MISSING : null;
    }
    const answered = await answer(actor, question);
    return answered ? `${answered.markdown} This answer cost no credits.` : null;
  };
}

/**
 * The governed answer to a question (read by the offline parser) or to a structured query already
 * checked with `checkModelQuery` (a model's reading), within the caller's scope: the answer and its
 * markdown. Null when it is not a question of the data, not theirs to ask, or could not be run.
 */
export function createGovernedAnswers(ctx: AppContext, application: Application = TALK_TO_MY_DATA) {
  const service = createAnalyticsService(ctx);
  return async function governedAnswer(
    actor: Actor,
    question: string,
    query?: SemanticQuery,
  ): Promise<{ answer: Omit<DataAnswer, 'id' | 'createdAt'>; markdown: string } | null> {
    if (can(actor, 'application.open', application) !== true) return null;
    const today = new Date();
    const understand = query
      ? async () => ({ language: parseQuestion(question, service.layer, today).language, ignored: [], query, clarification: null })
      : undefined;
    const answer = await service.read(actor, question, today, understand).catch(() => null);
    if (answer?.status !== 'answered' || !answer.result) return null;
    const { columns, rows } = answer.result;
    const lines = [answer.narrative ?? '', '', `*${answer.understood}*`, ''];
    if (rows.length > 1) {
      lines.push(
        `| ${columns.map((c) => c.label).join(' | ')} |`,
        `| ${columns.map((c) => (c.kind === 'measure' ? '---:' : '---')).join(' | ')} |`,
      );
      for (const row of rows.slice(0, TABLE_ROWS)) {
        const cells = row.map((v, i) =>
          columns[i]!.kind === 'measure' ? formatValue(v as number | null, columns[i]!.unit, answer.language) : String(v ?? ''),
        );
        lines.push(`| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`);
      }
      if (rows.length > TABLE_ROWS) lines.push('', `…and ${rows.length - TABLE_ROWS} more rows.`);
      lines.push('');
    }
    for (const note of [...answer.notices, ...answer.quality]) lines.push(`> ${note}`);
    lines.push(
      '',
      'Computed from the governed warehouse, within your access. Open **Talk to my data** (tab 6) for the chart, the export and how it was computed.',
    );
    return { answer, markdown: lines.join('\n') };
  };
}
export type GovernedAnswers = ReturnType<typeof createGovernedAnswers>;
export type DataQuestions = ReturnType<typeof createDataQuestions>;

// Dashboards (issue 17) draw their widgets through the same semantic layer, compiler, runner and
// scope as the questions: one query path over the warehouse.
export { type CompiledQuery, compileQuery, type Scope, type WarehouseFile } from './compile.ts';
export { analyticsModel } from './model/ask.ts';
export { phraseReading } from './model/narrate.ts';
export { clarifySchema, querySchema, readableMeasures, understandingPrompt } from './model/prompt.ts';
export { type TokenUsage, usageOf } from './model/understand.ts';
export { checkModelQuery, looksLikeSql } from './model/validate.ts';
export { differentPeriodsNotice, periodsCovered, periodText } from './period.ts';
export { kpiQuality } from './quality.ts';
export { runCompiled } from './run.ts';
export { type BaseMeasure, buildSemanticLayer, isRatio, type Measure, type SemanticLayer } from './semantic-layer.ts';
export { createWarehouseFiles, scopeOf, type WarehouseFiles } from './warehouse.ts';
export { parseQuestion };

import { APP } from '@hangar/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Actor } from '../../platform/policies/roles.ts';
import { formatValue } from './answer.ts';
import { createAnalyticsService } from './service.ts';

// What other features may use of Talk to my data: the chat's offline assistant answers questions
// about the user's data with it (issue 16), through this and nothing else.

const TABLE_ROWS = 12;

/** A markdown answer to a question about the caller's data, or null when it is not one (or not theirs to ask). */
export function createDataQuestions(ctx: AppContext, requires: readonly string[] = [APP.talkToMyData]) {
  const service = createAnalyticsService(ctx);
  return async function answerInChat(actor: Actor, question: string): Promise<string | null> {
    if (!requires.some((a) => actor.apps.includes(a))) return null;
    const answer = await service.read(actor, question).catch(() => null);
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
      'Computed from the governed warehouse, within your access. Open **Talk to my data** (tab 6) for the chart, the export and how it was computed. This answer cost no credits.',
    );
    return lines.join('\n');
  };
}
export type DataQuestions = ReturnType<typeof createDataQuestions>;

// Dashboards (issue 17) draw their widgets through the same semantic layer, compiler, runner and
// scope as the questions: one query path over the warehouse.
export { type CompiledQuery, compileQuery, type Scope, type WarehouseFile } from './compile.ts';
export { parseQuestion } from './parser/parser.ts';
export { kpiQuality } from './quality.ts';
export { runCompiled } from './run.ts';
export { type BaseMeasure, buildSemanticLayer, isRatio, type Measure, type SemanticLayer } from './semantic-layer.ts';
export { createWarehouseFiles, scopeOf, type WarehouseFiles } from './warehouse.ts';

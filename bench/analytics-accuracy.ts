import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { computeExpected, type ExpectedFile } from '../server/src/features/analytics/question-set/compute-expected.ts';
import { buildDemoWarehouse, PINNED_TODAY } from '../server/src/features/analytics/question-set/demo-warehouse.ts';
import { gradeAnswer } from '../server/src/features/analytics/question-set/grade.ts';
import { FORMS, QUESTIONS } from '../server/src/features/analytics/question-set/questions.ts';
import { createAnalyticsService } from '../server/src/features/analytics/service.ts';
import { log, median, type Result } from './result.ts';

const EXPECTED = path.join(import.meta.dirname, '..', 'server', 'src', 'features', 'analytics', 'question-set', 'expected.json');

const share = (ok: number, total: number) => `${ok}/${total} (${((100 * ok) / total).toFixed(0)} %)`;

/**
 * The offline parser's accuracy on the checked-in question set: every question asked through the
 * service as the head office over the demo warehouse of the set's pinned day, graded against the
 * answers computed independently with DuckDB (expected.json). Questions marked unsupported count
 * as misses.
 */
export async function analyticsAccuracy(): Promise<Result> {
  const expected = JSON.parse(await readFile(EXPECTED, 'utf8')) as ExpectedFile;
  log('analytics-accuracy: building the demo warehouse');
  const warehouse = await buildDemoWarehouse();
  try {
    // A build that came out other than the one the answers were computed on would grade the demo, not the parser.
    const built = await computeExpected(warehouse.filesDir);
    const differ = Object.keys(expected.answers).filter((id) => JSON.stringify(built[id]) !== JSON.stringify(expected.answers[id]));
    if (differ.length) throw new Error(`the demo warehouse built differs from expected.json for ${differ.join(', ')}`);
    const service = createAnalyticsService(warehouse.app.ctx);
    const graded: { id: string; language: string; forms: readonly string[]; miss: string | null; ms: number }[] = [];
    for (const q of QUESTIONS) {
      const t = performance.now();
      const answer = await service.read(warehouse.admin, q.question, PINNED_TODAY);
      const ms = performance.now() - t;
      graded.push({ id: q.id, language: q.language, forms: q.forms, miss: gradeAnswer(q, answer, expected.answers[q.id]), ms });
    }
    const ok = graded.filter((g) => !g.miss).length;
    const line = (label: string, of: typeof graded) => `${label}: ${share(of.filter((g) => !g.miss).length, of.length)}`;
    const languages = ['en', 'fr', 'es', 'pt'].map((l) =>
      line(
        l,
        graded.filter((g) => g.language === l),
      ),
    );
    const forms = FORMS.map((f) =>
      line(
        f,
        graded.filter((g) => g.forms.includes(f)),
      ),
    );
    return {
      name: 'Talk to my data: offline parser accuracy on the question set',
      measure: 'answered right',
      portal: share(ok, graded.length),
      baseline: '-',
      ratio: ok / graded.length,
      target: 'reported; every question not marked unsupported right',
      pass: graded.every((g) => !g.miss || QUESTIONS.find((q) => q.id === g.id)!.unsupported),
      details: [
        `${graded.length} questions asked on ${expected.pinnedToday}, median ${median(graded.map((g) => g.ms)).toFixed(0)} ms each`,
        `by language: ${languages.join(', ')}`,
        `by form: ${forms.join(', ')}`,
        ...graded.filter((g) => g.miss).map((g) => `miss ${g.id}: ${g.miss}`),
      ],
    };
  } finally {
    await warehouse.app.close();
  }
}

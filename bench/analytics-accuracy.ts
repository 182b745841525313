import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type BankExpectedAnswer,
  type BankExpectedFile,
  computeBankExpected,
} from '../server/src/features/analytics/question-bank/compute-expected.ts';
import { type Asked, gradeBankAnswer, type Outcome } from '../server/src/features/analytics/question-bank/grade.ts';
import {
  BANK,
  BANK_LANGUAGES,
  type BankPart,
  type BankQuestion,
  INTENTS,
  isRefusal,
  partOf,
} from '../server/src/features/analytics/question-bank/index.ts';
import { computeExpected, type ExpectedFile } from '../server/src/features/analytics/question-set/compute-expected.ts';
import { buildDemoWarehouse, PINNED_TODAY } from '../server/src/features/analytics/question-set/demo-warehouse.ts';
import { gradeAnswer } from '../server/src/features/analytics/question-set/grade.ts';
import { FORMS, QUESTIONS } from '../server/src/features/analytics/question-set/questions.ts';
import { createAnalyticsService } from '../server/src/features/analytics/service.ts';
import { log, median, type Result } from './result.ts';

const ANALYTICS = path.join(import.meta.dirname, '..', 'server', 'src', 'features', 'analytics');
const EXPECTED = path.join(ANALYTICS, 'question-set', 'expected.json');
const BANK_EXPECTED = path.join(ANALYTICS, 'question-bank', 'bank-expected.json');

const share = (ok: number, total: number) => `${ok}/${total} (${total ? ((100 * ok) / total).toFixed(0) : 0} %)`;

const close = (a: unknown, b: unknown) =>
  typeof a === 'number' && typeof b === 'number' ? Math.abs(a - b) <= 2e-6 + 1e-9 * Math.abs(b) : a === b;
const sameAnswer = (a: BankExpectedAnswer | undefined, b: BankExpectedAnswer | undefined) =>
  !!a &&
  !!b &&
  JSON.stringify(a.columns) === JSON.stringify(b.columns) &&
  a.rows.length === b.rows.length &&
  a.rows.every((r, i) => r.length === b.rows[i]!.length && r.every((v, j) => close(v, b.rows[i]![j])));

interface BankGraded {
  q: BankQuestion;
  part: BankPart;
  /** Pending: an amount in other currencies while the demo warehouse has no FX_RATES; not graded. */
  outcome: Outcome | 'pending';
  detail: string | null;
}

/**
 * The offline parser's accuracy on the checked-in question set and on the question bank: every
 * question asked through the service (as the head office, or the bank's other demo user) over the
 * demo warehouse of the pinned day, graded against the answers computed independently with DuckDB
 * (expected.json, bank-expected.json). Set questions marked unsupported count as misses. The bank
 * is reported per part (the tuning part and the held-out test part): exact, wrong, refused; it
 * passes only with no wrong answer in either part (a refusal is a miss, a wrong figure is a bug).
 */
export async function analyticsAccuracy(): Promise<Result> {
  const expected = JSON.parse(await readFile(EXPECTED, 'utf8')) as ExpectedFile;
  const bankExpected = JSON.parse(await readFile(BANK_EXPECTED, 'utf8')) as BankExpectedFile;
  log('analytics-accuracy: building the demo warehouse');
  const warehouse = await buildDemoWarehouse();
  try {
    // A build that came out other than the one the answers were computed on would grade the demo, not the parser.
    const built = await computeExpected(warehouse.filesDir);
    const differ = Object.keys(expected.answers).filter((id) => JSON.stringify(built[id]) !== JSON.stringify(expected.answers[id]));
    if (differ.length) throw new Error(`the demo warehouse built differs from expected.json for ${differ.join(', ')}`);
    const bankBuilt = await computeBankExpected(warehouse.filesDir);
    const bankDiffer = [...new Set([...Object.keys(bankExpected.answers), ...Object.keys(bankBuilt.answers)])].filter(
      (id) => !sameAnswer(bankBuilt.answers[id], bankExpected.answers[id]),
    );
    if (bankBuilt.fxRates !== bankExpected.fxRates || bankDiffer.length)
      throw new Error(
        `the demo warehouse built differs from bank-expected.json (rates: ${bankBuilt.fxRates}; ${bankDiffer.slice(0, 10).join(', ')}): ` +
          'run server/src/features/analytics/question-bank/compute-expected.ts',
      );

    const service = createAnalyticsService(warehouse.app.ctx);
    const graded: { id: string; language: string; forms: readonly string[]; miss: string | null; ms: number }[] = [];
    for (const q of QUESTIONS) {
      const t = performance.now();
      const answer = await service.read(warehouse.admin, q.question, PINNED_TODAY);
      const ms = performance.now() - t;
      graded.push({ id: q.id, language: q.language, forms: q.forms, miss: gradeAnswer(q, answer, expected.answers[q.id]), ms });
    }

    log(`analytics-accuracy: asking the ${BANK.length} questions of the bank`);
    const bank: BankGraded[] = [];
    const times: number[] = [];
    for (const q of BANK) {
      const part = partOf(q);
      if (!isRefusal(q) && bankExpected.pending[q.id]) {
        bank.push({ q, part, outcome: 'pending', detail: bankExpected.pending[q.id]! });
        continue;
      }
      const t = performance.now();
      let answer: Asked | Error;
      try {
        answer = await service.read(warehouse[q.asUser ?? 'admin'], q.question, PINNED_TODAY);
      } catch (err) {
        answer = err instanceof Error ? err : new Error(String(err));
      }
      times.push(performance.now() - t);
      bank.push({ q, part, ...gradeBankAnswer(q, answer, bankExpected.answers[q.id]) });
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
    const setPass = graded.every((g) => !g.miss || QUESTIONS.find((q) => q.id === g.id)!.unsupported);

    const count = (of: BankGraded[], outcome: BankGraded['outcome']) => of.filter((g) => g.outcome === outcome).length;
    const exactOf = (of: BankGraded[]) => share(count(of, 'exact'), of.filter((g) => g.outcome !== 'pending').length);
    const parts = (['tuning', 'test'] as const).map((part) => {
      const of = bank.filter((g) => g.part === part);
      return {
        part,
        of,
        exact: count(of, 'exact'),
        wrong: count(of, 'wrong'),
        refused: count(of, 'refused'),
        pending: count(of, 'pending'),
      };
    });
    const partLines = parts.flatMap(({ part, of, exact, wrong, refused, pending }) => [
      `bank ${part === 'test' ? 'held-out test' : 'tuning'} part: ${of.length} questions (${of.filter((g) => isRefusal(g.q)).length} to refuse), ` +
        `${of.length - pending} graded: exact ${exact}, wrong ${wrong}, refused ${refused}` +
        (pending ? `; ${pending} pending (amounts in other currencies, no FX_RATES in the demo warehouse yet)` : ''),
      `  ${part} exact by language: ${BANK_LANGUAGES.map((l) => `${l} ${exactOf(of.filter((g) => g.q.language === l))}`).join(', ')}`,
      `  ${part} exact by intent: ${INTENTS.map((i) => `${i} ${exactOf(of.filter((g) => g.q.intent === i))}`).join(', ')}`,
    ]);
    const wrongLines = bank
      .filter((g) => g.outcome === 'wrong')
      .map((g) => `wrong [${g.part}] ${g.q.id} "${g.q.question}"${g.q.asUser ? ` as ${g.q.asUser}` : ''}: ${g.detail}`);
    const bankPass = parts.every((p) => p.wrong === 0);
    const [tuning, test] = parts as [(typeof parts)[0], (typeof parts)[0]];

    return {
      name: 'Talk to my data: offline parser accuracy on the question set and the question bank',
      measure: 'answered right',
      portal: `set ${share(ok, graded.length)}; bank exact ${tuning.exact}/${tuning.of.length - tuning.pending} tuning, ${test.exact}/${test.of.length - test.pending} test; wrong ${tuning.wrong} + ${test.wrong}`,
      baseline: '-',
      ratio: ok / graded.length,
      target: 'set: every question not marked unsupported right; bank: no wrong answer in either part',
      pass: setPass && bankPass,
      details: [
        `${graded.length} questions asked on ${expected.pinnedToday}, median ${median(graded.map((g) => g.ms)).toFixed(0)} ms each`,
        `set by language: ${languages.join(', ')}`,
        `set by form: ${forms.join(', ')}`,
        ...graded.filter((g) => g.miss).map((g) => `miss ${g.id}: ${g.miss}`),
        `bank: ${BANK.length} questions (${BANK.length - bank.filter((g) => g.outcome === 'pending').length} graded) asked on ${bankExpected.pinnedToday}, median ${median(times).toFixed(0)} ms each`,
        ...partLines,
        ...wrongLines,
        `bank: ${bankPass ? 'PASS' : 'MISS'} (wrong answers: ${tuning.wrong} in the tuning part, ${test.wrong} in the held-out test part)`,
      ],
    };
  } finally {
    await warehouse.app.close();
  }
}

import { parseQuestion } from '/work/wt-qset/server/src/features/analytics/parser/parser.ts';
import { buildSemanticLayer } from '/work/wt-qset/server/src/features/analytics/semantic-layer.ts';
import { QUESTIONS } from '/work/wt-qset/server/src/features/analytics/question-set/questions.ts';
const layer = buildSemanticLayer();
for (const q of QUESTIONS) {
  const p = parseQuestion(q.question, layer, new Date(Date.UTC(2026, 1, 15)));
  console.log(q.id, p.language, JSON.stringify(p.query), p.clarification?.slice(0, 60) ?? '', p.ignored.join(','));
}

import { CHAT_CREDIT_MARKER } from '@hangar/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { can } from '../../platform/policies/index.ts';
import type { Actor } from '../../platform/policies/roles.ts';
import { writeHijackedHead } from '../../platform/security-headers.ts';
import { buildSemanticLayer, createGovernedAnswers, parseQuestion, TALK_TO_MY_DATA } from '../analytics/index.ts';
import { createModelAssistant, dropInsight } from './assistant-model.ts';
import { DASHBOARDS } from './catalogue/index.ts';
import type { ProviderKind } from './providers.ts';
import { DASHBOARD_APP_IDS, holds, reportFor, resolveDashboard } from './registry.ts';

const WHERE = /(?<!\p{L})(where|où|dónde|donde|onde)(?!\p{L})/iu;
/** The words of a "where is it shown" question around the KPI's name, in the assistant's languages. */
const WHERE_WORDS =
  /(?<!\p{L})(where|is|are|the|shown|displayed|can i (find|see)|find|où|est|sont|se trouve(nt)?|trouver|affichée?s?|dónde|donde|está|están|se (ve|muestra)|onde|fica|ficam|aparece)(?!\p{L})/giu;

export { dropInsight, INSIGHT_TAG } from './assistant-model.ts';

const AskBody = z.strictObject({
  id: z.string().min(1).max(100),
  message: z.string().trim().min(1, 'Ask a question.').max(4000),
  uc: z.enum(['Traffic', 'Ops']),
});

/**
 * The dashboards' assistant panel (ASSISTANT_OPEN). Offline: "where is KPI X" answered from the
 * dashboard catalogue (which dashboard, which widget, among those the user holds), "how does X
 * split by Y" answered with the governed numbers through Talk to my data's engine (scope applied
 * by its compiler), free; with a model when one is configured (assistant-model.ts). Streamed as
 * the classic chat streams, credit last.
 */
export function registerDashboardAssistant(ctx: AppContext, choices: Map<string, ProviderKind>): void {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const layer = buildSemanticLayer();
  const governed = createGovernedAnswers(ctx, { requires: DASHBOARD_APP_IDS, title: 'the dashboards' });

  function whereIs(actor: Actor, measures: string[]): string {
    const { apps } = actor;
    const bu = actor.bu ?? null;
    const lines: string[] = [];
    for (const def of DASHBOARDS) {
      const d = resolveDashboard(def.key, choices)!;
      if (!holds({ apps: [...apps] }, d)) continue;
      const report = reportFor(def, bu);
      for (const w of report?.widgets ?? []) {
        if (w.query.measures.some((m) => measures.includes(m))) lines.push(`- **${d.title}** (tab ${def.id}): widget "${w.title}"`);
      }
    }
    const names = measures.map((m) => layer.measures.get(m)!.label).join(', ');
    return lines.length
      ? `${names} is shown in:\n\n${lines.join('\n')}`
      : `${names} is not on any dashboard you can open. Ask for access in the sidebar's Send request${
          // A tool never points a user to an application they cannot open.
          can(actor, 'application.open', TALK_TO_MY_DATA) === true ? ', or ask Talk to my data (tab 6)' : ''
        }.`;
  }

  const help = (uc: string) =>
    [
      `I can tell you where a KPI is shown in the ${uc} dashboards, and how a KPI splits, with the numbers.`,
      'For example: "Where is the load factor?", "How do departing passengers split by airline last month?", "Aircraft movements by month this year".',
    ].join('\n\n');

  async function offline(actor: Actor, message: string, uc = 'Traffic'): Promise<string> {
    // "Where is X (shown)?" asks for X's place: the parser reads X without the words that ask where
    // (it would ask back on a word it cannot use, rightly, for a question of the data).
    if (WHERE.test(message)) {
      const asked = parseQuestion(message.replace(WHERE_WORDS, ' '), layer, new Date());
      if (asked.query) return whereIs(actor, asked.query.measures);
    }
    const parsed = parseQuestion(message, layer, new Date());
    const answered = await governed(actor, message);
    if (answered) return `${answered.markdown} This answer cost no credits.`;
    return parsed.query ? whereIs(actor, parsed.query.measures) : help(uc);
  }
  const withModel = createModelAssistant(ctx, { layer, governed, whereIs, offline });

  app.post(
    '/api/nav_chat/askstream',
    {
      config: { access: { anyApp: DASHBOARD_APP_IDS } },
      schema: {
        tags: ['dashboards'],
        summary: "The dashboards' assistant: where a KPI is shown, how it splits (streamed text, credit last)",
        body: AskBody,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { message, uc } = request.body;
      const modelled = await withModel(user, message, uc);
      const text = modelled?.text ?? (await offline(user, message, uc));
      reply.hijack();
      writeHijackedHead(reply, 200, {
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'no-cache',
        'x-accel-buffering': 'no',
      });
      for (const piece of dropInsight(text).match(/[^\n]*\n?/g) ?? []) if (piece) reply.raw.write(piece);
      reply.raw.end(`${CHAT_CREDIT_MARKER}${modelled?.credit ?? 0}`);
    },
  );
}

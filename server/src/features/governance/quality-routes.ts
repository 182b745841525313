import {
  BUSINESS_UNITS,
  GOV_USE_CASES,
  type GovUseCase,
  LineageEdgesResponse,
  LineageGraphQuery,
  LineageKpisResponse,
  LineageQuery,
  LineageTablesResponse,
  OverviewResponse,
  QualityBody,
  QualityResponse,
  YearsResponse,
} from '@hangar/contract';
import { and, eq } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/access.ts';
import type { AppContext } from '../../platform/context.ts';
import { govCheckResults } from '../../platform/db/schema.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { seesWholeGroup } from '../../platform/policies/governance.ts';
import { fileTypesFor, useCaseDef } from './catalogue/index.ts';
import { lineageGraph } from './lineage.ts';
import { lineageConsumersOf } from './lineage-consumers.ts';
import { GOVERNANCE_RULE, permissionMap, requireRight } from './permissions.ts';
import { heldUseCases, overview, overviewBus, qualityRows, years } from './quality.ts';
import { cachedResult } from './results-cache.ts';

const useCaseOf = (value: string): GovUseCase => {
  const found = GOV_USE_CASES.find((u) => u.toLowerCase() === value.toLowerCase());
  if (!found) throw badRequest(`use_case must be one of ${GOV_USE_CASES.join(', ')}`);
  return found;
};
const buOf = (value: string): string => {
  const bu = value === 'SSA/AMA' ? 'SSA' : value;
  if (!(BUSINESS_UNITS as readonly string[]).includes(bu)) throw badRequest(`asset must be one of ${BUSINESS_UNITS.join(', ')}`);
  return bu;
};

/** A lineage graph's opaque reference: the BU and use case it is drawn for. */
const graphPath = (bu: string, useCase: string) => `lineage/${bu}/${useCase.toLowerCase()}`;
function parseGraphPath(path: string): { bu: string; useCase: GovUseCase } {
  const m = /^lineage\/([A-Z]{3})\/([a-z]+)$/.exec(path);
  const useCase = m ? GOV_USE_CASES.find((u) => u.toLowerCase() === m[2]) : undefined;
  if (!m || !useCase || !(BUSINESS_UNITS as readonly string[]).includes(m[1]!)) throw notFound('No lineage graph matches this file_path.');
  return { bu: m[1]!, useCase };
}

export function registerQualityRoutes(ctx: AppContext): void {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const config = { access: GOVERNANCE_RULE };
  // The caller's BUs come from their groups' map: cached briefly too, as the overview is polled by many.
  const scope = (user: ReturnType<typeof requireUser>) =>
    cachedResult(`scope|${user.sub}|${user.apps.join(',')}|${user.bu}`, async () => ({
      bus: overviewBus(user, await permissionMap(ctx.db, user.sub)),
      useCases: heldUseCases(user),
    }));

  app.get(
    '/api/data_gov/gouvernance/overview',
    {
      config,
      schema: {
        tags: ['governance'],
        summary: 'Latest check results per year, BU, use case and table',
        response: { 200: OverviewResponse },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { bus, useCases } = await scope(user);
      const hq = seesWholeGroup(user);
      // Checked against the schema once when computed, then served as the same text to everyone in scope.
      const json = await cachedResult(`overview|${bus}|${useCases}|${hq}`, async () =>
        JSON.stringify(OverviewResponse.parse(await overview(ctx.db, bus, useCases, hq))),
      );
      return (
        reply
          .type('application/json; charset=utf-8')
          .serializer((payload) => payload as string)
          // The text is an OverviewResponse already checked above; the typed send expects the object.
          .send(json as never)
      );
    },
  );

  app.get(
    '/api/data_gov/gouvernance/get_years',
    { config, schema: { tags: ['governance'], summary: 'Years with check results', response: { 200: YearsResponse } } },
    async (request) => {
      const { bus, useCases } = await scope(requireUser(request));
      return cachedResult(`years|${bus}|${useCases}`, () => years(ctx.db, bus, useCases));
    },
  );

  app.post(
    '/api/data_gov/gouvernance/quality',
    {
      config,
      schema: {
        tags: ['governance'],
        summary: 'Every check result of a BU, use case and year',
        body: QualityBody,
        response: { 200: QualityResponse },
      },
    },
    async (request) => {
      const useCase = useCaseOf(request.body.use_case);
      const bu = buOf(request.body.asset);
      await requireRight(ctx, request, requireUser(request), bu, useCase, ['Quality']);
      return qualityRows(ctx.db, bu, useCase, request.body.year);
    },
  );

  app.get(
    '/api/data_gov/lineage/get_kpis',
    {
      config,
      schema: {
        tags: ['governance'],
        summary: 'The KPIs of a BU and use case, with their lineage graph',
        querystring: LineageQuery,
        response: { 200: LineageKpisResponse },
      },
    },
    async (request) => {
      const useCase = useCaseOf(request.query.use_case);
      const bu = buOf(request.query.asset);
      await requireRight(ctx, request, requireUser(request), bu, useCase, ['Lineage']);
      const data = fileTypesFor(useCase, bu).flatMap((t) =>
        (t.kpis ?? []).map((k) => ({ use_case: useCase, kpi_name: k.name, definition: k.definition, file_path: graphPath(bu, useCase) })),
      );
      return { data };
    },
  );

  async function graphFor(request: Parameters<typeof requireUser>[0], path: string) {
    const { bu, useCase } = parseGraphPath(path);
    await requireRight(ctx, request, requireUser(request), bu, useCase, ['Lineage']);
    return { bu, useCase, graph: lineageGraph(useCaseDef(useCase), fileTypesFor(useCase, bu), lineageConsumersOf(useCase, bu)) };
  }

  app.get(
    '/api/data_gov/lineage/tables',
    {
      config,
      schema: {
        tags: ['governance'],
        summary: 'Nodes of a lineage graph',
        querystring: LineageGraphQuery,
        response: { 200: LineageTablesResponse },
      },
    },
    async (request) => {
      const { bu, useCase, graph } = await graphFor(request, request.query.file_path);
      const results = await ctx.db
        .select({ fileType: govCheckResults.fileType, status: govCheckResults.status, value: govCheckResults.value })
        .from(govCheckResults)
        .where(and(eq(govCheckResults.current, true), eq(govCheckResults.bu, bu), eq(govCheckResults.useCase, useCase)));
      // A table's badge: failed if any current check failed, success if some passed, pending otherwise.
      const quality = (type: string) => {
        const mine = results.filter((r) => r.fileType === type);
        if (!mine.length) return 'none' as const;
        if (mine.some((r) => r.status === 'failed')) return 'failed' as const;
        return mine.some((r) => r.status === 'success' || r.status === 'delayed') ? ('success' as const) : ('pending' as const);
      };
      return { tables: graph.nodes.map((n) => (n.kind === 'table' && n.id.startsWith('table:') ? { ...n, quality: quality(n.kpi) } : n)) };
    },
  );

  app.get(
    '/api/data_gov/lineage/edges',
    {
      config,
      schema: {
        tags: ['governance'],
        summary: 'Edges of a lineage graph',
        querystring: LineageGraphQuery,
        response: { 200: LineageEdgesResponse },
      },
    },
    async (request) => ({ edges: (await graphFor(request, request.query.file_path)).graph.edges }),
  );
}

import { TABS } from '@hangar/contract';
import { buildSemanticLayer, isRatio, type Measure } from '../analytics/index.ts';
import { type LineageConsumer, registerLineageConsumers } from '../governance/index.ts';
import { DASHBOARDS } from './catalogue/index.ts';
import { reportFor } from './registry.ts';

/**
 * Each builtin dashboard as a consumer of the governed KPIs its widgets read, so the lineage graph
 * of a use case ends with the dashboards that show its KPIs (issue 17).
 */
export function registerDashboardLineage(): void {
  const layer = buildSemanticLayer();
  const kpisOf = (m: Measure): { useCase: string; kpi: string }[] =>
    isRatio(m) ? [m.numerator, m.denominator].flatMap((id) => kpisOf(layer.measures.get(id)!)) : [{ useCase: m.useCase, kpi: m.kpi.name }];

  registerLineageConsumers('dashboards', (useCase, bu): LineageConsumer[] =>
    DASHBOARDS.flatMap((def) => {
      const report = reportFor(def, bu);
      if (!report) return [];
      const shown = report.widgets.flatMap((w) =>
        w.query.measures
          .flatMap((id) => (layer.measures.get(id) ? kpisOf(layer.measures.get(id)!) : []))
          .map((k) => ({ ...k, widget: w.title })),
      );
      const mine = shown.filter((k) => k.useCase === useCase);
      if (!mine.length) return [];
      const title = TABS.find((t) => t.id === def.id)?.title ?? def.key;
      return [
        {
          id: String(def.id),
          title: `${title} dashboard`,
          description: `Widgets: ${[...new Set(mine.map((k) => k.widget))].join(', ')}`,
          kpis: [...new Set(mine.map((k) => k.kpi))],
        },
      ];
    }),
  );
}

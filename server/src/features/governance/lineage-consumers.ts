// Who reads the governed KPIs downstream (the dashboards, issue 17), for the lineage graph. Other
// features register here through governance's index; governance does not know them otherwise.

export interface LineageConsumer {
  /** Unique within a graph, e.g. the dashboard's tab id. */
  id: string;
  title: string;
  description: string;
  /** The KPI names of this use case the consumer shows. */
  kpis: string[];
}

export type LineageConsumers = (useCase: string, bu: string) => LineageConsumer[];

/** By name, so a second registration (several apps in one test process) replaces the first. */
const consumers = new Map<string, LineageConsumers>();

export function registerLineageConsumers(name: string, list: LineageConsumers): void {
  consumers.set(name, list);
}

export const lineageConsumersOf = (useCase: string, bu: string): LineageConsumer[] =>
  [...consumers.values()].flatMap((list) => list(useCase, bu));

import type { SemanticQueryInput } from '@hangar/contract';
import type { WidgetDef } from './types.ts';

// Small builders so each dashboard reads as its list of widgets. Positions: cards take a quarter of
// the 12-column row, charts half, tables the whole width.

type At = WidgetDef['at'];
const query = (measures: string[], dimensions: string[] = [], extra: Partial<SemanticQueryInput> = {}): SemanticQueryInput => ({
  measures,
  dimensions,
  ...extra,
});

export const card = (id: string, title: string, measure: string, x: number, y = 0): WidgetDef => ({
  id,
  title,
  kind: 'card',
  query: query([measure]),
  at: { x, y, w: 3, h: 2 },
});
export const line = (id: string, title: string, measures: string[], at: At): WidgetDef => ({
  id,
  title,
  kind: 'line',
  query: query(measures, ['month']),
  at,
});
export const bar = (id: string, title: string, measure: string, by: string, at: At, top = 15): WidgetDef => ({
  id,
  title,
  kind: 'bar',
  query: query([measure], [by], { order: { by: measure, direction: 'desc' }, limit: top }),
  at,
});
export const donut = (id: string, title: string, measure: string, by: string, at: At): WidgetDef => ({
  id,
  title,
  kind: 'donut',
  query: query([measure], [by], { order: { by: measure, direction: 'desc' }, limit: 8 }),
  at,
});
export const table = (id: string, title: string, measures: string[], by: string[], at: At): WidgetDef => ({
  id,
  title,
  kind: 'table',
  query: query(measures, by, { limit: 200 }),
  at,
});

export const LEFT = (y: number): At => ({ x: 0, y, w: 6, h: 4 });
export const RIGHT = (y: number): At => ({ x: 6, y, w: 6, h: 4 });
export const FULL = (y: number): At => ({ x: 0, y, w: 12, h: 5 });

import type { DASHBOARD_FILTERS, DASHBOARD_WIDGET_KINDS, SemanticQueryInput } from '@hangar/contract';

/** One widget: what it draws and the semantic query it draws (never SQL: the analytics compiler writes that). */
export interface WidgetDef {
  id: string;
  title: string;
  kind: (typeof DASHBOARD_WIDGET_KINDS)[number];
  query: SemanticQueryInput;
  /** Grid position, 12 columns wide. */
  at: { x: number; y: number; w: number; h: number };
}

/** A report the builtin provider draws. */
export interface ReportDef {
  key: string;
  title: string;
  widgets: WidgetDef[];
  filters: (typeof DASHBOARD_FILTERS)[number][];
}

/** One dashboard of the menu catalogue (its tab id, title and application come from contract/src/tabs.ts). */
export interface DashboardDef {
  id: number;
  key: string;
  description: string;
  icon: string;
  /** The builtin report, or null with the reason it has no governed data yet. */
  report: ReportDef | null;
  unavailableReason?: string;
  /** Another report for the users of a BU (spec: for BU LGW the Retail dashboard uses a different report). */
  reportForBu?: Record<string, ReportDef>;
}

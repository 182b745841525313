import type { GovUseCase } from '@hangar/contract';

/**
 * The governance model is data: use cases, file types, their schemas and KPI definitions. The
 * check engine, the templates and (part 2) the lineage graph all read these definitions, so a
 * KPI's computation and its lineage can never disagree.
 */
export type ColumnType = 'string' | 'integer' | 'decimal' | 'date' | 'month';

export interface ColumnDef {
  name: string;
  type: ColumnType;
  required?: boolean;
  /** Part of the row's unique key. */
  key?: boolean;
  /** Values must be codes of this referential file type (mapping coverage). */
  codeOf?: { referential: string; column: string };
  /** Allowed values (data integrity). */
  allowed?: readonly string[];
  min?: number;
  max?: number;
  /** Shown in the template's instructions sheet. */
  note: string;
  /** An example value for templates and demo files. */
  example: string;
}

/** A row rule: a SQL boolean expression over the row's typed columns that must hold. */
export interface RowRule {
  expression: string;
  message: string;
}

/** Amounts that must net to zero per group (a balanced journal, say). */
export interface Reconcile {
  groupBy: string;
  column: string;
  tolerance: number;
  message: string;
}

export interface KpiFilter {
  column: string;
  op: 'startsWith' | 'in' | 'eq' | 'gt';
  value: string | number | readonly string[];
}

/** One KPI, computed over the validated table: aggregate(column) [where filter] per groupBy. */
export interface KpiDef {
  name: string;
  unit: string;
  format: string;
  definition: string;
  explanation?: string;
  aggregate: 'sum' | 'count' | 'avg' | 'count_distinct';
  /**
   * How the KPI adds up over time. A flow (passengers, revenue) is summed over the months of a
   * period; a stock (headcount, balances, occupancy) is a snapshot: a period's figure is its last
   * month's, never a sum over months.
   */
  overTime: 'flow' | 'stock';
  column: string;
  filter?: KpiFilter;
  groupBy?: string;
  /** Shown with the opposite sign (revenue booked as credits). */
  negate?: boolean;
  /** A second aggregate divided into the first gives a ratio (percent when unit is %). */
  per?: { aggregate: 'sum' | 'count'; column: string };
}

export interface FileTypeDef {
  type: string;
  useCase: GovUseCase;
  label: string;
  /** The source system that produces it (lineage header node). */
  source: string;
  /** BUs that send it; all when absent. */
  bus?: readonly string[];
  linked?: string;
  /** Period grain: a month file or a whole-year file. */
  grain: 'month' | 'year';
  /** Only for next year's budget period (use_case_type BUDGET). */
  budget?: boolean;
  /** Day of the month after the period by which the file is due (file not received). */
  dueDay: number;
  periodColumn: string;
  columns: readonly ColumnDef[];
  rules?: readonly RowRule[];
  reconcile?: Reconcile;
  kpis?: readonly KpiDef[];
  /**
   * Text cells starting with = + - @ (or a tab or CR) are what a spreadsheet runs as a formula;
   * they are a data-integrity finding unless the file type's text legitimately starts that way.
   */
  allowFormulaLikeText?: boolean;
}

export interface ReferentialDef {
  type: string;
  useCase: GovUseCase;
  label: string;
  source: string;
  columns: readonly ColumnDef[];
  /** Whether users may download a generated template (Retail). */
  template: boolean;
}

export interface UseCaseDef {
  name: GovUseCase;
  /** Whether computed KPIs are reviewed before processing (the checkKpis stage). */
  kpiReview: boolean;
  /** Lineage: KPIs published through a BI layer (Traffic's PowerBI measures). */
  biLayer?: string;
  fileTypes: readonly FileTypeDef[];
  referentials: readonly ReferentialDef[];
}

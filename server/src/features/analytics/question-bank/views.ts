// The plain views the bank's SQL reads: one per governed table, straight over its Parquet files as
// the pipeline leaves them (warehouse/bu=<BU>/use_case=<use case>/file_type=<TABLE>/period_month=
// <period>/version=<version>/), every row with the BU its file belongs to. Periods are 'yyyy-MM' text.
// Nothing here comes from the semantic layer or the compiler.
//
// What the demo warehouse of the pinned day (2026-02-15) holds: monthly tables for 2025-11, 2025-12
// and 2026-01 (some BU-months missing or refused by the checks, as in real life), the traffic
// actuals for the whole of 2025 (not SCA), budgets for 2025 and 2026 (not every BU). Asked on that
// day: this month is 2026-02 (nothing delivered yet), last month 2026-01, last quarter 2025-10 to
// 2025-12, this year (YTD) 2026-01 to 2026-02, last year 2025.

export const VIEWS: Record<string, { path: string; columns: string }> = {
  traffic: {
    path: 'use_case=traffic/file_type=TRAFFIC_ACTUALS',
    columns: 'airline_code, CAST(month AS VARCHAR) AS month, departing_passengers, arriving_passengers, movements, seats',
  },
  traffic_budget: {
    path: 'use_case=traffic/file_type=TRAFFIC_BUDGET',
    columns: 'airline_code, CAST(month AS VARCHAR) AS month, passengers, movements',
  },
  ledger: {
    path: 'use_case=finance/file_type=GENERAL_LEDGER',
    columns: 'journal_id, CAST(period AS VARCHAR) AS period, CAST(account AS VARCHAR) AS account, cost_center, amount, currency',
  },
  supplier_opex: {
    path: 'use_case=finance/file_type=SUPPLIER_OPEX',
    columns: 'supplier_id, supplier_name, CAST(period AS VARCHAR) AS period, CAST(account AS VARCHAR) AS account, amount, currency',
  },
  customer_revenues: {
    path: 'use_case=finance/file_type=CUSTOMER_REVENUES',
    columns: 'customer_id, customer_name, CAST(period AS VARCHAR) AS period, revenue_stream, amount, currency',
  },
  capex: {
    path: 'use_case=finance/file_type=CAPEX',
    columns: 'project_code, project_name, CAST(period AS VARCHAR) AS period, asset_class, amount',
  },
  /** CPXFORECAST: the group's capex forecast. */
  capex_forecast: {
    path: 'use_case=finance/file_type=CPXFORECAST',
    columns: 'project_code, CAST(period AS VARCHAR) AS period, forecast_amount',
  },
  /** CAPEX_FORECAST: the BU's own (local) capex forecast. */
  local_capex_forecast: {
    path: 'use_case=finance/file_type=CAPEX_FORECAST',
    columns: 'project_code, CAST(period AS VARCHAR) AS period, forecast_amount',
  },
  budget: {
    path: 'use_case=finance/file_type=BUDGET',
    columns: 'CAST(period AS VARCHAR) AS period, CAST(account AS VARCHAR) AS account, amount',
  },
  budget_fiscal: {
    path: 'use_case=finance/file_type=BUDGET_FISCAL',
    columns: 'CAST(period AS VARCHAR) AS period, CAST(account AS VARCHAR) AS account, amount',
  },
  receivables: {
    path: 'use_case=finance/file_type=RECEIVABLES',
    columns: 'invoice_id, customer_id, CAST(period AS VARCHAR) AS period, days_overdue, open_amount, currency',
  },
  sales: { path: 'use_case=retail/file_type=EPOS_SALES', columns: 'shop_code, CAST(period AS VARCHAR) AS period, net_sales, transactions' },
  carparks: {
    path: 'use_case=carparks/file_type=CARPARK_OCCUPANCY',
    columns: 'carpark_code, CAST(period AS VARCHAR) AS period, capacity, occupied_peak, revenue',
  },
  punctuality: {
    path: 'use_case=ops/file_type=PUNCTUALITY',
    columns: 'airline_code, CAST(period AS VARCHAR) AS period, flights, on_time_flights',
  },
  headcount: { path: 'use_case=hr/file_type=HEADCOUNT', columns: 'department_code, CAST(period AS VARCHAR) AS period, headcount' },
  audience: {
    path: 'use_case=communication/file_type=DIGITAL_AUDIENCE',
    columns: 'channel_code, CAST(period AS VARCHAR) AS period, visits',
  },
};

/**
 * Monthly rates to the euro, one file per BU and month: every amount of GENERAL_LEDGER,
 * SUPPLIER_OPEX, CUSTOMER_REVENUES and RECEIVABLES is converted row by row
 * (`amount * rate_to_eur`, joined on bu, period and currency) before it is added up.
 */
export const FX_VIEW = {
  name: 'fx',
  path: 'use_case=finance/file_type=FX_RATES',
  columns: 'CAST(period AS VARCHAR) AS period, currency, CAST(rate_to_eur AS DOUBLE) AS rate_to_eur',
};

/** The tables whose amounts carry a currency (the fx view's rows must cover theirs). */
export const FX_TABLES = ['ledger', 'supplier_opex', 'customer_revenues', 'receivables'] as const;

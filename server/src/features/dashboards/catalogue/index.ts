import type { DashboardDef, ReportDef } from './types.ts';
import { bar, card, donut, FULL, LEFT, line, RIGHT, table } from './widgets.ts';

export type { DashboardDef, ReportDef, WidgetDef } from './types.ts';

// The dashboards of the menu catalogue (spec section 2: HQ 40, 25, 41, 42; BU 10–31), as data.
// Every widget queries the semantic layer of Talk to my data, whose measures are the governance
// catalogue's KPI definitions; a dashboard whose subject has no governed data yet says so.

const ALL_FILTERS: ReportDef['filters'] = ['period', 'airport', 'bu'];
const report = (key: string, title: string, widgets: ReportDef['widgets']): ReportDef => ({ key, title, widgets, filters: ALL_FILTERS });

const notGoverned = (subject: string) =>
  `No governed data for ${subject} yet: no use case of data governance delivers it, so this dashboard has nothing true to show.`;

export const DASHBOARDS: readonly DashboardDef[] = [
  {
    id: 40,
    key: 'hq-executive',
    description: 'The group at a glance: revenue, passengers, retail sales and headcount, by BU',
    icon: 'building-2',
    report: report('hq-executive', 'HQ Executive', [
      card('revenue', 'Revenue', 'revenue', 0),
      card('passengers', 'Departing passengers', 'departing_passengers', 3),
      card('sales', 'Retail net sales', 'net_sales', 6),
      card('headcount', 'Headcount', 'headcount', 9),
      bar('revenue-by-bu', 'Revenue by BU', 'revenue', 'bu', LEFT(2)),
      bar('passengers-by-bu', 'Passengers by BU', 'departing_passengers', 'bu', RIGHT(2)),
    ]),
  },
  {
    id: 25,
    key: 'hq-traffic',
    description: 'Group traffic: passengers, movements and load factor per BU and month',
    icon: 'plane',
    report: report('hq-traffic', 'HQ Traffic', [
      card('passengers', 'Departing passengers', 'departing_passengers', 0),
      card('movements', 'Aircraft movements', 'aircraft_movements', 3),
      card('load-factor', 'Load factor', 'load_factor', 6),
      line('passengers-by-month', 'Passengers by month', ['departing_passengers'], LEFT(2)),
      bar('passengers-by-bu', 'Passengers by BU', 'departing_passengers', 'bu', RIGHT(2)),
    ]),
  },
  {
    id: 41,
    key: 'hq-finance',
    description: 'Group finance: revenue and operating expenses per BU and month',
    icon: 'landmark',
    report: report('hq-finance', 'HQ Finance', [
      card('revenue', 'Revenue', 'revenue', 0),
      card('opex', 'Operating expenses', 'operating_expenses', 3),
      line('revenue-by-month', 'Revenue and expenses by month', ['revenue', 'operating_expenses'], LEFT(2)),
      bar('revenue-by-bu', 'Revenue by BU', 'revenue', 'bu', RIGHT(2)),
    ]),
  },
  {
    id: 42,
    key: 'hq-retail',
    description: 'Group retail: net sales and average basket per BU',
    icon: 'shopping-bag',
    report: report('hq-retail', 'HQ Retail', [
      card('sales', 'Net sales', 'net_sales', 0),
      card('basket', 'Average basket', 'average_basket', 3),
      bar('sales-by-bu', 'Net sales by BU', 'net_sales', 'bu', LEFT(2)),
      line('sales-by-month', 'Net sales by month', ['net_sales'], RIGHT(2)),
    ]),
  },
  {
    id: 10,
    key: 'executive',
    description: 'Your BU at a glance: revenue, passengers, retail sales and headcount',
    icon: 'gauge',
    report: report('executive', 'Executive', [
      card('revenue', 'Revenue', 'revenue', 0),
      card('passengers', 'Departing passengers', 'departing_passengers', 3),
      card('sales', 'Retail net sales', 'net_sales', 6),
      card('headcount', 'Headcount', 'headcount', 9),
      line('revenue-by-month', 'Revenue by month', ['revenue'], LEFT(2)),
      line('passengers-by-month', 'Passengers by month', ['departing_passengers'], RIGHT(2)),
    ]),
  },
  {
    id: 11,
    key: 'traffic',
    description: 'Passengers, movements, load factor and budget by month and airline',
    icon: 'plane-takeoff',
    report: report('traffic', 'Traffic', [
      card('passengers', 'Departing passengers', 'departing_passengers', 0),
      card('movements', 'Aircraft movements', 'aircraft_movements', 3),
      card('load-factor', 'Load factor', 'load_factor', 6),
      card('budget', 'Budgeted passengers', 'budgeted_passengers', 9),
      line('passengers-by-month', 'Passengers by month', ['departing_passengers'], LEFT(2)),
      bar('passengers-by-airline', 'Passengers by airline', 'departing_passengers', 'airline_code', RIGHT(2)),
      line('movements-by-month', 'Aircraft movements by month', ['aircraft_movements'], LEFT(6)),
      bar('load-factor-by-airline', 'Load factor by airline', 'load_factor', 'airline_code', RIGHT(6)),
    ]),
  },
  {
    id: 12,
    key: 'traffic-executive',
    description: 'Passengers against budget, month by month',
    icon: 'trending-up',
    report: report('traffic-executive', 'Traffic Executive', [
      card('passengers', 'Departing passengers', 'departing_passengers', 0),
      card('budget', 'Budgeted passengers', 'budgeted_passengers', 3),
      line('actual-vs-budget', 'Passengers, actual and budget', ['departing_passengers', 'budgeted_passengers'], FULL(2)),
    ]),
  },
  {
    id: 13,
    key: 'airport-id',
    description: 'Airport identity card',
    icon: 'map-pin',
    report: null,
    unavailableReason: notGoverned('airport profiles'),
  },
  {
    id: 14,
    key: 'airline-id',
    description: 'Airline by airline: passengers, load factor and punctuality',
    icon: 'id-card',
    report: report('airline-id', 'Airline ID', [
      table('airlines', 'Airlines', ['departing_passengers', 'aircraft_movements', 'load_factor'], ['airline_code'], FULL(0)),
      bar('otp-by-airline', 'On-time performance by airline', 'on_time_performance', 'airline_code', FULL(5)),
    ]),
  },
  {
    id: 15,
    key: 'operations',
    description: 'Punctuality by month and airline',
    icon: 'timer',
    report: report('operations', 'Operations', [
      card('otp', 'On-time performance', 'on_time_performance', 0),
      line('otp-by-month', 'On-time performance by month', ['on_time_performance'], LEFT(2)),
      bar('otp-by-airline', 'On-time performance by airline', 'on_time_performance', 'airline_code', RIGHT(2)),
    ]),
  },
  {
    id: 16,
    key: 'aci-asq',
    description: 'ACI Airport Service Quality survey results',
    icon: 'star',
    report: null,
    unavailableReason: notGoverned('the ACI/ASQ surveys'),
  },
  {
    id: 17,
    key: 'business-aviation',
    description: 'Business aviation movements and passengers',
    icon: 'plane',
    report: null,
    unavailableReason: notGoverned('business aviation'),
  },
  {
    id: 18,
    key: 'retail',
    description: 'Retail and food & beverage: net sales by month and shop, average basket',
    icon: 'shopping-cart',
    report: report('retail', 'Retail & F&B', [
      card('sales', 'Net sales', 'net_sales', 0),
      card('basket', 'Average basket', 'average_basket', 3),
      line('sales-by-month', 'Net sales by month', ['net_sales'], LEFT(2)),
      bar('sales-by-shop', 'Net sales by shop', 'net_sales', 'shop_code', RIGHT(2)),
    ]),
    // The spec's LGW Retail rule: LGW's retail is read shop by shop against the basket.
    reportForBu: {
      LGW: report('retail-lgw', 'Retail & F&B (LGW)', [
        table('shops', 'Shops', ['net_sales', 'average_basket'], ['shop_code'], FULL(0)),
        line('basket-by-month', 'Average basket by month', ['average_basket'], FULL(5)),
      ]),
    },
  },
  {
    id: 19,
    key: 'epos',
    description: 'Point-of-sale takings by shop',
    icon: 'receipt',
    report: report('epos', 'EPOS', [
      donut('sales-share', 'Share of net sales by shop', 'net_sales', 'shop_code', LEFT(0)),
      bar('basket-by-shop', 'Average basket by shop', 'average_basket', 'shop_code', RIGHT(0)),
    ]),
  },
  {
    id: 20,
    key: 'retail-epos',
    description: 'Point-of-sale sales by shop and month',
    icon: 'scan-barcode',
    report: report('retail-epos', 'Retail EPOS', [
      table('shop-months', 'Net sales by shop and month', ['net_sales'], ['shop_code', 'month'], FULL(0)),
    ]),
  },
  {
    id: 21,
    key: 'car-parks',
    description: 'Car park occupancy and revenue',
    icon: 'car',
    report: report('car-parks', 'Car Parks', [
      card('revenue', 'Parking revenue', 'parking_revenue', 0),
      card('occupancy', 'Peak occupancy', 'peak_occupancy', 3),
      line('revenue-by-month', 'Parking revenue by month', ['parking_revenue'], LEFT(2)),
      bar('occupancy-by-carpark', 'Peak occupancy by car park', 'peak_occupancy', 'carpark_code', RIGHT(2)),
    ]),
  },
  {
    id: 22,
    key: 'finance',
    description: 'Revenue, expenses, suppliers and revenue streams',
    icon: 'landmark',
    report: report('finance', 'Finance', [
      card('revenue', 'Revenue', 'revenue', 0),
      card('opex', 'Operating expenses', 'operating_expenses', 3),
      card('suppliers', 'Supplier spend', 'supplier_spend', 6),
      card('overdue', 'Overdue receivables', 'overdue_receivables', 9),
      line('revenue-by-month', 'Revenue and expenses by month', ['revenue', 'operating_expenses'], LEFT(2)),
      donut('streams', 'Revenue by stream', 'revenue_by_stream', 'revenue_stream', RIGHT(2)),
      bar('suppliers-top', 'Top suppliers', 'supplier_spend', 'supplier_name', FULL(6)),
    ]),
  },
  {
    id: 23,
    key: 'vision-bu',
    description: 'Revenue per passenger and passengers against budget',
    icon: 'eye',
    report: report('vision-bu', 'VISION BU', [
      card('revenue-per-pax', 'Revenue per passenger', 'revenue_per_passenger', 0),
      line('revenue-per-pax-by-month', 'Revenue per passenger by month', ['revenue_per_passenger'], LEFT(2)),
      line('actual-vs-budget', 'Passengers, actual and budget', ['departing_passengers', 'budgeted_passengers'], RIGHT(2)),
    ]),
  },
  {
    id: 24,
    key: 'human-resources',
    description: 'Headcount by month and department',
    icon: 'users',
    report: report('human-resources', 'Human Resources', [
      card('headcount', 'Headcount', 'headcount', 0),
      line('headcount-by-month', 'Headcount by month', ['headcount'], LEFT(2)),
      bar('headcount-by-department', 'Headcount by department', 'headcount', 'department_code', RIGHT(2)),
    ]),
  },
  {
    id: 26,
    key: 'communication',
    description: 'Digital audience by channel and month',
    icon: 'megaphone',
    report: report('communication', 'Communication', [
      card('visits', 'Digital visits', 'digital_visits', 0),
      line('visits-by-month', 'Digital visits by month', ['digital_visits'], LEFT(2)),
      donut('visits-by-channel', 'Visits by channel', 'digital_visits', 'channel_code', RIGHT(2)),
    ]),
  },
  {
    id: 27,
    key: 'contrails',
    description: 'Aviation emissions and contrails',
    icon: 'cloud',
    report: null,
    unavailableReason: notGoverned('emissions and contrails'),
  },
  {
    id: 28,
    key: 'credit-risk',
    description: 'Overdue receivables by customer and month',
    icon: 'shield-alert',
    report: report('credit-risk', 'Credit Risk Monitoring', [
      card('overdue', 'Overdue receivables', 'overdue_receivables', 0),
      line('overdue-by-month', 'Overdue receivables by month', ['overdue_receivables'], LEFT(2)),
      bar('overdue-by-customer', 'Overdue receivables by customer', 'overdue_receivables', 'customer_id', RIGHT(2)),
    ]),
  },
  {
    id: 29,
    key: 'macro-economics',
    description: 'Macro-economic indicators of the BU’s markets',
    icon: 'globe',
    report: null,
    unavailableReason: notGoverned('macro-economic series'),
  },
  {
    id: 30,
    key: 'capex',
    description: 'Capital expenditure by asset class against forecast',
    icon: 'hammer',
    report: report('capex', 'Capex', [
      card('capex', 'Capex', 'capex_by_asset_class', 0),
      card('forecast', 'Capex forecast', 'capex_forecast', 3),
      donut('by-class', 'Capex by asset class', 'capex_by_asset_class', 'asset_class', LEFT(2)),
      bar('by-project', 'Capex forecast by project', 'capex_forecast', 'project_code', RIGHT(2)),
    ]),
  },
  // Not one of the strip's 10–49: the spec's tab 1111111, the one dashboard with the "Assistant AI" toggle.
  {
    id: 1111111,
    key: 'traffic-operations',
    description: 'Traffic and punctuality together, with the dashboard assistant beside them',
    icon: 'bot',
    report: report('traffic-operations', 'Traffic & Operations', [
      card('passengers', 'Departing passengers', 'departing_passengers', 0),
      card('movements', 'Aircraft movements', 'aircraft_movements', 3),
      card('load-factor', 'Load factor', 'load_factor', 6),
      card('otp', 'On-time performance', 'on_time_performance', 9),
      line('passengers-by-month', 'Passengers by month', ['departing_passengers'], LEFT(2)),
      line('otp-by-month', 'On-time performance by month', ['on_time_performance'], RIGHT(2)),
      bar('passengers-by-airline', 'Passengers by airline', 'departing_passengers', 'airline_code', LEFT(6)),
      bar('otp-by-airline', 'On-time performance by airline', 'on_time_performance', 'airline_code', RIGHT(6)),
    ]),
  },
];

export const dashboardByKey = (key: string): DashboardDef | undefined => DASHBOARDS.find((d) => d.key === key || String(d.id) === key);

import type { QuestionLanguage } from '@hangar/contract';

// The checked-in question set of Talk to my data: every form the offline parser claims, in its
// four languages, each with the SQL a person wrote to answer it straight from the demo warehouse's
// Parquet files (views below, built by compute-expected.ts), never through the semantic layer or
// the compiler. compute-expected.ts runs that SQL and writes the rows to expected.json; the test
// and the accuracy benchmark ask each question through the service and compare.
//
// The views, one per governed table, every row with the BU its file belongs to:
//   traffic(bu, airline_code, month, departing_passengers, movements, seats)      2025, whole year
//   ledger(bu, period, account, cost_center, amount, currency)                    2025-11 to 2026-01
//   fx(bu, period, currency, rate_to_eur)                                         2025-11 to 2026-01
//   sales(bu, shop_code, period, net_sales, transactions)                         2025-11 to 2026-01
//   punctuality(bu, airline_code, period, flights, on_time_flights)               2025-11 to 2026-01
//   headcount(bu, department_code, period, headcount)                             2025-11 to 2026-01
//   audience(bu, channel_code, period, visits)                                    2025-11 to 2026-01
// The ledger's amounts are in the currency of their row: they are added only once converted to EUR
// with the rate their BU sent for their month (fx, where EUR is 1), as Talk to my data must.
// Periods are 'yyyy-MM' text. Asked on PINNED_TODAY (2026-02-15): last month is 2026-01, last
// quarter 2025-10 to 2025-12, this year 2026-01 to 2026-02, last year 2025.

export const FORMS = [
  'by-dimension',
  'month',
  'year',
  'last-month',
  'last-quarter',
  'last-year',
  'this-year',
  'between-months',
  'top-n',
  'x-vs-y',
  'compare-months',
  'ratio',
  'filter',
  'single-value',
  'clarify-no-measure',
  'clarify-ambiguous',
  'clarify-outside-data',
  'clarify-sql',
] as const;
export type QuestionForm = (typeof FORMS)[number];

interface Base {
  id: string;
  question: string;
  language: QuestionLanguage;
  forms: QuestionForm[];
  /** Why the offline parser cannot answer it yet: counted as a miss, not dropped. */
  unsupported?: string;
}
/** Answered: the hand-written SQL, its columns named as the answer names them (dimensions, then measures). */
export interface AnsweredQuestion extends Base {
  sql: string;
  /** Rows in this order (top N); otherwise compared as a set. */
  ordered?: boolean;
}
/** Must get a question back, not a guess. */
export interface ClarifiedQuestion extends Base {
  clarification: true;
}
export type SetQuestion = AnsweredQuestion | ClarifiedQuestion;
export const isClarified = (q: SetQuestion): q is ClarifiedQuestion => 'clarification' in q;

const REVENUE = `-sum(amount) FILTER (WHERE account LIKE '7%')`;
/** The ledger with its amounts in EUR: each row joined by hand with its BU's rate of its month. */
const LEDGER_EUR = `(SELECT l.bu, l.period, l.account, l.cost_center, l.amount * fx.rate_to_eur AS amount
  FROM ledger l JOIN fx ON fx.bu = l.bu AND fx.period = l.period AND fx.currency = l.currency) AS ledger`;
const OPEX = `sum(amount) FILTER (WHERE account LIKE '6%')`;

const paxByMonth2025 = `SELECT month, sum(departing_passengers) AS departing_passengers FROM traffic WHERE month LIKE '2025-%' GROUP BY month`;
const top = (n: number) =>
  `SELECT airline_code, sum(departing_passengers) AS departing_passengers FROM traffic WHERE month LIKE '2025-%' GROUP BY airline_code ORDER BY 2 DESC LIMIT ${n}`;
const revenueByMonthQ4 = `SELECT period AS month, ${REVENUE} AS revenue FROM ${LEDGER_EUR} WHERE period BETWEEN '2025-10' AND '2025-12' GROUP BY period`;
const revenueOf = (bu: string) => `SELECT ${REVENUE} AS revenue FROM ${LEDGER_EUR} WHERE bu = '${bu}' AND period = '2026-01'`;
const opexByBuThisYear = `SELECT bu, ${OPEX} AS operating_expenses FROM ${LEDGER_EUR} WHERE period BETWEEN '2026-01' AND '2026-02' GROUP BY bu`;
const salesByShop = (month: string) =>
  `SELECT shop_code, sum(net_sales) AS net_sales FROM sales WHERE period = '${month}' GROUP BY shop_code`;
const janFeb2025 = `SELECT month, sum(departing_passengers) AS departing_passengers FROM traffic WHERE month IN ('2025-01', '2025-02') GROUP BY month`;
// A ratio over the months both tables hold, month by month (issue 32: not 2025's revenue months over all of 2025's passengers).
const revenuePerPax = (a: string, b: string) => `
  WITH r AS (SELECT bu, period AS m, ${REVENUE} AS v FROM ${LEDGER_EUR} WHERE period LIKE '2025-%' AND bu IN ('${a}', '${b}') GROUP BY bu, period),
       p AS (SELECT bu, month AS m, sum(departing_passengers) AS v FROM traffic WHERE month LIKE '2025-%' AND bu IN ('${a}', '${b}') GROUP BY bu, month)
  SELECT bu, sum(r.v) / sum(p.v) AS revenue_per_passenger FROM r JOIN p USING (bu, m) GROUP BY bu`;
const movementsNovDec = `SELECT airline_code, sum(movements) AS aircraft_movements FROM traffic WHERE month BETWEEN '2025-11' AND '2025-12' GROUP BY airline_code`;
const otpByAirlineLastMonth = `SELECT airline_code, sum(on_time_flights) / sum(flights) AS on_time_performance FROM punctuality WHERE period = '2026-01' GROUP BY airline_code`;
const headcountByDept = `SELECT department_code, sum(headcount) AS headcount FROM headcount WHERE period = '2026-01' GROUP BY department_code`;
const paxVs = (a: string, b: string) =>
  `SELECT bu, sum(departing_passengers) AS departing_passengers FROM traffic WHERE month LIKE '2025-%' AND bu IN ('${a}', '${b}') GROUP BY bu`;
const paxOf = (bu: string) =>
  `SELECT sum(departing_passengers) AS departing_passengers FROM traffic WHERE month LIKE '2025-%' AND bu = '${bu}'`;
const visitsByChannel = `SELECT channel_code, sum(visits) AS digital_visits FROM audience WHERE period BETWEEN '2025-11' AND '2025-12' GROUP BY channel_code`;
const airlinePax = (code: string) =>
  `SELECT sum(departing_passengers) AS departing_passengers FROM traffic WHERE month LIKE '2025-%' AND airline_code = '${code}'`;

export const QUESTIONS: SetQuestion[] = [
  // English
  { id: 'en-01', language: 'en', forms: ['by-dimension', 'year'], question: 'passengers by month in 2025', sql: paxByMonth2025 },
  {
    id: 'en-02',
    language: 'en',
    forms: ['top-n', 'last-year'],
    question: 'top 5 airlines by passengers last year',
    sql: top(5),
    ordered: true,
  },
  {
    id: 'en-03',
    language: 'en',
    forms: ['by-dimension', 'last-quarter'],
    question: 'revenue by month last quarter',
    sql: revenueByMonthQ4,
  },
  {
    id: 'en-04',
    language: 'en',
    forms: ['ratio', 'x-vs-y', 'year'],
    question: 'revenue per passenger AMA vs SSA 2025',
    sql: revenuePerPax('AMA', 'SSA'),
  },
  {
    id: 'en-05',
    language: 'en',
    forms: ['compare-months'],
    question: 'compare January and February 2025 passengers',
    sql: janFeb2025,
  },
  {
    id: 'en-06',
    language: 'en',
    forms: ['by-dimension', 'month'],
    question: 'net sales by shop in January 2026',
    sql: salesByShop('2026-01'),
  },
  {
    id: 'en-07',
    language: 'en',
    forms: ['single-value', 'filter', 'last-month'],
    question: 'revenue in SSA last month',
    sql: revenueOf('SSA'),
  },
  {
    id: 'en-08',
    language: 'en',
    forms: ['by-dimension', 'this-year'],
    question: 'operating expenses by BU this year',
    sql: opexByBuThisYear,
  },
  {
    id: 'en-09',
    language: 'en',
    forms: ['by-dimension', 'between-months'],
    question: 'aircraft movements by airline from November to December 2025',
    sql: movementsNovDec,
  },
  {
    id: 'en-10',
    language: 'en',
    forms: ['by-dimension', 'ratio', 'last-month'],
    question: 'on-time performance by airline last month',
    sql: otpByAirlineLastMonth,
  },
  {
    id: 'en-11',
    language: 'en',
    forms: ['x-vs-y', 'last-year'],
    question: 'passengers LGW vs AMA last year',
    sql: paxVs('LGW', 'AMA'),
  },
  {
    id: 'en-12',
    language: 'en',
    forms: ['single-value', 'filter', 'year'],
    question: 'total passengers at LGW in 2025',
    sql: paxOf('LGW'),
  },
  {
    id: 'en-13',
    language: 'en',
    forms: ['single-value', 'filter', 'year'],
    question: 'passengers of airline U2 in 2025',
    sql: airlinePax('U2'),
  },
  {
    id: 'en-14',
    language: 'en',
    forms: ['clarify-outside-data'],
    question: 'what is the weather in London tomorrow?',
    clarification: true,
  },
  { id: 'en-15', language: 'en', forms: ['clarify-sql'], question: '1; DROP TABLE gov_warehouse', clarification: true },
  { id: 'en-16', language: 'en', forms: ['clarify-no-measure'], question: 'show me the numbers by airport', clarification: true },
  { id: 'en-17', language: 'en', forms: ['clarify-ambiguous'], question: 'passengers by airline, month and airport', clarification: true },

  // French
  { id: 'fr-01', language: 'fr', forms: ['by-dimension', 'year'], question: 'passagers par mois en 2025', sql: paxByMonth2025 },
  {
    id: 'fr-02',
    language: 'fr',
    forms: ['top-n', 'last-year'],
    question: "top 3 compagnies par passagers l'année dernière",
    sql: top(3),
    ordered: true,
  },
  {
    id: 'fr-03',
    language: 'fr',
    forms: ['by-dimension', 'last-quarter'],
    question: "chiffre d'affaires par mois le trimestre dernier",
    sql: revenueByMonthQ4,
  },
  {
    id: 'fr-04',
    language: 'fr',
    forms: ['single-value', 'filter', 'last-month'],
    question: "chiffre d'affaires de SSA le mois dernier",
    sql: revenueOf('SSA'),
  },
  {
    id: 'fr-05',
    language: 'fr',
    forms: ['by-dimension', 'month'],
    question: 'ventes nettes par boutique en décembre 2025',
    sql: salesByShop('2025-12'),
  },
  {
    id: 'fr-06',
    language: 'fr',
    forms: ['compare-months'],
    question: 'comparer les passagers de janvier et février 2025',
    sql: janFeb2025,
  },
  {
    id: 'fr-07',
    language: 'fr',
    forms: ['ratio', 'x-vs-y', 'year'],
    question: 'recette par passager AMA vs SSA en 2025',
    sql: revenuePerPax('AMA', 'SSA'),
  },
  {
    id: 'fr-08',
    language: 'fr',
    forms: ['by-dimension', 'month'],
    question: 'effectifs par département en janvier 2026',
    sql: headcountByDept,
  },
  {
    id: 'fr-09',
    language: 'fr',
    forms: ['by-dimension', 'this-year'],
    question: 'charges par aéroport cette année',
    sql: opexByBuThisYear,
  },
  {
    id: 'fr-10',
    language: 'fr',
    forms: ['by-dimension', 'between-months'],
    question: 'mouvements par compagnie de novembre à décembre 2025',
    sql: movementsNovDec,
  },
  {
    id: 'fr-14',
    language: 'fr',
    forms: ['single-value', 'filter', 'year'],
    question: 'passagers de la compagnie AF en 2025',
    sql: airlinePax('AF'),
  },
  { id: 'fr-11', language: 'fr', forms: ['clarify-outside-data'], question: 'quel temps fera-t-il à Paris demain ?', clarification: true },
  { id: 'fr-12', language: 'fr', forms: ['clarify-no-measure'], question: 'montre-moi tout par mois', clarification: true },
  {
    id: 'fr-13',
    language: 'fr',
    forms: ['clarify-sql'],
    question: 'SELECT * FROM gov_warehouse; DROP TABLE users',
    clarification: true,
  },

  // Spanish
  { id: 'es-01', language: 'es', forms: ['by-dimension', 'year'], question: 'pasajeros por mes en 2025', sql: paxByMonth2025 },
  {
    id: 'es-02',
    language: 'es',
    forms: ['top-n', 'last-year'],
    question: 'top 5 aerolíneas por pasajeros el año pasado',
    sql: top(5),
    ordered: true,
  },
  {
    id: 'es-03',
    language: 'es',
    forms: ['by-dimension', 'last-quarter'],
    question: 'ingresos por mes el trimestre pasado',
    sql: revenueByMonthQ4,
  },
  {
    id: 'es-04',
    language: 'es',
    forms: ['single-value', 'filter', 'last-month'],
    question: 'ingresos de SCA el mes pasado',
    sql: revenueOf('SCA'),
  },
  {
    id: 'es-05',
    language: 'es',
    forms: ['by-dimension', 'month'],
    question: 'ventas netas por tienda en enero de 2026',
    sql: salesByShop('2026-01'),
  },
  {
    id: 'es-06',
    language: 'es',
    forms: ['compare-months'],
    question: 'comparar los pasajeros de enero y febrero de 2025',
    sql: janFeb2025,
  },
  {
    id: 'es-07',
    language: 'es',
    forms: ['ratio', 'x-vs-y', 'year'],
    question: 'ingresos por pasajero AMA vs SSA 2025',
    sql: revenuePerPax('AMA', 'SSA'),
  },
  {
    id: 'es-08',
    language: 'es',
    forms: ['by-dimension', 'ratio', 'last-month'],
    question: 'puntualidad por aerolínea el mes pasado',
    sql: otpByAirlineLastMonth,
  },
  { id: 'es-09', language: 'es', forms: ['by-dimension', 'this-year'], question: 'gastos por aeropuerto este año', sql: opexByBuThisYear },
  {
    id: 'es-10',
    language: 'es',
    forms: ['x-vs-y', 'last-year'],
    question: 'pasajeros LGW vs AMA el año pasado',
    sql: paxVs('LGW', 'AMA'),
  },
  {
    id: 'es-13',
    language: 'es',
    forms: ['single-value', 'filter', 'month'],
    question: 'ventas netas de la tienda T1-DF-01 en enero de 2026',
    sql: `SELECT sum(net_sales) AS net_sales FROM sales WHERE period = '2026-01' AND shop_code = 'T1-DF-01'`,
  },
  { id: 'es-11', language: 'es', forms: ['clarify-outside-data'], question: '¿qué tiempo hará mañana en Madrid?', clarification: true },
  { id: 'es-12', language: 'es', forms: ['clarify-ambiguous'], question: 'ingresos por aerolínea', clarification: true },

  // Portuguese
  { id: 'pt-01', language: 'pt', forms: ['by-dimension', 'year'], question: 'passageiros por mês em 2025', sql: paxByMonth2025 },
  {
    id: 'pt-02',
    language: 'pt',
    forms: ['top-n', 'last-year'],
    question: 'top 3 companhias por passageiros no ano passado',
    sql: top(3),
    ordered: true,
  },
  {
    id: 'pt-03',
    language: 'pt',
    forms: ['by-dimension', 'last-quarter'],
    question: 'receita por mês no último trimestre',
    sql: revenueByMonthQ4,
  },
  {
    id: 'pt-04',
    language: 'pt',
    forms: ['single-value', 'filter', 'last-month'],
    question: 'receita da SSA no mês passado',
    sql: revenueOf('SSA'),
  },
  {
    id: 'pt-05',
    language: 'pt',
    forms: ['by-dimension', 'month'],
    question: 'vendas líquidas por loja em janeiro de 2026',
    sql: salesByShop('2026-01'),
  },
  {
    id: 'pt-06',
    language: 'pt',
    forms: ['compare-months'],
    question: 'comparar os passageiros de janeiro e fevereiro de 2025',
    sql: janFeb2025,
  },
  {
    id: 'pt-07',
    language: 'pt',
    forms: ['ratio', 'x-vs-y', 'year'],
    question: 'receita por passageiro AMA vs SSA em 2025',
    sql: revenuePerPax('AMA', 'SSA'),
  },
  {
    id: 'pt-08',
    language: 'pt',
    forms: ['by-dimension', 'between-months'],
    question: 'visitas por canal de novembro a dezembro de 2025',
    sql: visitsByChannel,
  },
  { id: 'pt-09', language: 'pt', forms: ['by-dimension', 'this-year'], question: 'despesas por aeroporto este ano', sql: opexByBuThisYear },
  {
    id: 'pt-10',
    language: 'pt',
    forms: ['single-value', 'filter', 'year'],
    question: 'total de passageiros de LGW em 2025',
    sql: paxOf('LGW'),
  },
  {
    id: 'pt-13',
    language: 'pt',
    forms: ['single-value', 'filter', 'last-year'],
    question: 'passageiros da companhia QR no ano passado',
    sql: airlinePax('QR'),
  },
  {
    id: 'pt-11',
    language: 'pt',
    forms: ['clarify-outside-data'],
    question: 'qual é a previsão do tempo para amanhã?',
    clarification: true,
  },
  { id: 'pt-12', language: 'pt', forms: ['clarify-sql'], question: "x'; DROP TABLE usuarios; --", clarification: true },
];

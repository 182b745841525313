import { CURRENCIES, FX_RATES } from '../catalogue/columns.ts';
import type { ColumnDef, FileTypeDef, ReferentialDef } from '../catalogue/types.ts';

// Realistic demo files, generated from the catalogue's schemas: used by the first-start demo
// warehouse, the tests and the benchmarks. Deterministic for a given seed.

export const CODE_POOLS: Record<string, string[]> = {
  MAPPING_LOCAL: [
    ...['601000', '602100', '606300', '611000', '613200', '615000', '622600', '641000', '645000'],
    ...['706100', '706200', '706300', '707000', '708300', '708800'],
    ...['401000', '411000', '512000'],
  ],
  MAPPING_USECASE: ['AERO_LANDING', 'AERO_PAX', 'AERO_SECURITY', 'RETAIL_CONC', 'PARKING', 'PROPERTY', 'ADVERTISING'],
  MAPPING_AIRLINES: ['U2', 'FR', 'BA', 'AF', 'LH', 'TP', 'VY', 'IB', 'EK', 'QR', 'W6', 'LS'],
  MAPPING_SHOPS: ['T1-DF-01', 'T1-DF-02', 'T1-FB-01', 'T1-FB-02', 'T1-NEWS-01', 'T2-DF-01', 'T2-FB-01', 'T2-LUX-01'],
  MAPPING_CHANNELS: ['WEB', 'APP', 'FACEBOOK', 'INSTAGRAM', 'LINKEDIN', 'X'],
  MAPPING_CARPARKS: ['P1', 'P2', 'P3', 'P4', 'P5', 'P6'],
  MAPPING_DEPARTMENTS: ['OPS-TERM', 'OPS-SEC', 'OPS-AIRSIDE', 'FIN', 'HR', 'IT', 'COMM', 'MAINT'],
};

const NAMES: Record<string, string> = {
  U2: 'easyJet',
  FR: 'Ryanair',
  BA: 'British Airways',
  AF: 'Air France',
  LH: 'Lufthansa',
  TP: 'TAP Air Portugal',
  VY: 'Vueling',
  IB: 'Iberia',
  EK: 'Emirates',
  QR: 'Qatar Airways',
  W6: 'Wizz Air',
  LS: 'Jet2',
};

/** A small deterministic generator (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** EUR for one unit of each currency, about what it was in 2025: the demo's rates move around these. */
export const BASE_RATES_TO_EUR: Record<(typeof CURRENCIES)[number], number> = { EUR: 1, GBP: 1.17, USD: 0.92, JPY: 0.0062, CVE: 0.00907 };

/**
 * The demo's rate of a currency for a month (yyyy-MM): its base rate moved by at most 2 %, the
 * same every time for that month; EUR is 1. Six significant digits, as a treasury table gives them.
 */
export function demoRateToEur(currency: string, month: string): number {
  const base = BASE_RATES_TO_EUR[currency as keyof typeof BASE_RATES_TO_EUR];
  if (base === undefined) throw new Error(`No demo rate for ${currency}`);
  if (currency === 'EUR') return 1;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const wobble = 0.02 * Math.sin(y * 12 + m + CURRENCIES.indexOf(currency as (typeof CURRENCIES)[number]) * 2.1);
  return Number((base * (1 + wobble)).toPrecision(6));
}

/** An amount worth `eur` in EUR, written in `currency` at its base rate (a JPY invoice reads in yen, not cents). */
const inCurrency = (eur: number, currency: string) =>
  (eur / (BASE_RATES_TO_EUR[currency as keyof typeof BASE_RATES_TO_EUR] ?? 1)).toFixed(2);

const pad = (n: number) => String(n).padStart(2, '0');
const monthsOf = (def: FileTypeDef, year: number, month: number) =>
  def.grain === 'year' ? Array.from({ length: 12 }, (_, i) => `${year}-${pad(i + 1)}`) : [`${year}-${pad(month)}`];
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export interface GenerateOptions {
  year: number;
  month: number;
  /** Rows of the leading key for generated identifiers (journals, invoices, suppliers). */
  size?: number;
  seed?: number;
}

/** A clean file of one type for one period: header row first. Every rule and code holds. */
export function generateRows(def: FileTypeDef, opts: GenerateOptions): string[][] {
  const rnd = random(opts.seed ?? 1);
  const size = opts.size ?? 40;
  const header = def.columns.map((c) => c.name);
  if (def.type === 'GENERAL_LEDGER') return [header, ...ledgerRows(opts, size, rnd)];
  const domains = def.columns.filter((c) => c.key).map((c) => keyDomain(c, def, opts, size));
  const rows: string[][] = [];
  for (const combo of cartesian(domains)) {
    const row: Record<string, string> = {};
    for (const [i, c] of def.columns.filter((col) => col.key).entries()) row[c.name] = combo[i]!;
    for (const c of def.columns) if (!(c.name in row)) row[c.name] = valueFor(c, row, opts, rnd);
    fixRules(def.type, row, rnd);
    // Amounts were drawn as EUR values: a row in another currency states them in that currency.
    if (row.currency && def.type !== FX_RATES) {
      for (const c of def.columns) if (c.type === 'decimal' && row[c.name]) row[c.name] = inCurrency(Number(row[c.name]), row.currency);
    }
    rows.push(header.map((h) => row[h] ?? ''));
  }
  return [header, ...rows];
}

function keyDomain(c: ColumnDef, def: FileTypeDef, opts: GenerateOptions, size: number): string[] {
  if (c.codeOf) return CODE_POOLS[c.codeOf.referential]!.filter((code) => !/^(401|411|512)/.test(code) || c.name !== 'account');
  // A key of allowed values (the currencies of a rates file): a row for each.
  if (c.allowed) return [...c.allowed];
  if (c.type === 'month') return monthsOf(def, opts.year, opts.month);
  if (c.type === 'date')
    return Array.from({ length: daysIn(opts.year, opts.month) }, (_, d) => `${opts.year}-${pad(opts.month)}-${pad(d + 1)}`);
  const prefix = c.name.split('_')[0]!.slice(0, 3).toUpperCase();
  return Array.from({ length: size }, (_, i) => `${prefix}-${opts.year}${pad(opts.month)}-${String(i + 1).padStart(4, '0')}`);
}

function* cartesian(domains: string[][]): Generator<string[]> {
  if (!domains.length) return;
  const idx = domains.map(() => 0);
  while (true) {
    yield idx.map((i, d) => domains[d]![i]!);
    let d = domains.length - 1;
    while (d >= 0 && ++idx[d]! >= domains[d]!.length) idx[d--] = 0;
    if (d < 0) return;
  }
}

function valueFor(c: ColumnDef, row: Record<string, string>, opts: GenerateOptions, rnd: () => number): string {
  const int = (lo: number, hi: number) => String(Math.floor(lo + rnd() * (hi - lo)));
  const money = (lo: number, hi: number) => (lo + rnd() * (hi - lo)).toFixed(2);
  if (c.allowed) return c.allowed[Math.floor(rnd() * c.allowed.length)]!;
  if (c.codeOf) {
    const pool = CODE_POOLS[c.codeOf.referential]!;
    return pool[Math.floor(rnd() * pool.length)]!;
  }
  switch (c.type) {
    case 'month':
      return `${opts.year}-${pad(opts.month)}`;
    case 'date':
      return `${opts.year}-${pad(opts.month)}-${pad(1 + Math.floor(rnd() * 28))}`;
    case 'integer':
      return c.name === 'days_overdue' ? int(0, 120) : c.name.includes('passengers') ? int(2000, 40000) : int(5, 900);
    case 'decimal':
      return c.max === 1 ? (rnd() * 0.1).toFixed(3) : money(500, 60000);
    case 'string':
      if (c.name.endsWith('_name')) return row.airline_code ? (NAMES[row.airline_code] ?? 'Airline') : `${c.example} ${int(1, 99)}`;
      return c.example;
  }
}

/** Row rules of the catalogue, made true. */
function fixRules(type: string, row: Record<string, string>, rnd: () => number) {
  const n = (k: string) => Number(row[k]);
  if (type === 'TRAFFIC_ACTUALS') {
    row.seats = String(Math.ceil((n('departing_passengers') + n('arriving_passengers')) * (1.1 + rnd() * 0.3)));
  } else if (type === 'PUNCTUALITY') {
    row.delayed_flights = String(Math.floor(n('flights') * (0.1 + rnd() * 0.25)));
    row.on_time_flights = String(n('flights') - n('delayed_flights'));
  } else if (type === 'CARPARK_OCCUPANCY') {
    row.capacity = String(800 + Math.floor(rnd() * 1200));
    row.occupied_peak = String(Math.floor(n('capacity') * (0.5 + rnd() * 0.5)));
  } else if (type === 'HEADCOUNT') {
    row.fte = (n('headcount') * (0.85 + rnd() * 0.15)).toFixed(1);
  } else if (type === FX_RATES) {
    row.rate_to_eur = String(demoRateToEur(row.currency!, row.period!));
  }
}

/** The currency of a demo journal: most are in EUR, every fourth in one of the others in turn. */
const FOREIGN = CURRENCIES.filter((c) => c !== 'EUR');
const journalCurrency = (j: number) => (j % 4 === 0 ? FOREIGN[(j / 4) % FOREIGN.length]! : 'EUR');

/**
 * Balanced journals: an expense or revenue line and its counterpart on a balance-sheet account,
 * both in the journal's currency (so the journal balances in it).
 */
function ledgerRows(opts: GenerateOptions, size: number, rnd: () => number): string[][] {
  const pl = CODE_POOLS.MAPPING_LOCAL!.filter((a) => /^[67]/.test(a));
  const rows: string[][] = [];
  const period = `${opts.year}-${pad(opts.month)}`;
  const centers = ['CC-OPS-01', 'CC-OPS-02', 'CC-COM-01', 'CC-FIN-01', 'CC-IT-01'];
  for (let j = 1; j <= size; j++) {
    const account = pl[Math.floor(rnd() * pl.length)]!;
    const revenue = account.startsWith('7');
    const value = 100 + rnd() * 50000;
    const currency = journalCurrency(j);
    const amount = inCurrency(revenue ? -value : value, currency);
    const counter = revenue ? '411000' : '401000';
    const journal = `JE-${period}-${String(j).padStart(6, '0')}`;
    const day = `${period}-${pad(1 + Math.floor(rnd() * 28))}`;
    const cc = centers[Math.floor(rnd() * centers.length)]!;
    const text = revenue ? 'Aeronautical and commercial fees' : 'Operating costs';
    rows.push([journal, '1', day, period, account, cc, amount, currency, text]);
    rows.push([journal, '2', day, period, counter, '', (-Number(amount)).toFixed(2), currency, text]);
  }
  return rows;
}

/** A referential file with its pool of codes (every code known). */
export function generateReferential(def: ReferentialDef): string[][] {
  const header = def.columns.map((c) => c.name);
  const pool = CODE_POOLS[def.type] ?? [];
  const rows = pool.map((code) =>
    def.columns.map((c, i) => (i === 0 ? code : c.name.endsWith('_name') ? (NAMES[code] ?? `${c.example} ${code}`) : c.example)),
  );
  return [header, ...rows];
}

/** RFC 4180 text of rows. */
export function toCsv(rows: string[][]): string {
  return `${rows.map((r) => r.map((v) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(',')).join('\n')}\n`;
}

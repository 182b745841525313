import { col, period } from './columns.ts';
import type { ReferentialDef, UseCaseDef } from './types.ts';

const AIRLINES: ReferentialDef = {
  type: 'MAPPING_AIRLINES',
  useCase: 'Traffic',
  label: 'Airlines',
  source: 'AODB',
  template: false,
  columns: [
    col('airline_code', 'string', 'IATA airline code', 'U2', { required: true, key: true }),
    col('airline_name', 'string', 'Airline name', 'easyJet', { required: true }),
    col('alliance', 'string', 'Alliance, or none', 'none'),
  ],
};
const airline = () =>
  col('airline_code', 'string', 'IATA airline code', 'U2', {
    required: true,
    key: true,
    codeOf: { referential: 'MAPPING_AIRLINES', column: 'airline_code' },
  });
const count = (name: string, note: string, example: string) => col(name, 'integer', note, example, { required: true, min: 0 });

export const TRAFFIC: UseCaseDef = {
  name: 'Traffic',
  kpiReview: false,
  biLayer: 'PowerBI measures',
  fileTypes: [
    {
      type: 'TRAFFIC_ACTUALS',
      useCase: 'Traffic',
      label: 'Passengers and movements by airline (year)',
      source: 'AODB',
      grain: 'year',
      dueDay: 20,
      periodColumn: 'month',
      columns: [
        airline(),
        { ...period('Month of the flights, yyyy-MM'), name: 'month', key: true },
        count('departing_passengers', 'Departing passengers', '12000'),
        count('arriving_passengers', 'Arriving passengers', '11800'),
        count('movements', 'Aircraft movements (landings and take-offs)', '140'),
        count('seats', 'Seats offered', '26000'),
      ],
      rules: [{ expression: 'departing_passengers + arriving_passengers <= seats', message: 'More passengers than seats offered' }],
      kpis: [
        {
          name: 'Departing passengers',
          unit: 'pax',
          format: '#,##0',
          definition: "Passengers departing on the airline's flights",
          aggregate: 'sum',
          overTime: 'flow',
          column: 'departing_passengers',
          groupBy: 'airline_code',
        },
        {
          name: 'Aircraft movements',
          unit: 'movements',
          format: '#,##0',
          definition: 'Landings and take-offs',
          aggregate: 'sum',
          overTime: 'flow',
          column: 'movements',
          groupBy: 'airline_code',
        },
        {
          name: 'Load factor',
          unit: '%',
          format: '0.0%',
          definition: 'Departing passengers divided by seats offered',
          explanation: 'Computed in the BI layer from the warehouse table, per airline.',
          aggregate: 'sum',
          overTime: 'flow',
          column: 'departing_passengers',
          per: { aggregate: 'sum', column: 'seats' },
          groupBy: 'airline_code',
        },
      ],
    },
    {
      type: 'TRAFFIC_BUDGET',
      useCase: 'Traffic',
      label: 'Traffic budget by airline',
      source: 'Anaplan',
      grain: 'year',
      budget: true,
      dueDay: 31,
      periodColumn: 'month',
      columns: [
        airline(),
        { ...period('Budget month, yyyy-MM'), name: 'month', key: true },
        count('passengers', 'Budgeted passengers', '24000'),
        count('movements', 'Budgeted movements', '140'),
      ],
      kpis: [
        {
          name: 'Budgeted passengers',
          unit: 'pax',
          format: '#,##0',
          definition: 'Budgeted passengers per airline',
          aggregate: 'sum',
          overTime: 'flow',
          column: 'passengers',
          groupBy: 'airline_code',
        },
      ],
    },
  ],
  referentials: [AIRLINES],
};

export const RETAIL: UseCaseDef = {
  name: 'Retail',
  kpiReview: false,
  fileTypes: [
    {
      type: 'EPOS_SALES',
      useCase: 'Retail',
      label: 'Point-of-sale sales by shop and day',
      source: 'EPOS',
      grain: 'month',
      dueDay: 5,
      periodColumn: 'period',
      columns: [
        col('shop_code', 'string', 'Shop code', 'T1-DF-01', {
          required: true,
          key: true,
          codeOf: { referential: 'MAPPING_SHOPS', column: 'shop_code' },
        }),
        col('sale_date', 'date', 'Day of sale, yyyy-MM-dd', '2026-10-01', { required: true, key: true }),
        period(),
        col('net_sales', 'decimal', 'Net sales excluding tax', '15320.50', { required: true, min: 0 }),
        count('transactions', 'Number of tickets', '412'),
      ],
      kpis: [
        {
          name: 'Net sales',
          unit: 'EUR',
          format: '#,##0',
          definition: 'Net sales excluding tax per shop',
          aggregate: 'sum',
          overTime: 'flow',
          column: 'net_sales',
          groupBy: 'shop_code',
        },
        {
          name: 'Average basket',
          unit: 'EUR',
          format: '#,##0.00',
          definition: 'Net sales divided by the number of tickets',
          aggregate: 'sum',
          overTime: 'flow',
          column: 'net_sales',
          per: { aggregate: 'sum', column: 'transactions' },
          groupBy: 'shop_code',
        },
      ],
    },
  ],
  referentials: [
    {
      type: 'MAPPING_SHOPS',
      useCase: 'Retail',
      label: 'Shops',
      source: 'Concessions register',
      template: true,
      columns: [
        col('shop_code', 'string', 'Shop code', 'T1-DF-01', { required: true, key: true }),
        col('shop_name', 'string', 'Shop name', 'Duty Free Terminal 1', { required: true }),
        col('category', 'string', 'Category', 'Duty free', { required: true }),
        col('terminal', 'string', 'Terminal', 'T1'),
      ],
    },
  ],
};

export const COMMUNICATION: UseCaseDef = {
  name: 'Communication',
  kpiReview: false,
  fileTypes: [
    {
      type: 'DIGITAL_AUDIENCE',
      useCase: 'Communication',
      label: 'Website and social audience',
      source: 'Google Analytics',
      grain: 'month',
      dueDay: 7,
      periodColumn: 'period',
      columns: [
        col('channel_code', 'string', 'Channel code', 'WEB', {
          required: true,
          key: true,
          codeOf: { referential: 'MAPPING_CHANNELS', column: 'channel_code' },
        }),
        { ...period(), key: true },
        count('visits', 'Visits or impressions', '154000'),
        count('followers', 'Followers at month end', '48000'),
        col('engagement_rate', 'decimal', 'Engagement rate, 0 to 1', '0.043', { min: 0, max: 1 }),
      ],
      kpis: [
        {
          name: 'Digital visits',
          unit: 'visits',
          format: '#,##0',
          definition: 'Visits per channel',
          aggregate: 'sum',
          overTime: 'flow',
          column: 'visits',
          groupBy: 'channel_code',
        },
      ],
    },
  ],
  referentials: [
    {
      type: 'MAPPING_CHANNELS',
      useCase: 'Communication',
      label: 'Channels',
      source: 'Marketing',
      template: false,
      columns: [
        col('channel_code', 'string', 'Channel code', 'WEB', { required: true, key: true }),
        col('channel_name', 'string', 'Channel name', 'Website'),
      ],
    },
  ],
};

export const CARPARKS: UseCaseDef = {
  name: 'Carparks',
  kpiReview: false,
  fileTypes: [
    {
      type: 'CARPARK_OCCUPANCY',
      useCase: 'Carparks',
      label: 'Car-park occupancy and revenue by day',
      source: 'Parking management system',
      grain: 'month',
      dueDay: 5,
      periodColumn: 'period',
      columns: [
        col('carpark_code', 'string', 'Car park code', 'P1', {
          required: true,
          key: true,
          codeOf: { referential: 'MAPPING_CARPARKS', column: 'carpark_code' },
        }),
        col('day', 'date', 'Day, yyyy-MM-dd', '2026-10-01', { required: true, key: true }),
        period(),
        count('capacity', 'Spaces available', '1200'),
        count('occupied_peak', 'Peak occupied spaces', '980'),
        col('revenue', 'decimal', 'Parking revenue excluding tax', '18400.00', { required: true, min: 0 }),
      ],
      rules: [{ expression: 'occupied_peak <= capacity', message: 'Peak occupancy exceeds capacity' }],
      kpis: [
        {
          name: 'Peak occupancy',
          unit: '%',
          format: '0.0%',
          definition: 'Peak occupied spaces divided by capacity',
          aggregate: 'sum',
          overTime: 'stock',
          column: 'occupied_peak',
          per: { aggregate: 'sum', column: 'capacity' },
          groupBy: 'carpark_code',
        },
        {
          name: 'Parking revenue',
          unit: 'EUR',
          format: '#,##0',
          definition: 'Revenue per car park',
          aggregate: 'sum',
          overTime: 'flow',
          column: 'revenue',
          groupBy: 'carpark_code',
        },
      ],
    },
  ],
  referentials: [
    {
      type: 'MAPPING_CARPARKS',
      useCase: 'Carparks',
      label: 'Car parks',
      source: 'Parking management system',
      template: false,
      columns: [
        col('carpark_code', 'string', 'Car park code', 'P1', { required: true, key: true }),
        col('carpark_name', 'string', 'Name', 'Short stay P1'),
        col('product', 'string', 'Product', 'Short stay'),
      ],
    },
  ],
};

export const OPS: UseCaseDef = {
  name: 'Ops',
  kpiReview: false,
  fileTypes: [
    {
      type: 'PUNCTUALITY',
      useCase: 'Ops',
      label: 'On-time performance by airline',
      source: 'AODB',
      grain: 'month',
      dueDay: 7,
      periodColumn: 'period',
      columns: [
        airline(),
        { ...period(), key: true },
        count('flights', 'Departing flights', '320'),
        count('on_time_flights', 'Flights departing within 15 minutes', '270'),
        count('delayed_flights', 'Flights departing later than 15 minutes', '50'),
      ],
      rules: [
        { expression: 'flights = on_time_flights + delayed_flights', message: 'On-time and delayed flights do not add up to flights' },
      ],
      kpis: [
        {
          name: 'On-time performance',
          unit: '%',
          format: '0.0%',
          definition: 'Flights departing within 15 minutes divided by flights',
          aggregate: 'sum',
          overTime: 'flow',
          column: 'on_time_flights',
          per: { aggregate: 'sum', column: 'flights' },
          groupBy: 'airline_code',
        },
      ],
    },
  ],
  referentials: [{ ...AIRLINES, useCase: 'Ops' }],
};

export const HR: UseCaseDef = {
  name: 'HR',
  kpiReview: false,
  fileTypes: [
    {
      type: 'HEADCOUNT',
      useCase: 'HR',
      label: 'Headcount by department',
      source: 'Workday',
      grain: 'month',
      dueDay: 10,
      periodColumn: 'period',
      columns: [
        col('department_code', 'string', 'Department code', 'OPS-TERM', {
          required: true,
          key: true,
          codeOf: { referential: 'MAPPING_DEPARTMENTS', column: 'department_code' },
        }),
        { ...period(), key: true },
        count('headcount', 'Employees at month end', '84'),
        col('fte', 'decimal', 'Full-time equivalents at month end', '79.5', { required: true, min: 0 }),
        count('hires', 'Hires in the month', '3'),
        count('leavers', 'Leavers in the month', '1'),
      ],
      rules: [{ expression: 'fte <= headcount', message: 'More FTE than employees' }],
      kpis: [
        {
          name: 'Headcount',
          unit: 'employees',
          format: '#,##0',
          definition: 'Employees at month end per department',
          aggregate: 'sum',
          overTime: 'stock',
          column: 'headcount',
          groupBy: 'department_code',
        },
      ],
    },
  ],
  referentials: [
    {
      type: 'MAPPING_DEPARTMENTS',
      useCase: 'HR',
      label: 'Departments',
      source: 'Workday',
      template: false,
      columns: [
        col('department_code', 'string', 'Department code', 'OPS-TERM', { required: true, key: true }),
        col('department_name', 'string', 'Department name', 'Terminal operations'),
      ],
    },
  ],
};

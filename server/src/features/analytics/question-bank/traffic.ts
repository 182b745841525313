import { intents } from './types.ts';

// Traffic: departing passengers, aircraft movements, load factor (traffic actuals: the whole of
// 2025, AMA, ANA, LGW, SSA), budgeted passengers (traffic budget: 2025 for ANA, LGW, SCA; 2026 for
// every BU) and revenue per passenger (the general ledger over the traffic actuals, month by month).

/** Revenue per passenger: sums over the months both sides hold, joined month by month (and on `by`). */
const revenuePerPax = (where: { ledger: string; traffic: string }, by: 'bu' | 'month' | null) => {
  const keys = by === 'bu' ? 'bu, ' : '';
  return `WITH r AS (SELECT ${keys}period AS m, -sum(amount * rate_to_eur) AS v FROM ledger JOIN fx USING (bu, period, currency)
              WHERE account LIKE '7%' AND ${where.ledger} GROUP BY ${keys}period),
       p AS (SELECT ${keys}month AS m, sum(departing_passengers) AS v FROM traffic WHERE ${where.traffic} GROUP BY ${keys}month)
  SELECT ${by === 'bu' ? 'bu, ' : by === 'month' ? 'm AS month, ' : ''}sum(r.v) / sum(p.v) AS revenue_per_passenger
  FROM r JOIN p USING (${keys}m)${by ? ` GROUP BY ${by === 'bu' ? 'bu' : 'm'}` : ''}`;
};

export const TRAFFIC = intents([
  // Departing passengers
  {
    key: 'pax-ssa-2025',
    intent: 'total',
    measure: 'departing_passengers',
    sql: `SELECT sum(departing_passengers) AS departing_passengers FROM traffic WHERE bu = 'SSA' AND month BETWEEN '2025-01' AND '2025-12'`,
    ask: [
      ['en', 'plain', 'How many departing passengers did SSA have in 2025?'],
      ['en', 'terse', 'pax SSA 2025'],
      ['fr', 'plain', 'Combien de passagers au départ à SSA en 2025 ?'],
      ['es', 'typo', 'pasajeors SSA 2025'],
      ['pt', 'plain', 'quantos passageiros embarcados teve a SSA em 2025?'],
      ['ja', 'plain', '2025年のSSAの出発旅客数は？'],
      ['ja', 'typo', 'ＳＳＡ 旅客数 ２０２５年'],
    ],
  },
  {
    key: 'pax-lgw-h1-trend',
    intent: 'trend',
    measure: 'departing_passengers',
    sql: `SELECT month, sum(departing_passengers) AS departing_passengers FROM traffic
          WHERE bu = 'LGW' AND month BETWEEN '2025-01' AND '2025-06' GROUP BY month`,
    ask: [
      ['en', 'range', 'monthly passengers at LGW for H1 2025'],
      ['fr', 'range', 'passagers LGW par mois au S1 2025'],
      ['es', 'range', 'pasajeros de LGW por mes en el primer semestre de 2025'],
      ['pt', 'range', 'passageiros por mês em LGW no 1º semestre de 2025'],
      ['ja', 'range', 'LGWの月別旅客数（2025年上半期）'],
    ],
  },
  {
    key: 'pax-top3-airlines-ama',
    intent: 'top-n',
    measure: 'departing_passengers',
    ordered: true,
    sql: `SELECT airline_code, sum(departing_passengers) AS departing_passengers FROM traffic
          WHERE bu = 'AMA' AND month BETWEEN '2025-01' AND '2025-12' GROUP BY airline_code ORDER BY 2 DESC LIMIT 3`,
    ask: [
      ['en', 'top-n', 'top 3 airlines by passengers at AMA last year'],
      ['fr', 'top-n', "les 3 premières compagnies en nombre de passagers à AMA l'an dernier"],
      ['es', 'top-n', 'las 3 aerolíneas con más pasajeros en AMA el año pasado'],
      ['pt', 'top-n', 'top 3 companhias aéreas por passageiros em AMA no ano passado'],
      ['ja', 'top-n', '昨年AMAで旅客数が多い航空会社トップ3'],
    ],
  },
  {
    key: 'pax-share-u2-ssa',
    intent: 'share',
    measure: 'departing_passengers',
    sql: `SELECT sum(departing_passengers) FILTER (WHERE airline_code = 'U2') / sum(departing_passengers) AS departing_passengers_share
          FROM traffic WHERE bu = 'SSA' AND month BETWEEN '2025-01' AND '2025-12'`,
    ask: [
      ['en', 'share', "What share of SSA's 2025 passengers flew easyJet?"],
      ['en', 'share', 'U2 share of SSA pax 2025'],
      ['fr', 'share', 'quelle part des passagers de SSA en 2025 a volé avec easyJet (U2) ?'],
      ['es', 'share', '¿qué porcentaje de los pasajeros de SSA en 2025 voló con U2?'],
      ['pt', 'share', 'qual a participação da U2 nos passageiros da SSA em 2025?'],
      ['ja', 'share', '2025年のSSAの旅客数に占めるU2（easyJet）の割合は？'],
    ],
  },
  {
    key: 'pax-all-dec25',
    intent: 'breakdown-total',
    measure: 'departing_passengers',
    sql: `SELECT bu, sum(departing_passengers) AS departing_passengers FROM traffic WHERE month = '2025-12' GROUP BY ROLLUP (bu)`,
    ask: [
      ['en', 'plain', 'Total passengers of all airports in December 2025'],
      ['fr', 'plain', 'total des passagers de tous les aéroports en décembre 2025'],
      ['es', 'plain', 'pasajeros totales de todos los aeropuertos en diciembre de 2025'],
      ['pt', 'plain', 'total de passageiros de todos os aeroportos em dezembro de 2025'],
      ['ja', 'plain', '2025年12月の全空港の旅客数と合計'],
    ],
  },
  {
    key: 'pax-airline-summer',
    intent: 'breakdown',
    measure: 'departing_passengers',
    sql: `SELECT airline_code, sum(departing_passengers) AS departing_passengers FROM traffic
          WHERE month BETWEEN '2025-06' AND '2025-08' GROUP BY airline_code`,
    ask: [
      ['en', 'range', 'passengers by airline Jun-Aug 2025'],
      ['fr', 'range', 'passagers par compagnie de juin à août 2025'],
      ['es', 'range', 'pasajeros por aerolínea de junio a agosto 2025'],
      ['pt', 'range', 'passageiros por companhia de junho a agosto de 2025'],
      ['ja', 'range', '2025年6月〜8月の航空会社別旅客数'],
    ],
  },
  {
    key: 'pax-jul-vs-aug',
    intent: 'compare',
    measure: 'departing_passengers',
    sql: `SELECT month, sum(departing_passengers) AS departing_passengers FROM traffic WHERE month IN ('2025-07', '2025-08') GROUP BY month`,
    ask: [
      ['en', 'comparison', 'passengers July vs August 2025'],
      ['fr', 'comparison', 'passagers juillet 2025 vs août 2025'],
      ['es', 'comparison', 'comparar pasajeros de julio y agosto de 2025'],
      ['pt', 'comparison', 'passageiros julho x agosto 2025'],
      ['ja', 'comparison', '2025年7月と8月の旅客数を比較'],
    ],
  },
  {
    key: 'pax-vs-budget-lgw',
    intent: 'compare',
    measure: 'departing_passengers',
    sql: `WITH a AS (SELECT month, sum(departing_passengers) AS departing_passengers FROM traffic WHERE bu = 'LGW' AND month BETWEEN '2025-01' AND '2025-12' GROUP BY month),
               b AS (SELECT month, sum(passengers) AS budgeted_passengers FROM traffic_budget WHERE bu = 'LGW' AND month BETWEEN '2025-01' AND '2025-12' GROUP BY month)
          SELECT month, departing_passengers, budgeted_passengers FROM a FULL JOIN b USING (month)`,
    ask: [
      ['en', 'comparison', 'LGW passengers actual vs budget by month 2025'],
      ['fr', 'comparison', 'passagers LGW réel vs budget par mois en 2025'],
      ['es', 'comparison', 'pasajeros LGW real vs presupuesto por mes 2025'],
      ['pt', 'comparison', 'passageiros LGW realizado vs orçado por mês em 2025'],
      ['ja', 'comparison', 'LGWの2025年の月別旅客数 実績と予算'],
    ],
  },
  {
    key: 'pax-last-quarter',
    intent: 'total',
    measure: 'departing_passengers',
    sql: `SELECT sum(departing_passengers) AS departing_passengers FROM traffic WHERE month BETWEEN '2025-10' AND '2025-12'`,
    ask: [
      ['en', 'relative', 'how many passengers did we have last quarter?'],
      ['en', 'typo', 'passangers last quater'],
      ['fr', 'relative', 'nombre de passagers le trimestre dernier'],
      ['es', 'relative', 'pasajeros del último trimestre'],
      ['pt', 'relative', 'passageiros no trimestre passado'],
      ['ja', 'relative', '前四半期の旅客数'],
    ],
  },
  {
    key: 'pax-easyjet-by-airport',
    intent: 'breakdown',
    measure: 'departing_passengers',
    sql: `SELECT bu, sum(departing_passengers) AS departing_passengers FROM traffic
          WHERE airline_code = 'U2' AND month BETWEEN '2025-01' AND '2025-12' GROUP BY bu`,
    ask: [
      ['en', 'plain', 'easyJet passengers by airport in 2025'],
      ['fr', 'typo', 'passagers easyjet par aéroprt en 2025'],
      ['es', 'plain', 'pasajeros de easyJet por aeropuerto en 2025'],
      ['pt', 'terse', 'pax easyJet por aeroporto 2025'],
      ['ja', 'plain', '2025年のeasyJetの空港別旅客数'],
    ],
  },

  // Aircraft movements
  {
    key: 'mvt-ana-q4',
    intent: 'total',
    measure: 'aircraft_movements',
    sql: `SELECT sum(movements) AS aircraft_movements FROM traffic WHERE bu = 'ANA' AND month BETWEEN '2025-10' AND '2025-12'`,
    ask: [
      ['en', 'relative', 'aircraft movements at ANA last quarter'],
      ['en', 'terse', 'ANA movements Q4 2025'],
      ['fr', 'plain', "mouvements d'avions à ANA au 4e trimestre 2025"],
      ['es', 'typo', 'movimentos ANA cuarto trimestre 2025'],
      ['pt', 'relative', 'movimentos de aeronaves em ANA no último trimestre'],
      ['ja', 'plain', '2025年第4四半期のANAの発着回数'],
    ],
  },
  {
    key: 'mvt-by-airport-2025',
    intent: 'breakdown',
    measure: 'aircraft_movements',
    sql: `SELECT bu, sum(movements) AS aircraft_movements FROM traffic WHERE month BETWEEN '2025-01' AND '2025-12' GROUP BY bu`,
    ask: [
      ['en', 'relative', 'movements by airport last year'],
      ['fr', 'relative', "mouvements par aéroport l'année dernière"],
      ['es', 'plain', 'movimientos de aeronaves por aeropuerto en 2025'],
      ['pt', 'terse', 'movimentos por aeroporto 2025'],
      ['ja', 'relative', '昨年の空港別発着回数'],
    ],
  },
  {
    key: 'mvt-ssa-trend',
    intent: 'trend',
    measure: 'aircraft_movements',
    sql: `SELECT month, sum(movements) AS aircraft_movements FROM traffic WHERE bu = 'SSA' AND month BETWEEN '2025-10' AND '2025-12' GROUP BY month`,
    ask: [
      ['en', 'range', 'aircraft movements per month at SSA Oct-Dec 2025'],
      ['fr', 'range', "mouvements par mois à SSA d'octobre à décembre 2025"],
      ['es', 'range', 'movimientos mensuales en SSA de octubre a diciembre de 2025'],
      ['pt', 'range', 'movimentos por mês em SSA de outubro a dezembro de 2025'],
      ['ja', 'range', 'SSAの2025年10月〜12月の月別発着回数'],
    ],
  },
  {
    key: 'mvt-top-airline-2025',
    intent: 'top-n',
    measure: 'aircraft_movements',
    ordered: true,
    sql: `SELECT airline_code, sum(movements) AS aircraft_movements FROM traffic
          WHERE month BETWEEN '2025-01' AND '2025-12' GROUP BY airline_code ORDER BY 2 DESC LIMIT 1`,
    ask: [
      ['en', 'top-n', 'which airline had the most movements in 2025?'],
      ['fr', 'top-n', 'quelle compagnie a fait le plus de mouvements en 2025 ?'],
      ['es', 'top-n', '¿qué aerolínea tuvo más movimientos en 2025?'],
      ['pt', 'top-n', 'qual companhia teve mais movimentos em 2025?'],
      ['ja', 'top-n', '2025年に発着回数が最も多かった航空会社は？'],
    ],
  },
  {
    key: 'mvt-lgw-vs-ssa-mar',
    intent: 'compare',
    measure: 'aircraft_movements',
    sql: `SELECT bu, sum(movements) AS aircraft_movements FROM traffic WHERE bu IN ('LGW', 'SSA') AND month = '2025-03' GROUP BY bu`,
    ask: [
      ['en', 'comparison', 'movements LGW vs SSA March 2025'],
      ['fr', 'comparison', 'mouvements LGW contre SSA en mars 2025'],
      ['es', 'comparison', 'movimientos LGW vs SSA marzo 2025'],
      ['pt', 'comparison', 'movimentos LGW vs SSA em março de 2025'],
      ['ja', 'comparison', '2025年3月の発着回数 LGWとSSAの比較'],
    ],
  },

  // Load factor
  {
    key: 'lf-lgw-2025',
    intent: 'total',
    measure: 'load_factor',
    sql: `SELECT sum(departing_passengers) / sum(seats) AS load_factor FROM traffic WHERE bu = 'LGW' AND month BETWEEN '2025-01' AND '2025-12'`,
    ask: [
      ['en', 'plain', 'load factor at LGW in 2025'],
      ['en', 'typo', 'laod factor LGW 2025'],
      ['fr', 'plain', 'taux de remplissage de LGW en 2025'],
      ['es', 'relative', 'factor de ocupación de LGW el año pasado'],
      ['pt', 'plain', 'taxa de ocupação em LGW em 2025'],
      ['ja', 'plain', '2025年のLGWの搭乗率'],
    ],
  },
  {
    key: 'lf-by-airline-2025',
    intent: 'breakdown',
    measure: 'load_factor',
    sql: `SELECT airline_code, sum(departing_passengers) / sum(seats) AS load_factor FROM traffic
          WHERE month BETWEEN '2025-01' AND '2025-12' GROUP BY airline_code`,
    ask: [
      ['en', 'relative', 'load factor by airline last year'],
      ['fr', 'terse', 'remplissage par compagnie 2025'],
      ['es', 'plain', 'factor de ocupación por aerolínea en 2025'],
      ['pt', 'relative', 'taxa de ocupação por companhia no ano passado'],
      ['ja', 'plain', '2025年の航空会社別搭乗率'],
    ],
  },
  {
    key: 'lf-ama-h2-trend',
    intent: 'trend',
    measure: 'load_factor',
    sql: `SELECT month, sum(departing_passengers) / sum(seats) AS load_factor FROM traffic
          WHERE bu = 'AMA' AND month BETWEEN '2025-07' AND '2025-12' GROUP BY month`,
    ask: [
      ['en', 'range', 'AMA load factor by month for H2 2025'],
      ['fr', 'range', "taux de remplissage mensuel d'AMA au second semestre 2025"],
      ['es', 'range', 'factor de ocupación mensual de AMA en el segundo semestre de 2025'],
      ['pt', 'range', 'taxa de ocupação por mês em AMA no 2º semestre de 2025'],
      ['ja', 'range', 'AMAの2025年下半期の月別搭乗率'],
    ],
  },
  {
    key: 'lf-ama-vs-ana-dec',
    intent: 'compare',
    measure: 'load_factor',
    sql: `SELECT bu, sum(departing_passengers) / sum(seats) AS load_factor FROM traffic WHERE bu IN ('AMA', 'ANA') AND month = '2025-12' GROUP BY bu`,
    ask: [
      ['en', 'comparison', 'load factor AMA vs ANA in December 2025'],
      ['fr', 'comparison', 'taux de remplissage AMA vs ANA décembre 2025'],
      ['es', 'comparison', 'factor de ocupación AMA frente a ANA en diciembre de 2025'],
      ['pt', 'comparison', 'taxa de ocupação AMA vs ANA dezembro 2025'],
      ['ja', 'comparison', '2025年12月の搭乗率 AMA対ANA'],
    ],
  },
  {
    key: 'lf-ssa-best-airline',
    intent: 'top-n',
    measure: 'load_factor',
    ordered: true,
    sql: `SELECT airline_code, sum(departing_passengers) / sum(seats) AS load_factor FROM traffic
          WHERE bu = 'SSA' AND month BETWEEN '2025-01' AND '2025-12' GROUP BY airline_code ORDER BY 2 DESC LIMIT 1`,
    ask: [
      ['en', 'top-n', 'which airline had the best load factor at SSA in 2025?'],
      ['fr', 'top-n', 'quelle compagnie a le meilleur taux de remplissage à SSA en 2025 ?'],
      ['es', 'top-n', 'la aerolínea con mejor factor de ocupación en SSA en 2025'],
      ['pt', 'top-n', 'qual companhia teve a maior taxa de ocupação em SSA em 2025?'],
      ['ja', 'top-n', '2025年にSSAで搭乗率が最も高い航空会社'],
    ],
  },

  // Budgeted passengers
  {
    key: 'bpax-ssa-2026',
    intent: 'total',
    measure: 'budgeted_passengers',
    sql: `SELECT sum(passengers) AS budgeted_passengers FROM traffic_budget WHERE bu = 'SSA' AND month BETWEEN '2026-01' AND '2026-12'`,
    ask: [
      ['en', 'plain', 'budgeted passengers for SSA in 2026'],
      ['en', 'terse', 'SSA pax budget 2026'],
      ['fr', 'plain', 'passagers budgétés de SSA pour 2026'],
      ['es', 'typo', 'pasajeros presupestados SSA 2026'],
      ['pt', 'plain', 'passageiros orçados da SSA em 2026'],
      ['ja', 'plain', 'SSAの2026年の予算旅客数'],
    ],
  },
  {
    key: 'bpax-sca-2025-vs-2026',
    intent: 'compare',
    measure: 'budgeted_passengers',
    sql: `SELECT substr(month, 1, 4) AS year, sum(passengers) AS budgeted_passengers FROM traffic_budget
          WHERE bu = 'SCA' AND month BETWEEN '2025-01' AND '2026-12' GROUP BY 1`,
    ask: [
      ['en', 'comparison', 'SCA passenger budget 2025 vs 2026'],
      ['fr', 'comparison', 'budget passagers SCA 2025 vs 2026'],
      ['es', 'comparison', 'pasajeros presupuestados de SCA 2025 frente a 2026'],
      ['pt', 'comparison', 'passageiros orçados SCA 2025 x 2026'],
      ['ja', 'comparison', 'SCAの予算旅客数 2025年と2026年の比較'],
    ],
  },
  {
    key: 'bpax-by-airline-mar26',
    intent: 'breakdown',
    measure: 'budgeted_passengers',
    sql: `SELECT airline_code, sum(passengers) AS budgeted_passengers FROM traffic_budget WHERE month = '2026-03' GROUP BY airline_code`,
    ask: [
      ['en', 'plain', 'budgeted passengers by airline for March 2026'],
      ['fr', 'plain', 'passagers budgétés par compagnie en mars 2026'],
      ['es', 'terse', 'pax presupuestados por aerolínea mar 2026'],
      ['pt', 'plain', 'passageiros orçados por companhia em março de 2026'],
      ['ja', 'plain', '2026年3月の航空会社別予算旅客数'],
    ],
  },
  {
    key: 'bpax-ana-2026-trend',
    intent: 'trend',
    measure: 'budgeted_passengers',
    sql: `SELECT month, sum(passengers) AS budgeted_passengers FROM traffic_budget WHERE bu = 'ANA' AND month BETWEEN '2026-01' AND '2026-12' GROUP BY month`,
    ask: [
      ['en', 'plain', 'monthly passenger budget for ANA in 2026'],
      ['fr', 'plain', "budget passagers mensuel d'ANA en 2026"],
      ['es', 'plain', 'presupuesto de pasajeros por mes de ANA en 2026'],
      ['pt', 'plain', 'passageiros orçados por mês em ANA em 2026'],
      ['ja', 'plain', 'ANAの2026年の月別予算旅客数'],
    ],
  },
  {
    key: 'bpax-top5-2026',
    intent: 'top-n',
    measure: 'budgeted_passengers',
    ordered: true,
    sql: `SELECT airline_code, sum(passengers) AS budgeted_passengers FROM traffic_budget
          WHERE month BETWEEN '2026-01' AND '2026-12' GROUP BY airline_code ORDER BY 2 DESC LIMIT 5`,
    ask: [
      ['en', 'top-n', 'top 5 airlines in the 2026 passenger budget'],
      ['fr', 'top-n', 'top 5 des compagnies au budget passagers 2026'],
      ['es', 'top-n', 'top 5 aerolíneas por pasajeros presupuestados en 2026'],
      ['pt', 'top-n', 'top 5 companhias por passageiros orçados em 2026'],
      ['ja', 'top-n', '2026年の予算旅客数上位5社'],
    ],
  },
  {
    key: 'bpax-by-airport-2025',
    intent: 'breakdown',
    measure: 'budgeted_passengers',
    sql: `SELECT bu, sum(passengers) AS budgeted_passengers FROM traffic_budget WHERE month BETWEEN '2025-01' AND '2025-12' GROUP BY bu`,
    ask: [
      ['en', 'relative', "last year's passenger budget by airport"],
      ['fr', 'relative', "budget passagers par aéroport l'an dernier"],
      ['pt', 'relative', 'passageiros orçados por aeroporto no ano passado'],
      ['ja', 'relative', '昨年の空港別予算旅客数'],
    ],
  },

  // Revenue per passenger
  {
    key: 'rpp-by-airport-2025',
    intent: 'breakdown',
    measure: 'revenue_per_passenger',
    sql: revenuePerPax({ ledger: `period BETWEEN '2025-01' AND '2025-12'`, traffic: `month BETWEEN '2025-01' AND '2025-12'` }, 'bu'),
    ask: [
      ['en', 'plain', 'revenue per passenger by airport in 2025'],
      ['fr', 'plain', 'recette par passager par aéroport en 2025'],
      ['es', 'relative', 'ingresos por pasajero por aeropuerto el año pasado'],
      ['pt', 'plain', 'receita por passageiro por aeroporto em 2025'],
      ['ja', 'plain', '2025年の空港別旅客1人当たり収入'],
    ],
  },
  {
    key: 'rpp-group-q4',
    intent: 'total',
    measure: 'revenue_per_passenger',
    sql: revenuePerPax({ ledger: `period BETWEEN '2025-10' AND '2025-12'`, traffic: `month BETWEEN '2025-10' AND '2025-12'` }, null),
    ask: [
      ['en', 'relative', 'revenue per passenger last quarter'],
      ['en', 'terse', 'rev per pax Q4 2025'],
      ['fr', 'relative', 'recette par passager au dernier trimestre'],
      ['es', 'plain', 'ingresos por pasajero en el cuarto trimestre de 2025'],
      ['pt', 'typo', 'receita por passagero no último trimestre'],
      ['ja', 'relative', '前四半期の旅客1人当たり収入'],
    ],
  },
  {
    key: 'rpp-ssa-trend',
    intent: 'trend',
    measure: 'revenue_per_passenger',
    sql: revenuePerPax(
      { ledger: `bu = 'SSA' AND period BETWEEN '2025-01' AND '2025-12'`, traffic: `bu = 'SSA' AND month BETWEEN '2025-01' AND '2025-12'` },
      'month',
    ),
    ask: [
      ['en', 'plain', 'SSA revenue per passenger by month in 2025'],
      ['fr', 'plain', 'recette par passager de SSA par mois en 2025'],
      ['es', 'plain', 'ingresos por pasajero de SSA por mes en 2025'],
      ['pt', 'plain', 'receita por passageiro da SSA por mês em 2025'],
      ['ja', 'plain', 'SSAの2025年の月別旅客1人当たり収入'],
    ],
  },
  {
    key: 'rpp-ssa-dec',
    intent: 'total',
    measure: 'revenue_per_passenger',
    sql: revenuePerPax({ ledger: `bu = 'SSA' AND period = '2025-12'`, traffic: `bu = 'SSA' AND month = '2025-12'` }, null),
    ask: [
      ['en', 'terse', 'revenue/pax SSA Dec 2025'],
      ['fr', 'plain', 'recette par passager à SSA en décembre 2025'],
      ['es', 'plain', 'ingreso por pasajero en SSA en diciembre de 2025'],
      ['pt', 'terse', 'receita por pax SSA dez 2025'],
      ['ja', 'plain', '2025年12月のSSAの旅客1人当たり収入'],
    ],
  },
  {
    key: 'rpp-last-month',
    intent: 'refusal',
    measure: 'revenue_per_passenger',
    refusal: 'no common month: the ledger holds 2026-01, the traffic actuals only 2025',
    ask: [
      ['en', 'relative', 'revenue per passenger last month'],
      ['fr', 'relative', 'recette par passager le mois dernier'],
      ['es', 'relative', 'ingresos por pasajero el mes pasado'],
      ['pt', 'relative', 'receita por passageiro no mês passado'],
      ['ja', 'relative', '先月の旅客1人当たり収入'],
    ],
  },
  {
    key: 'rpp-lgw',
    intent: 'refusal',
    measure: 'revenue_per_passenger',
    refusal: "no common month: LGW's ledger holds 2026-01 only, its traffic 2025 only",
    ask: [
      ['en', 'terse', 'revenue per pax LGW'],
      ['fr', 'plain', 'recette par passager de LGW'],
      ['es', 'plain', 'ingresos por pasajero de LGW'],
      ['pt', 'plain', 'receita por passageiro em LGW'],
      ['ja', 'plain', 'LGWの旅客1人当たり収入'],
    ],
  },
  {
    key: 'pax-last-month',
    intent: 'refusal',
    measure: 'departing_passengers',
    refusal: 'no data: the traffic actuals hold 2025 only (the 2026 file is not delivered yet)',
    ask: [
      ['en', 'relative', 'passengers last month'],
      ['fr', 'relative', 'passagers du mois dernier'],
      ['es', 'relative', 'pasajeros del mes pasado'],
      ['pt', 'relative', 'passageiros do mês passado'],
      ['ja', 'relative', '先月の旅客数'],
    ],
  },
]);

import { intents } from './types.ts';

// Ops (on-time performance: every BU 2025-11 to 2026-01) and HR (headcount: AMA and ANA 2025-11
// and 2025-12, LGW and SCA 2025-11 to 2026-01, SSA 2025-12 and 2026-01). Headcount is a month-end
// stock: a period's figure is its last month with data (never a sum over months); by month, each
// month's own figure.

/** The last month with headcount among the rows `where` lets through, within [from, to]. */
const lastHeadcount = (where: string, from = '0000-01', to = '9999-12') =>
  `(SELECT max(period) FROM headcount WHERE ${where} AND period BETWEEN '${from}' AND '${to}')`;

export const PEOPLE_OPS = intents([
  // On-time performance
  {
    key: 'otp-group-jan26',
    intent: 'total',
    measure: 'on_time_performance',
    sql: `SELECT sum(on_time_flights) / sum(flights) AS on_time_performance FROM punctuality WHERE period = '2026-01'`,
    ask: [
      ['en', 'relative', 'what was our on-time performance last month?'],
      ['en', 'terse', 'OTP jan 26'],
      ['fr', 'relative', 'ponctualité du mois dernier'],
      ['es', 'relative', 'puntualidad del mes pasado'],
      ['pt', 'typo', 'pontualidde em janeiro de 2026'],
      ['ja', 'relative', '先月の定時運航率'],
    ],
  },
  {
    key: 'otp-ssa-by-airline-q4',
    intent: 'breakdown',
    measure: 'on_time_performance',
    sql: `SELECT airline_code, sum(on_time_flights) / sum(flights) AS on_time_performance FROM punctuality
          WHERE bu = 'SSA' AND period BETWEEN '2025-10' AND '2025-12' GROUP BY airline_code`,
    ask: [
      ['en', 'relative', 'SSA punctuality by airline last quarter'],
      ['fr', 'relative', 'ponctualité par compagnie à SSA au dernier trimestre'],
      ['es', 'relative', 'puntualidad por aerolínea en SSA el trimestre pasado'],
      ['pt', 'relative', 'pontualidade por companhia na SSA no último trimestre'],
      ['ja', 'relative', 'SSAの前四半期の航空会社別定時運航率'],
    ],
  },
  {
    key: 'otp-top-airline-jan26',
    intent: 'top-n',
    measure: 'on_time_performance',
    ordered: true,
    sql: `SELECT airline_code, sum(on_time_flights) / sum(flights) AS on_time_performance FROM punctuality
          WHERE period = '2026-01' GROUP BY airline_code ORDER BY 2 DESC LIMIT 1`,
    ask: [
      ['en', 'top-n', 'most punctual airline last month'],
      ['fr', 'top-n', 'la compagnie la plus ponctuelle le mois dernier'],
      ['es', 'top-n', 'la aerolínea más puntual el mes pasado'],
      ['pt', 'top-n', 'companhia mais pontual no mês passado'],
      ['ja', 'top-n', '先月最も定時運航率が高かった航空会社'],
    ],
  },
  {
    key: 'otp-lgw-vs-ssa-dec',
    intent: 'compare',
    measure: 'on_time_performance',
    sql: `SELECT bu, sum(on_time_flights) / sum(flights) AS on_time_performance FROM punctuality WHERE bu IN ('LGW', 'SSA') AND period = '2025-12' GROUP BY bu`,
    ask: [
      ['en', 'comparison', 'OTP LGW vs SSA December 2025'],
      ['fr', 'comparison', 'ponctualité LGW vs SSA en décembre 2025'],
      ['es', 'comparison', 'puntualidad LGW frente a SSA en diciembre de 2025'],
      ['pt', 'comparison', 'pontualidade LGW x SSA em dezembro de 2025'],
      ['ja', 'comparison', '2025年12月の定時運航率 LGWとSSAの比較'],
    ],
  },
  {
    key: 'otp-ryanair-trend',
    intent: 'trend',
    measure: 'on_time_performance',
    sql: `SELECT period AS month, sum(on_time_flights) / sum(flights) AS on_time_performance FROM punctuality
          WHERE airline_code = 'FR' AND period BETWEEN '2025-11' AND '2026-02' GROUP BY period`,
    ask: [
      ['en', 'relative', 'Ryanair on-time performance by month since November'],
      ['fr', 'relative', 'ponctualité de Ryanair par mois depuis novembre'],
      ['es', 'relative', 'puntualidad mensual de Ryanair desde noviembre'],
      ['pt', 'relative', 'pontualidade da Ryanair por mês desde novembro'],
      ['ja', 'relative', '11月以降のライアンエアー（FR）の月別定時運航率'],
    ],
  },
  {
    key: 'otp-ama-dec',
    intent: 'total',
    measure: 'on_time_performance',
    sql: `SELECT sum(on_time_flights) / sum(flights) AS on_time_performance FROM punctuality WHERE bu = 'AMA' AND period = '2025-12'`,
    ask: [
      ['en', 'typo', 'on-time perfomance AMA decembre 2025'],
      ['fr', 'terse', 'ponctualité AMA déc. 2025'],
      ['es', 'plain', 'puntualidad de AMA en diciembre de 2025'],
      ['ja', 'typo', 'ＡＭＡの定時運航率　２０２５年１２月'],
    ],
  },

  // Headcount: a stock.
  {
    key: 'hc-now',
    intent: 'total',
    measure: 'headcount',
    sql: `SELECT sum(headcount) AS headcount FROM headcount WHERE period = ${lastHeadcount('TRUE')}`,
    ask: [
      ['en', 'plain', 'how many employees do we have?'],
      ['en', 'terse', 'headcount'],
      ['fr', 'plain', 'combien avons-nous de salariés ?'],
      ['es', 'plain', '¿cuántos empleados tenemos?'],
      ['pt', 'plain', 'quantos funcionários temos?'],
      ['ja', 'plain', '従業員数は何人ですか？'],
    ],
  },
  {
    key: 'hc-by-dept-now',
    intent: 'breakdown',
    measure: 'headcount',
    sql: `SELECT department_code, sum(headcount) AS headcount FROM headcount WHERE period = ${lastHeadcount('TRUE')} GROUP BY department_code`,
    ask: [
      ['en', 'plain', 'headcount by department'],
      ['fr', 'terse', 'effectif par département'],
      ['es', 'plain', 'plantilla por departamento'],
      ['pt', 'plain', 'efetivo por departamento'],
      ['ja', 'plain', '部門別の従業員数'],
    ],
  },
  {
    key: 'hc-by-airport-q4',
    intent: 'breakdown',
    measure: 'headcount',
    sql: `SELECT bu, sum(headcount) AS headcount FROM headcount WHERE period = ${lastHeadcount('TRUE', '2025-10', '2025-12')} GROUP BY bu`,
    ask: [
      ['en', 'relative', 'headcount by airport last quarter'],
      ['fr', 'relative', 'effectifs par aéroport au trimestre dernier'],
      ['es', 'relative', 'plantilla por aeropuerto el trimestre pasado'],
      ['pt', 'relative', 'efetivo por aeroporto no último trimestre'],
      ['ja', 'relative', '前四半期の空港別従業員数'],
    ],
  },
  {
    key: 'hc-sca-trend',
    intent: 'trend',
    measure: 'headcount',
    sql: `SELECT period AS month, sum(headcount) AS headcount FROM headcount WHERE bu = 'SCA' AND period BETWEEN '2025-11' AND '2026-01' GROUP BY period`,
    ask: [
      ['en', 'range', 'SCA headcount by month from November 2025 to January 2026'],
      ['fr', 'range', 'effectifs de SCA par mois de novembre 2025 à janvier 2026'],
      ['es', 'range', 'plantilla de SCA por mes de noviembre de 2025 a enero de 2026'],
      ['pt', 'range', 'efetivo da SCA por mês de novembro de 2025 a janeiro de 2026'],
      ['ja', 'range', 'SCAの月別従業員数（2025年11月〜2026年1月）'],
    ],
  },
  {
    key: 'hc-ama',
    intent: 'total',
    measure: 'headcount',
    sql: `SELECT sum(headcount) AS headcount FROM headcount WHERE bu = 'AMA' AND period = ${lastHeadcount(`bu = 'AMA'`)}`,
    ask: [
      ['en', 'plain', 'how many staff does AMA have?'],
      ['en', 'typo', 'AMA headcout'],
      ['fr', 'plain', "quel est l'effectif d'AMA ?"],
      ['es', 'plain', '¿cuántos empleados tiene AMA?'],
      ['pt', 'terse', 'funcionários AMA'],
      ['ja', 'plain', 'AMAの従業員数'],
    ],
  },
  {
    key: 'hc-ssa-dec-vs-jan',
    intent: 'compare',
    measure: 'headcount',
    sql: `SELECT period AS month, sum(headcount) AS headcount FROM headcount WHERE bu = 'SSA' AND period IN ('2025-12', '2026-01') GROUP BY period`,
    ask: [
      ['en', 'comparison', 'SSA headcount December 2025 vs January 2026'],
      ['fr', 'comparison', 'effectifs de SSA décembre 2025 vs janvier 2026'],
      ['es', 'comparison', 'plantilla de SSA en diciembre de 2025 frente a enero de 2026'],
      ['pt', 'comparison', 'efetivo da SSA dezembro de 2025 x janeiro de 2026'],
      ['ja', 'comparison', 'SSAの従業員数 2025年12月と2026年1月の比較'],
    ],
  },
  {
    key: 'hc-top-dept-ssa-jan26',
    intent: 'top-n',
    measure: 'headcount',
    ordered: true,
    sql: `SELECT department_code, sum(headcount) AS headcount FROM headcount WHERE bu = 'SSA' AND period = '2026-01' GROUP BY department_code ORDER BY 2 DESC LIMIT 1`,
    ask: [
      ['en', 'top-n', 'biggest department at SSA last month'],
      ['fr', 'top-n', 'le département le plus important de SSA en effectif le mois dernier'],
      ['es', 'top-n', 'el departamento con más empleados en SSA el mes pasado'],
      ['pt', 'top-n', 'departamento com mais funcionários na SSA no mês passado'],
      ['ja', 'top-n', '先月SSAで従業員数が最も多い部門'],
    ],
  },
  {
    key: 'hc-share-sec-lgw',
    intent: 'share',
    measure: 'headcount',
    sql: `SELECT sum(headcount) FILTER (WHERE department_code = 'OPS-SEC') / sum(headcount) AS headcount_share FROM headcount WHERE bu = 'LGW' AND period = '2026-01'`,
    ask: [
      ['en', 'share', "what share of LGW's headcount in January 2026 is in OPS-SEC?"],
      ['fr', 'share', 'part de OPS-SEC dans les effectifs de LGW en janvier 2026'],
      ['es', 'share', '¿qué porcentaje de la plantilla de LGW en enero de 2026 está en OPS-SEC?'],
      ['pt', 'share', 'participação do OPS-SEC no efetivo de LGW em janeiro de 2026'],
      ['ja', 'share', '2026年1月のLGWの従業員数に占めるOPS-SECの割合'],
    ],
  },
  {
    key: 'hc-all-q4-total',
    intent: 'breakdown-total',
    measure: 'headcount',
    sql: `SELECT bu, sum(headcount) AS headcount FROM headcount WHERE period = ${lastHeadcount('TRUE', '2025-10', '2025-12')} GROUP BY ROLLUP (bu)`,
    ask: [
      ['en', 'relative', 'headcount of every airport at the end of last quarter, with the group total'],
      ['fr', 'relative', 'effectifs de chaque aéroport à la fin du dernier trimestre et total groupe'],
      ['es', 'relative', 'plantilla de cada aeropuerto al cierre del trimestre pasado y el total'],
      ['pt', 'relative', 'efetivo de cada aeroporto no fim do último trimestre e o total do grupo'],
      ['ja', 'relative', '前四半期末の各空港の従業員数とグループ合計'],
    ],
  },
  {
    key: 'hc-ytd',
    intent: 'total',
    measure: 'headcount',
    sql: `SELECT sum(headcount) AS headcount FROM headcount WHERE period = ${lastHeadcount('TRUE', '2026-01', '2026-02')}`,
    ask: [
      ['en', 'relative', 'headcount this year'],
      ['fr', 'relative', 'effectifs cette année'],
      ['es', 'relative', 'plantilla este año'],
      ['pt', 'typo', 'efetivo esse ano'],
      ['ja', 'relative', '今年の従業員数'],
    ],
  },
]);

import { intents } from './types.ts';

// The general ledger: revenue (class-7 accounts, sign reversed), operating expenses (class 6),
// journal entries. Months held: AMA 2025-12 and 2026-01, ANA 2025-12, LGW 2026-01, SCA and SSA
// 2025-11 to 2026-01. Amounts are converted to euros row by row (views.ts, fx).

/** The ledger's rows with their rate to the euro. */
const GL = 'ledger JOIN fx USING (bu, period, currency)';
const EUR = 'amount * rate_to_eur';

export const LEDGER = intents([
  // Revenue
  {
    key: 'rev-ssa-jan26',
    intent: 'total',
    measure: 'revenue',
    sql: `SELECT -sum(${EUR}) AS revenue FROM ${GL} WHERE account LIKE '7%' AND bu = 'SSA' AND period = '2026-01'`,
    ask: [
      ['en', 'plain', 'Revenue of SSA in January 2026'],
      ['en', 'terse', 'SSA rev jan 26'],
      ['en', 'typo', 'revnue SSA januray 2026'],
      ['en', 'relative', 'SSA revenue last month'],
      ['fr', 'plain', "chiffre d'affaires de SSA en janvier 2026"],
      ['fr', 'terse', 'CA SSA janv. 2026'],
      ['es', 'plain', 'ingresos de SSA en enero de 2026'],
      ['es', 'typo', 'ingesos SSA enero 2026'],
      ['pt', 'relative', 'receita da SSA no mês passado'],
      ['pt', 'terse', 'faturamento SSA jan/26'],
      ['ja', 'plain', '2026年1月のSSAの売上高'],
      ['ja', 'relative', 'SSAの先月の売上'],
      ['ja', 'typo', 'ＳＳＡの売上だか 2026年1月'],
    ],
  },
  {
    key: 'rev-ssa-trend',
    intent: 'trend',
    measure: 'revenue',
    sql: `SELECT period AS month, -sum(${EUR}) AS revenue FROM ${GL}
          WHERE account LIKE '7%' AND bu = 'SSA' AND period BETWEEN '2025-11' AND '2026-01' GROUP BY period`,
    ask: [
      ['en', 'range', 'Revenue of SSA by month for November 2025 to January 2026'],
      ['fr', 'range', 'CA mensuel de SSA de novembre 2025 à janvier 2026'],
      ['es', 'range', 'ingresos de SSA por mes de noviembre 2025 a enero 2026'],
      ['pt', 'range', 'receita mensal da SSA de novembro de 2025 a janeiro de 2026'],
      ['ja', 'range', 'SSAの月別売上（2025年11月〜2026年1月）'],
    ],
  },
  {
    key: 'rev-ssa-range',
    intent: 'total',
    measure: 'revenue',
    sql: `SELECT -sum(${EUR}) AS revenue FROM ${GL} WHERE account LIKE '7%' AND bu = 'SSA' AND period BETWEEN '2025-11' AND '2026-01'`,
    ask: [
      ['en', 'range', 'SSA revenue Nov 2025-Jan 2026'],
      ['en', 'typo', 'SSA revenu nov 2025 to jan 2026'],
      ['fr', 'range', 'CA SSA de nov. 2025 à janv. 2026'],
      ['es', 'range', 'ingresos SSA nov 2025 - ene 2026'],
      ['pt', 'range', 'receita SSA de nov/2025 a jan/2026'],
      ['ja', 'range', 'SSA 売上 2025年11月から2026年1月まで'],
    ],
  },
  {
    key: 'rev-all-dec25',
    intent: 'breakdown-total',
    measure: 'revenue',
    sql: `SELECT bu, -sum(${EUR}) AS revenue FROM ${GL} WHERE account LIKE '7%' AND period = '2025-12' GROUP BY ROLLUP (bu)`,
    ask: [
      ['en', 'plain', 'Total revenue of all airports in December 2025'],
      ['fr', 'plain', "chiffre d'affaires total de tous les aéroports en décembre 2025"],
      ['es', 'plain', 'ingresos totales de todos los aeropuertos en diciembre de 2025'],
      ['pt', 'plain', 'receita total de todos os aeroportos em dezembro de 2025'],
      ['ja', 'plain', '2025年12月の全空港の売上と合計'],
    ],
  },
  {
    key: 'rev-sca-jan-vs-nov',
    intent: 'compare',
    measure: 'revenue',
    sql: `SELECT period AS month, -sum(${EUR}) AS revenue FROM ${GL}
          WHERE account LIKE '7%' AND bu = 'SCA' AND period IN ('2025-11', '2026-01') GROUP BY period`,
    ask: [
      ['en', 'comparison', 'revenue SCA last month compared to november 2025'],
      ['fr', 'comparison', 'CA de SCA le mois dernier comparé à novembre 2025'],
      ['es', 'comparison', 'ingresos de SCA el mes pasado comparado con noviembre 2025'],
      ['pt', 'comparison', 'receita SCA mês passado vs novembro de 2025'],
      ['ja', 'comparison', 'SCAの先月の売上を2025年11月と比較'],
    ],
  },
  {
    key: 'rev-ama-vs-sca-dec',
    intent: 'compare',
    measure: 'revenue',
    sql: `SELECT bu, -sum(${EUR}) AS revenue FROM ${GL} WHERE account LIKE '7%' AND bu IN ('AMA', 'SCA') AND period = '2025-12' GROUP BY bu`,
    ask: [
      ['en', 'comparison', 'revenue AMA vs SCA December 2025'],
      ['fr', 'comparison', 'CA AMA vs SCA en décembre 2025'],
      ['es', 'comparison', 'ingresos AMA frente a SCA en diciembre de 2025'],
      ['pt', 'comparison', 'receita AMA x SCA dezembro 2025'],
      ['ja', 'comparison', '2025年12月の売上 AMAとSCAの比較'],
    ],
  },
  {
    key: 'rev-sca-by-cc-q4',
    intent: 'breakdown',
    measure: 'revenue',
    sql: `SELECT cost_center, -sum(${EUR}) AS revenue FROM ${GL}
          WHERE account LIKE '7%' AND bu = 'SCA' AND period BETWEEN '2025-10' AND '2025-12' GROUP BY cost_center`,
    ask: [
      ['en', 'relative', 'revenue by cost centre for SCA last quarter'],
      ['fr', 'relative', 'CA par centre de coût de SCA au trimestre dernier'],
      ['es', 'relative', 'ingresos por centro de coste de SCA el trimestre pasado'],
      ['pt', 'relative', 'receita por centro de custo da SCA no último trimestre'],
      ['ja', 'relative', 'SCAの前四半期のコストセンター別売上'],
    ],
  },
  {
    key: 'rev-top-cc-ssa-ytd',
    intent: 'top-n',
    measure: 'revenue',
    ordered: true,
    sql: `SELECT cost_center, -sum(${EUR}) AS revenue FROM ${GL}
          WHERE account LIKE '7%' AND bu = 'SSA' AND period BETWEEN '2026-01' AND '2026-02' GROUP BY cost_center ORDER BY 2 DESC LIMIT 1`,
    ask: [
      ['en', 'top-n', 'which cost center brings in the most revenue at SSA YTD?'],
      ['fr', 'top-n', "quel centre de coût rapporte le plus de CA à SSA depuis le début de l'année ?"],
      ['es', 'top-n', '¿qué centro de coste genera más ingresos en SSA en lo que va de año?'],
      ['pt', 'top-n', 'qual centro de custo gera mais receita na SSA no acumulado do ano?'],
      ['ja', 'top-n', 'SSAで年初来の売上が最も多いコストセンターは？'],
    ],
  },
  {
    key: 'rev-share-ssa-dec',
    intent: 'share',
    measure: 'revenue',
    sql: `SELECT sum(${EUR}) FILTER (WHERE bu = 'SSA') / sum(${EUR}) AS revenue_share FROM ${GL} WHERE account LIKE '7%' AND period = '2025-12'`,
    ask: [
      ['en', 'share', 'what share of group revenue in December 2025 came from SSA?'],
      ['fr', 'share', 'quelle part du CA groupe de décembre 2025 vient de SSA ?'],
      ['es', 'share', '¿qué parte de los ingresos del grupo en diciembre de 2025 corresponde a SSA?'],
      ['pt', 'share', 'qual a participação da SSA na receita do grupo em dezembro de 2025?'],
      ['ja', 'share', '2025年12月のグループ売上に占めるSSAの割合'],
    ],
  },
  {
    key: 'rev-ytd-by-airport',
    intent: 'breakdown',
    measure: 'revenue',
    sql: `SELECT bu, -sum(${EUR}) AS revenue FROM ${GL} WHERE account LIKE '7%' AND period BETWEEN '2026-01' AND '2026-02' GROUP BY bu`,
    ask: [
      ['en', 'relative', 'revenue YTD by airport'],
      ['en', 'terse', 'rev by BU ytd'],
      ['fr', 'relative', "CA par aéroport depuis le début de l'année"],
      ['es', 'relative', 'ingresos por aeropuerto este año'],
      ['pt', 'relative', 'receita por aeroporto este ano'],
      ['ja', 'relative', '今年の空港別売上'],
    ],
  },
  {
    key: 'rev-ssa-by-account-dec',
    intent: 'breakdown',
    measure: 'revenue',
    sql: `SELECT account, -sum(${EUR}) AS revenue FROM ${GL} WHERE account LIKE '7%' AND bu = 'SSA' AND period = '2025-12' GROUP BY account`,
    ask: [
      ['en', 'plain', 'SSA revenue by account in December 2025'],
      ['fr', 'plain', 'CA de SSA par compte en décembre 2025'],
      ['pt', 'plain', 'receita da SSA por conta em dezembro de 2025'],
      ['ja', 'plain', '2025年12月のSSAの勘定科目別売上'],
    ],
  },
  {
    key: 'rev-this-month',
    intent: 'refusal',
    measure: 'revenue',
    refusal: 'no data: nothing is delivered for the month not yet closed (2026-02)',
    ask: [
      ['en', 'relative', 'revenue this month'],
      ['fr', 'relative', 'CA ce mois-ci'],
      ['es', 'relative', 'ingresos de este mes'],
      ['pt', 'relative', 'receita deste mês'],
      ['ja', 'relative', '今月の売上'],
    ],
  },

  // Operating expenses
  {
    key: 'opex-lgw-jan26',
    intent: 'total',
    measure: 'operating_expenses',
    sql: `SELECT sum(${EUR}) AS operating_expenses FROM ${GL} WHERE account LIKE '6%' AND bu = 'LGW' AND period = '2026-01'`,
    ask: [
      ['en', 'relative', 'opex LGW last month'],
      ['en', 'plain', "What were LGW's operating expenses in January 2026?"],
      ['fr', 'relative', "charges d'exploitation de LGW le mois dernier"],
      ['es', 'typo', 'gastos operativos LGW enro 2026'],
      ['pt', 'relative', 'despesas operacionais de LGW no mês passado'],
      ['ja', 'relative', 'LGWの先月の営業費用'],
      ['ja', 'typo', 'LGWの営業費用 2026ねん1月'],
    ],
  },
  {
    key: 'opex-sca-jan-vs-dec',
    intent: 'compare',
    measure: 'operating_expenses',
    sql: `SELECT period AS month, sum(${EUR}) AS operating_expenses FROM ${GL}
          WHERE account LIKE '6%' AND bu = 'SCA' AND period IN ('2025-12', '2026-01') GROUP BY period`,
    ask: [
      ['en', 'comparison', 'opex SCA last month compared to december 2025'],
      ['fr', 'comparison', 'charges SCA janvier 2026 vs décembre 2025'],
      ['es', 'comparison', 'gastos de SCA el mes pasado frente a diciembre de 2025'],
      ['pt', 'comparison', 'despesas da SCA em janeiro de 2026 comparadas com dezembro de 2025'],
      ['ja', 'comparison', 'SCAの営業費用 2026年1月と2025年12月の比較'],
    ],
  },
  {
    key: 'opex-by-airport-q4',
    intent: 'breakdown',
    measure: 'operating_expenses',
    sql: `SELECT bu, sum(${EUR}) AS operating_expenses FROM ${GL} WHERE account LIKE '6%' AND period BETWEEN '2025-10' AND '2025-12' GROUP BY bu`,
    ask: [
      ['en', 'relative', 'operating expenses by airport last quarter'],
      ['fr', 'relative', 'charges par aéroport au dernier trimestre'],
      ['es', 'plain', 'gastos operativos por aeropuerto en el 4T 2025'],
      ['pt', 'relative', 'despesas por aeroporto no último trimestre'],
      ['ja', 'relative', '前四半期の空港別営業費用'],
    ],
  },
  {
    key: 'opex-top3-cc-jan26',
    intent: 'top-n',
    measure: 'operating_expenses',
    ordered: true,
    sql: `SELECT cost_center, sum(${EUR}) AS operating_expenses FROM ${GL}
          WHERE account LIKE '6%' AND period = '2026-01' GROUP BY cost_center ORDER BY 2 DESC LIMIT 3`,
    ask: [
      ['en', 'top-n', 'top 3 cost centres by opex in January 2026'],
      ['fr', 'top-n', 'les 3 centres de coût avec le plus de charges en janvier 2026'],
      ['es', 'top-n', 'top 3 centros de coste por gastos en enero de 2026'],
      ['pt', 'top-n', 'top 3 centros de custo por despesas em janeiro de 2026'],
      ['ja', 'top-n', '2026年1月の営業費用が大きいコストセンター上位3つ'],
    ],
  },
  {
    key: 'opex-share-ops01-ssa',
    intent: 'share',
    measure: 'operating_expenses',
    sql: `SELECT sum(${EUR}) FILTER (WHERE cost_center = 'CC-OPS-01') / sum(${EUR}) AS operating_expenses_share FROM ${GL}
          WHERE account LIKE '6%' AND bu = 'SSA' AND period = '2025-12'`,
    ask: [
      ['en', 'share', "what share of SSA's opex in Dec 2025 was cost centre CC-OPS-01?"],
      ['fr', 'share', 'part de CC-OPS-01 dans les charges de SSA en décembre 2025'],
      ['es', 'share', '¿qué porcentaje de los gastos de SSA en diciembre de 2025 fue del centro de coste CC-OPS-01?'],
      ['pt', 'share', 'participação do CC-OPS-01 nas despesas da SSA em dezembro de 2025'],
      ['ja', 'share', '2025年12月のSSAの営業費用のうちCC-OPS-01の割合'],
    ],
  },
  {
    key: 'opex-group-since-nov',
    intent: 'trend',
    measure: 'operating_expenses',
    sql: `SELECT period AS month, sum(${EUR}) AS operating_expenses FROM ${GL} WHERE account LIKE '6%' AND period BETWEEN '2025-11' AND '2026-02' GROUP BY period`,
    ask: [
      ['en', 'relative', 'monthly opex for the group since November'],
      ['fr', 'relative', 'charges mensuelles du groupe depuis novembre'],
      ['es', 'relative', 'gastos por mes del grupo desde noviembre'],
      ['pt', 'relative', 'despesas mensais do grupo desde novembro'],
      ['ja', 'relative', '11月以降のグループの月別営業費用'],
    ],
  },
  {
    key: 'opex-ama-vs-ssa-ytd',
    intent: 'compare',
    measure: 'operating_expenses',
    sql: `SELECT bu, sum(${EUR}) AS operating_expenses FROM ${GL}
          WHERE account LIKE '6%' AND bu IN ('AMA', 'SSA') AND period BETWEEN '2026-01' AND '2026-02' GROUP BY bu`,
    ask: [
      ['en', 'comparison', 'opex AMA vs SSA this year'],
      ['fr', 'comparison', 'charges AMA vs SSA cette année'],
      ['es', 'comparison', 'gastos AMA vs SSA este año'],
      ['pt', 'comparison', 'despesas AMA vs SSA este ano'],
      ['ja', 'comparison', '今年の営業費用 AMA対SSA'],
    ],
  },
  {
    key: 'rev-opex-sca-q4',
    intent: 'compare',
    measure: 'operating_expenses',
    sql: `SELECT period AS month, -sum(${EUR}) FILTER (WHERE account LIKE '7%') AS revenue,
                 sum(${EUR}) FILTER (WHERE account LIKE '6%') AS operating_expenses
          FROM ${GL} WHERE bu = 'SCA' AND period BETWEEN '2025-10' AND '2025-12' GROUP BY period`,
    ask: [
      ['en', 'comparison', 'SCA revenue and opex by month last quarter'],
      ['fr', 'comparison', 'CA et charges de SCA par mois au trimestre dernier'],
      ['es', 'comparison', 'ingresos y gastos de SCA por mes el trimestre pasado'],
      ['pt', 'comparison', 'receita e despesas da SCA por mês no último trimestre'],
      ['ja', 'comparison', 'SCAの前四半期の月別売上と営業費用'],
    ],
  },
  {
    key: 'opex-ssa-by-cc-q4',
    intent: 'breakdown',
    measure: 'operating_expenses',
    sql: `SELECT cost_center, sum(${EUR}) AS operating_expenses FROM ${GL}
          WHERE account LIKE '6%' AND bu = 'SSA' AND period BETWEEN '2025-10' AND '2025-12' GROUP BY cost_center`,
    ask: [
      ['en', 'terse', 'SSA opex by cost center Q4 25'],
      ['fr', 'typo', 'charges SSA par centre de cout T4 2025'],
      ['es', 'plain', 'gastos de SSA por centro de coste en el cuarto trimestre de 2025'],
      ['ja', 'plain', '2025年第4四半期のSSAのコストセンター別営業費用'],
    ],
  },

  // Journal entries: an entry is its BU's (two BUs may number theirs alike).
  {
    key: 'je-ssa-jan26',
    intent: 'total',
    measure: 'journal_entries',
    sql: `SELECT count(DISTINCT journal_id) AS journal_entries FROM ledger WHERE bu = 'SSA' AND period = '2026-01'`,
    ask: [
      ['en', 'plain', 'how many journal entries did SSA post in January 2026?'],
      ['en', 'terse', 'JE count SSA jan 2026'],
      ['fr', 'plain', "nombre d'écritures comptables de SSA en janvier 2026"],
      ['es', 'relative', 'asientos contables de SSA el mes pasado'],
      ['pt', 'plain', 'quantos lançamentos contábeis a SSA fez em janeiro de 2026?'],
      ['ja', 'plain', '2026年1月のSSAの仕訳件数'],
    ],
  },
  {
    key: 'je-by-airport-jan26',
    intent: 'breakdown',
    measure: 'journal_entries',
    sql: `SELECT bu, count(DISTINCT journal_id) AS journal_entries FROM ledger WHERE period = '2026-01' GROUP BY bu`,
    ask: [
      ['en', 'relative', 'journal entries by BU last month'],
      ['fr', 'relative', 'écritures par aéroport le mois dernier'],
      ['es', 'relative', 'asientos por aeropuerto el mes pasado'],
      ['pt', 'relative', 'lançamentos por aeroporto no mês passado'],
      ['ja', 'relative', '先月の空港別仕訳件数'],
    ],
  },
  {
    key: 'je-sca-trend',
    intent: 'trend',
    measure: 'journal_entries',
    sql: `SELECT period AS month, count(DISTINCT journal_id) AS journal_entries FROM ledger
          WHERE bu = 'SCA' AND period BETWEEN '2025-11' AND '2026-01' GROUP BY period`,
    ask: [
      ['en', 'range', 'journal entries per month at SCA from Nov 2025 to Jan 2026'],
      ['fr', 'range', 'écritures comptables par mois de SCA de novembre 2025 à janvier 2026'],
      ['es', 'range', 'asientos por mes en SCA de noviembre de 2025 a enero de 2026'],
      ['pt', 'range', 'lançamentos por mês da SCA de novembro de 2025 a janeiro de 2026'],
      ['ja', 'range', 'SCAの月別仕訳件数（2025年11月〜2026年1月）'],
    ],
  },
  {
    key: 'je-group-q4',
    intent: 'total',
    measure: 'journal_entries',
    sql: `SELECT count(DISTINCT bu || '/' || journal_id) AS journal_entries FROM ledger WHERE period BETWEEN '2025-10' AND '2025-12'`,
    ask: [
      ['en', 'relative', 'how many journal entries were posted across the group last quarter?'],
      ['fr', 'relative', "nombre d'écritures du groupe au dernier trimestre"],
      ['es', 'relative', 'número de asientos del grupo el trimestre pasado'],
      ['pt', 'typo', 'número de lancamentos do grupo no ultimo trimestre'],
      ['ja', 'relative', '前四半期のグループ全体の仕訳件数'],
    ],
  },
  {
    key: 'je-ama-vs-ssa-dec',
    intent: 'compare',
    measure: 'journal_entries',
    sql: `SELECT bu, count(DISTINCT journal_id) AS journal_entries FROM ledger WHERE bu IN ('AMA', 'SSA') AND period = '2025-12' GROUP BY bu`,
    ask: [
      ['en', 'comparison', 'journal entries AMA vs SSA in December 2025'],
      ['fr', 'comparison', 'écritures AMA vs SSA décembre 2025'],
      ['es', 'comparison', 'asientos AMA frente a SSA en diciembre de 2025'],
      ['pt', 'comparison', 'lançamentos AMA x SSA em dezembro de 2025'],
      ['ja', 'comparison', '2025年12月の仕訳件数 AMAとSSAの比較'],
    ],
  },

  // As the Finance steward of SSA (his scope: SSA's Finance data only).
  {
    key: 'scope-rev-by-bu-jan26',
    intent: 'breakdown',
    measure: 'revenue',
    asUser: 'financeSsa',
    sql: `SELECT bu, -sum(${EUR}) AS revenue FROM ${GL} WHERE account LIKE '7%' AND bu = 'SSA' AND period = '2026-01' GROUP BY bu`,
    ask: [
      ['en', 'relative', 'revenue by BU last month'],
      ['fr', 'relative', "chiffre d'affaires par aéroport le mois dernier"],
      ['es', 'relative', 'ingresos por aeropuerto el mes pasado'],
    ],
  },
  {
    key: 'scope-opex-ama-vs-ssa-q4',
    intent: 'compare',
    measure: 'operating_expenses',
    asUser: 'financeSsa',
    sql: `SELECT bu, sum(${EUR}) AS operating_expenses FROM ${GL}
          WHERE account LIKE '6%' AND bu = 'SSA' AND period BETWEEN '2025-10' AND '2025-12' GROUP BY bu`,
    ask: [
      ['en', 'comparison', 'opex AMA vs SSA last quarter'],
      ['pt', 'comparison', 'despesas AMA x SSA no último trimestre'],
    ],
  },
  {
    key: 'scope-rev-total-q4',
    intent: 'total',
    measure: 'revenue',
    asUser: 'financeSsa',
    sql: `SELECT -sum(${EUR}) AS revenue FROM ${GL} WHERE account LIKE '7%' AND bu = 'SSA' AND period BETWEEN '2025-10' AND '2025-12'`,
    ask: [
      ['en', 'relative', 'total revenue last quarter'],
      ['ja', 'relative', '前四半期の売上合計'],
    ],
  },
]);

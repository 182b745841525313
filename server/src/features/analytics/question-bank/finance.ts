import { intents } from './types.ts';

// Finance beyond the ledger. Supplier spend, customer revenue (revenue by stream) and overdue
// receivables carry a currency per row: converted to euros row by row (views.ts, fx). Capex,
// forecasts and budgets have no currency column: added as they are.
// Months held: supplier opex AMA 2025-11 to 2026-01, ANA 2025-11 and 2026-01, LGW 2025-12 and
// 2026-01, SCA 2025-11 to 2026-01, SSA 2025-11 and 2025-12; customer revenues AMA 2025-11 and
// 2026-01, ANA 2025-11 and 2025-12, LGW 2025-12 and 2026-01, SCA 2025-11 to 2026-01, SSA 2025-11 and
// 2025-12; capex AMA 2025-11 and 2026-01, ANA 2025-11 and 2025-12, LGW 2025-11 and 2026-01, SCA
// 2025-11, SSA 2025-11 to 2026-01; group capex forecast every BU 2025-11 to 2026-01; local capex
// forecast AMA 2025-11 and 2026-01, ANA 2025-11 and 2025-12, LGW 2025-11 and 2026-01, SCA and SSA
// 2025-12 and 2026-01; budget 2025 LGW and SSA, 2026 AMA, SCA and SSA; fiscal budget 2026 ANA;
// receivables AMA 2025-11, ANA and LGW 2025-11 to 2026-01, SCA 2026-01, SSA 2025-11 and 2026-01.
// Overdue receivables are a month-end stock: a period's figure is its last month with data.

const SPEND = 'supplier_opex JOIN fx USING (bu, period, currency)';
const CUSTOMER = 'customer_revenues JOIN fx USING (bu, period, currency)';
const OVERDUE = 'receivables JOIN fx USING (bu, period, currency)';
const EUR = 'amount * rate_to_eur';
/** The last month with receivables among the rows `where` lets through, within [from, to]. */
const lastReceivables = (where: string, from = '0000-01', to = '9999-12') =>
  `(SELECT max(period) FROM receivables WHERE ${where} AND period BETWEEN '${from}' AND '${to}')`;

export const FINANCE = intents([
  // Supplier spend
  {
    key: 'spend-ssa-dec',
    intent: 'total',
    measure: 'supplier_spend',
    sql: `SELECT sum(${EUR}) AS supplier_spend FROM ${SPEND} WHERE bu = 'SSA' AND period = '2025-12'`,
    ask: [
      ['en', 'plain', 'supplier spend at SSA in December 2025'],
      ['en', 'terse', 'SSA spend dec 25'],
      ['fr', 'plain', 'dépenses fournisseurs de SSA en décembre 2025'],
      ['es', 'typo', 'gasto con proveedroes SSA diciembre 2025'],
      ['pt', 'plain', 'gastos com fornecedores da SSA em dezembro de 2025'],
      ['ja', 'plain', '2025年12月のSSAのサプライヤー支出'],
    ],
  },
  {
    key: 'spend-by-airport-q4',
    intent: 'breakdown',
    measure: 'supplier_spend',
    sql: `SELECT bu, sum(${EUR}) AS supplier_spend FROM ${SPEND} WHERE period BETWEEN '2025-10' AND '2025-12' GROUP BY bu`,
    ask: [
      ['en', 'relative', 'supplier spend by airport last quarter'],
      ['fr', 'relative', 'achats par aéroport au trimestre dernier'],
      ['es', 'relative', 'gasto con proveedores por aeropuerto el trimestre pasado'],
      ['pt', 'relative', 'gastos com fornecedores por aeroporto no último trimestre'],
      ['ja', 'relative', '前四半期の空港別サプライヤー支出'],
    ],
  },
  {
    key: 'spend-top5-ama-jan26',
    intent: 'top-n',
    measure: 'supplier_spend',
    ordered: true,
    sql: `SELECT supplier_name, sum(${EUR}) AS supplier_spend FROM ${SPEND}
          WHERE bu = 'AMA' AND period = '2026-01' GROUP BY supplier_name ORDER BY 2 DESC LIMIT 5`,
    ask: [
      ['en', 'top-n', 'top 5 suppliers by spend at AMA last month'],
      ['fr', 'top-n', 'les 5 plus gros fournisseurs d’AMA le mois dernier'],
      ['es', 'top-n', 'los 5 proveedores con más gasto en AMA el mes pasado'],
      ['pt', 'top-n', 'top 5 fornecedores por gastos em AMA no mês passado'],
      ['ja', 'top-n', '先月のAMAの支出額上位5社のサプライヤー'],
    ],
  },
  {
    key: 'spend-lgw-trend',
    intent: 'trend',
    measure: 'supplier_spend',
    sql: `SELECT period AS month, sum(${EUR}) AS supplier_spend FROM ${SPEND} WHERE bu = 'LGW' AND period BETWEEN '2025-12' AND '2026-01' GROUP BY period`,
    ask: [
      ['en', 'range', 'monthly supplier spend at LGW Dec 2025 - Jan 2026'],
      ['fr', 'range', 'dépenses fournisseurs de LGW par mois de décembre 2025 à janvier 2026'],
      ['pt', 'range', 'gastos com fornecedores por mês em LGW de dezembro de 2025 a janeiro de 2026'],
      ['ja', 'range', 'LGWの月別サプライヤー支出（2025年12月〜2026年1月）'],
    ],
  },
  {
    key: 'spend-sca-by-currency-jan26',
    intent: 'breakdown',
    measure: 'supplier_spend',
    sql: `SELECT currency, sum(${EUR}) AS supplier_spend FROM ${SPEND} WHERE bu = 'SCA' AND period = '2026-01' GROUP BY currency`,
    ask: [
      ['en', 'plain', 'SCA supplier spend by currency in January 2026, in euros'],
      ['fr', 'plain', 'achats de SCA par devise en janvier 2026 (en euros)'],
      ['es', 'plain', 'gasto con proveedores de SCA por moneda en enero de 2026, en euros'],
    ],
  },

  // Revenue by stream (customer revenue)
  {
    key: 'crev-sca-by-stream-jan26',
    intent: 'breakdown',
    measure: 'revenue_by_stream',
    sql: `SELECT revenue_stream, sum(${EUR}) AS revenue_by_stream FROM ${CUSTOMER} WHERE bu = 'SCA' AND period = '2026-01' GROUP BY revenue_stream`,
    ask: [
      ['en', 'relative', 'customer revenue by stream for SCA last month'],
      ['fr', 'relative', 'revenus clients par flux de SCA le mois dernier'],
      ['es', 'relative', 'ingresos por cliente por línea de ingresos de SCA el mes pasado'],
      ['pt', 'relative', 'receita de clientes por fonte de receita da SCA no mês passado'],
      ['ja', 'relative', 'SCAの先月の収入源別顧客収入'],
    ],
  },
  {
    key: 'crev-ana-q4',
    intent: 'total',
    measure: 'revenue_by_stream',
    sql: `SELECT sum(${EUR}) AS revenue_by_stream FROM ${CUSTOMER} WHERE bu = 'ANA' AND period BETWEEN '2025-10' AND '2025-12'`,
    ask: [
      ['en', 'terse', 'ANA customer revenue Q4 2025'],
      ['fr', 'plain', "revenus clients d'ANA au quatrième trimestre 2025"],
      ['es', 'plain', 'ingresos por cliente de ANA en el cuarto trimestre de 2025'],
      ['pt', 'typo', 'receita de clientes ANA 4o trimestre 2025'],
      ['ja', 'plain', '2025年第4四半期のANAの顧客収入'],
    ],
  },
  {
    key: 'crev-top3-customers-ssa-nov',
    intent: 'top-n',
    measure: 'revenue_by_stream',
    ordered: true,
    sql: `SELECT customer_name, sum(${EUR}) AS revenue_by_stream FROM ${CUSTOMER}
          WHERE bu = 'SSA' AND period = '2025-11' GROUP BY customer_name ORDER BY 2 DESC LIMIT 3`,
    ask: [
      ['en', 'top-n', 'top 3 customers by revenue at SSA in November 2025'],
      ['fr', 'top-n', 'les 3 premiers clients de SSA en novembre 2025'],
      ['es', 'top-n', 'los 3 clientes con más ingresos en SSA en noviembre de 2025'],
      ['pt', 'top-n', 'top 3 clientes por receita na SSA em novembro de 2025'],
    ],
  },
  {
    key: 'crev-share-landing-sca',
    intent: 'share',
    measure: 'revenue_by_stream',
    sql: `SELECT sum(${EUR}) FILTER (WHERE revenue_stream = 'AERO_LANDING') / sum(${EUR}) AS revenue_by_stream_share
          FROM ${CUSTOMER} WHERE bu = 'SCA' AND period = '2026-01'`,
    ask: [
      ['en', 'share', "what share of SCA's customer revenue in January 2026 was landing fees (AERO_LANDING)?"],
      ['fr', 'share', 'part des redevances d’atterrissage (AERO_LANDING) dans les revenus clients de SCA en janvier 2026'],
      ['pt', 'share', 'participação de AERO_LANDING na receita de clientes da SCA em janeiro de 2026'],
      ['ja', 'share', '2026年1月のSCAの顧客収入に占めるAERO_LANDINGの割合'],
    ],
  },
  {
    key: 'crev-lgw-vs-sca-jan26',
    intent: 'compare',
    measure: 'revenue_by_stream',
    sql: `SELECT bu, sum(${EUR}) AS revenue_by_stream FROM ${CUSTOMER} WHERE bu IN ('LGW', 'SCA') AND period = '2026-01' GROUP BY bu`,
    ask: [
      ['en', 'comparison', 'customer revenue LGW vs SCA last month'],
      ['fr', 'comparison', 'revenus clients LGW vs SCA le mois dernier'],
      ['es', 'comparison', 'ingresos por cliente LGW frente a SCA el mes pasado'],
      ['ja', 'comparison', '先月の顧客収入 LGWとSCAの比較'],
    ],
  },

  // Capex by asset class
  {
    key: 'capex-ssa-by-class-q4',
    intent: 'breakdown',
    measure: 'capex_by_asset_class',
    sql: `SELECT asset_class, sum(amount) AS capex_by_asset_class FROM capex WHERE bu = 'SSA' AND period BETWEEN '2025-10' AND '2025-12' GROUP BY asset_class`,
    ask: [
      ['en', 'relative', 'SSA capex by asset class last quarter'],
      ['fr', 'relative', "investissements de SSA par classe d'actif au dernier trimestre"],
      ['es', 'relative', 'inversiones de SSA por clase de activo el trimestre pasado'],
      ['pt', 'relative', 'investimentos da SSA por classe de ativo no último trimestre'],
      ['ja', 'relative', 'SSAの前四半期の資産クラス別設備投資'],
    ],
  },
  {
    key: 'capex-group-nov',
    intent: 'total',
    measure: 'capex_by_asset_class',
    sql: `SELECT sum(amount) AS capex_by_asset_class FROM capex WHERE period = '2025-11'`,
    ask: [
      ['en', 'plain', 'total capex for the group in November 2025'],
      ['en', 'terse', 'capex nov 2025'],
      ['fr', 'typo', 'investisements du groupe en novembre 2025'],
      ['es', 'plain', 'inversiones del grupo en noviembre de 2025'],
      ['pt', 'plain', 'investimentos do grupo em novembro de 2025'],
      ['ja', 'plain', '2025年11月のグループの設備投資額'],
    ],
  },
  {
    key: 'capex-by-airport-ytd',
    intent: 'breakdown',
    measure: 'capex_by_asset_class',
    sql: `SELECT bu, sum(amount) AS capex_by_asset_class FROM capex WHERE period BETWEEN '2026-01' AND '2026-02' GROUP BY bu`,
    ask: [
      ['en', 'relative', 'capex by airport YTD'],
      ['fr', 'relative', 'investissements par aéroport cette année'],
      ['es', 'relative', 'capex por aeropuerto en lo que va de año'],
      ['pt', 'relative', 'capex por aeroporto este ano'],
      ['ja', 'relative', '年初来の空港別設備投資'],
    ],
  },
  {
    key: 'capex-share-it-ssa',
    intent: 'share',
    measure: 'capex_by_asset_class',
    sql: `SELECT sum(amount) FILTER (WHERE asset_class = 'IT') / sum(amount) AS capex_by_asset_class_share FROM capex
          WHERE bu = 'SSA' AND period BETWEEN '2025-11' AND '2026-02'`,
    ask: [
      ['en', 'share', "what share of SSA's capex since November went to IT?"],
      ['fr', 'share', 'quelle part des investissements de SSA depuis novembre concerne l’IT ?'],
      ['es', 'share', '¿qué parte de las inversiones de SSA desde noviembre fue para IT?'],
      ['pt', 'share', 'qual a participação de IT nos investimentos da SSA desde novembro?'],
      ['ja', 'share', '11月以降のSSAの設備投資に占めるITの割合'],
    ],
  },
  {
    key: 'capex-ssa-trend',
    intent: 'trend',
    measure: 'capex_by_asset_class',
    sql: `SELECT period AS month, sum(amount) AS capex_by_asset_class FROM capex WHERE bu = 'SSA' AND period BETWEEN '2025-11' AND '2026-01' GROUP BY period`,
    ask: [
      ['en', 'range', 'monthly capex at SSA from November 2025 to January 2026'],
      ['fr', 'range', 'investissements mensuels de SSA de novembre 2025 à janvier 2026'],
      ['es', 'range', 'capex mensual de SSA de noviembre de 2025 a enero de 2026'],
      ['ja', 'range', 'SSAの月別設備投資（2025年11月〜2026年1月）'],
    ],
  },
  {
    key: 'capex-top-class-ana-q4',
    intent: 'top-n',
    measure: 'capex_by_asset_class',
    ordered: true,
    sql: `SELECT asset_class, sum(amount) AS capex_by_asset_class FROM capex
          WHERE bu = 'ANA' AND period BETWEEN '2025-10' AND '2025-12' GROUP BY asset_class ORDER BY 2 DESC LIMIT 1`,
    ask: [
      ['en', 'top-n', 'which asset class took the most capex at ANA in Q4 2025?'],
      ['fr', 'top-n', "quelle classe d'actif a reçu le plus d'investissements à ANA au T4 2025 ?"],
      ['pt', 'top-n', 'qual classe de ativo teve mais investimentos em ANA no 4º trimestre de 2025?'],
      ['ja', 'top-n', '2025年第4四半期にANAで設備投資が最も多かった資産クラスは？'],
    ],
  },

  // Capex forecast (the group's)
  {
    key: 'cpxf-group-jan26',
    intent: 'total',
    measure: 'capex_forecast',
    sql: `SELECT sum(forecast_amount) AS capex_forecast FROM capex_forecast WHERE period = '2026-01'`,
    ask: [
      ['en', 'plain', 'capex forecast for January 2026'],
      ['en', 'typo', 'capex forcast jan 2026'],
      ['fr', 'plain', "prévision d'investissements pour janvier 2026"],
      ['es', 'relative', 'previsión de inversiones del mes pasado'],
      ['pt', 'plain', 'previsão de capex para janeiro de 2026'],
      ['ja', 'plain', '2026年1月の設備投資予測'],
    ],
  },
  {
    key: 'cpxf-by-airport-q4',
    intent: 'breakdown',
    measure: 'capex_forecast',
    sql: `SELECT bu, sum(forecast_amount) AS capex_forecast FROM capex_forecast WHERE period BETWEEN '2025-10' AND '2025-12' GROUP BY bu`,
    ask: [
      ['en', 'relative', 'capex forecast by airport last quarter'],
      ['fr', 'relative', 'prévision capex par aéroport au trimestre dernier'],
      ['es', 'relative', 'previsión de inversiones por aeropuerto el trimestre pasado'],
      ['pt', 'relative', 'previsão de capex por aeroporto no último trimestre'],
      ['ja', 'relative', '前四半期の空港別設備投資予測'],
    ],
  },
  {
    key: 'cpxf-sca-trend',
    intent: 'trend',
    measure: 'capex_forecast',
    sql: `SELECT period AS month, sum(forecast_amount) AS capex_forecast FROM capex_forecast
          WHERE bu = 'SCA' AND period BETWEEN '2025-11' AND '2026-01' GROUP BY period`,
    ask: [
      ['en', 'range', 'SCA capex forecast per month Nov 2025 to Jan 2026'],
      ['fr', 'range', 'prévision capex mensuelle de SCA de novembre 2025 à janvier 2026'],
      ['es', 'range', 'previsión de inversiones de SCA por mes de noviembre de 2025 a enero de 2026'],
      ['pt', 'range', 'previsão de capex da SCA por mês de novembro de 2025 a janeiro de 2026'],
    ],
  },
  {
    key: 'cpxf-top3-projects-lgw',
    intent: 'top-n',
    measure: 'capex_forecast',
    ordered: true,
    sql: `SELECT project_code, sum(forecast_amount) AS capex_forecast FROM capex_forecast
          WHERE bu = 'LGW' AND period = '2026-01' GROUP BY project_code ORDER BY 2 DESC LIMIT 3`,
    ask: [
      ['en', 'top-n', 'top 3 projects in the capex forecast for LGW last month'],
      ['fr', 'top-n', 'les 3 plus gros projets de la prévision capex de LGW le mois dernier'],
      ['es', 'top-n', 'los 3 proyectos con mayor previsión de inversiones en LGW el mes pasado'],
      ['ja', 'top-n', '先月のLGWの設備投資予測 上位3プロジェクト'],
    ],
  },

  // Local capex forecast (the BU's own)
  {
    key: 'lcpxf-sca-jan26',
    intent: 'total',
    measure: 'local_capex_forecast',
    sql: `SELECT sum(forecast_amount) AS local_capex_forecast FROM local_capex_forecast WHERE bu = 'SCA' AND period = '2026-01'`,
    ask: [
      ['en', 'plain', 'local capex forecast for SCA in January 2026'],
      ['fr', 'plain', "prévision locale d'investissements de SCA en janvier 2026"],
      ['es', 'plain', 'previsión local de inversiones de SCA en enero de 2026'],
      ['pt', 'terse', 'previsão local capex SCA jan/2026'],
      ['ja', 'plain', '2026年1月のSCAのローカル設備投資予測'],
    ],
  },
  {
    key: 'lcpxf-by-airport-q4',
    intent: 'breakdown',
    measure: 'local_capex_forecast',
    sql: `SELECT bu, sum(forecast_amount) AS local_capex_forecast FROM local_capex_forecast WHERE period BETWEEN '2025-10' AND '2025-12' GROUP BY bu`,
    ask: [
      ['en', 'relative', 'local capex forecast by BU last quarter'],
      ['fr', 'relative', "prévision locale d'investissements par aéroport au dernier trimestre"],
      ['es', 'relative', 'previsión local de inversiones por aeropuerto el trimestre pasado'],
      ['pt', 'relative', 'previsão local de investimentos por aeroporto no último trimestre'],
    ],
  },
  {
    key: 'lcpxf-ana-trend',
    intent: 'trend',
    measure: 'local_capex_forecast',
    sql: `SELECT period AS month, sum(forecast_amount) AS local_capex_forecast FROM local_capex_forecast
          WHERE bu = 'ANA' AND period BETWEEN '2025-11' AND '2026-01' GROUP BY period`,
    ask: [
      ['en', 'range', 'ANA local capex forecast by month, Nov 2025 - Jan 2026'],
      ['fr', 'range', "prévision locale d'investissements d'ANA par mois de novembre 2025 à janvier 2026"],
      ['pt', 'range', 'previsão local de capex de ANA por mês de novembro de 2025 a janeiro de 2026'],
      ['ja', 'range', 'ANAの月別ローカル設備投資予測（2025年11月〜2026年1月）'],
    ],
  },
  {
    key: 'lcpxf-vs-group-ssa',
    intent: 'compare',
    measure: 'local_capex_forecast',
    sql: `SELECT (SELECT sum(forecast_amount) FROM capex_forecast WHERE bu = 'SSA' AND period = '2026-01') AS capex_forecast,
                 (SELECT sum(forecast_amount) FROM local_capex_forecast WHERE bu = 'SSA' AND period = '2026-01') AS local_capex_forecast`,
    ask: [
      ['en', 'comparison', 'SSA capex forecast vs local capex forecast, January 2026'],
      ['fr', 'comparison', "prévision d'investissements groupe et prévision locale de SSA en janvier 2026"],
      ['es', 'comparison', 'previsión de inversiones frente a previsión local de SSA en enero de 2026'],
      ['ja', 'comparison', '2026年1月のSSAの設備投資予測とローカル設備投資予測の比較'],
    ],
  },

  // Budget by account class
  {
    key: 'bud-ssa-2026',
    intent: 'total',
    measure: 'budget_by_account_class',
    sql: `SELECT sum(amount) AS budget_by_account_class FROM budget WHERE bu = 'SSA' AND period BETWEEN '2026-01' AND '2026-12'`,
    ask: [
      ['en', 'plain', "what is SSA's budget for 2026?"],
      ['en', 'terse', 'SSA budget 2026'],
      ['fr', 'plain', 'budget de SSA pour 2026'],
      ['es', 'typo', 'presupeusto SSA 2026'],
      ['pt', 'plain', 'orçamento da SSA para 2026'],
      ['ja', 'plain', 'SSAの2026年の予算'],
    ],
  },
  {
    key: 'bud-ama-by-account-mar26',
    intent: 'breakdown',
    measure: 'budget_by_account_class',
    sql: `SELECT account, sum(amount) AS budget_by_account_class FROM budget WHERE bu = 'AMA' AND period = '2026-03' GROUP BY account`,
    ask: [
      ['en', 'plain', 'AMA budget by account for March 2026'],
      ['fr', 'plain', "budget d'AMA par compte en mars 2026"],
      ['es', 'plain', 'presupuesto de AMA por cuenta en marzo de 2026'],
      ['pt', 'plain', 'orçamento de AMA por conta em março de 2026'],
      ['ja', 'plain', '2026年3月のAMAの勘定科目別予算'],
    ],
  },
  {
    key: 'bud-by-airport-2026',
    intent: 'breakdown',
    measure: 'budget_by_account_class',
    sql: `SELECT bu, sum(amount) AS budget_by_account_class FROM budget WHERE period BETWEEN '2026-01' AND '2026-12' GROUP BY bu`,
    ask: [
      ['en', 'plain', 'budget 2026 by airport'],
      ['fr', 'plain', 'budget 2026 par aéroport'],
      ['es', 'plain', 'presupuesto 2026 por aeropuerto'],
      ['pt', 'plain', 'orçamento de 2026 por aeroporto'],
      ['ja', 'plain', '2026年の空港別予算'],
    ],
  },
  {
    key: 'bud-ssa-2025-vs-2026',
    intent: 'compare',
    measure: 'budget_by_account_class',
    sql: `SELECT substr(period, 1, 4) AS year, sum(amount) AS budget_by_account_class FROM budget
          WHERE bu = 'SSA' AND period BETWEEN '2025-01' AND '2026-12' GROUP BY 1`,
    ask: [
      ['en', 'comparison', 'SSA budget 2025 vs 2026'],
      ['fr', 'comparison', 'budget SSA 2025 comparé à 2026'],
      ['es', 'comparison', 'presupuesto de SSA 2025 frente a 2026'],
      ['pt', 'comparison', 'orçamento SSA 2025 x 2026'],
      ['ja', 'comparison', 'SSAの予算 2025年と2026年の比較'],
    ],
  },
  {
    key: 'bud-sca-h1-trend',
    intent: 'trend',
    measure: 'budget_by_account_class',
    sql: `SELECT period AS month, sum(amount) AS budget_by_account_class FROM budget WHERE bu = 'SCA' AND period BETWEEN '2026-01' AND '2026-06' GROUP BY period`,
    ask: [
      ['en', 'range', 'SCA budget by month for H1 2026'],
      ['fr', 'range', 'budget mensuel de SCA au premier semestre 2026'],
      ['es', 'range', 'presupuesto mensual de SCA en el primer semestre de 2026'],
      ['pt', 'range', 'orçamento mensal da SCA no primeiro semestre de 2026'],
    ],
  },

  // Fiscal budget (ANA)
  {
    key: 'fbud-ana-2026',
    intent: 'total',
    measure: 'fiscal_budget',
    sql: `SELECT sum(amount) AS fiscal_budget FROM budget_fiscal WHERE bu = 'ANA' AND period BETWEEN '2026-01' AND '2026-12'`,
    ask: [
      ['en', 'plain', "ANA's fiscal budget for 2026"],
      ['fr', 'plain', "budget fiscal d'ANA pour 2026"],
      ['es', 'typo', 'presupuesto fsical ANA 2026'],
      ['pt', 'plain', 'orçamento fiscal de ANA para 2026'],
      ['ja', 'plain', 'ANAの2026年度の会計年度予算'],
    ],
  },
  {
    key: 'fbud-ana-q1-trend',
    intent: 'trend',
    measure: 'fiscal_budget',
    sql: `SELECT period AS month, sum(amount) AS fiscal_budget FROM budget_fiscal WHERE bu = 'ANA' AND period BETWEEN '2026-01' AND '2026-03' GROUP BY period`,
    ask: [
      ['en', 'range', 'ANA fiscal budget by month for Q1 2026'],
      ['fr', 'range', "budget fiscal d'ANA par mois au premier trimestre 2026"],
      ['es', 'range', 'presupuesto fiscal de ANA por mes en el primer trimestre de 2026'],
      ['pt', 'range', 'orçamento fiscal de ANA por mês no 1º trimestre de 2026'],
      ['ja', 'range', 'ANAの2026年第1四半期の月別会計年度予算'],
    ],
  },
  {
    key: 'fbud-top3-accounts-2026',
    intent: 'top-n',
    measure: 'fiscal_budget',
    ordered: true,
    sql: `SELECT account, sum(amount) AS fiscal_budget FROM budget_fiscal WHERE period BETWEEN '2026-01' AND '2026-12' GROUP BY account ORDER BY 2 DESC LIMIT 3`,
    ask: [
      ['en', 'top-n', 'top 3 accounts in the 2026 fiscal budget'],
      ['fr', 'top-n', 'les 3 comptes les plus élevés du budget fiscal 2026'],
      ['es', 'top-n', 'las 3 cuentas con mayor presupuesto fiscal en 2026'],
      ['ja', 'top-n', '2026年の会計年度予算 上位3勘定科目'],
    ],
  },
  {
    key: 'fbud-ana-by-account-jun26',
    intent: 'breakdown',
    measure: 'fiscal_budget',
    sql: `SELECT account, sum(amount) AS fiscal_budget FROM budget_fiscal WHERE bu = 'ANA' AND period = '2026-06' GROUP BY account`,
    ask: [
      ['en', 'plain', 'ANA fiscal budget by account for June 2026'],
      ['pt', 'plain', 'orçamento fiscal de ANA por conta em junho de 2026'],
      ['ja', 'plain', 'ANAの2026年6月の勘定科目別会計年度予算'],
    ],
  },

  // Overdue receivables: a stock, its last month with data.
  {
    key: 'ovd-now',
    intent: 'total',
    measure: 'overdue_receivables',
    sql: `SELECT sum(open_amount * rate_to_eur) AS overdue_receivables FROM ${OVERDUE}
          WHERE days_overdue > 30 AND period = ${lastReceivables('TRUE')}`,
    ask: [
      ['en', 'plain', 'how much do we have in overdue receivables?'],
      ['en', 'terse', 'overdue receivables'],
      ['fr', 'plain', 'quel est le montant des créances échues ?'],
      ['es', 'plain', '¿cuánto tenemos en cuentas por cobrar vencidas?'],
      ['pt', 'plain', 'qual o valor das contas a receber vencidas?'],
      ['ja', 'plain', '延滞売掛金はいくらありますか？'],
    ],
  },
  {
    key: 'ovd-by-airport-q4',
    intent: 'breakdown',
    measure: 'overdue_receivables',
    sql: `SELECT bu, sum(open_amount * rate_to_eur) AS overdue_receivables FROM ${OVERDUE}
          WHERE days_overdue > 30 AND period = ${lastReceivables('TRUE', '2025-10', '2025-12')} GROUP BY bu`,
    ask: [
      ['en', 'relative', 'overdue receivables by airport last quarter'],
      ['fr', 'relative', 'créances échues par aéroport au trimestre dernier'],
      ['es', 'relative', 'cuentas por cobrar vencidas por aeropuerto el trimestre pasado'],
      ['pt', 'relative', 'contas a receber vencidas por aeroporto no último trimestre'],
    ],
  },
  {
    key: 'ovd-lgw-trend',
    intent: 'trend',
    measure: 'overdue_receivables',
    sql: `SELECT period AS month, sum(open_amount * rate_to_eur) AS overdue_receivables FROM ${OVERDUE}
          WHERE days_overdue > 30 AND bu = 'LGW' AND period BETWEEN '2025-11' AND '2026-01' GROUP BY period`,
    ask: [
      ['en', 'range', 'LGW overdue receivables by month from November 2025 to January 2026'],
      ['fr', 'range', 'créances échues de LGW par mois de novembre 2025 à janvier 2026'],
      ['pt', 'range', 'contas a receber vencidas de LGW por mês de novembro de 2025 a janeiro de 2026'],
      ['ja', 'range', 'LGWの月別延滞売掛金（2025年11月〜2026年1月）'],
    ],
  },
  {
    key: 'ovd-top3-customers-ssa',
    intent: 'top-n',
    measure: 'overdue_receivables',
    ordered: true,
    sql: `SELECT customer_id, sum(open_amount * rate_to_eur) AS overdue_receivables FROM ${OVERDUE}
          WHERE days_overdue > 30 AND bu = 'SSA' AND period = '2026-01' GROUP BY customer_id ORDER BY 2 DESC LIMIT 3`,
    ask: [
      ['en', 'top-n', 'top 3 customers by overdue receivables at SSA in January 2026'],
      ['fr', 'top-n', 'les 3 clients avec le plus de créances échues à SSA en janvier 2026'],
      ['es', 'top-n', 'los 3 clientes con más cuentas por cobrar vencidas en SSA en enero de 2026'],
    ],
  },
  {
    key: 'ovd-ssa-q4',
    intent: 'total',
    measure: 'overdue_receivables',
    sql: `SELECT sum(open_amount * rate_to_eur) AS overdue_receivables FROM ${OVERDUE}
          WHERE days_overdue > 30 AND bu = 'SSA' AND period = ${lastReceivables(`bu = 'SSA'`, '2025-10', '2025-12')}`,
    ask: [
      ['en', 'relative', 'SSA overdue receivables last quarter'],
      ['fr', 'relative', 'créances en retard de SSA au dernier trimestre'],
      ['pt', 'relative', 'contas a receber vencidas da SSA no último trimestre'],
      ['ja', 'relative', '前四半期のSSAの延滞売掛金'],
    ],
  },
]);

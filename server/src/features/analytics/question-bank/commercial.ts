import { intents } from './types.ts';

// Retail (net sales, average basket), car parks (parking revenue, peak occupancy) and digital
// audience (visits). Months held: sales AMA 2025-11 and 2026-01, ANA 2025-11 to 2026-01, LGW
// 2025-12 and 2026-01, SCA 2025-11 to 2026-01, SSA 2025-11 and 2025-12; car parks AMA, ANA and SCA
// 2025-11 to 2026-01, LGW 2025-12, SSA 2025-12 and 2026-01; audience every BU 2025-11 to 2026-01.
// Peak occupancy is a month-end stock: a period's figure is its last month with data.

/** The last month with car-park data among the rows `where` lets through, within [from, to]. */
const lastCarparks = (where: string, from = '0000-01', to = '9999-12') =>
  `(SELECT max(period) FROM carparks WHERE ${where} AND period BETWEEN '${from}' AND '${to}')`;

export const COMMERCIAL = intents([
  // Net sales
  {
    key: 'sales-ssa-dec',
    intent: 'total',
    measure: 'net_sales',
    sql: `SELECT sum(net_sales) AS net_sales FROM sales WHERE bu = 'SSA' AND period = '2025-12'`,
    ask: [
      ['en', 'plain', 'What were the retail sales at SSA in December 2025?'],
      ['en', 'terse', 'SSA net sales dec25'],
      ['en', 'typo', 'SSA retial sales decmber 2025'],
      ['fr', 'plain', 'ventes nettes de SSA en décembre 2025'],
      ['es', 'terse', 'ventas SSA dic 2025'],
      ['pt', 'plain', 'vendas líquidas da SSA em dezembro de 2025'],
      ['ja', 'plain', '2025年12月のSSAの物販売上'],
    ],
  },
  {
    key: 'sales-ana-by-shop-jan26',
    intent: 'breakdown',
    measure: 'net_sales',
    sql: `SELECT shop_code, sum(net_sales) AS net_sales FROM sales WHERE bu = 'ANA' AND period = '2026-01' GROUP BY shop_code`,
    ask: [
      ['en', 'relative', 'ANA sales by shop last month'],
      ['fr', 'relative', "ventes par boutique d'ANA le mois dernier"],
      ['es', 'relative', 'ventas por tienda de ANA el mes pasado'],
      ['pt', 'relative', 'vendas por loja em ANA no mês passado'],
      ['ja', 'relative', 'ANAの先月の店舗別売上'],
    ],
  },
  {
    key: 'sales-top-shop-sca-q4',
    intent: 'top-n',
    measure: 'net_sales',
    ordered: true,
    sql: `SELECT shop_code, sum(net_sales) AS net_sales FROM sales
          WHERE bu = 'SCA' AND period BETWEEN '2025-10' AND '2025-12' GROUP BY shop_code ORDER BY 2 DESC LIMIT 1`,
    ask: [
      ['en', 'top-n', 'which shop sold the most at SCA in Q4?'],
      ['fr', 'top-n', 'quelle boutique a le plus vendu à SCA au T4 2025 ?'],
      ['es', 'top-n', '¿qué tienda vendió más en SCA en el cuarto trimestre de 2025?'],
      ['pt', 'top-n', 'qual loja vendeu mais na SCA no último trimestre?'],
      ['ja', 'top-n', '2025年第4四半期にSCAで一番売れた店舗は？'],
    ],
  },
  {
    key: 'sales-share-t1df01-ssa',
    intent: 'share',
    measure: 'net_sales',
    sql: `SELECT sum(net_sales) FILTER (WHERE shop_code = 'T1-DF-01') / sum(net_sales) AS net_sales_share FROM sales WHERE bu = 'SSA' AND period = '2025-12'`,
    ask: [
      ['en', 'share', 'What share of SSA retail sales in Dec 2025 came from T1-DF-01?'],
      ['en', 'share', 'T1-DF-01 % of SSA sales december 2025'],
      ['fr', 'share', 'quelle part des ventes de SSA en décembre 2025 vient de T1-DF-01 ?'],
      ['es', 'share', '¿qué porcentaje de las ventas de SSA en diciembre de 2025 hizo la tienda T1-DF-01?'],
      ['pt', 'share', 'qual a participação da loja T1-DF-01 nas vendas da SSA em dezembro de 2025?'],
      ['ja', 'share', '2025年12月のSSAの売上に占めるT1-DF-01の割合は？'],
    ],
  },
  {
    key: 'sales-sca-trend',
    intent: 'trend',
    measure: 'net_sales',
    sql: `SELECT period AS month, sum(net_sales) AS net_sales FROM sales WHERE bu = 'SCA' AND period BETWEEN '2025-11' AND '2026-01' GROUP BY period`,
    ask: [
      ['en', 'range', 'SCA net sales by month from November 2025 to January 2026'],
      ['fr', 'range', 'ventes nettes mensuelles de SCA de novembre 2025 à janvier 2026'],
      ['es', 'range', 'ventas netas de SCA por mes de noviembre de 2025 a enero de 2026'],
      ['pt', 'range', 'vendas líquidas por mês da SCA de novembro de 2025 a janeiro de 2026'],
      ['ja', 'range', 'SCAの月別物販売上（2025年11月〜2026年1月）'],
    ],
  },
  {
    key: 'sales-lgw-vs-ana-jan26',
    intent: 'compare',
    measure: 'net_sales',
    sql: `SELECT bu, sum(net_sales) AS net_sales FROM sales WHERE bu IN ('LGW', 'ANA') AND period = '2026-01' GROUP BY bu`,
    ask: [
      ['en', 'comparison', 'sales LGW vs ANA in January 2026'],
      ['fr', 'comparison', 'ventes LGW contre ANA en janvier 2026'],
      ['es', 'comparison', 'ventas LGW frente a ANA en enero de 2026'],
      ['pt', 'comparison', 'vendas LGW x ANA em janeiro de 2026'],
      ['ja', 'comparison', '2026年1月の物販売上 LGWとANAの比較'],
    ],
  },
  {
    key: 'sales-all-jan26',
    intent: 'breakdown-total',
    measure: 'net_sales',
    sql: `SELECT bu, sum(net_sales) AS net_sales FROM sales WHERE period = '2026-01' GROUP BY ROLLUP (bu)`,
    ask: [
      ['en', 'relative', 'retail sales of all airports last month, with the total'],
      ['fr', 'relative', 'ventes de tous les aéroports le mois dernier et le total'],
      ['es', 'relative', 'ventas de todos los aeropuertos el mes pasado y el total'],
      ['pt', 'relative', 'vendas de todos os aeroportos no mês passado e o total'],
      ['ja', 'relative', '先月の全空港の物販売上と合計'],
    ],
  },

  // Average basket
  {
    key: 'basket-ssa-nov',
    intent: 'total',
    measure: 'average_basket',
    sql: `SELECT sum(net_sales) / sum(transactions) AS average_basket FROM sales WHERE bu = 'SSA' AND period = '2025-11'`,
    ask: [
      ['en', 'plain', 'average basket at SSA in November 2025'],
      ['en', 'typo', 'avg baskt SSA nov 2025'],
      ['fr', 'plain', 'panier moyen de SSA en novembre 2025'],
      ['es', 'plain', 'ticket medio de SSA en noviembre de 2025'],
      ['pt', 'plain', 'cesta média da SSA em novembro de 2025'],
      ['ja', 'plain', '2025年11月のSSAの客単価'],
    ],
  },
  {
    key: 'basket-sca-by-shop-jan26',
    intent: 'breakdown',
    measure: 'average_basket',
    sql: `SELECT shop_code, sum(net_sales) / sum(transactions) AS average_basket FROM sales WHERE bu = 'SCA' AND period = '2026-01' GROUP BY shop_code`,
    ask: [
      ['en', 'relative', 'average basket by shop at SCA last month'],
      ['fr', 'relative', 'panier moyen par boutique de SCA le mois dernier'],
      ['es', 'relative', 'ticket medio por tienda en SCA el mes pasado'],
      ['pt', 'relative', 'cesta média por loja na SCA no mês passado'],
      ['ja', 'relative', 'SCAの先月の店舗別客単価'],
    ],
  },
  {
    key: 'basket-top-shop-ana-q4',
    intent: 'top-n',
    measure: 'average_basket',
    ordered: true,
    sql: `SELECT shop_code, sum(net_sales) / sum(transactions) AS average_basket FROM sales
          WHERE bu = 'ANA' AND period BETWEEN '2025-10' AND '2025-12' GROUP BY shop_code ORDER BY 2 DESC LIMIT 1`,
    ask: [
      ['en', 'top-n', 'which shop had the highest average basket at ANA last quarter?'],
      ['fr', 'top-n', 'quelle boutique a le panier moyen le plus élevé à ANA au dernier trimestre ?'],
      ['es', 'top-n', '¿qué tienda tuvo el ticket medio más alto en ANA el trimestre pasado?'],
      ['pt', 'top-n', 'qual loja teve a maior cesta média em ANA no último trimestre?'],
      ['ja', 'top-n', '前四半期にANAで客単価が最も高かった店舗は？'],
    ],
  },
  {
    key: 'basket-ana-trend',
    intent: 'trend',
    measure: 'average_basket',
    sql: `SELECT period AS month, sum(net_sales) / sum(transactions) AS average_basket FROM sales WHERE bu = 'ANA' AND period BETWEEN '2025-11' AND '2026-01' GROUP BY period`,
    ask: [
      ['en', 'range', 'ANA average basket per month, Nov 2025 to Jan 2026'],
      ['fr', 'range', "panier moyen mensuel d'ANA de novembre 2025 à janvier 2026"],
      ['es', 'range', 'ticket medio mensual de ANA de noviembre de 2025 a enero de 2026'],
      ['ja', 'range', 'ANAの月別客単価（2025年11月〜2026年1月）'],
    ],
  },
  {
    key: 'basket-sca-vs-ana-dec',
    intent: 'compare',
    measure: 'average_basket',
    sql: `SELECT bu, sum(net_sales) / sum(transactions) AS average_basket FROM sales WHERE bu IN ('SCA', 'ANA') AND period = '2025-12' GROUP BY bu`,
    ask: [
      ['en', 'comparison', 'average basket SCA vs ANA December 2025'],
      ['fr', 'comparison', 'panier moyen SCA vs ANA en décembre 2025'],
      ['pt', 'comparison', 'cesta média SCA x ANA em dezembro de 2025'],
      ['ja', 'comparison', '2025年12月の客単価 SCA対ANA'],
    ],
  },

  // Digital visits
  {
    key: 'visits-group-jan26',
    intent: 'total',
    measure: 'digital_visits',
    sql: `SELECT sum(visits) AS digital_visits FROM audience WHERE period = '2026-01'`,
    ask: [
      ['en', 'relative', 'how many digital visits did we get last month?'],
      ['en', 'terse', 'visits jan 2026'],
      ['fr', 'relative', 'visites numériques du mois dernier'],
      ['es', 'typo', 'vistas digitales enero 2026'],
      ['pt', 'relative', 'visitas digitais no mês passado'],
      ['ja', 'relative', '先月のデジタル訪問数'],
    ],
  },
  {
    key: 'visits-lgw-by-channel-q4',
    intent: 'breakdown',
    measure: 'digital_visits',
    sql: `SELECT channel_code, sum(visits) AS digital_visits FROM audience WHERE bu = 'LGW' AND period BETWEEN '2025-10' AND '2025-12' GROUP BY channel_code`,
    ask: [
      ['en', 'relative', 'LGW visits by channel last quarter'],
      ['fr', 'relative', 'visites de LGW par canal au trimestre dernier'],
      ['es', 'relative', 'visitas de LGW por canal el trimestre pasado'],
      ['pt', 'relative', 'visitas de LGW por canal no último trimestre'],
      ['ja', 'relative', 'LGWの前四半期のチャネル別訪問数'],
    ],
  },
  {
    key: 'visits-share-app-ssa',
    intent: 'share',
    measure: 'digital_visits',
    sql: `SELECT sum(visits) FILTER (WHERE channel_code = 'APP') / sum(visits) AS digital_visits_share FROM audience WHERE bu = 'SSA' AND period = '2026-01'`,
    ask: [
      ['en', 'share', "what share of SSA's digital visits came from the app in January 2026?"],
      ['fr', 'share', "part de l'appli dans les visites de SSA en janvier 2026"],
      ['es', 'share', '¿qué porcentaje de las visitas de SSA en enero de 2026 vino de la app?'],
      ['pt', 'share', 'qual a participação do app nas visitas da SSA em janeiro de 2026?'],
      ['ja', 'share', '2026年1月のSSAの訪問数に占めるアプリ（APP）の割合'],
    ],
  },
  {
    key: 'visits-top2-channels-ytd',
    intent: 'top-n',
    measure: 'digital_visits',
    ordered: true,
    sql: `SELECT channel_code, sum(visits) AS digital_visits FROM audience WHERE period BETWEEN '2026-01' AND '2026-02' GROUP BY channel_code ORDER BY 2 DESC LIMIT 2`,
    ask: [
      ['en', 'top-n', 'top 2 channels by visits this year'],
      ['fr', 'top-n', "les 2 canaux les plus visités depuis le début de l'année"],
      ['es', 'top-n', 'los 2 canales con más visitas este año'],
      ['pt', 'top-n', 'os 2 canais com mais visitas este ano'],
      ['ja', 'top-n', '今年の訪問数上位2チャネル'],
    ],
  },
  {
    key: 'visits-ama-trend',
    intent: 'trend',
    measure: 'digital_visits',
    sql: `SELECT period AS month, sum(visits) AS digital_visits FROM audience WHERE bu = 'AMA' AND period BETWEEN '2025-11' AND '2026-01' GROUP BY period`,
    ask: [
      ['en', 'range', 'AMA website and social visits by month, Nov 2025 - Jan 2026'],
      ['fr', 'range', "visites d'AMA par mois de novembre 2025 à janvier 2026"],
      ['es', 'range', 'visitas de AMA por mes de noviembre de 2025 a enero de 2026'],
      ['pt', 'range', 'visitas de AMA por mês de novembro de 2025 a janeiro de 2026'],
    ],
  },
  {
    key: 'visits-web-ssa-vs-lgw-dec',
    intent: 'compare',
    measure: 'digital_visits',
    sql: `SELECT bu, sum(visits) AS digital_visits FROM audience WHERE channel_code = 'WEB' AND bu IN ('SSA', 'LGW') AND period = '2025-12' GROUP BY bu`,
    ask: [
      ['en', 'comparison', 'website visits SSA vs LGW in December 2025'],
      ['fr', 'comparison', 'visites du site web SSA vs LGW en décembre 2025'],
      ['es', 'comparison', 'visitas web SSA frente a LGW en diciembre de 2025'],
      ['ja', 'comparison', '2025年12月のウェブ（WEB）訪問数 SSAとLGWの比較'],
    ],
  },

  // Peak occupancy: a stock, read at the last month with data.
  {
    key: 'occ-ssa-by-carpark-jan26',
    intent: 'breakdown',
    measure: 'peak_occupancy',
    sql: `SELECT carpark_code, sum(occupied_peak) / sum(capacity) AS peak_occupancy FROM carparks WHERE bu = 'SSA' AND period = '2026-01' GROUP BY carpark_code`,
    ask: [
      ['en', 'relative', 'SSA car park occupancy by car park last month'],
      ['fr', 'relative', 'taux d’occupation des parkings de SSA par parking le mois dernier'],
      ['es', 'relative', 'ocupación máxima por aparcamiento en SSA el mes pasado'],
      ['pt', 'relative', 'ocupação de pico por estacionamento na SSA no mês passado'],
      ['ja', 'relative', 'SSAの先月の駐車場別ピーク稼働率'],
    ],
  },
  {
    key: 'occ-by-airport-q4',
    intent: 'breakdown',
    measure: 'peak_occupancy',
    sql: `SELECT bu, sum(occupied_peak) / sum(capacity) AS peak_occupancy FROM carparks
          WHERE period = ${lastCarparks('TRUE', '2025-10', '2025-12')} GROUP BY bu`,
    ask: [
      ['en', 'relative', 'peak occupancy by airport last quarter'],
      ['fr', 'relative', 'occupation de pointe par aéroport au dernier trimestre'],
      ['es', 'relative', 'ocupación máxima por aeropuerto el trimestre pasado'],
      ['pt', 'relative', 'ocupação de pico por aeroporto no último trimestre'],
      ['ja', 'relative', '前四半期の空港別ピーク稼働率'],
    ],
  },
  {
    key: 'occ-ama-trend',
    intent: 'trend',
    measure: 'peak_occupancy',
    sql: `SELECT period AS month, sum(occupied_peak) / sum(capacity) AS peak_occupancy FROM carparks
          WHERE bu = 'AMA' AND period BETWEEN '2025-11' AND '2026-01' GROUP BY period`,
    ask: [
      ['en', 'range', 'AMA peak occupancy by month Nov 2025 to Jan 2026'],
      ['fr', 'range', "occupation de pointe d'AMA par mois de novembre 2025 à janvier 2026"],
      ['pt', 'range', 'ocupação de pico de AMA por mês de novembro de 2025 a janeiro de 2026'],
      ['ja', 'range', 'AMAの月別ピーク稼働率（2025年11月〜2026年1月）'],
    ],
  },
  {
    key: 'occ-now',
    intent: 'total',
    measure: 'peak_occupancy',
    sql: `SELECT sum(occupied_peak) / sum(capacity) AS peak_occupancy FROM carparks WHERE period = ${lastCarparks('TRUE')}`,
    ask: [
      ['en', 'plain', 'what is our car park occupancy?'],
      ['en', 'terse', 'parking occupancy'],
      ['fr', 'plain', "quel est le taux d'occupation des parkings ?"],
      ['es', 'typo', 'ocupasion de los aparcamientos'],
      ['pt', 'plain', 'qual é a ocupação dos estacionamentos?'],
      ['ja', 'plain', '駐車場のピーク稼働率は？'],
    ],
  },
  {
    key: 'occ-top-carpark-ana-dec',
    intent: 'top-n',
    measure: 'peak_occupancy',
    ordered: true,
    sql: `SELECT carpark_code, sum(occupied_peak) / sum(capacity) AS peak_occupancy FROM carparks
          WHERE bu = 'ANA' AND period = '2025-12' GROUP BY carpark_code ORDER BY 2 DESC LIMIT 1`,
    ask: [
      ['en', 'top-n', 'fullest car park at ANA in December 2025'],
      ['fr', 'top-n', "le parking le plus rempli d'ANA en décembre 2025"],
      ['es', 'top-n', 'el aparcamiento con mayor ocupación en ANA en diciembre de 2025'],
      ['pt', 'top-n', 'estacionamento com maior ocupação em ANA em dezembro de 2025'],
    ],
  },

  // Parking revenue
  {
    key: 'park-ssa-range',
    intent: 'total',
    measure: 'parking_revenue',
    sql: `SELECT sum(revenue) AS parking_revenue FROM carparks WHERE bu = 'SSA' AND period BETWEEN '2025-12' AND '2026-01'`,
    ask: [
      ['en', 'range', 'SSA parking revenue Dec 2025 - Jan 2026'],
      ['en', 'typo', 'SSA parkng revenue dec 2025 to jan 2026'],
      ['fr', 'range', 'recettes parking de SSA de décembre 2025 à janvier 2026'],
      ['es', 'range', 'ingresos de aparcamiento de SSA de diciembre de 2025 a enero de 2026'],
      ['pt', 'range', 'receita de estacionamento da SSA de dezembro de 2025 a janeiro de 2026'],
      ['ja', 'range', 'SSAの駐車場収入（2025年12月〜2026年1月）'],
    ],
  },
  {
    key: 'park-ama-by-carpark-jan26',
    intent: 'breakdown',
    measure: 'parking_revenue',
    sql: `SELECT carpark_code, sum(revenue) AS parking_revenue FROM carparks WHERE bu = 'AMA' AND period = '2026-01' GROUP BY carpark_code`,
    ask: [
      ['en', 'relative', 'parking revenue by car park at AMA last month'],
      ['fr', 'relative', "recettes parking par parking d'AMA le mois dernier"],
      ['es', 'relative', 'ingresos de aparcamiento por aparcamiento en AMA el mes pasado'],
      ['pt', 'terse', 'receita estacionamento por parque AMA jan/26'],
      ['ja', 'relative', 'AMAの先月の駐車場別収入'],
    ],
  },
  {
    key: 'park-all-q4',
    intent: 'breakdown-total',
    measure: 'parking_revenue',
    sql: `SELECT bu, sum(revenue) AS parking_revenue FROM carparks WHERE period BETWEEN '2025-10' AND '2025-12' GROUP BY ROLLUP (bu)`,
    ask: [
      ['en', 'relative', 'parking revenue of every airport last quarter, and the group total'],
      ['fr', 'relative', 'recettes parking de chaque aéroport au dernier trimestre et total groupe'],
      ['es', 'relative', 'ingresos de aparcamiento de cada aeropuerto el trimestre pasado y el total'],
      ['pt', 'relative', 'receita de estacionamento de cada aeroporto no último trimestre e o total'],
      ['ja', 'relative', '前四半期の各空港の駐車場収入とグループ合計'],
    ],
  },
  {
    key: 'park-share-p1-ana',
    intent: 'share',
    measure: 'parking_revenue',
    sql: `SELECT sum(revenue) FILTER (WHERE carpark_code = 'P1') / sum(revenue) AS parking_revenue_share FROM carparks WHERE bu = 'ANA' AND period = '2026-01'`,
    ask: [
      ['en', 'share', "what share of ANA's parking revenue in January 2026 came from P1?"],
      ['fr', 'share', "part de P1 dans les recettes parking d'ANA en janvier 2026"],
      ['es', 'share', '¿qué porcentaje de los ingresos de aparcamiento de ANA en enero de 2026 fue de P1?'],
      ['ja', 'share', '2026年1月のANAの駐車場収入に占めるP1の割合'],
    ],
  },
  {
    key: 'park-sca-trend',
    intent: 'trend',
    measure: 'parking_revenue',
    sql: `SELECT period AS month, sum(revenue) AS parking_revenue FROM carparks WHERE bu = 'SCA' AND period BETWEEN '2025-11' AND '2026-01' GROUP BY period`,
    ask: [
      ['en', 'range', 'SCA car park revenue per month from Nov 2025 to Jan 2026'],
      ['fr', 'range', 'recettes parking mensuelles de SCA de novembre 2025 à janvier 2026'],
      ['pt', 'range', 'receita de estacionamento mensal da SCA de novembro de 2025 a janeiro de 2026'],
      ['ja', 'range', 'SCAの月別駐車場収入（2025年11月〜2026年1月）'],
    ],
  },
  {
    key: 'park-top2-sca-ytd',
    intent: 'top-n',
    measure: 'parking_revenue',
    ordered: true,
    sql: `SELECT carpark_code, sum(revenue) AS parking_revenue FROM carparks
          WHERE bu = 'SCA' AND period BETWEEN '2026-01' AND '2026-02' GROUP BY carpark_code ORDER BY 2 DESC LIMIT 2`,
    ask: [
      ['en', 'top-n', 'top 2 car parks by revenue at SCA YTD'],
      ['fr', 'top-n', "les 2 parkings qui rapportent le plus à SCA depuis le début de l'année"],
      ['es', 'top-n', 'los 2 aparcamientos con más ingresos en SCA en lo que va de año'],
      ['pt', 'top-n', 'os 2 estacionamentos com mais receita na SCA no acumulado do ano'],
    ],
  },
]);

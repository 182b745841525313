import type { QuestionLanguage } from '@hangar/contract';

// The words of the semantic layer that the catalogue cannot give: labels of dimensions, ratios
// across tables, and synonyms in English, French, Spanish, Portuguese and Japanese (for the offline
// parser and as context for a model). Measures and dimensions themselves come from the catalogue.

/** Columns that identify single rows, never a useful breakdown. */
export const ROW_LEVEL_COLUMNS: readonly string[] = ['journal_id', 'invoice_id', 'description', 'comment'];

export const DIMENSION_LABELS: Record<string, string> = {
  airline_code: 'Airline',
  account: 'Account',
  cost_center: 'Cost center',
  currency: 'Currency',
  supplier_id: 'Supplier id',
  supplier_name: 'Supplier',
  customer_id: 'Customer id',
  customer_name: 'Customer',
  revenue_stream: 'Revenue stream',
  project_code: 'Project',
  project_name: 'Project name',
  asset_class: 'Asset class',
  shop_code: 'Shop',
  channel_code: 'Channel',
  carpark_code: 'Car park',
  department_code: 'Department',
};

export const DERIVED_MEASURES = [
  {
    id: 'revenue_per_passenger',
    label: 'Revenue per passenger',
    unit: 'EUR',
    format: '#,##0.00',
    definition: 'Revenue (general ledger, accounts 7) divided by departing passengers, per shared breakdown',
    numerator: 'revenue',
    denominator: 'departing_passengers',
  },
] as const;

type Words = Partial<Record<QuestionLanguage, readonly string[]>>;

/**
 * Words that name a measure or a dimension, per language: what an airport's finance, traffic,
 * retail, HR and car park staff type. The id itself always counts. Japanese words are matched
 * inside the text (it has no spaces). A word here must never name another figure: "sales" is the
 * shops' net sales, "revenue" the ledger's; "salaries" is not headcount (it reads as pay in English).
 */
const SAID: Record<string, Partial<Record<QuestionLanguage, string>>> = {
  departing_passengers: {
    en: 'passengers|passenger|pax|traffic|passenger traffic|departing passengers|travellers|travelers|passenger numbers|traveler|traveller',
    fr: 'passagers|passager|passagers au depart|trafic|trafic passagers|voyageurs|nombre de passagers|voyageur',
    es: 'pasajeros|pasajero|pasajeros de salida|trafico|trafico de pasajeros|viajeros|numero de pasajeros|viajero',
    pt: 'passageiros|passageiro|passageiros embarcados|trafego|trafego de passageiros|viajantes|numero de passageiros|viajante',
    ja: '出発旅客数|旅客数|乗客数|搭乗者数|利用者数|旅客|乗客',
  },
  aircraft_movements: {
    en: 'movements|aircraft movements|flight movements|flights movements|flights|number of flights|operations|atm|movement|flight',
    fr: 'mouvements|mouvements d avions|vols|nombre de vols|mouvement',
    es: 'movimientos|movimientos de aeronaves|vuelos|numero de vuelos|operaciones|movimiento|vuelo',
    pt: 'movimentos|movimentos de aeronaves|voos|numero de voos|operacoes|movimento|voo',
    ja: '航空機発着回数|発着回数|発着数|運航便数|離着陸回数|フライト数|便数|フライト',
  },
  load_factor: {
    en: 'load factor|seat load factor|load factors',
    fr: 'taux de remplissage|coefficient de remplissage|remplissage',
    es: 'factor de ocupacion|factor de carga|indice de ocupacion',
    pt: 'taxa de ocupacao|fator de ocupacao|fator de carga',
    ja: '搭乗率|ロードファクター|座席利用率',
  },
  budgeted_passengers: {
    en: 'budgeted passengers|passenger budget|passengers budget|budget passengers|planned passengers',
    fr: 'budget passagers|passagers budgetes|passagers prevus au budget',
    es: 'pasajeros presupuestados|presupuesto de pasajeros',
    pt: 'passageiros orcados|orcamento de passageiros',
    ja: '予算旅客数|旅客数予算|計画旅客数',
  },
  revenue: {
    en: 'revenue|revenues|sales revenue|income|turnover|top line|rev',
    fr: 'chiffre d affaires|ca|recettes|recette|revenus|revenu',
    es: 'ingresos|ingreso|facturacion|cifra de negocios',
    pt: 'receita|receitas|faturamento|faturacao|volume de negocios',
    ja: '営業収益|営業収入|収益|収入|売上高|売上|グループ売上',
  },
  operating_expenses: {
    en: 'operating expenses|opex|expenses|expense|costs|operating costs|running costs',
    fr: 'charges|charges d exploitation|depenses|depenses d exploitation|couts|couts d exploitation|frais',
    es: 'gastos|gastos operativos|gastos de explotacion|costes|costos|costes operativos',
    pt: 'despesas|despesas operacionais|custos|custos operacionais|gastos|despesa',
    ja: '営業費用|営業経費|運営費|営業費|経費|費用|コスト',
  },
  journal_entries: {
    en: 'journal entries|entries|journal lines|postings|je count|journal entry count|number of journal entries',
    fr: 'ecritures|ecritures comptables|ecriture',
    es: 'asientos|asientos contables|asiento',
    pt: 'lancamentos|lancamentos contabeis|lancamento',
    ja: '仕訳件数|仕訳数|仕訳',
  },
  supplier_spend: {
    en: 'supplier spend|spend|purchases|procurement|supplier costs|vendor spend|purchase',
    fr: 'achats|depenses fournisseurs|achats fournisseurs|achat',
    es: 'compras|gasto con proveedores|gasto en proveedores|compra',
    pt: 'compras|gastos com fornecedores|compra',
    ja: '仕入先支出|購買額|調達額|購買|調達|サプライヤー支出額|サプライヤー支出|支出額|支出',
  },
  revenue_by_stream: {
    en: 'customer revenue|revenue by stream|customer revenue by stream|customer revenues',
    fr: 'revenus clients|chiffre d affaires clients',
    es: 'ingresos por cliente|ingresos de clientes',
    pt: 'receita de clientes|receita por cliente',
    ja: '収益源別収益|顧客別収益|顧客収益|顧客収入|顧客売上',
  },
  capex_by_asset_class: {
    en: 'capex|capital expenditure|capital expenditures|investments',
    fr: 'investissements|depenses d investissement',
    es: 'inversiones|inversion',
    pt: 'investimentos|investimento',
    ja: '資産クラス別設備投資|設備投資|資本的支出|投資額',
  },
  capex_forecast: {
    en: 'capex forecast|investment forecast',
    fr: 'prevision capex|prevision d investissements|previsions d investissement',
    es: 'prevision de inversiones|prevision capex',
    pt: 'previsao de capex|previsao de investimentos',
    ja: '設備投資予測|設備投資見通し|投資予測',
  },
  local_capex_forecast: {
    en: 'local capex forecast',
    fr: 'prevision capex locale|prevision locale d investissements|prevision locale',
    es: 'prevision local de inversiones|prevision local',
    pt: 'previsao local de investimentos|previsao local de capex|previsao local capex|previsao local',
    ja: 'ローカル設備投資予測',
  },
  budget_by_account_class: {
    en: 'budget|budgets',
    fr: 'budget|budgets',
    es: 'presupuesto|presupuestos',
    pt: 'orcamento|orcamentos',
    ja: '勘定区分別予算|予算',
  },
  fiscal_budget: {
    en: 'fiscal budget',
    fr: 'budget fiscal',
    es: 'presupuesto fiscal',
    pt: 'orcamento fiscal',
    ja: '税務予算|会計年度予算',
  },
  overdue_receivables: {
    en: 'overdue receivables|receivables|overdue invoices|unpaid invoices|outstanding receivables|arrears|receivable',
    fr: 'creances|creances en retard|creances echues|impayes|factures impayees|creance|impaye',
    es: 'impagados|cuentas por cobrar vencidas|cuentas por cobrar|facturas vencidas',
    pt: 'contas a receber vencidas|contas a receber|faturas vencidas|inadimplencia',
    ja: '延滞債権|延滞売掛金|未回収債権|売掛金|未収金',
  },
  net_sales: {
    en: 'net sales|sales|retail sales|retail revenue|shop sales|store sales|duty free sales',
    fr: 'ventes|ventes nettes|chiffre d affaires retail|ca retail|ventes des boutiques|ventes boutiques',
    es: 'ventas|ventas netas|ventas retail|ingresos retail|ventas minoristas|ventas de tiendas|venta',
    pt: 'vendas|vendas liquidas|vendas retail|receita retail|receita de varejo|vendas de lojas|venda',
    ja: '純売上高|純売上|小売売上|物販売上|店舗売上|リテール売上',
  },
  average_basket: {
    en: 'average basket|basket|average ticket|average transaction value|basket size|baskets',
    fr: 'panier moyen|panier|ticket moyen|paniers',
    es: 'ticket medio|cesta media|ticket promedio',
    pt: 'cesta media|ticket medio',
    ja: '平均客単価|客単価|平均購入額',
  },
  digital_visits: {
    en: 'digital visits|visits|online visits|visit',
    fr: 'visites|visites numeriques|visite',
    es: 'visitas|visitas digitales|visita',
    pt: 'visitas|visitas digitais|acessos|acesso|visita',
    ja: 'デジタル訪問数|訪問数|アクセス数',
  },
  peak_occupancy: {
    en: 'peak occupancy|occupancy|car park occupancy|parking occupancy|occupancy rate',
    fr: 'occupation|taux d occupation|occupation de pointe|taux d occupation des parkings',
    es: 'ocupacion|ocupacion maxima|ocupacion del aparcamiento|ocupacion de los aparcamientos|ocupacion de aparcamientos',
    pt: 'ocupacao|ocupacao de pico|ocupacao do estacionamento|ocupacao dos estacionamentos|ocupacao de estacionamentos',
    ja: 'ピーク稼働率|駐車場稼働率|稼働率|占有率|駐車場のピーク稼働率|駐車場の稼働率',
  },
  parking_revenue: {
    en: 'parking revenue|car park revenue|parking income|parking sales',
    fr: 'recettes parking|recettes des parkings|chiffre d affaires parking|revenus parking',
    es: 'ingresos de aparcamiento|ingresos de parking|ingresos parking',
    pt: 'receita de estacionamento|receita estacionamento|receita de parque',
    ja: '駐車場収入|駐車場収益|駐車料金収入',
  },
  on_time_performance: {
    en: 'on time performance|punctuality|otp|on time rate',
    fr: 'ponctualite|taux de ponctualite',
    es: 'puntualidad|indice de puntualidad',
    pt: 'pontualidade|indice de pontualidade',
    ja: '定時運航率|定時出発率|定時率|定時性',
  },
  headcount: {
    en: 'headcount|head count|employees|staff|workforce|fte|ftes|number of employees|staff numbers|personnel|employee',
    fr: 'effectifs|effectif|employes|nombre de salaries|nombre d employes|personnel|collaborateurs|etp|employe|collaborateur',
    es: 'plantilla|empleados|personal|numero de empleados|trabajadores|efectivos|empleado|trabajador',
    pt: 'efetivo|efetivos|funcionarios|colaboradores|empregados|quadro de pessoal|numero de funcionarios|empregado|funcionario|colaborador',
    ja: '従業員数|社員数|職員数|人員数|ヘッドカウント|従業員|人員',
  },
  revenue_per_passenger: {
    en: 'revenue per passenger|revenue per pax|revenue per departing passenger|revenue per pax|rev per pax|revenue per head',
    fr: 'recette par passager|revenu par passager|chiffre d affaires par passager|ca par passager',
    es: 'ingresos por pasajero',
    pt: 'receita por passageiro',
    ja: '旅客一人当たり収益|旅客1人当たり収益|一人当たり収益|旅客1人当たり収入|旅客一人当たり収入|1人当たり収入|一人当たり収入|1人当たり収益|旅客1人あたり収入|旅客1人あたり収益',
  },
  month: {
    en: 'month|months|monthly|per month|month by month|each month',
    fr: 'mois|mensuel|mensuelle|par mois|mensuellement|chaque mois|mensuels|mensuelles',
    es: 'mes|meses|mensual|por mes|mensualmente|cada mes|mensuales',
    pt: 'mes|meses|mensal|por mes|mensalmente|cada mes|mensais',
    ja: '月別|月ごと|月毎|月次|毎月',
  },
  year: {
    en: 'year|years|yearly|annual|per year|annually|year by year|each year',
    fr: 'annee|annees|annuel|annuelle|par an|par annee',
    es: 'ano|anos|anual|por ano',
    pt: 'ano|anos|anual|por ano',
    ja: '年別|年ごと|年毎|年次|毎年',
  },
  bu: {
    en: 'bu|bus|airport|airports|business unit|business units|all airports|all bus|every airport|each airport',
    fr: 'aeroport|aeroports|tous les aeroports|chaque aeroport',
    es: 'aeropuerto|aeropuertos|todos los aeropuertos|cada aeropuerto',
    pt: 'aeroporto|aeroportos|todos os aeroportos|cada aeroporto',
    ja: 'すべての空港|全ての空港|全空港|各空港|空港',
  },
  airline_code: {
    en: 'airline|airlines|carrier|carriers',
    fr: 'compagnie|compagnies|compagnie aerienne|compagnies aeriennes',
    es: 'aerolinea|aerolineas|compania aerea|companias aereas',
    pt: 'companhia|companhias|companhia aerea|companhias aereas',
    ja: '航空会社|エアライン',
  },
  account: {
    en: 'account|accounts',
    fr: 'compte|comptes',
    es: 'cuenta|cuentas',
    pt: 'conta|contas',
    ja: '勘定科目',
  },
  cost_center: {
    en: 'cost center|cost centre|cost centers|cost centres',
    fr: 'centre de cout|centres de cout|centre de couts|centres de couts',
    es: 'centro de coste|centros de coste|centro de costo|centros de costo',
    pt: 'centro de custo|centros de custo',
    ja: 'コストセンター',
  },
  currency: {
    en: 'currency|currencies',
    fr: 'devise|devises',
    es: 'moneda|monedas',
    pt: 'moeda|moedas',
    ja: '通貨',
  },
  supplier_name: {
    en: 'supplier|suppliers|vendor|vendors',
    fr: 'fournisseur|fournisseurs',
    es: 'proveedor|proveedores',
    pt: 'fornecedor|fornecedores',
    ja: '仕入先|サプライヤー',
  },
  customer_name: {
    en: 'customer|customers|client|clients',
    fr: 'client|clients',
    es: 'cliente|clientes',
    pt: 'cliente|clientes',
    ja: '顧客',
  },
  revenue_stream: {
    en: 'revenue stream|revenue streams|stream|streams',
    fr: 'flux de revenus|flux',
    es: 'linea de ingresos|lineas de ingresos|fuente de ingresos',
    pt: 'fonte de receita|fontes de receita',
    ja: '収益源|収入源',
  },
  asset_class: {
    en: 'asset class|asset classes',
    fr: 'classe d actif|classes d actifs',
    es: 'clase de activo|clases de activo',
    pt: 'classe de ativo|classes de ativos',
    ja: '資産クラス',
  },
  project_code: {
    en: 'project|projects',
    fr: 'projet|projets',
    es: 'proyecto|proyectos',
    pt: 'projeto|projetos',
    ja: 'プロジェクト',
  },
  shop_code: {
    en: 'shop|shops|store|stores|outlet|outlets',
    fr: 'boutique|boutiques|magasin|magasins|point de vente|points de vente',
    es: 'tienda|tiendas',
    pt: 'loja|lojas',
    ja: '店舗|ショップ',
  },
  channel_code: {
    en: 'channel|channels',
    fr: 'canal|canaux',
    es: 'canal|canales',
    pt: 'canal|canais',
    ja: 'チャネル|チャンネル',
  },
  carpark_code: {
    en: 'car park|car parks|carpark|carparks|parking|parkings|parking lot|parking lots',
    fr: 'parking|parkings|parc de stationnement',
    es: 'aparcamiento|aparcamientos|parking|estacionamiento',
    pt: 'estacionamento|estacionamentos|parque de estacionamento|parque|parques',
    ja: '駐車場',
  },
  department_code: {
    en: 'department|departments|dept',
    fr: 'departement|departements|service|services',
    es: 'departamento|departamentos',
    pt: 'departamento|departamentos',
    ja: '部門|部署',
  },
};

/** Per measure or dimension, per language, its words (the id itself always counts). */
export const VOCABULARY: Record<string, Words> = Object.fromEntries(
  Object.entries(SAID).map(([id, byLanguage]) => [
    id,
    Object.fromEntries(Object.entries(byLanguage).map(([l, list]) => [l, list.split('|')])),
  ]),
);

/** All the words of a measure or a dimension, every language together (the model's prompt lists them). */
export const SYNONYMS: Record<string, readonly string[]> = Object.fromEntries(
  Object.entries(VOCABULARY).map(([id, byLanguage]) => [id, [...new Set(Object.values(byLanguage).flat())]]),
);

/**
 * A measure the question names by a verb or a superlative instead of a noun ("which shop sold the
 * most", "the busiest airport"): used only when no measure is named.
 */
export const MEASURE_VERBS: Record<string, Words> = {
  net_sales: {
    en: ['sold', 'sell', 'sells', 'selling'],
    fr: ['vendu', 'vendus', 'vend', 'vendent'],
    es: ['vendio', 'vende', 'venden', 'vendieron', 'vendido'],
    pt: ['vendeu', 'vende', 'vendem', 'venderam', 'vendido'],
    ja: ['売れた', '売った', '販売した'],
  },
  departing_passengers: {
    en: ['busiest', 'carried', 'transported'],
    fr: ['transporte', 'transportes', 'plus frequente'],
    es: ['transporto', 'transportados', 'mas concurrido'],
    pt: ['transportou', 'transportados', 'mais movimentado'],
    ja: ['最も混雑', '運んだ'],
  },
  revenue: {
    en: ['earned', 'earns', 'generated', 'brought in', 'brings in', 'bring in'],
    fr: ['rapporte', 'rapportent', 'rapporté', 'genere'],
    es: ['gano', 'generan', 'genera'],
    pt: ['ganhou', 'gerou', 'gera', 'geram'],
  },
  operating_expenses: { en: ['spent'], fr: ['depense'], es: ['gasto'], pt: ['gastou'] },
  headcount: { en: ['employs', 'employed'], fr: ['emploie'], es: ['emplea'], pt: ['emprega'], ja: ['雇用'] },
};

/**
 * Values of a breakdown said in words: the airlines by name (their IATA codes, the codes the
 * airlines referential holds) and the digital channels. A value said is a filter on its breakdown.
 */
export const VALUE_WORDS: Record<string, Record<string, readonly string[]>> = {
  airline_code: {
    U2: ['easyjet', 'easy jet'],
    FR: ['ryanair'],
    BA: ['british airways'],
    AF: ['air france'],
    LH: ['lufthansa'],
    TP: ['tap air portugal', 'tap portugal'],
    VY: ['vueling'],
    IB: ['iberia'],
    EK: ['emirates'],
    QR: ['qatar airways', 'qatar'],
    W6: ['wizz air', 'wizzair'],
    LS: ['jet2'],
  },
  channel_code: {
    WEB: ['website', 'web site', 'web', 'site web', 'site internet', 'sitio web', 'pagina web', 'ウェブサイト', 'ウェブ'],
    APP: ['mobile app', 'app', 'appli', 'application mobile', 'aplicacion', 'aplicativo', 'アプリ'],
    FACEBOOK: ['facebook', 'フェイスブック'],
    INSTAGRAM: ['instagram', 'インスタグラム'],
    LINKEDIN: ['linkedin'],
  },
};

/**
 * A measure read as another when the question names its domain: "retail revenue", "chiffre
 * d'affaires retail" and revenue by shop are the shops' net sales (EPOS_SALES), not the ledger's
 * revenue; revenue by car park is parking revenue. Words are matched anywhere in the question.
 */
export const MEASURE_DOMAINS: readonly { measure: string; becomes: string; words: readonly string[]; dimensions: readonly string[] }[] = [
  {
    measure: 'revenue',
    becomes: 'net_sales',
    words: ['retail', 'commerce', 'commerces', 'minorista', 'minoristas', 'varejo', 'duty free', '小売', '物販', 'リテール'],
    dimensions: ['shop_code'],
  },
  {
    measure: 'revenue',
    becomes: 'parking_revenue',
    words: ['parking', 'aparcamiento', 'estacionamento', '駐車場'],
    dimensions: ['carpark_code'],
  },
  // Revenue per customer or per stream is the customer revenues table's; spend per supplier the supplier table's.
  { measure: 'revenue', becomes: 'revenue_by_stream', words: [], dimensions: ['customer_name', 'customer_id', 'revenue_stream'] },
  { measure: 'operating_expenses', becomes: 'supplier_spend', words: [], dimensions: ['supplier_name', 'supplier_id'] },
];

/** Words saying a figure is the actual one, against a budget ("actual vs budget"). */
export const ACTUAL_WORDS: readonly string[] = ['actual', 'actuals', 'reel', 'reels', 'real', 'reales', 'realizado', 'realizados', '実績'];
/** A budget word beside passengers: the budgeted passengers, not the ledger's budget. */
export const BUDGET_WORDS: readonly string[] = [
  ...[
    'budget',
    'budgeted',
    'budgete',
    'budgetes',
    'presupuesto',
    'presupuestado',
    'presupuestados',
    'orcamento',
    'orcado',
    'orcados',
    '予算',
  ],
];

/** How a measure or a breakdown is shown in French, Spanish, Portuguese and Japanese (English is the catalogue's label). */
export const LOCAL_LABELS: Record<string, { fr: string; es: string; pt: string; ja: string }> = {
  departing_passengers: { fr: 'Passagers au départ', es: 'Pasajeros de salida', pt: 'Passageiros embarcados', ja: '出発旅客数' },
  aircraft_movements: { fr: 'Mouvements d’avions', es: 'Movimientos de aeronaves', pt: 'Movimentos de aeronaves', ja: '航空機発着回数' },
  load_factor: { fr: 'Taux de remplissage', es: 'Factor de ocupación', pt: 'Taxa de ocupação', ja: '搭乗率' },
  budgeted_passengers: { fr: 'Passagers budgétés', es: 'Pasajeros presupuestados', pt: 'Passageiros orçados', ja: '予算旅客数' },
  revenue: { fr: 'Chiffre d’affaires', es: 'Ingresos', pt: 'Receita', ja: '収益' },
  operating_expenses: { fr: 'Charges d’exploitation', es: 'Gastos operativos', pt: 'Despesas operacionais', ja: '営業費用' },
  journal_entries: { fr: 'Écritures comptables', es: 'Asientos contables', pt: 'Lançamentos contábeis', ja: '仕訳件数' },
  supplier_spend: { fr: 'Dépenses fournisseurs', es: 'Gasto con proveedores', pt: 'Gastos com fornecedores', ja: '仕入先支出' },
  revenue_by_stream: { fr: 'Revenus par flux', es: 'Ingresos por línea', pt: 'Receita por fonte', ja: '収益源別収益' },
  capex_by_asset_class: {
    fr: 'Investissements par classe d’actif',
    es: 'Inversiones por clase de activo',
    pt: 'Investimentos por classe de ativo',
    ja: '資産クラス別設備投資',
  },
  capex_forecast: {
    fr: 'Prévision d’investissements',
    es: 'Previsión de inversiones',
    pt: 'Previsão de investimentos',
    ja: '設備投資予測',
  },
  local_capex_forecast: {
    fr: 'Prévision locale d’investissements',
    es: 'Previsión local de inversiones',
    pt: 'Previsão local de investimentos',
    ja: 'ローカル設備投資予測',
  },
  budget_by_account_class: {
    fr: 'Budget par classe de compte',
    es: 'Presupuesto por clase de cuenta',
    pt: 'Orçamento por classe de conta',
    ja: '勘定区分別予算',
  },
  fiscal_budget: { fr: 'Budget fiscal', es: 'Presupuesto fiscal', pt: 'Orçamento fiscal', ja: '税務予算' },
  overdue_receivables: { fr: 'Créances échues', es: 'Cuentas por cobrar vencidas', pt: 'Contas a receber vencidas', ja: '延滞債権' },
  net_sales: { fr: 'Ventes nettes', es: 'Ventas netas', pt: 'Vendas líquidas', ja: '純売上高' },
  average_basket: { fr: 'Panier moyen', es: 'Ticket medio', pt: 'Cesta média', ja: '客単価' },
  digital_visits: { fr: 'Visites numériques', es: 'Visitas digitales', pt: 'Visitas digitais', ja: 'デジタル訪問数' },
  peak_occupancy: { fr: 'Occupation de pointe', es: 'Ocupación máxima', pt: 'Ocupação de pico', ja: 'ピーク稼働率' },
  parking_revenue: { fr: 'Recettes parking', es: 'Ingresos de aparcamiento', pt: 'Receita de estacionamento', ja: '駐車場収入' },
  on_time_performance: { fr: 'Ponctualité', es: 'Puntualidad', pt: 'Pontualidade', ja: '定時運航率' },
  headcount: { fr: 'Effectifs', es: 'Plantilla', pt: 'Efetivo', ja: '従業員数' },
  revenue_per_passenger: {
    fr: 'Recette par passager',
    es: 'Ingresos por pasajero',
    pt: 'Receita por passageiro',
    ja: '旅客一人当たり収益',
  },
  month: { fr: 'Mois', es: 'Mes', pt: 'Mês', ja: '月' },
  year: { fr: 'Année', es: 'Año', pt: 'Ano', ja: '年' },
  bu: { fr: 'BU', es: 'BU', pt: 'BU', ja: 'BU' },
  airline_code: { fr: 'Compagnie', es: 'Aerolínea', pt: 'Companhia aérea', ja: '航空会社' },
  account: { fr: 'Compte', es: 'Cuenta', pt: 'Conta', ja: '勘定科目' },
  cost_center: { fr: 'Centre de coût', es: 'Centro de coste', pt: 'Centro de custo', ja: 'コストセンター' },
  currency: { fr: 'Devise', es: 'Moneda', pt: 'Moeda', ja: '通貨' },
  supplier_id: { fr: 'Identifiant fournisseur', es: 'Id de proveedor', pt: 'Id do fornecedor', ja: '仕入先ID' },
  supplier_name: { fr: 'Fournisseur', es: 'Proveedor', pt: 'Fornecedor', ja: '仕入先' },
  customer_id: { fr: 'Identifiant client', es: 'Id de cliente', pt: 'Id do cliente', ja: '顧客ID' },
  customer_name: { fr: 'Client', es: 'Cliente', pt: 'Cliente', ja: '顧客' },
  revenue_stream: { fr: 'Flux de revenus', es: 'Línea de ingresos', pt: 'Fonte de receita', ja: '収益源' },
  project_code: { fr: 'Projet', es: 'Proyecto', pt: 'Projeto', ja: 'プロジェクト' },
  project_name: { fr: 'Nom du projet', es: 'Nombre del proyecto', pt: 'Nome do projeto', ja: 'プロジェクト名' },
  asset_class: { fr: 'Classe d’actif', es: 'Clase de activo', pt: 'Classe de ativo', ja: '資産クラス' },
  shop_code: { fr: 'Boutique', es: 'Tienda', pt: 'Loja', ja: '店舗' },
  channel_code: { fr: 'Canal', es: 'Canal', pt: 'Canal', ja: 'チャネル' },
  carpark_code: { fr: 'Parking', es: 'Aparcamiento', pt: 'Estacionamento', ja: '駐車場' },
  department_code: { fr: 'Département', es: 'Departamento', pt: 'Departamento', ja: '部門' },
};

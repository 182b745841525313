import type { QuestionLanguage } from '@hangar/contract';

// The small words of the offline parser's five languages: those that carry no part of a query
// (articles, prepositions, pronouns, question words, politeness), the words that tell the
// languages apart, and the words that ask for an operation. Text is normalised (lower case, no
// accents). A word that carries meaning must not be here: it is read, or it is listed back.

/** Words written as text, one or more lines of words separated by spaces. */
const words = (...lines: string[]): readonly string[] => lines.join(' ').split(' ');

/** Words that carry no part of a query, per language. */
export const FUNCTION_WORDS: Record<QuestionLanguage, readonly string[]> = {
  en: words(
    'a an the of in on at for to from by per with and or as into within over during what whats which who how much',
    'many is are was were be been do does did has have had me my our we us i you it its s there their they that',
    'this these those all each show give list tell get see display please can could would will let know want need',
    'like number numbers figure figures value values amount level data kpi kpis result results about look any some',
    'than then here took got received recorded posted booked registered across represent represents represented end',
    'if but also just thanks thank hi hello kindly',
  ),
  fr: words(
    'le la les l un une des du de d au aux en dans par pour sur avec et ou a entre quel quelle quels quelles qui',
    'que qu quoi combien comment est sont etait etaient a ont avait moi me m nous nos notre vos votre je j il elle',
    'on ce cet cette ces se s y c donne donner montre montrer affiche afficher liste lister dis svp merci peux',
    'pouvez voudrais veux chiffre chiffres valeur valeurs montant niveau donnees resultat resultats fait ete t tout',
    'tous nombre avons avez eu represente representent enregistre enregistres comptabilise fin',
  ),
  es: words(
    'el la los las lo un una unos unas de del al a en por para con y e o u entre que cual cuales quien como cuanto',
    'cuanta cuantos cuantas es son fue fueron era ha han hubo me mi mis nos nuestro nuestra nuestros nuestras su',
    'sus se este esta estos estas ese esa dame muestra muestrame muestreme ensename lista dime favor puedes puede',
    'quiero quisiera ver cifra cifras valor valores importe nivel datos resultado resultados todo todos todas hay',
    'numero cantidad tenemos tiene tienen tuvo tuvieron hubo tenia corresponde corresponden representa representan',
    'registro registraron cierre final',
  ),
  pt: words(
    'o a os as um uma uns umas de do da dos das em no na nos nas ao aos por pelo pela para com e ou entre que qual',
    'quais quem como quanto quanta quantos quantas foi foram e sao era tem teve houve me meu minha nosso nossa',
    'nossos nossas seu sua se este esta esse essa isso isto mostre mostra mostrar me de-me diga liste favor pode',
    'quero gostaria ver numero numeros valor valores montante nivel dados resultado resultados todo todos todas ha',
    'quantidade temos tem tinha teve tiveram houve corresponde representa representam registrou final fim',
  ),
  ja: words(
    'を教えてください を教えて 教えてください 教えて を見せて 見せて を表示して 表示して を示して ください 下さい どうでしたか どうですか どうだった どう でしたか ですか でした です ましたか ました ますか',
    'ます だった だったか ありましたか ありますか あった どのくらい どれくらい どれだけ いくら いくつ 何人 何件 何便 何 どの どれ どこ について に関して における のうち うち での では には からの',
    'への とは の は を が に で と へ も や か ね よ な した して する された いる ある 数値 値 実績 件 社 店 つ 位 人 別 ごと 毎 全体 期間 中 たち データ 合わせて すべて 全て 全部',
    '末 額 時点 った かった',
  ),
};

/**
 * Words only one language uses, to tell them apart when the small words are shared or borrowed
 * ("top 3 compagnies", "ingresos por pasajero AMA vs SSA"). Japanese is told by its script.
 */
export const LANGUAGE_HINTS: Record<Exclude<QuestionLanguage, 'ja'>, readonly string[]> = {
  en: words(
    'the by of in what how many last and per show compare which passengers revenue airline airlines month year',
    'quarter this from to between weather sales share total average flights staff employees growth did was were',
  ),
  fr: words(
    'le la les des du par en quel quels quelle combien dernier et compare comparer mois passagers passager',
    'compagnie compagnies chiffre affaires recette ventes boutique boutiques charges depenses effectifs mouvements',
    'aeroport aeroports annee derniere cette trimestre janvier fevrier avril juin juillet aout septembre octobre',
    'novembre decembre temps demain part moyenne vols effectif employes au aux depuis',
  ),
  es: words(
    'el los las del por en cual cuantos cuantas ultimo y comparar mes pasado pasajeros pasajero aerolinea',
    'aerolineas ingresos ventas netas tienda tiendas gastos aeropuerto aeropuertos puntualidad movimientos enero',
    'febrero marzo mayo junio julio septiembre octubre noviembre diciembre tiempo manana hara vuelos empleados',
    'plantilla cuota promedio desde hasta',
  ),
  pt: words(
    'o os as do da dos por em qual quantos quantas ultimo e comparar mes passado no na passageiros passageiro',
    'companhia companhias receita receitas vendas liquidas loja lojas despesas custos aeroporto aeroportos',
    'pontualidade movimentos janeiro fevereiro marco maio junho julho setembro outubro novembro dezembro previsao',
    'amanha passado voos funcionarios participacao',
  ),
};

/** Numbers written as words, for "top three". */
export const NUMBER_WORDS: Record<string, number> = Object.fromEntries(
  [
    [1, 'one'],
    [2, 'two deux dos dois duas'],
    [3, 'three trois tres'],
    [4, 'four quatre cuatro quatro'],
    [5, 'five cinq cinco'],
    [6, 'six seis'],
    [7, 'seven siete sete'],
    [8, 'eight huit ocho oito'],
    [9, 'nine neuf nueve nove'],
    [10, 'ten dix diez dez'],
    [20, 'twenty'],
  ].flatMap(([n, list]) =>
    String(list)
      .split(' ')
      .map((w) => [w, Number(n)]),
  ),
);

/** Ranking words: the first N, the last N. */
export const RANK_HIGH =
  'top|first|best|highest|largest|biggest|leading|premiers|premieres|meilleurs|meilleures|meilleur|' +
  'meilleure|plus gros|plus grosses|plus grand|plus grande|plus eleve|plus elevee|primeros|primeras|mejores|' +
  'mejor|mayores|mayor|mas alto|mas alta|primeiros|primeiras|melhores|melhor|maiores|maior|mais alto|' +
  'mais alta';
export const RANK_LOW =
  'bottom|worst|lowest|smallest|weakest|derniers|dernieres|pires|plus faible|plus bas|plus basse|peores|' +
  'peor|menores|menor|mas bajo|mas baja|piores|pior|mais baixo|mais baixa';
/** "the most", "the least": the first one, or the first N with a number. */
export const MOST =
  'les plus eleves|les plus elevees|le plus eleve|la plus elevee|les plus importants|les plus importantes|' +
  'le plus important|mas alto|mas alta|mais alto|mais alta|the most|most|with the most|had the most|' +
  'has the most|avec le plus de|a le plus de|ont le plus de|le plus de|le plus|la plus|les plus|el que mas|' +
  'la que mas|los que mas|que mas|con mas|tuvo mas|tiene mas|o que mais|a que mais|os que mais|que mais|' +
  'com mais|teve mais|tem mais';
export const LEAST =
  'les plus faibles|le plus faible|la plus faible|mas bajo|mas baja|mais baixo|mais baixa|the least|least|' +
  'the fewest|fewest|with the fewest|le moins|la moins|les moins|le moins de|el que menos|la que menos|' +
  'que menos|con menos|o que menos|a que menos|com menos';
/** "más", "mais" alone after a verb ("¿qué aerolínea tuvo más movimientos?"), in Spanish and Portuguese only. */
export const MOST_ALONE: Partial<Record<QuestionLanguage, string>> = { es: 'mas', pt: 'mais' };

/** A share of a whole. */
export const SHARE_CUES =
  'what share|share|shares|what percentage|percentage|percent|%|proportion|contribution|part|quelle part|pourcentage|cuota|porcentaje|proporcion|participacion|parte|participacao|percentagem|porcentagem|proporcao';
/** What the part of a share is said to come from or to be, before the part ("came from T1-DF-01", "is in OPS-SEC"). */
export const SHARE_FROM =
  'came from|come from|comes from|coming from|was from|from|made by|flew with|flew|went to|goes to|is in|' +
  'are in|was in|were in|was|were|is|provenait de|provient de|vient de|venait de|realise par|de la part de|' +
  'a vole avec|ont vole avec|concerne|concernait|est dans|proviene de|procede de|vino de|viene de|' +
  'provino de|fue para|fue de|fue|hizo|esta en|volo con|volaron con|veio de|vem de|proveniente de|' +
  'proveio de|foi para|foi de|foi|fez|esta em|voou com|voaram com';
/** The total of the rows. */
export const TOTAL_CUES =
  'grand total|with the total|and the total|plus the total|with total|and total|in total|total|totals|overall|combined|altogether|avec le total|et le total|au total|en tout|cumule|totaux|totale|totales|con el total|y el total|en total|com o total|e o total|no total|totais';
/** An average per member. */
export const AVERAGE_CUES =
  'on average|average|avg|mean|en moyenne|moyenne|moyennes|moyen|moyens|en promedio|promedio|de media|media|medio|medios|medias|em media';
/** A change against another period. */
export const CHANGE_CUES =
  'up or down|down or up|higher or lower|gone up|gone down|go up|go down|went up|went down|grow or shrink|' +
  'change|changed|changes|growth|grew|grow|grown|increase|increased|decrease|decreased|rise|rose|fall|fell|' +
  'drop|dropped|decline|declined|difference|delta|variation|evolved|en hausse ou en baisse|hausse ou baisse|' +
  'a augmente|a baisse|a diminue|hausse|baisse|croissance|progression|augmentation|diminution|ecart|' +
  'difference|augmente|diminue|progresse|recule|subio o bajo|ha subido|ha bajado|variacion|crecimiento|' +
  'aumento|disminucion|caida|subida|diferencia|subio|crecio|cayo|aumentaron|disminuyo|subiu ou desceu|' +
  'aumentou ou diminuiu|variacao|crescimento|diminuicao|queda|diferenca|subiu|desceu|cresceu|caiu|aumentou|' +
  'diminuiu';
/** A trend: the figure month by month. */
export const TREND_CUES = 'trend|trends|over time|evolution|tendance|tendances|tendencia|evolucion|evolucao|tendencia';
/** Words that compare what they join (BUs, measures, periods). */
export const COMPARE_WORDS =
  'x|comparadas com|comparados com|comparadas con|comparados con|comparees a|compares a|compared to|compared with|compare to|compare with|in comparison with|compared|compare|comparing|versus|vs|against|par rapport a|comparer|compare a|comparaison|contre|face a|comparado con|en comparacion con|frente a|comparar|compara|comparado com|em comparacao com|em relacao a|comparacao';

/** Periods finer than a month: the warehouse holds months, so these are refused, never widened. */
export const FINER_THAN_MONTH =
  'yesterday|today|tonight|tomorrow|last week|this week|next week|weekly|per week|daily|per day|each day|by day|by week|week|weeks|weekend|hier|aujourd hui|demain|semaine|semaines|hebdomadaire|quotidien|par jour|ayer|hoy|manana|semana|semanas|semanal|diario|por dia|ontem|hoje|amanha|semanal|diario|por dia';

/** The whole group: no BU filter, every BU the caller may read. */
export const WHOLE_GROUP = 'the group|whole group|group|groupe|le groupe|grupo|o grupo|el grupo|company wide|all sites';

/** Superlatives that rank by a measure they imply ("the busiest airport", "the most punctual airline"). */
export const SUPERLATIVES: readonly { words: string; measure: string; direction: 'asc' | 'desc' }[] = [
  {
    words: 'busiest|plus frequente|plus frequentes|mas concurrido|mas concurridos|mais movimentado|mais movimentados',
    measure: 'departing_passengers',
    direction: 'desc',
  },
  { words: 'quietest|least busy|moins frequente|menos concurrido|menos movimentado', measure: 'departing_passengers', direction: 'asc' },
  {
    words: 'best selling|top selling|plus vendu|plus vendue|mas vendido|mas vendida|mais vendido|mais vendida',
    measure: 'net_sales',
    direction: 'desc',
  },
  {
    words: 'most punctual|most on time|la plus ponctuelle|le plus ponctuel|mas puntual|mais pontual',
    measure: 'on_time_performance',
    direction: 'desc',
  },
  {
    words: 'least punctual|la moins ponctuelle|le moins ponctuel|menos puntual|menos pontual',
    measure: 'on_time_performance',
    direction: 'asc',
  },
  {
    words: 'fullest|most occupied|le plus rempli|la plus remplie|mas lleno|mas ocupado|mais cheio|mais ocupado',
    measure: 'peak_occupancy',
    direction: 'desc',
  },
];

/** A breakdown shown as parts of the whole. */
export const SPLIT_WORDS =
  'split|breakdown|mix|repartition|ventilation|reparticion|desglose|distribucion|distribuicao|reparticao|内訳|構成';
